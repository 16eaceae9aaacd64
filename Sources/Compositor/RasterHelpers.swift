import CoreGraphics
import QuartzCore
import Raster

// Small operations on Raster's types that only the compositor needs.

extension Paint {
    /// The paint with its geometry mapped by an affine transform (gradient end points).
    func mapped(by t: Transform2D) -> Paint {
        switch self {
        case .solid: self
        case .axialGradient(let start, let end, let stops): .axialGradient(start: t.apply(start), end: t.apply(end), stops: stops)
        }
    }
}

extension RoundedRect {
    func offsetBy(dx: Int, dy: Int) -> RoundedRect {
        RoundedRect(rect: rect.offsetBy(dx: CGFloat(dx), dy: CGFloat(dy)), radii: radii)
    }
    /// Whether `other` (a rounded rect) covers all of this shape: this shape's rectangle inside the other's
    /// rectangle with the other's corners no rounder where they meet (conservative).
    func contains(_ other: RoundedRect) -> Bool {
        guard rect.minX <= other.rect.minX, rect.minY <= other.rect.minY,
              rect.maxX >= other.rect.maxX, rect.maxY >= other.rect.maxY else { return false }
        let mine = [radii.topLeft, radii.topRight, radii.bottomLeft, radii.bottomRight]
        return mine.allSatisfy { $0 == 0 } || (rect == other.rect &&
            zip(mine, [other.radii.topLeft, other.radii.topRight, other.radii.bottomLeft, other.radii.bottomRight]).allSatisfy { $0 <= $1 })
    }
    /// Whether the rectangle `r` lies inside this shape: both are convex, so it does when its four corners do.
    func safelyContains(_ r: CGRect) -> Bool {
        guard rect.minX <= r.minX, rect.minY <= r.minY, rect.maxX >= r.maxX, rect.maxY >= r.maxY else { return false }
        func inside(_ p: CGPoint, _ radius: Double, _ cx: CGFloat, _ cy: CGFloat) -> Bool {
            let dx = Double(p.x - cx), dy = Double(p.y - cy)
            return dx * dx + dy * dy <= radius * radius + 1e-9
        }
        let (tl, tr, bl, br) = (radii.topLeft, radii.topRight, radii.bottomLeft, radii.bottomRight)
        let checks: [(CGPoint, Double, CGFloat, CGFloat, Bool)] = [
            (CGPoint(x: r.minX, y: r.minY), tl, rect.minX + CGFloat(tl), rect.minY + CGFloat(tl), r.minX < rect.minX + CGFloat(tl) && r.minY < rect.minY + CGFloat(tl)),
            (CGPoint(x: r.maxX, y: r.minY), tr, rect.maxX - CGFloat(tr), rect.minY + CGFloat(tr), r.maxX > rect.maxX - CGFloat(tr) && r.minY < rect.minY + CGFloat(tr)),
            (CGPoint(x: r.minX, y: r.maxY), bl, rect.minX + CGFloat(bl), rect.maxY - CGFloat(bl), r.minX < rect.minX + CGFloat(bl) && r.maxY > rect.maxY - CGFloat(bl)),
            (CGPoint(x: r.maxX, y: r.maxY), br, rect.maxX - CGFloat(br), rect.maxY - CGFloat(br), r.maxX > rect.maxX - CGFloat(br) && r.maxY > rect.maxY - CGFloat(br)),
        ]
        return checks.allSatisfy { point, radius, cx, cy, inCornerBox in !inCornerBox || inside(point, radius, cx, cy) }
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
