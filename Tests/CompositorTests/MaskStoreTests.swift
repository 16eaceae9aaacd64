import Testing
import Foundation
@testable import QuartzCore
@testable import Compositor
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
