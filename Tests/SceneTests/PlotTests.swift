import Testing
import Foundation
import UIKit
import Raster
@testable import Stage
@testable import Scenes
@testable import Diagnostics

/// A box that, when the screen is tapped, slides 100 pt right and fades to 0.2 in exactly one second
/// (linear), then 1.5 s after the tap slides back in one second: two animations of the same properties.
final class SlideAndBackScene: Scene {
    static let name = "test-slide-and-back"
    static let summary = "a box slides right linearly, then back"
    let box = UIView(frame: CGRect(x: 50, y: 100, width: 40, height: 40))
    let control = UIControl(frame: CGRect(x: 0, y: 300, width: 393, height: 300))

    init() {}

    func makeRootViewController() -> UIViewController {
        let controller = UIViewController()
        box.accessibilityIdentifier = "box"
        box.backgroundColor = .systemBlue
        controller.view.addSubview(box)
        controller.view.addSubview(control)
        control.addAction(UIAction { [unowned self] _ in
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                self.box.center.x += 100
                self.box.alpha = 0.2
            })
            Timeline.current.schedule(at: CACurrentMediaTime() + 1.5) {
                UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { self.box.center.x -= 100 })
            }
        }, for: .touchUpInside)
        return controller
    }

    func script() -> Script {
        var script = Script()
        script.tap { [unowned self] in self.control }
        return script
    }
}

@Suite struct PropertyTraces {
    @Test func linearAnimationsTraceAsStraightLinesNormalisedPerAnimation() throws {
        let trace = try PropertyTrace.record(SlideAndBackScene.definition, rate: 240)
        // Lead-in 0.2 s, tap 0.1 s: the slide runs 0.3 → 1.3 s, the slide back 1.8 → 2.8 s, 0.3 s hold.
        #expect(abs(trace.duration - 3.1) < 1e-9)
        #expect(trace.marks.map(\.label).contains { $0.hasPrefix("touch.up") })
        let position = try #require(trace.series.first { $0.layer == "box" && $0.property == "position" })
        let opacity = try #require(trace.series.first { $0.layer == "box" && $0.property == "opacity" })
        #expect(trace.series.filter { $0.layer == "box" }.count == 2)
        // Before the tap: a flat lead-in at 0 from the start.
        #expect(position.lead.first?.time == 0 && position.lead.last.map { abs($0.time - 0.3) < 1e-9 } == true)
        #expect(position.runs.count == 2 && opacity.runs.count == 1)
        for run in [position.runs[0], opacity.runs[0]] {
            #expect(abs(run[0].time - 0.3) < 1e-9 && run[0].progress == 0)
            for point in run where point.time <= 1.3 {
                #expect(abs(point.progress - (point.time - 0.3)) < 1e-6, "t = \(point.time)")
            }
            #expect(run.filter { $0.time > 1.31 }.allSatisfy { abs($0.progress - 1) < 1e-9 })
        }
        // The slide back is its own animation: 0 where it starts, 1 where it ends.
        let back = position.runs[1]
        #expect(abs(back[0].time - 1.8) < 1e-9)
        for point in back where point.time <= 2.8 { #expect(abs(point.progress - (point.time - 1.8)) < 1e-6) }
    }

    @Test func cardExpandShowsTheSpringOvershootOfTheFrameAndTheCloseButtonsAlpha() throws {
        let trace = try PropertyTrace.record(CardExpandScene.definition, rate: 240)
        let frame = try #require(trace.series.first { $0.layer == "CardDetailViewController.view" && $0.property == "bounds" })
        let alpha = try #require(trace.series.first { $0.layer == "CardDetailViewController.view/UIButton" && $0.property == "opacity" })
        let tabBar = try #require(trace.series.first { $0.layer.hasSuffix("UITabBar") && $0.property == "position" })
        // The 1 s, damping-0.5 spring from the tap-up at 0.3 s, sampled at 240 Hz.
        let spring = SpringCurve.uikit(duration: 1, dampingRatio: 0.5, initialVelocity: 0)
        let expectedPeak = trace.times.filter { $0 > 0.3 && $0 < 1.3 }.map { spring.progress(at: $0 - 0.3) }.max()!
        for series in [frame, alpha, tabBar] {
            let peak = series.runs.flatMap { $0 }.map(\.progress).max()!
            #expect(abs(peak - expectedPeak) < 1e-4 && peak > 1.15, "\(series.name): \(peak)")
        }
        #expect(Plot.coincide(frame, alpha))
    }

    @Test func plotDrawsCurvesMarksAndSwatches() throws {
        let trace = try PropertyTrace.record(SlideAndBackScene.definition, rate: 240)
        let result = Plot.draw(trace, width: 1000, height: 600)
        let image = result.image
        #expect(image.width == 1000 && image.height == 600)
        let white = RGBA8(r: 255, g: 255, b: 255, a: 255)
        #expect(image[2, 2] == white)
        // Position and opacity coincide for their first animation but not overall: two colours.
        #expect(result.entries.map(\.property) == ["position", "opacity"])
        #expect(result.entries.allSatisfy { $0.layers == ["box"] })
        // The plot area: Plot.margins (left 70, right width − 300, top 44, bottom height − 60); progress −0.15 … 1.25.
        let left = 70.0, right = 700.0, top = 44.0, bottom = 540.0
        func x(_ t: Double) -> Int { Int(left + (right - left) * t / trace.duration) }
        func y(_ p: Double) -> Int { Int(bottom - (bottom - top) * (p + 0.15) / 1.4) }
        func near(_ px: Int, _ py: Int, _ color: RGBA8) -> Bool {
            (-1...1).contains { dx in (-1...1).contains { dy in image[px + dx, py + dy] == color } }
        }
        // Halfway through the first slide both curves pass (0.8 s, 0.5); opacity, drawn later, is on top.
        #expect(near(x(0.8), y(0.5), result.entries[1].color))
        // Halfway through the slide back only position moves.
        #expect(near(x(2.3), y(0.5), result.entries[0].color))
        #expect(image[x(2.3), y(0.2)] == white)
        // The legend swatches, top to bottom.
        for (i, entry) in result.entries.enumerated() { #expect(image[740, 44 + i * 30 + 11] == entry.color) }
        // Each swatch has its property's name beside it, in dark letters.
        for i in result.entries.indices {
            var ink = 0
            for y in (44 + i * 30)..<(44 + i * 30 + 22) { for x in 765..<900 where image[x, y].r < 140 { ink += 1 } }
            #expect(ink > 20, "legend entry \(i) has no words")
        }
        // Seconds under the long ticks: letters below the axis at 0.5 s.
        var seconds = 0
        for y in Int(bottom) + 16..<Int(bottom) + 38 { for x in (x(0.5) - 25)..<(x(0.5) + 25) where image[x, y].r < 140 { seconds += 1 } }
        #expect(seconds > 10)
        // The tap's marks: dashed grey lines at 0.2 s (touch down) and 0.3 s (touch up), listed in the legend.
        let markX = x(0.2)
        #expect(image[markX, 46] == Plot.markStyle("touch.down").color && image[markX, 55] == white)
        #expect(result.legend.contains("touch.down") && result.legend.contains("  1  #1F77B4  position"))
    }
}
