import Testing
import Foundation
@testable import UIKit
@testable import Stage
import Raster
@testable import Playback
import TestSupport

/// Counts the touch samples it gets (its pan does not cancel them).
final class CountingView: UIView {
    var samples = 0
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { samples += 1 }
}

/// A blue panel in the lower half of a white screen, with a pan that records what the scene's code would see.
class PanelProbe: Scene {
    class var name: String { "probe" }
    class var summary: String { "a panel with a pan" }
    let panel = CountingView(frame: CGRect(x: 0, y: 426, width: 393, height: 426))
    var states: [UIGestureRecognizer.State] = []
    var endVelocity: CGPoint?
    var endTranslation: CGPoint?
    var moves = 0
    var pan: UIPanGestureRecognizer!

    required init() {}

    func makeRootViewController() -> UIViewController {
        let controller = UIViewController()
        controller.view.backgroundColor = .white
        panel.backgroundColor = UIColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1)
        controller.view.addSubview(panel)
        pan = makeRecognizer()
        pan.cancelsTouchesInView = false
        panel.addGestureRecognizer(pan)
        return controller
    }
    func makeRecognizer() -> UIPanGestureRecognizer { UIPanGestureRecognizer(target: self, action: PanelProbe.handle) }
    func handle(_ pan: UIPanGestureRecognizer) {
        states.append(pan.state)
        if pan.state == .changed { moves += 1 }
        if pan.state == .ended {
            endVelocity = pan.velocity(in: panel)
            endTranslation = pan.translation(in: panel)
        }
    }
    func script() -> Script { Script() }

    /// Runs the scene to its end and hands back the instance.
    static func run<S: PanelProbe>(_ type: S.Type) throws -> (S, SceneSession) {
        let session = SceneSession(type)
        _ = try session.runToEnd()
        return (session.within { session.scene } as! S, session)
    }
}

/// One tap in the white upper half: down at 0.2 s, up at 0.3 s.
final class TapProbe: PanelProbe {
    override class var name: String { "tap-probe" }
    override func script() -> Script {
        var s = Script()
        s.tap(at: { CGPoint(x: 100, y: 200) })
        return s
    }
}

final class DragDownFast: PanelProbe {
    override class var name: String { "drag-down-fast" }
    override func script() -> Script {
        var s = Script()
        s.drag({ [unowned self] in self.panel }, by: CGVector(dx: 0, dy: 170), duration: 0.4,
               releaseVelocity: CGVector(dx: 0, dy: 900))
        return s
    }
}

final class DragDownReleaseUp: PanelProbe {
    override class var name: String { "drag-down-release-up" }
    override func script() -> Script {
        var s = Script()
        s.touchRate = 60
        s.drag({ [unowned self] in self.panel }, by: CGVector(dx: 0, dy: 106), duration: 0.4,
               releaseVelocity: CGVector(dx: 40, dy: -150))
        return s
    }
}

final class StepByStep: PanelProbe {
    override class var name: String { "step-by-step" }
    override func script() -> Script {
        var s = Script()
        s.touchDown(at: { CGPoint(x: 100, y: 500) })
        s.move(by: CGVector(dx: 0, dy: 100), duration: 0.25, curve: .easeOut)
        s.hold(0.2)
        s.move(to: { CGPoint(x: 200, y: 650) }, duration: 0.1)
        s.touchUp()
        return s
    }
}

final class EdgeSwipeProbe: PanelProbe {
    override class var name: String { "edge-swipe" }
    override func makeRecognizer() -> UIPanGestureRecognizer {
        let edge = UIScreenEdgePanGestureRecognizer(target: self, action: EdgeSwipeProbe.handle)
        edge.edges = .left
        return edge
    }
    override func script() -> Script {
        var s = Script()
        s.edgeSwipe(from: .left, at: 0.75, distance: 250, duration: 0.5, releaseVelocity: 600)
        return s
    }
}

/// The same swipe from the right edge, measured by the translation the recognizer should report.
final class EdgeSwipeByTranslationProbe: PanelProbe {
    override class var name: String { "edge-swipe-by-translation" }
    override func makeRecognizer() -> UIPanGestureRecognizer {
        let edge = UIScreenEdgePanGestureRecognizer(target: self, action: EdgeSwipeByTranslationProbe.handle)
        edge.edges = .right
        return edge
    }
    override func script() -> Script {
        var s = Script()
        s.edgeSwipe(from: .right, translation: 180, duration: 0.5, releaseVelocity: 300)
        return s
    }
}

/// The panel moves away before the touch: the target is resolved when the step runs.
final class MovingTarget: PanelProbe {
    override class var name: String { "moving-target" }
    var touchedAt: CGPoint?
    override func script() -> Script {
        var s = Script()
        s.wait(0.1)
        s.touchDown(on: { [unowned self] in
            self.panel.frame.origin.y = 600
            return self.panel
        })
        s.touchUp()
        return s
    }
}

@Suite struct Scripts {
    @Test func aDragReadsBackItsReleaseVelocity() throws {
        let (probe, _) = try PanelProbe.run(DragDownFast.self)
        #expect(probe.states.first == .began && probe.states.last == .ended)
        let v = try #require(probe.endVelocity)
        #expect(abs(v.y - 900) < 900 * 0.01 && abs(v.x) < 1e-6)
        // The path still arrives where it was told (the slop of 10 pt is not in the translation).
        #expect(abs(probe.endTranslation!.y - 160) < 1e-6)
        // 0.4 s at 120 Hz: 48 samples.
        #expect(probe.panel.samples == 48)
        #expect(probe.states.dropFirst().dropLast().allSatisfy { $0 == .changed })
    }

    @Test func aReversalAtTheEndReadsBackThroughTheTouchRate() throws {
        let (probe, _) = try PanelProbe.run(DragDownReleaseUp.self)
        let v = try #require(probe.endVelocity)
        #expect(abs(v.y - -150) < 150 * 0.01 && abs(v.x - 40) < 40 * 0.01)
        // 60 Hz for 0.4 s: 24 samples.
        #expect(probe.panel.samples == 24)
    }

    @Test func stepsHoldAndMarkTouches() throws {
        let (probe, session) = try PanelProbe.run(StepByStep.self)
        let touchMarks = session.marks.filter { $0.label.hasPrefix("touch.") }
        #expect(touchMarks.map(\.label) == ["touch.down 100,500", "touch.up 200,650"])
        #expect(abs(touchMarks[0].time - SceneSession.leadIn) < 1e-9)
        #expect(abs(touchMarks[1].time - (SceneSession.leadIn + 0.55)) < 1e-9)
        #expect(probe.endTranslation.map { abs($0.x - 100) < 1e-9 && abs($0.y - 140) < 1e-9 } == true)
        // During the hold no events arrive: the velocity at the end is that of the last move only.
        let v = try #require(probe.endVelocity)
        #expect(abs(v.x - 1000) < 1e-6 && abs(v.y - 500) < 1e-6)
    }

    @Test func anEdgeSwipeBeginsTheEdgePanAndReleasesAtItsSpeed() throws {
        let (probe, session) = try PanelProbe.run(EdgeSwipeProbe.self)
        #expect(probe.states.first == .began && probe.states.last == .ended)
        #expect(abs(probe.endVelocity!.x - 600) < 6)
        #expect(abs(probe.endTranslation!.x - 235) < 1e-6)        // 250 − the 15 pt edge hysteresis
        #expect(session.marks.first { $0.label.hasPrefix("touch.down") }?.label == "touch.down 4,639")
    }

    @Test func anEdgeSwipeByTranslationEndsWithThatTranslation() throws {
        let (probe, _) = try PanelProbe.run(EdgeSwipeByTranslationProbe.self)
        #expect(probe.states.first == .began && probe.states.last == .ended)
        #expect(abs(probe.endTranslation!.x + 180) < 1e-6)       // inward from the right edge: −x
        #expect(abs(probe.endVelocity!.x + 300) < 3)
    }

    @Test func targetsAreResolvedWhenTheStepRuns() throws {
        let (probe, session) = try PanelProbe.run(MovingTarget.self)
        #expect(probe.panel.frame.minY == 600)
        #expect(session.marks.first { $0.label.hasPrefix("touch.down") }?.label == "touch.down 196,813")
    }

    @Test func containsDragDecidesTheTouchDefault() {
        var taps = Script()
        taps.tap(at: { .zero })
        #expect(!taps.containsDrag)
        var drags = Script()
        drags.flick(from: { .zero }, velocity: CGVector(dx: 0, dy: 500))
        #expect(drags.containsDrag)
        #expect(SceneSession(DragDownFast.self).showsTouchesByDefault)
        #expect(!SceneSession(MovingTarget.self).showsTouchesByDefault)
    }
}

@Suite struct TouchDots {
    static let settings = RenderSettings(scale: 1, fps: 30)

    @Test func theDotIsDrawnWhileTheFingerIsDownFadesAfterAndNeverReachesTheCache() throws {
        // 0.2 s lead-in, down at the panel's centre (196, 639), 0.4 s drag, up at 0.6 s; the dot fades out by
        // 0.85 s.
        let times = [0.1, 0.3, 0.5, 0.7, 0.9]
        let on = try Stage.frames(DragDownFast.self, settings: Self.settings, times: times)
        var offSettings = Self.settings
        offSettings.touches = false
        let off = try Stage.frames(DragDownFast.self, settings: offSettings, times: times)
        // Deterministic.
        #expect(try Stage.frames(DragDownFast.self, settings: Self.settings, times: times) == on)
        // Before the finger is down and after its dot faded: identical, so the renderer's remembered frame
        // held no dot.
        for i in [0, 4] { #expect(on[i] == off[i]) }
        // Finger down, and fading 0.1 s after the lift: the frames differ only inside the 44 pt disc.
        for i in [1, 2, 3] {
            let differing = differingPixels(on[i], off[i])
            #expect(!differing.isEmpty)
            let xs = differing.map(\.x), ys = differing.map(\.y)
            #expect(xs.max()! - xs.min()! <= 44 && ys.max()! - ys.min()! <= 44)
        }
    }

    /// A tap (down 0.2 s, up 0.3 s) shows its dot at full strength while down and for 0.05 s after, then
    /// fading linearly to nothing 0.25 s after the lift, on the virtual clock.
    @Test func aTapsDotStaysAMomentAndFades() throws {
        #expect(TouchOverlay.strength(sinceLift: 0) == 1 && TouchOverlay.strength(sinceLift: 0.05) == 1)
        #expect(abs(TouchOverlay.strength(sinceLift: 0.15) - 0.5) < 1e-12 && TouchOverlay.strength(sinceLift: 0.25) == 0)
        let session = SceneSession(TapProbe.self)
        #expect(!session.showsTouchesByDefault)
        // On white: 255 − 0.42 · s · (255 − 225) at the dot's centre for strength s.
        let expected: [(TimeInterval, UInt8)] = [(0.25, 242), (0.32, 242), (0.4, 246), (0.5, 252), (0.56, 255)]
        for (time, grey) in expected {
            session.advance(to: time)
            let image = try session.render(scale: 1, touches: true)
            #expect(image[100, 200] == RGBA8(r: grey, g: grey, b: grey, a: 255), "at \(time)")
            #expect(try session.render(scale: 1)[100, 200] == RGBA8(r: 255, g: 255, b: 255, a: 255))
        }
        #expect(session.touchDots.isEmpty)
    }

    /// The dot reads on dark screens too: lighter than black at its middle, its rim darker than its fill.
    @Test func theFadingDotIsFainterThanAFullOne() {
        var full = PixelBuffer(width: 60, height: 60, fill: RGBA8(r: 0, g: 0, b: 0, a: 255))
        var fading = full
        TouchOverlay.draw([(CGPoint(x: 30, y: 30), 1)], scale: 1, on: &full)
        TouchOverlay.draw([(CGPoint(x: 30, y: 30), 0.5)], scale: 1, on: &fading)
        #expect(full[30, 30].r == 95 && fading[30, 30].r == 47)   // 225 · 0.42 · 0.5 = 47.25
    }

    @Test func theDotIsATranslucentLightGreyDisc() {
        var image = PixelBuffer(width: 100, height: 100, fill: RGBA8(r: 0, g: 0, b: 0, a: 255))
        TouchOverlay.draw([(CGPoint(x: 50, y: 50), 1)], scale: 1, on: &image)
        // Centre: 225 × 0.42 over black = 94.5 → 95; outside the 22 pt radius untouched.
        #expect(image[50, 50] == RGBA8(r: 95, g: 95, b: 95, a: 255))
        #expect(image[50, 50 - 23] == RGBA8(r: 0, g: 0, b: 0, a: 255))
        // 20.5 pt from the centre: the rim grey (130) at half the opacity (soft edge): 27.3 → 27.
        #expect(image[50, 50 - 21] == RGBA8(r: 27, g: 27, b: 27, a: 255))
        // Over white the disc darkens: 225 · 0.42 + 255 · 0.58 = 242.4.
        var white = PixelBuffer(width: 100, height: 100, fill: RGBA8(r: 255, g: 255, b: 255, a: 255))
        TouchOverlay.draw([(CGPoint(x: 50, y: 50), 1)], scale: 1, on: &white)
        #expect(white[50, 50] == RGBA8(r: 242, g: 242, b: 242, a: 255))
    }
}

/// A tap whose lift turns the screen red: what frame 18 (0.3 s at 60 fps) shows.
final class TapTurnsRed: PanelProbe {
    override class var name: String { "tap-turns-red" }
    var liftedAt: TimeInterval?
    override func makeRootViewController() -> UIViewController {
        let controller = super.makeRootViewController()
        let button = UIControl(frame: CGRect(x: 0, y: 0, width: 393, height: 400))
        button.addAction(UIAction { [unowned self, unowned controller] _ in
            self.liftedAt = CACurrentMediaTime()
            controller.view.backgroundColor = .systemRed
        }, for: .touchUpInside)
        controller.view.addSubview(button)
        return controller
    }
    override func script() -> Script {
        var s = Script()
        s.tap(at: { CGPoint(x: 100, y: 200) })   // 0.2 s lead-in, 0.1 s tap
        return s
    }
}

@Suite struct ExactScriptTime {
    /// 0.2 + 0.1 in doubles is 0.30000000000000004, one ulp after frame 18's 18/60; the script's clock counts
    /// exact ticks, so the lift lands on frame 18 itself.
    @Test func aTapEndingAtAFrameTimeShowsInThatFrame() throws {
        let session = SceneSession(TapTurnsRed.self)
        session.advance(to: Double(18) / Double(60))
        let scene = session.within { session.scene } as! TapTurnsRed
        #expect(scene.liftedAt == 0.3)
        #expect(session.within { scene.panel.superview?.backgroundColor } == .systemRed)
    }
}
