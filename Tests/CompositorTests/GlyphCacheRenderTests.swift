import Testing
import Foundation
@testable import QuartzCore
import Raster
@testable import Compositor
import TestSupport

/// Text through the renderer's glyph cache: the same bytes whatever the renderer drew before, the exact
/// fill wherever the cache does not serve the placement, and within the stated bound of it elsewhere.
@Suite struct GlyphCacheRender {
    static let size = CGSize(width: 220, height: 120)

    static func scene(_ string: String, offset: CGPoint, transform: CATransform3D = CATransform3DIdentity,
                      size fontSize: CGFloat = 17) -> LayerSnapshot {
        var root = testLayer(CGRect(origin: .zero, size: size), CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        root.sublayers = [testLayer(CGRect(x: 10 + offset.x, y: 20 + offset.y, width: 190, height: 70)) {
            $0.text = LayerText(runs: [LayerText.Run(string, fontName: ".SystemFont-400", fontSize: fontSize,
                                                     color: CGColor(red: 0.1, green: 0.2, blue: 0.8, alpha: 1))],
                                alignment: .natural, lineBreak: .byWordWrapping, numberOfLines: 0, verticalPlacement: .center)
            $0.transform = transform
        }]
        return root
    }

    static func render(_ tree: LayerSnapshot, with renderer: LayerRenderer = LayerRenderer(scale: 3)) -> PixelBuffer {
        renderer.render(tree, size: size)
    }

    static func maxDifference(_ a: PixelBuffer, _ b: PixelBuffer) -> Int {
        var worst = 0
        for y in 0..<a.height { for x in 0..<a.width {
            let p = a[x, y], q = b[x, y]
            worst = max(worst, abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)))
        } }
        return worst
    }

    static let strings = ["Today", "The quick brown fox jumps over the lazy dog", "Åland – 1,234.56 km", "Wi-Fi & Bluetooth"]

    @Test func aWarmRendererDrawsTheBytesOfAFreshOne() {
        var rng = SplitMix64(seed: 3)
        let warm = LayerRenderer(scale: 3)
        for k in 0..<24 {
            let tree = Self.scene(Self.strings[k % Self.strings.count],
                                  offset: CGPoint(x: rng.unit() * 7, y: rng.unit() * 7), size: CGFloat(12 + rng.unit() * 14))
            #expect(Self.render(tree, with: warm) == Self.render(tree), "frame \(k)")
        }
        #expect(warm.glyphs.cache.count > 0)
    }

    @Test func placementsTheCacheDoesNotServeAreFilledExactly() {
        let exact = LayerRenderer(scale: 3)
        exact.glyphs.enabled = false
        for transform in [CATransform3DMakeRotation(0.2, 0, 0, 1), CATransform3DMakeScale(0.97, 0.97, 1),
                          CATransform3DMakeRotation(0.5, 0, 1, 0)] {
            let tree = Self.scene("Rotated and scaling", offset: CGPoint(x: 0.3, y: 0.6), transform: transform)
            #expect(Self.render(tree) == Self.render(tree, with: exact))
        }
        #expect(exact.glyphs.cache.count == 0)
    }

    @Test func translatedTextStaysWithinTheBoundOfTheExactFill() {
        var rng = SplitMix64(seed: 5)
        var worst = 0
        for k in 0..<12 {
            let exact = LayerRenderer(scale: 3)
            exact.glyphs.enabled = false
            let tree = Self.scene(Self.strings[k % Self.strings.count], offset: CGPoint(x: rng.unit() * 3, y: rng.unit() * 3))
            let image = Self.render(tree), reference = Self.render(tree, with: exact)
            worst = max(worst, Self.maxDifference(image, reference))
        }
        #expect(worst <= 64, "max difference \(worst)/255")
    }
}
