// CONTRACT FILE — declarations the rest of the package codes against. The Raster helper replaces the
// bodies (and may split this file); signatures change only by agreement.
import CoreGraphics

/// One premultiplied, sRGB-encoded RGBA8 pixel.
public struct RGBA8: Equatable, Hashable, Sendable {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) { self.r = r; self.g = g; self.b = b; self.a = a }
    public static let clear = RGBA8(r: 0, g: 0, b: 0, a: 0)
    /// Premultiplies and rounds a straight-alpha colour, with an extra opacity factor.
    public init(_ color: CGColor, opacity: Double = 1) { fatalError("unimplemented") }
}

/// An integer rectangle in pixel space (x right, y down).
public struct PixelRect: Equatable, Hashable, Sendable {
    public var x: Int, y: Int, width: Int, height: Int
    public init(x: Int, y: Int, width: Int, height: Int) { self.x = x; self.y = y; self.width = width; self.height = height }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public func intersection(_ o: PixelRect) -> PixelRect { fatalError("unimplemented") }
    public func union(_ o: PixelRect) -> PixelRect { fatalError("unimplemented") }
    /// The smallest pixel rect containing `rect` (floor of min, ceil of max).
    public init(enclosing rect: CGRect) { fatalError("unimplemented") }
}

/// A premultiplied RGBA8 image, row-major, no row padding.
public struct PixelBuffer: Equatable, Sendable {
    public let width: Int, height: Int
    public var bytes: [UInt8]
    public init(width: Int, height: Int, fill: RGBA8 = .clear) { fatalError("unimplemented") }
    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }
    public subscript(x: Int, y: Int) -> RGBA8 {
        get { fatalError("unimplemented") }
        set { fatalError("unimplemented") }
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
    public init(rect: CGRect, radii: CornerRadii = .zero) { fatalError("unimplemented") }
    /// The pixels with non-zero coverage.
    public var pixelBounds: PixelRect { fatalError("unimplemented") }
    /// Exact area of the pixel square [x, x+1]×[y, y+1] inside the shape, in 0...1.
    public func coverage(x: Int, y: Int) -> Double { fatalError("unimplemented") }
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
    public init(bounds: PixelRect, fill: UInt8 = 0) { fatalError("unimplemented") }
    /// The shape's exact coverage, limited to `limit`.
    public init(_ shape: RoundedRect, within limit: PixelRect) { fatalError("unimplemented") }
    public subscript(x: Int, y: Int) -> UInt8 { fatalError("unimplemented") }
    /// Pointwise product (rounded), over the intersection of the bounds.
    public func intersected(with other: CoverageMask) -> CoverageMask { fatalError("unimplemented") }
    /// The same mask moved by whole pixels (for drawing into an offscreen buffer at another origin).
    public func offsetBy(dx: Int, dy: Int) -> CoverageMask { fatalError("unimplemented") }
}

extension PixelBuffer {
    /// Source-over: paint × exact coverage × opacity × clip.
    public mutating func fill(_ shape: RoundedRect, with paint: Paint, opacity: Double = 1, clip: CoverageMask? = nil) {
        fatalError("unimplemented")
    }
    /// Source-over of `source`, whose pixel (0,0) lands on (x, y) here, times opacity and clip.
    public mutating func composite(_ source: PixelBuffer, atX x: Int, y: Int, opacity: Double = 1, clip: CoverageMask? = nil) {
        fatalError("unimplemented")
    }
    /// Draws the drop shadow cast by `source`'s alpha (source pixel (0,0) at (x, y) here): the alpha blurred
    /// by a Gaussian of standard deviation `sigma` pixels, moved by `offset` pixels, tinted with `color` ×
    /// `opacity`, composited source-over (the caller then draws the layer itself on top).
    public mutating func drawShadow(of source: PixelBuffer, atX x: Int, y: Int, offset: CGPoint, sigma: Double,
                                    color: CGColor, opacity: Double, clip: CoverageMask? = nil) {
        fatalError("unimplemented")
    }
    /// Area-averaged resize to an exact size (for filmstrips and thumbnails).
    public func resized(width: Int, height: Int) -> PixelBuffer { fatalError("unimplemented") }
}
