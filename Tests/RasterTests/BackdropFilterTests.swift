import Testing
import Foundation
import CoreGraphics
@testable import Raster

/// The backdrop filter (UIVisualEffectView's blur) against hand-computed answers.
@Suite struct BackdropFilterTests {
    /// Φ(z), the standard normal CDF.
    static func phi(_ z: Double) -> Double { 0.5 * erfc(-z / 2.0.squareRoot()) }

    /// Black left of column `edge`, white from it on; rows all alike.
    static func edgeImage(width: Int, height: Int, edge: Int) -> PixelBuffer {
        var image = PixelBuffer(width: width, height: height, fill: RGBA8(r: 0, g: 0, b: 0, a: 255))
        for y in 0..<height { for x in edge..<width { image[x, y] = RGBA8(r: 255, g: 255, b: 255, a: 255) } }
        return image
    }

    /// A sharp edge blurred by σ is the Gaussian's erf profile: column u (edge at 0) is Φ((u + ½)/σ), so
    /// one σ left of the edge (u + ½ = −σ) reads 255·0.158655 = 40.46, at the edge's left pixel 255·Φ(−½/σ),
    /// two σ right 255·0.977250 = 249.20. Both the exact kernel (σ < 8 px) and the downsampled one.
    @Test("a sharp edge gives the erf profile", arguments: [1.5, 4.0, 7.5, 8.0, 12.0, 30.0, 90.0])
    func sharpEdge(sigma: Double) {
        let edge = Int(5 * sigma) + 20, width = 2 * edge
        let image = Self.edgeImage(width: width, height: 9, edge: edge)
        let out = image.backdropFiltered(BackdropFilterParameters(sigma: sigma))
        var worst = 0.0
        for x in 0..<width {
            let u = Double(x - edge)
            let expected = 255 * Self.phi((u + 0.5) / sigma)
            for y in [0, 4, 8] {
                let p = out[x, y]
                worst = max(worst, abs(Double(p.r) - expected))
                #expect(p.r == p.g && p.g == p.b && p.a == 255)
            }
        }
        #expect(worst <= 2, "σ = \(sigma): off by \(worst)/255")
        // Hand-computed points: one σ left of the edge (centre at −σ) and two σ right (centre at +2σ).
        if sigma == 30 {
            #expect(abs(Double(out[edge - 31, 4].r) + 0.5 - 255 * 0.158655) <= 2)    // u + ½ = −30.5 ≈ −1.017σ
            #expect(abs(Double(out[edge + 59, 4].r) - 255 * Self.phi(59.5 / 30)) <= 2)
        }
        if sigma == 4 {
            #expect(abs(Double(out[edge - 1, 4].r) - 255 * Self.phi(-0.125)) <= 1)    // 255·0.45026 = 114.8
        }
    }

    /// A uniform backdrop stays uniform; then the saturation and tint are exactly as specified. For
    /// (200, 100, 50): L = 0.2126·200 + 0.7152·100 + 0.0722·50 = 117.65; ×1.8 about L: (265.88 → 255, 85.88,
    /// −4.12 → 0); white at 25 %: (255, 63.75 + 0.75·85.88 = 128.16, 63.75) → (255, 128, 64).
    @Test func uniformBackdrop() {
        let image = PixelBuffer(width: 40, height: 30, fill: RGBA8(r: 200, g: 100, b: 50, a: 255))
        for sigma in [0.0, 3, 20] {
            let blurred = image.backdropFiltered(BackdropFilterParameters(sigma: sigma))
            #expect(blurred == image, "σ = \(sigma)")
            let out = image.backdropFiltered(BackdropFilterParameters(sigma: sigma, saturation: 1.8, tint: CGColor(gray: 1, alpha: 0.25)))
            #expect(out == PixelBuffer(width: 40, height: 30, fill: RGBA8(r: 255, g: 128, b: 64, a: 255)), "σ = \(sigma)")
        }
        // Saturation 0 is the luminance: round(117.65) = 118.
        let grey = image.backdropFiltered(BackdropFilterParameters(sigma: 0, saturation: 0))
        #expect(grey[5, 5] == RGBA8(r: 118, g: 118, b: 118, a: 255))
    }

    /// The same input gives the same bytes, and the output depends only on the region (a random image).
    @Test func deterministic() {
        var image = PixelBuffer(width: 61, height: 47)
        var seed: UInt64 = 0x9E3779B97F4A7C15
        for i in 0..<image.bytes.count / 4 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            let a = UInt8(truncatingIfNeeded: seed >> 56)
            image.bytes[4 * i + 3] = a
            for c in 0..<3 { image.bytes[4 * i + c] = UInt8(UInt16(truncatingIfNeeded: seed >> (8 * c + 8)) % (UInt16(a) + 1)) }
        }
        let p = BackdropFilterParameters(sigma: 9.5, saturation: 1.8, tint: CGColor(gray: 0.1, alpha: 0.7))
        let once = image.backdropFiltered(p)
        #expect(once == image.backdropFiltered(p))
        // Premultiplied: no channel above alpha.
        for i in 0..<once.bytes.count / 4 { #expect(once.bytes[4 * i] <= once.bytes[4 * i + 3]) }
    }
}
