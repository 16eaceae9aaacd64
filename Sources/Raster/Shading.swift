// Shadings: a gradient painted over a whole region, as Core Graphics' drawLinearGradient and
// drawRadialGradient paint it — the colour of each pixel centre comes from a parameter t of the gradient,
// and where t does not exist (outside the gradient's extent) the pixel is left alone.
import CoreGraphics

/// A gradient over the plane with Core Graphics' (and PDF's axial and radial shadings') extents.
///
/// Axial: t is the projection of the point onto start→end (0 at start, 1 at end). Radial (two circles):
/// the circles c(t) = start + t·(end − start) with radii r(t) = r₀ + t·(r₁ − r₀) sweep the plane, and a
/// point takes the largest t whose circle passes through it with r(t) ≥ 0, so later circles paint over
/// earlier ones. Parameters below 0 exist only with `extendsStart`, above 1 only with `extendsEnd`; where
/// a t is found, the colour is the stops' colour at t clamped to [0, 1] (the `axialGradient` paint's
/// interpolation: straight alpha between stops, then premultiplied). The edge of the extent is decided
/// at pixel centres (not anti-aliased), as Core Graphics draws it.
public struct Shading: Equatable, Sendable {
    public enum Geometry: Equatable, Sendable {
        case axial(start: CGPoint, end: CGPoint)
        case radial(startCenter: CGPoint, startRadius: Double, endCenter: CGPoint, endRadius: Double)
    }

    public var geometry: Geometry
    public var stops: [GradientStop]
    public var extendsStart: Bool
    public var extendsEnd: Bool

    public init(_ geometry: Geometry, stops: [GradientStop], extendsStart: Bool = false, extendsEnd: Bool = false) {
        self.geometry = geometry; self.stops = stops; self.extendsStart = extendsStart; self.extendsEnd = extendsEnd
    }

    /// The gradient's parameter at a point of its space, or nil where the shading paints nothing.
    public func parameter(at point: CGPoint) -> Double? {
        let px = Double(point.x), py = Double(point.y)
        func allowed(_ t: Double) -> Bool {
            t.isFinite && (t >= 0 || extendsStart) && (t <= 1 || extendsEnd)
        }
        switch geometry {
        case .axial(let start, let end):
            let dx = Double(end.x - start.x), dy = Double(end.y - start.y)
            let length2 = dx * dx + dy * dy
            guard length2 > 0, length2.isFinite else { return nil }   // no axis: nothing painted
            let t = ((px - Double(start.x)) * dx + (py - Double(start.y)) * dy) / length2
            return allowed(t) ? t : nil
        case .radial(let c0, let r0, let c1, let r1):
            // |p − c(t)|² = r(t)² is a t² − 2 b t + c = 0.
            let cdx = Double(c1.x - c0.x), cdy = Double(c1.y - c0.y), dr = r1 - r0
            let pdx = px - Double(c0.x), pdy = py - Double(c0.y)
            let a = cdx * cdx + cdy * cdy - dr * dr
            let b = pdx * cdx + pdy * cdy + r0 * dr
            let c = pdx * pdx + pdy * pdy - r0 * r0
            var high: Double?, low: Double?
            if a == 0 {
                if b != 0 { high = c / (2 * b) }
            } else {
                let discriminant = b * b - a * c
                guard discriminant >= 0 else { return nil }
                // The cancellation-free pair of roots: q/a and c/q.
                let root = discriminant.squareRoot()
                let q = b >= 0 ? b + root : b - root
                if q == 0 {
                    high = 0
                } else {
                    let t1 = q / a, t2 = c / q
                    high = Swift.max(t1, t2); low = Swift.min(t1, t2)
                }
            }
            if let t = high, allowed(t), r0 + t * dr >= 0 { return t }
            if let t = low, allowed(t), r0 + t * dr >= 0 { return t }
            return nil
        }
    }
}

extension PixelBuffer {
    /// Source-over of a shading over the whole buffer (or the clip's pixels), weighted by opacity and the
    /// clip. `deviceToShading` maps this buffer's pixel space to the shading's space (pixel centres at +0.5).
    public mutating func fill(_ shading: Shading, deviceToShading: Transform2D, opacity: Double = 1, clip: CoverageMask? = nil) {
        let op = quantize(opacity)
        guard op > 0, !shading.stops.isEmpty else { return }
        var region = bounds
        if let clip { clip.checkSize(); region = region.intersection(clip.bounds) }
        guard !region.isEmpty else { return }
        // The stops in `axialGradient`'s layout (sorted, equal locations in order; five numbers each), so
        // colours are computed by the same code as every other gradient here.
        let sorted = shading.stops.enumerated().map { (i, s) -> (Int, Double, CGColor) in
            (i, s.location.isNaN ? 0 : Swift.min(Swift.max(s.location, -1e300), 1e300), s.color)
        }.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }
        let stops = sorted.flatMap { [$0.1, Double($0.2.red), Double($0.2.green), Double($0.2.blue), Double($0.2.alpha)] }
        let count = sorted.count
        let m = deviceToShading
        withMutablePixels { pixels in
            CoverageMask.withValues(of: clip) { clipValues in
                stops.withRow { s in
                    for py in region.y..<region.maxY {
                        let row = pixels.row(py)
                        let cy = Double(py) + 0.5
                        for px in region.x..<region.maxX {
                            var weight = op
                            if let clipValues {
                                let c = clipValues.row(py)[px]
                                if c == 0 { continue }
                                weight = UInt8(truncatingIfNeeded: mul255(UInt32(weight), UInt32(c)))
                            }
                            let cx = Double(px) + 0.5
                            var x = m.a * cx + m.b * cy + m.c, y = m.d * cx + m.e * cy + m.f
                            if !m.isAffine { let w = m.g * cx + m.h * cy + m.i; x /= w; y /= w }
                            guard let t = shading.parameter(at: CGPoint(x: x, y: y)) else { continue }
                            let word = PaintEvaluator.exactWord(Swift.min(Swift.max(t, 0), 1), s, count)
                            blendPixel(row, at: px, spread(word), weight: weight)
                        }
                    }
                }
            }
        }
    }
}
