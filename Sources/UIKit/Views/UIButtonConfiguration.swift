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
    /// A button's content and look (iOS 15's button system): title and subtitle, colours, size, corners,
    /// insets. Set it on a button and the button draws it, for each state (normal, highlighted, disabled).
    ///
    /// Apple documents the API but not the numbers; the ones here are chosen to look like iOS 15–18 buttons
    /// at the default (Large) Dynamic Type size and are listed in docs/UIKIT-COMPATIBILITY.md: title fonts
    /// per size, insets, corner radii, the tinted and gray backgrounds, and the highlighted dimming.
    public struct Configuration: Equatable, Sendable {
        /// Which of the system styles this configuration was made as; decides its default colours.
        enum Style: Equatable, Sendable { case plain, tinted, gray, filled, bordered, borderedProminent, borderless }
        let style: Style

        public enum Size: Int, Sendable { case medium = 0, small, mini, large }
        public enum CornerStyle: Int, Sendable { case fixed = -1, dynamic = 0, small, medium, large, capsule }
        public enum TitleAlignment: Int, Sendable { case automatic = 0, leading, center, trailing }

        public var title: String? {
            get { attributedTitle.map { String($0.characters) } ?? plainTitle }
            set { plainTitle = newValue; attributedTitle = nil }
        }
        /// A title with its own fonts and colours (`.font`, `.foregroundColor` of the UIKit attribute scope);
        /// where a run has none, the configuration's font and foreground colour. Setting `title` clears it.
        public var attributedTitle: AttributedString?
        private var plainTitle: String?
        public var subtitle: String? {
            get { attributedSubtitle.map { String($0.characters) } ?? plainSubtitle }
            set { plainSubtitle = newValue; attributedSubtitle = nil }
        }
        public var attributedSubtitle: AttributedString?
        private var plainSubtitle: String?

        /// The title's and subtitle's colour; nil: the style's (white on filled, the tint otherwise).
        public var baseForegroundColor: UIColor?
        /// The colour the style's background is made from; nil: the tint (filled, tinted) or a grey fill.
        public var baseBackgroundColor: UIColor?
        public var background = UIBackgroundConfiguration()
        public var cornerStyle: CornerStyle = .dynamic
        public var buttonSize: Size = .medium
        /// Space between the button's edges and its content; the button size's insets until set.
        public var contentInsets: NSDirectionalEdgeInsets {
            get { storedInsets ?? Self.defaultInsets(buttonSize) }
            set { storedInsets = newValue }
        }
        private var storedInsets: NSDirectionalEdgeInsets?
        public var titleAlignment: TitleAlignment = .automatic
        /// Space between the title and the subtitle.
        public var titlePadding: CGFloat = 0
        public var showsActivityIndicator = false

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
        /// The tint behind a white title (the filled look).
        public static func borderedProminent() -> Configuration { Configuration(style: .borderedProminent) }

        public static func == (a: Configuration, b: Configuration) -> Bool {
            a.style == b.style && a.plainTitle == b.plainTitle && a.attributedTitle == b.attributedTitle
                && a.plainSubtitle == b.plainSubtitle && a.attributedSubtitle == b.attributedSubtitle
                && a.baseForegroundColor == b.baseForegroundColor && a.baseBackgroundColor == b.baseBackgroundColor
                && a.background == b.background && a.cornerStyle == b.cornerStyle && a.buttonSize == b.buttonSize
                && a.storedInsets == b.storedInsets && a.titleAlignment == b.titleAlignment
                && a.titlePadding == b.titlePadding && a.showsActivityIndicator == b.showsActivityIndicator
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

        /// The text colour in a state.
        func foregroundColor(tint: UIColor, state: UIControl.State) -> UIColor {
            if state.contains(.disabled) { return .tertiaryLabel }
            let base = baseForegroundColor ?? (isProminent ? .white : tint)
            return state.contains(.highlighted) ? base.withAlphaComponent(base.cgColor.alpha * Self.highlightedAlpha) : base
        }

        /// The background colour in a state (nil: none).
        func backgroundColor(tint: UIColor, state: UIControl.State) -> UIColor? {
            let color: UIColor?
            if let explicit = background.backgroundColor {
                color = explicit
            } else {
                switch style {
                case .plain, .borderless: color = nil
                case .filled, .borderedProminent: color = state.contains(.disabled) ? .tertiarySystemFill : (baseBackgroundColor ?? tint)
                case .tinted:
                    let base = baseBackgroundColor ?? tint
                    color = state.contains(.disabled) ? .tertiarySystemFill : base.withAlphaComponent(base.cgColor.alpha * Self.tintedBackgroundAlpha)
                case .gray, .bordered: color = state.contains(.disabled) ? .tertiarySystemFill : (baseBackgroundColor ?? .secondarySystemFill)
                }
            }
            guard let color else { return nil }
            return state.contains(.highlighted) ? color.withAlphaComponent(color.cgColor.alpha * Self.highlightedAlpha) : color
        }

        private var isProminent: Bool { style == .filled || style == .borderedProminent }

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
