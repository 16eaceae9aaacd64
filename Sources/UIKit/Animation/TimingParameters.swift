/// The kinds of timing a `UITimingCurveProvider` describes.
public enum UITimingCurveType: Int, Sendable {
    case builtin = 0, cubic = 1, spring = 2, composed = 3
}

/// What UIViewPropertyAnimator asks of its timing: a cubic curve, a spring, or both. On iOS the protocol
/// also requires NSCoding and NSCopying; here it is a plain class protocol.
public protocol UITimingCurveProvider: AnyObject {
    var timingCurveType: UITimingCurveType { get }
    var cubicTimingParameters: UICubicTimingParameters? { get }
    var springTimingParameters: UISpringTimingParameters? { get }
}

/// A cubic Bézier timing curve: one of UIKit's named curves or two control points.
open class UICubicTimingParameters: NSObject, UITimingCurveProvider {
    /// The named curve this was made from; `.easeInOut` for control points and for `init()` (whose curve
    /// is Core Animation's `default`, UIKit's private curve 5, which Swift cannot name).
    public let animationCurve: UIView.AnimationCurve
    public let controlPoint1: CGPoint
    public let controlPoint2: CGPoint
    private let isCustom: Bool

    /// Core Animation's default curve, (0.25, 0.1) (0.25, 1) (UIKit's private curve 5).
    public override init() {
        animationCurve = .easeInOut
        controlPoint1 = CGPoint(x: 0.25, y: 0.1); controlPoint2 = CGPoint(x: 0.25, y: 1)
        isCustom = false
    }

    public init(animationCurve curve: UIView.AnimationCurve) {
        animationCurve = curve
        let function = curve.timingFunction
        controlPoint1 = function.c1; controlPoint2 = function.c2
        isCustom = false
    }

    public init(controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint) {
        animationCurve = .easeInOut
        controlPoint1 = point1; controlPoint2 = point2
        isCustom = true
    }

    open var timingCurveType: UITimingCurveType { isCustom ? .cubic : .builtin }
    open var cubicTimingParameters: UICubicTimingParameters? { self }
    open var springTimingParameters: UISpringTimingParameters? { nil }

    /// The curve as a Core Animation timing function.
    var timingFunction: CAMediaTimingFunction {
        CAMediaTimingFunction(controlPoints: Float(controlPoint1.x), Float(controlPoint1.y),
                              Float(controlPoint2.x), Float(controlPoint2.y))
    }
}

/// A spring: UIKit's duration-fitted damping-ratio spring, a physical mass/stiffness/damping spring, the
/// iOS 17 duration/bounce spring, or the system spring of `init()`.
open class UISpringTimingParameters: NSObject, UITimingCurveProvider {
    /// Relative initial velocity: 1 is the whole distance per second. For `position` the animator uses dx
    /// for x and dy for y; every other property uses dx, not the magnitude (jenox/UIKit-Playground,
    /// "Demystifying UIKit Spring Animations").
    public let initialVelocity: CGVector

    enum Model: Equatable {
        /// Mass 1 and the stiffness whose envelope decays to 0.001 at the animator's duration.
        case dampingRatio(Double)
        /// A fixed spring that lasts its own settling time, whatever duration the animator was given.
        case physical(SpringCurve)
    }
    let model: Model

    /// The system spring: mass 3, stiffness 1000, damping 500 (UIKit's curve 7 and keyboard spring). It
    /// is overdamped on paper (ζ ≈ 4.56) but animations clamp it to critical, so it settles in about 0.5 s.
    /// The animator's duration is ignored: the animation lasts the spring's settling time (0.6 s).
    public override init() {
        initialVelocity = .zero
        model = .physical(SpringCurve(mass: 3, stiffness: 1000, damping: 500, initialVelocity: 0))
    }

    /// UIKit's duration-fitted spring (the animator's duration and this ratio, clamped to at most 1).
    public init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector) {
        initialVelocity = velocity
        model = .dampingRatio(Double(ratio))
    }

    public convenience init(dampingRatio ratio: CGFloat) {
        self.init(dampingRatio: ratio, initialVelocity: .zero)
    }

    /// A physical spring, unchanged (overdamping is clamped to critical as in UIKit's animations). The
    /// animator's duration is ignored: the animation lasts the spring's settling time.
    public init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector) {
        initialVelocity = velocity
        let m = mass > 0 ? Double(mass) : 1, k = stiffness > 0 ? Double(stiffness) : 100
        let c = damping >= 0 ? Double(damping) : 10
        model = .physical(SpringCurve(mass: m, stiffness: k, damping: c, initialVelocity: 0))
    }

    /// The iOS 17 spring: mass 1, stiffness (2π/duration)², damping ratio from `bounce`, overdamping allowed.
    /// The animator's duration is ignored: the animation lasts the spring's settling time.
    public init(duration: TimeInterval, bounce: CGFloat = 0, initialVelocity velocity: CGVector = .zero) {
        initialVelocity = velocity
        model = .physical(SpringCurve.perceptual(duration: duration, bounce: Double(bounce)))
    }

    open var timingCurveType: UITimingCurveType { .spring }
    open var cubicTimingParameters: UICubicTimingParameters? { nil }
    open var springTimingParameters: UISpringTimingParameters? { self }

    /// Whether the spring decides its own duration (UIKit's `implicitDuration`).
    var definesItsOwnDuration: Bool { if case .physical = model { return true } else { return false } }

    /// How long the spring runs when it decides its own duration: Core Animation's settling time
    /// (ε = 0.001) for the larger of the two velocity components.
    var settlingDuration: TimeInterval {
        guard case .physical(let spring) = model else { return 0 }
        return max(spring.with(initialVelocity: Double(initialVelocity.dx)).settlingDuration,
                   spring.with(initialVelocity: Double(initialVelocity.dy)).settlingDuration)
    }
}
