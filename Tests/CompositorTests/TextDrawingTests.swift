import Testing
import Foundation
@testable import QuartzCore
import Raster
@testable import Compositor
import TransitionTesting

/// Text as layer content: glyph outlines filled with the layer's clips and opacity, counted by damage and
/// the backdrop cache like any other content.
@Suite struct TextDrawing {
    static let ink = CGColor(red: 0.1, green: 0.2, blue: 0.8, alpha: 1)

    static func label(_ string: String, frame: CGRect, size: CGFloat = 17, alignment: LayerText.Alignment = .natural,
                      lines: Int = 1, placement: LayerText.VerticalPlacement = .center) -> LayerSnapshot {
        testLayer(frame) {
            $0.text = LayerText(runs: [LayerText.Run(string, fontName: ".SystemFont-600", fontSize: size, color: ink)],
                                alignment: alignment, lineBreak: .byTruncatingTail, numberOfLines: lines, verticalPlacement: placement)
        }
    }

    static func canvas(_ sublayers: [LayerSnapshot]) -> LayerSnapshot {
        var root = testLayer(CGRect(x: 0, y: 0, width: 200, height: 100), CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        root.sublayers = sublayers
        return root
    }

    /// The box of pixels that are not white.
    static func inkBox(_ image: PixelBuffer) -> PixelRect? {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<image.height { for x in 0..<image.width where image[x, y] != RGBA8(r: 255, g: 255, b: 255, a: 255) {
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
        } }
        return maxX < 0 ? nil : PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    @Test func glyphsLandInsideTheLabelCentredVertically() throws {
        let frame = CGRect(x: 20, y: 30, width: 160, height: 40)
        let image = LayerRenderer(scale: 2).render(Self.canvas([Self.label("Today", frame: frame)]), size: CGSize(width: 200, height: 100))
        let box = try #require(Self.inkBox(image))
        // Inside the label (2×), starting at its left edge (natural alignment), centred on its middle within a pixel or two.
        #expect(box.x >= 40 && box.x <= 44 && box.x + box.width <= 360, "\(box)")
        #expect(box.y >= 60 && box.y + box.height <= 140, "\(box)")
        let middle = Double(box.y) + Double(box.height) / 2
        #expect(abs(middle - 100) < 6, "ink centred at \(middle), the label at 100")
        #expect(image[box.x + box.width / 2, box.y + box.height / 2] != RGBA8(r: 0, g: 0, b: 0, a: 0))
    }

    @Test func centredAndRightAlignmentMoveTheInk() throws {
        let frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        func box(_ alignment: LayerText.Alignment) throws -> PixelRect {
            try #require(Self.inkBox(LayerRenderer(scale: 1).render(Self.canvas([Self.label("Hi", frame: frame, alignment: alignment)]),
                                                                    size: CGSize(width: 200, height: 100))))
        }
        let left = try box(.left), center = try box(.center), right = try box(.right)
        #expect(left.x < center.x && center.x < right.x)
        #expect(abs((center.x + center.width / 2) - 100) <= 2)
        #expect(right.x + right.width >= 197)
    }

    /// Moving a label between frames redraws only the damaged region; the pixels equal a fresh render.
    @Test func damageAndBackdropCountTheText() {
        let renderer = LayerRenderer(scale: 2)
        let size = CGSize(width: 200, height: 100)
        var frames: [LayerSnapshot] = []
        for step in 0..<4 {
            frames.append(Self.canvas([Self.label("Moving text", frame: CGRect(x: 10 + 7 * step, y: 20 + 3 * step, width: 120, height: 30)),
                                       testLayer(CGRect(x: 150, y: 60, width: 40, height: 30), TextDrawing.ink)]))
        }
        for tree in frames {
            let incremental = renderer.render(tree, size: size)
            let fresh = LayerRenderer(scale: 2).render(tree, size: size)
            #expect(incremental == fresh)
        }
    }

    @Test func opacityAndClipsApplyToText() throws {
        var faded = Self.label("Fade", frame: CGRect(x: 0, y: 0, width: 200, height: 100), size: 60)
        faded.state.opacity = 0.5
        let image = LayerRenderer(scale: 1).render(Self.canvas([faded]), size: CGSize(width: 200, height: 100))
        let box = try #require(Self.inkBox(image))
        // Half-transparent ink over white is never darker than half.
        var darkest = 255
        for y in box.y..<(box.y + box.height) { for x in box.x..<(box.x + box.width) { darkest = min(darkest, Int(image[x, y].r)) } }
        #expect(darkest >= 120 && darkest < 255)

        var clipped = testLayer(CGRect(x: 0, y: 0, width: 40, height: 100)) { $0.masksToBounds = true }
        clipped.sublayers = [Self.label("Clipped text", frame: CGRect(x: 0, y: 0, width: 200, height: 100), size: 30)]
        let cut = try #require(Self.inkBox(LayerRenderer(scale: 1).render(Self.canvas([clipped]), size: CGSize(width: 200, height: 100))))
        #expect(cut.x + cut.width <= 40)
    }

    @Test func aTextLayerDrawsFromTheTopLeft() throws {
        let layer = CATextLayer()
        layer.frame = CGRect(x: 10, y: 10, width: 180, height: 80)
        layer.string = "Top"
        layer.fontSize = 20
        layer.foregroundColor = TextDrawing.ink
        var root = Self.canvas([])
        root.sublayers = [layer.snapshot(at: 0)]
        let box = try #require(Self.inkBox(LayerRenderer(scale: 1).render(root, size: CGSize(width: 200, height: 100))))
        #expect(box.x >= 10 && box.x < 14 && box.y >= 10 && box.y < 20, "\(box)")
    }

    @Test func featureGolden() {
        let image = LayerRenderer(scale: 2).render(Self.canvas([
            Self.label("TODAY", frame: CGRect(x: 12, y: 8, width: 176, height: 18), size: 13),
            Self.label("The art of the transition", frame: CGRect(x: 12, y: 26, width: 176, height: 30), size: 20),
            Self.label("A longer line of body text that will not fit on one line", frame: CGRect(x: 12, y: 58, width: 176, height: 36),
                       size: 13, lines: 2),
        ]), size: CGSize(width: 200, height: 100))
        assertImageSnapshot(image, named: "text")
    }
}
