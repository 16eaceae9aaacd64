import Foundation

/// A physics behaviour an animator runs: subclass it to group child behaviours into one (the usual way to
/// write a reusable behaviour), or use the concrete ones.
open class UIDynamicBehavior {
    private var children: [UIDynamicBehavior] = []
    private weak var animator: UIDynamicAnimator?

    public init() {}

    open var childBehaviors: [UIDynamicBehavior] { children }
    open func addChildBehavior(_ behavior: UIDynamicBehavior) {
        guard !children.contains(where: { $0 === behavior }) else { return }
        children.append(behavior)
        if let animator { behavior.attach(to: animator) }
        changed()
    }
    open func removeChildBehavior(_ behavior: UIDynamicBehavior) {
        guard let index = children.firstIndex(where: { $0 === behavior }) else { return }
        children.remove(at: index)
        behavior.attach(to: nil)
        changed()
    }

    /// Runs after every step of the physics (240 times a simulated second).
    open var action: (() -> Void)?
    /// The animator running this behaviour (or its parent).
    open var dynamicAnimator: UIDynamicAnimator? { animator }
    /// Called before the behaviour joins (or leaves, with nil) an animator.
    open func willMove(to dynamicAnimator: UIDynamicAnimator?) {}

    func attach(to animator: UIDynamicAnimator?) {
        willMove(to: animator)
        self.animator = animator
        for child in children { child.attach(to: animator) }
    }

    /// Something about the behaviour changed: the animator runs again.
    func changed() { animator?.wake() }

    /// The items this behaviour moves (the animator simulates the union over its behaviours).
    var movedItems: [any UIDynamicItem] { [] }
    /// Adds this behaviour's forces and impulses for one step of `h` seconds.
    func applyForces(_ animator: UIDynamicAnimator, step h: Double) {}
    /// Whether the behaviour moves things even when they are still (a continuous push).
    var keepsMoving: Bool { false }
}

func removeItem(_ item: any UIDynamicItem, from items: inout [any UIDynamicItem]) {
    items.removeAll { $0 === item }
}

/// Gravity: `gravityDirection` (0, 1), magnitude 1, accelerates items down at 1,000 points/s², whatever
/// their mass.
open class UIGravityBehavior: UIDynamicBehavior {
    private var list: [any UIDynamicItem]
    private var direction = CGVector(dx: 0, dy: 1)

    public init(items: [any UIDynamicItem]) {
        list = items
        super.init()
    }
    public override convenience init() { self.init(items: []) }

    open func addItem(_ item: any UIDynamicItem) { list.append(item); changed() }
    open func removeItem(_ item: any UIDynamicItem) { UIKit.removeItem(item, from: &list); changed() }
    open var items: [any UIDynamicItem] { list }

    open var gravityDirection: CGVector {
        get { direction }
        set { direction = newValue; changed() }
    }
    /// Radians, clockwise from the x axis (y down).
    open var angle: CGFloat {
        get { direction.angle }
        set { setAngle(newValue, magnitude: magnitude) }
    }
    open var magnitude: CGFloat {
        get { direction.magnitude }
        set { setAngle(angle, magnitude: newValue) }
    }
    open func setAngle(_ angle: CGFloat, magnitude: CGFloat) {
        gravityDirection = CGVector(angle: angle, magnitude: magnitude)
    }

    override var movedItems: [any UIDynamicItem] { list }
    override func applyForces(_ animator: UIDynamicAnimator, step h: Double) {
        let acceleration = 1000 * Vec2(direction)
        for item in list {
            let body = animator.body(for: item)
            body.force += body.mass * acceleration
        }
    }
}

/// Collisions between its items and with boundaries: the reference view's bounds (optionally inset),
/// lines and closed paths.
///
/// Boundary identifiers are `AnyHashable` (Apple: `NSCopying`): pass a string as it is
/// (`addBoundary(withIdentifier: "floor", …)`; drop an `as NSCopying`). A path boundary is its outline
/// flattened into segments (curves into 16 each); a segment stops what reaches it from the side its
/// centre is on. Rectangles collide by their corners, `.ellipse` items as circles (of the smaller half-side).
open class UICollisionBehavior: UIDynamicBehavior {
    public struct Mode: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let items = Mode(rawValue: 1 << 0)
        public static let boundaries = Mode(rawValue: 1 << 1)
        public static let everything = Mode(rawValue: UInt.max)
    }

    private var list: [any UIDynamicItem]
    private var boundaries: [(id: AnyHashable, path: UIBezierPath)] = []
    private var referenceInsets: UIEdgeInsets?
    private var mode: Mode = .everything

    public init(items: [any UIDynamicItem]) {
        list = items
        super.init()
    }
    public override convenience init() { self.init(items: []) }

    open func addItem(_ item: any UIDynamicItem) { list.append(item); changed() }
    open func removeItem(_ item: any UIDynamicItem) { UIKit.removeItem(item, from: &list); changed() }
    open var items: [any UIDynamicItem] { list }

    open var collisionMode: Mode {
        get { mode }
        set { mode = newValue; changed() }
    }
    /// Whether the reference view's bounds are a boundary.
    open var translatesReferenceBoundsIntoBoundary: Bool {
        get { referenceInsets != nil }
        set { referenceInsets = newValue ? (referenceInsets ?? .zero) : nil; changed() }
    }
    open func setTranslatesReferenceBoundsIntoBoundary(with insets: UIEdgeInsets) {
        referenceInsets = insets
        changed()
    }
    open weak var collisionDelegate: (any UICollisionBehaviorDelegate)?

    open func addBoundary(withIdentifier identifier: AnyHashable, for bezierPath: UIBezierPath) {
        removeBoundary(withIdentifier: identifier)
        boundaries.append((identifier, bezierPath))
        changed()
    }
    open func addBoundary(withIdentifier identifier: AnyHashable, from p1: CGPoint, to p2: CGPoint) {
        let path = UIBezierPath()
        path.move(to: p1)
        path.addLine(to: p2)
        addBoundary(withIdentifier: identifier, for: path)
    }
    open func boundary(withIdentifier identifier: AnyHashable) -> UIBezierPath? {
        boundaries.first { $0.id == identifier }?.path
    }
    open func removeBoundary(withIdentifier identifier: AnyHashable) {
        boundaries.removeAll { $0.id == identifier }
        changed()
    }
    open var boundaryIdentifiers: [AnyHashable]? { boundaries.isEmpty ? nil : boundaries.map(\.id) }
    open func removeAllBoundaries() {
        boundaries = []
        changed()
    }

    /// The reference bounds (identifier nil) and the boundaries as the solver sees them.
    func worldBoundaries(reference: CGRect) -> [(AnyHashable?, DynamicBoundary)] {
        var result: [(AnyHashable?, DynamicBoundary)] = []
        if let insets = referenceInsets {
            result.append((nil, .box(reference.inset(by: insets))))
        }
        for boundary in boundaries { result.append((boundary.id, .segments(Self.segments(of: boundary.path.cgPath)))) }
        return result
    }
    /// The position of a boundary in the order they were added (the reference bounds first), for the
    /// order the delegate hears of contacts.
    func boundaryOrder(_ id: AnyHashable?) -> Int {
        guard let id else { return -1 }
        return boundaries.firstIndex { $0.id == id } ?? boundaries.count
    }

    static func segments(of path: CGPath) -> [(Vec2, Vec2)] {
        var segments: [(Vec2, Vec2)] = []
        var current = Vec2.zero, start = Vec2.zero
        let pieces = 16
        for element in path.elements {
            switch element {
            case .move(let p):
                current = Vec2(p); start = current
            case .line(let p):
                segments.append((current, Vec2(p))); current = Vec2(p)
            case .quadCurve(let p, let c):
                let p0 = current, p1 = Vec2(c), p2 = Vec2(p)
                for i in 1...pieces {
                    let t = Double(i) / Double(pieces), u = 1 - t
                    let next = (u * u) * p0 + (2 * u * t) * p1 + (t * t) * p2
                    segments.append((current, next)); current = next
                }
            case .curve(let p, let c1, let c2):
                let p0 = current, p1 = Vec2(c1), p2 = Vec2(c2), p3 = Vec2(p)
                for i in 1...pieces {
                    let t = Double(i) / Double(pieces), u = 1 - t
                    let next = (u * u * u) * p0 + (3 * u * u * t) * p1 + (3 * u * t * t) * p2 + (t * t * t) * p3
                    segments.append((current, next)); current = next
                }
            case .close:
                if current != start { segments.append((current, start)) }
                current = start
            }
        }
        return segments
    }

    override var movedItems: [any UIDynamicItem] { list }
}

/// Hears when items start and stop touching each other or a boundary (identifier nil: the reference bounds).
public protocol UICollisionBehaviorDelegate: AnyObject {
    func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item1: any UIDynamicItem,
                           with item2: any UIDynamicItem, at p: CGPoint)
    func collisionBehavior(_ behavior: UICollisionBehavior, endedContactFor item1: any UIDynamicItem,
                           with item2: any UIDynamicItem)
    func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item: any UIDynamicItem,
                           withBoundaryIdentifier identifier: AnyHashable?, at p: CGPoint)
    func collisionBehavior(_ behavior: UICollisionBehavior, endedContactFor item: any UIDynamicItem,
                           withBoundaryIdentifier identifier: AnyHashable?)
}

extension UICollisionBehaviorDelegate {
    public func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item1: any UIDynamicItem,
                                  with item2: any UIDynamicItem, at p: CGPoint) {}
    public func collisionBehavior(_ behavior: UICollisionBehavior, endedContactFor item1: any UIDynamicItem,
                                  with item2: any UIDynamicItem) {}
    public func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item: any UIDynamicItem,
                                  withBoundaryIdentifier identifier: AnyHashable?, at p: CGPoint) {}
    public func collisionBehavior(_ behavior: UICollisionBehavior, endedContactFor item: any UIDynamicItem,
                                  withBoundaryIdentifier identifier: AnyHashable?) {}
}

/// A range of floats (Apple's `UIFloatRange`).
public struct UIFloatRange: Equatable, Hashable, Sendable {
    public var minimum: CGFloat
    public var maximum: CGFloat
    public init(minimum: CGFloat, maximum: CGFloat) { self.minimum = minimum; self.maximum = maximum }
    public static let zero = UIFloatRange(minimum: 0, maximum: 0)
    public static let infinite = UIFloatRange(minimum: -.infinity, maximum: .infinity)
    public var isInfinite: Bool { minimum == -.infinity && maximum == .infinity }
}

/// Attaches an item to an anchor point or to another item: a rigid rod of `length` while `frequency` is
/// 0 (the default), else a spring of that frequency (Hz) and damping ratio. `limitAttachment` is a rope
/// (at most `length`), `pinAttachment` joins two items at a point (they turn freely about it);
/// `fixedAttachment` joins them there too but does not lock their rotations together (see
/// docs/UIKIT-COMPATIBILITY.md).
open class UIAttachmentBehavior: UIDynamicBehavior {
    public enum AttachmentType: Int, Sendable { case items, anchor }

    private let first: any UIDynamicItem
    private let second: (any UIDynamicItem)?
    private let offsetFirst: UIOffset
    private let offsetSecond: UIOffset
    private var anchor: CGPoint
    private var restLength: CGFloat
    private var springDamping: CGFloat = 0
    private var springFrequency: CGFloat = 0
    private var isRope = false

    public init(item: any UIDynamicItem, offsetFromCenter offset: UIOffset, attachedToAnchor point: CGPoint) {
        first = item; second = nil; offsetFirst = offset; offsetSecond = UIOffset(horizontal: 0, vertical: 0); anchor = point
        let start = CGPoint(x: item.center.x + offset.horizontal, y: item.center.y + offset.vertical)
        restLength = hypot(point.x - start.x, point.y - start.y)
        super.init()
    }
    public convenience init(item: any UIDynamicItem, attachedToAnchor point: CGPoint) {
        self.init(item: item, offsetFromCenter: UIOffset(horizontal: 0, vertical: 0), attachedToAnchor: point)
    }
    public init(item item1: any UIDynamicItem, offsetFromCenter offset1: UIOffset,
                attachedTo item2: any UIDynamicItem, offsetFromCenter offset2: UIOffset) {
        first = item1; second = item2; offsetFirst = offset1; offsetSecond = offset2; anchor = .zero
        restLength = hypot(item2.center.x + offset2.horizontal - item1.center.x - offset1.horizontal,
                           item2.center.y + offset2.vertical - item1.center.y - offset1.vertical)
        super.init()
    }
    public convenience init(item item1: any UIDynamicItem, attachedTo item2: any UIDynamicItem) {
        let zero = UIOffset(horizontal: 0, vertical: 0)
        self.init(item: item1, offsetFromCenter: zero, attachedTo: item2, offsetFromCenter: zero)
    }

    /// Two items joined at `point` (reference coordinates), turning freely about it.
    open class func pinAttachment(with item1: any UIDynamicItem, attachedTo item2: any UIDynamicItem,
                                  attachmentAnchor point: CGPoint) -> UIAttachmentBehavior {
        let behavior = UIAttachmentBehavior(item: item1, offsetFromCenter: offset(of: point, on: item1),
                                            attachedTo: item2, offsetFromCenter: offset(of: point, on: item2))
        behavior.length = 0
        return behavior
    }
    /// Two items joined at `point` (here as `pinAttachment`: their rotations are not locked together).
    open class func fixedAttachment(with item1: any UIDynamicItem, attachedTo item2: any UIDynamicItem,
                                    attachmentAnchor point: CGPoint) -> UIAttachmentBehavior {
        pinAttachment(with: item1, attachedTo: item2, attachmentAnchor: point)
    }
    /// A rope between two points on two items: at most its length apart.
    open class func limitAttachment(with item1: any UIDynamicItem, offsetFromCenter offset1: UIOffset,
                                    attachedTo item2: any UIDynamicItem, offsetFromCenter offset2: UIOffset) -> UIAttachmentBehavior {
        let behavior = UIAttachmentBehavior(item: item1, offsetFromCenter: offset1, attachedTo: item2, offsetFromCenter: offset2)
        behavior.isRope = true
        return behavior
    }
    private static func offset(of point: CGPoint, on item: any UIDynamicItem) -> UIOffset {
        // In the item's own frame, so the point turns with it.
        let angle = -atan2(item.transform.b, item.transform.a)
        let dx = point.x - item.center.x, dy = point.y - item.center.y
        return UIOffset(horizontal: dx * cos(angle) - dy * sin(angle), vertical: dx * sin(angle) + dy * cos(angle))
    }

    open var items: [any UIDynamicItem] { [first] + (second.map { [$0] } ?? []) }
    open var attachedBehaviorType: AttachmentType { second == nil ? .anchor : .items }
    open var anchorPoint: CGPoint {
        get { anchor }
        set { anchor = newValue; changed() }
    }
    open var length: CGFloat {
        get { restLength }
        set { restLength = max(newValue, 0); changed() }
    }
    /// The spring's damping ratio (used when `frequency` > 0).
    open var damping: CGFloat {
        get { springDamping }
        set { springDamping = newValue; changed() }
    }
    /// The spring's frequency in Hz; 0 makes the attachment rigid.
    open var frequency: CGFloat {
        get { springFrequency }
        set { springFrequency = newValue; changed() }
    }

    override var movedItems: [any UIDynamicItem] { items }

    private func points(in animator: UIDynamicAnimator) -> (DynamicBody, Vec2, DynamicBody?, Vec2) {
        let a = animator.body(for: first)
        let b = second.map { animator.body(for: $0) }
        let pa = a.worldPoint(Vec2(x: Double(offsetFirst.horizontal), y: Double(offsetFirst.vertical)))
        let pb = b.map { $0.worldPoint(Vec2(x: Double(offsetSecond.horizontal), y: Double(offsetSecond.vertical))) } ?? Vec2(anchor)
        return (a, pa, b, pb)
    }

    /// The rigid form, for the velocity and position passes (nil while it is a spring).
    func joint(in animator: UIDynamicAnimator) -> DistanceJoint? {
        guard springFrequency <= 0 else { return nil }
        let a = animator.body(for: first)
        return DistanceJoint(a: a, offsetA: Vec2(x: Double(offsetFirst.horizontal), y: Double(offsetFirst.vertical)),
                             b: second.map { animator.body(for: $0) },
                             offsetB: Vec2(x: Double(offsetSecond.horizontal), y: Double(offsetSecond.vertical)),
                             anchor: Vec2(anchor), length: Double(restLength), isRope: isRope)
    }

    /// The spring form: a force k·stretch + c·(stretching speed) along the attachment, with k and c from the
    /// frequency and damping ratio and the pair's reduced mass, so the pair oscillates at `frequency`.
    override func applyForces(_ animator: UIDynamicAnimator, step h: Double) {
        guard springFrequency > 0 else { return }
        let (a, pa, b, pb) = points(in: animator)
        let delta = pb - pa
        let distance = delta.length
        guard distance > 1e-9 else { return }
        let axis = (1 / distance) * delta
        let inverseMass = a.inverseMass + (b?.inverseMass ?? 0)
        guard inverseMass > 0 else { return }
        let mass = 1 / inverseMass
        let omega = 2 * Double.pi * Double(springFrequency)
        let stretch = distance - Double(restLength)
        let speed = ((b?.velocity(at: pb) ?? .zero) - a.velocity(at: pa)).dot(axis)
        let pull = mass * omega * omega * stretch + 2 * mass * Double(springDamping) * omega * speed
        a.applyForce(pull * axis, at: pa)
        b?.applyForce(-pull * axis, at: pb)
    }
}

/// Pushes items: a continuous force, or one impulse (`.instantaneous`, which then sets `active` false).
/// Magnitude 1 is Apple's UIKit newton: it accelerates a 100 × 100 item of density 1 at 100 points/s²
/// (continuous), or changes its velocity by 100 points/s (instantaneous).
open class UIPushBehavior: UIDynamicBehavior {
    public enum Mode: Int, Sendable { case continuous, instantaneous }

    private var list: [any UIDynamicItem]
    public let mode: Mode
    private var isActive = true
    private var direction = CGVector(dx: 0, dy: 0)
    private var offsets: [ObjectIdentifier: UIOffset] = [:]

    public init(items: [any UIDynamicItem], mode: Mode) {
        list = items
        self.mode = mode
        super.init()
    }

    open func addItem(_ item: any UIDynamicItem) { list.append(item); changed() }
    open func removeItem(_ item: any UIDynamicItem) { UIKit.removeItem(item, from: &list); changed() }
    open var items: [any UIDynamicItem] { list }

    open var active: Bool {
        get { isActive }
        set { isActive = newValue; changed() }
    }
    open var pushDirection: CGVector {
        get { direction }
        set { direction = newValue; changed() }
    }
    open var angle: CGFloat {
        get { direction.angle }
        set { setAngle(newValue, magnitude: magnitude) }
    }
    open var magnitude: CGFloat {
        get { direction.magnitude }
        set { setAngle(angle, magnitude: newValue) }
    }
    open func setAngle(_ angle: CGFloat, magnitude: CGFloat) {
        pushDirection = CGVector(angle: angle, magnitude: magnitude)
    }
    /// Where the push acts, from the item's centre in its own frame (off centre it also turns the item).
    open func targetOffsetFromCenter(for item: any UIDynamicItem) -> UIOffset { offsets[ObjectIdentifier(item)] ?? .zero }
    open func setTargetOffsetFromCenter(_ offset: UIOffset, for item: any UIDynamicItem) {
        offsets[ObjectIdentifier(item)] = offset
        changed()
    }

    override var movedItems: [any UIDynamicItem] { list }
    override var keepsMoving: Bool { isActive && mode == .continuous && magnitude > 0 }
    override func applyForces(_ animator: UIDynamicAnimator, step h: Double) {
        guard isActive else { return }
        let push = 100 * Vec2(direction)
        for item in list {
            let body = animator.body(for: item)
            let offset = targetOffsetFromCenter(for: item)
            let point = body.worldPoint(Vec2(x: Double(offset.horizontal), y: Double(offset.vertical)))
            switch mode {
            case .continuous: body.applyForce(push, at: point)
            case .instantaneous: body.applyImpulse(push, at: point)
            }
        }
        if mode == .instantaneous { isActive = false }
    }
}

/// Moves an item to a point with a spring and turns it upright.
///
/// Apple does not publish the spring: here it has a natural frequency of 2 Hz and a damping ratio of
/// 0.15 + 0.85 × `damping` (the default 0.5 overshoots a little; 1 is critically damped).
open class UISnapBehavior: UIDynamicBehavior {
    private let item: any UIDynamicItem
    private var point: CGPoint
    private var ratio: CGFloat = 0.5

    public init(item: any UIDynamicItem, snapTo point: CGPoint) {
        self.item = item
        self.point = point
        super.init()
    }
    open var snapPoint: CGPoint {
        get { point }
        set { point = newValue; changed() }
    }
    /// 0 (most oscillation) to 1 (least); 0.5 by default.
    open var damping: CGFloat {
        get { ratio }
        set { ratio = newValue; changed() }
    }

    static let frequency = 2.0
    override var movedItems: [any UIDynamicItem] { [item] }
    override func applyForces(_ animator: UIDynamicAnimator, step h: Double) {
        let body = animator.body(for: item)
        let omega = 2 * Double.pi * Self.frequency
        let zeta = 0.15 + 0.85 * Double(min(max(ratio, 0), 1))
        let acceleration = (omega * omega) * (Vec2(point) - body.position) - (2 * zeta * omega) * body.velocity
        body.force += body.mass * acceleration
        if body.inverseInertia > 0 {
            let angular = -omega * omega * remainder(body.angle, 2 * Double.pi) - 2 * zeta * omega * body.angularVelocity
            body.torque += angular / body.inverseInertia
        }
    }
}

/// The material of items: elasticity, friction, density, resistance, rotation; and velocities to add.
open class UIDynamicItemBehavior: UIDynamicBehavior {
    private var list: [any UIDynamicItem]
    var material = DynamicMaterial()

    public init(items: [any UIDynamicItem]) {
        list = items
        super.init()
    }

    open func addItem(_ item: any UIDynamicItem) { list.append(item); changed() }
    open func removeItem(_ item: any UIDynamicItem) { UIKit.removeItem(item, from: &list); changed() }
    open var items: [any UIDynamicItem] { list }

    /// Restitution of collisions, 0 (none) to 1 (a bounce back at full speed).
    open var elasticity: CGFloat { get { CGFloat(material.elasticity) } set { material.elasticity = Double(newValue); changed() } }
    /// Coulomb friction of sliding contacts (0: none).
    open var friction: CGFloat { get { CGFloat(material.friction) } set { material.friction = Double(newValue); changed() } }
    /// Mass per area: 1 gives a 100 × 100 item mass 1.
    open var density: CGFloat { get { CGFloat(material.density) } set { material.density = Double(newValue); changed() } }
    /// Linear damping (per second).
    open var resistance: CGFloat { get { CGFloat(material.resistance) } set { material.resistance = Double(newValue); changed() } }
    /// Angular damping (per second).
    open var angularResistance: CGFloat {
        get { CGFloat(material.angularResistance) }
        set { material.angularResistance = Double(newValue); changed() }
    }
    /// Stored for `UIFieldBehavior`, which this package does not have (see docs/UIKIT-COMPATIBILITY.md).
    open var charge: CGFloat { get { CGFloat(material.charge) } set { material.charge = Double(newValue) } }
    /// An anchored item takes part in collisions but never moves.
    open var isAnchored: Bool { get { material.isAnchored } set { material.isAnchored = newValue; changed() } }
    open var allowsRotation: Bool { get { material.allowsRotation } set { material.allowsRotation = newValue; changed() } }

    /// Adds to the item's velocity (points/s), e.g. a pan's velocity at release.
    open func addLinearVelocity(_ velocity: CGPoint, for item: any UIDynamicItem) {
        guard let animator = dynamicAnimator else { pendingLinear.append((item, Vec2(velocity))); return }
        animator.body(for: item).velocity += Vec2(velocity)
        changed()
    }
    open func linearVelocity(for item: any UIDynamicItem) -> CGPoint {
        dynamicAnimator?.existingBody(for: item)?.velocity.point ?? .zero
    }
    /// Adds to the item's angular velocity (radians/s).
    open func addAngularVelocity(_ velocity: CGFloat, for item: any UIDynamicItem) {
        guard let animator = dynamicAnimator else { pendingAngular.append((item, Double(velocity))); return }
        animator.body(for: item).angularVelocity += Double(velocity)
        changed()
    }
    open func angularVelocity(for item: any UIDynamicItem) -> CGFloat {
        CGFloat(dynamicAnimator?.existingBody(for: item)?.angularVelocity ?? 0)
    }

    /// Velocities added before the behaviour joined an animator, given when it does.
    private var pendingLinear: [(any UIDynamicItem, Vec2)] = []
    private var pendingAngular: [(any UIDynamicItem, Double)] = []

    override var movedItems: [any UIDynamicItem] { list }
    override func applyForces(_ animator: UIDynamicAnimator, step h: Double) {
        for (item, velocity) in pendingLinear { animator.body(for: item).velocity += velocity }
        for (item, velocity) in pendingAngular { animator.body(for: item).angularVelocity += velocity }
        pendingLinear = []; pendingAngular = []
    }
}

/// A force's direction as gravity and push behaviours describe it: an angle (radians clockwise from the
/// x axis, y down) and a magnitude.
extension CGVector {
    var angle: CGFloat { atan2(dy, dx) }
    var magnitude: CGFloat { (dx * dx + dy * dy).squareRoot() }
    init(angle: CGFloat, magnitude: CGFloat) { self.init(dx: cos(angle) * magnitude, dy: sin(angle) * magnitude) }
}
