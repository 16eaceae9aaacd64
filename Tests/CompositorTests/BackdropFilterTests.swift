import Testing
import Foundation
@testable import QuartzCore
import Raster
@testable import Compositor

/// Layers with a backdrop filter (UIVisualEffectView's blur) in the compositor: what they draw, and that
/// every cache (damage, backdrop chain, occlusion, offscreen groups) gives the bytes of a fresh render.
@Suite struct BackdropFilterDrawing {
    static let size = CGSize(width: 60, height: 90)
    static let material = BackdropFilter(blurRadius: 6, saturation: 1.8, tintColor: CGColor(gray: 1, alpha: 0.25))

    /// A uniform backdrop under a filter: the filter's colour, exactly (see the Raster test for the numbers).
    @Test func uniformBackdropThroughTheCompositor() {
        var root = testLayer(CGRect(origin: .zero, size: Self.size), CGColor(red: 200 / 255, green: 100 / 255, blue: 50 / 255, alpha: 1))
        root.sublayers = [testLayer(CGRect(x: 10, y: 20, width: 40, height: 50)) { $0.backdropFilter = Self.material }]
        let image = LayerRenderer(scale: 2).render(root, size: Self.size)
        #expect(image[20, 40] == RGBA8(r: 255, g: 128, b: 64, a: 255))
        #expect(image[99, 139] == RGBA8(r: 255, g: 128, b: 64, a: 255))
        #expect(image[19, 40] == RGBA8(r: 200, g: 100, b: 50, a: 255))   // outside the layer: untouched
        // Half strength: saturation 1.4 (117.65 + 1.4·(82.35, −17.65, −67.65) = (232.94, 92.94, 22.94)), then
        // white at 12.5 %: 31.875 + 0.875·(232.94, 92.94, 22.94) = (235.70, 113.20, 51.95) → (236, 113, 52).
        root.sublayers[0].state.backdropStrength = 0.5
        let half = LayerRenderer(scale: 2).render(root, size: Self.size)
        #expect(half[50, 80] == RGBA8(r: 236, g: 113, b: 52, a: 255))
    }

    /// No filter, or a filter at strength 0, draws nothing: the same bytes as without the layer.
    @Test func noEffectDrawsNothing() {
        var base = Self.scene(cardX: 12, filter: nil)
        base.sublayers[base.sublayers.count - 1].sublayers = []
        var without = base
        without.sublayers.removeLast()
        #expect(LayerRenderer(scale: 2).render(base, size: Self.size) == LayerRenderer(scale: 2).render(without, size: Self.size))
        let plain = LayerRenderer(scale: 2).render(Self.scene(cardX: 12, filter: nil), size: Self.size)
        var zero = Self.scene(cardX: 12, filter: Self.material)
        zero.sublayers[zero.sublayers.count - 1].state.backdropStrength = 0
        #expect(LayerRenderer(scale: 2).render(zero, size: Self.size) == plain)
    }

    /// A striped backdrop, a card at `cardX` moving under a blurred panel (lower half), a solid strip before
    /// it and an opaque block after it (occlusion), optionally a faded panel (an offscreen group).
    static func scene(cardX: CGFloat, filter: BackdropFilter?, panelOpacity: Float = 1, blockY: CGFloat = 70) -> LayerSnapshot {
        var root = testLayer(CGRect(origin: .zero, size: size), .white)
        var stripes: [LayerSnapshot] = []
        for i in 0..<6 {
            stripes.append(testLayer(CGRect(x: CGFloat(i) * 10, y: 0, width: 5, height: size.height),
                                     CGColor(red: CGFloat(i) / 5, green: 0.3, blue: 1 - CGFloat(i) / 5, alpha: 1)))
        }
        root.sublayers = stripes
        root.sublayers.append(testLayer(CGRect(x: 0, y: 60, width: 60, height: 8), CGColor(gray: 0.2, alpha: 1)))
        root.sublayers.append(testLayer(CGRect(x: cardX, y: 38, width: 18, height: 24), CGColor(red: 1, green: 0.8, blue: 0, alpha: 1)) {
            $0.cornerRadius = 4
        })
        var panel = testLayer(CGRect(x: 4, y: 45, width: 52, height: 40)) {
            $0.backdropFilter = filter; $0.cornerRadius = 10; $0.opacity = panelOpacity
        }
        panel.sublayers = [testLayer(CGRect(x: 8, y: 8, width: 20, height: 6), CGColor(gray: 0, alpha: 0.8))]
        root.sublayers.append(testLayer(CGRect(x: 0, y: blockY, width: 30, height: 10), .black))
        root.sublayers.append(panel)
        return root
    }

    @Test("incremental frames equal fresh renders with a layer moving under a blur", arguments: [CGFloat(1), 2, 3])
    func incrementalEqualsFresh(scale: CGFloat) {
        var frames: [LayerSnapshot] = []
        for step in 0..<8 { frames.append(Self.scene(cardX: 2 + CGFloat(step) * 4.3, filter: Self.material)) }   // under the blur
        frames.append(frames.last!)                                                                          // no change
        for step in 0..<3 { frames.append(Self.scene(cardX: 36, filter: Self.material, panelOpacity: 0.3 + Float(step) * 0.3)) }
        for step in 0..<3 {                                                                                  // strength animates
            var f = Self.scene(cardX: 36, filter: Self.material)
            f.sublayers[f.sublayers.count - 1].state.backdropStrength = CGFloat(step) / 3
            frames.append(f)
        }
        for step in 0..<3 { frames.append(Self.scene(cardX: 36, filter: Self.material, blockY: 70 - CGFloat(step) * 3)) }
        let renderer = LayerRenderer(scale: scale)
        for (index, frame) in frames.enumerated() {
            let incremental = renderer.render(frame, size: Self.size)
            let fresh = LayerRenderer(scale: scale).render(frame, size: Self.size)
            #expect(incremental == fresh, "frame \(index) at \(scale)×")
            // The occlusion fast path changes no byte either.
            let general = LayerRenderer(scale: scale)
            general.skipsOverdraw = false
            #expect(general.render(frame, size: Self.size) == fresh, "frame \(index) at \(scale)× without occlusion")
        }
    }

    /// A faded effect view shows the blurred backdrop at its opacity (not a blur of nothing): at 50 % over a
    /// uniform backdrop it is halfway between the backdrop and the filtered colour.
    @Test func fadedPanelBlendsTowardTheBackdrop() {
        var root = testLayer(CGRect(origin: .zero, size: Self.size), CGColor(red: 200 / 255, green: 100 / 255, blue: 50 / 255, alpha: 1))
        var panel = testLayer(CGRect(x: 10, y: 20, width: 40, height: 50)) { $0.backdropFilter = Self.material; $0.opacity = 0.5 }
        panel.sublayers = [testLayer(CGRect(x: 0, y: 0, width: 4, height: 4), .black)]   // makes it a group
        root.sublayers = [panel]
        let image = LayerRenderer(scale: 1).render(root, size: Self.size)
        let p = image[30, 50]
        // (200 + 255)/2 = 227.5, (100 + 128)/2 = 114, (50 + 64)/2 = 57, within the 8-bit blend's rounding.
        #expect(abs(Int(p.r) - 228) <= 1 && abs(Int(p.g) - 114) <= 1 && abs(Int(p.b) - 57) <= 1 && p.a == 255)
    }
}
