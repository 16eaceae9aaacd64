import Testing
import Foundation
import UIKit

/// The Swift overlay's legacy CoreGraphics helpers that iOS code still calls.
@Suite struct LegacyGeometryHelpers {
    @Test func equalTo() {
        #expect(CGPoint(x: 1, y: 2).equalTo(CGPoint(x: 1, y: 2)) && !CGPoint(x: 1, y: 2).equalTo(.zero))
        #expect(CGSize(width: 3, height: 4).equalTo(CGSize(width: 3, height: 4)) && !CGSize(width: 3, height: 4).equalTo(.zero))
        #expect(CGRect(x: 0, y: 0, width: 10, height: 10).equalTo(CGRect(x: 10, y: 10, width: -10, height: -10)))
        #expect(!CGRect(x: 0, y: 0, width: 10, height: 10).equalTo(CGRect(x: 0, y: 0, width: 10, height: 11)))
        #expect(CGRect.null.equalTo(.null) && !CGRect.null.equalTo(.zero))
    }

    @Test func foundationRectHelpersAreThere() {
        let rect = CGRect(x: 0, y: 0, width: 100, height: 50)
        #expect(rect.contains(CGPoint(x: 10, y: 10)) && rect.intersects(CGRect(x: 90, y: 40, width: 20, height: 20)))
        #expect(rect.insetBy(dx: 10, dy: 5) == CGRect(x: 10, y: 5, width: 80, height: 40))
        #expect(rect.offsetBy(dx: 5, dy: 5).union(rect) == CGRect(x: 0, y: 0, width: 105, height: 55))
        #expect(rect.intersection(CGRect(x: 50, y: 25, width: 100, height: 100)) == CGRect(x: 50, y: 25, width: 50, height: 25))
        #expect(CGRect(x: 0.5, y: 0.5, width: 1, height: 1).integral == CGRect(x: 0, y: 0, width: 2, height: 2))
        let (slice, remainder) = rect.divided(atDistance: 30, from: .minXEdge)
        #expect(slice.width == 30 && remainder.width == 70)
        #expect(CGRect.null.isNull && CGRect.infinite.isInfinite)
        #expect(CGAffineTransform.identity.isIdentity)
        let t = CGAffineTransform(translationX: 10, y: 0).concatenating(CGAffineTransform(scaleX: 2, y: 2))
        #expect(t.concatenating(t.inverted()).isIdentity)
    }

    @Test func componentsRoundTrip() {
        let parts = CGAffineTransformComponents(scale: CGSize(width: 2, height: -0.5), horizontalShear: 0.25,
                                                rotation: .pi / 6, translation: CGVector(dx: 10, dy: -4))
        let back = CGAffineTransform(parts).decomposed()
        #expect(abs(back.scale.width - 2) < 1e-9 && abs(back.scale.height + 0.5) < 1e-9)
        #expect(abs(back.horizontalShear - 0.25) < 1e-9 && abs(back.rotation - .pi / 6) < 1e-9)
        #expect(back.translation == CGVector(dx: 10, dy: -4))
        let rotation = CGAffineTransform(rotationAngle: .pi / 2).decomposed()
        #expect(abs(rotation.rotation - .pi / 2) < 1e-12 && abs(rotation.scale.width - 1) < 1e-12)
        #expect(CGAffineTransform(CGAffineTransformComponents()).isIdentity)
    }
}
