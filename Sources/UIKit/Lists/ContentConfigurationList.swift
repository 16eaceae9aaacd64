import Foundation
import QuartzCore

/// The content of a list row, header or footer: an image, a text and a secondary text, styled as iOS 17/18
/// styles them. Apple publishes the API, not the numbers; every number below is estimated from iOS 18
/// screenshots at iPhone 16 @3x (docs/UIKIT-COMPATIBILITY.md, "Table views and content configurations",
/// lists them), fonts are Apple's text styles at the default Dynamic Type size.
public struct UIListContentConfiguration: UIContentConfiguration, Hashable {
    /// Which system style made this configuration (decides its state colours and how headers read).
    enum Style: Hashable, Sendable {
        case cell, subtitleCell, valueCell, plainHeader, plainFooter, groupedHeader, groupedFooter
        case prominentInsetGroupedHeader, extraProminentInsetGroupedHeader
        case sidebarCell, sidebarSubtitleCell, accompaniedSidebarCell, accompaniedSidebarSubtitleCell, sidebarHeader
        var isSidebar: Bool { [.sidebarCell, .sidebarSubtitleCell, .accompaniedSidebarCell, .accompaniedSidebarSubtitleCell].contains(self) }
    }
    var style: Style

    /// How a text is drawn.
    public struct TextProperties: Hashable {
        public enum TextAlignment: Int, Hashable, Sendable { case natural, center, justified }
        public enum TextTransform: Int, Hashable, Sendable { case none, uppercase, lowercase, capitalized }
        public var font: UIFont
        public var color: UIColor
        public var colorTransformer: UIConfigurationColorTransformer?
        public var alignment: TextAlignment = .natural
        public var lineBreakMode: NSLineBreakMode = .byTruncatingTail
        /// 0: as many lines as the text needs (the list styles' default, as on iOS).
        public var numberOfLines = 0
        /// Inert: text is never shrunk to fit here; stored.
        public var adjustsFontSizeToFitWidth = false
        /// Inert: text is never shrunk to fit here; stored.
        public var minimumScaleFactor: CGFloat = 0
        /// Inert: text is never tightened here; stored.
        public var allowsDefaultTighteningForTruncation = true
        /// Inert: the Dynamic Type size never changes during a render; stored.
        public var adjustsFontForContentSizeCategory = true
        public var transform: TextTransform = .none
        /// Inert: there is no pointer to hover offscreen; stored.
        public var showsExpansionTextWhenTruncated = false

        init(font: UIFont, color: UIColor) { self.font = font; self.color = color }
        /// The colour drawn: `color` through `colorTransformer`.
        public func resolvedColor() -> UIColor { colorTransformer?(color) ?? color }

        public static func == (a: TextProperties, b: TextProperties) -> Bool {
            a.font == b.font && a.color == b.color && (a.colorTransformer == nil) == (b.colorTransformer == nil)
                && a.alignment == b.alignment && a.lineBreakMode == b.lineBreakMode && a.numberOfLines == b.numberOfLines
                && a.transform == b.transform && a.adjustsFontSizeToFitWidth == b.adjustsFontSizeToFitWidth
                && a.minimumScaleFactor == b.minimumScaleFactor
        }
        public func hash(into hasher: inout Hasher) {
            hasher.combine(font); hasher.combine(color); hasher.combine(numberOfLines); hasher.combine(transform)
        }
        func apply(to label: UILabel) {
            label.font = font
            label.textColor = resolvedColor()
            label.numberOfLines = numberOfLines
            label.lineBreakMode = lineBreakMode
            label.textAlignment = switch alignment { case .natural: .natural; case .center: .center; case .justified: .justified }
        }
        func transformed(_ text: String) -> String {
            switch transform {
            case .none: text
            case .uppercase: text.uppercased()
            case .lowercase: text.lowercased()
            case .capitalized: text.capitalized
            }
        }
    }

    /// How the image is drawn.
    public struct ImageProperties: Hashable {
        /// Put in `reservedLayoutSize` to reserve the system's standard size for the style (a square of the
        /// row's text line height, as iOS reserves for symbol images).
        public static let standardDimension: CGFloat = -.greatestFiniteMagnitude
        public var preferredSymbolConfiguration: UIImage.SymbolConfiguration?
        /// nil: the view's tint colour (as iOS).
        public var tintColor: UIColor?
        public var tintColorTransformer: UIConfigurationColorTransformer?
        public var cornerRadius: CGFloat = 0
        /// Zero in a dimension: no limit.
        public var maximumSize: CGSize = .zero
        /// The space the image gets whatever its own size (keeps texts of rows lined up); zero: its own size.
        public var reservedLayoutSize: CGSize = .zero
        /// Inert: there is no Smart Invert offscreen; stored.
        public var accessibilityIgnoresInvertColors = false
        public var strokeWidth: CGFloat = 0
        public var strokeColor: UIColor?
        public var strokeColorTransformer: UIConfigurationColorTransformer?

        public init() {}
        public func resolvedTintColor(for tintColor: UIColor) -> UIColor {
            let base = self.tintColor ?? tintColor
            return tintColorTransformer?(base) ?? base
        }
        public func resolvedStrokeColor(for tintColor: UIColor) -> UIColor {
            let base = strokeColor ?? tintColor
            return strokeColorTransformer?(base) ?? base
        }
        public static func == (a: ImageProperties, b: ImageProperties) -> Bool {
            a.preferredSymbolConfiguration == b.preferredSymbolConfiguration && a.tintColor == b.tintColor
                && a.cornerRadius == b.cornerRadius && a.maximumSize == b.maximumSize
                && a.reservedLayoutSize == b.reservedLayoutSize && a.strokeWidth == b.strokeWidth
                && a.strokeColor == b.strokeColor && (a.tintColorTransformer == nil) == (b.tintColorTransformer == nil)
        }
        public func hash(into hasher: inout Hasher) { hasher.combine(cornerRadius); hasher.combine(tintColor) }
    }

    public var image: UIImage?
    public var imageProperties = ImageProperties()
    public var text: String?
    public var attributedText: NSAttributedString?
    public var textProperties: TextProperties
    public var secondaryText: String?
    public var secondaryAttributedText: NSAttributedString?
    public var secondaryTextProperties: TextProperties
    /// The axes on which the view keeps at least its superview's (the cell's) layout margins.
    public var axesPreservingSuperviewLayoutMargins: UIAxis = .horizontal
    public var directionalLayoutMargins: NSDirectionalEdgeInsets
    /// Text and secondary text on one line when both fit (the value cell's layout).
    public var prefersSideBySideTextAndSecondaryText = false
    public var imageToTextPadding: CGFloat
    public var textToSecondaryTextHorizontalPadding: CGFloat
    public var textToSecondaryTextVerticalPadding: CGFloat
    public var alpha: CGFloat = 1

    init(style: Style, text: TextProperties, secondary: TextProperties, margins: NSDirectionalEdgeInsets,
         imageToText: CGFloat = 16, horizontal: CGFloat = 8, vertical: CGFloat = 3, sideBySide: Bool = false) {
        self.style = style
        textProperties = text
        secondaryTextProperties = secondary
        directionalLayoutMargins = margins
        imageToTextPadding = imageToText
        textToSecondaryTextHorizontalPadding = horizontal
        textToSecondaryTextVerticalPadding = vertical
        prefersSideBySideTextAndSecondaryText = sideBySide
    }

    // The numbers of the styles (estimated from iOS 18 screenshots at iPhone 16 @3x): a one-line body cell's
    // content is 11 pt above and below the text (44 pt with SF's 22 pt body line), its texts 16 pt after the image.
    static let cellMargins = NSDirectionalEdgeInsets(top: 11, leading: 16, bottom: 11, trailing: 16)
    static func font(_ style: UIFont.TextStyle, _ weight: UIFont.Weight? = nil) -> UIFont {
        let base = UIFont.preferredFont(forTextStyle: style)
        return weight.map { UIFont.systemFont(ofSize: base.pointSize, weight: $0) } ?? base
    }
    static func props(_ font: UIFont, _ color: UIColor, transform: TextProperties.TextTransform = .none) -> TextProperties {
        var p = TextProperties(font: font, color: color)
        p.transform = transform
        return p
    }

    /// A one-line row: body text in `label`, after an optional image.
    public static func cell() -> UIListContentConfiguration {
        UIListContentConfiguration(style: .cell, text: props(font(.body), .label),
                                   secondary: props(font(.subheadline), .secondaryLabel), margins: cellMargins)
    }
    /// Body text over subheadline secondary text in `secondaryLabel`, 3 pt apart, 8 pt margins above and below.
    public static func subtitleCell() -> UIListContentConfiguration {
        UIListContentConfiguration(style: .subtitleCell, text: props(font(.body), .label),
                                   secondary: props(font(.subheadline), .secondaryLabel),
                                   margins: NSDirectionalEdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16))
    }
    /// Body text leading, body secondary text in `secondaryLabel` trailing, on one line when both fit.
    public static func valueCell() -> UIListContentConfiguration {
        UIListContentConfiguration(style: .valueCell, text: props(font(.body), .label),
                                   secondary: props(font(.body), .secondaryLabel), margins: cellMargins, sideBySide: true)
    }
    /// A plain list's section header: headline text in `label`.
    public static func plainHeader() -> UIListContentConfiguration {
        UIListContentConfiguration(style: .plainHeader, text: props(font(.headline), .label),
                                   secondary: props(font(.subheadline), .secondaryLabel),
                                   margins: NSDirectionalEdgeInsets(top: 6, leading: 16, bottom: 6, trailing: 16))
    }
    /// A plain list's section footer: footnote text in `secondaryLabel`.
    public static func plainFooter() -> UIListContentConfiguration {
        UIListContentConfiguration(style: .plainFooter, text: props(font(.footnote), .secondaryLabel),
                                   secondary: props(font(.footnote), .secondaryLabel),
                                   margins: NSDirectionalEdgeInsets(top: 6, leading: 16, bottom: 6, trailing: 16))
    }
    /// A grouped list's section header: upper-case footnote text in `secondaryLabel`, 16 pt below the section
    /// above and 7 pt above its own rows.
    public static func groupedHeader() -> UIListContentConfiguration {
        UIListContentConfiguration(style: .groupedHeader, text: props(font(.footnote), .secondaryLabel, transform: .uppercase),
                                   secondary: props(font(.footnote), .secondaryLabel),
                                   margins: NSDirectionalEdgeInsets(top: 16, leading: 16, bottom: 7, trailing: 16))
    }
    /// A grouped list's section footer: footnote text in `secondaryLabel`, 7 pt below the rows.
    public static func groupedFooter() -> UIListContentConfiguration {
        UIListContentConfiguration(style: .groupedFooter, text: props(font(.footnote), .secondaryLabel),
                                   secondary: props(font(.footnote), .secondaryLabel),
                                   margins: NSDirectionalEdgeInsets(top: 7, leading: 16, bottom: 7, trailing: 16))
    }
    /// An inset-grouped list's bold header: title 3 bold in `label`.
    public static func prominentInsetGroupedHeader() -> UIListContentConfiguration {
        UIListContentConfiguration(style: .prominentInsetGroupedHeader, text: props(font(.title3, .bold), .label),
                                   secondary: props(font(.subheadline), .secondaryLabel),
                                   margins: NSDirectionalEdgeInsets(top: 16, leading: 16, bottom: 10, trailing: 16))
    }
    /// An inset-grouped list's larger header: title 2 bold in `label`.
    public static func extraProminentInsetGroupedHeader() -> UIListContentConfiguration {
        UIListContentConfiguration(style: .extraProminentInsetGroupedHeader, text: props(font(.title2, .bold), .label),
                                   secondary: props(font(.subheadline), .secondaryLabel),
                                   margins: NSDirectionalEdgeInsets(top: 16, leading: 16, bottom: 10, trailing: 16))
    }
    /// A sidebar row (as `cell()`; the image takes the tint).
    public static func sidebarCell() -> UIListContentConfiguration {
        var c = cell()
        return UIListContentConfiguration(copy: &c, style: .sidebarCell)
    }
    public static func sidebarSubtitleCell() -> UIListContentConfiguration {
        var c = subtitleCell()
        return UIListContentConfiguration(copy: &c, style: .sidebarSubtitleCell)
    }
    /// A sidebar row beside other content (as `sidebarCell()`).
    public static func accompaniedSidebarCell() -> UIListContentConfiguration {
        var c = cell()
        return UIListContentConfiguration(copy: &c, style: .accompaniedSidebarCell)
    }
    public static func accompaniedSidebarSubtitleCell() -> UIListContentConfiguration {
        var c = subtitleCell()
        return UIListContentConfiguration(copy: &c, style: .accompaniedSidebarSubtitleCell)
    }
    /// A sidebar's section header: subheadline semibold text in `secondaryLabel`.
    public static func sidebarHeader() -> UIListContentConfiguration {
        UIListContentConfiguration(style: .sidebarHeader, text: props(font(.subheadline, .semibold), .secondaryLabel),
                                   secondary: props(font(.footnote), .secondaryLabel),
                                   margins: NSDirectionalEdgeInsets(top: 12, leading: 16, bottom: 6, trailing: 16))
    }
    /// iOS 18's header that follows the list's appearance; without a list to ask, a plain header.
    public static func header() -> UIListContentConfiguration { plainHeader() }
    /// iOS 18's footer that follows the list's appearance; without a list to ask, a plain footer.
    public static func footer() -> UIListContentConfiguration { plainFooter() }

    private init(copy: inout UIListContentConfiguration, style: Style) {
        self = copy
        self.style = style
    }

    public func makeContentView() -> UIView & UIContentView { UIListContentView(configuration: self) }

    /// The styles keep their look in every state, except sidebar rows, whose image and texts turn white when
    /// selected (drawn over the tint) and every style's texts, which dim to a third when disabled.
    public func updated(for state: UIConfigurationState) -> UIListContentConfiguration {
        var copy = self
        if style.isSidebar, let cell = state as? UICellConfigurationState, cell.isSelected {
            copy.textProperties.color = .white
            copy.secondaryTextProperties.color = .white
            copy.imageProperties.tintColor = .white
        }
        let disabled = (state as? UICellConfigurationState)?.isDisabled ?? (state as? UIViewConfigurationState)?.isDisabled ?? false
        if disabled {
            copy.textProperties.color = copy.textProperties.color.withAlphaComponent(0.34)
            copy.secondaryTextProperties.color = copy.secondaryTextProperties.color.withAlphaComponent(0.34)
        }
        return copy
    }

    public static func == (a: UIListContentConfiguration, b: UIListContentConfiguration) -> Bool {
        a.style == b.style && a.image === b.image && a.imageProperties == b.imageProperties && a.text == b.text
            && a.attributedText == b.attributedText && a.textProperties == b.textProperties
            && a.secondaryText == b.secondaryText && a.secondaryAttributedText == b.secondaryAttributedText
            && a.secondaryTextProperties == b.secondaryTextProperties
            && a.axesPreservingSuperviewLayoutMargins == b.axesPreservingSuperviewLayoutMargins
            && a.directionalLayoutMargins == b.directionalLayoutMargins
            && a.prefersSideBySideTextAndSecondaryText == b.prefersSideBySideTextAndSecondaryText
            && a.imageToTextPadding == b.imageToTextPadding
            && a.textToSecondaryTextHorizontalPadding == b.textToSecondaryTextHorizontalPadding
            && a.textToSecondaryTextVerticalPadding == b.textToSecondaryTextVerticalPadding && a.alpha == b.alpha
    }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(style); hasher.combine(text); hasher.combine(secondaryText); hasher.combine(textProperties)
    }
}

/// Shows a `UIListContentConfiguration`: the image at the leading margin, the texts after it (stacked, or
/// side by side for a value cell when they fit), all centred vertically in the margins.
open class UIListContentView: UIView, UIContentView {
    let imageView = UIImageView()
    let textLabel = UILabel()
    let secondaryTextLabel = UILabel()
    private var current: UIListContentConfiguration

    /// Inert: nil (the texts are placed by frame, not by Auto Layout; read `frame`s of the content view's
    /// subviews, or constrain to the content view).
    open var textLayoutGuide: UILayoutGuide? { nil }
    /// Inert: nil (the texts are placed by frame, not by Auto Layout).
    open var secondaryTextLayoutGuide: UILayoutGuide? { nil }
    /// Inert: nil (the image is placed by frame, not by Auto Layout).
    open var imageLayoutGuide: UILayoutGuide? { nil }

    public init(configuration: UIListContentConfiguration) {
        current = configuration
        super.init(frame: .zero)
        for view in [imageView, textLabel, secondaryTextLabel] as [UIView] { addSubview(view) }
        apply()
    }
    /// See `UIView.init?(coder:)`: nothing is decoded; an empty cell configuration.
    public required init?(coder: NSCoder) {
        current = .cell()
        super.init(coder: coder)
        for view in [imageView, textLabel, secondaryTextLabel] as [UIView] { addSubview(view) }
        apply()
    }

    open var configuration: UIContentConfiguration {
        get { current }
        set {
            guard let list = newValue as? UIListContentConfiguration else { return }
            current = list
            apply()
        }
    }
    open var listConfiguration: UIListContentConfiguration? {
        get { current }
        set { if let newValue { current = newValue; apply() } }
    }
    open func supports(_ configuration: UIContentConfiguration) -> Bool { configuration is UIListContentConfiguration }

    private func apply() {
        let c = current
        imageView.image = c.image
        imageView.isHidden = c.image == nil
        imageView.tintColor = c.imageProperties.tintColor.map { c.imageProperties.tintColorTransformer?($0) ?? $0 }
        imageView.layer.cornerRadius = c.imageProperties.cornerRadius
        imageView.clipsToBounds = c.imageProperties.cornerRadius > 0
        imageView.layer.borderWidth = c.imageProperties.strokeWidth
        imageView.layer.borderColor = c.imageProperties.strokeColor?.cgColor
        imageView.contentMode = .scaleAspectFit
        set(textLabel, c.text, c.attributedText, c.textProperties)
        set(secondaryTextLabel, c.secondaryText, c.secondaryAttributedText, c.secondaryTextProperties)
        alpha = c.alpha
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }
    private func set(_ label: UILabel, _ text: String?, _ attributed: NSAttributedString?,
                     _ properties: UIListContentConfiguration.TextProperties) {
        properties.apply(to: label)
        if let attributed { label.attributedText = attributed } else { label.text = text.map(properties.transformed) }
        label.isHidden = (label.text ?? "").isEmpty
    }

    /// Where the image and texts go in a view `width` wide, and the height the view needs.
    struct Placement { var image: CGRect, text: CGRect, secondary: CGRect, height: CGFloat }
    func placement(width: CGFloat) -> Placement {
        let c = current
        var margins = c.directionalLayoutMargins
        if c.axesPreservingSuperviewLayoutMargins.contains(.horizontal), let outer = superview?.layoutMargins {
            margins.leading = max(margins.leading, outer.left)
            margins.trailing = max(margins.trailing, outer.right)
        }
        if c.axesPreservingSuperviewLayoutMargins.contains(.vertical), let outer = superview?.layoutMargins {
            margins.top = max(margins.top, outer.top)
            margins.bottom = max(margins.bottom, outer.bottom)
        }
        var imageSize = CGSize.zero, reserved = CGSize.zero
        if let image = c.image {
            imageSize = image.size
            let limit = c.imageProperties.maximumSize
            if limit.width > 0, imageSize.width > limit.width { imageSize = CGSize(width: limit.width, height: imageSize.height * limit.width / imageSize.width) }
            if limit.height > 0, imageSize.height > limit.height { imageSize = CGSize(width: imageSize.width * limit.height / imageSize.height, height: limit.height) }
            let standard = c.textProperties.font.lineHeight.rounded(.up)
            func reserve(_ v: CGFloat, _ own: CGFloat) -> CGFloat { v == UIListContentConfiguration.ImageProperties.standardDimension ? max(standard, own) : max(v, own) }
            // Symbols get at least the standard width, centred in it, so the texts of rows line up whatever
            // each symbol's width (as iOS lays out list rows; the width is estimated: a text line's height).
            let reservedWidth = image.isSymbolImage && c.imageProperties.reservedLayoutSize.width == 0
                ? UIListContentConfiguration.ImageProperties.standardDimension : c.imageProperties.reservedLayoutSize.width
            reserved = CGSize(width: reserve(reservedWidth, imageSize.width),
                              height: reserve(c.imageProperties.reservedLayoutSize.height, imageSize.height))
        }
        let textX = margins.leading + (c.image == nil ? 0 : reserved.width + c.imageToTextPadding)
        let available = max(0, width - margins.trailing - textX)
        let hasText = !textLabel.isHidden, hasSecondary = !secondaryTextLabel.isHidden
        func fit(_ label: UILabel, _ w: CGFloat) -> CGSize {
            let s = label.sizeThatFits(CGSize(width: w, height: .greatestFiniteMagnitude))
            return CGSize(width: min(ceil(s.width), w), height: ceil(s.height))
        }
        var textSize = hasText ? fit(textLabel, available) : .zero
        var secondarySize = hasSecondary ? fit(secondaryTextLabel, available) : .zero
        let sideBySide = c.prefersSideBySideTextAndSecondaryText && hasText && hasSecondary
            && textSize.width + c.textToSecondaryTextHorizontalPadding + secondarySize.width <= available
        let textsHeight: CGFloat
        if sideBySide {
            textSize.width = min(textSize.width, available)
            secondarySize.width = min(secondarySize.width, available - textSize.width - c.textToSecondaryTextHorizontalPadding)
            textsHeight = max(textSize.height, secondarySize.height)
        } else {
            textsHeight = textSize.height + secondarySize.height + (hasText && hasSecondary ? c.textToSecondaryTextVerticalPadding : 0)
        }
        let contentHeight = max(textsHeight, reserved.height)
        let height = margins.top + contentHeight + margins.bottom
        let midY = margins.top + contentHeight / 2
        let image = CGRect(x: margins.leading + (reserved.width - imageSize.width) / 2, y: midY - imageSize.height / 2,
                           width: imageSize.width, height: imageSize.height)
        let text: CGRect, secondary: CGRect
        if sideBySide {
            text = CGRect(x: textX, y: midY - textSize.height / 2, width: textSize.width, height: textSize.height)
            secondary = CGRect(x: width - margins.trailing - secondarySize.width, y: midY - secondarySize.height / 2,
                               width: secondarySize.width, height: secondarySize.height)
        } else {
            let top = midY - textsHeight / 2
            text = CGRect(x: textX, y: top, width: available, height: textSize.height)
            secondary = CGRect(x: textX, y: top + textsHeight - secondarySize.height, width: available, height: secondarySize.height)
        }
        return Placement(image: image, text: text, secondary: secondary, height: height)
    }

    /// The leading edge of the text in this view's coordinates (a table's separator follows it).
    var textLeading: CGFloat { placement(width: bounds.width).text.minX }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let p = placement(width: bounds.width)
        imageView.frame = p.image
        textLabel.frame = p.text
        secondaryTextLabel.frame = p.secondary
    }
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width, height: placement(width: size.width).height)
    }
    open override func systemLayoutSizeFitting(_ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
                                               verticalFittingPriority: UILayoutPriority) -> CGSize {
        CGSize(width: targetSize.width, height: placement(width: targetSize.width).height)
    }
    open override var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: placement(width: bounds.width).height)
    }
}
