import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit
import Compositor
import Raster
import TransitionTesting

/// Feature goldens of the switch, segmented control, stepper and slider, light and dark at 3×, each
/// looked at against iOS before recording; and frames of the switch and the pill mid-animation.
@Suite("Standard control goldens")
struct StandardControlGoldenTests {
    /// Like `renderControl`, but `act` runs after the first layout (touches, animated changes) and the
    /// frame is drawn at time `t` on the window's clock.
    static func render(size: CGSize, style: UIUserInterfaceStyle, at t: TimeInterval = 0,
                       _ build: (UIWindow) -> Void, act: (UIWindow) -> Void = { _ in }) -> PixelBuffer {
        let clock = Timeline()
        return Timeline.$current.withValue(clock) {
            let window = UIWindow(frame: CGRect(origin: .zero, size: size))
            window.overrideUserInterfaceStyle = style
            window.backgroundColor = .systemBackground
            build(window)
            window.layoutIfNeeded()
            act(window)
            window.layoutIfNeeded()
            clock.advance(to: t)
            window.layoutIfNeeded()
            return LayerRenderer(scale: 3).render(window.layer.snapshot(at: t), size: size,
                                                  background: style == .dark ? .black : .white)
        }
    }

    static func name(_ base: String, _ style: UIUserInterfaceStyle) -> String { "\(base)-\(style == .dark ? "dark" : "light")" }
    static let styles: [UIUserInterfaceStyle] = [.light, .dark]

    /// Off, on, disabled off, disabled on, and held (off, the knob stretched).
    static func switches(_ style: UIUserInterfaceStyle) -> PixelBuffer {
        render(size: CGSize(width: 312, height: 51), style: style, at: 1, { window in
            for index in 0..<5 {
                let toggle = UISwitch(frame: CGRect(x: 12 + CGFloat(index) * 60, y: 10, width: 0, height: 0))
                toggle.isOn = index == 1 || index == 3
                toggle.isEnabled = index != 2 && index != 3
                window.addSubview(toggle)
            }
        }, act: { window in
            window.sendTouch(finger: 0, phase: .began, at: CGPoint(x: 12 + 240 + 10, y: 25))
        })
    }

    /// Three titles with the middle selected; three images with the first selected.
    static func segmented(_ style: UIUserInterfaceStyle) -> PixelBuffer {
        render(size: CGSize(width: 320, height: 100), style: style) { window in
            let titles = UISegmentedControl(items: ["Small", "Medium", "Large"])
            titles.frame = CGRect(x: 12, y: 12, width: 296, height: 32)
            titles.selectedSegmentIndex = 1
            window.addSubview(titles)
            let images = UISegmentedControl(items: ["line.3.horizontal", "square.stack.3d.up", "star"].map { UIImage(systemName: $0)! })
            images.frame = CGRect(x: 12, y: 56, width: 200, height: 32)
            images.selectedSegmentIndex = 0
            window.addSubview(images)
        }
    }

    /// At the minimum (minus spent) and in the middle.
    static func steppers(_ style: UIUserInterfaceStyle) -> PixelBuffer {
        render(size: CGSize(width: 230, height: 56), style: style) { window in
            let low = UIStepper(frame: CGRect(x: 12, y: 12, width: 0, height: 0))
            window.addSubview(low)
            let middle = UIStepper(frame: CGRect(x: 124, y: 12, width: 0, height: 0))
            middle.value = 5
            window.addSubview(middle)
        }
    }

    /// At 0.3 with images at both ends.
    static func slider(_ style: UIUserInterfaceStyle) -> PixelBuffer {
        render(size: CGSize(width: 320, height: 51), style: style) { window in
            let slider = UISlider(frame: CGRect(x: 16, y: 10, width: 288, height: 31))
            slider.minimumValueImage = UIImage(systemName: "star")
            slider.maximumValueImage = UIImage(systemName: "star.fill")
            slider.value = 0.3
            window.addSubview(slider)
        }
    }

    @Test("Switches: off, on, disabled, held", arguments: styles)
    func switchStates(_ style: UIUserInterfaceStyle) { assertImageSnapshot(Self.switches(style), named: Self.name("switch", style)) }

    @Test("Segmented controls: titles and images", arguments: styles)
    func segmentedControls(_ style: UIUserInterfaceStyle) { assertImageSnapshot(Self.segmented(style), named: Self.name("segmented", style)) }

    @Test("Steppers: at the minimum and in the middle", arguments: styles)
    func stepperStates(_ style: UIUserInterfaceStyle) { assertImageSnapshot(Self.steppers(style), named: Self.name("stepper", style)) }

    @Test("Slider at 0.3 with value images", arguments: styles)
    func sliderState(_ style: UIUserInterfaceStyle) { assertImageSnapshot(Self.slider(style), named: Self.name("slider", style)) }

    /// A switch turning on and a pill sliding from the first segment to the third, at 0.1 s.
    static func midAnimation() -> PixelBuffer {
        render(size: CGSize(width: 320, height: 100), style: .light, at: 0.1, { window in
            let toggle = UISwitch(frame: CGRect(x: 12, y: 12, width: 0, height: 0))
            window.addSubview(toggle)
            let control = UISegmentedControl(items: ["Small", "Medium", "Large"])
            control.frame = CGRect(x: 12, y: 56, width: 296, height: 32)
            control.selectedSegmentIndex = 0
            window.addSubview(control)
        }, act: { window in
            (window.subviews[0] as! UISwitch).setOn(true, animated: true)
            window.sendTouch(finger: 0, phase: .began, at: CGPoint(x: 12 + 250, y: 72))
            window.sendTouch(finger: 0, phase: .ended, at: CGPoint(x: 12 + 250, y: 72))
        })
    }

    @Test("Mid-animation: the knob half-way, the pill between segments")
    func midAnimationFrame() { assertImageSnapshot(Self.midAnimation(), named: "mid-animation-light") }

    @Test("Renders are deterministic")
    func deterministic() {
        #expect(Self.switches(.dark) == Self.switches(.dark))
        #expect(Self.midAnimation() == Self.midAnimation())
    }
}
