import CoreGraphics

public struct CATransitionType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let fade = CATransitionType(rawValue: "fade")
    public static let moveIn = CATransitionType(rawValue: "moveIn")
    public static let push = CATransitionType(rawValue: "push")
    public static let reveal = CATransitionType(rawValue: "reveal")
}

public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let fromRight = CATransitionSubtype(rawValue: "fromRight")
    public static let fromLeft = CATransitionSubtype(rawValue: "fromLeft")
    public static let fromTop = CATransitionSubtype(rawValue: "fromTop")
    public static let fromBottom = CATransitionSubtype(rawValue: "fromBottom")
}

/// The key a layer keeps its transition under, whatever key it was added with.
public let kCATransition = "transition"

/// A transition between what the layer showed when the transition was added and what it shows now:
/// the old rendering (the layer's presentation subtree at `add(_:forKey:)`) and the live layer are drawn
/// one over the other, faded or slid by the transition's progress. Add it before changing the layer,
/// as Core Animation takes "before" from the last committed frame (docs/UIKIT-COMPATIBILITY.md).
open class CATransition: CAAnimation {
    public var type: CATransitionType = .fade
    /// The side the new content comes from (`push`, `moveIn`) or the old content leaves towards
    /// (`reveal`); nil is `fromLeft`.
    public var subtype: CATransitionSubtype?
    /// Where in the transition it starts and ends, 0…1.
    public var startProgress: Float = 0
    public var endProgress: Float = 1
    /// Inert: Core Image transition filters do not exist here; stored, and the transition draws by `type`.
    public var filter: Any?

    /// The layer's rendering when the transition was added.
    var before: LayerSnapshot?

    /// Progress 0…1 at `time` seconds into the transition, on its timing function and progress range.
    func transitionProgress(atLocalTime time: Double) -> Double {
        let eased = progress(atLocalTime: time)
        let start = Double(min(max(startProgress, 0), 1)), end = Double(min(max(endProgress, 0), 1))
        return start + (end - start) * eased
    }

    /// What is drawn in the layer's place, back to front: the old and the new rendering at `progress`.
    func frames(before: LayerSnapshot, after: LayerSnapshot, progress p: Double) -> [LayerSnapshot] {
        let size = after.state.bounds.size
        let direction: CGVector
        switch subtype ?? .fromLeft {
        case .fromRight: direction = CGVector(dx: size.width, dy: 0)
        case .fromTop: direction = CGVector(dx: 0, dy: -size.height)
        case .fromBottom: direction = CGVector(dx: 0, dy: size.height)
        default: direction = CGVector(dx: -size.width, dy: 0)
        }
        func shifted(_ snapshot: LayerSnapshot, by amount: Double) -> LayerSnapshot {
            var moved = snapshot
            moved.state.position.x += direction.dx * CGFloat(amount)
            moved.state.position.y += direction.dy * CGFloat(amount)
            return moved
        }
        switch type {
        case .push: return [shifted(before, by: -p), shifted(after, by: 1 - p)]
        case .moveIn: return [before, shifted(after, by: 1 - p)]
        case .reveal: return [after, shifted(before, by: -p)]
        default:
            var fading = before
            fading.state.opacity *= Float(1 - p)
            return [after, fading]
        }
    }
}
