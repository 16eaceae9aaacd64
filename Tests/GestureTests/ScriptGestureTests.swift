import Testing
import Foundation
@testable import UIKit
@testable import Stage
@testable import Playback

/// A white screen with one full-screen view; subclasses add recognizers and a script, and log actions.
class GestureProbe: Scene {
    class var name: String { "gesture-probe" }
    class var summary: String { "recognizers driven by a script" }
    let surface = UIView()
    let log = ActionLog()
    required init() {}
    func makeRootViewController() -> UIViewController {
        let controller = UIViewController()
        controller.view.backgroundColor = .white
        surface.frame = controller.view.bounds
        controller.view.addSubview(surface)
        install(on: surface)
        return controller
    }
    func install(on view: UIView) {}
    func script() -> Script { Script() }

    static func run<S: GestureProbe>(_ type: S.Type) throws -> S {
        let session = SceneSession(type)
        _ = try session.runToEnd()
        return session.within { session.scene } as! S
    }
}

final class DoubleTapProbe: GestureProbe {
    override class var name: String { "double-tap-probe" }
    override func install(on view: UIView) {
        let single = UITapGestureRecognizer(), double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        log.watch(single, as: "single")
        log.watch(double, as: "double")
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)
    }
    override func script() -> Script {
        var s = Script()
        s.doubleTap { [unowned self] in self.surface }   // 0.2–0.3 down, 0.4–0.5 down
        s.wait(1)
        s.tap(at: { CGPoint(x: 100, y: 100) })          // 1.5–1.6: single, once the double fails at 1.95
        return s
    }
}

final class LongPressProbe: GestureProbe {
    override class var name: String { "long-press-probe" }
    override func install(on view: UIView) {
        let press = UILongPressGestureRecognizer()
        log.watch(press, as: "press")
        view.addGestureRecognizer(press)
    }
    override func script() -> Script {
        var s = Script()
        s.longPress(at: { CGPoint(x: 200, y: 400) }, duration: 0.8)
        return s
    }
}

final class SwipeProbe: GestureProbe {
    override class var name: String { "swipe-probe" }
    override func install(on view: UIView) {
        for direction in [UISwipeGestureRecognizer.Direction.left, .up] {
            let swipe = UISwipeGestureRecognizer()
            swipe.direction = direction
            log.watch(swipe, as: direction == .left ? "left" : "up")
            view.addGestureRecognizer(swipe)
        }
    }
    override func script() -> Script {
        var s = Script()
        s.swipe(from: { CGPoint(x: 300, y: 400) }, direction: .left)
        s.wait(0.3)
        s.swipe(from: { CGPoint(x: 200, y: 600) }, direction: .up, distance: 60, duration: 0.5)
        return s
    }
}

final class PinchProbe: GestureProbe {
    override class var name: String { "pinch-probe" }
    var finalScale: CGFloat = 0, finalVelocity: CGFloat = 0
    var finalRotation: CGFloat = 0, finalAngularVelocity: CGFloat = 0
    override func install(on view: UIView) {
        let pinch = UIPinchGestureRecognizer { [unowned self] (p: UIPinchGestureRecognizer) in
            if p.state == .changed { self.finalScale = p.scale; self.finalVelocity = p.velocity }
        }
        let rotation = UIRotationGestureRecognizer { [unowned self] (r: UIRotationGestureRecognizer) in
            if r.state == .changed { self.finalRotation = r.rotation; self.finalAngularVelocity = r.velocity }
        }
        log.watch(pinch, as: "pinch")
        log.watch(rotation, as: "rotation")
        view.addGestureRecognizer(pinch)
        view.addGestureRecognizer(rotation)
    }
    override func script() -> Script {
        var s = Script()
        s.pinch(center: { CGPoint(x: 196, y: 426) }, fromSpan: 100, toSpan: 200, duration: 0.5)
        s.wait(0.5)
        s.rotate(center: { CGPoint(x: 196, y: 426) }, by: .pi / 2, duration: 0.5)
        return s
    }
}

/// The script steps that perform the new gestures, played on the virtual clock.
@Suite struct GestureScripts {
    @Test func aDoubleTapThenALoneTap() throws {
        let probe = try GestureProbe.run(DoubleTapProbe.self)
        #expect(probe.log.names == ["double", "single"])
        #expect(probe.log.entries[0].time == 0.5)
        #expect(probe.log.entries[1].time == 1.95)       // 1.6 + 0.35: when the double tap fails
    }

    /// Down at the 0.2 s lead-in: began at exactly 0.7, ended at the lift at 1.0.
    @Test func aLongPressBeginsAtItsDuration() throws {
        let probe = try GestureProbe.run(LongPressProbe.self)
        #expect(probe.log.states(of: "press") == [.began, .ended])
        #expect(probe.log.entries.map(\.time) == [0.7, 1.0])
    }

    @Test func swipesInTheirDirections() throws {
        let probe = try GestureProbe.run(SwipeProbe.self)
        #expect(probe.log.names == ["left", "up"])
        #expect(probe.log.entries.allSatisfy { $0.state == .recognized })
    }

    /// 100 → 200 pt in 0.5 s: scale 2 at the end, 2 scale/s; a quarter turn in 0.5 s: π/2 at π rad/s.
    /// Both recognize, each in its own gesture (the pinch's spans do not turn; the turn keeps its span).
    @Test func aPinchAndARotationWithTwoFingers() throws {
        let probe = try GestureProbe.run(PinchProbe.self)
        #expect(abs(probe.finalScale - 2) < 1e-9 && abs(probe.finalVelocity - 2) < 1e-6)
        #expect(abs(probe.finalRotation - .pi / 2) < 1e-9 && abs(probe.finalAngularVelocity - .pi) < 1e-6)
        #expect(probe.log.states(of: "pinch").first == .began && probe.log.states(of: "pinch").last == .ended)
        #expect(probe.log.states(of: "rotation").first == .began && probe.log.states(of: "rotation").last == .ended)
    }
}
