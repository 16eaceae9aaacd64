import Testing
import Foundation
@testable import QuartzCore
@testable import Compositor
import Raster
import TestSupport

/// The renderer's coverage masks are made once per clip per render and written into the memory of the
/// previous render's masks. Against fresh masks for every fill: byte for byte, on random card trees
/// (nested rounded clips, partial clip weights, shadows) rendered one after another by one renderer, so
/// each render reuses the masks of a different tree.
@Suite struct MaskStoreReuse {
    @Test("random trees in sequence: same bytes with and without cached, recycled masks", arguments: [CGFloat(1), 2, 3])
    func randomTreesAreIdentical(scale: CGFloat) {
        let size = CGSize(width: 90, height: 110)
        let cached = LayerRenderer(scale: scale)
        for seed in UInt64(1)...40 {
            var root = OverdrawSkipping.tree(seed: seed &* 104_729 &+ UInt64(scale), size: size)
            if seed % 3 == 0 {
                // One more rounded clip around everything: intersections of intersections.
                var outer = testLayer(CGRect(x: 1.25, y: 0.5, width: size.width - 2.5, height: size.height - 1.75)) {
                    $0.cornerRadius = 11; $0.masksToBounds = true
                }
                outer.sublayers = [root]
                root = outer
            }
            let fresh = LayerRenderer(scale: scale)
            fresh.masks.enabled = false
            let a = cached.render(root, size: size), b = fresh.render(root, size: size)
            let difference = pixelDifference(a, b)
            #expect(difference == nil, "seed \(seed): \(difference ?? "")")
        }
        // Masks are kept only from one render to the next.
        #expect(cached.masks.made.count < 64)
    }
}

/// The store hands a mask over to the next render when that render asks for the same recipe (a clip that
/// did not move, or the intersection of such clips), and makes the others in the memory of masks no render
/// reused. Every mask it returns is, byte for byte, the one made from nothing.
@Suite struct MaskStoreAcrossRenders {
    @Test func masksAskedForAgainAreHandedOverUnchanged() {
        typealias Store = LayerRenderer.MaskStore
        var rng = SplitMix64(seed: 77)
        let limit = PixelRect(x: 0, y: 0, width: 60, height: 50)
        let shapes = (0..<6).map { _ in
            RoundedRect(rect: CGRect(x: rng.unit() * 30 - 5, y: rng.unit() * 20 - 5, width: 10 + rng.unit() * 40, height: 10 + rng.unit() * 40),
                        radii: CornerRadii(all: rng.unit() * 9))
        }
        var store = Store()
        var reused = 0
        var lastRender: [Int: CoverageMask] = [:]   // mask made from shape pair (i, j) in the last render
        for render in 0..<12 {
            store.beginRender()
            var thisRender: [Int: CoverageMask] = [:]
            // Each render asks for a few pairs, some of them again, plus a limit of its own now and then.
            for _ in 0..<4 {
                let i = Int(rng.next() % 6), j = Int(rng.next() % 6)
                let l = rng.chance(0.2) ? PixelRect(x: 2, y: 1, width: 50, height: 40) : limit
                let clip = store.intersection(.shape(shapes[i]), .shape(shapes[j]), limit: l)
                guard case .mask(let mask, let id) = clip else { Issue.record("not a mask"); continue }
                let fresh = CoverageMask(shapes[i], within: l).intersected(with: CoverageMask(shapes[j], within: l))
                #expect(mask == fresh, "render \(render), pair (\(i), \(j))")
                #expect(id != nil)
                // Nested: this pair with a third shape.
                let k = Int(rng.next() % 6)
                let nested = store.intersection(clip, .shape(shapes[k]), limit: l)
                if case .mask(let m, _) = nested {
                    #expect(m == fresh.intersected(with: CoverageMask(shapes[k], within: l)), "render \(render), nested")
                }
                let key = (i * 6 + j) * 2 + (l == limit ? 0 : 1)
                if let before = lastRender[key], before.values.withUnsafeBufferPointer({ a in mask.values.withUnsafeBufferPointer { a.baseAddress == $0.baseAddress } }) {
                    reused += 1
                }
                thisRender[key] = mask
            }
            store.endRender()
            lastRender = thisRender
        }
        #expect(reused > 0, "no mask was handed over to the next render")
    }
}
