import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit

/// Animation values boxed in NSValue, as iOS code writes them, animate like the bare structs.
@Suite struct BoxedAnimationValues {
    @Test func transformsAndGeometryBoxedInNSValueAnimate() {
        Timeline.$current.withValue(Timeline()) {
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
            let spin = CABasicAnimation(keyPath: "transform")
            spin.fromValue = NSValue(caTransform3D: CATransform3DIdentity)
            spin.toValue = NSValue(caTransform3D: CATransform3DMakeTranslation(40, 0, 0))
            spin.duration = 1
            spin.timingFunction = CAMediaTimingFunction(name: .linear)
            layer.add(spin, forKey: "spin")
            let move = CAKeyframeAnimation(keyPath: "position")
            move.values = [NSValue(cgPoint: .zero), NSValue(cgPoint: CGPoint(x: 10, y: 20))]
            move.duration = 1
            layer.add(move, forKey: "move")
            let state = layer.presentationState(at: CACurrentMediaTime() + 0.5)
            #expect(abs(state.transform.m41 - 20) < 1e-9)
            #expect(abs(state.position.x - 5) < 1e-9 && abs(state.position.y - 10) < 1e-9)
        }
    }

    @Test func boxesRoundTrip() {
        let t = CATransform3DMakeScale(2, 3, 4)
        #expect(CATransform3DEqualToTransform(NSValue(caTransform3D: t).caTransform3DValue, t))
        #expect(NSValue(cgPoint: CGPoint(x: 1, y: 2)).cgPointValue == CGPoint(x: 1, y: 2))
        #expect(NSValue(cgSize: CGSize(width: 3, height: 4)).cgSizeValue == CGSize(width: 3, height: 4))
        #expect(NSValue(cgRect: CGRect(x: 1, y: 2, width: 3, height: 4)).cgRectValue == CGRect(x: 1, y: 2, width: 3, height: 4))
    }

    @Test func rasterizationIsAcceptedAndStored() {
        let layer = CALayer()
        layer.shouldRasterize = true
        layer.rasterizationScale = 3
        #expect(layer.shouldRasterize && layer.rasterizationScale == 3)
    }

    @Test func theDeviceIsAPortraitPhone() {
        #expect(UIDevice.current.userInterfaceIdiom == .phone && UIDevice.current.orientation == .portrait)
        #expect(UIDevice.current.model == "iPhone" && !UIDevice.current.systemVersion.isEmpty)
    }
}
