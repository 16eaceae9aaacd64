// Paths: elements, rounded-rect and ellipse outlines, transforms and flattening to polygons.
//
// Flattening. Every curve is replaced by a polyline whose distance from the curve is at most
// `Path.flatteningTolerance` (0.002 px) in the space that is filled, so a pixel's coverage moves by at
// most ⅔ of that (0.34/255) — the exact-area rasterizer then fills the polygon exactly.
//  • Quadratic and cubic Béziers: n uniform parameter steps with Wang's bound
//    n = ⌈√(d(d−1)/8 · M / tol)⌉, M the largest second difference of the control points.
//  • Circular and elliptical arcs (rounded-rect corners, ellipses; kept exact under affine maps as
//    centre + two axis vectors): n equal angle steps with sagitta R·(1 − cos(θ/2)) ≤ tol, R the larger
//    semi-axis. The inner vertices sit on a slightly larger circle (radius ρ, endpoints stay on the
//    arc) chosen so that the polygon has exactly the area of the arc's sector: total areas of circles,
//    ellipses and rounded rects are exact, and no vertex is farther than the tolerance from the arc.
//  • Projective maps: the path is flattened in its own space with the tolerance divided by a bound on
//    the map's local scale over each segment's control hull (the Jacobian's Frobenius norm, whose entries
//    are linear over w², bounded at the hull's vertices), clipped to w ≥ ε (in front of the eye), then
//    the points are mapped — lines stay lines under projective maps, so the result is the exact image
//    of the source polygon.
import CoreGraphics

typealias Vec2 = SIMD2<Double>

/// An arc of the ellipse centre + u·cos θ + v·sin θ, θ from `start` to `end` (radians, either direction).
struct EllipticArc: Equatable, Sendable {
    var center: Vec2, u: Vec2, v: Vec2
    var start: Double, end: Double
    func point(_ t: Double) -> Vec2 { center + u * cos(t) + v * sin(t) }
}

enum PathElement: Equatable, Sendable {
    case move(Vec2)
    case line(Vec2)
    case quad(Vec2, Vec2)               // control, end
    case cubic(Vec2, Vec2, Vec2)        // control 1, control 2, end
    case arc(EllipticArc)               // a line from the current point to the arc's start, then the arc
    case close
}

/// Flattened contours (each implicitly closed), points in order.
struct Polygon {
    var points: [Vec2] = []
    /// End index (exclusive) of each contour in `points`.
    var contourEnds: [Int] = []

    var isFinite: Bool { points.allSatisfy { $0.x.isFinite && $0.y.isFinite } }

    var boundingBox: CGRect {
        guard let first = points.first else { return .null }
        var lo = first, hi = first
        for p in points { lo = pointwiseMin(lo, p); hi = pointwiseMax(hi, p) }
        return CGRect(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y)
    }

    /// The pixels that may have non-zero coverage (empty for a path without area or with bad points).
    var pixelBounds: PixelRect {
        guard points.count >= 3, isFinite else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        return PixelRect(enclosing: boundingBox)
    }

    mutating func endContour(from start: Int) {
        if points.count - start >= 2 { contourEnds.append(points.count) } else { points.removeSubrange(start...) }
    }
}

extension Path {
    /// The largest distance between a curve and its flattened polyline, in pixels of the filled space.
    public static let flatteningTolerance = 0.002
    /// Above this many segments per curve, flattening gives up accuracy (only for absurd coordinates).
    static let maxSegments = 1 << 16

    // MARK: Building

    mutating func moveTo(_ p: Vec2) {
        analytic = nil
        if case .move? = elements.last { elements.removeLast() }   // consecutive moves: the last one counts
        elements.append(.move(p))
        contourStart = p; current = p; contourOpen = true
    }

    /// Starts a contour at the current point (or the origin) when none is open.
    private mutating func ensureContour() {
        if !contourOpen {
            let p = current ?? Vec2(0, 0)
            elements.append(.move(p))
            contourStart = p; current = p; contourOpen = true
        }
    }

    mutating func lineTo(_ p: Vec2) {
        analytic = nil
        ensureContour()
        elements.append(.line(p)); current = p
    }

    mutating func quadTo(_ c: Vec2, _ p: Vec2) {
        analytic = nil
        ensureContour()
        elements.append(.quad(c, p)); current = p
    }

    mutating func cubicTo(_ c1: Vec2, _ c2: Vec2, _ p: Vec2) {
        analytic = nil
        ensureContour()
        elements.append(.cubic(c1, c2, p)); current = p
    }

    mutating func arcTo(_ arc: EllipticArc) {
        analytic = nil
        if !contourOpen {
            let s = arc.point(arc.start)
            elements.append(.move(s))
            contourStart = s; contourOpen = true
        }
        elements.append(.arc(arc)); current = arc.point(arc.end)
    }

    mutating func closeContour() {
        guard contourOpen else { return }
        analytic = nil
        elements.append(.close)
        current = contourStart; contourOpen = false
    }

    /// Adds a circular arc: centre, radius, angles in radians measured from +x toward +y (clockwise on
    /// screen), drawn from `startAngle` to `endAngle` in the direction of their difference. A line joins
    /// the current point to the arc's start; without an open contour the arc starts one.
    public mutating func arc(center: CGPoint, radius: Double, startAngle: Double, endAngle: Double) {
        let r = Swift.max(0, radius)
        arcTo(EllipticArc(center: Vec2(Double(center.x), Double(center.y)), u: Vec2(r, 0), v: Vec2(0, r),
                          start: startAngle, end: endAngle))
    }

    /// Effective radii and outline of a rounded rect (see `init(roundedRect:radii:curve:)`).
    mutating func appendRoundedRect(_ rect: CGRect, radii: CornerRadii, curve: CornerCurve) {
        let shape = RoundedRect(rect: rect, radii: radii)   // standardizes; circular clamp
        let g = RoundedRectGeometry(shape)
        guard !g.isEmpty else { return }
        let x0 = g.x0, y0 = g.y0, x1 = g.x1, y1 = g.y1
        var r = (tl: g.tl, tr: g.tr, br: g.br, bl: g.bl)
        if curve == .continuous {
            // The corner curve needs 1.52866483·r of edge: larger radii are reduced to fit half the shorter side.
            let limit = Swift.min(x1 - x0, y1 - y0) / (2 * continuousCornerExtent)
            func c(_ v: Double) -> Double { Swift.min(v, limit) }
            r = (c(r.tl), c(r.tr), c(r.br), c(r.bl))
        }
        // Clockwise on screen from the top edge: corners TR, BR, BL, TL. For each corner: the vertex, the
        // unit vector back along the incoming edge (a) and along the outgoing edge (b).
        let corners: [(v: Vec2, a: Vec2, b: Vec2, r: Double)] = [
            (Vec2(x1, y0), Vec2(-1, 0), Vec2(0, 1), r.tr),
            (Vec2(x1, y1), Vec2(0, -1), Vec2(-1, 0), r.br),
            (Vec2(x0, y1), Vec2(1, 0), Vec2(0, -1), r.bl),
            (Vec2(x0, y0), Vec2(0, 1), Vec2(1, 0), r.tl),
        ]
        let tl = corners[3]
        let startExtent = curve == .continuous ? continuousCornerExtent * tl.r : tl.r
        moveTo(tl.v + tl.b * startExtent)
        for k in corners {
            func at(_ p: (Double, Double)) -> Vec2 { k.v + (k.a * p.0 + k.b * p.1) * k.r }
            if k.r <= 0 {
                lineTo(k.v)
            } else if curve == .circular {
                lineTo(at((1, 0)))
                // c + u·cos θ + v·sin θ: θ = 0 at the incoming tangent point, π/2 at the outgoing one.
                arcTo(EllipticArc(center: at((1, 1)), u: -k.b * k.r, v: -k.a * k.r, start: 0, end: .pi / 2))
            } else {
                lineTo(at((continuousCornerExtent, 0)))
                for s in continuousCornerSegments {
                    switch s {
                    case .line(let p): lineTo(at(p))
                    case .cubic(let c1, let c2, let p): cubicTo(at(c1), at(c2), at(p))
                    }
                }
            }
        }
        closeContour()
        if curve == .circular || (r.tl == 0 && r.tr == 0 && r.bl == 0 && r.br == 0) {
            analytic = RoundedRect(rect: CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0),
                                   radii: CornerRadii(topLeft: r.tl, topRight: r.tr, bottomLeft: r.bl, bottomRight: r.br))
        }
    }

    mutating func appendEllipse(_ rect: CGRect) {
        let r = rect.standardized
        let x0 = Double(r.minX), y0 = Double(r.minY), w = Double(r.width), h = Double(r.height)
        guard x0.isFinite, y0.isFinite, w.isFinite, h.isFinite, w > 0, h > 0 else { return }
        let c = Vec2(x0 + w / 2, y0 + h / 2)
        // Starts at the rightmost point and turns clockwise on screen, like CGPath.
        arcTo(EllipticArc(center: c, u: Vec2(w / 2, 0), v: Vec2(0, h / 2), start: 0, end: 2 * .pi))
        closeContour()
        if w == h {
            analytic = RoundedRect(rect: CGRect(x: x0, y: y0, width: w, height: h), radii: CornerRadii(all: w / 2))
        }
    }

    // MARK: Transforming

    func transformed(_ t: Transform2D) -> Path {
        var out = Path()
        if t.isAffine {
            let m = { (p: Vec2) in t.map(p) }
            let lin = { (v: Vec2) in Vec2(t.a * v.x + t.b * v.y, t.d * v.x + t.e * v.y) }
            out.elements = elements.map { e -> PathElement in
                switch e {
                case .move(let p): return .move(m(p))
                case .line(let p): return .line(m(p))
                case .quad(let c, let p): return .quad(m(c), m(p))
                case .cubic(let c1, let c2, let p): return .cubic(m(c1), m(c2), m(p))
                case .arc(let a): return .arc(EllipticArc(center: m(a.center), u: lin(a.u), v: lin(a.v), start: a.start, end: a.end))
                case .close: return .close
                }
            }
            out.contourStart = t.map(contourStart)
            out.current = current.map(m)
            out.contourOpen = contourOpen
            if let shape = analytic, t.isAxisAligned, t.a.isFinite, t.e.isFinite, t.c.isFinite, t.f.isFinite {
                out.analytic = shape.mapped(sx: t.a, sy: t.e, tx: t.c, ty: t.f)
            }
            return out
        }
        // Projective: flatten here with a tolerance scaled by the map's local scale, clip to w ≥ ε, map.
        let polygon = flattened(through: t)
        var start = 0
        for end in polygon.contourEnds {
            out.moveTo(polygon.points[start])
            for p in polygon.points[(start + 1)..<end] { out.lineTo(p) }
            out.closeContour()
            start = end
        }
        return out
    }

    // MARK: Flattening

    func flattenedBounds() -> CGRect {
        if let shape = analytic { return shape.rect }
        return flattened().boundingBox
    }

    /// The contours as polygons in this path's space.
    func flattened(tolerance: Double = Path.flatteningTolerance) -> Polygon {
        var flattener = Flattener(tolerance: tolerance, transform: nil)
        flattener.run(elements)
        return flattener.polygon
    }

    /// The contours flattened in this space for the map `t` (tolerance in the mapped space), clipped to the
    /// half-plane in front of the eye (w ≥ ε) and mapped.
    func flattened(through t: Transform2D, tolerance: Double = Path.flatteningTolerance) -> Polygon {
        var flattener = Flattener(tolerance: tolerance, transform: t)
        flattener.run(elements)
        let source = flattener.polygon
        // w = g·x + h·y + i must stay positive; ε relative to the matrix's size keeps mapped points finite.
        let scale = [t.a, t.b, t.c, t.d, t.e, t.f, t.g, t.h, t.i].reduce(0) { Swift.max($0, abs($1)) }
        let eps = 1e-9 * scale
        var out = Polygon()
        var start = 0
        for end in source.contourEnds {
            let contour = Array(source.points[start..<end])
            start = end
            let clipped = clipToHalfPlane(contour, g: t.g, h: t.h, i: t.i, eps: eps)
            let first = out.points.count
            for p in clipped { out.points.append(t.map(p)) }
            out.endContour(from: first)
        }
        return out
    }
}

/// Sutherland–Hodgman: the part of a closed contour where g·x + h·y + i ≥ eps.
func clipToHalfPlane(_ pts: [Vec2], g: Double, h: Double, i: Double, eps: Double) -> [Vec2] {
    func w(_ p: Vec2) -> Double { g * p.x + h * p.y + i - eps }
    if pts.allSatisfy({ w($0) >= 0 }) { return pts }
    var out: [Vec2] = []
    for k in pts.indices {
        let p = pts[k], q = pts[(k + 1) % pts.count]
        let wp = w(p), wq = w(q)
        if wp >= 0 { out.append(p) }
        if (wp >= 0) != (wq >= 0) {
            let s = wp / (wp - wq)
            out.append(p + (q - p) * s)
        }
    }
    return out
}

extension Transform2D {
    @inline(__always)
    func map(_ p: Vec2) -> Vec2 {
        let x = a * p.x + b * p.y + c, y = d * p.x + e * p.y + f
        if isAffine { return Vec2(x, y) }
        let w = g * p.x + h * p.y + i
        return Vec2(x / w, y / w)
    }

    /// An upper bound on the local scale (spectral norm of the Jacobian) over the convex hull of `hull`;
    /// infinity when w ≤ 0 somewhere on it.
    func localScaleBound(_ hull: [Vec2]) -> Double {
        if isAffine {
            return (a * a + b * b + d * d + e * e).squareRoot()
        }
        // J = N(p)/w², with N's entries linear in p (see the file comment).
        var m11 = 0.0, m12 = 0.0, m21 = 0.0, m22 = 0.0, wMin = Double.infinity
        for p in hull {
            m11 = Swift.max(m11, abs((a * h - b * g) * p.y + (a * i - c * g)))
            m12 = Swift.max(m12, abs((b * g - a * h) * p.x + (b * i - c * h)))
            m21 = Swift.max(m21, abs((d * h - e * g) * p.y + (d * i - f * g)))
            m22 = Swift.max(m22, abs((e * g - d * h) * p.x + (e * i - f * h)))
            wMin = Swift.min(wMin, g * p.x + h * p.y + i)
        }
        guard wMin > 0 else { return .infinity }
        return (m11 * m11 + m12 * m12 + m21 * m21 + m22 * m22).squareRoot() / (wMin * wMin)
    }
}

extension RoundedRect {
    /// The shape under x → sx·x + tx, y → sy·y + ty; nil when circular corners would become elliptical.
    func mapped(sx: Double, sy: Double, tx: Double, ty: Double) -> RoundedRect? {
        let hasCorners = radii.topLeft > 0 || radii.topRight > 0 || radii.bottomLeft > 0 || radii.bottomRight > 0
        if hasCorners && abs(sx) != abs(sy) { return nil }
        let k = abs(sx)
        var r = radii
        if sx < 0 { r = CornerRadii(topLeft: r.topRight, topRight: r.topLeft, bottomLeft: r.bottomRight, bottomRight: r.bottomLeft) }
        if sy < 0 { r = CornerRadii(topLeft: r.bottomLeft, topRight: r.bottomRight, bottomLeft: r.topLeft, bottomRight: r.topRight) }
        r = CornerRadii(topLeft: r.topLeft * k, topRight: r.topRight * k, bottomLeft: r.bottomLeft * k, bottomRight: r.bottomRight * k)
        let xa = Double(rect.minX) * sx + tx, xb = Double(rect.maxX) * sx + tx
        let ya = Double(rect.minY) * sy + ty, yb = Double(rect.maxY) * sy + ty
        let out = RoundedRect(rect: CGRect(x: Swift.min(xa, xb), y: Swift.min(ya, yb), width: abs(xb - xa), height: abs(yb - ya)), radii: r)
        return RoundedRectGeometry(out).isEmpty ? nil : out
    }
}

// MARK: - Continuous corners

/// How far along each edge a continuous corner's curve starts, in units of the radius.
let continuousCornerExtent = 1.52866483

enum CornerSegment {
    case line((Double, Double))
    case cubic((Double, Double), (Double, Double), (Double, Double))
}

/// One continuous corner in units of r, from (1.52866483, 0) on the incoming edge to (0, 1.52866483) on
/// the outgoing one; (p, q) means vertex + r·(p·a + q·b) with a, b the unit vectors from the vertex along
/// the incoming and outgoing edges. The second half mirrors the first (p ↔ q, reversed).
let continuousCornerSegments: [CornerSegment] = {
    let first: [CornerSegment] = [
        .cubic((1.08849323, 0), (0.86840689, 0), (0.66993427, 0.065496)),
        .line((0.63149399, 0.074911)),
        .cubic((0.37282392, 0.16905899), (0.16906013, 0.37282401), (0.07491176, 0.63149399)),
    ]
    return first + [
        .line((0.065496, 0.66993427)),
        .cubic((0, 0.86840689), (0, 1.08849323), (0, continuousCornerExtent)),
    ]
}()

// MARK: - Flattener

struct Flattener {
    let tolerance: Double
    /// A projective map the tolerance refers to (points are not mapped here).
    let transform: Transform2D?
    var polygon = Polygon()
    private var contourFirst = 0
    private var current = Vec2(0, 0)

    init(tolerance: Double, transform: Transform2D?) {
        self.tolerance = tolerance
        self.transform = transform.flatMap { $0.isAffine ? nil : $0 }
        if let t = transform, t.isAffine {
            // Affine maps scale distances by at most their norm: flatten with the tolerance divided by it.
            self.scaleForAffine = Swift.max(t.localScaleBound([]), 1e-300)
        } else {
            self.scaleForAffine = 1
        }
    }
    private let scaleForAffine: Double

    /// The tolerance in this (unmapped) space for a curve with the given control hull.
    private func localTolerance(_ hull: [Vec2]) -> Double {
        guard let t = transform else { return tolerance / scaleForAffine }
        let s = t.localScaleBound(hull)
        return s.isFinite && s > 0 ? tolerance / s : 0
    }

    private static func steps(_ x: Double) -> Int {
        guard x.isFinite else { return Path.maxSegments }
        return Swift.min(Swift.max(1, Int(x.rounded(.up))), Path.maxSegments)
    }

    mutating func run(_ elements: [PathElement]) {
        var open = false
        for e in elements {
            switch e {
            case .move(let p):
                if open { polygon.endContour(from: contourFirst) }
                contourFirst = polygon.points.count
                polygon.points.append(p); current = p; open = true
            case .line(let p):
                add(p)
            case .quad(let c, let p):
                let p0 = current
                let m = simdLength(p0 - c * 2 + p)
                let tol = localTolerance([p0, c, p])
                let n = tol > 0 ? Self.steps((0.25 * m / tol).squareRoot()) : Path.maxSegments
                for k in 1..<n {
                    let t = Double(k) / Double(n), s = 1 - t
                    add(p0 * (s * s) + c * (2 * s * t) + p * (t * t))
                }
                add(p)
            case .cubic(let c1, let c2, let p):
                let p0 = current
                let m = Swift.max(simdLength(p0 - c1 * 2 + c2), simdLength(c1 - c2 * 2 + p))
                let tol = localTolerance([p0, c1, c2, p])
                let n = tol > 0 ? Self.steps((0.75 * m / tol).squareRoot()) : Path.maxSegments
                for k in 1..<n {
                    let t = Double(k) / Double(n), s = 1 - t
                    add(p0 * (s * s * s) + c1 * (3 * s * s * t) + c2 * (3 * s * t * t) + p * (t * t * t))
                }
                add(p)
            case .arc(let arc):
                flattenArc(arc)
            case .close:
                if open { polygon.endContour(from: contourFirst) }
                open = false
                current = polygon.points.count > contourFirst ? polygon.points[contourFirst] : current
            }
        }
        if open { polygon.endContour(from: contourFirst) }
    }

    private mutating func add(_ p: Vec2) {
        if p != current { polygon.points.append(p) }
        current = p
    }

    private mutating func flattenArc(_ arc: EllipticArc) {
        let sweep = arc.end - arc.start
        guard sweep.isFinite, arc.start.isFinite else { return }
        let start = arc.point(arc.start)
        add(start)
        if sweep == 0 { return }
        // Larger semi-axis: the spectral norm of [u v].
        let u = arc.u, v = arc.v
        let p = u.x * u.x + v.x * v.x, q = u.y * u.y + v.y * v.y, r = u.x * u.y + v.x * v.y
        let R = ((p + q) / 2 + (((p - q) / 2) * ((p - q) / 2) + r * r).squareRoot()).squareRoot()
        let halfX = p.squareRoot(), halfY = q.squareRoot()
        let c = arc.center
        let hull = [c + Vec2(-halfX, -halfY), c + Vec2(halfX, -halfY), c + Vec2(halfX, halfY), c + Vec2(-halfX, halfY)]
        let tol = localTolerance(hull)
        var n = Path.maxSegments
        if tol > 0 && R.isFinite {
            if tol >= R {
                n = Self.steps(abs(sweep) / (2 * Double.pi / 3))
            } else {
                let step = 2 * acos(1 - tol / R)          // sagitta R·(1 − cos(step/2)) = tol
                n = Self.steps(abs(sweep) / step)
            }
        }
        let theta = abs(sweep) / Double(n)
        // Inner vertices on radius ρ (unit circle space) so the fan of triangles has the sector's area:
        // (n − 2)·ρ² + 2ρ = n·θ/sin θ.
        var rho = 1.0
        if n >= 2 && theta > 1e-9 {
            let k = Double(n) * theta / sin(theta)
            rho = n == 2 ? k / 2 : (-1 + (1 + Double(n - 2) * k).squareRoot()) / Double(n - 2)
        }
        for j in 1..<n {
            let t = arc.start + sweep * Double(j) / Double(n)
            add(c + (u * cos(t) + v * sin(t)) * rho)
        }
        add(arc.point(arc.end))
    }
}

@inline(__always) func simdLength(_ v: Vec2) -> Double { (v.x * v.x + v.y * v.y).squareRoot() }

extension Path {
    /// Adds another path's contours (a border is the outer outline plus the inner one, filled even-odd).
    public mutating func append(_ other: Path) {
        elements += other.elements
        analytic = nil
        current = other.current
        contourStart = other.contourStart
        contourOpen = other.contourOpen
    }
}
