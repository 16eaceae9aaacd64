import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit
import TestSupport
import Raster
import Compositor

/// The pixels of a renderer's image.
func pixels(_ image: UIImage) -> PixelBuffer {
    let cg = image.cgImage!
    var buffer = PixelBuffer(width: cg.width, height: cg.height)
    buffer.bytes = cg.premultipliedRGBA
    return buffer
}

/// Image renderers, Core Graphics drawing calls and UIKit's drawing helpers, checked against hand-computed
/// coverage: a pixel's value is its covered area × the colour (premultiplied, rounded to nearest).
@Suite struct GraphicsContext {
    init() { LayerRenderer.installContextRasterizer() }

    func format(scale: CGFloat) -> UIGraphicsImageRendererFormat {
        let format = UIGraphicsImageRendererFormat()
        format.scale = scale
        return format
    }

    @Test func aFilledRectHasExactCoverageAtItsEdges() {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 10), format: format(scale: 1)).image { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 2.25, y: 3.25, width: 4, height: 2))
        }
        #expect(image.size == CGSize(width: 10, height: 10) && image.scale == 1)
        let p = pixels(image)
        #expect(pixel(p, 3, 4) == [255, 0, 0, 255])
        #expect(pixel(p, 2, 4) == [191, 0, 0, 191])    // ¾ covered
        #expect(pixel(p, 6, 4) == [64, 0, 0, 64])      // ¼ covered
        #expect(pixel(p, 3, 3) == [191, 0, 0, 191])
        #expect(pixel(p, 3, 5) == [64, 0, 0, 64])
        #expect(pixel(p, 2, 3) == [143, 0, 0, 143])    // 9/16 covered
        #expect(pixel(p, 1, 4) == [0, 0, 0, 0] && pixel(p, 7, 4) == [0, 0, 0, 0])
    }

    @Test func theScaleMultipliesPixelsNotPoints() {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 2), format: format(scale: 3)).image { context in
            context.cgContext.setFillColor(UIColor.blue.cgColor)
            context.cgContext.fill(CGRect(x: 1, y: 0, width: 1, height: 2))
        }
        #expect(image.size == CGSize(width: 4, height: 2) && image.scale == 3)
        let p = pixels(image)
        #expect(p.width == 12 && p.height == 6)
        #expect(pixel(p, 2, 3) == [0, 0, 0, 0] && pixel(p, 3, 3) == [0, 0, 255, 255] && pixel(p, 5, 5) == [0, 0, 255, 255]
                && pixel(p, 6, 0) == [0, 0, 0, 0])
    }

    @Test func clipsIntersectAndRestore() {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 10), format: format(scale: 1)).image { context in
            let cg = context.cgContext
            cg.saveGState()
            cg.clip(to: CGRect(x: 0, y: 0, width: 5, height: 10))
            cg.clip(to: CGRect(x: 0, y: 2.5, width: 10, height: 10))
            cg.setFillColor(UIColor.green.cgColor)
            cg.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
            cg.restoreGState()
            cg.setFillColor(UIColor.white.cgColor)
            cg.fill(CGRect(x: 9, y: 0, width: 1, height: 1))
        }
        let p = pixels(image)
        #expect(pixel(p, 4, 5) == [0, 255, 0, 255])
        #expect(pixel(p, 5, 5) == [0, 0, 0, 0])
        #expect(pixel(p, 4, 2) == [0, 128, 0, 128] || pixel(p, 4, 2) == [0, 127, 0, 127])
        #expect(pixel(p, 4, 1) == [0, 0, 0, 0])
        #expect(pixel(p, 9, 0) == [255, 255, 255, 255])   // the clip was restored
    }

    @Test func strokesAreCentredOnThePathAndTransformsApply() {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 12, height: 12), format: format(scale: 1)).image { context in
            let cg = context.cgContext
            cg.translateBy(x: 2, y: 2)
            cg.setStrokeColor(UIColor.black.cgColor)
            cg.setLineWidth(2)
            cg.stroke(CGRect(x: 1, y: 1, width: 6, height: 6))   // the ring covers 2…4 and 8…10 after the move
        }
        let p = pixels(image)
        #expect(pixel(p, 2, 5) == [0, 0, 0, 255] && pixel(p, 3, 5) == [0, 0, 0, 255])
        #expect(pixel(p, 1, 5) == [0, 0, 0, 0] && pixel(p, 4, 5) == [0, 0, 0, 0] && pixel(p, 6, 6) == [0, 0, 0, 0])
        #expect(pixel(p, 9, 9) == [0, 0, 0, 255] && pixel(p, 10, 10) == [0, 0, 0, 0])
    }

    @Test func imagesDrawUprightThroughUIKitAndFlippedThroughCoreGraphics() {
        // A 2×2 image: red, green / blue, white.
        let cg = CGImage(width: 2, height: 2, premultipliedRGBA: [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255])!
        let picture = UIImage(cgImage: cg, scale: 1, orientation: .up)
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 6, height: 3), format: format(scale: 1))
        let image = renderer.image { context in
            picture.draw(at: CGPoint(x: 1, y: 1))
            context.cgContext.draw(cg, in: CGRect(x: 4, y: 1, width: 2, height: 2))
        }
        let p = pixels(image)
        #expect(pixel(p, 1, 1) == [255, 0, 0, 255] && pixel(p, 2, 1) == [0, 255, 0, 255])
        #expect(pixel(p, 1, 2) == [0, 0, 255, 255] && pixel(p, 2, 2) == [255, 255, 255, 255])
        // Core Graphics' y-up image space: the first row lands at the bottom of the rect.
        #expect(pixel(p, 4, 2) == [255, 0, 0, 255] && pixel(p, 4, 1) == [0, 0, 255, 255])
        #expect(pixel(p, 0, 0) == [0, 0, 0, 0])
    }

    @Test func bezierPathsFillAndStrokeWithUIKitsState() {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20), format: format(scale: 1)).image { _ in
            UIColor.black.setFill()
            UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 20, height: 20)).fill()
            UIColor.white.setStroke()
            let line = UIBezierPath()
            line.move(to: CGPoint(x: 0, y: 10))
            line.addLine(to: CGPoint(x: 20, y: 10))
            line.lineWidth = 2
            line.stroke()
        }
        let p = pixels(image)
        #expect(pixel(p, 10, 5) == [0, 0, 0, 255])
        #expect(pixel(p, 10, 9) == [255, 255, 255, 255] && pixel(p, 10, 10) == [255, 255, 255, 255])
        #expect(pixel(p, 0, 0) == [0, 0, 0, 0])
        // The circle's area (π·10²) is what its pixels' coverage adds up to, within the line's share.
        let covered = (0..<20).flatMap { y in (0..<20).map { x in Double(p[x, y].a) / 255 } }.reduce(0, +)
        #expect(abs(covered - (Double.pi * 100)) < 0.2)
    }

    @Test func clearMakesPixelsTransparentAndOpaqueFormatsStartBlack() {
        let opaque = format(scale: 1)
        opaque.opaque = true
        let image = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 1), format: opaque).image { context in
            UIColor.white.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 2, height: 1))
        }
        #expect(pixels(image).bytes == [255, 255, 255, 255, 255, 255, 255, 255, 0, 0, 0, 255, 0, 0, 0, 255])
        let cleared = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 1), format: format(scale: 1)).image { context in
            UIColor.white.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 4, height: 1))
            context.cgContext.clear(CGRect(x: 1, y: 0, width: 2.25, height: 1))
        }
        #expect(pixels(cleared).bytes == [255, 255, 255, 255, 0, 0, 0, 0, 0, 0, 0, 0, 191, 191, 191, 191])
    }

    @Test func textIsDrawnWhereItIsPlacedWithTheLabelsGlyphs() {
        let attributes: [NSAttributedString.Key: Any] = [.font: UIFont.systemFont(ofSize: 20), .foregroundColor: UIColor.black]
        let image = UIGraphicsImageRenderer(size: CGSize(width: 60, height: 40), format: format(scale: 1)).image { _ in
            "Hi".draw(at: CGPoint(x: 10, y: 8), withAttributes: attributes)
        }
        let p = pixels(image)
        var ink: (minX: Int, minY: Int, maxX: Int, maxY: Int) = (.max, .max, .min, .min)
        for y in 0..<p.height { for x in 0..<p.width where p[x, y].a > 0 {
            ink = (min(ink.minX, x), min(ink.minY, y), max(ink.maxX, x), max(ink.maxY, y))
        } }
        let size = "Hi".size(withAttributes: attributes)
        // The H's stem starts just right of x = 10; the caps sit inside the line box below y = 8.
        #expect(ink.minX >= 10 && ink.minX <= 12, "\(ink)")
        #expect(ink.minY >= 8 && ink.maxY <= 8 + Int(size.height.rounded(.up)), "\(ink)")
        #expect(ink.maxX <= 10 + Int(size.width.rounded(.up)), "\(ink)")
        // The same text in a label of the line's size, drawn by the frame renderer, has the same pixels.
        // (A label centres its line vertically: a label exactly one line high puts it at the top.)
        let label = UILabel(frame: CGRect(x: 10, y: 8, width: size.width.rounded(.up) + 1, height: size.height))
        label.attributedText = NSAttributedString(string: "Hi", attributes: attributes)
        label.textAlignment = .left
        let host = CALayer()
        host.bounds = CGRect(x: 0, y: 0, width: 60, height: 40)
        host.position = CGPoint(x: 30, y: 20)
        host.addSublayer(label.layer)
        let frame = LayerRenderer(scale: 1).render(host.snapshot(at: 0), size: CGSize(width: 60, height: 40), background: .clear)
        #expect(frame.bytes == p.bytes, "the label draws other pixels")
    }

    @Test func layerRenderUsesTheModelTreeInItsOwnSpace() {
        let layer = CALayer()
        layer.frame = CGRect(x: 100, y: 100, width: 4, height: 4)
        layer.backgroundColor = UIColor.red.cgColor
        let animation = CABasicAnimation(keyPath: "backgroundColor")
        animation.fromValue = UIColor.blue.cgColor
        animation.toValue = UIColor.blue.cgColor
        animation.duration = 10
        Timeline.$current.withValue(Timeline()) { layer.add(animation, forKey: "colour") }
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 4, height: 4), false, 2)
        layer.render(in: UIGraphicsGetCurrentContext()!)
        let image = UIGraphicsGetImageFromCurrentImageContext()!
        UIGraphicsEndImageContext()
        #expect(UIGraphicsGetCurrentContext() == nil)
        #expect(image.scale == 2 && image.size == CGSize(width: 4, height: 4))
        #expect(pixels(image).bytes == solid(8, 8, 255, 0, 0).bytes)
    }

    @Test func drawingIsDeterministic() {
        func draw() -> [UInt8] {
            pixels(UIGraphicsImageRenderer(size: CGSize(width: 30, height: 30), format: format(scale: 3)).image { context in
                let cg = context.cgContext
                cg.rotate(by: 0.3)
                cg.setFillColor(UIColor.orange.cgColor)
                cg.fillEllipse(in: CGRect(x: 5, y: 2, width: 17, height: 11))
                cg.setLineDash(phase: 1, lengths: [3, 2])
                cg.setStrokeColor(UIColor.purple.cgColor)
                cg.addArc(center: CGPoint(x: 15, y: 15), radius: 9, startAngle: 0, endAngle: 4, clockwise: false)
                cg.strokePath()
                "Ag".draw(in: CGRect(x: 2, y: 14, width: 20, height: 14), withAttributes: [.font: UIFont.systemFont(ofSize: 11)])
            }).bytes
        }
        #expect(draw() == draw())
    }
}
