import Testing
import Foundation
@testable import QuartzCore
import Raster
@testable import Compositor
import TestSupport

/// The card-list pattern: a still list (the cached backdrop), a dimming layer fading over it (blended
/// while the backdrop is copied) and opaque cards moving above it (whose interiors are not copied at all,
/// since they overwrite them). Streamed frames — drawn in the memory of earlier frames, whose stale
/// pixels the holes keep — equal fresh renders and renders without the occlusion shortcuts, byte for byte.
@Suite struct BackdropCopy {
    static let size = CGSize(width: 70, height: 90)

    func tree(seed: UInt64, t: Double) -> LayerSnapshot {
        var rng = SplitMix64(seed: seed)
        func color(opaque: Bool = true) -> CGColor {
            CGColor(red: rng.unit(), green: rng.unit(), blue: rng.unit(), alpha: opaque ? 1 : 0.4 + 0.5 * rng.unit())
        }
        var root = testLayer(CGRect(origin: .zero, size: Self.size), color())
        var children: [LayerSnapshot] = []
        for _ in 0..<(1 + Int(rng.next() % 3)) {
            children.append(testLayer(CGRect(x: rng.unit() * 40, y: rng.unit() * 60, width: 10 + rng.unit() * 40, height: 10 + rng.unit() * 30),
                                      color(opaque: rng.chance(0.7))) { $0.cornerRadius = rng.unit() * 6 })
        }
        // The dimming layer: whole screen or a fractional part of it, fading in.
        let dimFrame = rng.chance(0.7) ? CGRect(origin: .zero, size: Self.size)
            : CGRect(x: rng.unit() * 10, y: rng.unit() * 10, width: 30 + rng.unit() * 40, height: 40 + rng.unit() * 50)
        children.append(testLayer(dimFrame, color(opaque: rng.chance(0.8))) { $0.opacity = Float(0.05 + 0.5 * t) })
        // Opaque cards above it, moving; some with a shadow cast from their own shape, some rounded.
        for _ in 0..<(1 + Int(rng.next() % 3)) {
            let x0 = rng.unit() * 50 - 10, y0 = rng.unit() * 70 - 10, dx = rng.unit() * 30 - 15, dy = rng.unit() * 30 - 15
            let w = 8 + rng.unit() * 50, h = 8 + rng.unit() * 60
            let shadow = rng.chance(0.4), radius = rng.chance(0.5) ? rng.unit() * 8 : 0
            let translucent = rng.chance(0.2)
            children.append(testLayer(CGRect(x: x0 + dx * t, y: y0 + dy * t, width: w, height: h), color(opaque: !translucent)) {
                $0.cornerRadius = radius
                if shadow { $0.shadowOpacity = 0.3; $0.shadowRadius = 3; $0.shadowOffset = CGSize(width: 0, height: 2) }
            })
        }
        root.sublayers = children
        return root
    }

    @Test("a dimming layer under moving opaque cards: streamed frames equal fresh renders", arguments: 0..<24)
    func streamedFramesEqualFreshRenders(seed: Int) {
        let scale: CGFloat = seed % 3 == 2 ? 2 : 1
        let renderer = LayerRenderer(scale: scale)
        for (index, t) in [0, 0.1, 0.35, 0.35, 0.7, 1].enumerated() {
            let snapshot = tree(seed: UInt64(seed), t: t)
            let streamed = renderer.render(snapshot, size: Self.size)
            let fresh = LayerRenderer(scale: scale).render(snapshot, size: Self.size)
            let plain = LayerRenderer(scale: scale)
            plain.skipsOverdraw = false
            let reference = plain.render(snapshot, size: Self.size)
            let same = streamed == fresh, unshortened = fresh == reference
            #expect(same, "seed \(seed), frame \(index): \(differingPixels(streamed, fresh).count) pixels differ from a fresh render")
            #expect(unshortened, "seed \(seed), frame \(index): \(differingPixels(fresh, reference).count) pixels differ without occlusion")
        }
    }
}
