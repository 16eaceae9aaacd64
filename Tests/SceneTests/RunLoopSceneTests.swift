import Testing
import Dispatch
import UIKit
import Stage
import Raster
@testable import Playback

/// Time-driven app code inside scenes: main-queue blocks, display links and accessibility settings.
@Suite struct RunLoopSceneTests {
    /// Presents a sheet when it appears; the sheet dismisses itself 0.3 s after it appeared, from the main queue.
    final class Presenter: UIViewController {
        var presented = false
        override func viewDidAppear(_ animated: Bool) {
            super.viewDidAppear(animated)
            guard !presented else { return }
            presented = true
            let sheet = SelfDismissingSheet()
            present(sheet, animated: true)
        }
    }
    final class SelfDismissingSheet: UIViewController {
        override func viewDidLoad() { view.backgroundColor = .systemBlue }
        override func viewDidAppear(_ animated: Bool) {
            super.viewDidAppear(animated)
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.3) { [self] in
                DispatchQueue.main.async { self.dismiss(animated: true) }
            }
        }
    }
    final class AsyncDismissScene: Scene {
        static let name = "async-dismiss"
        static let summary = "A sheet that dismisses itself from DispatchQueue.main.asyncAfter"
        init() {}
        func makeRootViewController() -> UIViewController { Presenter() }
        func script() -> Script { Script() }
    }

    @Test func aDismissalFromAsyncAfterRendersOnTheVirtualClock() throws {
        let plan = try Stage.plan(AsyncDismissScene.definition, settings: RenderSettings(scale: 1))
        #expect(plan.unfinished.isEmpty)
        let kinds = plan.transitions.map { $0.label.split(separator: " ").first.map(String.init) ?? "" }
        #expect(kinds == ["present", "dismiss"])
        #expect(plan.transitions.allSatisfy { $0.completed })
        // 0.3 s after the presentation ended (its viewDidAppear), to the millisecond.
        #expect(abs(plan.transitions[1].start - plan.transitions[0].end - 0.3) < 1e-9)
        // The same on every run.
        let again = try Stage.plan(AsyncDismissScene.definition, settings: RenderSettings(scale: 1))
        #expect(again == plan)
    }

    /// A screen that moves a view with a display link for half a second, recording the link's times.
    final class LinkScreen: UIViewController {
        nonisolated(unsafe) static var targets: [Double] = []
        nonisolated(unsafe) static var lastDot: UIView?
        let dot = UIView(frame: CGRect(x: 0, y: 100, width: 40, height: 40))
        var link: CADisplayLink?
        override func viewDidLoad() {
            dot.backgroundColor = .systemRed
            view.addSubview(dot)
            Self.targets = []
            Self.lastDot = dot
            link = CADisplayLink(target: self, selector: LinkScreen.step)
            link?.add(to: .main, forMode: .common)
        }
        func step(_ link: CADisplayLink) {
            Self.targets.append(link.targetTimestamp)
            dot.center.x = CGFloat(link.targetTimestamp * 400)
            if link.targetTimestamp >= 0.5 { link.invalidate() }
        }
    }
    final class LinkScene: Scene {
        static let name = "display-link"
        static let summary = "A dot moved by a display link"
        init() {}
        func makeRootViewController() -> UIViewController { LinkScreen() }
        func script() -> Script { Script() }
    }

    @Test func displayLinksStepOnTheRendersFrames() throws {
        let settings = RenderSettings(scale: 1, fps: 30)
        let plan = try Stage.plan(LinkScene.definition, settings: settings)
        #expect(LinkScreen.targets == (1...15).map { Double($0) / 30 })
        // Each frame shows where the link put the dot for it: the callback runs before the frame's render.
        let session = SceneSession(LinkScene.definition, settings: settings)
        session.advance(to: plan.time(ofFrame: 6))
        let dot = try #require(LinkScreen.lastDot)
        #expect(dot.layer.position.x == 80)
    }

    final class MotionAware: UIViewController {
        nonisolated(unsafe) static var seen: [Bool] = []
        override func viewDidLoad() {
            Self.seen.append(UIAccessibility.isReduceMotionEnabled)
            view.backgroundColor = UIAccessibility.isReduceTransparencyEnabled ? .white : .black
        }
    }
    final class MotionAwareScene: Scene {
        static let name = "reduce-motion"
        static let summary = "Reads the accessibility settings"
        init() {}
        func makeRootViewController() -> UIViewController { MotionAware() }
        func script() -> Script { Script() }
    }

    @Test func aSceneSeesTheAccessibilitySettingsOfItsRender() throws {
        MotionAware.seen = []
        _ = try Stage.plan(MotionAwareScene.definition, settings: RenderSettings(scale: 1))
        _ = try Stage.plan(MotionAwareScene.definition, settings: RenderSettings(scale: 1, accessibility: .reduceMotion))
        #expect(MotionAware.seen == [false, true])
        let plain = try #require(Stage.frames(MotionAwareScene.definition, settings: RenderSettings(scale: 1), times: [0]).first)
        let reduced = try #require(Stage.frames(MotionAwareScene.definition,
                                                settings: RenderSettings(scale: 1, accessibility: [.reduceTransparency]), times: [0]).first)
        #expect(plain[200, 400].r == 0 && reduced[200, 400].r == 255)
        // Outside a run, nothing is on.
        #expect(!UIAccessibility.isReduceMotionEnabled && !UIAccessibility.prefersCrossFadeTransitions)
    }
}
