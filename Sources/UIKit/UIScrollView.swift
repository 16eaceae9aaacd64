/// A view whose bounds origin is its content offset. Scrolling physics are not simulated; scenes set
/// `contentOffset` directly.
open class UIScrollView: UIView {
    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// Fraction of velocity kept per millisecond (reference §5).
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
}
