import Foundation

/// Hears when an animator starts moving its items again and when they come to rest.
public protocol UIDynamicAnimatorDelegate: AnyObject {
    func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator)
    func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator)
}

extension UIDynamicAnimatorDelegate {
    public func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator) {}
    public func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator) {}
}

/// UIKit Dynamics on the virtual clock: runs its behaviours' physics on the items and writes their
/// `center` (and `transform`, once they turn), so the render shows them.
///
/// The physics steps at a fixed 240 Hz (`DynamicsWorld.swift` says how), so results do not depend on the
/// output's frame rate; the items are written and the behaviours' `action` blocks run after every step,
/// and the animator catches up on each display frame (before its layout and render). Coordinates are
/// the reference view's: the items are its subviews. When every item has been still (under 1 point/s and
/// 0.02 rad/s) for 0.1 s the animator pauses (`isRunning` false, `dynamicAnimatorDidPause`); adding or
/// removing a behaviour, changing one, adding velocity or `updateItem(usingCurrentState:)` resumes it. A
/// running animator keeps the scene from settling, as an app's animation would.
open class UIDynamicAnimator {
    public static let stepRate = 240.0

    open private(set) weak var referenceView: UIView?
    open weak var delegate: (any UIDynamicAnimatorDelegate)?
    private var topBehaviors: [UIDynamicBehavior] = []
    private var bodies: [ObjectIdentifier: DynamicBody] = [:]
    private var running = false
    private var stepsDone = 0
    private var stillSteps = 0
    private var pending: (timeline: Timeline, event: Int)?
    private var elapsed: TimeInterval = 0
    /// Contacts of the last step, for the collision delegates' began/ended.
    private var touching: [ObjectIdentifier: Set<ContactKey>] = [:]

    public init(referenceView view: UIView) {
        referenceView = view
    }

    open var behaviors: [UIDynamicBehavior] { topBehaviors }
    /// Whether the items are moving (false once they came to rest, until something moves them again).
    open var isRunning: Bool { running }
    /// Seconds of simulation since the animator first ran (not counting pauses).
    open func elapsedTime() -> TimeInterval { elapsed }

    open func addBehavior(_ behavior: UIDynamicBehavior) {
        guard !topBehaviors.contains(where: { $0 === behavior }) else { return }
        behavior.attach(to: self)
        topBehaviors.append(behavior)
        wake()
    }
    open func removeBehavior(_ behavior: UIDynamicBehavior) {
        guard let index = topBehaviors.firstIndex(where: { $0 === behavior }) else { return }
        topBehaviors.remove(at: index)
        behavior.attach(to: nil)
        pruneBodies()
        wake()
    }
    open func removeAllBehaviors() {
        for behavior in topBehaviors { behavior.attach(to: nil) }
        topBehaviors = []
        pruneBodies()
        pause()
    }

    /// The items whose rotated frames meet `rect`.
    open func items(in rect: CGRect) -> [any UIDynamicItem] {
        allItems().filter { item in
            let body = body(for: item)
            let xs = body.corners.map(\.x), ys = body.corners.map(\.y)
            let box = CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
            return box.intersects(rect)
        }
    }

    /// Takes the item's centre, rotation and size as they are now (after code moved it).
    open func updateItem(usingCurrentState item: any UIDynamicItem) {
        bodies[ObjectIdentifier(item)]?.reload()
        wake()
    }

    // MARK: - Bodies

    func body(for item: any UIDynamicItem) -> DynamicBody {
        let id = ObjectIdentifier(item)
        if let body = bodies[id] { return body }
        let body = DynamicBody(item: item)
        bodies[id] = body
        return body
    }
    func existingBody(for item: any UIDynamicItem) -> DynamicBody? { bodies[ObjectIdentifier(item)] }

    private func flattened() -> [UIDynamicBehavior] {
        var all: [UIDynamicBehavior] = []
        func visit(_ behavior: UIDynamicBehavior) { all.append(behavior); behavior.childBehaviors.forEach(visit) }
        topBehaviors.forEach(visit)
        return all
    }
    private func allItems() -> [any UIDynamicItem] {
        var seen = Set<ObjectIdentifier>(), items: [any UIDynamicItem] = []
        for behavior in flattened() {
            for item in behavior.movedItems where seen.insert(ObjectIdentifier(item)).inserted { items.append(item) }
        }
        return items
    }
    private func pruneBodies() {
        let live = Set(allItems().map(ObjectIdentifier.init))
        bodies = bodies.filter { live.contains($0.key) }
    }

    // MARK: - Running on the clock

    /// Starts stepping again (something may move).
    func wake() {
        stillSteps = 0
        guard !running, !topBehaviors.isEmpty else { return }
        let timeline = Timeline.current
        running = true
        stepsDone = Int((timeline.now * Self.stepRate + 1e-6).rounded(.down))
        delegate?.dynamicAnimatorWillResume(self)
        scheduleFrame()
    }

    private func pause() {
        guard running else { return }
        running = false
        if let pending { pending.timeline.cancel(pending.event); self.pending = nil }
        delegate?.dynamicAnimatorDidPause(self)
    }

    /// The next display frame strictly after now.
    private func scheduleFrame() {
        let timeline = Timeline.current
        let rate = Double(timeline.frameRate)
        let frame = Int((timeline.now * rate + 1e-6).rounded(.down)) + 1
        let event = timeline.schedule(at: Double(frame) / rate) { [weak self] in
            guard let self else { return }
            pending = nil
            frameArrived()
        }
        pending = (timeline, event)
    }

    private func frameArrived() {
        let target = Int((Timeline.current.now * Self.stepRate + 1e-6).rounded(.down))
        while running, stepsDone < target {
            stepsDone += 1
            step(1 / Self.stepRate)
        }
        if running, pending == nil { scheduleFrame() }
    }

    // MARK: - One step

    private func step(_ h: Double) {
        let behaviors = flattened()
        let items = allItems()
        let moving = items.map { body(for: $0) }
        // Materials: the last item behaviour naming an item decides.
        for body in moving { body.material = DynamicMaterial() }
        for case let itemBehavior as UIDynamicItemBehavior in behaviors {
            for item in itemBehavior.items { body(for: item).material = itemBehavior.material }
        }
        for body in moving { body.force = .zero; body.torque = 0 }
        let startVelocities = moving.map { ($0.velocity, $0.angularVelocity) }
        for behavior in behaviors { behavior.applyForces(self, step: h) }

        for body in moving {
            body.velocity += (h * body.inverseMass) * body.force
            body.angularVelocity += h * body.inverseInertia * body.torque
            // Resistance as Box2D's damping: v ← v / (1 + h·c).
            body.velocity = (1 / (1 + h * max(body.material.resistance, 0))) * body.velocity
            body.angularVelocity /= 1 + h * max(body.material.angularResistance, 0)
            if body.inverseMass == 0 { body.velocity = .zero }
            if body.inverseInertia == 0 { body.angularVelocity = 0 }
        }

        let collisions = behaviors.compactMap { $0 as? UICollisionBehavior }
        var contacts = collisions.flatMap { findContacts($0) }
        for index in contacts.indices {
            let c = contacts[index]
            let approach = (c.body.velocity(at: c.point) - (c.other?.velocity(at: c.point) ?? .zero)).dot(c.normal)
            contacts[index].bounce = approach < -ContactFinder.bounceThreshold ? -c.elasticity * approach : 0
        }
        let joints = behaviors.compactMap { ($0 as? UIAttachmentBehavior)?.joint(in: self) }
        for _ in 0..<10 {
            for joint in joints { joint.solveVelocity() }
            for index in contacts.indices { contacts[index].solve() }
        }

        for (body, start) in zip(moving, startVelocities) {
            body.position += (h / 2) * (start.0 + body.velocity)
            let turn = h / 2 * (start.1 + body.angularVelocity)
            if turn != 0 { body.angle += turn; body.hasRotated = true }
        }
        for _ in 0..<3 {
            for collision in collisions {
                for contact in ContactFinder.deepestPerPair(findContacts(collision)) { ContactFinder.separate(contact) }
            }
            for joint in joints { joint.solvePosition() }
        }

        for body in moving {
            guard let item = body.item else { continue }
            item.center = body.position.point
            if body.hasRotated { item.transform = CGAffineTransform(rotationAngle: CGFloat(body.angle)) }
        }
        for collision in collisions { report(collision) }
        elapsed += h
        for behavior in behaviors { behavior.action?() }

        let still = moving.allSatisfy { $0.inverseMass == 0 || ($0.velocity.length < 1 && abs($0.angularVelocity) < 0.02) }
            && !behaviors.contains { $0.keepsMoving }
        stillSteps = still ? stillSteps + 1 : 0
        if stillSteps >= Int(0.1 * Self.stepRate) || moving.isEmpty { pause() }
    }

    // MARK: - Collisions

    private func findContacts(_ collision: UICollisionBehavior, margin: Double = 0) -> [Contact] {
        let bodies = collision.items.map { body(for: $0) }
        var contacts: [Contact] = []
        if collision.collisionMode.contains(.boundaries) {
            let boundaries = collision.worldBoundaries(reference: referenceView?.bounds ?? .zero)
            for body in bodies {
                for (id, boundary) in boundaries { contacts += ContactFinder.contacts(body, boundary, id: id, margin: margin) }
            }
        }
        if collision.collisionMode.contains(.items) {
            for i in bodies.indices {
                for j in bodies.indices where j > i { contacts += ContactFinder.contacts(bodies[i], bodies[j], margin: margin) }
            }
        }
        return contacts
    }

    private func report(_ collision: UICollisionBehavior) {
        let key = ObjectIdentifier(collision)
        var now: [ContactKey: CGPoint] = [:]
        // Within a point counts as touching, so a resting item's contact does not flicker.
        for contact in findContacts(collision, margin: 1) {
            let entry = contact.other.map { ContactKey.items(contact.body.id, $0.id) } ?? .boundary(contact.body.id, contact.boundary)
            if now[entry] == nil { now[entry] = contact.point.point }
        }
        let before = touching[key] ?? []
        touching[key] = Set(now.keys)
        guard let delegate = collision.collisionDelegate else { return }
        let items = Dictionary(collision.items.map { (ObjectIdentifier($0), $0) }, uniquingKeysWith: { a, _ in a })
        // Told in the order of the behaviour's items (identities' hashes differ from run to run).
        let index = Dictionary(collision.items.enumerated().map { (ObjectIdentifier($1), $0) }, uniquingKeysWith: { a, _ in a })
        func order(_ key: ContactKey) -> [Int] {
            switch key {
            case .items(let a, let b): [0, index[a] ?? 0, index[b] ?? 0]
            case .boundary(let a, let id): [1, index[a] ?? 0, collision.boundaryOrder(id)]
            }
        }
        func sorted(_ keys: some Sequence<ContactKey>) -> [ContactKey] { keys.sorted { order($0).lexicographicallyPrecedes(order($1)) } }
        for entry in sorted(now.keys) where !before.contains(entry) {
            switch entry {
            case .items(let a, let b):
                if let first = items[a], let second = items[b] {
                    delegate.collisionBehavior(collision, beganContactFor: first, with: second, at: now[entry]!)
                }
            case .boundary(let a, let id):
                if let item = items[a] { delegate.collisionBehavior(collision, beganContactFor: item, withBoundaryIdentifier: id, at: now[entry]!) }
            }
        }
        for entry in sorted(before) where now[entry] == nil {
            switch entry {
            case .items(let a, let b):
                if let first = items[a], let second = items[b] { delegate.collisionBehavior(collision, endedContactFor: first, with: second) }
            case .boundary(let a, let id):
                if let item = items[a] { delegate.collisionBehavior(collision, endedContactFor: item, withBoundaryIdentifier: id) }
            }
        }
    }
}

/// Who touches whom, for the collision delegate.
enum ContactKey: Hashable {
    case items(ObjectIdentifier, ObjectIdentifier)
    case boundary(ObjectIdentifier, AnyHashable?)
}
