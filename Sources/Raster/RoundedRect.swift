// Exact pixel coverage of rounded rectangles.
//
// The area of the pixel square inside the shape is the overlap of the square with the rectangle (a
// product of two 1-D overlaps) minus, for each rounded corner, the part of (square ∩ corner box) that
// lies outside the corner's circle. Corner boxes never overlap because each radius is at most half the
// shorter side. Inside a corner box, after folding the corner into the first quadrant around the circle's
// centre, the area of a box [ua, ub] × [va, vb] inside the disk u² + v² ≤ r² is
//   ∫ clamp(√(r² − u²) − va, 0, vb − va) du,
// which is (vb − va) per unit length left of where the circle crosses v = vb, F(u) − va·u between that
// crossing and the one with v = va, and 0 beyond, with the antiderivative
//   F(u) = (u·√(r² − u²) + r²·asin(u/r)) / 2.
import CoreGraphics

/// A rounded rect reduced to numbers: edges and clamped radii.
struct RoundedRectGeometry {
    let x0: Double, y0: Double, x1: Double, y1: Double
    let tl: Double, tr: Double, bl: Double, br: Double
    let isEmpty: Bool

    init(_ shape: RoundedRect) {
        let r = shape.rect
        let ax = Double(r.minX), ay = Double(r.minY), bx = Double(r.maxX), by = Double(r.maxY)
        let ok = ax.isFinite && ay.isFinite && bx.isFinite && by.isFinite && bx > ax && by > ay
        isEmpty = !ok
        x0 = ok ? ax : 0; y0 = ok ? ay : 0; x1 = ok ? bx : 0; y1 = ok ? by : 0
        let m = ok ? Swift.min(bx - ax, by - ay) / 2 : 0
        func clamp(_ v: Double) -> Double { v.isNaN || v <= 0 ? 0 : Swift.min(v, m) }
        tl = clamp(shape.radii.topLeft); tr = clamp(shape.radii.topRight)
        bl = clamp(shape.radii.bottomLeft); br = clamp(shape.radii.bottomRight)
    }

    var pixelBounds: PixelRect {
        if isEmpty { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        return PixelRect(enclosing: CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
    }

    /// Exact area of [px, px+1] × [py, py+1] inside the shape.
    func coverage(_ px: Int, _ py: Int) -> Double {
        if isEmpty { return 0 }
        let fx = Double(px), fy = Double(py)
        let ox = Swift.min(fx + 1, x1) - Swift.max(fx, x0)
        let oy = Swift.min(fy + 1, y1) - Swift.max(fy, y0)
        if ox <= 0 || oy <= 0 { return 0 }
        var a = ox * oy
        if tl > 0 {
            a -= cornerOutside(fx, fy, bx0: x0, bx1: x0 + tl, by0: y0, by1: y0 + tl, cx: x0 + tl, cy: y0 + tl,
                               r: tl, flipX: true, flipY: true)
        }
        if tr > 0 {
            a -= cornerOutside(fx, fy, bx0: x1 - tr, bx1: x1, by0: y0, by1: y0 + tr, cx: x1 - tr, cy: y0 + tr,
                               r: tr, flipX: false, flipY: true)
        }
        if bl > 0 {
            a -= cornerOutside(fx, fy, bx0: x0, bx1: x0 + bl, by0: y1 - bl, by1: y1, cx: x0 + bl, cy: y1 - bl,
                               r: bl, flipX: true, flipY: false)
        }
        if br > 0 {
            a -= cornerOutside(fx, fy, bx0: x1 - br, bx1: x1, by0: y1 - br, by1: y1, cx: x1 - br, cy: y1 - br,
                               r: br, flipX: false, flipY: false)
        }
        return Swift.min(Swift.max(a, 0), 1)
    }

    /// Area of (pixel square ∩ corner box) outside the corner circle.
    @inline(__always)
    func cornerOutside(_ fx: Double, _ fy: Double, bx0: Double, bx1: Double, by0: Double, by1: Double,
                               cx: Double, cy: Double, r: Double, flipX: Bool, flipY: Bool) -> Double {
        let sx0 = Swift.max(fx, bx0), sx1 = Swift.min(fx + 1, bx1)
        if sx1 <= sx0 { return 0 }
        let sy0 = Swift.max(fy, by0), sy1 = Swift.min(fy + 1, by1)
        if sy1 <= sy0 { return 0 }
        let boxArea = (sx1 - sx0) * (sy1 - sy0)
        // Fold into the first quadrant around the circle's centre; the box becomes [0, r]².
        var ua = flipX ? cx - sx1 : sx0 - cx, ub = flipX ? cx - sx0 : sx1 - cx
        var va = flipY ? cy - sy1 : sy0 - cy, vb = flipY ? cy - sy0 : sy1 - cy
        ua = Swift.min(Swift.max(ua, 0), r); ub = Swift.min(Swift.max(ub, ua), r)
        va = Swift.min(Swift.max(va, 0), r); vb = Swift.min(Swift.max(vb, va), r)
        let r2 = r * r
        if ua * ua + va * va >= r2 { return boxArea }   // nearest point outside: all outside
        if ub * ub + vb * vb <= r2 { return 0 }         // farthest point inside: all inside
        let inside = quarterDiskArea(ua: ua, ub: ub, va: va, vb: vb, r: r)
        return Swift.min(Swift.max(boxArea - inside, 0), boxArea)
    }

    /// Area of [ua, ub] × [va, vb] inside the disk of radius r (0 ≤ ua ≤ ub ≤ r, 0 ≤ va ≤ vb ≤ r).
    @inline(__always)
    private func quarterDiskArea(ua: Double, ub: Double, va: Double, vb: Double, r: Double) -> Double {
        let uTop = ((r - vb) * (r + vb)).squareRoot()     // circle meets v = vb
        let uBottom = ((r - va) * (r + va)).squareRoot()  // circle meets v = va
        var area = 0.0
        let e1 = Swift.min(ub, uTop)
        if e1 > ua { area += (e1 - ua) * (vb - va) }
        let s2 = Swift.max(ua, uTop), e2 = Swift.min(ub, uBottom)
        if e2 > s2 {
            area += circleIntegral(s2, e2, r: r) - va * (e2 - s2)
        }
        return area
    }

    /// ∫ₐᵇ √(r² − u²) du for 0 ≤ a ≤ b ≤ r, as F(b) − F(a).
    /// asin(u/r) is evaluated as atan2(u, √((r − u)(r + u))): asin is ill-conditioned next to u = r, where
    /// a rounding error of one ulp in u/r would cost ~1e-8·r² of area; atan2 of the exactly formed
    /// r − u is not.
    @inline(__always)
    private func circleIntegral(_ a: Double, _ b: Double, r: Double) -> Double {
        func f(_ u: Double) -> Double {
            let h = Swift.max((r - u) * (r + u), 0).squareRoot()
            return 0.5 * (u * h + r * r * atan2(u, h))
        }
        return f(b) - f(a)
    }

    // MARK: Row spans

    /// For pixel row `py`: the vertical overlap `cy` and the run of pixels [start, end) whose squares lie
    /// inside the rect horizontally and touch no corner box — their coverage is exactly `cy`, the same
    /// number `coverage(_:_:)` computes for them.
    @inline(__always)
    func rowSpan(_ py: Int) -> (cy: Double, start: Int, end: Int) {
        let fy = Double(py)
        let cy = Swift.min(fy + 1, y1) - Swift.max(fy, y0)
        if cy <= 0 || isEmpty { return (0, 0, 0) }
        var left = 0.0, right = 0.0
        if tl > 0 && fy < y0 + tl && fy + 1 > y0 { left = tl }
        if bl > 0 && fy < y1 && fy + 1 > y1 - bl { left = Swift.max(left, bl) }
        if tr > 0 && fy < y0 + tr && fy + 1 > y0 { right = tr }
        if br > 0 && fy < y1 && fy + 1 > y1 - br { right = Swift.max(right, br) }
        let start = clampedInt((x0 + left).rounded(.up)), end = clampedInt((x1 - right).rounded(.down))
        return (cy, start, Swift.max(start, end))
    }

    /// Writes 8-bit coverage for every pixel of the mask's bounds.
    func writeCoverage(into mask: inout CoverageMask) {
        let bounds = mask.bounds
        guard !bounds.isEmpty else { return }
        mask.withMutableValues { rows in
            for py in bounds.y..<bounds.maxY {
                let row = rows.row(py)
                let span = rowSpan(py)
                let a = Swift.min(Swift.max(span.start, bounds.x), bounds.maxX)
                let b = Swift.min(Swift.max(span.end, a), bounds.maxX)
                for px in bounds.x..<a { row[px] = quantize(coverage(px, py)) }
                if b > a { row.update(a..<b, repeating: quantize(span.cy)) }
                for px in b..<bounds.maxX { row[px] = quantize(coverage(px, py)) }
            }
        }
    }
}
