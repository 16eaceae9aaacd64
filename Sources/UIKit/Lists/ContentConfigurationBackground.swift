import Foundation
import QuartzCore

/// What a cell, header or button draws behind its content: a colour (or a custom view or image), corners, a
/// stroke, insets. The list styles' colours are iOS's system colours (Apple's published values in
/// UIColor.swift); selection and highlight turn a list cell's background `systemGray4`, as on iOS 17/18
/// (estimated from iOS 18 screenshots at iPhone 16 @3x: #D1D1D6 in light, #3A3A3C in dark).
public struct UIBackgroundConfiguration: Hashable, @unchecked Sendable {
    /// Which system style made this configuration (decides `updated(for:)`).
    enum Style: Hashable, Sendable {
        case clear, plainCell, plainHeaderFooter, groupedCell, groupedHeaderFooter, sidebarHeader, sidebarCell, accompaniedSidebarCell
    }
    var style: Style = .clear

    /// A view drawn behind the colour (kept, sized to the background's frame).
    public var customView: UIView?
    /// The corner radius (a button's background: nil until set, so the button's corner style decides).
    public var cornerRadius: CGFloat {
        get { explicitCornerRadius ?? 0 }
        set { explicitCornerRadius = newValue }
    }
    var explicitCornerRadius: CGFloat?
    public var backgroundInsets: NSDirectionalEdgeInsets = .zero
    /// Edges whose inset also takes the cell's layout margin.
    public var edgesAddingLayoutMarginsToBackgroundInsets: NSDirectionalRectEdge = []
    /// nil: the tint colour (as iOS).
    public var backgroundColor: UIColor?
    public var backgroundColorTransformer: UIConfigurationColorTransformer?
    /// Inert: a visual effect behind a cell is not drawn (use a UIVisualEffectView as `customView`); stored.
    public var visualEffect: UIVisualEffect?
    public var image: UIImage?
    public var imageContentMode: UIView.ContentMode = .scaleToFill
    /// nil: no stroke unless `strokeColorTransformer` makes one.
    public var strokeColor: UIColor?
    public var strokeColorTransformer: UIConfigurationColorTransformer?
    public var strokeWidth: CGFloat = 0
    /// How far the stroke lies outside the background's edges.
    public var strokeOutset: CGFloat = 0

    /// No colour set (nil: the tint; a button's style colour), no corners, no stroke.
    public init() {}

    /// No colour, no stroke.
    public static func clear() -> UIBackgroundConfiguration {
        var c = UIBackgroundConfiguration()
        c.backgroundColor = .clear
        return c
    }
    private static func make(_ style: Style, _ color: UIColor) -> UIBackgroundConfiguration {
        var c = UIBackgroundConfiguration()
        c.style = style
        c.backgroundColor = color
        return c
    }
    /// A plain list's row: `systemBackground`.
    public static func listPlainCell() -> UIBackgroundConfiguration { make(.plainCell, .systemBackground) }
    /// A plain list's header or footer: `systemBackground` (they float over the rows).
    public static func listPlainHeaderFooter() -> UIBackgroundConfiguration { make(.plainHeaderFooter, .systemBackground) }
    /// A grouped list's row: `secondarySystemGroupedBackground` (white on the light gray of the list).
    public static func listGroupedCell() -> UIBackgroundConfiguration { make(.groupedCell, .secondarySystemGroupedBackground) }
    /// A grouped list's header or footer: clear (the list's `systemGroupedBackground` shows).
    public static func listGroupedHeaderFooter() -> UIBackgroundConfiguration { make(.groupedHeaderFooter, .clear) }
    public static func listSidebarHeader() -> UIBackgroundConfiguration { make(.sidebarHeader, .clear) }
    /// A sidebar row: clear, the tint when selected, rounded 10 pt (estimated from iPadOS 18 screenshots).
    public static func listSidebarCell() -> UIBackgroundConfiguration {
        var c = make(.sidebarCell, .clear)
        c.cornerRadius = 10
        return c
    }
    public static func listAccompaniedSidebarCell() -> UIBackgroundConfiguration {
        var c = make(.accompaniedSidebarCell, .clear)
        c.cornerRadius = 10
        return c
    }
    /// iOS 18's row background that follows the list's appearance; without a list to ask, a plain row.
    public static func listCell() -> UIBackgroundConfiguration { listPlainCell() }
    /// iOS 18's header background that follows the list's appearance; without a list to ask, a plain header.
    public static func listHeader() -> UIBackgroundConfiguration { listPlainHeaderFooter() }
    /// iOS 18's footer background that follows the list's appearance; without a list to ask, a plain footer.
    public static func listFooter() -> UIBackgroundConfiguration { listPlainHeaderFooter() }

    /// This configuration in `state`: list rows turn `systemGray4` when highlighted or selected (sidebar
    /// rows: the tint, or `systemGray5` for accompanied sidebars), as iOS 17/18 draws them; others keep their look.
    public func updated(for state: UIConfigurationState) -> UIBackgroundConfiguration {
        var copy = self
        let cell = state as? UICellConfigurationState
        let view = state as? UIViewConfigurationState
        let pressed = (cell?.isHighlighted ?? view?.isHighlighted ?? false) || (cell?.isSelected ?? view?.isSelected ?? false)
        guard pressed else { return copy }
        switch style {
        case .plainCell, .groupedCell: copy.backgroundColor = .systemGray4
        case .sidebarCell: copy.backgroundColor = nil
        case .accompaniedSidebarCell: copy.backgroundColor = .systemGray5
        case .clear, .plainHeaderFooter, .groupedHeaderFooter, .sidebarHeader: break
        }
        return copy
    }

    /// The colour drawn: `backgroundColor` (the tint when nil) through the transformer.
    public func resolvedBackgroundColor(for tintColor: UIColor) -> UIColor {
        let base = backgroundColor ?? tintColor
        return backgroundColorTransformer?(base) ?? base
    }
    /// The stroke drawn: `strokeColor` (the tint when nil and a transformer asks for it) through the transformer.
    public func resolvedStrokeColor(for tintColor: UIColor) -> UIColor {
        let base = strokeColor ?? tintColor
        return strokeColorTransformer?(base) ?? base
    }

    public static func == (a: UIBackgroundConfiguration, b: UIBackgroundConfiguration) -> Bool {
        a.style == b.style && a.customView === b.customView && a.explicitCornerRadius == b.explicitCornerRadius
            && a.backgroundInsets == b.backgroundInsets && a.edgesAddingLayoutMarginsToBackgroundInsets == b.edgesAddingLayoutMarginsToBackgroundInsets
            && a.backgroundColor == b.backgroundColor && (a.backgroundColorTransformer == nil) == (b.backgroundColorTransformer == nil)
            && a.visualEffect === b.visualEffect && a.image === b.image && a.imageContentMode == b.imageContentMode
            && a.strokeColor == b.strokeColor && (a.strokeColorTransformer == nil) == (b.strokeColorTransformer == nil)
            && a.strokeWidth == b.strokeWidth && a.strokeOutset == b.strokeOutset
    }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(style); hasher.combine(backgroundColor); hasher.combine(explicitCornerRadius); hasher.combine(strokeWidth)
    }

    /// Draws this configuration into `view` (its colour, corners, stroke, image and custom view), for a
    /// frame `frame` in the view's superview; `margins` are the cell's layout margins.
    func apply(to view: UIView, tint: UIColor) {
        view.backgroundColor = resolvedBackgroundColor(for: tint)
        view.layer.cornerRadius = cornerRadius
        let stroke = strokeColor != nil || strokeColorTransformer != nil
        view.layer.borderWidth = stroke ? strokeWidth : 0
        view.layer.borderColor = stroke ? resolvedStrokeColor(for: tint).cgColor : nil
        for sub in view.subviews where sub.tag == Self.ownedTag || sub === customView { sub.removeFromSuperview() }
        if let image {
            let imageView = UIImageView(image: image)
            imageView.tag = Self.ownedTag
            imageView.contentMode = imageContentMode
            imageView.frame = view.bounds
            imageView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            view.addSubview(imageView)
        }
        if let customView {
            customView.frame = view.bounds
            customView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            view.insertSubview(customView, at: 0)
        }
    }
    static let ownedTag = 0x5B_6B_C0
}
