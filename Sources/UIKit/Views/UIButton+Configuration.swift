import Foundation

extension UIButton {
    /// A button drawn from a configuration; the primary action's title is the title when the configuration
    /// has none.
    public convenience init(configuration: Configuration, primaryAction: UIAction? = nil) {
        self.init(frame: .zero)
        var configuration = configuration
        if let primaryAction {
            addAction(primaryAction, for: .primaryActionTriggered)
            if configuration.title == nil && !primaryAction.title.isEmpty { configuration.title = primaryAction.title }
        }
        self.configuration = configuration
    }

    /// The configuration the button draws; setting it re-styles the button at once, nil goes back to the
    /// per-state titles.
    public var configuration: Configuration? {
        get { storedConfiguration }
        set {
            let wasConfigured = storedConfiguration != nil
            storedConfiguration = newValue
            guard newValue != nil else {
                if wasConfigured { removeConfiguredContent() }
                return
            }
            if isUpdatingConfiguration { applyConfiguration() } else { setNeedsUpdateConfiguration() }
        }
    }

    /// Runs when the button's state changes (and when asked by `setNeedsUpdateConfiguration()`), after
    /// `updateConfiguration()`: the place to change `configuration` for the state.
    public var configurationUpdateHandler: ((UIButton) -> Void)? {
        get { storedUpdateHandler }
        set {
            storedUpdateHandler = newValue
            setNeedsUpdateConfiguration()
        }
    }

    /// Brings the configuration up to date now (iOS defers it to the next layout pass; the result on screen
    /// is the same, as nothing draws in between).
    public func setNeedsUpdateConfiguration() {
        guard storedConfiguration != nil, !isUpdatingConfiguration else { return }
        isUpdatingConfiguration = true
        updateConfiguration()
        configurationUpdateHandler?(self)
        isUpdatingConfiguration = false
        applyConfiguration()
    }

    /// Puts the configuration's look for the current state into the background and labels.
    func applyConfiguration() {
        guard let configuration = storedConfiguration else { return }
        let state = self.state
        let foreground = configuration.foregroundColor(tint: storedTint, state: state)
        let sizes = Configuration.fontSizes(configuration.buttonSize)

        let background = configuredBackground ?? {
            let made = UIView(frame: bounds)
            made.isUserInteractionEnabled = false
            insertSubview(made, at: 0)
            configuredBackground = made
            return made
        }()
        background.backgroundColor = configuration.backgroundColor(tint: storedTint, state: state)
        background.layer.borderWidth = configuration.background.strokeColor == nil ? 0 : configuration.background.strokeWidth
        background.layer.borderColor = configuration.background.strokeColor?.cgColor

        let title = label ?? {
            let made = UILabel(frame: bounds)
            addSubview(made)
            label = made
            return made
        }()
        fill(title, text: configuration.title, attributed: configuration.attributedTitle,
             font: .systemFont(ofSize: sizes.title), color: foreground)
        if configuration.subtitle != nil || configuredSubtitle != nil {
            let subtitle = configuredSubtitle ?? {
                let made = UILabel(frame: bounds)
                addSubview(made)
                configuredSubtitle = made
                return made
            }()
            fill(subtitle, text: configuration.subtitle, attributed: configuration.attributedSubtitle,
                 font: .systemFont(ofSize: sizes.subtitle), color: foreground)
        }
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    private func fill(_ label: UILabel, text: String?, attributed: AttributedString?, font: UIFont, color: UIColor) {
        label.font = font
        label.textColor = color
        if let attributed {
            label.attributedText = attributed.uiKitAttributedString(font: font, color: color)
        } else {
            label.text = text
        }
        label.isHidden = (text ?? "").isEmpty
    }

    private func removeConfiguredContent() {
        configuredBackground?.removeFromSuperview()
        configuredBackground = nil
        configuredSubtitle?.removeFromSuperview()
        configuredSubtitle = nil
        label?.removeFromSuperview()
        label = nil
        updateTitle()
    }

    /// The title's and subtitle's sizes (zero when absent) and the block they make, one above the other.
    private func contentBlock(_ configuration: Configuration) -> (title: CGSize, subtitle: CGSize, size: CGSize) {
        let title = label.map { $0.isHidden ? .zero : $0.intrinsicContentSize } ?? .zero
        let subtitle = configuredSubtitle.map { $0.isHidden ? .zero : $0.intrinsicContentSize } ?? .zero
        let gap = title.height > 0 && subtitle.height > 0 ? configuration.titlePadding : 0
        return (title, subtitle, CGSize(width: max(title.width, subtitle.width), height: title.height + gap + subtitle.height))
    }

    /// The content's size plus the content insets.
    func configuredSize(_ configuration: Configuration) -> CGSize {
        let block = contentBlock(configuration).size
        let insets = configuration.contentInsets
        return CGSize(width: block.width + insets.leading + insets.trailing, height: block.height + insets.top + insets.bottom)
    }

    /// The background fills the bounds; the title block is centred in the bounds less the insets (on whole
    /// pixels), the title and subtitle lined up in it by `titleAlignment` (`.automatic` is leading, as iOS
    /// lines them up when the button has no image).
    func layoutConfiguredContent(_ configuration: Configuration) {
        configuredBackground?.frame = bounds
        configuredBackground?.layer.cornerRadius = configuration.cornerRadius(height: bounds.height)
        let (title, subtitle, block) = contentBlock(configuration)
        let insets = configuration.contentInsets
        let area = CGRect(x: insets.leading, y: insets.top, width: max(0, bounds.width - insets.leading - insets.trailing),
                          height: max(0, bounds.height - insets.top - insets.bottom))
        let scale = UIScreen.main.scale
        func pixel(_ value: CGFloat) -> CGFloat { pixelAligned(value, scale: scale) }
        let width = min(block.width, area.width)
        let x0 = pixel(area.midX - width / 2), y0 = pixel(area.midY - block.height / 2)
        let alignment: NSTextAlignment
        switch configuration.titleAlignment {
        case .automatic, .leading: alignment = .left
        case .center: alignment = .center
        case .trailing: alignment = .right
        }
        func x(for size: CGSize) -> CGFloat {
            let w = min(size.width, width)
            switch alignment {
            case .center: return pixel(x0 + (width - w) / 2)
            case .right: return x0 + width - w
            default: return x0
            }
        }
        label?.textAlignment = alignment
        label?.frame = CGRect(x: x(for: title), y: y0, width: min(title.width, width), height: title.height)
        let subtitleY = y0 + title.height + (title.height > 0 && subtitle.height > 0 ? configuration.titlePadding : 0)
        configuredSubtitle?.textAlignment = alignment
        configuredSubtitle?.frame = CGRect(x: x(for: subtitle), y: subtitleY, width: min(subtitle.width, width), height: subtitle.height)
    }
}
