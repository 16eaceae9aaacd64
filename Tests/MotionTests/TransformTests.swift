import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit

/// Transforms interpolate by decomposition (translation, scale, shear, rotation), not by matrix entries.
@Suite struct TransformInterpolation {
    func close(_ a: CATransform3D, _ b: CATransform3D, _ tolerance: CGFloat = 1e-9) -> Bool {
        zip(a.entries, b.entries).allSatisfy { abs($0 - $1) <= tolerance }
    }

    @Test func rotationStaysRigid() {
        let from = CATransform3DIdentity, to = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        for p in stride(from: 0.0, through: 1.0, by: 0.05) {
            let m = CATransform3D.interpolate(from, to, p)
            // A rotation by p·π/2: no shrinking through the diagonal (entry-wise mixing gives a 0.707 scale).
            #expect(close(m, CATransform3DMakeRotation(.pi / 2 * CGFloat(p), 0, 0, 1)), "p = \(p)")
            #expect(abs(m.m11 * m.m22 - m.m12 * m.m21 - 1) < 1e-12)
        }
    }

    @Test func affineRotationScaleAndTranslationInterpolateSeparately() {
        let from = CATransform3DMakeAffineTransform(CGAffineTransform(translationX: 10, y: 20))
        // Scale, then rotate, then translate.
        let to = CATransform3DMakeAffineTransform(
            CGAffineTransform(rotationAngle: .pi / 3).scaledBy(x: 2, y: 3)
                .concatenating(CGAffineTransform(translationX: 110, y: -20)))
        let mid = CATransform3D.interpolate(from, to, 0.5)
        let expected = CATransform3DMakeAffineTransform(
            CGAffineTransform(rotationAngle: .pi / 6).scaledBy(x: 1.5, y: 2).concatenating(CGAffineTransform(translationX: 60, y: 0)))
        #expect(close(mid, expected))
        #expect(CATransform3DIsAffine(mid))
        // The ends are exact.
        #expect(CATransform3D.interpolate(from, to, 0) == from && CATransform3D.interpolate(from, to, 1) == to)
    }

    @Test func rotationTakesTheShorterWayRound() {
        // 170° to −170° passes through 180°, not through 0°.
        let a = CATransform3DMakeRotation(170 * .pi / 180, 0, 0, 1), b = CATransform3DMakeRotation(-170 * .pi / 180, 0, 0, 1)
        let mid = CATransform3D.interpolate(a, b, 0.5)
        #expect(close(mid, CATransform3DMakeRotation(.pi, 0, 0, 1)))
    }

    @Test func aFlipSqueezesThroughAnEdge() {
        // scaleX −1 (a horizontal flip) interpolates its x scale through 0, like the matrices do.
        let flip = CATransform3DMakeScale(-1, 1, 1)
        let mid = CATransform3D.interpolate(CATransform3DIdentity, flip, 0.5)
        #expect(close(mid, CATransform3DMakeScale(0, 1, 1)))
    }

    @Test func perspectiveCardFlipRotatesAboutY() {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        let from = perspective
        let to = CATransform3DRotate(perspective, .pi * 0.8, 0, 1, 0)
        for p in [0.25, 0.5, 0.75] {
            let m = CATransform3D.interpolate(from, to, p)
            #expect(close(m, CATransform3DRotate(perspective, .pi * 0.8 * CGFloat(p), 0, 1, 0), 1e-9), "p = \(p)")
        }
    }

    @Test func decompositionRoundTrips() {
        var m = CATransform3DMakeTranslation(12, -7, 3)
        m = CATransform3DRotate(m, 0.7, 1, 2, 3)
        m = CATransform3DScale(m, 1.5, -0.5, 2)
        m.m34 = -0.002
        m.m21 += 0.3
        let d = try! #require(Decomposed3D(m))
        #expect(close(d.matrix, m, 1e-9))
        let affine = CATransform3DMakeAffineTransform(CGAffineTransform(a: 1.2, b: 0.4, c: -0.7, d: 0.9, tx: 5, ty: 6))
        #expect(close(try! #require(Decomposed2D(affine)).matrix, affine, 1e-12))
    }

    @Test func additiveTransformsCompose() {
        let model = CATransform3DMakeScale(2, 2, 1)
        let old = CATransform3DMakeRotation(0.5, 0, 0, 1)
        let delta = CATransform3D.difference(old, model)
        #expect(close(CATransform3D.sum(model, delta), old, 1e-12))
        #expect(close(CATransform3D.difference(model, model), CATransform3DIdentity, 1e-12))
    }

    @Test func viewTransformAnimatesRigidly() {
        let timeline = Timeline()
        Timeline.$current.withValue(timeline) {
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 40))
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                view.transform = CGAffineTransform(rotationAngle: .pi / 2)
            })
            timeline.advance(to: 0.5)
            let t = view.layer.presentation()!.transform
            #expect(close(t, CATransform3DMakeRotation(.pi / 4, 0, 0, 1), 1e-9))
            // The presented frame is the bounding box of the rigidly rotated 100×40 rectangle.
            let frame = view.layer.presentation()!.frame
            let side = (100 + 40) / 2.squareRoot()
            #expect(abs(frame.width - side) < 1e-9 && abs(frame.height - side) < 1e-9)
        }
    }
}
