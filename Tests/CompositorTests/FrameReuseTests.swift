import Testing
import Foundation
@testable import QuartzCore
import Raster
import Compositor
import TestSupport

/// Frames drawn in the memory of earlier frames: every path of the renderer (no change, a damaged
/// region, the cached backdrop, a rebuilt backdrop, a full frame, a change of size) gives the bytes of a
/// fresh render, whether the caller drops each frame or keeps them all — and a kept frame never changes.
@Suite struct FrameReuse {
    static let size = CGSize(width: 80, height: 140)

    /// A list of three cards with shadows (the middle one at `slide` pt to the right), optionally under a
    /// dimming layer with a card expanding over it (`expand` 0…1).
    static func tree(slide: CGFloat, expand: CGFloat?, size: CGSize = size) -> LayerSnapshot {
        var root = testLayer(CGRect(origin: .zero, size: size), CGColor(red: 0.95, green: 0.95, blue: 0.97, alpha: 1))
        root.sublayers = (0..<3).map { index in
            card(CGRect(x: 6 + (index == 1 ? slide : 0), y: 8 + CGFloat(index) * 44, width: 60, height: 36),
                 radius: 6, colors: [CGColor(red: 1, green: 0.6, blue: 0.05, alpha: 1), CGColor(red: 0.35, green: 0.35, blue: 0.9, alpha: 1)])
        }
        if let t = expand {
            root.sublayers.append(testLayer(CGRect(origin: .zero, size: size), CGColor(gray: 0, alpha: 1)) { $0.opacity = Float(0.3 * t) })
            let frame = CGRect(x: 6 * (1 - t), y: 8 * (1 - t), width: 60 + 20 * t, height: 36 + (size.height - 36) * t)
            root.sublayers.append(card(frame, radius: 6 * (1 - t),
                                       colors: [CGColor(red: 0.2, green: 0.8, blue: 0.35, alpha: 1), CGColor(red: 0.05, green: 0.5, blue: 1, alpha: 1)]))
        }
        return root
    }

    static func card(_ frame: CGRect, radius: CGFloat, colors: [CGColor]) -> LayerSnapshot {
        var container = testLayer(frame, .white) {
            $0.cornerRadius = radius; $0.shadowOpacity = 0.2; $0.shadowRadius = 4; $0.shadowOffset = CGSize(width: 0, height: 2)
        }
        var content = testLayer(CGRect(origin: .zero, size: frame.size)) { $0.cornerRadius = radius; $0.masksToBounds = true }
        content.sublayers = [testLayer(CGRect(origin: .zero, size: frame.size)) {
            $0.gradient = LayerState.Gradient(colors: colors, locations: nil, startPoint: .zero, endPoint: CGPoint(x: 1, y: 1))
        }]
        container.sublayers = [content]
        return container
    }

    /// Frames that go through every path of the renderer, with the size of each.
    static let script: [(LayerSnapshot, CGSize)] = {
        var frames: [(LayerSnapshot, CGSize)] = []
        for step in 0..<4 { frames.append((tree(slide: CGFloat(step) * 0.7, expand: nil), size)) }    // damaged regions
        frames.append(frames.last!)                                                                   // no change
        for step in 0..<4 { frames.append((tree(slide: 2.1, expand: CGFloat(step) / 3), size)) }      // backdrop built, then cached
        frames.append((tree(slide: 9, expand: 1), size))                                              // backdrop rebuilt
        frames.append((tree(slide: 9, expand: 1), size))
        let small = CGSize(width: 60, height: 100)
        frames.append((tree(slide: 9, expand: 0.5, size: small), small))                             // another size
        frames.append((tree(slide: 9, expand: 0.6, size: small), small))
        for step in 0..<3 { frames.append((tree(slide: CGFloat(step), expand: nil), size)) }          // back, full then damage
        return frames
    }()

    static func fresh(_ frame: (LayerSnapshot, CGSize), scale: CGFloat) -> PixelBuffer {
        LayerRenderer(scale: scale).render(frame.0, size: frame.1, background: .black)
    }

    @Test("frames dropped after use: fresh bytes, one piece of memory", arguments: [CGFloat(1), 3])
    func droppedFrames(scale: CGFloat) {
        let renderer = LayerRenderer(scale: scale)
        var addresses: [Int] = []
        for (index, frame) in Self.script.enumerated() {
            let image = renderer.render(frame.0, size: frame.1, background: .black)
            #expect(image == Self.fresh(frame, scale: scale), "frame \(index)")
            addresses.append(storageAddress(of: image))
        }
        #expect(addresses.count == 16)
        // The damaged-region frames (1-3, 14-15), the unchanged ones (4, 10) and the cached-backdrop frames
        // (6-8) are in the memory of the frame before them; frames that build a backdrop (the old frame's
        // memory holds it, so the frame needs another) or change size may move. At 1× the moving card's
        // region is more than half the canvas, so frames 1 and 14 build a backdrop instead.
        for index in scale == 3 ? [1, 2, 3, 4, 6, 7, 8, 10, 14, 15] : [2, 3, 4, 6, 7, 8, 10, 15] {
            #expect(addresses[index] == addresses[index - 1], "frame \(index) was drawn in new memory")
        }
    }

    @Test("frames kept by the caller: fresh bytes, and none changes later", arguments: [CGFloat(1), 3])
    func keptFrames(scale: CGFloat) {
        let renderer = LayerRenderer(scale: scale)
        var kept: [PixelBuffer] = []
        for (index, frame) in Self.script.enumerated() {
            let image = renderer.render(frame.0, size: frame.1, background: .black)
            #expect(image == Self.fresh(frame, scale: scale), "frame \(index)")
            kept.append(image)
        }
        for (index, frame) in Self.script.enumerated() {
            #expect(kept[index] == Self.fresh(frame, scale: scale), "kept frame \(index) changed")
        }
    }

    /// The caller keeps every other frame, and draws on one it keeps (as the touch overlay does).
    @Test func someFramesKeptAndChanged() {
        let renderer = LayerRenderer(scale: 2)
        var kept: [(Int, PixelBuffer)] = []
        for (index, frame) in Self.script.enumerated() {
            var image = renderer.render(frame.0, size: frame.1, background: .black)
            #expect(image == Self.fresh(frame, scale: 2), "frame \(index)")
            if index % 2 == 0 {
                image[0, 0] = RGBA8(r: 1, g: 2, b: 3, a: 255)
                kept.append((index, image))
            }
        }
        for (index, image) in kept {
            var expected = Self.fresh(Self.script[index], scale: 2)
            expected[0, 0] = RGBA8(r: 1, g: 2, b: 3, a: 255)
            #expect(image == expected, "kept frame \(index) changed")
        }
    }
}
