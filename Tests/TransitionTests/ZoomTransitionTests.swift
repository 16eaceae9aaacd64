import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit

/// A grid-like source screen: one 120 pt thumbnail with rounded corners at (40, 300).
final class ZoomSourceViewController: UIViewController {
    let thumbnail = UIView(frame: CGRect(x: 40, y: 300, width: 120, height: 120))
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        thumbnail.backgroundColor = .red
        thumbnail.layer.cornerRadius = 12
        view.addSubview(thumbnail)
    }
}

/// Builds a zoomed controller whose provider counts its calls and returns `source()`.
final class ZoomProbe {
    var calls: [(source: UIViewController, zoomed: UIViewController)] = []
    let zoomed: UIViewController
    init(zoomed: UIViewController = UIViewController(), options: UIViewController.Transition.ZoomOptions? = nil,
         source: @escaping () -> UIView?) {
        self.zoomed = zoomed
        zoomed.preferredTransition = .zoom(options: options) { [unowned self] context in
            self.calls.append((context.sourceViewController, context.zoomedViewController))
            return source()
        }
    }
}

extension Stage {
    /// One finger down at `start`, moved by `offset` in `steps` moves 1/60 s apart, lifted after a last
    /// move of `last` (its direction sets the release velocity).
    func drag(from start: CGPoint, by offset: CGVector, steps: Int = 20, last: CGVector = .zero) {
        window.sendTouch(finger: 0, phase: .began, at: start)
        var point = start
        for i in 1...steps {
            run(for: 1.0 / 60)
            point = CGPoint(x: start.x + offset.dx * CGFloat(i) / CGFloat(steps), y: start.y + offset.dy * CGFloat(i) / CGFloat(steps))
            window.sendTouch(finger: 0, phase: .moved, at: point)
        }
        for _ in 0..<3 {
            run(for: 1.0 / 60)
            point = CGPoint(x: point.x + last.dx, y: point.y + last.dy)
            window.sendTouch(finger: 0, phase: .moved, at: point)
        }
        window.sendTouch(finger: 0, phase: .ended, at: point)
    }
}

@Suite struct ZoomGeometryTests {
    let geometry = ZoomGeometry(zoomed: CGRect(x: 0, y: 0, width: 400, height: 800),
                                source: CGRect(x: 40, y: 300, width: 120, height: 120),
                                alignment: CGRect(x: 0, y: 250, width: 400, height: 300),
                                sourceCornerRadius: 12, displayCornerRadius: 55)

    @Test func zoomedOutTheAlignmentRectFillsTheSourceCentredOnIt() {
        let f = geometry.frame(at: 0)
        // Aspect-fill: 120/300 beats 120/400.
        #expect(f.contentScale == 0.4)
        #expect(f.clip == CGRect(x: 40, y: 300, width: 120, height: 120))
        #expect(f.cornerRadius == 12)
        // The alignment rect's centre (200, 400) is the view's centre: it lands on the source's centre.
        #expect(f.contentCenter == CGPoint(x: 100, y: 360))
        #expect(f.dimming == 0 && f.alpha == 1)
    }

    @Test func anOffCentreAlignmentRectStillLandsOnTheSource() {
        let g = ZoomGeometry(zoomed: CGRect(x: 0, y: 0, width: 400, height: 800), source: CGRect(x: 40, y: 300, width: 120, height: 120),
                             alignment: CGRect(x: 0, y: 100, width: 400, height: 300), sourceCornerRadius: 0, displayCornerRadius: 55)
        let f = g.collapsed
        // The rect's centre (200, 250) is 150 pt above the view's centre: scaled by 0.4, 60 pt.
        #expect(f.contentCenter == CGPoint(x: 100, y: 360 + 60))
    }

    @Test func halfWayEveryValueIsHalfWay() {
        let f = geometry.frame(at: 0.5)
        #expect(f.clip == CGRect(x: 20, y: 150, width: 260, height: 460))
        #expect(f.cornerRadius == 33.5)
        #expect(f.contentScale == 0.7)
        #expect(f.contentCenter == CGPoint(x: 150, y: 380))
        #expect(f.dimming == 0.5)
        // The content stays registered with its clip: the alignment rect's centre at the clip's centre.
        #expect(abs(f.contentCenter.x - f.clip.midX) < 1e-9)
    }

    @Test func zoomedInTheViewFillsItsFrameWithTheDisplaysCorners() {
        let f = geometry.frame(at: 1)
        #expect(f.clip == CGRect(x: 0, y: 0, width: 400, height: 800))
        #expect(f.contentScale == 1 && f.contentCenter == CGPoint(x: 200, y: 400))
        #expect(f.cornerRadius == 55 && f.dimming == 1)
    }

    @Test func withoutASourceTheViewGrowsFromHalfSizeAtItsCentreAndFades() {
        let g = ZoomGeometry(zoomed: CGRect(x: 0, y: 0, width: 400, height: 800), source: nil, alignment: nil,
                             sourceCornerRadius: 0, displayCornerRadius: 55)
        let f = g.collapsed
        #expect(f.clip == CGRect(x: 100, y: 200, width: 200, height: 400))
        #expect(f.contentScale == 0.5 && f.alpha == 0)
        // A degenerate source or alignment rect counts as none.
        let empty = ZoomGeometry(zoomed: g.zoomed, source: .zero, alignment: .null, sourceCornerRadius: 0, displayCornerRadius: 55)
        #expect(empty.source == nil && empty.alignment == CGRect(x: 0, y: 0, width: 400, height: 800))
    }

    @Test func theFingersPointStaysUnderTheFinger() {
        let anchor = CGPoint(x: 100, y: 200)
        let f = geometry.interactive(translation: CGVector(dx: 10, dy: 150), scale: 0.8, anchor: anchor)
        // The view's point under the finger: (100, 200) in the view maps to anchor + translation.
        let mapped = CGPoint(x: f.contentCenter.x + 0.8 * (100 - 200), y: f.contentCenter.y + 0.8 * (200 - 400))
        #expect(abs(mapped.x - 110) < 1e-9 && abs(mapped.y - 350) < 1e-9)
        #expect(f.clip.size == CGSize(width: 320, height: 640))
        #expect(f.cornerRadius == 55)
        #expect(abs(f.dimming - 0.6) < 1e-9)
    }

    @Test func dragsShrinkTheViewEverMoreSlowly() {
        #expect(ZoomGeometry.dragScale(distance: 0) == 1)
        #expect(ZoomGeometry.dragScale(distance: 400) == 0.75)
        #expect(ZoomGeometry.dragScale(distance: 100) > ZoomGeometry.dragScale(distance: 200))
        #expect(ZoomGeometry.dragScale(distance: 100_000) > 0.5)
        #expect(ZoomGeometry.pinchScale(1.6) == 1.2)
        #expect(ZoomGeometry.pinchScale(0.05) == 0.2)
    }

    @Test func displayCornersFollowTheScreen() {
        #expect(ZoomGeometry.displayCornerRadius(forScreen: CGSize(width: 393, height: 852)) == 55)
        #expect(ZoomGeometry.displayCornerRadius(forScreen: CGSize(width: 375, height: 667)) == 0)
        #expect(ZoomGeometry.displayCornerRadius(forScreen: CGSize(width: 956, height: 440)) == 62)
    }

    @Test func releaseDecisions() {
        // A downward fling finishes even after a short drag; moving back up cancels even after a long one.
        #expect(ZoomInteractiveDismissal.panFinishes(translation: CGVector(dx: 0, dy: 20), velocity: CGVector(dx: 0, dy: 900), edgeSwipe: false))
        #expect(!ZoomInteractiveDismissal.panFinishes(translation: CGVector(dx: 0, dy: 300), velocity: CGVector(dx: 0, dy: -300), edgeSwipe: false))
        // Held still: by distance.
        #expect(ZoomInteractiveDismissal.panFinishes(translation: CGVector(dx: 0, dy: 150), velocity: .zero, edgeSwipe: false))
        #expect(!ZoomInteractiveDismissal.panFinishes(translation: CGVector(dx: 0, dy: 60), velocity: .zero, edgeSwipe: false))
        // The edge swipe decides along x.
        #expect(ZoomInteractiveDismissal.panFinishes(translation: CGVector(dx: 40, dy: 0), velocity: CGVector(dx: 800, dy: 0), edgeSwipe: true))
        #expect(ZoomInteractiveDismissal.pinchFinishes(scale: 0.95, velocity: -1))
        #expect(!ZoomInteractiveDismissal.pinchFinishes(scale: 0.6, velocity: 0.5))
        #expect(ZoomInteractiveDismissal.pinchFinishes(scale: 0.7, velocity: 0))
    }
}

@Suite struct PreferredTransitionTests {
    @Test func theModalStylesRouteToTheirAnimators() {
        let vc = UIViewController()
        #expect(vc.preferredTransition == nil && vc.effectiveModalTransitionStyle == .coverVertical)
        vc.preferredTransition = .crossDissolve
        #expect(vc.effectiveModalTransitionStyle == .crossDissolve)
        #expect(systemModalAnimator(for: vc, presenting: true) is ModalCrossDissolveAnimator)
        vc.preferredTransition = .flipHorizontal
        #expect(vc.effectiveModalTransitionStyle == .flipHorizontal)
        #expect(systemModalAnimator(for: vc, presenting: true) is ModalFlipAnimator)
        vc.preferredTransition = .partialCurl
        #expect(vc.effectiveModalTransitionStyle == .partialCurl)
        #expect(systemModalAnimator(for: vc, presenting: true) is ModalCurlAnimator)
        vc.modalTransitionStyle = .crossDissolve
        vc.preferredTransition = .coverVertical
        #expect(vc.effectiveModalTransitionStyle == .coverVertical)
    }

    @Test func optionsAreCopiedWhenTheTransitionIsMade() {
        let options = UIViewController.Transition.ZoomOptions()
        options.dimmingColor = .red
        let transition = UIViewController.Transition.zoom(options: options) { _ in nil }
        options.dimmingColor = .blue
        #expect(transition.zoomOptions.dimmingColor == .red)
        #expect(transition.isZoom && transition.modalTransitionStyle == nil)
    }

    @Test func aZoomPresentationLeftToTheSystemCoversTheScreen() {
        let vc = UIViewController()
        vc.preferredTransition = .zoom { _ in nil }
        #expect(vc.effectiveModalPresentationStyle == .fullScreen)
        vc.modalPresentationStyle = .overFullScreen
        #expect(vc.effectiveModalPresentationStyle == .overFullScreen)
    }
}

@Suite struct ZoomPushTests {
    @Test func aPushZoomsOutOfTheSourceWhichHidesUntilItEnds() {
        let log = CallLog()
        let a = ZoomSourceViewController()
        let nav = UINavigationController(rootViewController: a)
        let b = LoggedViewController("B", log: log)
        let probe = ZoomProbe(zoomed: b) { a.thumbnail }
        onStage(nav) { stage in
            nav.pushViewController(b, animated: true)
            #expect(probe.calls.count == 1)
            #expect(probe.calls.first?.source === a && probe.calls.first?.zoomed === b)
            stage.run(for: 0.1)
            #expect(a.thumbnail.isHidden)
            // Mid-flight the pushed view is inside the zoom's clip, scaled down, not in the container.
            #expect(b.view.superview?.clipsToBounds == true)
            let clip = b.view.superview!.layer.presentation()!
            #expect(clip.bounds.width < 393 && clip.bounds.width > 120)
            stage.settle()
            #expect(!a.thumbnail.isHidden)
            #expect(nav.topViewController === b)
            #expect(b.view.transform == .identity && b.view.frame == nav.view.bounds)
            #expect(b.view.superview?.clipsToBounds == false)
            #expect(log.lines.filter { $0.hasPrefix("B.viewWill") || $0.hasPrefix("B.viewDid") && !$0.hasPrefix("B.viewDidLoad") } == ["B.viewWillAppear", "B.viewDidAppear"])
            // The back button's pop zooms back in, asking the provider again.
            nav.popViewController(animated: true)
            #expect(probe.calls.count == 2)
            stage.run(for: 0.1)
            #expect(a.thumbnail.isHidden)
            stage.settle()
            #expect(!a.thumbnail.isHidden)
            #expect(nav.viewControllers == [a])
            #expect(b.view.superview == nil)
            #expect(log.lines.filter { $0.hasPrefix("B.viewWill") || $0.hasPrefix("B.viewDid") && !$0.hasPrefix("B.viewDidLoad") }.suffix(2) == ["B.viewWillDisappear", "B.viewDidDisappear"])
        }
    }

    @Test func theOptionsDimBlurAndAlign() {
        let a = ZoomSourceViewController()
        let nav = UINavigationController(rootViewController: a)
        let options = UIViewController.Transition.ZoomOptions()
        options.dimmingColor = .red
        options.dimmingVisualEffect = UIBlurEffect(style: .dark)
        var aligned: [(UIView, UIViewController)] = []
        options.alignmentRectProvider = { context in
            aligned.append((context.sourceView, context.zoomedViewController))
            return CGRect(x: 0, y: 300, width: 393, height: 240)
        }
        let probe = ZoomProbe(options: options) { a.thumbnail }
        onStage(nav) { stage in
            nav.pushViewController(probe.zoomed, animated: true)
            #expect(aligned.count == 1 && aligned.first?.0 === a.thumbnail && aligned.first?.1 === probe.zoomed)
            let overlay = try! #require(probe.zoomed.view.superview?.superview)
            #expect(overlay.subviews.first?.backgroundColor == .red)
            #expect(overlay.subviews.contains { $0 is UIVisualEffectView })
            // Zoomed out, the 393 × 240 alignment rect covers the 120 pt thumbnail: scale 0.5.
            #expect(abs(probe.zoomed.view.layer.presentation()!.transform.m11 - 0.5) < 0.05)
            stage.settle()
            #expect(overlay.superview == nil)
        }
    }

    @Test func aMissingSourceFallsBackToAFadeFromTheCentre() {
        let a = ZoomSourceViewController()
        let nav = UINavigationController(rootViewController: a)
        let probe = ZoomProbe { nil }
        onStage(nav) { stage in
            nav.pushViewController(probe.zoomed, animated: true)
            stage.run(for: 0.05)
            let clip = probe.zoomed.view.superview!.layer.presentation()!
            #expect(clip.opacity < 1 && clip.opacity > 0)
            // Centred on the screen.
            #expect(abs(clip.position.x - 393 / 2) < 0.5 && abs(clip.position.y - 852 / 2) < 0.5)
            stage.settle()
            #expect(nav.topViewController === probe.zoomed && probe.zoomed.view.alpha == 1)
        }
    }

    @Test func aDelegateAnimatorWinsOverTheZoom() {
        let a = UIViewController(), b = UIViewController()
        let nav = UINavigationController(rootViewController: a)
        let delegate = OwnPopDelegate()
        nav.delegate = delegate
        let probe = ZoomProbe(zoomed: b) { nil }
        onStage(nav) { stage in
            nav.pushViewController(b, animated: false)
            stage.settle()
            nav.popViewController(animated: true)
            stage.settle()
            #expect(probe.calls.isEmpty)
            #expect(nav.viewControllers == [a])
        }
        withExtendedLifetime(delegate) {}
    }
}

/// Logs the adaptive delegate's dismissal calls.
final class DismissalLog: UIAdaptivePresentationControllerDelegate {
    let log: CallLog
    init(_ log: CallLog) { self.log = log }
    func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool { log("shouldDismiss"); return true }
    func presentationControllerWillDismiss(_ presentationController: UIPresentationController) { log("willDismiss") }
    func presentationControllerDidDismiss(_ presentationController: UIPresentationController) { log("didDismiss") }
    func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) { log("didAttemptToDismiss") }
}

@Suite struct ZoomInteractiveDismissalTests {
    /// Pushes `b` with the zoom and waits until it is shown (its dismissal gestures installed).
    private func pushed(_ body: @escaping (Stage, UINavigationController, ZoomSourceViewController, LoggedViewController, ZoomProbe, CallLog) -> Void,
                        options: UIViewController.Transition.ZoomOptions? = nil) {
        let log = CallLog()
        let a = ZoomSourceViewController()
        let nav = UINavigationController(rootViewController: a)
        let b = LoggedViewController("B", log: log)
        let probe = ZoomProbe(zoomed: b, options: options) { a.thumbnail }
        onStage(nav) { stage in
            nav.pushViewController(b, animated: true)
            stage.settle()
            log.clear()
            body(stage, nav, a, b, probe, log)
        }
    }

    @Test func aShortDragThatTurnsBackSpringsBack() {
        pushed { stage, nav, a, b, probe, log in
            stage.drag(from: CGPoint(x: 200, y: 400), by: CGVector(dx: 0, dy: 120), last: CGVector(dx: 0, dy: -8))
            #expect(stage.markLabels.contains { $0.hasPrefix("transition.begin pop") })
            stage.settle()
            #expect(nav.viewControllers == [a, b])
            #expect(b.view.transform == .identity && b.view.frame == nav.view.bounds)
            #expect(!a.thumbnail.isHidden)
            #expect(log.lines.filter { $0.hasPrefix("B.viewWill") || $0.hasPrefix("B.viewDid") && !$0.hasPrefix("B.viewDidLoad") } == ["B.viewWillDisappear", "B.viewWillAppear", "B.viewDidAppear"])
            #expect(nav.navigationBar.topItem === b.navigationItem)
        }
    }

    @Test func aLongDragDownFinishesIntoTheSource() {
        pushed { stage, nav, a, b, probe, log in
            let asked = probe.calls.count
            stage.drag(from: CGPoint(x: 200, y: 400), by: CGVector(dx: 20, dy: 260), last: CGVector(dx: 0, dy: 12))
            // Asked at the start and again on release.
            #expect(probe.calls.count == asked + 2)
            // Shrinking with the finger: scaled below 1 while the finger held it; hidden source.
            stage.run(for: 0.05)
            #expect(a.thumbnail.isHidden)
            stage.settle()
            #expect(nav.viewControllers == [a])
            #expect(!a.thumbnail.isHidden)
            #expect(log.lines.filter { $0.hasPrefix("B.viewWill") || $0.hasPrefix("B.viewDid") && !$0.hasPrefix("B.viewDidLoad") } == ["B.viewWillDisappear", "B.viewDidDisappear"])
        }
    }

    @Test func theViewFollowsTheFingerAndShrinks() {
        pushed { stage, nav, a, b, probe, log in
            stage.window.sendTouch(finger: 0, phase: .began, at: CGPoint(x: 200, y: 400))
            for i in 1...10 {
                stage.run(for: 1.0 / 60)
                stage.window.sendTouch(finger: 0, phase: .moved, at: CGPoint(x: 200, y: 400 + CGFloat(i) * 20))
            }
            let clip = try! #require(b.view.superview)
            #expect(clip.frame.width < 393 * 0.9)
            #expect(clip.layer.cornerRadius == 55)
            // The point the finger came down on is still under it (up to the pan's slop).
            let under = b.view.convert(CGPoint(x: 200, y: 400), to: nil)
            #expect(abs(under.x - 200) < 1 && abs(under.y - 600) < 12)
            stage.window.sendTouch(finger: 0, phase: .ended, at: CGPoint(x: 200, y: 600))
            stage.settle()
            #expect(nav.viewControllers == [a])
        }
    }

    @Test func theLeftEdgeSwipeDismissesAPushedZoomAndTheSystemSwipeStandsAside() {
        pushed { stage, nav, a, b, probe, log in
            #expect(!nav.systemSwipeCanPop)
            stage.edgeSwipe(toX: 250, steps: 20)
            stage.settle()
            #expect(nav.viewControllers == [a])
            #expect(stage.markLabels.filter { $0.hasPrefix("transition.begin pop") }.count == 1)
        }
    }

    @Test func interactiveDismissShouldBeginGatesTheGesture() {
        let options = UIViewController.Transition.ZoomOptions()
        var asked: [UIViewController.Transition.ZoomOptions.InteractionContext] = []
        options.interactiveDismissShouldBegin = { context in asked.append(context); return false }
        pushed({ stage, nav, a, b, probe, log in
            stage.drag(from: CGPoint(x: 200, y: 400), by: CGVector(dx: 0, dy: 260), last: CGVector(dx: 0, dy: 12))
            stage.settle()
            #expect(asked.count == 1 && asked.first?.willBegin == true)
            #expect(nav.viewControllers == [a, b])
            #expect(!stage.markLabels.contains { $0.hasPrefix("transition.begin pop") })
        }, options: options)
    }

    @Test func droppingTheTransitionTurnsTheGesturesOff() {
        pushed { stage, nav, a, b, probe, log in
            b.preferredTransition = nil
            stage.drag(from: CGPoint(x: 200, y: 400), by: CGVector(dx: 0, dy: 260), last: CGVector(dx: 0, dy: 12))
            stage.settle()
            #expect(nav.viewControllers == [a, b])
            // The system's edge swipe is back.
            #expect(nav.systemSwipeCanPop)
        }
    }

    @Test func anUpwardDragDoesNotBeginOnItsOwn() {
        pushed { stage, nav, a, b, probe, log in
            stage.drag(from: CGPoint(x: 200, y: 600), by: CGVector(dx: 0, dy: -200))
            stage.settle()
            #expect(nav.viewControllers == [a, b])
        }
    }

    @Test func aSwipedPresentationIsAUserDismissal() {
        for modal in [false, true] {
            let log = CallLog()
            let a = ZoomSourceViewController()
            let probe = ZoomProbe { a.thumbnail }
            let delegate = DismissalLog(log)
            probe.zoomed.isModalInPresentation = modal
            onStage(a) { stage in
                a.present(probe.zoomed, animated: true)
                stage.settle()
                probe.zoomed.presentationController?.delegate = delegate
                stage.drag(from: CGPoint(x: 200, y: 400), by: CGVector(dx: 0, dy: 300), last: CGVector(dx: 0, dy: 12))
                stage.settle()
                if modal {
                    // Refused: the view stays, and the delegate hears of the attempt.
                    #expect(log.lines == ["didAttemptToDismiss"])
                    #expect(a.presentedViewController === probe.zoomed)
                } else {
                    #expect(log.lines == ["shouldDismiss", "willDismiss", "didDismiss"])
                    #expect(a.presentedViewController == nil)
                }
            }
        }
    }

    @Test func thePinchDismissesAPresentation() {
        let a = ZoomSourceViewController()
        let probe = ZoomProbe { a.thumbnail }
        onStage(a) { stage in
            a.present(probe.zoomed, animated: true)
            #expect(probe.zoomed.presentationController?.presentationStyle == .fullScreen)
            stage.settle()
            #expect(a.presentedViewController === probe.zoomed)
            // Two fingers close from 300 pt apart to 120.
            let c = CGPoint(x: 200, y: 400)
            stage.window.sendTouch(finger: 0, phase: .began, at: CGPoint(x: c.x - 150, y: c.y))
            stage.window.sendTouch(finger: 1, phase: .began, at: CGPoint(x: c.x + 150, y: c.y))
            for i in 1...20 {
                stage.run(for: 1.0 / 60)
                let half = 150 - CGFloat(i) * 4.5
                stage.window.sendTouch(finger: 0, phase: .moved, at: CGPoint(x: c.x - half, y: c.y))
                stage.window.sendTouch(finger: 1, phase: .moved, at: CGPoint(x: c.x + half, y: c.y))
            }
            #expect(stage.markLabels.contains { $0.hasPrefix("transition.begin dismiss") })
            stage.window.sendTouch(finger: 0, phase: .ended, at: CGPoint(x: c.x - 60, y: c.y))
            stage.window.sendTouch(finger: 1, phase: .ended, at: CGPoint(x: c.x + 60, y: c.y))
            stage.settle()
            #expect(a.presentedViewController == nil)
            #expect(a.view.window != nil && !a.thumbnail.isHidden)
        }
    }
}
