// The general-shape API: projective transforms, paths, image paints, and fills and coverage masks of paths.
//
// The algorithms live in Path.swift (elements, flattening, rounded-rect outlines), PolygonCoverage.swift
// (exact-area scanline coverage), FillEngine.swift (row-wise fills: paints, images, rings) and
// RoundedRectShadow.swift (analytic drop shadows). The rules are written in Raster.swift.
import CoreGraphics

/// A projective map of the plane (3×3, column vectors): (x, y) → ((a·x + b·y + c)/w, (d·x + e·y + f)/w),
/// w = g·x + h·y + i. Affine when g = h = 0, i = 1.
public struct Transform2D: Equatable, Sendable {
    public var a: Double, b: Double, c: Double
    public var d: Double, e: Double, f: Double
    public var g: Double, h: Double, i: Double
    public init(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double, g: Double = 0, h: Double = 0, i: Double = 1) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.e = e; self.f = f; self.g = g; self.h = h; self.i = i
    }
    public static let identity = Transform2D(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0)
    public static func translation(_ x: Double, _ y: Double) -> Transform2D { Transform2D(a: 1, b: 0, c: x, d: 0, e: 1, f: y) }
    public static func scale(_ sx: Double, _ sy: Double) -> Transform2D { Transform2D(a: sx, b: 0, c: 0, d: 0, e: sy, f: 0) }
    /// A rotation by `angle` radians about the origin (positive turns +x toward +y, i.e. clockwise on screen).
    public static func rotation(_ angle: Double) -> Transform2D {
        let cs = cos(angle), sn = sin(angle)
        return Transform2D(a: cs, b: -sn, c: 0, d: sn, e: cs, f: 0)
    }
    public var isAffine: Bool { g == 0 && h == 0 && i == 1 }
    /// Axis-aligned: a scale and a translation only (the analytic rounded-rect path applies).
    public var isAxisAligned: Bool { isAffine && b == 0 && d == 0 }
    public func apply(_ p: CGPoint) -> CGPoint {
        let q = map(SIMD2(Double(p.x), Double(p.y)))
        return CGPoint(x: q.x, y: q.y)
    }
    /// `self` first, then `next`.
    public func then(_ next: Transform2D) -> Transform2D {
        let n = next
        return Transform2D(a: n.a * a + n.b * d + n.c * g, b: n.a * b + n.b * e + n.c * h, c: n.a * c + n.b * f + n.c * i,
                           d: n.d * a + n.e * d + n.f * g, e: n.d * b + n.e * e + n.f * h, f: n.d * c + n.e * f + n.f * i,
                           g: n.g * a + n.h * d + n.i * g, h: n.g * b + n.h * e + n.i * h, i: n.g * c + n.h * f + n.i * i)
    }
    /// nil when singular.
    public var inverse: Transform2D? {
        // Adjugate over determinant. Affine maps get the exact affine form (g = h = 0, i = 1).
        let A = e * i - f * h, B = -(d * i - f * g), C = d * h - e * g
        let det = a * A + b * B + c * C
        guard det != 0, det.isFinite else { return nil }
        if isAffine {
            let inv = 1 / (a * e - b * d)
            let ia = e * inv, ib = -b * inv, id = -d * inv, ie = a * inv
            return Transform2D(a: ia, b: ib, c: -(ia * c + ib * f), d: id, e: ie, f: -(id * c + ie * f))
        }
        let r = 1 / det
        return Transform2D(a: A * r, b: -(b * i - c * h) * r, c: (b * f - c * e) * r,
                           d: B * r, e: (a * i - c * g) * r, f: -(a * f - c * d) * r,
                           g: C * r, h: -(a * h - b * g) * r, i: (a * e - b * d) * r)
    }
}

public enum CornerCurve: Sendable { case circular, continuous }

/// Closed or open contours in pixel space. Curves are flattened (tolerance `Path.flatteningTolerance`,
/// 0.002 px, after any transform) when the path is filled; every contour is filled as if closed.
///
/// Building: `line` and the curves continue from the current point. Without one (an empty path) they
/// start at (0, 0); after `close()` the next contour starts at the closed contour's first point.
public struct Path: Equatable, Sendable {
    var elements: [PathElement] = []
    /// Where the current contour started (the target of `close`) and the current point.
    var contourStart = SIMD2<Double>(0, 0)
    var current: SIMD2<Double>? = nil
    var contourOpen = false
    /// The exact shape, when the path is an axis-aligned rounded rect with circular corners (or a circle):
    /// fills then use the analytic coverage of RoundedRect (identical pixels to `fill(RoundedRect)`).
    var analytic: RoundedRect? = nil

    public init() {}
    public mutating func move(to p: CGPoint) { moveTo(SIMD2(Double(p.x), Double(p.y))) }
    public mutating func line(to p: CGPoint) { lineTo(SIMD2(Double(p.x), Double(p.y))) }
    public mutating func quadCurve(to p: CGPoint, control: CGPoint) {
        quadTo(SIMD2(Double(control.x), Double(control.y)), SIMD2(Double(p.x), Double(p.y)))
    }
    public mutating func curve(to p: CGPoint, control1: CGPoint, control2: CGPoint) {
        cubicTo(SIMD2(Double(control1.x), Double(control1.y)), SIMD2(Double(control2.x), Double(control2.y)),
                SIMD2(Double(p.x), Double(p.y)))
    }
    public mutating func close() { closeContour() }
    public var isEmpty: Bool { elements.isEmpty }
    /// A rounded rectangle with per-corner radii (CornerRadii), circular or continuous (Apple's squircle:
    /// each corner's curve starts 1.528665·r from the corner, as in public reconstructions of
    /// UIBezierPath's continuous corners) corners. Radii are reduced as
    /// Core Animation does so the shape stays valid.
    public init(roundedRect rect: CGRect, radii: CornerRadii, curve: CornerCurve) {
        self.init()
        appendRoundedRect(rect, radii: radii, curve: curve)
    }
    public init(ellipseIn rect: CGRect) {
        self.init()
        appendEllipse(rect)
    }
    /// The same path mapped through `t` (projective maps flatten curves first, then map the points).
    public func applying(_ t: Transform2D) -> Path { transformed(t) }
    /// Bounding box of the flattened contours.
    public var bounds: CGRect { flattenedBounds() }

    public static func == (l: Path, r: Path) -> Bool { l.elements == r.elements }
}

public enum FillRule: Sendable { case nonZero, evenOdd }

/// How an image is sampled when it fills a shape.
public struct ImagePaint: Equatable, Sendable {
    public var image: PixelBuffer
    /// Maps this buffer's pixel space (pixel centres at +0.5) to the image's pixel space.
    public var deviceToImage: Transform2D
    public init(image: PixelBuffer, deviceToImage: Transform2D) { self.image = image; self.deviceToImage = deviceToImage }
}

extension CoverageMask {
    /// Exact area coverage of `path` (analytic polygon coverage of the flattened contours), within `limit`.
    public init(_ path: Path, rule: FillRule = .nonZero, within limit: PixelRect) {
        if let shape = path.analytic {
            self.init(shape, within: limit)
            return
        }
        let polygon = path.flattened()
        var source = PolygonCoverage(polygon, rule: rule, region: polygon.pixelBounds.intersection(limit))
        self.init(bounds: source.region)
        let b = bounds
        guard !b.isEmpty else { return }
        withMutableValues { rows in
            var segments: [RowSegment] = []
            for py in b.y..<b.maxY {
                let row = rows.row(py)
                segments.removeAll(keepingCapacity: true)
                source.row(py, opacity: 1, weights: row, segments: &segments)
                for s in segments where !s.perPixel { row.update(s.start..<s.end, repeating: s.weight) }
            }
        }
    }
}

extension PixelBuffer {
    /// Source-over fill of a general path with exact area coverage.
    /// `paintTransform` maps this buffer's pixel space to the paint's space (gradients defined there).
    public mutating func fill(_ path: Path, rule: FillRule = .nonZero, with paint: Paint, paintTransform: Transform2D = .identity,
                              opacity: Double = 1, clip: CoverageMask? = nil) {
        fillPath(path, rule: rule, paint: .gradient(paint, paintTransform), opacity: opacity, clip: clip)
    }
    /// Source-over fill of a shape with an image sampled bilinearly (premultiplied); outside the image:
    /// transparent.
    public mutating func fill(_ path: Path, rule: FillRule = .nonZero, with image: ImagePaint,
                              opacity: Double = 1, clip: CoverageMask? = nil) {
        fillPath(path, rule: rule, paint: .image(image), opacity: opacity, clip: clip)
    }
    /// The area between `outer` and `inner` (a border), exact where the analytic rounded-rect coverage
    /// applies: coverage = outer − inner.
    public mutating func fillRing(outer: RoundedRect, inner: RoundedRect, with paint: Paint, opacity: Double = 1,
                                  clip: CoverageMask? = nil) {
        fillRingRows(outer: outer, inner: inner, paint: paint, opacity: opacity, clip: clip)
    }
    /// `fill(_:with:opacity:clip:)` leaving the pixels of `skipping` untouched, for pixels that an opaque
    /// fill drawn next overwrites anyway (the other pixels get exactly the bytes of the plain fill).
    public mutating func fill(_ shape: RoundedRect, with paint: Paint, opacity: Double = 1, clip: CoverageMask? = nil,
                              skipping: PixelRect) {
        fillShape(shape, paint: paint, opacity: opacity, clip: clip, skip: skipping)
    }
    /// The drop shadow of an axis-aligned rounded rectangle without rendering it first: the same result as
    /// `drawShadow(of:)` of the filled shape (within 1/255), much faster (separable erf profile along the
    /// straight parts, cached corner profiles). Pixels inside `skipInterior` (e.g. under the opaque layer
    /// that casts the shadow), and pixels that `skipCovered` covers entirely (the caller fills that shape
    /// opaque at full weight next), may be left untouched.
    public mutating func drawRoundedRectShadow(_ shape: RoundedRect, offset: CGPoint, sigma: Double, color: CGColor,
                                               opacity: Double, clip: CoverageMask? = nil, skipInterior: PixelRect? = nil,
                                               skipCovered: RoundedRect? = nil) {
        drawAnalyticShadow(shape, offset: offset, sigma: sigma, color: color, opacity: opacity, clip: clip,
                           skipInterior: skipInterior, skipCovered: skipCovered)
    }
}
