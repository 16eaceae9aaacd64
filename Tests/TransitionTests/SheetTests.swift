import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit

// Sheets (issue #26): UISheetPresentationController's detents as Apple documents them, the sheet's look
// (the presenter pushed back, the dimming, the light status bar), the drag physics and the user-dismissal
// delegate order for every path of a swipe.

/// A sheet delegate that logs the adaptive calls and the detent changes.
final class SheetDelegate: NSObject, UISheetPresentationControllerDelegate {
    let log: CallLog
    var shouldDismiss = true
    init(log: CallLog) { self.log = log }
    func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool {
        log("shouldDismiss"); return shouldDismiss
    }
    func presentationControllerWillDismiss(_ presentationController: UIPresentationController) { log("willDismiss") }
    func presentationControllerDidDismiss(_ presentationController: UIPresentationController) { log("didDismiss") }
    func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) { log("didAttemptToDismiss") }
    func sheetPresentationControllerDidChangeSelectedDetentIdentifier(_ sheet: UISheetPresentationController) {
        log("didChangeDetent(\(sheet.selectedDetentIdentifier?.rawValue ?? "nil"))")
    }
}

extension Stage {
    /// A finger down at `start`, moved by `steps` (one 1/60 s apart, each a vertical move in points), lifted.
    func drag(from start: CGPoint, steps: [CGFloat]) {
        var point = start
        window.sendTouch(finger: 0, phase: .began, at: point)
        for dy in steps {
            run(for: 1.0 / 60)
            point.y += dy
            window.sendTouch(finger: 0, phase: .moved, at: point)
        }
        window.sendTouch(finger: 0, phase: .ended, at: point)
    }
    /// A flick: `distance` in 6 fast moves.
    func flick(from start: CGPoint, by distance: CGFloat) {
        drag(from: start, steps: Array(repeating: distance / 6, count: 6))
    }
}

@Suite struct SheetPhysicsTests {
    /// UIScrollView's rubber band: 0 at 0, always less than the pull, never beyond the dimension, growing
    /// with the pull, mirrored for negative pulls; (1 − 1/1.55)·d for a pull of d.
    @Test func rubberBand() {
        let d: CGFloat = 800
        #expect(SheetPhysics.rubberBand(0, dimension: d) == 0)
        var last: CGFloat = 0
        for pull in stride(from: 10.0, through: 4000, by: 10) {
            let banded = SheetPhysics.rubberBand(pull, dimension: d)
            #expect(banded < pull && banded < d && banded > last)
            last = banded
        }
        #expect(abs(SheetPhysics.rubberBand(d, dimension: d) - (1 - 1 / 1.55) * d) < 1e-9)
        #expect(SheetPhysics.rubberBand(-100, dimension: d) == -SheetPhysics.rubberBand(100, dimension: d))
    }

    /// Free between the largest detent and the lowest allowed top, banded beyond either.
    @Test func displayedTop() {
        #expect(SheetPhysics.displayedTop(proposed: 300, highest: 69, lowest: 852, dimension: 852) == 300)
        let above = SheetPhysics.displayedTop(proposed: 19, highest: 69, lowest: 852, dimension: 852)
        #expect(above < 69 && above > 19)
        let refused = SheetPhysics.displayedTop(proposed: 269, highest: 69, lowest: 69, dimension: 852)
        #expect(refused > 69 && refused < 269)
    }

    /// The release picks the resting place nearest the top projected with the scroll view's normal
    /// deceleration (0.998: 0.499 s of velocity): slow near the top stays, past half way goes, a flick goes,
    /// a flick up from past half way comes back; without dismissal it is always a detent.
    @Test func releaseDecisions() {
        let tops: [CGFloat] = [69], bottom: CGFloat = 852
        #expect(abs(SheetPhysics.projectedTop(100, velocity: 1000) - 599) < 1e-9)
        #expect(SheetPhysics.target(top: 200, velocity: 0, detentTops: tops, dismissedTop: bottom) == .detent(0))
        #expect(SheetPhysics.target(top: 470, velocity: 0, detentTops: tops, dismissedTop: bottom) == .dismiss)
        #expect(SheetPhysics.target(top: 150, velocity: 1500, detentTops: tops, dismissedTop: bottom) == .dismiss)
        #expect(SheetPhysics.target(top: 500, velocity: -800, detentTops: tops, dismissedTop: bottom) == .detent(0))
        #expect(SheetPhysics.target(top: 800, velocity: 3000, detentTops: tops, dismissedTop: nil) == .detent(0))
        // Two detents (large first): a slow release between them goes to the nearer, a flick up to large.
        let two: [CGFloat] = [69, 443]
        #expect(SheetPhysics.target(top: 300, velocity: 0, detentTops: two, dismissedTop: bottom) == .detent(1))
        #expect(SheetPhysics.target(top: 300, velocity: -600, detentTops: two, dismissedTop: bottom) == .detent(0))
    }
}

@Suite struct SheetDetentTests {
    func presented(_ configure: (UISheetPresentationController) -> Void = { _ in },
                   _ body: (Stage, UIViewController, UISheetPresentationController) -> Void) {
        let root = UIViewController()
        onStage(root) { stage in
            let sheet = UIViewController()
            let controller = try! #require(sheet.sheetPresentationController)
            configure(controller)
            root.present(sheet, animated: false)
            stage.settle()
            body(stage, sheet, controller)
        }
    }

    /// `.automatic` gives a sheet presentation controller (before presenting, as apps configure it), with
    /// one large detent: from 10 pt below the top safe area to the bottom, top corners rounded.
    @Test func defaultSheetIsLarge() {
        #expect(UIViewController().sheetPresentationController != nil)
        let full = UIViewController()
        full.modalPresentationStyle = .fullScreen
        #expect(full.sheetPresentationController == nil)
        presented { stage, sheet, controller in
            let insets = stage.window.safeAreaInsets, height = stage.window.bounds.height
            #expect(controller.detents.map(\.identifier) == [.large])
            #expect(controller.presentationStyle == .pageSheet)
            #expect(sheet.view.frame == CGRect(x: 0, y: insets.top + 10, width: stage.window.bounds.width, height: height - insets.top - 10))
            #expect(sheet.view.layer.cornerRadius == 10 && sheet.view.layer.maskedCorners == [.layerMinXMinYCorner, .layerMaxXMinYCorner])
        }
    }

    /// A detent's value is a height inside the sheet's safe area: the sheet is that plus the bottom inset
    /// tall. The resolver gets the container's traits and the maximum (the large detent's value); medium is
    /// half of it. Nothing selected, or an unknown identifier: the smallest detent (Apple's header).
    @Test func detentResolution() {
        var seen: [(CGFloat, UIUserInterfaceSizeClass)] = []
        let small = UISheetPresentationController.Detent.Identifier("small")
        presented({ controller in
            controller.detents = [
                .custom(identifier: small) { context in
                    seen.append((context.maximumDetentValue, context.containerTraitCollection.horizontalSizeClass))
                    return 200
                },
                .medium(), .large(),
            ]
        }) { stage, sheet, controller in
            let insets = stage.window.safeAreaInsets, height = stage.window.bounds.height
            let maximum = height - insets.top - 10 - insets.bottom
            #expect(seen.first?.0 == maximum && seen.first?.1 == .compact)
            #expect(sheet.view.frame.height == 200 + insets.bottom, "nil selected: the smallest detent")
            controller.selectedDetentIdentifier = .medium
            stage.window.layoutIfNeeded()
            #expect(sheet.view.frame.height == (maximum / 2).rounded() + insets.bottom)
            controller.selectedDetentIdentifier = UISheetPresentationController.Detent.Identifier("nowhere")
            stage.window.layoutIfNeeded()
            #expect(sheet.view.frame.height == 200 + insets.bottom)
            let context = SheetDetentResolutionContext(containerTraitCollection: stage.window.traitCollection, maximumDetentValue: 700)
            #expect(UISheetPresentationController.Detent.large().resolvedValue(in: context) == 700)
            #expect(UISheetPresentationController.Detent.medium().resolvedValue(in: context) == 350)
        }
    }

    /// A custom detent answering nil is inactive (skipped); `detents = []` is refused with a warning.
    @Test func inactiveAndEmptyDetents() {
        presented({ controller in
            controller.detents = [.custom { _ in nil }, .medium()]
        }) { stage, sheet, controller in
            let insets = stage.window.safeAreaInsets
            let maximum = stage.window.bounds.height - insets.top - 10 - insets.bottom
            #expect(sheet.view.frame.height == (maximum / 2).rounded() + insets.bottom)
            UIKitWarnings.$sink.withValue({ _ in }) { controller.detents = [] }
            #expect(controller.detents.count == 2)
        }
    }

    /// `animateChanges` moves the sheet on a spring: in flight it is between the two detents, then at the new
    /// one; the delegate is not told (only a user's drag tells it).
    @Test func animateChangesMovesOnTheSpring() {
        let log = CallLog()
        let delegate = SheetDelegate(log: log)
        presented({ controller in
            controller.detents = [.medium(), .large()]
            controller.delegate = delegate
        }) { stage, sheet, controller in
            let mediumTop = sheet.view.frame.minY
            controller.animateChanges { controller.selectedDetentIdentifier = .large }
            let largeTop = stage.window.safeAreaInsets.top + 10
            #expect(sheet.view.frame.minY == largeTop, "laid out by the time animateChanges returns")
            stage.run(for: 0.1)
            let shown = sheet.view.shownFrame.minY
            #expect(shown < mediumTop - 20 && shown > largeTop + 5)
            stage.settle()
            #expect(sheet.view.shownFrame.minY == largeTop)
            #expect(log.lines.isEmpty)
        }
    }
}

@Suite struct SheetLookTests {
    /// At the large detent the presenter's live view recedes into a card: scaled by 1 − 20/width with its
    /// top at the top safe area, corners rounded, a black backdrop behind it, dimmed; the status bar turns
    /// light. The dismissal puts everything back.
    @Test func presenterRecedes() {
        let root = UIViewController()
        onStage(root) { stage in
            let sheet = UIViewController()
            root.present(sheet, animated: true)
            stage.settle()
            let width = stage.window.bounds.width
            let transform = root.view.transform
            #expect(abs(transform.a - (1 - 20 / width)) < 1e-9)
            #expect(abs(root.view.frame.minY - stage.window.safeAreaInsets.top) < 1e-6)
            #expect(root.view.layer.cornerRadius == 10)
            let controller = sheet.sheetPresentationController!
            #expect(controller.chrome.dimming.alpha == 1 && controller.chrome.dimming.superview === controller.containerView)
            #expect(stage.window.statusBarStyle == .lightContent)
            #expect(stage.window.subviews.first?.backgroundColor == .black)
            sheet.dismiss(animated: true)
            stage.settle()
            #expect(root.view.transform == .identity && root.view.layer.cornerRadius == 0)
            #expect(stage.window.statusBarStyle == .default)
            #expect(stage.window.subviews.count == 1)
        }
    }

    /// At the medium detent nothing recedes (the presenter is only dimmed); at or below the largest undimmed
    /// detent nothing is dimmed either, and a touch outside the sheet reaches the presenter.
    @Test func mediumAndUndimmed() {
        let root = UIViewController()
        let button = UIView(frame: CGRect(x: 0, y: 100, width: 200, height: 100))
        root.view.addSubview(button)
        onStage(root) { stage in
            let sheet = UIViewController()
            sheet.sheetPresentationController!.detents = [.medium(), .large()]
            root.present(sheet, animated: false)
            stage.settle()
            let controller = sheet.sheetPresentationController!
            #expect(root.view.transform == .identity)
            #expect(controller.chrome.dimming.alpha == 1)
            #expect(stage.window.hitTest(CGPoint(x: 50, y: 150), with: nil) === controller.chrome.dimming)
            controller.largestUndimmedDetentIdentifier = .medium
            stage.window.layoutIfNeeded()
            #expect(controller.chrome.dimming.alpha == 0)
            #expect(stage.window.hitTest(CGPoint(x: 50, y: 150), with: nil) === button)
            #expect(stage.window.statusBarStyle == .default)
        }
    }

    /// A second sheet over the first: the first sheet recedes (scaled, moved up to the top safe area); the
    /// presenter stays pushed back.
    @Test func stackedSheets() {
        let root = UIViewController()
        onStage(root) { stage in
            let first = UIViewController(), second = UIViewController()
            root.present(first, animated: true)
            stage.settle()
            let rootTransform = root.view.transform
            first.present(second, animated: true)
            stage.settle()
            #expect(first.view.transform.a < 1)
            #expect(abs(first.view.frame.minY - stage.window.safeAreaInsets.top) < 1e-6)
            #expect(root.view.transform == rootTransform)
            #expect(second.view.frame.minY == stage.window.safeAreaInsets.top + 10)
            second.dismiss(animated: true)
            stage.settle()
            #expect(first.view.transform == .identity)
        }
    }

    /// A sheet that captures the status bar's appearance decides its style even while the presenter is
    /// pushed back.
    @Test func capturingSheetDecidesTheStatusBar() {
        final class DarkContent: UIViewController {
            override var preferredStatusBarStyle: UIStatusBarStyle { .darkContent }
        }
        let root = UIViewController()
        onStage(root) { stage in
            let sheet = DarkContent()
            sheet.modalPresentationCapturesStatusBarAppearance = true
            root.present(sheet, animated: false)
            #expect(stage.window.statusBarStyle == .darkContent)
            #expect(stage.window.homeIndicatorLightness == 0)
        }
    }

    /// The sheet's content is at the elevated level (dark mode's lighter backgrounds).
    @Test func sheetIsElevated() {
        let root = UIViewController()
        onStage(root) { stage in
            let sheet = UIViewController()
            root.present(sheet, animated: false)
            #expect(sheet.traitCollection.userInterfaceLevel == .elevated)
        }
    }
}

@Suite struct SheetSwipeTests {
    func presentSheet(_ log: CallLog, detents: [UISheetPresentationController.Detent] = [.large()],
                      _ body: (Stage, LoggedViewController, SheetDelegate) -> Void) {
        let root = LoggedViewController("A", log: log)
        let sheet = LoggedViewController("B", log: log)
        let delegate = SheetDelegate(log: log)
        onStage(root) { stage in
            sheet.sheetPresentationController!.delegate = delegate
            sheet.sheetPresentationController!.detents = detents
            root.present(sheet, animated: true)
            stage.settle()
            log.clear()
            body(stage, sheet, delegate)
        }
    }

    /// Pulled down and let go at rest above half way: should → will → the dismissal's will-disappear, then
    /// the cancel's reversal; no did-dismiss; the sheet is back at its detent. The presenter followed the
    /// sheet while it moved.
    @Test func cancelledSwipe() {
        let log = CallLog()
        presentSheet(log) { stage, sheet, _ in
            let top = sheet.view.frame.minY
            let root = sheet.presentingViewController!
            var recedeWhileDragging: CGFloat = 0
            stage.window.sendTouch(finger: 0, phase: .began, at: CGPoint(x: 200, y: 400))
            for i in 1...20 {
                stage.run(for: 1.0 / 60)
                stage.window.sendTouch(finger: 0, phase: .moved, at: CGPoint(x: 200, y: 400 + CGFloat(i) * 10))
            }
            recedeWhileDragging = root.view.transform.a
            #expect(sheet.view.frame.minY > top + 150)
            // Slowing to 60 pt/s before lifting: the projection stays above half way.
            for i in 1...4 { stage.run(for: 1.0 / 60); stage.window.sendTouch(finger: 0, phase: .moved, at: CGPoint(x: 200, y: 600 + CGFloat(i))) }
            stage.window.sendTouch(finger: 0, phase: .ended, at: CGPoint(x: 200, y: 604))
            stage.settle()
            #expect(recedeWhileDragging > root.view.transform.a, "the presenter comes forward as the sheet goes down")
            #expect(log.lines == ["shouldDismiss", "willDismiss", "B.viewWillDisappear", "B.viewWillAppear", "B.viewDidAppear"])
            #expect(sheet.presentingViewController != nil)
            #expect(sheet.view.frame.minY == top && sheet.view.shownFrame.minY == top)
        }
    }

    /// A flick dismisses: should → will → disappear callbacks → did-dismiss after the sheet has gone.
    @Test func flickDismisses() {
        let log = CallLog()
        presentSheet(log) { stage, sheet, _ in
            let root = sheet.presentingViewController!
            stage.flick(from: CGPoint(x: 200, y: 400), by: 120)
            stage.settle()
            #expect(log.lines == ["shouldDismiss", "willDismiss", "B.viewWillDisappear", "B.viewDidDisappear", "didDismiss"])
            #expect(sheet.presentingViewController == nil)
            #expect(root.view.transform == .identity)
            #expect(stage.window.statusBarStyle == .default)
        }
    }

    /// `isModalInPresentation`: the pull is resisted (rubber-banded below the detent), the delegate hears
    /// only the attempt, and the sheet bounces back.
    @Test func modalSheetRefuses() {
        let log = CallLog()
        presentSheet(log) { stage, sheet, _ in
            sheet.isModalInPresentation = true
            let top = sheet.view.frame.minY
            stage.window.sendTouch(finger: 0, phase: .began, at: CGPoint(x: 200, y: 400))
            for i in 1...20 {
                stage.run(for: 1.0 / 60)
                stage.window.sendTouch(finger: 0, phase: .moved, at: CGPoint(x: 200, y: 400 + CGFloat(i) * 15))
            }
            let pulled = sheet.view.frame.minY - top
            #expect(pulled > 0 && pulled < 300 - 10 - 50, "resisted: well short of the finger's 300 pt")
            stage.window.sendTouch(finger: 0, phase: .ended, at: CGPoint(x: 200, y: 700))
            stage.settle()
            #expect(log.lines == ["didAttemptToDismiss"])
            #expect(sheet.view.frame.minY == top && sheet.presentingViewController != nil)
        }
    }

    /// A delegate answering false to should-dismiss refuses the same way.
    @Test func delegateRefuses() {
        let log = CallLog()
        presentSheet(log) { stage, sheet, delegate in
            delegate.shouldDismiss = false
            stage.flick(from: CGPoint(x: 200, y: 400), by: 150)
            stage.settle()
            #expect(log.lines == ["shouldDismiss", "didAttemptToDismiss"])
            #expect(sheet.presentingViewController != nil)
        }
    }

    /// Dragging between detents: up from medium settles at large (the delegate hears the new detent, no
    /// dismissal call); pulled up past large it rubber-bands.
    @Test func dragBetweenDetents() {
        let log = CallLog()
        presentSheet(log, detents: [.medium(), .large()]) { stage, sheet, _ in
            let controller = sheet.sheetPresentationController!
            let mediumTop = sheet.view.frame.minY
            stage.flick(from: CGPoint(x: 200, y: mediumTop + 100), by: -150)
            stage.settle()
            let largeTop = stage.window.safeAreaInsets.top + 10
            #expect(sheet.view.frame.minY == largeTop)
            #expect(controller.selectedDetentIdentifier == .large)
            #expect(log.lines == ["didChangeDetent(com.apple.UIKit.large)"])
            // 200 pt above large: banded.
            stage.window.sendTouch(finger: 0, phase: .began, at: CGPoint(x: 200, y: 400))
            for i in 1...20 {
                stage.run(for: 1.0 / 60)
                stage.window.sendTouch(finger: 0, phase: .moved, at: CGPoint(x: 200, y: 400 - CGFloat(i) * 10))
            }
            let above = largeTop - sheet.view.frame.minY
            #expect(above > 0 && above < 190 - 60)
            stage.window.sendTouch(finger: 0, phase: .ended, at: CGPoint(x: 200, y: 200))
            stage.settle()
            #expect(sheet.view.frame.minY == largeTop)
        }
    }
}

@Suite struct SheetScrollTests {
    /// A sheet filled by a 3000 pt scroll view, scrolled to `offset` below its top.
    func sheetWithScrollView(scrolledTo offset: CGFloat, _ body: (Stage, UIViewController, UIScrollView, CallLog) -> Void) {
        let log = CallLog()
        let root = UIViewController()
        onStage(root) { stage in
            let sheet = UIViewController()
            let scroll = UIScrollView(frame: stage.window.bounds)
            scroll.contentSize = CGSize(width: stage.window.bounds.width, height: 3000)
            scroll.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            sheet.view.addSubview(scroll)
            let delegate = SheetDelegate(log: log)
            sheet.sheetPresentationController!.delegate = delegate
            root.present(sheet, animated: false)
            stage.settle()
            UIView.performWithoutAnimation { scroll.contentOffset = CGPoint(x: 0, y: offset - scroll.adjustedContentInset.top) }
            body(stage, sheet, scroll, log)
            withExtendedLifetime(delegate) {}
        }
    }

    /// Scrolled down, a drag down scrolls the content and the sheet stays.
    @Test func scrolledContentScrolls() {
        sheetWithScrollView(scrolledTo: 300) { stage, sheet, scroll, log in
            let top = sheet.view.frame.minY
            stage.window.sendTouch(finger: 0, phase: .began, at: CGPoint(x: 200, y: 400))
            for i in 1...12 {
                stage.run(for: 1.0 / 60)
                stage.window.sendTouch(finger: 0, phase: .moved, at: CGPoint(x: 200, y: 400 + CGFloat(i) * 10))
            }
            #expect(sheet.view.frame.minY == top)
            #expect(scroll.contentOffset.y < 300 - scroll.adjustedContentInset.top - 50, "the scroll view scrolled")
            stage.window.sendTouch(finger: 0, phase: .ended, at: CGPoint(x: 200, y: 520))
            stage.settle()
            #expect(log.lines.isEmpty)
        }
    }

    /// At its top, the same drag moves the sheet (asking to dismiss) and the content stays put.
    @Test func scrollViewAtItsTopHandsTheDragToTheSheet() {
        sheetWithScrollView(scrolledTo: 0) { stage, sheet, scroll, log in
            let top = sheet.view.frame.minY
            stage.window.sendTouch(finger: 0, phase: .began, at: CGPoint(x: 200, y: 400))
            for i in 1...12 {
                stage.run(for: 1.0 / 60)
                stage.window.sendTouch(finger: 0, phase: .moved, at: CGPoint(x: 200, y: 400 + CGFloat(i) * 10))
            }
            #expect(sheet.view.frame.minY > top + 80, "the sheet follows the finger")
            #expect(scroll.contentOffset.y == -scroll.adjustedContentInset.top)
            #expect(log.lines == ["shouldDismiss", "willDismiss"])
            stage.window.sendTouch(finger: 0, phase: .ended, at: CGPoint(x: 200, y: 520))
            stage.settle()
        }
    }
}
