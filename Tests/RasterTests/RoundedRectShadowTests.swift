import Testing
import Foundation
@testable import Raster
import TestSupport

private let black = CGColor(red: 0, green: 0, blue: 0, alpha: 1)

/// The reference: the shape filled opaque white into its own buffer, blurred by drawShadow.
private func blurShadow(_ shape: RoundedRect, offset: CGPoint, sigma: Double, color: CGColor = black, opacity: Double = 1,
                        target: PixelBuffer, clip: CoverageMask? = nil) -> PixelBuffer {
    let pb = shape.pixelBounds
    var source = PixelBuffer(width: pb.width, height: pb.height)
    source.fill(RoundedRect(rect: shape.rect.offsetBy(dx: -CGFloat(pb.x), dy: -CGFloat(pb.y)), radii: shape.radii), with: .solid(.white))
    var out = target
    out.drawShadow(of: source, atX: pb.x, y: pb.y, offset: offset, sigma: sigma, color: color, opacity: opacity, clip: clip)
    return out
}

private struct ShadowCase: CustomTestStringConvertible, Sendable {
    var rect: CGRect, radius: Double, sigma: Double, offset: CGPoint
    var testDescription: String { "\(rect) r=\(radius) σ=\(sigma) offset=\(offset)" }
}

private let cases: [ShadowCase] = [
    ShadowCase(rect: CGRect(x: 20, y: 20, width: 60, height: 40), radius: 8, sigma: 1, offset: CGPoint(x: 0.5, y: 1.25)),
    ShadowCase(rect: CGRect(x: 20.3, y: 18.6, width: 60.5, height: 40.2), radius: 12.5, sigma: 2.5, offset: CGPoint(x: 1.3, y: -2.7)),
    ShadowCase(rect: CGRect(x: 30, y: 30, width: 50, height: 70), radius: 25, sigma: 5, offset: CGPoint(x: -3.5, y: 4.25)),
    ShadowCase(rect: CGRect(x: 40.5, y: 35.25, width: 90, height: 64), radius: 0, sigma: 7.5, offset: CGPoint(x: 0, y: 6)),
    ShadowCase(rect: CGRect(x: 50.7, y: 60.1, width: 120.4, height: 90.3), radius: 16, sigma: 9, offset: CGPoint(x: 2.6, y: 7.3)),
    ShadowCase(rect: CGRect(x: 70, y: 80, width: 150, height: 200), radius: 48, sigma: 20, offset: CGPoint(x: 0, y: 12)),
    ShadowCase(rect: CGRect(x: 150.5, y: 150.5, width: 200, height: 120), radius: 60, sigma: 36, offset: CGPoint(x: -7.3, y: 18.6)),
    ShadowCase(rect: CGRect(x: 120, y: 130, width: 80, height: 80), radius: 40, sigma: 30, offset: CGPoint(x: 3.5, y: 3.5)),
    ShadowCase(rect: CGRect(x: 30.2, y: 25.9, width: 40, height: 12), radius: 6, sigma: 0.6, offset: CGPoint(x: 0.4, y: 0.3)),
    // Either side of σ = 8, where corners switch from exact pixel sums to the quadrature of the exact piece.
    ShadowCase(rect: CGRect(x: 40.5, y: 40.25, width: 160, height: 130), radius: 60, sigma: 7.9, offset: CGPoint(x: 1.5, y: 2.5)),
    ShadowCase(rect: CGRect(x: 40.5, y: 40.25, width: 160, height: 130), radius: 60, sigma: 8.1, offset: CGPoint(x: 1.5, y: 2.5)),
    // A capsule: the corner boxes touch.
    ShadowCase(rect: CGRect(x: 60.3, y: 50.6, width: 150, height: 40), radius: 20, sigma: 12, offset: CGPoint(x: 0, y: 3)),
]

/// The analytic shadow agrees with drawShadow of the rendered shape within 1/255 everywhere.
@Test(arguments: cases)
private func analyticShadowMatchesBlurredShape(_ c: ShadowCase) {
    let shape = RoundedRect(rect: c.rect, radii: CornerRadii(all: c.radius))
    let margin = Int((4 * c.sigma).rounded(.up)) + 20
    let w = Int(c.rect.maxX) + margin, h = Int(c.rect.maxY) + margin
    let target = PixelBuffer(width: w, height: h)
    let expected = blurShadow(shape, offset: c.offset, sigma: c.sigma, target: target)
    var got = target
    got.drawRoundedRectShadow(shape, offset: c.offset, sigma: c.sigma, color: black, opacity: 1)
    var maxDiff = 0, nonZero = 0
    for y in 0..<h { for x in 0..<w {
        maxDiff = max(maxDiff, abs(Int(got[x, y].a) - Int(expected[x, y].a)))
        if expected[x, y].a > 0 { nonZero += 1 }
    } }
    #expect(maxDiff <= 1, "max difference \(maxDiff)/255")
    #expect(nonZero > Int(c.rect.width * c.rect.height))   // the shadow is really there
}

/// Per-corner radii, a translucent colour, opacity and a background: the blended pixels agree within 1.
@Test func analyticShadowWithColourOpacityAndPerCornerRadii() {
    let shape = RoundedRect(rect: CGRect(x: 40.4, y: 30.8, width: 130.5, height: 90.25),
                            radii: CornerRadii(topLeft: 0, topRight: 12, bottomLeft: 30, bottomRight: 45.125))
    let color = CGColor(red: 0.1, green: 0.2, blue: 0.5, alpha: 0.6)
    let base = patternBuffer(width: 230, height: 180, seed: 3)
    for sigma in [1.5, 6.0, 17.0] {
        let expected = blurShadow(shape, offset: CGPoint(x: 2.25, y: 5.5), sigma: sigma, color: color, opacity: 0.7, target: base)
        var got = base
        got.drawRoundedRectShadow(shape, offset: CGPoint(x: 2.25, y: 5.5), sigma: sigma, color: color, opacity: 0.7)
        let maxDiff = largestChannelDifference(got, expected)
        #expect(maxDiff <= 1, "σ = \(sigma): max difference \(maxDiff)")
    }
}

/// The closed form itself: far from the corners the shadow of a long rect is the erf profile across its
/// edge, with the variance σ² + 1/6 of a blurred pixel grid.
@Test func straightEdgeIsTheErfProfile() {
    let shape = RoundedRect(rect: CGRect(x: 10, y: 100, width: 400, height: 300), radii: CornerRadii(all: 20))
    var b = PixelBuffer(width: 420, height: 200)
    b.drawRoundedRectShadow(shape, offset: .zero, sigma: 12, color: black, opacity: 1)
    let se = (144.0 + 1.0 / 6).squareRoot()
    for y in 40..<160 {
        let expected = 0.5 * erfc((100 - (Double(y) + 0.5)) / (se * 2.0.squareRoot()))
        #expect(Int(b[210, y].a) == ref8(expected), "row \(y)")
    }
}

/// Clip: weight × clip, nothing outside the clip's bounds. skipInterior: those pixels are untouched.
@Test func analyticShadowHonoursClipAndSkip() {
    let shape = RoundedRect(rect: CGRect(x: 30.5, y: 40.25, width: 100, height: 70), radii: CornerRadii(all: 14))
    let base = patternBuffer(width: 180, height: 160, seed: 5)
    var mask = CoverageMask(bounds: PixelRect(x: 20, y: 10, width: 120, height: 100))
    for i in mask.values.indices { mask.values[i] = UInt8((i * 29) % 256) }
    for sigma in [0.5, 4.0, 20.0] {
        var clear = PixelBuffer(width: 180, height: 160), clipped = clear
        clear.drawRoundedRectShadow(shape, offset: CGPoint(x: 3, y: 4.5), sigma: sigma, color: black, opacity: 1)
        clipped.drawRoundedRectShadow(shape, offset: CGPoint(x: 3, y: 4.5), sigma: sigma, color: black, opacity: 1, clip: mask)
        for y in 0..<160 { for x in 0..<180 {
            #expect(Int(clipped[x, y].a) == ref255(Int(clear[x, y].a), Int(mask[x, y])), "σ = \(sigma) (\(x), \(y))")
        } }
        let skip = PixelRect(x: 40, y: 50, width: 70, height: 50)
        var skipped = base, full = base
        skipped.drawRoundedRectShadow(shape, offset: CGPoint(x: 3, y: 4.5), sigma: sigma, color: black, opacity: 0.8, skipInterior: skip)
        full.drawRoundedRectShadow(shape, offset: CGPoint(x: 3, y: 4.5), sigma: sigma, color: black, opacity: 0.8)
        var changedInside = 0
        for y in 0..<160 { for x in 0..<180 {
            let inside = x >= 40 && x < 110 && y >= 50 && y < 100
            if inside {
                #expect(skipped[x, y] == base[x, y])
                if full[x, y] != base[x, y] { changedInside += 1 }
            } else {
                #expect(skipped[x, y] == full[x, y])
            }
        } }
        #expect(changedInside > 1000)   // the skipped pixels would have been drawn
    }
}

@Test func analyticShadowDegenerateInputs() {
    var b = patternBuffer(width: 40, height: 40)
    let before = b
    let shape = RoundedRect(rect: CGRect(x: 5, y: 5, width: 20, height: 20), radii: CornerRadii(all: 4))
    b.drawRoundedRectShadow(shape, offset: .zero, sigma: 3, color: black, opacity: 0)
    b.drawRoundedRectShadow(shape, offset: .zero, sigma: 3, color: .clear, opacity: 1)
    b.drawRoundedRectShadow(shape, offset: .zero, sigma: .infinity, color: black, opacity: 1)
    b.drawRoundedRectShadow(RoundedRect(rect: .zero), offset: .zero, sigma: 3, color: black, opacity: 1)
    b.drawRoundedRectShadow(shape, offset: CGPoint(x: 500, y: 0), sigma: 3, color: black, opacity: 1)
    #expect(b == before)
    // NaN σ and offsets behave like drawShadow (no blur, no offset): no trap.
    b.drawRoundedRectShadow(shape, offset: CGPoint(x: Double.nan, y: 0), sigma: .nan, color: black, opacity: 1)
    #expect(b != before)
}

@Test func analyticShadowIsDeterministicAndRegionIndependent() {
    let shape = RoundedRect(rect: CGRect(x: 50.5, y: 40.25, width: 120, height: 90), radii: CornerRadii(all: 24))
    for sigma in [3.0, 20.0] {
        var a = PixelBuffer(width: 260, height: 220), b = a
        a.drawRoundedRectShadow(shape, offset: CGPoint(x: 2.5, y: 7.75), sigma: sigma, color: black, opacity: 0.9)
        b.drawRoundedRectShadow(shape, offset: CGPoint(x: 2.5, y: 7.75), sigma: sigma, color: black, opacity: 0.9)
        #expect(a == b)
        // Drawn into a crop at another origin: the same pixels.
        var crop = PixelBuffer(width: 70, height: 60)
        let moved = RoundedRect(rect: shape.rect.offsetBy(dx: -100, dy: -90), radii: shape.radii)
        crop.drawRoundedRectShadow(moved, offset: CGPoint(x: 2.5, y: 7.75), sigma: sigma, color: black, opacity: 0.9)
        for y in 0..<60 { for x in 0..<70 { #expect(crop[x, y] == a[100 + x, 90 + y]) } }
    }
}

/// The corner node sets are cached for the whole process, and renders run in parallel (tests, a
/// user's parallel renders): shadows drawn by many tasks at once, over more (σ, r) pairs than the cache
/// keeps (so it is cleared while others read it), are byte-identical to the same shadows drawn one by one.
@Test func parallelRoundedRectShadowsMatchSerialOnes() async {
    var jobs: [(sigma: Double, radius: Double)] = []
    for i in 0..<96 {
        let sigma = 8.5 + Double(i % 48) * 0.75
        let radius = Double(6 + (i * 7) % 29)
        jobs.append((sigma, radius))
    }
    @Sendable func draw(_ job: (sigma: Double, radius: Double)) -> PixelBuffer {
        var buffer = PixelBuffer(width: 72, height: 64)
        let shape = RoundedRect(rect: CGRect(x: 14, y: 12, width: 44, height: 38), radii: CornerRadii(all: job.radius))
        buffer.drawRoundedRectShadow(shape, offset: CGPoint(x: 0.5, y: 2), sigma: job.sigma, color: black, opacity: 0.8)
        return buffer
    }
    let serial = jobs.map(draw)
    let frozen = jobs
    let parallel = await withTaskGroup(of: (Int, PixelBuffer).self) { group in
        for (i, job) in frozen.enumerated() { group.addTask { (i, draw(job)) } }
        var out = [PixelBuffer?](repeating: nil, count: jobs.count)
        for await (i, image) in group { out[i] = image }
        return out
    }
    for i in jobs.indices { #expect(parallel[i] == serial[i], "job \(i): σ \(jobs[i].sigma), r \(jobs[i].radius)") }
}
