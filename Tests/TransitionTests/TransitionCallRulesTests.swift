import Testing
import Foundation
import Synchronization
@testable import QuartzCore
@testable import UIKit

// UIKit's call rules for animators and interaction controllers (docs/UIKIT-COMPATIBILITY.md, "Transition
// call rules"), for each common way of writing an animator, on modal, navigation and tab transitions.

/// What an animator saw: its calls, the property animators it made and how many of them completed.
final class RuleLog {
    var animateTransition = 0, interruptibleAnimator = 0, made = 0, completions = 0
    var ended: [Bool] = []
}

/// The ways transition code is commonly written. Each fades the incoming view in over 1 s, linearly.
enum AnimatorStyle: CaseIterable, CustomStringConvertible {
    /// (a) `animateTransition` only, with `UIView.animate`.
    case viewAnimate
    /// (b) one property animator kept for the transition; `animateTransition` starts it.
    case cachedPropertyAnimator
    /// (c) a new property animator on every `interruptibleAnimator(using:)` call; `animateTransition`
    /// starts the one it asked for.
    case freshPropertyAnimator
    var description: String {
        switch self {
        case .viewAnimate: "(a) UIView.animate"
        case .cachedPropertyAnimator: "(b) cached property animator"
        case .freshPropertyAnimator: "(c) fresh property animator per call"
        }
    }
}

final class FadeAnimator: UIViewControllerAnimatedTransitioning {
    let log: RuleLog
    init(log: RuleLog) { self.log = log }
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 1 }
    func animateTransition(using context: UIViewControllerContextTransitioning) {
        log.animateTransition += 1
        let view = Self.prepare(context)
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.alpha = 1 }) { _ in
            self.log.completions += 1
            context.completeTransition(!context.transitionWasCancelled)
        }
    }
    func animationEnded(_ transitionCompleted: Bool) { log.ended.append(transitionCompleted) }

    /// The incoming view, in the container and transparent (once).
    static func prepare(_ context: UIViewControllerContextTransitioning) -> UIView {
        let view = context.view(forKey: .to)!
        if view.superview !== context.containerView {
            context.containerView.addSubview(view)
            view.alpha = 0
        }
        return view
    }

    static func propertyAnimator(_ context: UIViewControllerContextTransitioning, log: RuleLog) -> UIViewPropertyAnimator {
        log.made += 1
        let view = prepare(context)
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.alpha = 1 }
        animator.addCompletion { position in
            log.completions += 1
            context.completeTransition(position == .end)
        }
        return animator
    }
}

final class CachedFadeAnimator: UIViewControllerAnimatedTransitioning {
    let log: RuleLog
    private var animator: UIViewPropertyAnimator?
    init(log: RuleLog) { self.log = log }
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 1 }
    func animateTransition(using context: UIViewControllerContextTransitioning) {
        log.animateTransition += 1
        interruptibleAnimator(using: context).startAnimation()
    }
    func interruptibleAnimator(using context: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
        log.interruptibleAnimator += 1
        if let animator { return animator }
        let made = FadeAnimator.propertyAnimator(context, log: log)
        animator = made
        return made
    }
    func animationEnded(_ transitionCompleted: Bool) { log.ended.append(transitionCompleted); animator = nil }
}

final class FreshFadeAnimator: UIViewControllerAnimatedTransitioning {
    let log: RuleLog
    init(log: RuleLog) { self.log = log }
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 1 }
    func animateTransition(using context: UIViewControllerContextTransitioning) {
        log.animateTransition += 1
        interruptibleAnimator(using: context).startAnimation()
    }
    func interruptibleAnimator(using context: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
        log.interruptibleAnimator += 1
        return FadeAnimator.propertyAnimator(context, log: log)
    }
    func animationEnded(_ transitionCompleted: Bool) { log.ended.append(transitionCompleted) }
}

extension AnimatorStyle {
    func make(_ log: RuleLog) -> UIViewControllerAnimatedTransitioning {
        switch self {
        case .viewAnimate: FadeAnimator(log: log)
        case .cachedPropertyAnimator: CachedFadeAnimator(log: log)
        case .freshPropertyAnimator: FreshFadeAnimator(log: log)
        }
    }
}

/// Vends one animator and interaction controller to any kind of transition.
final class RulesDelegate: UIViewControllerTransitioningDelegate, UINavigationControllerDelegate, UITabBarControllerDelegate {
    var animator: UIViewControllerAnimatedTransitioning?
    var interaction: UIViewControllerInteractiveTransitioning?
    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? { animator }
    func interactionControllerForPresentation(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? { interaction }
    func navigationController(_ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
                              from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? { animator }
    func navigationController(_ navigationController: UINavigationController,
                              interactionControllerFor animationController: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? { interaction }
    func tabBarController(_ tabBarController: UITabBarController, animationControllerForTransitionFrom fromVC: UIViewController,
                          to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? { animator }
    func tabBarController(_ tabBarController: UITabBarController,
                          interactionControllerFor animationController: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? { interaction }
}

/// A modal presentation (custom style), a push, or a tab switch from controller A to controller B.
enum TransitionKind: CaseIterable {
    case present, push, tab

    /// Sets the transition up, starts it with the body's first call of `begin`, and hands the body the
    /// stage, B, and whether B is shown (finished) or A is (cancelled) — as the controllers report it.
    func run(_ delegate: RulesDelegate, _ body: (Stage, _ begin: () -> Void, _ b: UIViewController, _ bIsShown: () -> Bool) -> Void) {
        let a = UIViewController(), b = UIViewController()
        a.view.backgroundColor = .white
        b.view.backgroundColor = .black
        switch self {
        case .present:
            b.modalPresentationStyle = .custom
            b.transitioningDelegate = delegate
            onStage(a) { stage in
                body(stage, { a.present(b, animated: true) }, b, { a.presentedViewController === b })
            }
        case .push:
            let nav = UINavigationController(rootViewController: a)
            nav.delegate = delegate
            onStage(nav) { stage in
                body(stage, { nav.pushViewController(b, animated: true) }, b, { nav.topViewController === b })
            }
        case .tab:
            let tabs = UITabBarController()
            tabs.viewControllers = [a, b]
            tabs.delegate = delegate
            onStage(tabs) { stage in
                body(stage, { tabs.selectedIndex = 1 }, b, {
                    tabs.selectedIndex == 1 && b.view.superview != nil && a.view.superview == nil
                })
            }
        }
        withExtendedLifetime(delegate) {}
    }
}

func transitionEnds(_ stage: Stage) -> [String] { stage.markLabels.filter { $0.hasPrefix("transition.end") } }

@Suite struct TransitionCallRules {
    /// Not interactive: UIKit calls `animateTransition(using:)` once; the transition completes once, on
    /// the animator's clock, whichever way the animator is written.
    @Test(arguments: AnimatorStyle.allCases, TransitionKind.allCases)
    func animatedTransitionRunsOnce(style: AnimatorStyle, kind: TransitionKind) {
        let log = RuleLog(), delegate = RulesDelegate()
        delegate.animator = style.make(log)
        kind.run(delegate) { stage, begin, b, bIsShown in
            begin()
            #expect(log.animateTransition == 1)
            #expect(b.transitionCoordinator != nil)
            stage.run(for: 0.5)
            #expect(abs(b.view.shownAlpha - 0.5) < 1e-6, "one animation runs: half way at half time")
            stage.settle()
            #expect(log.completions == 1 && log.ended == [true])
            #expect(transitionEnds(stage).count == 1)
            #expect(bIsShown() && b.view.alpha == 1)
            #expect(b.transitionCoordinator == nil)
            // (c): UIKit asks for the animator at most once itself (for the alongside animations of
            // a push's bar); the one it gets is never started, so nothing runs or completes twice.
            if style == .freshPropertyAnimator { #expect(log.made <= 2 && log.made == log.interruptibleAnimator) }
        }
    }

    /// Percent-driven and interactive from the start: with an interruptible animator UIKit drives it and
    /// does not call `animateTransition(using:)`; without one it calls it and scrubs its animations.
    @Test(arguments: AnimatorStyle.allCases, TransitionKind.allCases)
    func percentDrivenInteractive(style: AnimatorStyle, kind: TransitionKind) {
        for finishing in [true, false] {
            let log = RuleLog(), delegate = RulesDelegate(), driver = Driver()
            driver.interactiveStart = true
            delegate.animator = style.make(log)
            delegate.interaction = driver
            kind.run(delegate) { stage, begin, b, bIsShown in
                begin()
                #expect(log.animateTransition == (style == .viewAnimate ? 1 : 0))
                #expect(log.interruptibleAnimator == (style == .viewAnimate ? 0 : 1))
                #expect(b.transitionCoordinator?.isInteractive == true)
                #expect(b.transitionCoordinator?.isInterruptible == (style != .viewAnimate))
                stage.run(for: 0.3)
                driver.update(0.4)
                stage.run(for: 0.3)
                #expect(abs(b.view.shownAlpha - 0.4) < 1e-6, "held where the finger put it")
                #expect(b.transitionCoordinator?.percentComplete == 0.4)
                if finishing { driver.finish() } else { driver.cancel() }
                stage.settle()
                #expect(log.completions == 1 && log.ended == [finishing])
                #expect(transitionEnds(stage).count == 1)
                #expect(bIsShown() == finishing)
                #expect(log.interruptibleAnimator <= 1 && log.made <= 1)
            }
        }
    }

    /// `wantsInteractiveStart == false`: the driver starts the transition as if not interactive; a
    /// `pause()` catches it where it is. A fresh-per-call animator still runs as one.
    @Test(arguments: AnimatorStyle.allCases)
    func caughtWhileRunning(style: AnimatorStyle) {
        let log = RuleLog(), delegate = RulesDelegate(), driver = Driver()
        delegate.animator = style.make(log)
        delegate.interaction = driver
        TransitionKind.present.run(delegate) { stage, begin, b, bIsShown in
            begin()
            stage.run(for: 0.25)
            driver.pause()
            #expect(abs(driver.percentComplete - 0.25) < 1e-9)
            stage.run(for: 0.5)
            #expect(abs(b.view.shownAlpha - 0.25) < 1e-6)
            driver.finish()
            stage.settle()
            #expect(log.completions == 1 && log.ended == [true] && bIsShown())
            #expect(log.animateTransition + log.made <= 2 && log.interruptibleAnimator <= 1)
        }
    }

    /// (e) An interaction controller of its own (no percent-driven helper): UIKit calls only
    /// `startInteractiveTransition(_:)`; the controller reports progress and the end through the context,
    /// and the coordinator hears it.
    @Test(arguments: TransitionKind.allCases)
    func customInteractionController(kind: TransitionKind) {
        for finishing in [true, false] {
            let log = RuleLog(), delegate = RulesDelegate(), interaction = HandDriven()
            delegate.animator = FadeAnimator(log: log)
            delegate.interaction = interaction
            kind.run(delegate) { stage, begin, b, bIsShown in
                var changes: [(interactive: Bool, cancelled: Bool)] = []
                var completed: Bool?
                begin()
                #expect(interaction.starts == 1 && log.animateTransition == 0)
                let coordinator = b.transitionCoordinator!
                coordinator.notifyWhenInteractionChanges { changes.append(($0.isInteractive, $0.isCancelled)) }
                coordinator.animate(alongsideTransition: nil, completion: { completed = !$0.isCancelled })
                interaction.drive(0.6)
                #expect(coordinator.isInteractive && coordinator.percentComplete == 0.6)
                #expect(abs(b.view.alpha - 0.6) < 1e-6)
                interaction.end(finishing: finishing)
                #expect(changes.count == 1 && changes[0].interactive == false && changes[0].cancelled == !finishing)
                stage.settle()
                #expect(completed == finishing)
                #expect(bIsShown() == finishing)
                #expect(log.animateTransition == 0 && transitionEnds(stage).count == 1)
            }
        }
    }

    /// (f) completeTransition called twice: the second call is ignored with a warning, as UIKit ignores it.
    @Test(arguments: TransitionKind.allCases)
    func completingTwiceIsIgnored(kind: TransitionKind) {
        final class Warnings: Sendable { let list = Mutex<[String]>([]) }
        let warnings = Warnings()
        let log = RuleLog(), delegate = RulesDelegate()
        delegate.animator = TwiceCompleting(log: log)
        UIKitWarnings.$sink.withValue({ message in warnings.list.withLock { $0.append(message) } }) {
            kind.run(delegate) { stage, begin, b, bIsShown in
                begin()
                stage.settle()
                #expect(bIsShown() && log.ended == [true] && transitionEnds(stage).count == 1)
            }
        }
        let said = warnings.list.withLock { $0 }
        #expect(said.count == 1 && said[0].contains("completeTransition(true) called again"))
    }
}

/// Moves the incoming view's alpha itself and tells the context; ends with a 0.2 s animation.
final class HandDriven: UIViewControllerInteractiveTransitioning {
    var starts = 0
    private var context: UIViewControllerContextTransitioning?
    func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning) {
        starts += 1
        context = transitionContext
        _ = FadeAnimator.prepare(transitionContext)
    }
    func drive(_ p: CGFloat) {
        context?.view(forKey: .to)?.alpha = p
        context?.updateInteractiveTransition(p)
    }
    func end(finishing: Bool) {
        guard let context, let view = context.view(forKey: .to) else { return }
        if finishing { context.finishInteractiveTransition() } else { context.cancelInteractiveTransition() }
        UIView.animate(withDuration: 0.2, animations: { view.alpha = finishing ? 1 : 0 }) { _ in
            context.completeTransition(finishing)
        }
    }
}

/// Calls completeTransition(true) twice in its completion.
final class TwiceCompleting: UIViewControllerAnimatedTransitioning {
    let log: RuleLog
    init(log: RuleLog) { self.log = log }
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.3 }
    func animateTransition(using context: UIViewControllerContextTransitioning) {
        let view = FadeAnimator.prepare(context)
        UIView.animate(withDuration: 0.3, animations: { view.alpha = 1 }) { _ in
            context.completeTransition(true)
            context.completeTransition(true)
        }
    }
    func animationEnded(_ transitionCompleted: Bool) { log.ended.append(transitionCompleted) }
}
