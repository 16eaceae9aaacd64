import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit

/// Key-value coding on layers goes through the one table of animatable keys (AnimatableKeys.swift): every
/// key in it round-trips, and what is not in it is stored as Apple's container classes store it.
@Suite struct LayerKeyValueCoding {
    /// A value of the key's kind that differs from every default.
    static func sample(_ property: AnimatableProperty) -> Any {
        switch property.kind {
        case .number: return 0.375
        case .point: return CGPoint(x: 3, y: 4.5)
        case .size: return CGSize(width: 6, height: 7.5)
        case .rect: return CGRect(x: 1, y: 2, width: 30, height: 40)
        case .transform: return CATransform3DTranslate(CATransform3DMakeRotation(0.5, 0, 0, 1), 7, 8, 0)
        case .color: return CGColor(red: 1, green: 0.25, blue: 0, alpha: 0.5)
        case .path:
            let path = CGMutablePath()
            path.move(to: CGPoint(x: 1, y: 2))
            path.addLine(to: CGPoint(x: 10, y: 20))
            return path
        }
    }

    /// Equal, numbers and sizes to rounding (value functions go through a matrix).
    static func same(_ a: Any?, _ b: Any?, _ property: AnimatableProperty) -> Bool {
        func number(_ v: Any?) -> Double? {
            switch v { case let x as CGFloat: Double(x); case let x as Float: Double(x); case let x as Double: x; default: nil }
        }
        if let x = number(a), let y = number(b) { return abs(x - y) < 1e-9 }
        if let x = a as? CGSize, let y = b as? CGSize { return abs(x.width - y.width) < 1e-9 && abs(x.height - y.height) < 1e-9 }
        return property.isEqual(a, b)
    }

    @Test(arguments: AnimatableProperty.list.map(\.key))
    func everyKeyRoundTripsThroughItsKeyPath(_ key: String) throws {
        let property = try #require(AnimatableProperty.all[key])
        let layer = property.layerClass.init()
        let before = layer.modelState
        let value = Self.sample(property)
        layer.setValue(value, forKeyPath: key)
        // The property itself changed (not a stored arbitrary value), and reads back.
        #expect(layer.modelState != before, "setting '\(key)' changed nothing drawn")
        #expect(Self.same(layer.value(forKeyPath: key), value, property), "'\(key)' read back \(String(describing: layer.value(forKeyPath: key)))")
        #expect(Self.same(layer.value(forKey: key), value, property))
        #expect(layer.arbitraryValues.isEmpty)
    }

    @Test func theTableCoversShapeKeysAndValueFunctions() {
        for key in ["strokeStart", "strokeEnd", "path", "fillColor", "strokeColor", "lineWidth", "lineDashPhase", "miterLimit"] {
            #expect(AnimatableProperty.all[key]?.layerClass == CAShapeLayer.self, "\(key)")
        }
        for key in ["transform.rotation.z", "transform.rotation", "transform.scale", "transform.scale.x", "transform.translation.x",
                    "transform.translation"] {
            #expect(AnimatableProperty.all[key]?.layerClass == CALayer.self, "\(key)")
        }
    }

    @Test func valueFunctionWritesReplaceOneComponentOfTheTransform() {
        let layer = CALayer()
        layer.transform = CATransform3DTranslate(CATransform3DMakeScale(2, 3, 1), 5, 6, 0)
        layer.setValue(CGFloat.pi / 2, forKeyPath: "transform.rotation.z")
        // The scales and the translation stay; only the angle changes.
        #expect(abs((layer.value(forKeyPath: "transform.scale.x") as! CGFloat) - 2) < 1e-9)
        #expect(abs((layer.value(forKeyPath: "transform.scale.y") as! CGFloat) - 3) < 1e-9)
        #expect(abs((layer.value(forKeyPath: "transform.rotation.z") as! CGFloat) - .pi / 2) < 1e-9)
        #expect(layer.transform.m41 == 10 && layer.transform.m42 == 18)
        layer.setValue(CGSize(width: -1, height: 4), forKeyPath: "transform.translation")
        #expect(layer.transform.m41 == -1 && layer.transform.m42 == 4)
        // Apple: transform.scale reads the mean of the three scales.
        #expect(abs((layer.value(forKeyPath: "transform.scale") as! CGFloat) - 2) < 1e-9)
    }

    @Test func boxedValuesAreAccepted() {
        let layer = CALayer()
        layer.setValue(NSValue(point: CGPoint(x: 4, y: 5)), forKey: "position")
        layer.setValue(NSNumber(value: 0.5), forKey: "opacity")
        #expect(layer.position == CGPoint(x: 4, y: 5) && layer.opacity == 0.5)
    }

    @Test func otherKeysAreStoredAsOnAKeyValueCodingContainerClass() {
        let layer = CALayer()
        #expect(layer.value(forKey: "someKey") == nil)
        layer.setValue(50, forKey: "someKey")
        #expect(layer.value(forKey: "someKey") as? Int == 50)
        // A shape key on a plain layer is just a key there, as on iOS: stored, nothing drawn changes.
        let before = layer.modelState
        layer.setValue(0.5, forKeyPath: "strokeEnd")
        #expect(layer.modelState == before && layer.value(forKeyPath: "strokeEnd") as? Double == 0.5)
        // Presentation copies carry them.
        #expect(layer.presentation()?.value(forKey: "someKey") as? Int == 50)
        layer.setValue(nil, forKey: "someKey")
        #expect(layer.value(forKey: "someKey") == nil)
    }
}

/// A view whose layer is a shape layer, as custom progress rings and check marks are written.
final class ShapeView: UIView {
    override class var layerClass: AnyClass { CAShapeLayer.self }
    var shape: CAShapeLayer { layer as! CAShapeLayer }
}

/// A shape layer's `strokeEnd` and `path` in a property animator: stopping, reversing and finishing write
/// and show the shape's own keys (the animator writes them back through key-value coding).
@Suite struct ShapeLayerPropertyAnimator {
    /// A line from the origin to (100, 0) or (100, 50): the same elements, so the path interpolates.
    static func line(_ y: CGFloat) -> CGPath {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 100, y: y))
        return path
    }

    /// The y of the line's end (0 at the start path, 50 at the end path).
    static func endY(_ path: Any?) -> CGFloat? { (path as? CGPath)?.currentPoint.y }

    static func shown(_ view: ShapeView, _ key: String) -> Any? { view.layer.presentation()!.value(forKey: key) }

    static func makeView() -> ShapeView {
        let view = ShapeView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        view.shape.strokeEnd = 0
        view.shape.path = line(0)
        return view
    }

    @Test(arguments: [UIViewAnimatingPosition.end, .start, .current])
    func stoppedThenFinished(at position: UIViewAnimatingPosition) {
        onFreshClock { clock in
            let view = Self.makeView()
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) {
                view.shape.strokeEnd = 1
                view.shape.path = Self.line(50)
            }
            animator.startAnimation()
            clock.advance(to: 0.25)
            #expect(abs((Self.shown(view, "strokeEnd") as! CGFloat) - 0.25) < 1e-9)
            #expect(abs(Self.endY(Self.shown(view, "path"))! - 12.5) < 1e-9)
            animator.stopAnimation(false)
            // Stopping writes what was shown into the model.
            #expect(abs(view.shape.strokeEnd - 0.25) < 1e-9 && abs(Self.endY(view.shape.path)! - 12.5) < 1e-9)
            #expect(view.layer.animationKeys() == nil)
            animator.finishAnimation(at: position)
            let expected: CGFloat = position == .end ? 1 : position == .start ? 0 : 0.25
            #expect(abs(view.shape.strokeEnd - expected) < 1e-9)
            #expect(abs(Self.endY(view.shape.path)! - 50 * expected) < 1e-9)
            #expect(abs((Self.shown(view, "strokeEnd") as! CGFloat) - expected) < 1e-9)
        }
    }

    @Test func reversedRunsBackToTheStartValues() {
        onFreshClock { clock in
            let view = Self.makeView()
            var finished: UIViewAnimatingPosition?
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) {
                view.shape.strokeEnd = 1
                view.shape.path = Self.line(50)
            }
            animator.addCompletion { finished = $0 }
            animator.startAnimation()
            clock.advance(to: 0.5)
            animator.isReversed = true
            clock.advance(to: 0.7)
            #expect(abs((Self.shown(view, "strokeEnd") as! CGFloat) - 0.3) < 1e-9)
            #expect(abs(Self.endY(Self.shown(view, "path"))! - 15) < 1e-9)
            clock.advance(to: 2)
            #expect(finished == .start)
            #expect(view.shape.strokeEnd == 0 && Self.endY(view.shape.path) == 0)
            #expect(Self.shown(view, "strokeEnd") as? CGFloat == 0 && Self.endY(Self.shown(view, "path")) == 0)
        }
    }

    @Test func finishedShowsTheEndValues() {
        onFreshClock { clock in
            let view = Self.makeView()
            var finished: UIViewAnimatingPosition?
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) {
                view.shape.strokeEnd = 1
                view.shape.path = Self.line(50)
            }
            animator.addCompletion { finished = $0 }
            animator.startAnimation()
            clock.advance(to: 2)
            #expect(finished == .end && view.layer.animationKeys() == nil)
            #expect(view.shape.strokeEnd == 1 && Self.endY(view.shape.path) == 50)
            #expect(Self.shown(view, "strokeEnd") as? CGFloat == 1 && Self.endY(Self.shown(view, "path")) == 50)
        }
    }
}

/// Key-value coding misuse stops with a message naming the key and what it takes (KVC raises on iOS).
@Suite struct LayerKeyValueCodingMisuse {
    static func message(_ result: ExitTest.Result) -> String {
        String(decoding: result.standardErrorContent, as: UTF8.self)
    }

    @Test func aValueOfTheWrongTypeNamesTheKeyAndTheType() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            CAShapeLayer().setValue("half", forKeyPath: "strokeEnd")
        }
        #expect(Self.message(result).contains("'strokeEnd' takes a CGFloat, not String"))
    }

    @Test func aDeclaredPropertyOutsideTheTableIsNotStoredSilently() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            CALayer().setValue(true, forKey: "hidden")
        }
        #expect(Self.message(result).contains("'hidden' is a layer property that key-value coding does not reach here; set the property itself"))
    }
}
