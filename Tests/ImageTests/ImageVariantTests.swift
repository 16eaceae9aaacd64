import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit
import Compositor
import Media
import Raster
import TransitionTesting

/// UIImage's variants: resizable images drawn nine-part (in an image view through `contentsCenter`, and by
/// `draw(in:)`), the deprecated stretchable form, mirrored orientation, alignment insets, baselines,
/// configurations, and CGImage cropping.
@Suite struct ImageVariantTests {
    init() { PNGCodec.installAsImageCodec(); LayerRenderer.installContextRasterizer() }

    static let border = RGBA8(r: 255, g: 59, b: 48, a: 255)
    static let middle = RGBA8(r: 52, g: 199, b: 89, a: 255)
    /// 9×9 pixels: a 3 px red border around a green middle.
    static let framed: CGImage = {
        var bytes = [UInt8](repeating: 255, count: 9 * 9 * 4)
        for y in 0..<9 { for x in 0..<9 {
            let c = (x < 3 || x > 5 || y < 3 || y > 5) ? border : middle
            let i = (y * 9 + x) * 4
            bytes[i] = c.r; bytes[i + 1] = c.g; bytes[i + 2] = c.b
        } }
        return CGImage(width: 9, height: 9, premultipliedRGBA: bytes)!
    }()

    func pixels(of view: UIView) -> PixelBuffer {
        LayerRenderer(scale: 1).render(view.layer.snapshot(at: 0), size: view.bounds.size, background: .white)
    }

    @Test func aResizableImageViewKeepsItsCaps() {
        let image = UIImage(cgImage: Self.framed).resizableImage(withCapInsets: UIEdgeInsets(top: 3, left: 3, bottom: 3, right: 3))
        #expect(image.capInsets == UIEdgeInsets(top: 3, left: 3, bottom: 3, right: 3) && image.resizingMode == .tile)
        let view = UIImageView(image: image)
        view.frame = CGRect(x: 0, y: 0, width: 60, height: 30)
        view.layoutIfNeeded()
        let third = 1.0 / 3
        #expect(abs(view.layer.contentsCenter.minX - third) < 1e-9 && abs(view.layer.contentsCenter.width - third) < 1e-9)
        let drawn = pixels(of: view)
        // The border stays 3 pt wide at every edge; the middle fills the rest.
        for (x, y) in [(1, 1), (58, 1), (1, 28), (58, 28), (30, 1), (1, 15)] { #expect(drawn[x, y] == Self.border, "(\(x), \(y))") }
        for (x, y) in [(30, 15), (14, 15), (46, 15), (30, 8), (30, 22)] { #expect(drawn[x, y] == Self.middle, "(\(x), \(y))") }
        // A plain image stretches whole: its border is 20 pt wide at this size.
        view.image = UIImage(cgImage: Self.framed)
        view.layoutIfNeeded()
        #expect(view.layer.contentsCenter == CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(pixels(of: view)[12, 15] == Self.border)
    }

    @Test func drawInRectDrawsNineParts() {
        let image = UIImage(cgImage: Self.framed).resizableImage(withCapInsets: UIEdgeInsets(top: 3, left: 3, bottom: 3, right: 3),
                                                                 resizingMode: .stretch)
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let drawn = UIGraphicsImageRenderer(size: CGSize(width: 40, height: 20), format: format).image { _ in
            image.draw(in: CGRect(x: 0, y: 0, width: 40, height: 20))
        }
        let bitmap = try! #require(drawn.cgImage)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(bitmap.premultipliedRGBA[((y * 40 + x) * 4)..<((y * 40 + x) * 4 + 3)]) }
        #expect(pixel(1, 1) == [255, 59, 48] && pixel(38, 18) == [255, 59, 48] && pixel(20, 1) == [255, 59, 48])
        #expect(pixel(20, 10) == [52, 199, 89] && pixel(5, 10) == [52, 199, 89])
    }

    @Test func capsAreClampedAndTheDeprecatedFormIsStretchable() {
        let base = UIImage(cgImage: Self.framed)
        let clamped = base.resizableImage(withCapInsets: UIEdgeInsets(top: -1, left: 8, bottom: .infinity, right: 10))
        #expect(clamped.capInsets == UIEdgeInsets(top: 0, left: 4, bottom: 0, right: 5))
        let stretchable = base.stretchableImage(withLeftCapWidth: 4, topCapHeight: 3)
        #expect(stretchable.leftCapWidth == 4 && stretchable.topCapHeight == 3 && stretchable.resizingMode == .stretch)
        #expect(stretchable.capInsets == UIEdgeInsets(top: 3, left: 4, bottom: 5, right: 4))
        #expect(base.leftCapWidth == 0 && base.capInsets == .zero)
        // Variants keep the caps.
        #expect(clamped.withRenderingMode(.alwaysTemplate).capInsets == clamped.capInsets)
    }

    @Test func horizontallyFlippedOrientationMirrorsThePixels() throws {
        // 2×1: red then green.
        let pair = try #require(CGImage(width: 2, height: 1, premultipliedRGBA: [255, 0, 0, 255, 0, 255, 0, 255]))
        let image = UIImage(cgImage: pair)
        let flipped = image.withHorizontallyFlippedOrientation()
        #expect(flipped.imageOrientation == .upMirrored && flipped.withHorizontallyFlippedOrientation().imageOrientation == .up)
        #expect(UIImage(cgImage: pair, scale: 1, orientation: .left).withHorizontallyFlippedOrientation().imageOrientation == .rightMirrored)
        let view = UIImageView(image: flipped)
        view.frame = CGRect(x: 0, y: 0, width: 2, height: 1)
        let drawn = pixels(of: view)
        #expect(drawn[0, 0].g == 255 && drawn[1, 0].r == 255, "green first once mirrored")
    }

    @Test func alignmentInsetsBaselineAndConfiguration() {
        let image = UIImage(cgImage: Self.framed).withAlignmentRectInsets(UIEdgeInsets(top: 1, left: 2, bottom: 1, right: 2))
        let view = UIImageView(image: image)
        #expect(view.intrinsicContentSize == CGSize(width: 5, height: 7))
        #expect(view.alignmentRectInsets == UIEdgeInsets(top: 1, left: 2, bottom: 1, right: 2))
        let withBaseline = image.withBaselineOffset(fromBottom: 2)
        #expect(withBaseline.baselineOffsetFromBottom == 2 && withBaseline.imageWithoutBaseline().baselineOffsetFromBottom == nil)
        #expect(image.baselineOffsetFromBottom == nil)
        let retina = UIImage(cgImage: Self.framed, scale: 3, orientation: .up)
        #expect(retina.traitCollection.displayScale == 3 && retina.imageRendererFormat.scale == 3)
        #expect(retina.configuration == nil)
        let dark = UIImage.Configuration(traitCollection: UITraitCollection(userInterfaceStyle: .dark))
        let configured = retina.withConfiguration(dark)
        #expect(configured.configuration === dark && configured.traitCollection.userInterfaceStyle == .dark)
        #expect(!retina.isHighDynamicRange && retina.imageRestrictedToStandardDynamicRange() === retina)
        #expect(retina.imageFlippedForRightToLeftLayoutDirection().flipsForRightToLeftLayoutDirection && !retina.flipsForRightToLeftLayoutDirection)
    }

    @Test func croppingKeepsTheRectInsideTheImage() throws {
        let middle = try #require(Self.framed.cropping(to: CGRect(x: 3, y: 3, width: 3, height: 3)))
        #expect(middle.width == 3 && middle.height == 3 && Array(middle.premultipliedRGBA.prefix(3)) == [52, 199, 89])
        // Made integral and clipped to the image; nothing inside: nil.
        let edge = try #require(Self.framed.cropping(to: CGRect(x: 7.5, y: -2, width: 10, height: 3.2)))
        #expect(edge.width == 2 && edge.height == 2)
        #expect(Self.framed.cropping(to: CGRect(x: 20, y: 0, width: 3, height: 3)) == nil)
        #expect(Self.framed.cropping(to: CGRect(x: 0, y: 0, width: 9, height: 9)) === Self.framed)
    }

    @Test("A chat bubble from one resizable image at three sizes")
    func bubbleGolden() {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 3
        // A 36 pt rounded square (18 pt corners) drawn once, resizable around its corners.
        let bubble = UIGraphicsImageRenderer(size: CGSize(width: 36, height: 36), format: format).image { context in
            UIColor.systemBlue.setFill()
            UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 36, height: 36), cornerRadius: 18).fill()
        }.resizableImage(withCapInsets: UIEdgeInsets(top: 17, left: 17, bottom: 17, right: 17), resizingMode: .stretch)
        let clock = Timeline()
        let image = Timeline.$current.withValue(clock) { () -> PixelBuffer in
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 220))
            window.backgroundColor = .white
            for frame in [CGRect(x: 20, y: 16, width: 180, height: 40), CGRect(x: 20, y: 70, width: 90, height: 36),
                          CGRect(x: 20, y: 120, width: 260, height: 84)] {
                let view = UIImageView(image: bubble)
                view.frame = frame
                window.addSubview(view)
            }
            window.layoutIfNeeded()
            return LayerRenderer(scale: 2).render(window.layer.snapshot(at: 0), size: window.bounds.size, background: .white)
        }
        assertImageSnapshot(image, named: "resizable-bubbles-2x")
    }
}
