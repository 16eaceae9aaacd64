import Testing
import Foundation
import UIKit
import Stage
@testable import Playback
@testable import Goldens

/// A transition whose animator never calls `completeTransition(_:)` renders (the app would be stuck in it on
/// iOS too), but every tool says so: the plan lists it with a message that names the fix, and goldens refuse it.
@Suite struct UnfinishedTransitions {
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

    @Test func thePlanNamesTheTransitionAndTheFix() throws {
        let plan = try Stage.plan(StuckScene.definition, settings: RenderSettings(scale: 1))
        #expect(plan.transitions.isEmpty)
        let stuck = try #require(plan.unfinished.first)
        #expect(plan.unfinished.count == 1)
        #expect(stuck.label == "present UIViewController")
        #expect(abs(stuck.start - 0.3) < 1e-9)
        #expect(stuck.message == "present UIViewController began at 0.3 s and never completed — call `transitionContext.completeTransition(_:)` when its animations end (and when an interactive one finishes or cancels)")
    }

    @Test func goldensRefuseIt() throws {
        let plan = try Stage.plan(StuckScene.definition, settings: RenderSettings(scale: 1))
        for moments in [SnapshotMoments.transitions(percents: [0, 50, 100]), .times([0.5])] {
            #expect(throws: SnapshotRequestError.self) { try moments.resolve(in: plan, scene: "stuck") }
            do { _ = try moments.resolve(in: plan, scene: "stuck") } catch {
                #expect("\(error)".contains("stuck: present UIViewController began at 0.3 s and never completed"))
            }
        }
    }

    @Test func aSceneMarkLeftOpenNamesItsOwnFix() {
        let (_, unfinished) = Stage.transitions(in: [(0.2, "transition.begin block 1,2 right")])
        #expect(unfinished.first?.message == "block 1,2 right began at 0.2 s and never completed — call `Timeline.current.markTransitionEnd(\"block 1,2 right\", completed:)` when its motion ends")
    }
}
