import Testing
import Foundation
import QuartzCore
import Raster
import Compositor
import TestSupport

/// Core Animation's per-layer paint rules as the layer renderer applies them.
@Suite struct PaintRules {
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    static let white = RGBA8(r: 255, g: 255, b: 255, a: 255)

    func layer(_ frame: CGRect, _ color: CGColor? = nil, _ configure: (inout LayerState) -> Void = { _ in }) -> LayerSnapshot {
        testLayer(frame, color, configure)
    }

    func render(_ root: LayerSnapshot, scale: CGFloat = 1, size: CGSize = CGSize(width: 100, height: 100)) -> PixelBuffer {
        LayerRenderer(scale: scale).render(root, size: size, background: .white)
    }

    @Test func groupOpacityCompositesTheSubtreeAsOneImage() {
        var parent = layer(CGRect(x: 0, y: 0, width: 100, height: 100)) { $0.opacity = 0.5 }
        parent.sublayers = [layer(CGRect(x: 10, y: 10, width: 50, height: 50), Self.red),
                            layer(CGRect(x: 30, y: 30, width: 50, height: 50), Self.blue)]
        let grouped = render(parent)
        // Overlap: only the blue child, at half opacity over white — the red below does not show through.
        #expect(grouped[40, 40] == RGBA8(r: 127, g: 127, b: 255, a: 255) || grouped[40, 40] == RGBA8(r: 128, g: 128, b: 255, a: 255))
        parent.state.allowsGroupOpacity = false
        let separate = render(parent)
        // Without group opacity each child blends on its own: blue at 0.5 over (red at 0.5 over white)
        // = (255, 128, 128) → (128, 64, 191), within rounding.
        let p = separate[40, 40]
        #expect(abs(Int(p.r) - 128) <= 1 && abs(Int(p.g) - 64) <= 1 && abs(Int(p.b) - 191) <= 1, "\(p)")
        #expect(separate[40, 40] != grouped[40, 40])
    }

    @Test func masksToBoundsClipsSublayersToTheRoundedBounds() {
        var parent = layer(CGRect(x: 20, y: 20, width: 60, height: 60)) { $0.masksToBounds = true; $0.cornerRadius = 20 }
        parent.sublayers = [layer(CGRect(x: -20, y: -20, width: 100, height: 100), Self.red)]
        let image = render(parent)
        #expect(image[10, 50] == Self.white)       // outside the parent
        #expect(image[21, 21] == Self.white)       // cut off by the rounded corner
        #expect(image[50, 50] == RGBA8(r: 255, g: 0, b: 0, a: 255))
    }

    @Test func masksToBoundsAlsoClipsTheLayersOwnShadow() {
        func card(masks: Bool) -> LayerSnapshot {
            layer(CGRect(x: 30, y: 30, width: 40, height: 40), Self.red) {
                $0.shadowOpacity = 1; $0.shadowRadius = 4; $0.shadowOffset = CGSize(width: 0, height: 4)
                $0.masksToBounds = masks
            }
        }
        let clipped = render(card(masks: true)), free = render(card(masks: false))
        #expect(clipped[50, 74] == Self.white)     // just below the layer: no shadow when it masks
        #expect(free[50, 74].r < 200)              // a dark shadow otherwise
        #expect(clipped[50, 50] == free[50, 50])   // the layer itself is the same
    }

    @Test func shadowIsAGaussianOfTheRadiusTimesTheScale() {
        // A long opaque edge: at distance σ outside it, the shadow's alpha is 0.5·erfc(1/√2) = 15.87 %.
        func shadowAlpha(scale: CGFloat) -> Double {
            let root = layer(CGRect(x: 0, y: 0, width: 100, height: 50), Self.red) {
                $0.shadowOpacity = 1; $0.shadowRadius = 5; $0.shadowOffset = .zero
            }
            let image = render(root, scale: scale)
            let y = Int((50 + 5) * scale)          // one σ (5 pt) below the edge, pixel centre ≈ +0.5
            return 1 - Double(image[Int(50 * scale), y].r) / 255
        }
        let expected = 0.5 * erfc(1 / 2.0.squareRoot())
        #expect(abs(shadowAlpha(scale: 1) - 0.5 * erfc((1 + 0.1) / 2.0.squareRoot())) < 0.01)
        #expect(abs(shadowAlpha(scale: 3) - expected) < 0.01)
    }

    @Test func siblingsDrawInZPositionOrderThenArrayOrder() {
        var root = layer(CGRect(x: 0, y: 0, width: 100, height: 100))
        root.sublayers = [layer(CGRect(x: 0, y: 0, width: 60, height: 60), Self.red) { $0.zPosition = 1 },
                          layer(CGRect(x: 40, y: 40, width: 60, height: 60), Self.blue)]
        #expect(render(root)[50, 50] == RGBA8(r: 255, g: 0, b: 0, a: 255))
        root.sublayers[0].state.zPosition = 0
        #expect(render(root)[50, 50] == RGBA8(r: 0, g: 0, b: 255, a: 255))
    }

    @Test func hiddenAndTransparentLayersDrawNothing() {
        var root = layer(CGRect(x: 0, y: 0, width: 100, height: 100))
        root.sublayers = [layer(CGRect(x: 0, y: 0, width: 50, height: 50), Self.red) { $0.isHidden = true },
                          layer(CGRect(x: 50, y: 50, width: 50, height: 50), Self.blue) { $0.opacity = 0; $0.shadowOpacity = 1 }]
        #expect(render(root) == PixelBuffer(width: 100, height: 100, fill: Self.white))
    }

    @Test func sublayersArePlacedByPositionAnchorAndBoundsOrigin() {
        var parent = layer(CGRect(x: 20, y: 20, width: 60, height: 60)) { $0.bounds.origin = CGPoint(x: 10, y: 0) }
        parent.sublayers = [layer(CGRect(x: 10, y: 0, width: 10, height: 10), Self.red) { $0.anchorPoint = .zero; $0.position = CGPoint(x: 10, y: 0) }]
        let image = render(parent)
        // Bounds origin (10, 0) maps to the parent's top-left corner (20, 20).
        #expect(image[25, 25] == RGBA8(r: 255, g: 0, b: 0, a: 255))
        #expect(image[35, 25] == Self.white)
    }
}

/// Skipping a dimming layer's pixels under a later opaque sibling must not change a byte.
@Suite struct Occlusion {
    @Test("same pixels with and without the skip", arguments: [CGFloat(1), 2, 3])
    func occludedDimmingIsIdentical(scale: CGFloat) {
        func tree(optimisable: Bool) -> LayerSnapshot {
            var root = testLayer(CGRect(x: 0, y: 0, width: 100, height: 120), CGColor(red: 0.9, green: 0.95, blue: 1, alpha: 1))
            var dimming = testLayer(CGRect(x: 0, y: 0, width: 100, height: 120), CGColor(gray: 0, alpha: 0.3))
            // An empty sublayer draws nothing but makes the dimming layer ineligible for the skip.
            if !optimisable { dimming.sublayers = [testLayer(.zero)] }
            root.sublayers = [
                testLayer(CGRect(x: 5, y: 5, width: 40, height: 40), CGColor(red: 1, green: 0, blue: 0, alpha: 1)),
                dimming,
                testLayer(CGRect(x: 10.3, y: 20.6, width: 50.2, height: 40.7), .white) { $0.cornerRadius = 12 },
                testLayer(CGRect(x: 40.5, y: 70.25, width: 55, height: 45), CGColor(red: 0, green: 0.5, blue: 1, alpha: 1)) {
                    $0.cornerRadius = 4; $0.shadowOpacity = 0.5; $0.shadowRadius = 3
                },
            ]
            return root
        }
        let fast = LayerRenderer(scale: scale).render(tree(optimisable: true), size: CGSize(width: 100, height: 120))
        let reference = LayerRenderer(scale: scale).render(tree(optimisable: false), size: CGSize(width: 100, height: 120))
        #expect(fast == reference)
    }
}

/// A layer whose composited alpha is just its opaque shape casts its shadow from that shape (closed form)
/// instead of drawing itself offscreen first; the two must agree.
@Suite struct ShadowFromOwnShape {
    @Test("matches the shadow of the drawn layer", arguments: [CACornerMask([.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]),
                                                             [.layerMinXMinYCorner, .layerMaxXMinYCorner]])
    func fastPathMatchesGeneralPath(corners: CACornerMask) {
        func tree(forceGeneralPath: Bool) -> LayerSnapshot {
            var card = testLayer(CGRect(x: 20.5, y: 15.25, width: 60, height: 70), .white) {
                $0.cornerRadius = 12; $0.maskedCorners = corners
                $0.shadowOpacity = 0.5; $0.shadowRadius = 6; $0.shadowOffset = CGSize(width: 0, height: 4)
            }
            card.sublayers = [testLayer(CGRect(x: 0, y: 0, width: 60, height: 70), CGColor(red: 1, green: 0.4, blue: 0, alpha: 1)) {
                $0.cornerRadius = 12; $0.maskedCorners = corners; $0.masksToBounds = true
                // A z-only scale draws the same but is not the identity, which sends the card down the
                // general path (drawn offscreen, shadow from its composited alpha).
                if forceGeneralPath { $0.transform = CATransform3DMakeScale(1, 1, 2) }
            }]
            var root = testLayer(CGRect(x: 0, y: 0, width: 100, height: 110), CGColor(gray: 0.95, alpha: 1))
            root.sublayers = [card]
            return root
        }
        let fast = LayerRenderer(scale: 2).render(tree(forceGeneralPath: false), size: CGSize(width: 100, height: 110))
        let general = LayerRenderer(scale: 2).render(tree(forceGeneralPath: true), size: CGSize(width: 100, height: 110))
        let worst = largestChannelDifference(fast, general)
        #expect(worst <= 2, "largest channel difference \(worst)")
    }
}
