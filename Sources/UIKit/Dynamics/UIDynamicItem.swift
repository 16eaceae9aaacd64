import Foundation

/// How a dynamic item's outline is taken for collisions.
public enum UIDynamicItemCollisionBoundsType: UInt, Sendable {
    case rectangle
    /// An ellipse inscribed in the bounds; collisions take it as a circle of the smaller half-side.
    case ellipse
    /// `collisionBoundingPath`; collisions take its bounding box as a rectangle.
    case path
}

/// Something UIKit Dynamics can move: a centre, a size and a rotation (`UIView` is one).
///
/// Apple's protocol inherits `NSObjectProtocol`; here any class can adopt it. `collisionBoundsType` and
/// `collisionBoundingPath` are optional requirements with defaults (a rectangle, an empty path).
public protocol UIDynamicItem: AnyObject {
    var center: CGPoint { get set }
    var bounds: CGRect { get }
    var transform: CGAffineTransform { get set }
    var collisionBoundsType: UIDynamicItemCollisionBoundsType { get }
    var collisionBoundingPath: UIBezierPath { get }
}

extension UIDynamicItem {
    public var collisionBoundsType: UIDynamicItemCollisionBoundsType { .rectangle }
    public var collisionBoundingPath: UIBezierPath { UIBezierPath() }
}

extension UIView: UIDynamicItem {}

/// Several items that move as one rigid body (Apple's `UIDynamicItemGroup`): the group's centre is the
/// centre of the items' bounding box and its bounds that box's size.
open class UIDynamicItemGroup: UIDynamicItem {
    public let items: [any UIDynamicItem]
    private var rotation: CGFloat = 0
    private var offsets: [CGPoint] = []
    private var groupCenter: CGPoint

    public init(items: [any UIDynamicItem]) {
        self.items = items
        let frames = items.map { CGRect(x: $0.center.x - $0.bounds.width / 2, y: $0.center.y - $0.bounds.height / 2,
                                        width: $0.bounds.width, height: $0.bounds.height) }
        let box = frames.dropFirst().reduce(frames.first ?? .zero) { $0.union($1) }
        groupCenter = CGPoint(x: box.midX, y: box.midY)
        size = box.size
        offsets = items.map { CGPoint(x: $0.center.x - box.midX, y: $0.center.y - box.midY) }
    }
    private let size: CGSize

    open var center: CGPoint {
        get { groupCenter }
        set { groupCenter = newValue; place() }
    }
    open var bounds: CGRect { CGRect(origin: .zero, size: size) }
    open var transform: CGAffineTransform {
        get { CGAffineTransform(rotationAngle: rotation) }
        set { rotation = atan2(newValue.b, newValue.a); place() }
    }

    private func place() {
        let turn = CGAffineTransform(rotationAngle: rotation)
        for (item, offset) in zip(items, offsets) {
            let moved = offset.applying(turn)
            item.center = CGPoint(x: groupCenter.x + moved.x, y: groupCenter.y + moved.y)
            item.transform = turn
        }
    }
}
