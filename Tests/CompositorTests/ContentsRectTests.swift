import Testing
import Foundation
import QuartzCore
import Raster
import Compositor

/// `contentsRect` shows part of the contents; `contentsCenter` scales them nine-part (caps at their size,
/// the middle stretched, caps shrunk together when they do not fit); both animate.
@Suite struct ContentsRectTests {
    /// A 6×6 image of 2×2 blocks, nine colours: block (column, row) has red 40·column+20, green 40·row+20.
    static let blocks: CGImage = {
        var bytes = [UInt8](repeating: 255, count: 6 * 6 * 4)
        for y in 0..<6 { for x in 0..<6 {
            let i = (y * 6 + x) * 4
            bytes[i] = UInt8(40 * (x / 2) + 20); bytes[i + 1] = UInt8(40 * (y / 2) + 20); bytes[i + 2] = 200
        } }
        return CGImage(width: 6, height: 6, premultipliedRGBA: bytes)!
    }()
    static func block(_ column: Int, _ row: Int) -> RGBA8 {
        RGBA8(r: UInt8(40 * column + 20), g: UInt8(40 * row + 20), b: 200, a: 255)
    }
    static let third = CGRect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3)

    func render(_ size: CGSize, _ configure: (inout LayerState) -> Void) -> PixelBuffer {
        let layer = testLayer(CGRect(origin: .zero, size: size)) { $0.contents = Self.blocks; configure(&$0) }
        return LayerRenderer(scale: 1).render(layer, size: size, background: .white)
    }

    @Test func contentsRectShowsPartOfTheImage() {
        // The middle block fills the layer (its inside; the edges sample their neighbours, as bilinear does).
        let middle = render(CGSize(width: 30, height: 30)) { $0.contentsRect = Self.third }
        #expect(middle[15, 15] == Self.block(1, 1) && middle[8, 22] == Self.block(1, 1))
        // The right column, placed by the gravity as if it were the whole image: centred at its natural size.
        let column = render(CGSize(width: 30, height: 30)) {
            $0.contentsRect = CGRect(x: 2.0 / 3, y: 0, width: 1.0 / 3, height: 1); $0.contentsGravity = .center
        }
        #expect(column[14, 12] == Self.block(2, 0) && column[15, 16] == Self.block(2, 2))
        #expect(column[12, 15] == RGBA8(r: 255, g: 255, b: 255, a: 255) && column[18, 15] == RGBA8(r: 255, g: 255, b: 255, a: 255),
                "2 × 6 points wide, nothing beside it")
    }

    @Test func contentsCenterKeepsTheCapsAndStretchesTheMiddle() {
        let image = render(CGSize(width: 30, height: 20)) { $0.contentsCenter = Self.third }
        // Caps 2 px (their natural size at contentsScale 1) in each corner.
        for (x, y, column, row) in [(0, 0, 0, 0), (1, 1, 0, 0), (29, 0, 2, 0), (28, 1, 2, 0), (0, 19, 0, 2), (29, 19, 2, 2)] {
            #expect(image[x, y] == Self.block(column, row), "(\(x), \(y))")
        }
        // Edges stretch along one axis, the middle along both.
        #expect(image[15, 0] == Self.block(1, 0) && image[0, 10] == Self.block(0, 1) && image[15, 10] == Self.block(1, 1))
        #expect(image[29, 10] == Self.block(2, 1) && image[15, 19] == Self.block(1, 2))
        // Without a centre the corner block is stretched 5× (30 / 6): pixel 4 is still the first block, where the nine-part middle already shows the second at 8.
        let plain = render(CGSize(width: 30, height: 20)) { _ in }
        #expect(plain[4, 0] == Self.block(0, 0) && image[8, 0] == Self.block(1, 0))
    }

    @Test func capsShrinkTogetherWhenTheLayerIsSmaller() {
        // 3 px wide: the two 2 px caps share it in proportion, 1.5 px each; no middle.
        let image = render(CGSize(width: 3, height: 6)) { $0.contentsCenter = Self.third }
        #expect(image[0, 0] == Self.block(0, 0) && image[2, 0] == Self.block(2, 0))
        #expect(image[0, 3] == Self.block(0, 1))
    }

    @Test func contentsRectAndCenterAnimate() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 30, height: 30)
        layer.contents = Self.blocks
        let clock = Timeline()
        Timeline.$current.withValue(clock) {
            let animation = CABasicAnimation(keyPath: "contentsRect")
            animation.fromValue = CGRect(x: 0, y: 0, width: 1, height: 1)
            animation.toValue = Self.third
            animation.duration = 1
            layer.add(animation, forKey: "crop")
            let half = layer.presentationState(at: 0.5).contentsRect
            #expect(abs(half.minX - 1.0 / 6) < 1e-9 && abs(half.width - 2.0 / 3) < 1e-9, "\(half)")
        }
        #expect(CALayer.defaultValue(forKey: "contentsCenter") as? CGRect == CGRect(x: 0, y: 0, width: 1, height: 1))
    }

    @Test func outOfRangeRectsAreRefusedByTheValidator() {
        let bad = testLayer(CGRect(x: 0, y: 0, width: 10, height: 10)) { $0.contents = Self.blocks; $0.contentsRect = CGRect(x: 0, y: 0, width: CGFloat.nan, height: 1) }
        #expect(throws: (any Error).self) { try bad.validate() }
    }
}
