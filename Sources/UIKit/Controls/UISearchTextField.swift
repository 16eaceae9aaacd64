import Foundation

/// A token in a search field (a scope such as "Photos" shown as a capsule before the text).
///
/// Inert: tokens are stored on the field, not drawn.
open class UISearchToken: NSObject {
    public let icon: UIImage?
    public let text: String
    open var representedObject: Any?
    public init(icon: UIImage?, text: String) { self.icon = icon; self.text = text; super.init() }
}

/// The search bar's field: a text field drawn as iOS 17/18 draws it — a filled rounded rect (10 pt corners,
/// `tertiarySystemFill`, no border), the magnifying glass as its left view, the placeholder in
/// `secondaryLabel`, the clear button while editing. Geometry: estimates (docs/UIKIT-COMPATIBILITY.md,
/// "Text input").
open class UISearchTextField: UITextField {
    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpSearchField()
    }
    /// See `UIView.init?(coder:)`: nothing is decoded.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpSearchField()
    }
    private func setUpSearchField() {
        let glass = UIImageView(image: UIImage(systemName: "magnifyingglass"))
        glass.tintColor = .secondaryLabel
        glass.frame.size = SearchFieldMetrics.glassSize
        leftView = glass
        leftViewMode = .always
        clearButtonMode = .whileEditing
        returnKeyType = .search
        autocapitalizationType = .none
        placeholderColor = .secondaryLabel
        borderStyle = .roundedRect
    }

    override var drawsSearchFieldBackground: Bool { true }

    /// Inert: tokens are stored, not drawn (the field shows its text alone).
    open var tokens: [UISearchToken] = []
    /// Inert: tokens are not drawn; stored.
    open var tokenBackgroundColor: UIColor?
    /// Inert: tokens are not drawn or deleted by a keyboard; stored.
    open var allowsDeletingTokens = true
    /// Inert: there is no pasteboard offscreen; stored.
    open var allowsCopyingTokensToPasteboard = true
    /// Inert: tokens are stored, not drawn.
    open func insertToken(_ token: UISearchToken, at tokenIndex: Int) {
        tokens.insert(token, at: min(max(tokenIndex, 0), tokens.count))
    }
    /// Inert: tokens are stored, not drawn.
    open func removeToken(at tokenIndex: Int) {
        guard tokens.indices.contains(tokenIndex) else { return }
        tokens.remove(at: tokenIndex)
    }

    /// The magnifying glass 8 pt from the leading edge, centred vertically (estimate).
    open override func leftViewRect(forBounds bounds: CGRect) -> CGRect {
        guard leftView != nil else { return .zero }
        let size = SearchFieldMetrics.glassSize
        return CGRect(x: bounds.minX + SearchFieldMetrics.glassLeading, y: bounds.midY - size.height / 2,
                      width: size.width, height: size.height)
    }
}

/// The search field's and bar's numbers: estimates measured on iOS 17 screenshots of a 393 pt wide iPhone
/// (Settings, Mail, Contacts), none published by Apple.
enum SearchFieldMetrics {
    /// The field's height and corner radius.
    static let fieldHeight: CGFloat = 36
    static let cornerRadius: CGFloat = 10
    /// The magnifying glass's box and leading inset.
    static let glassSize = CGSize(width: 18, height: 18)
    static let glassLeading: CGFloat = 8
    /// A standalone bar's height and its field's inset from its sides.
    static let barHeight: CGFloat = 56
    static let barSideInset: CGFloat = 8
    /// The prompt's row above the field.
    static let promptHeight: CGFloat = 30
    /// The scope bar's row under the field (a 32 pt segmented track and its margin).
    static let scopeBarHeight: CGFloat = 44
    static let scopeTrackHeight: CGFloat = 32
    /// Between the field and the Cancel button.
    static let cancelGap: CGFloat = 8
    /// In a navigation bar: the search row (at rest), the field's margins in it, and the height at which the
    /// field's glyph and text have faded out as the row collapses.
    static let navigationRowHeight: CGFloat = 52
    static let navigationFieldTopMargin: CGFloat = 6
    static let navigationFieldBottomMargin: CGFloat = 10
    static let fadedFieldHeight: CGFloat = 22
    /// How long the Cancel button takes to slide in or out (estimate; iOS uses about a third of a second).
    static let cancelDuration: TimeInterval = 0.3
}
