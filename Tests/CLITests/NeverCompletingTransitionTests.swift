import Testing
import Foundation
import UIKit
import Stage
import TestSupport
@testable import RenderTransitionCLI

/// A transition whose animator never calls `completeTransition(_:)` renders (the app would sit in it on iOS
/// too), but every tool says so and names the fix: the plan, `help SCENE`, a warning after a render, and
/// `verify`, which fails on it.
@Suite struct NeverCompletingTransition {
    /// Animates the presented view up, and forgets to complete the transition.
    final class ForgetfulAnimator: NSObject, UIViewControllerAnimatedTransitioning {
        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.3 }
        func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
            guard let view = transitionContext.view(forKey: .to) else { return }
            transitionContext.containerView.addSubview(view)
            view.frame = transitionContext.containerView.bounds.offsetBy(dx: 0, dy: 400)
            UIView.animate(withDuration: 0.3) { view.frame = transitionContext.containerView.bounds }
        }
    }
    final class Delegate: NSObject, UIViewControllerTransitioningDelegate {
        func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                 source: UIViewController) -> UIViewControllerAnimatedTransitioning? { ForgetfulAnimator() }
    }
    final class Root: UIViewController {
        let delegate = Delegate()
        let button = UIButton(type: .system)
        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = .white
            button.frame = CGRect(x: 100, y: 300, width: 100, height: 44)
            button.addAction(UIAction { [unowned self] _ in
                let sheet = UIViewController()
                sheet.view.backgroundColor = .systemBlue
                sheet.modalPresentationStyle = .custom
                sheet.transitioningDelegate = self.delegate
                self.present(sheet, animated: true)
            }, for: .touchUpInside)
            view.addSubview(button)
        }
    }
    final class StuckScene: Scene {
        static let name = "stuck"
        static let summary = "A presentation whose animator never completes the transition"
        private var root: Root!
        init() {}
        func makeRootViewController() -> UIViewController { root = Root(); return root }
        func script() -> Script {
            var script = Script()
            script.tap { [unowned self] in self.root.button }
            script.waitUntilIdle()
            return script
        }
    }

    static let expected = "present UIViewController began at 0.3 s and never completed — call `transitionContext.completeTransition(_:)` when its animations end (and when an interactive one finishes or cancels)"

    @Test func thePlanNamesTheTransitionAndTheFix() throws {
        let plan = try Stage.plan(StuckScene.definition, settings: RenderSettings(scale: 1))
        #expect(plan.transitions.isEmpty)
        #expect(plan.unfinished.map(\.message) == [Self.expected])
    }

    @Test func itRendersButVerifyFailsWithTheMessage() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let scenes = [StuckScene.definition]
        let still = scratch.path("stuck.png"), goldens = scratch.path("goldens"), out = scratch.path("verify")
        #expect(RenderTransitionCLI.run(["stuck", "--at", "0.5", "--scale", "0.25", "--out", still.path, "-q"], scenes: scenes) == 0)
        #expect(FileManager.default.fileExists(atPath: still.path))
        let status = RenderTransitionCLI.run(["verify", goldens.path, "stuck", "--record", "missing", "--scale", "0.25",
                                               "--out", out.path, "-q"], scenes: scenes)
        #expect(status == 1)
        let report = try String(contentsOf: out.appendingPathComponent("report.md"), encoding: .utf8)
        #expect(report.hasPrefix("# Transition goldens: 1 of 1 scenes differ\n"), "\(report)")
        #expect(report.contains("stuck: " + Self.expected), "\(report)")
        // The plot's legend says it too (the plot shows a begin line and no end line).
        let plot = scratch.path("plot.png")
        #expect(RenderTransitionCLI.run(["stuck", "--plot", plot.path, "-q"], scenes: scenes) == 0)
        let legend = try String(contentsOf: URL(fileURLWithPath: plot.path + ".txt"), encoding: .utf8)
        #expect(legend.contains("NEVER COMPLETED: " + Self.expected), "\(legend)")
        // Nothing was recorded for a broken scene.
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: goldens.path)) ?? []).isEmpty)
    }
}

/// `--trace-gestures` prints what the recognizers did, with times: which one won the drag, when it ended.
@Suite struct TraceGestures {
    @Test func aDragScenePrintsItsRecognizers() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let result = try CommandLine.run(["panel-drag-dismiss", "--trace-gestures", "--at", "0.1", "--scale", "0.25",
                                          "--out", scratch.path("still.png").path])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "panel-drag-dismiss: gestures", "\(result.stdout)")
        #expect(lines.contains { $0.hasSuffix("began UIPanGestureRecognizer on UIView") }, "\(result.stdout)")
        #expect(lines.contains { $0.hasSuffix("ended UIPanGestureRecognizer on UIView") }, "\(result.stdout)")
        let json = try CommandLine.run(["panel-drag-dismiss", "--trace-gestures", "--json", "--at", "0.1", "--scale", "0.25",
                                        "--out", scratch.path("still2.png").path])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let gestures = try #require(object["gestures"] as? [[String: Any]])
        #expect(gestures.first?["event"] as? String == "began UIPanGestureRecognizer on UIView", "\(json.stdout)")
        #expect((gestures.first?["time"] as? Double).map { $0 > 0.2 && $0 < 0.4 } == true, "\(json.stdout)")
    }
}
