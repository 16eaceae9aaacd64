import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit
import TestSupport

/// The navigation bar as UIKit draws it: the title, the back button's title by the room there is, bar
/// button items, large titles, and the bar's own transition alongside a push, a pop and a cancelled
/// interactive pop.
@Suite struct NavigationBar {
    static let width: CGFloat = 393

    /// A bar 393 pt wide showing `items`, laid out.
    func bar(_ items: [UINavigationItem], largeTitles: Bool = false) -> UINavigationBar {
        let bar = UINavigationBar(frame: CGRect(x: 0, y: 0, width: Self.width, height: 44))
        bar.prefersLargeTitles = largeTitles
        bar.items = items
        bar.frame.size.height = bar.preferredHeight
        bar.layoutIfNeeded()
        bar.shownItemView?.layoutIfNeeded()
        bar.shownItemView?.backButton?.layoutIfNeeded()
        return bar
    }

    func frame(_ view: UIView) -> CGRect { NavigationBarItemView.restingFrame(view) }

    @Test func theTitleIsCentredSemiboldInTheStandardRow() throws {
        let shown = try #require(bar([UINavigationItem(title: "Settings")]).shownItemView)
        let title = frame(shown.titleLabel)
        #expect(close(title.midX, Self.width / 2, 1e-9) && close(title.midY, 22, 1e-9))
        #expect(shown.titleLabel.font.fontName == ".SystemFont-600" && shown.titleLabel.font.pointSize == 17)
        #expect(shown.backButton == nil && shown.preferredHeight == 44)
    }

    @Test func theBackButtonSaysThePreviousTitleThenBackThenNothing() throws {
        func backTitle(_ previous: UINavigationItem, _ title: String) throws -> String? {
            try #require(bar([previous, UINavigationItem(title: title)]).shownItemView).backTitle
        }
        #expect(try backTitle(UINavigationItem(title: "Settings"), "Wi-Fi") == "Settings")
        // A previous title too long to stay clear of the centred title: the generic title.
        #expect(try backTitle(UINavigationItem(title: "Notifications and Everything Else"), "Wi-Fi") == "Back")
        // A title that leaves no room for "Back": the chevron alone, and the title truncated clear of it.
        let long = "A Title Long Enough To Fill The Bar Almost"
        let shown = try #require(bar([UINavigationItem(title: "Settings"), UINavigationItem(title: long)]).shownItemView)
        #expect(shown.backTitle == "")
        let chevronEnd = NavigationBarMetrics.chevronLeading + NavigationBarMetrics.chevronSize.width
        #expect(frame(shown.titleLabel).minX >= chevronEnd + NavigationBarMetrics.spacing - 1e-9)
        #expect(frame(shown.titleLabel).width < shown.titleLabel.intrinsicContentSize.width)
        // No title at all: the previous title as long as it clears the trailing edge.
        #expect(try backTitle(UINavigationItem(title: "Settings"), "") == "Settings")
    }

    @Test func theBackItemDecidesItsBackTitle() throws {
        func backTitle(_ configure: (UINavigationItem) -> Void) throws -> String? {
            let previous = UINavigationItem(title: "Settings")
            configure(previous)
            return try #require(bar([previous, UINavigationItem(title: "Wi-Fi")]).shownItemView).backTitle
        }
        #expect(try backTitle { $0.backButtonTitle = "Home" } == "Home")
        #expect(try backTitle { $0.backBarButtonItem = UIBarButtonItem(title: "Up", style: .plain) } == "Up")
        #expect(try backTitle { $0.backButtonDisplayMode = .generic } == "Back")
        #expect(try backTitle { $0.backButtonDisplayMode = .minimal } == "")
        #expect(try backTitle { $0.title = nil } == "Back")
        // The top item can hide the back button, and leading items take its place.
        let top = UINavigationItem(title: "Wi-Fi")
        top.hidesBackButton = true
        #expect(bar([UINavigationItem(title: "Settings"), top]).shownItemView?.backButton == nil)
        let edit = UINavigationItem(title: "Wi-Fi")
        edit.leftBarButtonItem = UIBarButtonItem(barButtonSystemItem: .cancel)
        let shown = try #require(bar([UINavigationItem(title: "Settings"), edit]).shownItemView)
        #expect(shown.backButton == nil && close(frame(shown.leftButtons[0]).minX, 16, 1e-9))
    }

    @Test func theBackButtonsGeometry() throws {
        let shown = try #require(bar([UINavigationItem(title: "Settings"), UINavigationItem(title: "Wi-Fi")]).shownItemView)
        let back = try #require(shown.backButton)
        #expect(frame(back.chevron) == CGRect(x: 8, y: 11.5, width: 13, height: 21))
        #expect(frame(back.titleLabel).minX == 27 && close(frame(back.titleLabel).midY, 22, 1e-9))
        #expect(back.titleLabel.textColor == .systemBlue && back.titleLabel.font.fontName == ".SystemFont-400")
        // A tap pops (the bar asks its owner).
        var popped = 0
        let bar = bar([UINavigationItem(title: "Settings"), UINavigationItem(title: "Wi-Fi")])
        bar.backAction = { popped += 1 }
        bar.shownItemView?.backButton?.sendActions(for: .touchUpInside)
        #expect(popped == 1)
    }

    final class Screen {
        var edits = 0, adds = 0
        func edit() { edits += 1 }
        func add(_ sender: UIBarButtonItem) { adds += 1 }
    }

    @Test func barButtonItemsSitAtTheMarginsInTheTintColour() throws {
        let screen = Screen()
        let item = UINavigationItem(title: "Mail")
        let edit = UIBarButtonItem(title: "Edit", style: .plain, target: screen, action: Screen.edit)
        let add = UIBarButtonItem(barButtonSystemItem: .add, target: screen, action: Screen.add)
        item.rightBarButtonItems = [edit, add]
        item.leftBarButtonItem = UIBarButtonItem(barButtonSystemItem: .done)
        let shown = try #require(bar([item]).shownItemView)
        let (editView, addView) = (shown.rightButtons[0], shown.rightButtons[1])
        // The first item outermost, 16 pt from the edge; the next one 8 pt inside it.
        #expect(frame(editView).maxX == Self.width - 16)
        #expect(frame(addView).maxX == frame(editView).minX - 8 && frame(addView).width == 22)
        #expect(close(frame(shown.leftButtons[0]).minX, 16, 1e-9))
        let done = try #require(shown.leftButtons[0].subviews.first as? UILabel)
        #expect(done.text == "Done" && done.font.fontName == ".SystemFont-600" && done.textColor == .systemBlue)
        let editLabel = try #require(editView.subviews.first as? UILabel)
        #expect(editLabel.font.fontName == ".SystemFont-400" && editLabel.font.pointSize == 17)
        editView.sendActions(for: .touchUpInside)
        addView.sendActions(for: .touchUpInside)
        #expect(screen.edits == 1 && screen.adds == 1)
        // Primary actions, tint, and disabled items (grey, no action).
        var fired = 0
        let share = UIBarButtonItem(primaryAction: UIAction(title: "Share") { _ in fired += 1 })
        share.tintColor = .systemRed
        let off = UIBarButtonItem(title: "Send", style: .done, target: screen, action: Screen.edit)
        off.isEnabled = false
        item.rightBarButtonItems = [share, off]
        item.leftBarButtonItem = nil
        let redrawn = try #require(bar([item]).shownItemView)
        #expect((redrawn.rightButtons[0].subviews.first as? UILabel)?.text == "Share")
        #expect((redrawn.rightButtons[0].subviews.first as? UILabel)?.textColor == .systemRed)
        #expect((redrawn.rightButtons[1].subviews.first as? UILabel)?.textColor == NavigationBarMetrics.disabledColor)
        redrawn.rightButtons[0].item.performAction()
        redrawn.rightButtons[1].item.performAction()
        #expect(fired == 1 && screen.edits == 1)
        #expect(UIBarButtonItem(barButtonSystemItem: .cancel).title == "Cancel")
        #expect(UIBarButtonItem(barButtonSystemItem: .close).title == nil)
    }

    @Test func theTitleMovesThenTruncatesToStayClearOfItems() throws {
        let item = UINavigationItem(title: "An Inbox With A Long Name Indeed")
        item.rightBarButtonItem = UIBarButtonItem(title: "Compose", style: .plain)
        let shown = try #require(bar([item]).shownItemView)
        let title = frame(shown.titleLabel), compose = frame(shown.rightButtons[0])
        #expect(title.maxX <= compose.minX - 8 + 1e-9 && title.minX >= 16 + 8 - 1e-9)
    }

    @Test func largeTitlesAre34PointBoldAtTheMarginUnderTheRow() throws {
        let bar = bar([UINavigationItem(title: "Settings")], largeTitles: true)
        let shown = try #require(bar.shownItemView)
        let large = try #require(shown.largeTitleLabel)
        #expect(bar.preferredHeight == 96 && shown.titleLabel.isHidden)
        #expect(large.font.fontName == ".SystemFont-700" && large.font.pointSize == 34)
        let box = frame(large), font = large.font!
        #expect(box.minX == 16 && box.width == Self.width - 32)
        let baseline = box.minY + (box.height - font.lineHeight) / 2 + font.ascender
        #expect(close(baseline, 96 - NavigationBarMetrics.largeTitleBaselineInset, 1e-9))
        // `.automatic` follows the item below; `.never` is the standard bar.
        let pushed = UINavigationItem(title: "General")
        let detail = UINavigationItem(title: "About")
        detail.largeTitleDisplayMode = .never
        #expect(self.bar([UINavigationItem(title: "Settings"), pushed], largeTitles: true).preferredHeight == 96)
        #expect(self.bar([UINavigationItem(title: "Settings"), pushed, detail], largeTitles: true).preferredHeight == 44)
        #expect(self.bar([UINavigationItem(title: "Settings")]).preferredHeight == 44)
    }

    // MARK: The bar's transition

    func offset(_ view: UIView) -> CGFloat { view.layer.presentation()!.affineTransform().tx }

    func titled(_ title: String) -> UIViewController {
        let vc = UIViewController()
        vc.title = title
        return vc
    }

    @Test func aPushMovesTheOldTitleIntoTheBackButtonAndBringsTheNewTitleFromTheRight() throws {
        let a = titled("Settings"), b = titled("General")
        let nav = UINavigationController(rootViewController: a)
        onStage(nav) { stage in
            let quarter = nav.view.bounds.width / 4
            nav.pushViewController(b, animated: true)
            stage.run(for: 0)
            let views = try! #require(nav.navigationBar.transitionViews)
            let from = try! #require(views.from), to = views.to
            let back = try! #require(to.backButton)
            let titleToBack = frame(back.titleLabel).minX - frame(from.titleLabel).minX
            #expect(offset(to.titleLabel) == quarter && to.titleLabel.shownAlpha == 0)
            #expect(offset(back.titleLabel) == -titleToBack && back.titleLabel.shownAlpha == 0)
            #expect(offset(from.titleLabel) == 0 && from.titleLabel.shownAlpha == 1)
            #expect(back.chevron.shownAlpha == 0)
            // Half-way (ease-in-out is symmetric): every part half way (opacity is a Float, hence the tolerance).
            stage.run(for: NavigationParallaxAnimator.duration / 2)
            #expect(close(offset(to.titleLabel), quarter / 2, 1e-4) && close(to.titleLabel.shownAlpha, 0.5, 1e-4))
            #expect(close(offset(from.titleLabel), titleToBack / 2, 1e-4) && close(from.titleLabel.shownAlpha, 0.5, 1e-4))
            #expect(close(offset(back.titleLabel), -titleToBack / 2, 1e-4) && close(back.chevron.shownAlpha, 0.5, 1e-4))
            stage.settle()
            #expect(nav.navigationBar.transitionViews == nil)
            let shown = try! #require(nav.navigationBar.shownItemView)
            #expect(shown.item === b.navigationItem && shown.backTitle == "Settings")
            #expect(shown.titleLabel.shownAlpha == 1 && offset(shown.titleLabel) == 0)
        }
    }

    @Test func aPopMovesTheBackTitleIntoTheTitleAndTheOldTitleOffToTheRight() throws {
        let a = titled("Settings"), b = titled("General")
        let nav = UINavigationController(rootViewController: a)
        onStage(nav) { stage in
            let quarter = nav.view.bounds.width / 4
            nav.pushViewController(b, animated: false)
            stage.settle()
            nav.popViewController(animated: true)
            stage.run(for: 0)
            let views = try! #require(nav.navigationBar.transitionViews)
            let from = try! #require(views.from), to = views.to
            let back = try! #require(from.backButton)
            let backToTitle = frame(to.titleLabel).minX - frame(back.titleLabel).minX
            #expect(offset(to.titleLabel) == -backToTitle && to.titleLabel.shownAlpha == 0)
            #expect(offset(back.titleLabel) == 0 && back.titleLabel.shownAlpha == 1 && back.chevron.shownAlpha == 1)
            stage.run(for: NavigationParallaxAnimator.duration / 2)
            #expect(close(offset(from.titleLabel), quarter / 2, 1e-4) && close(from.titleLabel.shownAlpha, 0.5, 1e-4))
            #expect(close(offset(back.titleLabel), backToTitle / 2, 1e-4) && close(back.chevron.shownAlpha, 0.5, 1e-4))
            #expect(close(offset(to.titleLabel), -backToTitle / 2, 1e-4) && close(to.titleLabel.shownAlpha, 0.5, 1e-4))
            stage.settle()
            let shown = try! #require(nav.navigationBar.shownItemView)
            #expect(nav.navigationBar.transitionViews == nil && shown.item === a.navigationItem && shown.backButton == nil)
        }
    }

    @Test func anInteractivePopScrubsTheBarAndACancelPutsTheStackBack() throws {
        let a = titled("Settings"), b = titled("General")
        let nav = UINavigationController(rootViewController: a)
        onStage(nav) { stage in
            nav.pushViewController(b, animated: false)
            stage.settle()
            let driver = try! #require(nav.beginInteractivePop())
            driver.update(0.5)
            stage.run(for: 0.2)
            let views = try! #require(nav.navigationBar.transitionViews)
            let from = try! #require(views.from), to = views.to
            // Frozen at half of the transition's time, whatever the clock does.
            #expect(close(to.titleLabel.shownAlpha, 0.5, 1e-4) && close(from.titleLabel.shownAlpha, 0.5, 1e-4))
            driver.update(0)
            stage.run(for: 0.01)
            #expect(close(to.titleLabel.shownAlpha, 0, 1e-4) && close(from.titleLabel.shownAlpha, 1, 1e-4))
            driver.update(0.3)
            driver.cancel()
            stage.settle()
            #expect(nav.topViewController === b && nav.navigationBar.transitionViews == nil)
            let shown = try! #require(nav.navigationBar.shownItemView)
            #expect(shown.item === b.navigationItem && shown.backTitle == "Settings")
            #expect(shown.titleLabel.shownAlpha == 1 && offset(shown.titleLabel) == 0)
            #expect(nav.navigationBar.layer.speed == 1 && nav.navigationBar.items?.count == 2)
        }
    }

    @Test func aCancelledInteractivePopThroughAPropertyAnimatorEndsWhereItStarted() throws {
        // The survey's pop animator is interruptible: the bar's parts ride its fraction and its reversal.
        let a = titled("Settings"), b = titled("General")
        let nav = UINavigationController(rootViewController: a)
        let delegate = InterruptiblePopDelegate()
        nav.delegate = delegate
        onStage(nav) { stage in
            nav.pushViewController(b, animated: false)
            stage.settle()
            delegate.driver = UIPercentDrivenInteractiveTransition()
            nav.popViewController(animated: true)
            delegate.driver!.update(0.5)
            stage.run(for: 0.05)
            let views = try! #require(nav.navigationBar.transitionViews)
            #expect(close(views.to.titleLabel.shownAlpha, 0.5, 1e-4))
            delegate.driver!.cancel()
            stage.settle()
            let shown = try! #require(nav.navigationBar.shownItemView)
            #expect(nav.topViewController === b && shown.item === b.navigationItem && shown.backTitle == "Settings")
        }
    }
}

/// A pop animator with an interruptible animator (linear, 0.5 s), driven by the delegate's driver.
final class InterruptiblePopDelegate: UINavigationControllerDelegate {
    var driver: UIPercentDrivenInteractiveTransition?
    func navigationController(_ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
                              from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        operation == .pop ? InterruptibleSlide() : nil
    }
    func navigationController(_ navigationController: UINavigationController,
                              interactionControllerFor animationController: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? {
        driver
    }
}

final class InterruptibleSlide: UIViewControllerAnimatedTransitioning {
    private var animator: UIViewPropertyAnimator?
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.5 }
    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        interruptibleAnimator(using: transitionContext).startAnimation()
    }
    func interruptibleAnimator(using context: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
        if let animator { return animator }
        let from = context.view(forKey: .from)!, to = context.view(forKey: .to)!
        let bounds = context.containerView.bounds
        context.containerView.insertSubview(to, belowSubview: from)
        let animator = UIViewPropertyAnimator(duration: 0.5, curve: .linear) {
            from.frame = bounds.offsetBy(dx: bounds.width, dy: 0)
        }
        animator.addCompletion { _ in
            let completed = !context.transitionWasCancelled
            if completed { from.frame = bounds } else { to.removeFromSuperview() }
            context.completeTransition(completed)
        }
        self.animator = animator
        return animator
    }
    func animationEnded(_ transitionCompleted: Bool) { animator = nil }
}
