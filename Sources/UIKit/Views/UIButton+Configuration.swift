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

    /// What `configurationUpdateHandler` is.
    public typealias ConfigurationUpdateHandler = (UIButton) -> Void

    /// Runs when the button's state changes (and when asked by `setNeedsUpdateConfiguration()`), after
    /// `updateConfiguration()`: the place to change `configuration` for the state.
    public var configurationUpdateHandler: ConfigurationUpdateHandler? {
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

    /// The view that draws the configuration's image (nil until there is one).
    public var imageView: UIImageView? { configuredImageView }
    /// The label that draws the configuration's subtitle (nil until there is one).
    public var subtitleLabel: UILabel? { configuredSubtitle }

    /// Puts the configuration's look for the current state into the background, image and labels.
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
        let stroke = configuration.background.strokeColor.map { color in
            configuration.background.strokeColorTransformer.map { $0(color) } ?? color
        }
        background.layer.borderWidth = stroke == nil ? 0 : configuration.background.strokeWidth
        background.layer.borderColor = stroke?.cgColor

        let title = label ?? {
            let made = UILabel(frame: bounds)
            addSubview(made)
            label = made
            return made
        }()
        fill(title, text: configuration.title, attributed: configuration.attributedTitle, font: .systemFont(ofSize: sizes.title),
             color: foreground, transformer: configuration.titleTextAttributesTransformer, lineBreak: configuration.titleLineBreakMode)
        if configuration.subtitle != nil || configuredSubtitle != nil {
            let subtitle = configuredSubtitle ?? {
                let made = UILabel(frame: bounds)
                addSubview(made)
                configuredSubtitle = made
                return made
            }()
            fill(subtitle, text: configuration.subtitle, attributed: configuration.attributedSubtitle, font: .systemFont(ofSize: sizes.subtitle),
                 color: foreground, transformer: configuration.subtitleTextAttributesTransformer, lineBreak: configuration.subtitleLineBreakMode)
        }
        applyImage(configuration, foreground: foreground, pointSize: sizes.title)
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    /// The image (a symbol sized to the title) or, with `showsActivityIndicator`, a spinning indicator in
    /// its place, both in the foreground colour through their transformers.
    private func applyImage(_ configuration: Configuration, foreground: UIColor, pointSize: CGFloat) {
        if configuration.showsActivityIndicator {
            let spinner = configuredSpinner ?? {
                let made = UIActivityIndicatorView(style: .medium)
                addSubview(made)
                configuredSpinner = made
                return made
            }()
            spinner.color = configuration.activityIndicatorColorTransformer.map { $0(foreground) } ?? foreground
            if !spinner.isAnimating { spinner.startAnimating() }
        } else if let spinner = configuredSpinner {
            spinner.stopAnimating()
            spinner.removeFromSuperview()
            configuredSpinner = nil
        }
        guard let image = configuration.image, !configuration.showsActivityIndicator else {
            configuredImageView?.isHidden = true
            return
        }
        let imageView = configuredImageView ?? {
            let made = UIImageView(frame: .zero)
            addSubview(made)
            configuredImageView = made
            return made
        }()
        var shown = image
        if image.isSymbolImage {
            let sized = UIImage.SymbolConfiguration(pointSize: pointSize).applying(configuration.preferredSymbolConfigurationForImage)
            shown = image.applyingSymbolConfiguration(sized) ?? image
        }
        imageView.image = shown
        imageView.tintColor = configuration.imageColorTransformer.map { $0(foreground) } ?? foreground
        imageView.isHidden = false
    }

    private func fill(_ label: UILabel, text: String?, attributed: AttributedString?, font: UIFont, color: UIColor,
                      transformer: UIConfigurationTextAttributesTransformer?, lineBreak: NSLineBreakMode) {
        var font = font, color = color
        if let transformer {
            var attributes = AttributeContainer()
            attributes[AttributeScopes.UIKitAttributes.FontAttribute.self] = font
            attributes[AttributeScopes.UIKitAttributes.ForegroundColorAttribute.self] = color
            let changed = transformer(attributes)
            font = changed[AttributeScopes.UIKitAttributes.FontAttribute.self] ?? font
            color = changed[AttributeScopes.UIKitAttributes.ForegroundColorAttribute.self] ?? color
        }
        label.font = font
        label.textColor = color
        if label.lineBreakMode != lineBreak { label.lineBreakMode = lineBreak }
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
        configuredImageView?.removeFromSuperview()
        configuredImageView = nil
        configuredSpinner?.stopAnimating()
        configuredSpinner?.removeFromSuperview()
        configuredSpinner = nil
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

    /// The image's (or activity indicator's) size, nil when the configuration shows neither.
    private func imageSlot(_ configuration: Configuration) -> CGSize? {
        if let spinner = configuredSpinner, configuration.showsActivityIndicator { return spinner.intrinsicContentSize }
        if let imageView = configuredImageView, !imageView.isHidden, let image = imageView.image { return image.size }
        return nil
    }

    private func isVerticalPlacement(_ configuration: Configuration) -> Bool {
        configuration.imagePlacement == .top || configuration.imagePlacement == .bottom
    }

    /// The image and the title block together: side by side (leading, trailing) or stacked (top, bottom),
    /// `imagePadding` apart when both show.
    private func contentSize(_ configuration: Configuration) -> CGSize {
        let block = contentBlock(configuration).size
        guard let image = imageSlot(configuration) else { return block }
        let hasText = block.width > 0 || block.height > 0
        let gap = hasText ? configuration.imagePadding : 0
        if isVerticalPlacement(configuration) {
            return CGSize(width: max(image.width, block.width), height: image.height + gap + block.height)
        }
        return CGSize(width: image.width + gap + block.width, height: max(image.height, block.height))
    }

    /// The content's size plus the content insets.
    func configuredSize(_ configuration: Configuration) -> CGSize {
        let content = contentSize(configuration)
        let insets = configuration.contentInsets
        return CGSize(width: content.width + insets.leading + insets.trailing, height: content.height + insets.top + insets.bottom)
    }

    /// The background fills the bounds; the content is centred in the bounds less the insets (on whole
    /// pixels): the image on its side of the title block, the title and subtitle lined up in the block by
    /// `titleAlignment` (`.automatic` is leading beside an image or alone, centred under or over one).
    func layoutConfiguredContent(_ configuration: Configuration) {
        configuredBackground?.frame = bounds
        configuredBackground?.layer.cornerRadius = configuration.cornerRadius(height: bounds.height)
        let insets = configuration.contentInsets
        var area = CGRect(x: insets.leading, y: insets.top, width: max(0, bounds.width - insets.leading - insets.trailing),
                          height: max(0, bounds.height - insets.top - insets.bottom))
        let scale = UIScreen.main.scale
        func pixel(_ value: CGFloat) -> CGFloat { pixelAligned(value, scale: scale) }
        let block = contentBlock(configuration).size
        if let image = imageSlot(configuration) {
            // Place the image, then give the title block what is left on the other side.
            let content = contentSize(configuration)
            let hasText = block.width > 0 || block.height > 0
            let gap = hasText ? configuration.imagePadding : 0
            let box = CGRect(x: pixel(area.midX - min(content.width, area.width) / 2), y: pixel(area.midY - content.height / 2),
                             width: min(content.width, area.width), height: content.height)
            var frame = CGRect(origin: .zero, size: image)
            switch configuration.imagePlacement {
            case .trailing:
                frame.origin = CGPoint(x: box.maxX - image.width, y: pixel(box.midY - image.height / 2))
                area = CGRect(x: box.minX, y: area.minY, width: max(0, box.width - image.width - gap), height: area.height)
            case .top:
                frame.origin = CGPoint(x: pixel(box.midX - image.width / 2), y: box.minY)
                area = CGRect(x: area.minX, y: box.minY + image.height + gap, width: area.width, height: block.height)
            case .bottom:
                frame.origin = CGPoint(x: pixel(box.midX - image.width / 2), y: box.maxY - image.height)
                area = CGRect(x: area.minX, y: box.minY, width: area.width, height: block.height)
            default:
                frame.origin = CGPoint(x: box.minX, y: pixel(box.midY - image.height / 2))
                area = CGRect(x: box.minX + image.width + gap, y: area.minY, width: max(0, box.width - image.width - gap), height: area.height)
            }
            configuredImageView?.frame = frame
            configuredSpinner?.frame = frame
        }
        layoutTitleBlock(configuration, in: area)
    }

    /// The title block centred in `area`, its lines aligned by `titleAlignment`.
    private func layoutTitleBlock(_ configuration: Configuration, in area: CGRect) {
        let (title, subtitle, block) = contentBlock(configuration)
        let scale = UIScreen.main.scale
        func pixel(_ value: CGFloat) -> CGFloat { pixelAligned(value, scale: scale) }
        let width = min(block.width, area.width)
        let x0 = pixel(area.midX - width / 2), y0 = pixel(area.midY - block.height / 2)
        let alignment: NSTextAlignment
        switch configuration.titleAlignment {
        case .automatic: alignment = imageSlot(configuration) != nil && isVerticalPlacement(configuration) ? .center : .left
        case .leading: alignment = .left
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
