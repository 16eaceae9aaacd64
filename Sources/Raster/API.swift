// Raster's public surface: the declarations the rest of the package codes against.
//
// The rules every function here follows (pixel model, rounding, blending) are written once in Raster.swift.
// The algorithms live in RoundedRect.swift, Paint.swift, Compositing.swift, Shadow.swift and Resize.swift;
// the general-shape API (PathAPI.swift) in Path.swift, PolygonCoverage.swift, FillEngine.swift and
// RoundedRectShadow.swift.
import CoreGraphics

/// One premultiplied, sRGB-encoded RGBA8 pixel.
public struct RGBA8: Equatable, Hashable, Sendable {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) { self.r = r; self.g = g; self.b = b; self.a = a }
    public static let clear = RGBA8(r: 0, g: 0, b: 0, a: 0)
    /// Premultiplies and rounds a straight-alpha colour, with an extra opacity factor.
    public init(_ color: CGColor, opacity: Double = 1) {
        self.init(word: premultipliedWord(red: Double(color.red), green: Double(color.green),
                                          blue: Double(color.blue), alpha: Double(color.alpha) * unitClamp(opacity)))
    }
}

/// An integer rectangle in pixel space (x right, y down).
public struct PixelRect: Equatable, Hashable, Sendable {
    public var x: Int, y: Int, width: Int, height: Int
    public init(x: Int, y: Int, width: Int, height: Int) { self.x = x; self.y = y; self.width = width; self.height = height }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    /// The common part; when there is none, an empty rect (width or height 0) at the clamped origin.
    public func intersection(_ o: PixelRect) -> PixelRect {
        let x0 = Swift.max(x, o.x), y0 = Swift.max(y, o.y)
        let x1 = Swift.min(maxX, o.maxX), y1 = Swift.min(maxY, o.maxY)
        return PixelRect(x: x0, y: y0, width: Swift.max(0, x1 - x0), height: Swift.max(0, y1 - y0))
    }
    /// The smallest rect containing both; an empty operand is ignored.
    public func union(_ o: PixelRect) -> PixelRect {
        if o.isEmpty { return self }
        if isEmpty { return o }
        let x0 = Swift.min(x, o.x), y0 = Swift.min(y, o.y)
        return PixelRect(x: x0, y: y0, width: Swift.max(maxX, o.maxX) - x0, height: Swift.max(maxY, o.maxY) - y0)
    }
    /// The smallest pixel rect containing `rect` (floor of min, ceil of max).
    /// A rect of zero width or height gives an empty pixel rect at the floor of its origin; NaN gives the
    /// empty rect at (0, 0); infinite coordinates are clamped to ±2⁴⁰.
    public init(enclosing rect: CGRect) {
        let minX = Double(rect.minX), minY = Double(rect.minY), maxX = Double(rect.maxX), maxY = Double(rect.maxY)
        guard !minX.isNaN, !minY.isNaN, !maxX.isNaN, !maxY.isNaN else {
            self.init(x: 0, y: 0, width: 0, height: 0); return
        }
        let x0 = clampedInt(minX.rounded(.down)), y0 = clampedInt(minY.rounded(.down))
        let w = rect.width == 0 ? 0 : clampedInt(maxX.rounded(.up)) - x0
        let h = rect.height == 0 ? 0 : clampedInt(maxY.rounded(.up)) - y0
        self.init(x: x0, y: y0, width: w, height: h)
    }
}

/// A premultiplied RGBA8 image, row-major, no row padding.
///
/// Equality is of size and bytes. Copies of a buffer value share an identity, so a frame loop can hand a
/// frame back for reuse and the storage is overwritten only when no other copy of it is left
/// (`init(width:height:fill:reusing:)`, `copy(filling:with:opacity:reusing:)`; see Recycling.swift).
public struct PixelBuffer: Equatable, Sendable {
    public let width: Int, height: Int
    public var bytes: [UInt8]
    /// Shared by the copies of this value: uniquely referenced when no other copy exists.
    var identity = BufferIdentity()
    /// For a buffer that holds one region of a larger canvas (a damaged region redrawn apart): the larger
    /// canvas's bounds in this buffer's pixel space; nil for a whole canvas. Fills choose how to evaluate a
    /// gradient (its lookup table or exact colours, which may differ by one level) by the part of the shape
    /// inside these bounds and the clip, so the region gets the pixels the whole canvas would have. Not part
    /// of the value's equality; never changes a pixel of a whole canvas.
    public var canvasBounds: PixelRect?
    /// Negative sizes are treated as 0.
    public init(width: Int, height: Int, fill: RGBA8 = .clear) {
        let w = Swift.max(0, width), h = Swift.max(0, height)
        self.width = w; self.height = h
        bytes = [UInt8](pixels: w * h, repeating: fill.word)
    }
    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }
    public static func == (a: PixelBuffer, b: PixelBuffer) -> Bool {
        a.width == b.width && a.height == b.height && a.bytes == b.bytes
    }
    /// The pixel at (x, y); traps outside the buffer.
    public subscript(x: Int, y: Int) -> RGBA8 {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)×\(height)")
            let i = (y * width + x) * 4
            return RGBA8(r: bytes[i], g: bytes[i + 1], b: bytes[i + 2], a: bytes[i + 3])
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)×\(height)")
            let i = (y * width + x) * 4
            bytes[i] = newValue.r; bytes[i + 1] = newValue.g; bytes[i + 2] = newValue.b; bytes[i + 3] = newValue.a
        }
    }
}

/// Per-corner radii in pixels (circular corners).
public struct CornerRadii: Equatable, Sendable {
    public var topLeft: Double, topRight: Double, bottomLeft: Double, bottomRight: Double
    public init(topLeft: Double, topRight: Double, bottomLeft: Double, bottomRight: Double) {
        self.topLeft = topLeft; self.topRight = topRight; self.bottomLeft = bottomLeft; self.bottomRight = bottomRight
    }
    public init(all r: Double) { self.init(topLeft: r, topRight: r, bottomLeft: r, bottomRight: r) }
    public static let zero = CornerRadii(all: 0)
}

/// An axis-aligned rectangle with circular corners, in pixel space (fractional positions allowed).
/// Radii larger than half the shorter side are reduced to it (Core Animation's capsule rule).
public struct RoundedRect: Equatable, Sendable {
    public var rect: CGRect
    public var radii: CornerRadii
    /// Stores the rect standardized and each radius clamped to [0, min(w, h)/2] (negative or NaN → 0).
    /// The clamp is applied again when the shape is used, so later edits of `radii` are safe.
    public init(rect: CGRect, radii: CornerRadii = .zero) {
        self.rect = rect.standardized
        self.radii = radii
        let g = RoundedRectGeometry(self)
        self.radii = CornerRadii(topLeft: g.tl, topRight: g.tr, bottomLeft: g.bl, bottomRight: g.br)
    }
    /// The pixels with non-zero coverage.
    public var pixelBounds: PixelRect { RoundedRectGeometry(self).pixelBounds }
    /// Exact area of the pixel square [x, x+1]×[y, y+1] inside the shape, in 0...1.
    public func coverage(x: Int, y: Int) -> Double { RoundedRectGeometry(self).coverage(x, y) }
}

public struct GradientStop: Equatable, Sendable {
    public var location: Double
    public var color: CGColor
    public init(location: Double, color: CGColor) { self.location = location; self.color = color }
}

/// What fills a shape. Gradient points are in the target buffer's pixel space.
public enum Paint: Equatable, Sendable {
    case solid(CGColor)
    /// Axial gradient: colour at the projection of each pixel centre onto start→end, clamped at the ends;
    /// straight-alpha interpolation between stops, then premultiplied.
    case axialGradient(start: CGPoint, end: CGPoint, stops: [GradientStop])
}

/// 8-bit coverage over a pixel rect of some target buffer (0 outside `bounds`).
public struct CoverageMask: Equatable, Sendable {
    public let bounds: PixelRect
    public var values: [UInt8]
    /// A negative width or height is treated as 0.
    public init(bounds: PixelRect, fill: UInt8 = 0) {
        let b = PixelRect(x: bounds.x, y: bounds.y, width: Swift.max(0, bounds.width), height: Swift.max(0, bounds.height))
        self.bounds = b
        values = [UInt8](repeating: fill, count: b.width * b.height)
    }
    /// The shape's exact coverage, limited to `limit`.
    public init(_ shape: RoundedRect, within limit: PixelRect) {
        var storage: [UInt8] = []
        self.init(shape, within: limit, reusing: &storage)
    }
    /// `init(_:within:)` written into `storage`'s memory when it is not shared and large enough (else new
    /// memory); `storage` is left empty when its memory is taken. The same bytes either way.
    public init(_ shape: RoundedRect, within limit: PixelRect, reusing storage: inout [UInt8]) {
        let g = RoundedRectGeometry(shape)
        self.init(uninitializedBounds: g.pixelBounds.intersection(limit), reusing: &storage)
        g.writeCoverage(into: &self)
    }
    public subscript(x: Int, y: Int) -> UInt8 {
        let dx = x - bounds.x, dy = y - bounds.y
        guard dx >= 0, dy >= 0, dx < bounds.width, dy < bounds.height else { return 0 }
        return values[dy * bounds.width + dx]
    }
    /// Pointwise product (rounded), over the intersection of the bounds.
    public func intersected(with other: CoverageMask) -> CoverageMask {
        var storage: [UInt8] = []
        return intersected(with: other, reusing: &storage)
    }
    /// `intersected(with:)` written into `storage`'s memory when it is not shared and large enough (else
    /// new memory); `storage` is left empty when its memory is taken. The same bytes either way.
    public func intersected(with other: CoverageMask, reusing storage: inout [UInt8]) -> CoverageMask {
        var out = CoverageMask(uninitializedBounds: bounds.intersection(other.bounds), reusing: &storage)
        let b = out.bounds
        guard !b.isEmpty else { return out }
        withValues { first in
            other.withValues { second in
                out.withMutableValues { product in
                    for y in b.y..<b.maxY {
                        intersectRow(first.row(y), second.row(y), into: product.row(y), b.x..<b.maxX)
                    }
                }
            }
        }
        return out
    }
    /// The same mask moved by whole pixels (for drawing into an offscreen buffer at another origin).
    public func offsetBy(dx: Int, dy: Int) -> CoverageMask {
        CoverageMask(bounds: PixelRect(x: bounds.x + dx, y: bounds.y + dy, width: bounds.width, height: bounds.height),
                     values: values)
    }
}

extension PixelBuffer {
    /// Source-over: paint × exact coverage × opacity × clip.
    public mutating func fill(_ shape: RoundedRect, with paint: Paint, opacity: Double = 1, clip: CoverageMask? = nil) {
        fillShape(shape, paint: paint, opacity: opacity, clip: clip)
    }
    /// Source-over of `source`, whose pixel (0,0) lands on (x, y) here, times opacity and clip.
    public mutating func composite(_ source: PixelBuffer, atX x: Int, y: Int, opacity: Double = 1, clip: CoverageMask? = nil) {
        compositeBuffer(source, x: x, y: y, opacity: opacity, clip: clip)
    }
    /// Draws the drop shadow cast by `source`'s alpha (source pixel (0,0) at (x, y) here): the alpha blurred
    /// by a Gaussian of standard deviation `sigma` pixels, moved by `offset` pixels, tinted with `color` ×
    /// `opacity`, composited source-over (the caller then draws the layer itself on top).
    public mutating func drawShadow(of source: PixelBuffer, atX x: Int, y: Int, offset: CGPoint, sigma: Double,
                                    color: CGColor, opacity: Double, clip: CoverageMask? = nil) {
        drawGaussianShadow(of: source, x: x, y: y, offset: offset, sigma: sigma, color: color, opacity: opacity, clip: clip)
    }
    /// Area-averaged resize to an exact size (for filmstrips and thumbnails).
    public func resized(width: Int, height: Int) -> PixelBuffer { areaResized(width: width, height: height) }
}
