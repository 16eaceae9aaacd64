// CONTRACT FILE — the general-shape API (issue 3). The Raster helper replaces the bodies (and may split
// this file); signatures change only by agreement.
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
    public var isAffine: Bool { g == 0 && h == 0 && i == 1 }
    /// Axis-aligned: a scale and a translation only (the analytic rounded-rect path applies).
    public var isAxisAligned: Bool { isAffine && b == 0 && d == 0 }
    public func apply(_ p: CGPoint) -> CGPoint {
        let x = Double(p.x), y = Double(p.y)
        let w = g * x + h * y + i
        return CGPoint(x: (a * x + b * y + c) / w, y: (d * x + e * y + f) / w)
    }
    /// `self` first, then `next`.
    public func then(_ n: Transform2D) -> Transform2D {
        Transform2D(a: n.a * a + n.b * d + n.c * g, b: n.a * b + n.b * e + n.c * h, c: n.a * c + n.b * f + n.c * i,
                    d: n.d * a + n.e * d + n.f * g, e: n.d * b + n.e * e + n.f * h, f: n.d * c + n.e * f + n.f * i,
                    g: n.g * a + n.h * d + n.i * g, h: n.g * b + n.h * e + n.i * h, i: n.g * c + n.h * f + n.i * i)
    }
    /// nil when singular.
    public var inverse: Transform2D? {
        let A = e * i - f * h, B = -(d * i - f * g), C = d * h - e * g
        let det = a * A + b * B + c * C
        guard det != 0, det.isFinite else { return nil }
        return Transform2D(a: A / det, b: -(b * i - c * h) / det, c: (b * f - c * e) / det,
                           d: B / det, e: (a * i - c * g) / det, f: -(a * f - c * d) / det,
                           g: C / det, h: -(a * h - b * g) / det, i: (a * e - b * d) / det)
    }
}

public enum CornerCurve: Sendable { case circular, continuous }

/// Closed or open contours in pixel space. Curves are flattened (tolerance 0.02 px after any transform)
/// when the path is filled, so fills of curved shapes are exact to well under 1/255 of coverage.
public struct Path: Equatable, Sendable {
    public init() {}
    public mutating func move(to p: CGPoint) { fatalError("unimplemented") }
    public mutating func line(to p: CGPoint) { fatalError("unimplemented") }
    public mutating func quadCurve(to p: CGPoint, control: CGPoint) { fatalError("unimplemented") }
    public mutating func curve(to p: CGPoint, control1: CGPoint, control2: CGPoint) { fatalError("unimplemented") }
    public mutating func close() { fatalError("unimplemented") }
    public var isEmpty: Bool { fatalError("unimplemented") }
    /// Adds another path's contours.
    public mutating func append(_ other: Path) { fatalError("unimplemented") }
    /// A rounded rectangle with per-corner radii (CornerRadii), circular or continuous (Apple's squircle:
    /// each corner's curve starts 1.528665·r from the corner; reference §6) corners. Radii are reduced as
    /// Core Animation does so the shape stays valid.
    public init(roundedRect rect: CGRect, radii: CornerRadii, curve: CornerCurve) { fatalError("unimplemented") }
    public init(ellipseIn rect: CGRect) { fatalError("unimplemented") }
    /// The same path mapped through `t` (projective maps flatten curves first, then map the points).
    public func applying(_ t: Transform2D) -> Path { fatalError("unimplemented") }
    /// Bounding box of the flattened contours.
    public var bounds: CGRect { fatalError("unimplemented") }
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
    public init(_ path: Path, rule: FillRule = .nonZero, within limit: PixelRect) { fatalError("unimplemented") }
}

extension PixelBuffer {
    /// Source-over fill of a general path with exact area coverage.
    /// `paintTransform` maps this buffer's pixel space to the paint's space (gradients defined there).
    public mutating func fill(_ path: Path, rule: FillRule = .nonZero, with paint: Paint, paintTransform: Transform2D = .identity,
                              opacity: Double = 1, clip: CoverageMask? = nil) { fatalError("unimplemented") }
    /// Source-over fill of a shape with an image sampled bilinearly (premultiplied); outside the image:
    /// transparent.
    public mutating func fill(_ path: Path, rule: FillRule = .nonZero, with image: ImagePaint,
                              opacity: Double = 1, clip: CoverageMask? = nil) { fatalError("unimplemented") }
    /// The area between `outer` and `inner` (a border), exact where the analytic rounded-rect coverage
    /// applies: coverage = outer − inner.
    public mutating func fillRing(outer: RoundedRect, inner: RoundedRect, with paint: Paint, opacity: Double = 1,
                                  clip: CoverageMask? = nil) { fatalError("unimplemented") }
    /// The drop shadow of an axis-aligned rounded rectangle without rendering it first: the same result as
    /// `drawShadow(of:)` of the filled shape (within 1/255), much faster (separable erf profile along the
    /// straight parts, cached corner profiles). Pixels inside `skipInterior` (e.g. under the opaque layer
    /// that casts the shadow) may be left untouched.
    public mutating func drawRoundedRectShadow(_ shape: RoundedRect, offset: CGPoint, sigma: Double, color: CGColor,
                                               opacity: Double, clip: CoverageMask? = nil, skipInterior: PixelRect? = nil) {
        // Interim: the blur of the filled shape (exact, slower); the analytic profile replaces it.
        let reach = Int((3.5 * sigma + max(abs(offset.x), abs(offset.y))).rounded(.up)) + 2
        let area = shape.pixelBounds
        let limit = PixelRect(x: -reach, y: -reach, width: width + 2 * reach, height: height + 2 * reach)
        let region = area.intersection(limit)
        guard !region.isEmpty else { return }
        var source = PixelBuffer(width: region.width, height: region.height)
        source.fill(RoundedRect(rect: shape.rect.offsetBy(dx: CGFloat(-region.x), dy: CGFloat(-region.y)), radii: shape.radii),
                    with: .solid(.white))
        drawShadow(of: source, atX: region.x, y: region.y, offset: offset, sigma: sigma, color: color, opacity: opacity, clip: clip)
    }
}
