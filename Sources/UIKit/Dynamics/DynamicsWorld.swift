import Foundation

// The physics under UIKit Dynamics: rigid bodies in the reference view's plane, stepped at a fixed rate.
//
// Each step (Catto, "Iterative Dynamics with Temporal Coherence", GDC 2005; the scheme of Box2D):
// forces and springs change the velocities, contacts and rigid attachments are solved as velocity
// constraints by sequential impulses (accumulated and clamped, with friction bounded by the normal
// impulse), positions advance by the mean of the velocities before and after the step (exact for a
// constant acceleration, as velocity Verlet), then penetrations and stretched rigid attachments are
// projected out. Units are Apple's: points, seconds, and mass = density × area / 10,000 points², so a
// 100 × 100 item of density 1 has mass 1 (a push of magnitude 1 gives it 100 points/s²).

/// A 2-D vector of doubles for the solver.
struct Vec2: Equatable {
    var x: Double, y: Double
    static let zero = Vec2(x: 0, y: 0)
    init(x: Double, y: Double) { self.x = x; self.y = y }
    init(_ p: CGPoint) { x = Double(p.x); y = Double(p.y) }
    init(_ v: CGVector) { x = Double(v.dx); y = Double(v.dy) }
    var point: CGPoint { CGPoint(x: x, y: y) }
    var length: Double { (x * x + y * y).squareRoot() }
    static func + (a: Vec2, b: Vec2) -> Vec2 { Vec2(x: a.x + b.x, y: a.y + b.y) }
    static func - (a: Vec2, b: Vec2) -> Vec2 { Vec2(x: a.x - b.x, y: a.y - b.y) }
    static func * (s: Double, a: Vec2) -> Vec2 { Vec2(x: s * a.x, y: s * a.y) }
    static prefix func - (a: Vec2) -> Vec2 { Vec2(x: -a.x, y: -a.y) }
    static func += (a: inout Vec2, b: Vec2) { a = a + b }
    static func -= (a: inout Vec2, b: Vec2) { a = a - b }
    func dot(_ b: Vec2) -> Double { x * b.x + y * b.y }
    /// The z of the 3-D cross product.
    func cross(_ b: Vec2) -> Double { x * b.y - y * b.x }
    /// ω × r for an angular velocity ω about z.
    static func cross(_ w: Double, _ r: Vec2) -> Vec2 { Vec2(x: -w * r.y, y: w * r.x) }
    func rotated(by angle: Double) -> Vec2 {
        let c = cos(angle), s = sin(angle)
        return Vec2(x: c * x - s * y, y: s * x + c * y)
    }
    var perpendicular: Vec2 { Vec2(x: -y, y: x) }
}

/// The material of an item (`UIDynamicItemBehavior`'s properties).
struct DynamicMaterial {
    var elasticity = 0.0, friction = 0.0, density = 1.0, resistance = 0.0, angularResistance = 0.0
    var charge = 0.0
    var isAnchored = false, allowsRotation = true
}

/// One item as the solver sees it.
final class DynamicBody {
    weak var item: (any UIDynamicItem)?
    let id: ObjectIdentifier
    var position: Vec2
    var velocity = Vec2.zero
    var angle: Double
    var angularVelocity = 0.0
    var force = Vec2.zero
    var torque = 0.0
    var halfSize: Vec2
    var isCircle: Bool
    var material = DynamicMaterial()
    /// Whether the solver has turned the item (then the item's transform is written as the rotation).
    var hasRotated = false

    init(item: any UIDynamicItem) {
        self.item = item
        id = ObjectIdentifier(item)
        position = Vec2(item.center)
        angle = Double(atan2(item.transform.b, item.transform.a))
        halfSize = Vec2(x: Double(item.bounds.width) / 2, y: Double(item.bounds.height) / 2)
        isCircle = item.collisionBoundsType == .ellipse
        if item.collisionBoundsType == .path {
            let box = item.collisionBoundingPath.bounds
            if !box.isEmpty { halfSize = Vec2(x: Double(box.width) / 2, y: Double(box.height) / 2) }
        }
    }

    /// Reads the item's centre and rotation again (`updateItem(usingCurrentState:)`).
    func reload() {
        guard let item else { return }
        position = Vec2(item.center)
        angle = Double(atan2(item.transform.b, item.transform.a))
        halfSize = Vec2(x: Double(item.bounds.width) / 2, y: Double(item.bounds.height) / 2)
    }

    var mass: Double { max(material.density, 0) * 4 * halfSize.x * halfSize.y / 10_000 }
    var inverseMass: Double { material.isAnchored || mass <= 0 ? 0 : 1 / mass }
    /// A rectangle's m(w² + h²)/12; a disc's m r²/2.
    var inverseInertia: Double {
        guard !material.isAnchored, material.allowsRotation, mass > 0 else { return 0 }
        let inertia = isCircle ? mass * radius * radius / 2
            : mass * (4 * halfSize.x * halfSize.x + 4 * halfSize.y * halfSize.y) / 12
        return inertia > 0 ? 1 / inertia : 0
    }
    var radius: Double { min(halfSize.x, halfSize.y) }

    /// A point fixed to the body, `offset` from its centre in the item's own (unrotated) frame, in the world.
    func worldPoint(_ offset: Vec2) -> Vec2 { position + offset.rotated(by: angle) }
    func velocity(at point: Vec2) -> Vec2 { velocity + Vec2.cross(angularVelocity, point - position) }

    func applyImpulse(_ impulse: Vec2, at point: Vec2) {
        velocity += inverseMass * impulse
        angularVelocity += inverseInertia * (point - position).cross(impulse)
    }
    func applyForce(_ f: Vec2, at point: Vec2) {
        force += f
        torque += (point - position).cross(f)
    }

    /// The rectangle's corners in the world.
    var corners: [Vec2] {
        [Vec2(x: -halfSize.x, y: -halfSize.y), Vec2(x: halfSize.x, y: -halfSize.y),
         Vec2(x: halfSize.x, y: halfSize.y), Vec2(x: -halfSize.x, y: halfSize.y)].map(worldPoint)
    }
}

/// A touching pair found for one step: `normal` points from `other` (or the boundary) into `body`.
struct Contact {
    let body: DynamicBody
    let other: DynamicBody?
    let point: Vec2
    let normal: Vec2
    let depth: Double
    let boundary: AnyHashable?
    /// The restitution's target normal velocity, from the approach speed when the contact was found.
    var bounce = 0.0
    var normalImpulse = 0.0, tangentImpulse = 0.0
    var elasticity: Double { max(body.material.elasticity, other?.material.elasticity ?? 0) }
    var friction: Double {
        guard let other else { return body.material.friction }
        return (body.material.friction * other.material.friction).squareRoot()
    }

    mutating func solve() {
        let ra = point - body.position
        let rb = other.map { point - $0.position } ?? .zero
        let relative = body.velocity(at: point) - (other?.velocity(at: point) ?? .zero)
        let kNormal = Self.effectiveMass(body, ra, other, rb, normal)
        guard kNormal > 0 else { return }
        var lambda = -(relative.dot(normal) - bounce) / kNormal
        let accumulated = max(normalImpulse + lambda, 0)
        lambda = accumulated - normalImpulse
        normalImpulse = accumulated
        apply(lambda * normal, ra: ra, rb: rb)

        let tangent = normal.perpendicular
        let relativeAfter = body.velocity(at: point) - (other?.velocity(at: point) ?? .zero)
        let kTangent = Self.effectiveMass(body, ra, other, rb, tangent)
        guard kTangent > 0 else { return }
        let limit = friction * normalImpulse
        var lambdaT = -relativeAfter.dot(tangent) / kTangent
        let accumulatedT = min(max(tangentImpulse + lambdaT, -limit), limit)
        lambdaT = accumulatedT - tangentImpulse
        tangentImpulse = accumulatedT
        apply(lambdaT * tangent, ra: ra, rb: rb)
    }

    private func apply(_ impulse: Vec2, ra: Vec2, rb: Vec2) {
        body.velocity += body.inverseMass * impulse
        body.angularVelocity += body.inverseInertia * ra.cross(impulse)
        if let other {
            other.velocity -= other.inverseMass * impulse
            other.angularVelocity -= other.inverseInertia * rb.cross(impulse)
        }
    }

    static func effectiveMass(_ a: DynamicBody, _ ra: Vec2, _ b: DynamicBody?, _ rb: Vec2, _ axis: Vec2) -> Double {
        let ca = ra.cross(axis)
        var k = a.inverseMass + a.inverseInertia * ca * ca
        if let b { let cb = rb.cross(axis); k += b.inverseMass + b.inverseInertia * cb * cb }
        return k
    }
}

/// A boundary of a collision behaviour: the reference bounds (as four half-planes) or segments.
enum DynamicBoundary {
    case box(CGRect)
    case segments([(Vec2, Vec2)])
}

enum ContactFinder {
    /// Penetrations shallower than this stay (so resting contacts persist from step to step), and the
    /// approach speed below which a contact does not bounce.
    static let slop = 0.5
    static let bounceThreshold = 20.0

    /// Contacts of `body` with a boundary. With a `margin`, also pairs up to that far apart (the delegate's
    /// notion of touching, so a resting item does not flicker between touching and not).
    static func contacts(_ body: DynamicBody, _ boundary: DynamicBoundary, id: AnyHashable?, margin: Double = 0) -> [Contact] {
        var found: [Contact] = []
        switch boundary {
        case .box(let rect):
            let minX = Double(rect.minX), maxX = Double(rect.maxX), minY = Double(rect.minY), maxY = Double(rect.maxY)
            let planes: [(Vec2, Double)] = [(Vec2(x: 1, y: 0), minX), (Vec2(x: -1, y: 0), -maxX),
                                             (Vec2(x: 0, y: 1), minY), (Vec2(x: 0, y: -1), -maxY)]
            for (normal, offset) in planes {
                if body.isCircle {
                    let depth = offset - (body.position.dot(normal) - body.radius)
                    if depth > -margin {
                        found.append(Contact(body: body, other: nil, point: body.position - body.radius * normal,
                                             normal: normal, depth: depth, boundary: id))
                    }
                } else {
                    for corner in body.corners {
                        let depth = offset - corner.dot(normal)
                        if depth > -margin { found.append(Contact(body: body, other: nil, point: corner, normal: normal, depth: depth, boundary: id)) }
                    }
                }
            }
        case .segments(let segments):
            for (a, b) in segments {
                found += contacts(body, segmentFrom: a, to: b, id: id, margin: margin)
            }
        }
        return found
    }

    /// A segment pushes out what crosses it from the side the body's centre is on: a circle closer than
    /// its radius, or the corners of a rectangle that passed it (within the segment's extent and no deeper
    /// than the body's half-size, so a body is never pulled through).
    static func contacts(_ body: DynamicBody, segmentFrom a: Vec2, to b: Vec2, id: AnyHashable?, margin: Double = 0) -> [Contact] {
        let edge = b - a
        let length = edge.length
        guard length > 1e-9 else { return [] }
        let direction = (1 / length) * edge
        var normal = direction.perpendicular
        if (body.position - a).dot(normal) < 0 { normal = -normal }
        if body.isCircle {
            let along = min(max((body.position - a).dot(direction), 0), length)
            let closest = a + along * direction
            let offset = body.position - closest
            let distance = offset.length
            guard distance < body.radius + margin else { return [] }
            let n = distance > 1e-9 ? (1 / distance) * offset : normal
            return [Contact(body: body, other: nil, point: closest, normal: n, depth: body.radius - distance, boundary: id)]
        }
        let reach = max(body.halfSize.x, body.halfSize.y)
        return body.corners.compactMap { corner in
            let along = (corner - a).dot(direction)
            let depth = -(corner - a).dot(normal)
            guard along >= 0, along <= length, depth > -margin, depth < reach else { return nil }
            return Contact(body: body, other: nil, point: corner, normal: normal, depth: depth, boundary: id)
        }
    }

    /// Contacts between two items: circles by their centres, rectangles by each one's corners inside the
    /// other (pushed out through the nearest side), a circle and a rectangle by the rectangle's nearest point.
    static func contacts(_ a: DynamicBody, _ b: DynamicBody, margin: Double = 0) -> [Contact] {
        switch (a.isCircle, b.isCircle) {
        case (true, true):
            let offset = a.position - b.position
            let distance = offset.length
            let depth = a.radius + b.radius - distance
            guard depth > -margin else { return [] }
            let normal = distance > 1e-9 ? (1 / distance) * offset : Vec2(x: 0, y: -1)
            return [Contact(body: a, other: b, point: b.position + b.radius * normal, normal: normal, depth: depth, boundary: nil)]
        case (true, false):
            return circle(a, box: b, flipped: false, margin: margin)
        case (false, true):
            return circle(b, box: a, flipped: true, margin: margin)
        case (false, false):
            return corners(of: a, inside: b, flipped: false, margin: margin) + corners(of: b, inside: a, flipped: true, margin: margin)
        }
    }

    private static func corners(of a: DynamicBody, inside b: DynamicBody, flipped: Bool, margin: Double) -> [Contact] {
        a.corners.compactMap { corner in
            let local = (corner - b.position).rotated(by: -b.angle)
            let dx = b.halfSize.x - abs(local.x), dy = b.halfSize.y - abs(local.y)
            guard dx > -margin, dy > -margin else { return nil }
            let localNormal = dx < dy ? Vec2(x: local.x < 0 ? -1 : 1, y: 0) : Vec2(x: 0, y: local.y < 0 ? -1 : 1)
            let normal = localNormal.rotated(by: b.angle)  // out of b, into a
            let depth = min(dx, dy)
            return flipped
                ? Contact(body: b, other: a, point: corner, normal: -normal, depth: depth, boundary: nil)
                : Contact(body: a, other: b, point: corner, normal: normal, depth: depth, boundary: nil)
        }
    }

    private static func circle(_ c: DynamicBody, box: DynamicBody, flipped: Bool, margin: Double) -> [Contact] {
        let local = (c.position - box.position).rotated(by: -box.angle)
        let clamped = Vec2(x: min(max(local.x, -box.halfSize.x), box.halfSize.x), y: min(max(local.y, -box.halfSize.y), box.halfSize.y))
        let offset = local - clamped
        let distance = offset.length
        var localNormal: Vec2, depth: Double
        if distance > 1e-9 {
            guard distance < c.radius + margin else { return [] }
            localNormal = (1 / distance) * offset
            depth = c.radius - distance
        } else {
            // The centre is inside the box: out through the nearest side.
            let dx = box.halfSize.x - abs(local.x), dy = box.halfSize.y - abs(local.y)
            localNormal = dx < dy ? Vec2(x: local.x < 0 ? -1 : 1, y: 0) : Vec2(x: 0, y: local.y < 0 ? -1 : 1)
            depth = min(dx, dy) + c.radius
        }
        let normal = localNormal.rotated(by: box.angle)
        let point = box.position + clamped.rotated(by: box.angle)
        return flipped
            ? [Contact(body: box, other: c, point: point, normal: -normal, depth: depth, boundary: nil)]
            : [Contact(body: c, other: box, point: point, normal: normal, depth: depth, boundary: nil)]
    }

    /// The deepest contact of each pair along each normal: two corners of a box on one wall would
    /// otherwise push it out twice as far as it went in (and off the wall, losing the contact).
    static func deepestPerPair(_ contacts: [Contact]) -> [Contact] {
        struct Key: Hashable { let body: ObjectIdentifier; let other: ObjectIdentifier?; let nx: Int64; let ny: Int64 }
        var index: [Key: Int] = [:]
        var result: [Contact] = []
        for contact in contacts {
            let key = Key(body: contact.body.id, other: contact.other?.id,
                          nx: Int64((contact.normal.x * 1e6).rounded()), ny: Int64((contact.normal.y * 1e6).rounded()))
            if let at = index[key] {
                if contact.depth > result[at].depth { result[at] = contact }
            } else {
                index[key] = result.count
                result.append(contact)
            }
        }
        return result
    }

    /// Moves the bodies of `contact` apart along its normal by most of the penetration past the slop.
    static func separate(_ contact: Contact) {
        let correction = 0.8 * max(contact.depth - slop, 0)
        let total = contact.body.inverseMass + (contact.other?.inverseMass ?? 0)
        guard correction > 0, total > 0 else { return }
        contact.body.position += (correction * contact.body.inverseMass / total) * contact.normal
        if let other = contact.other { other.position -= (correction * other.inverseMass / total) * contact.normal }
    }
}

/// A distance held between two points (a rigid attachment): at most, at least or exactly `length`.
struct DistanceJoint {
    let a: DynamicBody
    let offsetA: Vec2
    /// The other body, or nil for a fixed anchor.
    let b: DynamicBody?
    let offsetB: Vec2
    let anchor: Vec2
    let length: Double
    /// A rope: only pulls (`limitAttachment`).
    let isRope: Bool

    private func points() -> (Vec2, Vec2) {
        (a.worldPoint(offsetA), b.map { $0.worldPoint(offsetB) } ?? anchor)
    }

    /// One velocity iteration along the joint's axis (both axes for a zero length, a pin).
    func solveVelocity() {
        let (pa, pb) = points()
        let delta = pb - pa
        let distance = delta.length
        let axes: [Vec2] = distance > 1e-6 && length > 0 ? [(1 / distance) * delta] : [Vec2(x: 1, y: 0), Vec2(x: 0, y: 1)]
        if isRope && distance < length { return }
        let ra = pa - a.position, rb = b.map { pb - $0.position } ?? .zero
        for axis in axes {
            let k = Contact.effectiveMass(a, ra, b, rb, axis)
            guard k > 0 else { continue }
            let relative = (b?.velocity(at: pb) ?? .zero) - a.velocity(at: pa)
            var lambda = -relative.dot(axis) / k
            if isRope { lambda = min(lambda, 0) }
            let impulse = lambda * axis
            a.applyImpulse(-impulse, at: pa)
            b?.applyImpulse(impulse, at: pb)
        }
    }

    /// Projects the positions back onto the joint (most of the error per pass).
    func solvePosition() {
        let (pa, pb) = points()
        let delta = pb - pa
        let distance = delta.length
        var error = distance - length
        if isRope { error = max(error, 0) }
        guard abs(error) > 1e-6, distance > 1e-9 else { return }
        let axis = (1 / distance) * delta
        let total = a.inverseMass + (b?.inverseMass ?? 0)
        guard total > 0 else { return }
        let move = 0.8 * error
        a.position += (move * a.inverseMass / total) * axis
        if let b { b.position -= (move * b.inverseMass / total) * axis }
    }
}
