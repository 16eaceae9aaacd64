import Testing
import Foundation
@testable import QuartzCore
import CoreGraphics
import Raster
@testable import Compositor
import TransitionTesting

/// Shapes as layer content: fills by rule, strokes by width, caps, joins, dashes and trimming, measured by
/// the area they cover. The rasterizer's coverage is exact, so the ink summed over a white canvas equals the
/// shape's area (to flattening error, far below the tolerances here).
@Suite struct ShapeDrawing {
    static let size = CGSize(width: 120, height: 80)

    static func render(_ configure: (inout ShapeContent) -> Void, scale: CGFloat = 1) -> PixelBuffer {
        var shape = ShapeContent()
        shape.fillColor = nil
        shape.strokeColor = .black
        configure(&shape)
        var root = testLayer(CGRect(origin: .zero, size: size), CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        root.sublayers = [testLayer(CGRect(origin: .zero, size: size)) { $0.shape = shape }]
        return LayerRenderer(scale: scale).render(root, size: size)
    }

    /// Black ink over white, in square points.
    static func ink(_ image: PixelBuffer, scale: CGFloat = 1) -> Double {
        var total = 0.0
        for y in 0..<image.height { for x in 0..<image.width { total += Double(255 - Int(image[x, y].r)) / 255 } }
        return total / Double(scale * scale)
    }

    static func line(_ points: [CGPoint], closed: Bool = false) -> CGPath {
        let path = CGMutablePath()
        path.move(to: points[0])
        for p in points.dropFirst() { path.addLine(to: p) }
        if closed { path.closeSubpath() }
        return path
    }

    @Test func capsAddTheirArea() {
        let segment = Self.line([CGPoint(x: 20, y: 40), CGPoint(x: 100, y: 40)])
        func area(_ cap: CAShapeLayerLineCap) -> Double {
            Self.ink(Self.render { $0.path = segment; $0.lineWidth = 4; $0.lineCap = cap })
        }
        // 80 × 4; round caps add a disc of radius 2; square caps a 2 × 4 box at each end.
        #expect(abs(area(.butt) - 320) < 0.05)
        #expect(abs(area(.round) - (320 + .pi * 4)) < 0.1)
        #expect(abs(area(.square) - 336) < 0.05)
    }

    @Test func joinsFillTheOuterCorner() {
        let corner = Self.line([CGPoint(x: 10, y: 10), CGPoint(x: 50, y: 10), CGPoint(x: 50, y: 50)])
        func area(_ join: CAShapeLayerLineJoin) -> Double {
            Self.ink(Self.render { $0.path = corner; $0.lineWidth = 4; $0.lineJoin = join })
        }
        // Two 40 × 4 bars overlapping in a 2 × 2 square: 316; the miter adds the 2 × 2 outer square, the bevel
        // its half, the round join a quarter disc of radius 2.
        #expect(abs(area(.miter) - 320) < 0.05)
        #expect(abs(area(.bevel) - 318) < 0.05)
        #expect(abs(area(.round) - (316 + .pi)) < 0.1)
    }

    @Test func aMiterPastTheLimitBecomesABevel() {
        // A 20° spike: its miter is 1 / sin(10°) ≈ 5.76 widths long, under 10 but over 4.
        let spike = Self.line([CGPoint(x: 10, y: 60), CGPoint(x: 100, y: 60), CGPoint(x: 10, y: 60 - 90 * tan(CGFloat(20) * CGFloat.pi / 180))])
        let long = Self.ink(Self.render { $0.path = spike; $0.lineWidth = 2; $0.miterLimit = 10 })
        let cut = Self.ink(Self.render { $0.path = spike; $0.lineWidth = 2; $0.miterLimit = 4 })
        let bevel = Self.ink(Self.render { $0.path = spike; $0.lineWidth = 2; $0.lineJoin = .bevel })
        #expect(abs(cut - bevel) < 0.01)
        #expect(long > bevel + 1)
    }

    @Test func aClosedSquareHasNoCapsAndMiteredCorners() {
        let square = Self.line([CGPoint(x: 10, y: 10), CGPoint(x: 50, y: 10), CGPoint(x: 50, y: 50), CGPoint(x: 10, y: 50)], closed: true)
        let area = Self.ink(Self.render { $0.path = square; $0.lineWidth = 4; $0.lineCap = .round })
        #expect(abs(area - (44 * 44 - 36 * 36)) < 0.05)
    }

    @Test func fillRulesDecideNestedContours() {
        let nested = CGMutablePath()
        nested.addRect(CGRect(x: 10, y: 10, width: 60, height: 60))
        nested.addRect(CGRect(x: 25, y: 25, width: 30, height: 30))
        let nonZero = Self.ink(Self.render { $0.path = nested; $0.strokeColor = nil; $0.fillColor = .black })
        let evenOdd = Self.ink(Self.render { $0.path = nested; $0.strokeColor = nil; $0.fillColor = .black; $0.fillRule = .evenOdd })
        #expect(abs(nonZero - 3600) < 0.05)
        #expect(abs(evenOdd - 2700) < 0.05)
    }

    @Test func dashesAndPhase() {
        let segment = Self.line([CGPoint(x: 10, y: 40), CGPoint(x: 110, y: 40)])
        // Ten on, ten off over 100 pt: five dashes of 10 × 2.
        let dashed = Self.ink(Self.render { $0.path = segment; $0.lineWidth = 2; $0.lineDashPattern = [10, 10] })
        #expect(abs(dashed - 100) < 0.05)
        // A phase of 5 starts half-way through a dash: 5 + 4 × 10 + 5 painted.
        let shifted = Self.ink(Self.render { $0.path = segment; $0.lineWidth = 2; $0.lineDashPattern = [10, 10]; $0.lineDashPhase = 5 })
        #expect(abs(shifted - 100) < 0.05)
        #expect(Self.render { $0.path = segment; $0.lineWidth = 2; $0.lineDashPattern = [10, 10] }
                != Self.render { $0.path = segment; $0.lineWidth = 2; $0.lineDashPattern = [10, 10]; $0.lineDashPhase = 5 })
        // Zero-length dashes with round caps are dots: at 0, 20, … 100, six dots of radius 2.
        let dots = Self.ink(Self.render { $0.path = segment; $0.lineWidth = 4; $0.lineCap = .round; $0.lineDashPattern = [0, 20] })
        #expect(abs(dots - 6 * .pi * 4) < 0.2)
    }

    @Test func strokeStartAndEndTrimByLength() {
        // Two subpaths of 40 and 60: the trim measures them together.
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 10, y: 20)); path.addLine(to: CGPoint(x: 50, y: 20))
        path.move(to: CGPoint(x: 10, y: 60)); path.addLine(to: CGPoint(x: 70, y: 60))
        let half = Self.ink(Self.render { $0.path = path; $0.lineWidth = 2; $0.strokeEnd = 0.5 })
        #expect(abs(half - 100) < 0.05)
        let middle = Self.ink(Self.render { $0.path = path; $0.lineWidth = 2; $0.strokeStart = 0.3; $0.strokeEnd = 0.6 })
        #expect(abs(middle - 60) < 0.05)
        let nothing = Self.ink(Self.render { $0.path = path; $0.lineWidth = 2; $0.strokeStart = 0.6; $0.strokeEnd = 0.6 })
        #expect(nothing == 0)
    }

    @Test func curvesStrokeToTheirArea() {
        // A circle of radius 30 stroked 4 wide covers the annulus between radii 28 and 32, at 2× as at 1×.
        let circle = CGMutablePath()
        circle.addEllipse(in: CGRect(x: 20, y: 10, width: 60, height: 60))
        let expected = Double.pi * (32 * 32 - 28 * 28)
        #expect(abs(Self.ink(Self.render { $0.path = circle; $0.lineWidth = 4 }) - expected) < 0.2)
        #expect(abs(Self.ink(Self.render({ $0.path = circle; $0.lineWidth = 4 }, scale: 2), scale: 2) - expected) < 0.2)
    }

    @Test func shapeLayerPropertiesReachTheModelAndAnimate() {
        let layer = CAShapeLayer()
        #expect(layer.fillColor == .black && layer.strokeColor == nil && layer.lineWidth == 1 && layer.strokeEnd == 1)
        layer.path = Self.line([CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0)])
        layer.strokeColor = .black
        layer.lineWidth = 3
        layer.lineDashPattern = [2, 1]
        #expect(layer.modelState.shape?.lineWidth == 3 && layer.modelState.shape?.lineDashPattern == [2, 1])
        let animation = CABasicAnimation(keyPath: "strokeEnd")
        animation.fromValue = 0.0
        animation.toValue = 1.0
        animation.duration = 1
        animation.beginTime = 100
        layer.add(animation, forKey: "draw")
        #expect(abs((layer.presentationState(at: 100.5).shape?.strokeEnd ?? 0) - 0.5) < 1e-9)
        #expect(layer.presentationState(at: 100.5).shape?.lineWidth == 3)
    }
}

extension ShapeDrawing {
    /// A closed stroke winds its outer boundary clockwise whichever way the path runs, so a fill wound the
    /// same way (a symbol's solid part) adds to it instead of cancelling it.
    @Test func closedStrokesWindTheSameWayEitherDirection() {
        let clockwise = Self.line([CGPoint(x: 10, y: 10), CGPoint(x: 50, y: 10), CGPoint(x: 50, y: 50), CGPoint(x: 10, y: 50)], closed: true)
        let anticlockwise = Self.line([CGPoint(x: 10, y: 10), CGPoint(x: 10, y: 50), CGPoint(x: 50, y: 50), CGPoint(x: 50, y: 10)], closed: true)
        for path in [clockwise, anticlockwise] {
            let union = CGMutablePath()
            union.addPath(path.copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: .miter, miterLimit: 10))
            union.addPath(path.woundClockwise())
            // The outline of the square (outer 44 × 44) filled solid.
            let area = Self.ink(Self.render { $0.path = union; $0.strokeColor = nil; $0.fillColor = .black })
            #expect(abs(area - 44 * 44) < 0.05)
        }
    }
}
