import Foundation

/// Insets that follow the layout direction (left-to-right here, so leading is left).
public struct NSDirectionalEdgeInsets: Equatable, Hashable, Sendable {
    public var top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
    public init() { self.init(top: 0, leading: 0, bottom: 0, trailing: 0) }
    public static let zero = NSDirectionalEdgeInsets()
}

// UIBackgroundConfiguration (a button's background) is in Lists/ContentConfigurationBackground.swift.

extension UIButton {
    /// A button's content and look (iOS 15's button system): title and subtitle, an image or an activity
    /// indicator beside them, colours, size, corners, insets. Set it on a button and the button draws it,
    /// for each state (normal, highlighted, selected, disabled).
    ///
    /// Apple documents the API but not the numbers; the ones here are chosen to look like iOS 15–18 buttons
    /// at the default (Large) Dynamic Type size and are listed in docs/UIKIT-COMPATIBILITY.md: title fonts
    /// per size, insets, corner radii, the tinted and gray backgrounds, and the highlighted dimming.
    // @unchecked: it holds images and colours, immutable classes shared like values (as UIBackgroundConfiguration).
    public struct Configuration: Hashable, @unchecked Sendable {
        /// Which of the system styles this configuration was made as; decides its default colours.
        enum Style: Hashable, Sendable { case plain, tinted, gray, filled, bordered, borderedTinted, borderedProminent, borderless }
        let style: Style

        public enum Size: Int, Sendable { case medium = 0, small, mini, large }
        public enum CornerStyle: Int, Sendable { case fixed = -1, dynamic = 0, small, medium, large, capsule }
        public enum TitleAlignment: Int, Sendable { case automatic = 0, leading, center, trailing }
        /// The Mac Catalyst look; Inert: there is no Mac idiom here, every style draws as on iPhone.
        public enum MacIdiomStyle: Int, Sendable { case automatic = 0, bordered, borderless, borderlessTinted }
        /// A menu button's trailing indicator.
        public enum Indicator: Int, Sendable { case automatic = 0, none, popup }

        public var title: String? {
            get { attributedTitle.map { String($0.characters) } ?? plainTitle }
            set { plainTitle = newValue; attributedTitle = nil }
        }
        /// A title with its own fonts and colours (`.font`, `.foregroundColor` of the UIKit attribute scope);
        /// where a run has none, the configuration's font and foreground colour. Setting `title` clears it.
        public var attributedTitle: AttributedString?
        private var plainTitle: String?
        /// Changes the title's attributes (font, foreground colour) just before they are drawn.
        public var titleTextAttributesTransformer: UIConfigurationTextAttributesTransformer?
        /// How the title breaks or truncates (one line, truncated at the end, by default).
        public var titleLineBreakMode: NSLineBreakMode = .byTruncatingTail
        public var subtitle: String? {
            get { attributedSubtitle.map { String($0.characters) } ?? plainSubtitle }
            set { plainSubtitle = newValue; attributedSubtitle = nil }
        }
        public var attributedSubtitle: AttributedString?
        private var plainSubtitle: String?
        public var subtitleTextAttributesTransformer: UIConfigurationTextAttributesTransformer?
        public var subtitleLineBreakMode: NSLineBreakMode = .byTruncatingTail

        /// An image beside the title (a symbol is tinted with the foreground colour and sized to the title).
        public var image: UIImage?
        /// Changes the image's colour (a symbol's or template image's tint) when it is drawn.
        public var imageColorTransformer: UIConfigurationColorTransformer?
        /// Applied over the size the button gives a symbol image (the title's point size).
        public var preferredSymbolConfigurationForImage: UIImage.SymbolConfiguration?
        /// Which side of the title the image (or activity indicator) goes: `.leading` (default), `.trailing`,
        /// `.top` or `.bottom`.
        public var imagePlacement: NSDirectionalRectEdge = .leading
        /// Space between the image and the title block.
        public var imagePadding: CGFloat = 0
        /// Draws a spinning activity indicator in the image's place (over the scene's clock).
        public var showsActivityIndicator = false
        /// Changes the activity indicator's colour (the foreground colour by default).
        public var activityIndicatorColorTransformer: UIConfigurationColorTransformer?
        /// Inert: the popup indicator belongs to menus, which are not shown offscreen; stored.
        public var indicator: Indicator = .automatic
        /// Inert: see `indicator`; stored.
        public var indicatorColorTransformer: UIConfigurationColorTransformer?

        /// The title's, subtitle's and image's colour; nil: the style's (white on filled, the tint otherwise).
        public var baseForegroundColor: UIColor?
        /// The colour the style's background is made from; nil: the tint (filled, tinted) or a grey fill.
        public var baseBackgroundColor: UIColor?
        public var background = UIBackgroundConfiguration()
        public var cornerStyle: CornerStyle = .dynamic
        public var buttonSize: Size = .medium
        /// Inert: there is no Mac idiom here (see `MacIdiomStyle`); stored.
        public var macIdiomStyle: MacIdiomStyle = .automatic
        /// Space between the button's edges and its content; the button size's insets until set.
        public var contentInsets: NSDirectionalEdgeInsets {
            get { storedInsets ?? Self.defaultInsets(buttonSize) }
            set { storedInsets = newValue }
        }
        private var storedInsets: NSDirectionalEdgeInsets?
        /// Goes back to the button size's insets.
        public mutating func setDefaultContentInsets() { storedInsets = nil }
        public var titleAlignment: TitleAlignment = .automatic
        /// Space between the title and the subtitle.
        public var titlePadding: CGFloat = 0
        /// A selected button draws its selected look (true by default): the plain, gray and tinted styles
        /// take the filled look (the tint behind a white title), the filled ones the tinted look.
        public var automaticallyUpdateForSelection = true

        init(style: Style) { self.style = style }

        /// Transparent background, tinted title.
        public static func plain() -> Configuration { Configuration(style: .plain) }
        /// The tint at low opacity behind a tinted title.
        public static func tinted() -> Configuration { Configuration(style: .tinted) }
        /// A grey fill behind a tinted title.
        public static func gray() -> Configuration { Configuration(style: .gray) }
        /// The tint behind a white title.
        public static func filled() -> Configuration { Configuration(style: .filled) }
        /// Transparent background, tinted title (the plain look).
        public static func borderless() -> Configuration { Configuration(style: .borderless) }
        /// A grey fill behind a tinted title (the gray look).
        public static func bordered() -> Configuration { Configuration(style: .bordered) }
        /// The tint at low opacity behind a tinted title (the tinted look).
        public static func borderedTinted() -> Configuration { Configuration(style: .borderedTinted) }
        /// The tint behind a white title (the filled look).
        public static func borderedProminent() -> Configuration { Configuration(style: .borderedProminent) }

        /// This configuration as `button` shows it now: the foreground and background colours of the
        /// button's state (highlight, selection, disabling) written into `baseForegroundColor` and the
        /// background's colour, the insets fixed. A configuration a button draws is resolved this way.
        public func updated(for button: UIButton) -> Configuration {
            var copy = self
            let state = button.state
            copy.baseForegroundColor = foregroundColor(tint: button.storedTint, state: state)
            copy.background.backgroundColor = backgroundColor(tint: button.storedTint, state: state) ?? .clear
            copy.storedInsets = contentInsets
            return copy
        }

        public static func == (a: Configuration, b: Configuration) -> Bool {
            a.style == b.style && a.plainTitle == b.plainTitle && a.attributedTitle == b.attributedTitle
                && a.plainSubtitle == b.plainSubtitle && a.attributedSubtitle == b.attributedSubtitle
                && a.baseForegroundColor == b.baseForegroundColor && a.baseBackgroundColor == b.baseBackgroundColor
                && a.background == b.background && a.cornerStyle == b.cornerStyle && a.buttonSize == b.buttonSize
                && a.storedInsets == b.storedInsets && a.titleAlignment == b.titleAlignment
                && a.titlePadding == b.titlePadding && a.showsActivityIndicator == b.showsActivityIndicator
                && a.image === b.image && a.imagePlacement == b.imagePlacement && a.imagePadding == b.imagePadding
                && a.preferredSymbolConfigurationForImage == b.preferredSymbolConfigurationForImage
                && a.titleLineBreakMode == b.titleLineBreakMode && a.subtitleLineBreakMode == b.subtitleLineBreakMode
                && a.indicator == b.indicator && a.macIdiomStyle == b.macIdiomStyle
                && a.automaticallyUpdateForSelection == b.automaticallyUpdateForSelection
                && (a.titleTextAttributesTransformer == nil) == (b.titleTextAttributesTransformer == nil)
                && (a.subtitleTextAttributesTransformer == nil) == (b.subtitleTextAttributesTransformer == nil)
                && (a.imageColorTransformer == nil) == (b.imageColorTransformer == nil)
                && (a.activityIndicatorColorTransformer == nil) == (b.activityIndicatorColorTransformer == nil)
                && (a.indicatorColorTransformer == nil) == (b.indicatorColorTransformer == nil)
        }
        public func hash(into hasher: inout Hasher) {
            hasher.combine(style); hasher.combine(title); hasher.combine(subtitle); hasher.combine(buttonSize)
            hasher.combine(cornerStyle); hasher.combine(showsActivityIndicator)
        }

        // MARK: The numbers (see the type's comment)

        /// Title and subtitle sizes: the body style's 17 pt for medium and large buttons, subheadline's 15 pt for
        /// small, caption 1's 12 pt for mini; subtitles one step smaller (subheadline 15 under a large title,
        /// footnote 13 under a medium one, caption 1 and caption 2 under small and mini titles).
        static func fontSizes(_ size: Size) -> (title: CGFloat, subtitle: CGFloat) {
            switch size {
            case .large: (17, 15)
            case .medium: (17, 13)
            case .small: (15, 12)
            case .mini: (12, 11)
            }
        }

        /// Vertical and horizontal insets: a large single-line button is 50 pt high (the height of iOS's
        /// large buttons), a medium one about 34 pt, a small one 28 pt.
        static func defaultInsets(_ size: Size) -> NSDirectionalEdgeInsets {
            switch size {
            case .large: NSDirectionalEdgeInsets(top: 14, leading: 20, bottom: 14, trailing: 20)
            case .medium: NSDirectionalEdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12)
            case .small: NSDirectionalEdgeInsets(top: 5, leading: 10, bottom: 5, trailing: 10)
            case .mini: NSDirectionalEdgeInsets(top: 3, leading: 8, bottom: 3, trailing: 8)
            }
        }

        /// The system's small, medium and large corner radii.
        static let smallRadius: CGFloat = 4, mediumRadius: CGFloat = 8, largeRadius: CGFloat = 12

        /// The dynamic style's radius when the background gives none: 6 pt for a medium button, growing
        /// with the button (mini 4, small 5, large 8), as iOS's filled buttons look at the default text size.
        static func dynamicRadius(_ size: Size) -> CGFloat {
            switch size {
            case .mini: 4
            case .small: 5
            case .medium: 6
            case .large: 8
            }
        }

        /// The tinted style's background: the base colour at 15 % opacity (iOS shows a pale wash of the tint).
        static let tintedBackgroundAlpha: CGFloat = 0.15
        /// While highlighted, the background and the text keep 70 % of their opacity: the press dims the
        /// whole button towards what is behind it (darker on dark screens, paler on light ones) without
        /// changing its hue.
        static let highlightedAlpha: CGFloat = 0.7

        // MARK: Resolving for a state

        /// The look a state draws: selection (with `automaticallyUpdateForSelection`) swaps the plain, gray
        /// and tinted looks for the filled one, and the filled looks for the tinted one.
        private func look(_ state: UIControl.State) -> Style {
            guard automaticallyUpdateForSelection, state.contains(.selected) else { return style }
            switch style {
            case .plain, .borderless, .gray, .bordered, .tinted, .borderedTinted: return .filled
            case .filled, .borderedProminent: return .tinted
            }
        }

        /// The text colour in a state.
        func foregroundColor(tint: UIColor, state: UIControl.State) -> UIColor {
            if state.contains(.disabled) { return .tertiaryLabel }
            let prominent = look(state) == .filled || look(state) == .borderedProminent
            let base = baseForegroundColor ?? (prominent ? .white : tint)
            return state.contains(.highlighted) ? base.withAlphaComponent(base.cgColor.alpha * Self.highlightedAlpha) : base
        }

        /// The background colour in a state (nil: none).
        func backgroundColor(tint: UIColor, state: UIControl.State) -> UIColor? {
            var color: UIColor?
            if let explicit = background.backgroundColor {
                color = explicit
            } else {
                switch look(state) {
                case .plain, .borderless: color = nil
                case .filled, .borderedProminent: color = state.contains(.disabled) ? .tertiarySystemFill : (baseBackgroundColor ?? tint)
                case .tinted, .borderedTinted:
                    let base = baseBackgroundColor ?? tint
                    color = state.contains(.disabled) ? .tertiarySystemFill : base.withAlphaComponent(base.cgColor.alpha * Self.tintedBackgroundAlpha)
                case .gray, .bordered: color = state.contains(.disabled) ? .tertiarySystemFill : (baseBackgroundColor ?? .secondarySystemFill)
                }
            }
            if let resolved = color, let transformer = background.backgroundColorTransformer { color = transformer(resolved) }
            guard let color else { return nil }
            return state.contains(.highlighted) ? color.withAlphaComponent(color.cgColor.alpha * Self.highlightedAlpha) : color
        }

        /// The background's corner radius for a button of `height`.
        func cornerRadius(height: CGFloat) -> CGFloat {
            switch cornerStyle {
            case .fixed: background.explicitCornerRadius ?? 0
            case .dynamic: background.explicitCornerRadius ?? Self.dynamicRadius(buttonSize)
            case .small: Self.smallRadius
            case .medium: Self.mediumRadius
            case .large: Self.largeRadius
            case .capsule: height / 2
            }
        }
    }
}

/// Changes a configuration's text attributes (UIKit's `.font` and `.foregroundColor`) just before drawing.
public struct UIConfigurationTextAttributesTransformer: Sendable {
    public let transform: @Sendable (AttributeContainer) -> AttributeContainer
    public init(_ transform: @escaping @Sendable (AttributeContainer) -> AttributeContainer) { self.transform = transform }
    public func callAsFunction(_ input: AttributeContainer) -> AttributeContainer { transform(input) }
}

// MARK: UIKit's attributes for AttributedString

extension AttributeScopes {
    /// The attributes UIKit reads from an AttributedString: `font` (a UIFont) and `foregroundColor` (a UIColor).
    public struct UIKitAttributes: AttributeScope {
        public let font: FontAttribute
        public let foregroundColor: ForegroundColorAttribute

        public enum FontAttribute: AttributedStringKey {
            public typealias Value = UIFont
            public static let name = "NSFont"
        }
        public enum ForegroundColorAttribute: AttributedStringKey {
            public typealias Value = UIColor
            public static let name = "NSColor"
        }
    }

    public var uiKit: UIKitAttributes.Type { UIKitAttributes.self }
}

extension AttributeDynamicLookup {
    public subscript<T: AttributedStringKey>(dynamicMember keyPath: KeyPath<AttributeScopes.UIKitAttributes, T>) -> T {
        self[T.self]
    }
}

extension AttributedString {
    /// The runs as an NSAttributedString with UIKit's `.font` and `.foregroundColor` keys.
    func uiKitAttributedString(font: UIFont, color: UIColor) -> NSAttributedString {
        let result = NSMutableAttributedString(string: "")
        for run in runs {
            let piece = String(self[run.range].characters)
            result.append(NSAttributedString(string: piece, attributes: [
                .font: run[AttributeScopes.UIKitAttributes.FontAttribute.self] ?? font,
                .foregroundColor: run[AttributeScopes.UIKitAttributes.ForegroundColorAttribute.self] ?? color,
            ]))
        }
        return result
    }
}
