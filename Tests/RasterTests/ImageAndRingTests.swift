import Testing
import Foundation
@testable import Raster

private func rectPath(_ r: CGRect) -> Path {
    var p = Path()
    p.move(to: CGPoint(x: r.minX, y: r.minY)); p.line(to: CGPoint(x: r.maxX, y: r.minY))
    p.line(to: CGPoint(x: r.maxX, y: r.maxY)); p.line(to: CGPoint(x: r.minX, y: r.maxY)); p.close()
    return p
}

private func checkerboard(width: Int, height: Int, cell: Int, _ a: RGBA8, _ b: RGBA8) -> PixelBuffer {
    var img = PixelBuffer(width: width, height: height)
    for y in 0..<height { for x in 0..<width { img[x, y] = (x / cell + y / cell) % 2 == 0 ? a : b } }
    return img
}

// MARK: - Image paint

/// A 1:1 placement at an integer offset reproduces the image exactly, through the integer-shift path and
/// through the general (projective) sampling path.
@Test func imageAtIntegerOffsetIsCopiedExactly() {
    let image = patternBuffer(width: 23, height: 17, seed: 4)
    let direct = Transform2D.translation(-5, -6)
    // The same map written projectively (every entry × 2): sampled through the general path.
    let projective = Transform2D(a: 2, b: 0, c: -10, d: 0, e: 2, f: -12, g: 0, h: 0, i: 2)
    for t in [direct, projective] {
        // The shape decides where the image goes: the image's own rectangle, nothing outside it.
        var b = PixelBuffer(width: 40, height: 30)
        b.fill(rectPath(CGRect(x: 5, y: 6, width: 23, height: 17)), with: ImagePaint(image: image, deviceToImage: t))
        for y in 0..<30 { for x in 0..<40 {
            let inside = x >= 5 && x < 28 && y >= 6 && y < 23
            #expect(b[x, y] == (inside ? image[x - 5, y - 6] : .clear), "(\(x), \(y))")
        } }
        // A larger shape repeats the edge texels beyond the image (clamp to edge).
        var wide = PixelBuffer(width: 40, height: 30)
        wide.fill(rectPath(CGRect(x: 0, y: 0, width: 40, height: 30)), with: ImagePaint(image: image, deviceToImage: t))
        #expect(wide[0, 0] == image[0, 0] && wide[39, 29] == image[22, 16] && wide[10, 29] == image[5, 16])
    }
    // Over a background, through a translucent opacity: the composite of the same image.
    var viaFill = patternBuffer(width: 40, height: 30, seed: 2), viaComposite = viaFill
    viaFill.fill(rectPath(CGRect(x: 5, y: 6, width: 23, height: 17)), with: ImagePaint(image: image, deviceToImage: direct), opacity: 0.6)
    viaComposite.composite(image, atX: 5, y: 6, opacity: 0.6)
    #expect(viaFill == viaComposite)
}

/// A 2× upscale of a checkerboard interpolates between the cells' colours at the exact bilinear weights.
@Test func twiceUpscaledCheckerboardInterpolates() {
    let a = RGBA8(r: 200, g: 40, b: 0, a: 255), c = RGBA8(r: 0, g: 100, b: 220, a: 255)
    let image = checkerboard(width: 8, height: 8, cell: 1, a, c)
    var b = PixelBuffer(width: 16, height: 16)
    b.fill(rectPath(CGRect(x: 0, y: 0, width: 16, height: 16)), with: ImagePaint(image: image, deviceToImage: .scale(0.5, 0.5)))
    // Device pixel centre (X + ½)/2 − ½ in image pixels: even X → k − ¼, odd X → k + ¼ (weights ¾, ¼).
    func expected(_ x: Int, _ y: Int) -> RGBA8 {
        func taps(_ p: Int) -> [(Int, Double)] {
            let u = (Double(p) + 0.5) / 2 - 0.5
            let i = Int(u.rounded(.down)), f = u - Double(i)
            return [(i, 1 - f), (i + 1, f)]
        }
        var acc = [0.0, 0.0, 0.0, 0.0]
        for (ix, wx) in taps(x) { for (iy, wy) in taps(y) {
            // Outside the texel centres the edge texels repeat (clamp to edge, as Core Animation samples).
            let p = image[min(max(ix, 0), 7), min(max(iy, 0), 7)]
            for (k, v) in [p.r, p.g, p.b, p.a].enumerated() { acc[k] += Double(v) * wx * wy }
        } }
        let q = acc.map { UInt8(($0 + 0.5).rounded(.down)) }
        return RGBA8(r: q[0], g: q[1], b: q[2], a: q[3])
    }
    for y in 0..<16 { for x in 0..<16 { #expect(b[x, y] == expected(x, y), "(\(x), \(y))") } }
    // Inside, every pixel is a mix (¾·¾ + ¼·¼ of one colour): never a pure cell colour.
    #expect(b[5, 5] != a && b[5, 5] != c)
    // The image's border does not fade: the corner pixel is the corner texel, opaque.
    #expect(b[0, 0] == a)
}

/// A rotated image keeps its average colour (bilinear resampling preserves the mean).
@Test func rotatedImageKeepsItsAverageColour() {
    let image = checkerboard(width: 64, height: 64, cell: 4, RGBA8(r: 250, g: 20, b: 40, a: 255), RGBA8(r: 10, g: 90, b: 200, a: 255))
    let toImage = Transform2D.translation(-64, -64).then(.rotation(0.52)).then(.translation(32, 32))
    var b = PixelBuffer(width: 128, height: 128)
    // The image's own rectangle, rotated into the buffer: the shape a layer's contents fill.
    b.fill(rectPath(CGRect(x: 0, y: 0, width: 64, height: 64)).applying(toImage.inverse!), with: ImagePaint(image: image, deviceToImage: toImage))
    var sums = [0.0, 0.0, 0.0, 0.0], imageSums = [0.0, 0.0, 0.0, 0.0]
    for y in 0..<128 { for x in 0..<128 { let p = b[x, y]; for (k, v) in [p.r, p.g, p.b, p.a].enumerated() { sums[k] += Double(v) } } }
    for y in 0..<64 { for x in 0..<64 { let p = image[x, y]; for (k, v) in [p.r, p.g, p.b, p.a].enumerated() { imageSums[k] += Double(v) } } }
    for k in 0..<4 {
        #expect(abs(sums[k] - imageSums[k]) <= 0.005 * imageSums[k], "channel \(k): \(sums[k]) vs \(imageSums[k])")
    }
    // Rotated: the corners of the buffer are outside the image.
    #expect(b[0, 0] == .clear && b[64, 64].a == 255)
}

/// Image edges are anti-aliased by the shape's coverage; the clip multiplies in.
@Test func imageFillCoverageAndClip() {
    let image = PixelBuffer(width: 10, height: 10, fill: RGBA8(r: 255, g: 255, b: 255, a: 255))
    // Half-pixel offset: the image rectangle half covers its edge pixels.
    var b = PixelBuffer(width: 20, height: 20)
    b.fill(rectPath(CGRect(x: 4.5, y: 4.5, width: 10, height: 10)), with: ImagePaint(image: image, deviceToImage: .translation(-4.5, -4.5)))
    #expect(b[4, 8].a == 128 && b[5, 8].a == 255 && b[14, 8].a == 128 && b[15, 8].a == 0 && b[3, 8].a == 0)
    // Coverage: a triangle filled with the image; weights as for a solid fill of the same colour.
    let tri = { () -> Path in
        var p = Path(); p.move(to: CGPoint(x: 1.3, y: 0.5)); p.line(to: CGPoint(x: 9.7, y: 2.1)); p.line(to: CGPoint(x: 4.4, y: 9.6)); p.close(); return p
    }()
    var withImage = PixelBuffer(width: 12, height: 12), withSolid = withImage
    withImage.fill(tri, with: ImagePaint(image: image, deviceToImage: .identity), opacity: 0.8)
    withSolid.fill(tri, with: .solid(.white), opacity: 0.8)
    #expect(withImage == withSolid)
}

// MARK: - Rings

@Test func ringCoverageIsOuterMinusInner() {
    let outer = RoundedRect(rect: CGRect(x: 10.3, y: 8.6, width: 120.5, height: 80.25), radii: CornerRadii(all: 20))
    let inner = RoundedRect(rect: CGRect(x: 13.05, y: 11.35, width: 115, height: 74.75), radii: CornerRadii(all: 17.25))
    var b = PixelBuffer(width: 150, height: 100)
    b.fillRing(outer: outer, inner: inner, with: .solid(.white))
    var alphaSum = 0.0, edgePixels = 0
    for y in 0..<100 { for x in 0..<150 {
        let c = max(0, outer.coverage(x: x, y: y) - inner.coverage(x: x, y: y))
        #expect(Int(b[x, y].a) == ref8(c), "(\(x), \(y))")
        alphaSum += Double(b[x, y].a) / 255
        if c > 0 && c < 1 { edgePixels += 1 }
    } }
    // The ring's area: the difference of the two exact areas (up to the 8-bit rounding of edge pixels).
    let area = exactArea(outer) - exactArea(inner)
    #expect(abs(alphaSum - area) <= Double(edgePixels) * 0.5 / 255, "Σ alpha \(alphaSum) vs area \(area)")
    #expect(b[70, 50] == .clear && b[11, 50].a > 0)   // the middle is empty, the band is painted
    // With a gradient, opacity and clip: the rules as for fill.
    var mask = CoverageMask(bounds: PixelRect(x: 0, y: 0, width: 80, height: 100), fill: 200)
    mask.values[0] = 0
    var g = patternBuffer(width: 150, height: 100), h = g
    let paint = Paint.axialGradient(start: .zero, end: CGPoint(x: 150, y: 0),
                                    stops: [GradientStop(location: 0, color: CGColor(red: 1, green: 0, blue: 0, alpha: 0.5)),
                                            GradientStop(location: 1, color: CGColor(red: 0, green: 1, blue: 0, alpha: 1))])
    g.fillRing(outer: outer, inner: inner, with: paint, opacity: 0.9, clip: mask)
    // Reference: the same weights through a mask-only path (outer − inner as a coverage mask, then fill).
    var ringMask = CoverageMask(bounds: outer.pixelBounds)
    for y in ringMask.bounds.y..<ringMask.bounds.maxY { for x in ringMask.bounds.x..<ringMask.bounds.maxX {
        ringMask.values[(y - ringMask.bounds.y) * ringMask.bounds.width + (x - ringMask.bounds.x)] =
            UInt8(ref8(max(0, outer.coverage(x: x, y: y) - inner.coverage(x: x, y: y)) * 0.9))
    } }
    h.fill(RoundedRect(rect: CGRect(x: 0, y: 0, width: 150, height: 100)), with: paint, clip: ringMask.intersected(with: mask))
    #expect(g == h)
}

/// A magnified image keeps its edge colour up to the rectangle it fills; only the rectangle's own edge
/// (here at a third of a pixel) is anti-aliased, by its coverage.
@Test func magnifiedImageEdgesClampToTheEdgeTexels() {
    let red = RGBA8(r: 255, g: 0, b: 0, a: 255)
    let image = PixelBuffer(width: 4, height: 4, fill: red)
    var b = PixelBuffer(width: 40, height: 41)
    // 4 × 4 texels onto 40 × 40⅓ pixels: ten times magnified.
    b.fill(rectPath(CGRect(x: 0, y: 0, width: 40, height: 40 + 1.0 / 3)),
           with: ImagePaint(image: image, deviceToImage: .scale(0.1, 4 / (40 + 1.0 / 3))))
    for x in 0..<40 {
        #expect(b[x, 0] == red && b[x, 39] == red, "column \(x)")
        // The last row is a third covered: a third of opaque red, premultiplied.
        #expect(b[x, 40] == RGBA8(r: 85, g: 0, b: 0, a: 85), "column \(x): \(b[x, 40])")
    }
}
