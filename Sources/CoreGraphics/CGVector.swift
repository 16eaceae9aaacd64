/// A two-dimensional vector (Apple's CoreGraphics type; swift-corelibs-foundation does not provide it).
/// UIKit uses it for spring velocities.
public struct CGVector: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var dx: CGFloat
    public var dy: CGFloat
    public init(dx: CGFloat, dy: CGFloat) { self.dx = dx; self.dy = dy }
    public init(dx: Double, dy: Double) { self.dx = CGFloat(dx); self.dy = CGFloat(dy) }
    public init(dx: Int, dy: Int) { self.dx = CGFloat(dx); self.dy = CGFloat(dy) }
    public init() { self.init(dx: CGFloat(0), dy: CGFloat(0)) }
    public static let zero = CGVector()
    public var description: String { "(\(dx), \(dy))" }
}
