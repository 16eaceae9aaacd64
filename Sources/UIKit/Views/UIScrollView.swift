/// A view whose bounds origin is its content offset. Scrolling physics are not simulated; scenes set
/// `contentOffset` directly.
open class UIScrollView: UIView {
    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// Fraction of velocity kept per millisecond.
        public static let normal = DecelerationRate(rawValue: 0.998)
        public static let fast = DecelerationRate(rawValue: 0.99)
    }

    open var contentSize: CGSize = .zero
    open var contentInset: UIEdgeInsets = .zero
    open var decelerationRate: DecelerationRate = .normal
    open var showsVerticalScrollIndicator = true
    open var showsHorizontalScrollIndicator = true
    open var alwaysBounceVertical = false

    open var contentOffset: CGPoint {
        get { bounds.origin }
        set { bounds = CGRect(origin: newValue, size: bounds.size) }
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        clipsToBounds = true
    }
    /// See `UIView.init?(coder:)`: nothing is decoded.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        clipsToBounds = true
    }
}

/// How far a motion at `initialVelocity` (points per second) travels before it stops when it keeps
/// `decelerationRate` of its velocity per millisecond: the helper from WWDC18 "Designing Fluid
/// Interfaces", `(v / 1000) · r / (1 − r)` (the sum of the per-millisecond steps). Not UIKit API: Apple's
/// talk and sample code define it in the app; it is here so ported code finds it.
public func project(initialVelocity: CGFloat, decelerationRate: CGFloat) -> CGFloat {
    checkUsage(decelerationRate > 0 && decelerationRate < 1, "project: decelerationRate must be in (0, 1), got \(decelerationRate)")
    return (initialVelocity / 1000) * decelerationRate / (1 - decelerationRate)
}

/// `project(initialVelocity:decelerationRate:)` with a scroll view's rate (`.normal` 0.998, `.fast` 0.99).
public func project(initialVelocity: CGFloat, decelerationRate: UIScrollView.DecelerationRate) -> CGFloat {
    project(initialVelocity: initialVelocity, decelerationRate: decelerationRate.rawValue)
}
