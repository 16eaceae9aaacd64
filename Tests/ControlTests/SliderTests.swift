import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit

/// A slider whose track is 10 pt tall and inset 40 pt: drawing must follow the override.
final class InsetTrackSlider: UISlider {
    override func trackRect(forBounds bounds: CGRect) -> CGRect {
        CGRect(x: bounds.minX + 40, y: bounds.midY - 5, width: bounds.width - 80, height: 10)
    }
}

@Suite("UISlider")
struct SliderTests {
    static func slider() -> UISlider { UISlider(frame: CGRect(x: 0, y: 0, width: 300, height: 31)) }

    @Test("The value is clamped; the limits move each other as on iOS")
    func clamping() {
        let slider = Self.slider()
        slider.value = 3
        #expect(slider.value == 1)
        slider.minimumValue = 5
        #expect(slider.maximumValue == 5 && slider.value == 5)
        slider.maximumValue = 10
        slider.value = 7.5
        slider.maximumValue = 2
        #expect(slider.minimumValue == 2 && slider.value == 2)
    }

    @Test("Geometry: a 4 pt track inset 2 pt, the 28 pt thumb at the value, value images at the ends")
    func geometry() {
        let slider = Self.slider()
        let track = slider.trackRect(forBounds: slider.bounds)
        #expect(track == CGRect(x: 2, y: 13.5, width: 296, height: 4))
        #expect(slider.thumbRect(forBounds: slider.bounds, trackRect: track, value: 0).minX == 0)
        #expect(slider.thumbRect(forBounds: slider.bounds, trackRect: track, value: 1).maxX == 300)
        #expect(slider.thumbRect(forBounds: slider.bounds, trackRect: track, value: 0.5).midX == 150)
        slider.minimumValueImage = UIImage(systemName: "minus")
        slider.maximumValueImage = UIImage(systemName: "plus")
        let minRect = slider.minimumValueImageRect(forBounds: slider.bounds)
        let maxRect = slider.maximumValueImageRect(forBounds: slider.bounds)
        #expect(minRect.minX == 0 && maxRect.maxX == 300)
        let inner = slider.trackRect(forBounds: slider.bounds)
        #expect(inner.minX == minRect.maxX + UISlider.imageGap + UISlider.thumbOverhang)
        #expect(inner.maxX == maxRect.minX - UISlider.imageGap - UISlider.thumbOverhang)
    }

    @Test("An overridden trackRect is what is drawn")
    func overriddenGeometry() {
        let harness = ControlHarness()
        let slider = harness.add(InsetTrackSlider(frame: CGRect(x: 0, y: 0, width: 300, height: 31)))
        slider.value = 0
        harness.on { harness.window.layoutIfNeeded() }
        #expect(slider.minimumTrack.frame.minX == 40 && slider.minimumTrack.frame.height == 10)
        #expect(slider.thumb.frame.minX == 38)
    }

    @Test("Dragging the thumb follows the finger and sends valueChanged; the bare track is no target")
    func drag() {
        let harness = ControlHarness()
        let slider = harness.add(Self.slider())
        slider.value = 0.5
        let log = EventLog()
        log.watch(slider, [.valueChanged])
        // The thumb's centre is at x = 150 in the slider, 170 in the window; grab it 4 pt right of centre.
        harness.send(.began, CGPoint(x: 174, y: 35), at: 0)
        harness.send(.moved, CGPoint(x: 174 + 68, y: 35), at: 0.1)
        #expect(abs(slider.value - 0.75) < 1e-5)
        harness.send(.moved, CGPoint(x: 600, y: 35), at: 0.2)
        #expect(slider.value == 1)
        harness.send(.ended, CGPoint(x: 600, y: 35), at: 0.3)
        #expect(log.names == ["value", "value"])
        harness.send(.began, CGPoint(x: 40, y: 35), at: 1)
        harness.send(.moved, CGPoint(x: 100, y: 35), at: 1.1)
        harness.send(.ended, CGPoint(x: 100, y: 35), at: 1.2)
        #expect(slider.value == 1 && log.names.count == 2)
    }

    @Test("Not continuous: one valueChanged when the finger lifts")
    func notContinuous() {
        let harness = ControlHarness()
        let slider = harness.add(Self.slider())
        slider.isContinuous = false
        let log = EventLog()
        log.watch(slider, [.valueChanged])
        harness.send(.began, CGPoint(x: 20 + 14, y: 35), at: 0)
        harness.send(.moved, CGPoint(x: 120, y: 35), at: 0.1)
        harness.send(.moved, CGPoint(x: 150, y: 35), at: 0.2)
        #expect(log.names.isEmpty && slider.value > 0)
        harness.send(.ended, CGPoint(x: 150, y: 35), at: 0.3)
        #expect(log.names == ["value"])
    }

    @Test("setValue(_:animated: true) moves the thumb over time")
    func animatedValue() {
        let harness = ControlHarness()
        let slider = harness.add(Self.slider())
        harness.on { slider.setValue(1, animated: true) }
        harness.wait(until: 0.15)
        let mid = harness.shownFrame(slider.thumb).minX
        #expect(mid > 20 && mid < 250)
        harness.wait(until: 1)
        #expect(harness.shownFrame(slider.thumb).minX == 272)
    }
}
