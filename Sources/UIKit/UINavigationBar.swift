/// What a navigation bar shows for one controller. No text is rendered here, so the title is data only.
open class UINavigationItem {
    open var title: String?
    open var prompt: String?
    open var hidesBackButton = false
    /// Shown centred in the bar while this item is the top one; may be set after the bar shows the item
    /// (as in `viewDidLoad`).
    open var titleView: UIView? { didSet { bar?.itemTitleViewChanged() } }
    open var backButtonTitle: String?

    /// The bar showing this item, told when the title view changes.
    weak var bar: UINavigationBar?

    public init(title: String?) { self.title = title }
    public convenience init() { self.init(title: nil) }
}

/// The bar at the top of a navigation controller: 44 pt below the top safe area, its background reaching up
/// behind the status bar, a hairline along its bottom edge. Drawn plainly (no titles: no text rendering).
open class UINavigationBar: UIView {
    public static let barHeight: CGFloat = 44

    open var items: [UINavigationItem]? {
        didSet {
            for item in items ?? [] { item.bar = self }
            layoutTitleView()
        }
    }
    open var topItem: UINavigationItem? { items?.last }
    open var backItem: UINavigationItem? { (items?.count ?? 0) > 1 ? items?[items!.count - 2] : nil }
    open var isTranslucent = true { didSet { background.backgroundColor = barColor } }
    open var barTintColor: UIColor? { didSet { background.backgroundColor = barColor } }

    private let background = UIView()
    private let hairline = UIView()
    private weak var shownTitleView: UIView?

    public override init(frame: CGRect) {
        super.init(frame: frame)
        background.isUserInteractionEnabled = false
        background.backgroundColor = barColor
        hairline.backgroundColor = UIColor(white: 0, alpha: 0.3)
        addSubview(background)
        addSubview(hairline)
    }

    private var barColor: UIColor {
        barTintColor ?? UIColor(white: 0.97, alpha: isTranslucent ? 0.94 : 1)
    }

    func itemTitleViewChanged() { layoutTitleView() }

    private func layoutTitleView() {
        shownTitleView?.removeFromSuperview()
        guard let titleView = topItem?.titleView else { return }
        addSubview(titleView)
        shownTitleView = titleView
        setNeedsLayout()
    }

    open override func layoutSubviews() {
        // The background covers the status bar area above the bar, as UIKit's bar background does.
        let top = superview.map { convert(CGPoint.zero, to: $0).y } ?? 0
        background.frame = CGRect(x: 0, y: -top, width: bounds.width, height: bounds.height + top)
        hairline.frame = CGRect(x: 0, y: bounds.height, width: bounds.width, height: 1.0 / 3)
        if let titleView = shownTitleView {
            titleView.center = CGPoint(x: bounds.midX, y: bounds.midY)
        }
    }
}
