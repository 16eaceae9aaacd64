import Testing
import Foundation
import QuartzCore
import Raster
import Compositor

/// A layer and its shadow form one opacity group (Core Animation composites them together), so a faded
/// opaque card never shows its own shadow through itself.
@Suite struct ShadowGroups {
    static let white = CGColor(red: 1, green: 1, blue: 1, alpha: 1)

    static func scene(opacity: Float, shadowPath: Bool, rounded: Bool) -> LayerSnapshot {
        var root = testLayer(CGRect(x: 0, y: 0, width: 120, height: 100), white)
        root.sublayers = [testLayer(CGRect(x: 30, y: 20, width: 60, height: 50), CGColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1)) {
            $0.opacity = opacity
            $0.cornerRadius = rounded ? 12 : 0
            $0.shadowOpacity = 0.8
            $0.shadowRadius = 6
            $0.shadowOffset = CGSize(width: 0, height: 8)
            if shadowPath { $0.shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: 60, height: 50), transform: nil) }
        }]
        return root
    }

    @Test("a faded layer is its opaque rendering faded over the background",
          arguments: [(false, false), (true, false), (false, true)])
    func fadedLayerIsTheGroupFaded(shadowPath: Bool, rounded: Bool) {
        let size = CGSize(width: 120, height: 100)
        let opaque = LayerRenderer(scale: 2).render(Self.scene(opacity: 1, shadowPath: shadowPath, rounded: rounded), size: size)
        let faded = LayerRenderer(scale: 2).render(Self.scene(opacity: 0.5, shadowPath: shadowPath, rounded: rounded), size: size)
        var worst = 0
        for y in 0..<opaque.height { for x in 0..<opaque.width {
            let a = opaque[x, y], b = faded[x, y]
            for (o, f) in [(a.r, b.r), (a.g, b.g), (a.b, b.b)] {
                let expected = (Double(o) + 255) / 2
                worst = max(worst, Int(abs(Double(f) - expected).rounded(.up)))
            }
        } }
        #expect(worst <= 1, "largest difference from the group faded by half: \(worst)")
        // The card's middle: half its colour over white, no shadow under it.
        let middle = faded[120, 90]
        #expect(abs(Int(middle.r) - Int((0.2 * 255 + 255) / 2)) <= 1 && abs(Int(middle.b) - Int((0.9 * 255 + 255) / 2)) <= 1, "\(middle)")
    }
}

/// A border is drawn inside its layer's shape, so the layer's own masksToBounds changes none of its pixels
/// (clipping by the same edge again would square the edge's coverage: thin, light borders).
@Suite struct BorderUnderItsOwnClip {
    @Test("masksToBounds leaves a border's pixels alone", arguments: [0.0, 0.5236])
    func borderIsTheSameClippedOrNot(angle: Double) {
        func scene(masks: Bool) -> LayerSnapshot {
            var root = testLayer(CGRect(x: 0, y: 0, width: 120, height: 100), ShadowGroups.white)
            root.sublayers = [testLayer(CGRect(x: 25, y: 20, width: 70, height: 60)) {
                $0.masksToBounds = masks
                $0.cornerRadius = 14
                $0.borderWidth = 3
                $0.borderColor = CGColor(red: 0.1, green: 0.1, blue: 0.1, alpha: 1)
                $0.transform = CATransform3DMakeRotation(CGFloat(angle), 0, 0, 1)
            }]
            return root
        }
        let size = CGSize(width: 120, height: 100)
        #expect(LayerRenderer(scale: 2).render(scene(masks: true), size: size) == LayerRenderer(scale: 2).render(scene(masks: false), size: size))
    }
}
