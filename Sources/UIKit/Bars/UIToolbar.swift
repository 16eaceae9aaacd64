import Foundation

/// The look of a toolbar's background: `UIBarAppearance`'s, with the hairline on top.
public final class UIToolbarAppearance: UIBarAppearance {}

/// A row of bar button items along the bottom of a screen: words and glyphs in the tint colour, flexible
/// spaces sharing what room is left, fixed spaces their `width`. The row is 49 pt on phones with a home
/// indicator (44 pt otherwise) and the background reaches down through the bottom safe area, as on iOS.
open class UIToolbar: UIView, UIBarPositioning {
    /// The items, leading first.
    open var items: [UIBarButtonItem]? {
        get { storedItems }
        set { setItems(newValue, animated: false) }
    }
    private var storedItems: [UIBarButtonItem]?
    /// Replaces the items; with `animated`, the new ones fade in over the old (0.2 s).
    open func setItems(_ items: [UIBarButtonItem]?, animated: Bool) {
        for item in storedItems ?? [] where item.toolbar === self { item.toolbar = nil }
        storedItems = items
        for item in items ?? [] { item.toolbar = self }
        rebuild(animated: animated && window != nil)
    }
    /// `.black` draws the default background dark whatever the appearance (the pre-iOS 13 style).
    open var barStyle: UIBarStyle = .default {
        didSet { updateBackground() }
    }
    /// Fills the bar (translucent while `isTranslucent`) instead of the appearance's colour.
    open var barTintColor: UIColor? {
        didSet { updateBackground() }
    }
    /// Whether the default background lets content show through (true by default).
    open var isTranslucent = true {
        didSet { updateBackground() }
    }
    /// The background the bar draws.
    open var standardAppearance = UIToolbarAppearance() {
        didSet { updateBackground() }
    }
    /// Inert: a phone in portrait never shows the compact-height bar (landscape is not rendered); stored.
    open var compactAppearance: UIToolbarAppearance?
    /// The background while content's bottom edge meets the bar.
    ///
    /// Inert: the toolbar does not follow the content's bottom edge here, so it always draws
    /// `standardAppearance`; stored.
    open var scrollEdgeAppearance: UIToolbarAppearance?
    /// Inert: see `compactAppearance`; stored.
    open var compactScrollEdgeAppearance: UIToolbarAppearance?
    /// Inert: nothing asks a toolbar's delegate for its position here (it is always at the bottom); stored.
    open weak var delegate: UIToolbarDelegate?
    /// A toolbar is at the bottom of the screen.
    open var barPosition: UIBarPosition { .bottom }

    private var backgroundImages: [Int: UIImage] = [:]
    private var shadowImages: [Int: UIImage] = [:]
    /// Inert: bar backgrounds draw colours only; the image is stored and read back.
    open func setBackgroundImage(_ backgroundImage: UIImage?, forToolbarPosition topOrBottom: UIBarPosition, barMetrics: UIBarMetrics) {
        backgroundImages[topOrBottom.rawValue * 16 + barMetrics.rawValue] = backgroundImage
    }
    open func backgroundImage(forToolbarPosition topOrBottom: UIBarPosition, barMetrics: UIBarMetrics) -> UIImage? {
        backgroundImages[topOrBottom.rawValue * 16 + barMetrics.rawValue]
    }
    /// Inert: the hairline is drawn from the appearance's shadow colour; the image is stored and read back.
    open func setShadowImage(_ shadowImage: UIImage?, forToolbarPosition topOrBottom: UIBarPosition) {
        shadowImages[topOrBottom.rawValue] = shadowImage
    }
    open func shadowImage(forToolbarPosition topOrBottom: UIBarPosition) -> UIImage? { shadowImages[topOrBottom.rawValue] }

    private let background = UIView()
    private let hairline = UIView()
    /// The item views, in item order (spaces have none).
    private(set) var buttons: [BarButtonView] = []

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }
    /// See `UIView.init?(coder:)`: nothing is decoded.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }
    private func setUp() {
        background.isUserInteractionEnabled = false
        hairline.isUserInteractionEnabled = false
        addSubview(background)
        addSubview(hairline)
        updateBackground()
    }

    /// The view that draws `item`, if the bar shows it (for scripts that tap it).
    package func view(for item: UIBarButtonItem) -> UIView? { buttons.first { $0.item === item } }

    /// The row's height: 49 pt on a screen with a bottom safe area (a home indicator), 44 pt otherwise.
    var rowHeight: CGFloat {
        (window?.safeAreaInsets.bottom ?? 0) > 0 ? ToolbarMetrics.rowHeight : ToolbarMetrics.compactRowHeight
    }
    /// The row's height; the width given (iOS answers the same for any width).
    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: rowHeight) }
    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: rowHeight) }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        rebuild(animated: false)
    }
    override func applyDynamicColors() {
        super.applyDynamicColors()
        updateBackground()
    }

    func itemsChanged() { rebuild(animated: false) }

    private func rebuild(animated: Bool) {
        let old = buttons
        buttons = (storedItems ?? []).filter { !$0.isSpace }.map { BarButtonView(item: $0, tintColor: tintColor) }
        for button in buttons { addSubview(button) }
        layoutItems()
        if animated {
            for button in buttons { button.alpha = 0 }
            UIView.animate(withDuration: ToolbarMetrics.itemFadeDuration, animations: {
                for button in old { button.alpha = 0 }
                for button in self.buttons { button.alpha = 1 }
            }, completion: { _ in for button in old { button.removeFromSuperview() } })
        } else {
            for button in old { button.removeFromSuperview() }
        }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        background.frame = bounds
        hairline.frame = CGRect(x: 0, y: 0, width: bounds.width, height: 1 / UIScreen.main.scale)
        layoutItems()
    }

    /// iOS's rule: the items run from the leading margin to the trailing one, 8 pt apart; fixed spaces
    /// take their width, flexible spaces share whatever is left equally (with none, the items sit at the
    /// leading margin). Each item is centred vertically in the row (the top 49 or 44 pt).
    private func layoutItems() {
        let items = storedItems ?? []
        let margin = NavigationBarMetrics.margin(width: bounds.width)
        let spacing = NavigationBarMetrics.spacing
        let views = Dictionary(uniqueKeysWithValues: buttons.map { (ObjectIdentifier($0.item), $0) })
        func width(_ item: UIBarButtonItem) -> CGFloat {
            if item.systemItem == .flexibleSpace { return 0 }
            if item.systemItem == .fixedSpace { return item.width }
            return views[ObjectIdentifier(item)]?.preferredWidth ?? 0
        }
        // Gaps fall between neighbouring items that are not flexible spaces.
        var fixed: CGFloat = 0, flexibleCount = 0
        for (index, item) in items.enumerated() {
            if item.systemItem == .flexibleSpace { flexibleCount += 1; continue }
            fixed += width(item)
            if index > 0, items[index - 1].systemItem != .flexibleSpace { fixed += spacing }
        }
        let room = max(0, bounds.width - 2 * margin - fixed)
        let flexible = flexibleCount > 0 ? room / CGFloat(flexibleCount) : 0
        let scale = UIScreen.main.scale
        let row = min(rowHeight, bounds.height)
        var x = margin
        for (index, item) in items.enumerated() {
            if item.systemItem == .flexibleSpace { x += flexible; continue }
            if index > 0, items[index - 1].systemItem != .flexibleSpace { x += spacing }
            let w = width(item)
            if let view = views[ObjectIdentifier(item)] {
                let height = item.customView?.bounds.height ?? row
                view.frame = CGRect(x: pixelAligned(x, scale: scale), y: pixelAligned((row - height) / 2, scale: scale),
                                    width: w, height: height)
            }
            x += w
        }
    }

    private func updateBackground() {
        let appearance = standardAppearance
        var fill = appearance.backgroundColor
        if barStyle != .default, fill != nil { fill = ToolbarMetrics.blackBackground }
        if !isTranslucent, let color = fill, color.cgColor.alpha < 1 { fill = color.withAlphaComponent(1) }
        if let barTintColor { fill = isTranslucent ? barTintColor.withAlphaComponent(0.94) : barTintColor }
        background.backgroundColor = fill
        background.isHidden = fill == nil
        hairline.backgroundColor = appearance.shadowColor
        hairline.isHidden = appearance.shadowColor == nil
    }
}

/// A toolbar's delegate (asked nothing here beyond `UIBarPositioningDelegate`'s position).
public protocol UIToolbarDelegate: UIBarPositioningDelegate {}

extension UIBarButtonItem {
    /// Flexible and fixed spaces take room but draw nothing.
    var isSpace: Bool { systemItem == .flexibleSpace || systemItem == .fixedSpace }

    /// A space that takes an equal share of the room left (iOS 14's factory).
    public static func flexibleSpace() -> UIBarButtonItem { UIBarButtonItem(barButtonSystemItem: .flexibleSpace) }
    /// A space `width` points wide (iOS 14's factory).
    public static func fixedSpace(_ width: CGFloat) -> UIBarButtonItem {
        let item = UIBarButtonItem(barButtonSystemItem: .fixedSpace)
        item.width = width
        return item
    }
}

/// The toolbar's numbers: the 49 pt row of phones with a home indicator, matching the tab bar's (on Touch ID
/// phones the row is the classic 44 pt), an estimate from iOS 17/18 screenshots of Mail and Notes; the
/// default background and hairline (iOS draws a blur; this is its average colour, estimated likewise).
enum ToolbarMetrics {
    static let rowHeight: CGFloat = 49
    static let compactRowHeight: CGFloat = 44
    static let itemFadeDuration: TimeInterval = 0.2
    static let blackBackground = UIColor(white: 0.11, alpha: 0.94)
}
