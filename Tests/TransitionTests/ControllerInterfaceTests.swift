import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit

// The view-controller interface of issue #22: adaptive presentation and its delegate, user-initiated
// dismissal, content containers, trait values and overrides, the newer appearance and layout callbacks,
// containment transitions, editing, `show(_:sender:)`, the status bar's hidden owner and the app's
// launch notifications.

/// Logs every adaptive-delegate call and answers what the test sets.
final class AdaptiveDelegate: UIAdaptivePresentationControllerDelegate {
    let log: CallLog
    var style: UIModalPresentationStyle?
    var replacement: UIViewController?
    var shouldDismiss = true
    init(log: CallLog) { self.log = log }

    func adaptivePresentationStyle(for controller: UIPresentationController, traitCollection: UITraitCollection) -> UIModalPresentationStyle {
        log("adaptive(for:traitCollection: \(traitCollection.horizontalSizeClass == .compact ? "compact" : "regular"))")
        return style ?? controller.defaultAdaptivePresentationStyle(for: traitCollection)
    }
    func presentationController(_ controller: UIPresentationController,
                                viewControllerForAdaptivePresentationStyle style: UIModalPresentationStyle) -> UIViewController? {
        log("viewControllerForAdaptivePresentationStyle(\(style.rawValue))")
        return replacement
    }
    func presentationController(_ presentationController: UIPresentationController, willPresentWithAdaptiveStyle style: UIModalPresentationStyle,
                                transitionCoordinator: UIViewControllerTransitionCoordinator?) {
        log("willPresentWithAdaptiveStyle(\(style.rawValue), coordinator: \(transitionCoordinator != nil))")
    }
    func presentationController(_ presentationController: UIPresentationController, prepare adaptivePresentationController: UIPresentationController) {
        log("prepare(\(adaptivePresentationController.presentationStyle.rawValue))")
    }
    func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool {
        log("shouldDismiss"); return shouldDismiss
    }
    func presentationControllerWillDismiss(_ presentationController: UIPresentationController) { log("willDismiss") }
    func presentationControllerDidDismiss(_ presentationController: UIPresentationController) { log("didDismiss") }
    func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) { log("didAttemptToDismiss") }
}

/// Implements only the one-argument adaptive method (UIKit falls back to it).
final class OldStyleDelegate: UIAdaptivePresentationControllerDelegate {
    func adaptivePresentationStyle(for controller: UIPresentationController) -> UIModalPresentationStyle { .overFullScreen }
}

@Suite struct AdaptivePresentationTests {
    /// A form sheet whose delegate (set through `presentationController` before presenting, as apps do)
    /// asks for full screen on the compact phone: the delegate hears UIKit's calls in order, with the
    /// coordinator, and the controller is presented full screen (the presenter's view leaves).
    @Test func formSheetAdaptsToFullScreenThroughTheDelegate() {
        let log = CallLog()
        let root = LoggedViewController("A", log: log)
        let sheet = LoggedViewController("B", log: log)
        sheet.modalPresentationStyle = .formSheet
        let delegate = AdaptiveDelegate(log: log)
        delegate.style = .fullScreen
        let pending = sheet.presentationController
        pending?.delegate = delegate
        onStage(root) { stage in
            log.clear()
            root.present(sheet, animated: true)
            stage.settle()
            #expect(log.lines.prefix(5) == [
                "adaptive(for:traitCollection: compact)",
                "viewControllerForAdaptivePresentationStyle(0)",
                "B.viewDidLoad",
                "willPresentWithAdaptiveStyle(0, coordinator: true)",
                "B.viewWillAppear",
            ])
            #expect(sheet.presentationController?.presentationStyle == .fullScreen)
            #expect(sheet.view.frame == stage.window.bounds)
            #expect(root.view.window == nil)   // full screen removes the presenter's view
        }
        withExtendedLifetime(delegate) {}
    }

    /// Without a delegate a form sheet stays a sheet (the delegate's default is the controller's own
    /// answer, `.none`), and a popover adapts to full screen; a popover the delegate keeps (`.none`) is
    /// drawn as a sheet and the delegate hears `.none`.
    @Test func defaultAdaptationAndKeptPopover() {
        onStage(UIViewController()) { stage in
            let root = stage.window.rootViewController!
            let sheet = UIViewController()
            sheet.modalPresentationStyle = .formSheet
            root.present(sheet, animated: false)
            #expect(sheet.presentationController?.presentationStyle == .formSheet)
            #expect(sheet.view.frame.minY == stage.window.safeAreaInsets.top + 10)
            sheet.dismiss(animated: false)

            let popover = UIViewController()
            popover.modalPresentationStyle = .popover
            root.present(popover, animated: false)
            #expect(popover.presentationController?.presentationStyle == .fullScreen)
            popover.dismiss(animated: false)

            let log = CallLog()
            let delegate = AdaptiveDelegate(log: log)
            delegate.style = UIModalPresentationStyle.none
            let kept = UIViewController()
            kept.modalPresentationStyle = .popover
            kept.presentationController?.delegate = delegate
            root.present(kept, animated: false)
            #expect(log.lines == ["adaptive(for:traitCollection: compact)", "willPresentWithAdaptiveStyle(-1, coordinator: false)"])
            #expect(kept.presentationController?.presentationStyle == .popover)
            #expect(kept.view.frame.minY == stage.window.safeAreaInsets.top + 10)
            withExtendedLifetime(delegate) {}
        }
    }

    /// `popoverPresentationController` exists for `.popover` only, before presenting, so its source and
    /// delegate are set the iOS way; a kept popover's delegate hears `prepareForPopoverPresentation`.
    @Test func popoverPresentationControllerBeforePresenting() {
        final class PopoverDelegate: NSObject, UIPopoverPresentationControllerDelegate {
            var heard: [String] = []
            func adaptivePresentationStyle(for controller: UIPresentationController, traitCollection: UITraitCollection) -> UIModalPresentationStyle {
                heard.append("adaptive"); return .none
            }
            func prepareForPopoverPresentation(_ popoverPresentationController: UIPopoverPresentationController) {
                heard.append("prepare \(popoverPresentationController.sourceRect.width)")
            }
        }
        #expect(UIViewController().popoverPresentationController == nil)
        onStage(UIViewController()) { stage in
            let root = stage.window.rootViewController!
            let menu = UIViewController()
            menu.modalPresentationStyle = .popover
            let delegate = PopoverDelegate()
            let popover = try! #require(menu.popoverPresentationController)
            popover.sourceView = root.view
            popover.sourceRect = CGRect(x: 10, y: 20, width: 44, height: 44)
            popover.permittedArrowDirections = .up
            popover.delegate = delegate
            root.present(menu, animated: false)
            #expect(menu.presentationController === popover && popover.presentationStyle == .popover)
            #expect(delegate.heard == ["adaptive", "prepare 44.0"])
            #expect(popover.sourceView === root.view && popover.arrowDirection == .unknown)
            #expect(menu.view.frame.minY == stage.window.safeAreaInsets.top + 10, "a kept popover is drawn as a sheet")
            withExtendedLifetime(delegate) {}
        }
    }

    /// The delegate may present another controller instead (a navigation controller around the
    /// original, the usual idiom); a popover adapting to a sheet is offered `prepare`. A delegate with
    /// only `adaptivePresentationStyle(for:)` is asked through UIKit's fallback.
    @Test func replacementControllerPrepareAndFallback() {
        onStage(UIViewController()) { stage in
            let root = stage.window.rootViewController!
            let log = CallLog()
            let delegate = AdaptiveDelegate(log: log)
            delegate.style = .pageSheet
            let content = UIViewController()
            content.modalPresentationStyle = .popover
            let wrapper = UINavigationController(rootViewController: content)
            delegate.replacement = wrapper
            content.presentationController?.delegate = delegate
            root.present(content, animated: false)
            #expect(log.lines == ["adaptive(for:traitCollection: compact)", "viewControllerForAdaptivePresentationStyle(1)",
                                  "prepare(1)", "willPresentWithAdaptiveStyle(1, coordinator: false)"])
            #expect(root.presentedViewController === wrapper)
            #expect(wrapper.presentationController?.delegate === delegate)
            root.dismiss(animated: false)

            let old = OldStyleDelegate()
            let sheet = UIViewController()
            sheet.presentationController?.delegate = old   // .automatic: a page sheet that may adapt
            root.present(sheet, animated: false)
            #expect(sheet.presentationController?.presentationStyle == .overFullScreen)
            #expect(root.view.window != nil)   // over full screen keeps the presenter's view
            withExtendedLifetime((delegate, old)) {}
        }
    }

    /// Custom and full-screen presentations never adapt: the delegate is not asked.
    @Test func customAndFullScreenDoNotAsk() {
        onStage(UIViewController()) { stage in
            let root = stage.window.rootViewController!
            let log = CallLog()
            let delegate = AdaptiveDelegate(log: log)
            delegate.style = .overFullScreen
            let full = UIViewController()
            full.modalPresentationStyle = .fullScreen
            full.presentationController?.delegate = delegate
            root.present(full, animated: false)
            #expect(log.lines.isEmpty)
            #expect(full.presentationController?.presentationStyle == .fullScreen)
            withExtendedLifetime(delegate) {}
        }
    }
}

@Suite struct UserDismissalTests {
    func presentSheet(_ log: CallLog, _ body: (Stage, UIViewController, AdaptiveDelegate) -> Void) {
        let root = LoggedViewController("A", log: log)
        let sheet = LoggedViewController("B", log: log)
        let delegate = AdaptiveDelegate(log: log)
        onStage(root) { stage in
            sheet.presentationController?.delegate = delegate
            root.present(sheet, animated: true)
            stage.settle()
            log.clear()
            body(stage, sheet, delegate)
        }
    }

    /// Allowed: should → will → the dismissal's own callbacks → did, after the dismissal completes.
    @Test func allowedDismissalOrder() {
        let log = CallLog()
        presentSheet(log) { stage, sheet, _ in
            #expect(sheet.presentationController!.dismissAsUser())
            stage.settle()
            #expect(log.lines == ["shouldDismiss", "willDismiss", "B.viewWillDisappear", "B.viewDidDisappear", "didDismiss"])
            #expect(sheet.presentingViewController == nil)
        }
    }

    /// `isModalInPresentation` (here on a child of the presented controller) refuses without asking the
    /// delegate; a delegate that answers false refuses too; both report the attempt and keep the sheet.
    @Test func refusedDismissals() {
        let log = CallLog()
        presentSheet(log) { stage, sheet, delegate in
            let child = UIViewController()
            sheet.addChild(child)
            child.isModalInPresentation = true
            #expect(!sheet.presentationController!.dismissAsUser())
            #expect(log.lines == ["didAttemptToDismiss"])
            child.isModalInPresentation = false
            delegate.shouldDismiss = false
            log.clear()
            #expect(!sheet.presentationController!.dismissAsUser())
            stage.settle()
            #expect(log.lines == ["shouldDismiss", "didAttemptToDismiss"])
            #expect(sheet.presentingViewController != nil)
        }
    }

    /// A dismissal from code calls none of the trio (UIKit keeps them for the user's).
    @Test func dismissFromCodeIsSilent() {
        let log = CallLog()
        presentSheet(log) { stage, sheet, _ in
            sheet.dismiss(animated: true)
            stage.settle()
            #expect(log.lines == ["B.viewWillDisappear", "B.viewDidDisappear"])
        }
    }
}

/// Records the content-container and trait callbacks a controller receives.
final class ContainerRecorder: UIViewController {
    var lines: [String] = []
    override func preferredContentSizeDidChange(forChildContentContainer container: UIContentContainer) {
        let size = container.preferredContentSize
        lines.append("preferredContentSizeDidChange \(size.width)x\(size.height)")
    }
    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        lines.append("traits \(previousTraitCollection?.horizontalSizeClass.rawValue ?? -1)→\(traitCollection.horizontalSizeClass.rawValue)")
    }
    override func viewIsAppearing(_ animated: Bool) { lines.append("viewIsAppearing window:\(view.window != nil)") }
    override func viewWillAppear(_ animated: Bool) { lines.append("viewWillAppear") }
    override func viewDidAppear(_ animated: Bool) { lines.append("viewDidAppear") }
    override func viewWillDisappear(_ animated: Bool) { lines.append("viewWillDisappear") }
    override func viewDidDisappear(_ animated: Bool) { lines.append("viewDidDisappear") }
    override func viewWillLayoutSubviews() { if lines.last != "viewWillLayoutSubviews" { lines.append("viewWillLayoutSubviews") } }
    override func viewSafeAreaInsetsDidChange() { lines.append("viewSafeAreaInsetsDidChange \(view.safeAreaInsets.top)") }
}

final class SizedPresentationController: UIPresentationController {
    var heard: [CGSize] = []
    override func preferredContentSizeDidChange(forChildContentContainer container: UIContentContainer) {
        heard.append(container.preferredContentSize)
        super.preferredContentSizeDidChange(forChildContentContainer: container)
    }
}

final class SizedDelegate: UIViewControllerTransitioningDelegate {
    var controller: SizedPresentationController?
    func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                source: UIViewController) -> UIPresentationController? {
        let made = SizedPresentationController(presentedViewController: presented, presenting: presenting)
        controller = made
        return made
    }
}

@Suite struct ContentContainerTests {
    /// A child's new preferred size reaches its parent; a presented controller's reaches its
    /// presentation controller; an unchanged size says nothing; the default child size is the parent's.
    @Test func preferredContentSizeReachesTheContainer() {
        let parent = ContainerRecorder()
        let child = UIViewController()
        parent.addChild(child)
        child.preferredContentSize = CGSize(width: 100, height: 200)
        child.preferredContentSize = CGSize(width: 100, height: 200)
        #expect(parent.lines == ["preferredContentSizeDidChange 100.0x200.0"])
        #expect(parent.size(forChildContentContainer: child, withParentContainerSize: CGSize(width: 3, height: 4)) == CGSize(width: 3, height: 4))

        let delegate = SizedDelegate()
        onStage(UIViewController()) { stage in
            let presented = UIViewController()
            presented.modalPresentationStyle = .custom
            presented.transitioningDelegate = delegate
            stage.window.rootViewController!.present(presented, animated: false)
            presented.preferredContentSize = CGSize(width: 50, height: 60)
            #expect(delegate.controller?.heard == [CGSize(width: 50, height: 60)])
            #expect(delegate.controller?.preferredContentSize == CGSize(width: 50, height: 60))
        }
    }
}

@Suite struct TraitValueTests {
    /// A screen's (and a view's) traits are a portrait iPhone's; one-trait collections leave the rest
    /// unspecified; combining keeps the last specified value; containment compares specified traits.
    @Test func deviceTraitsAndCombining() {
        let screen = UIScreen.main.traitCollection
        #expect(screen.horizontalSizeClass == .compact && screen.verticalSizeClass == .regular)
        #expect(screen.userInterfaceIdiom == .phone && screen.layoutDirection == .leftToRight)
        #expect(screen.preferredContentSizeCategory == .large && screen.displayScale == 3 && screen.userInterfaceStyle == .light)
        #expect(UIView().traitCollection.horizontalSizeClass == .compact)

        let regular = UITraitCollection(horizontalSizeClass: .regular)
        #expect(regular.verticalSizeClass == .unspecified && regular.userInterfaceStyle == .unspecified && regular.displayScale == 0)
        let combined = UITraitCollection(traitsFrom: [screen, regular, UITraitCollection(userInterfaceStyle: .dark)])
        #expect(combined.horizontalSizeClass == .regular && combined.verticalSizeClass == .regular && combined.userInterfaceStyle == .dark)
        #expect(combined.containsTraits(in: regular) && !screen.containsTraits(in: regular) && screen.containsTraits(in: nil))
        #expect(combined != screen && UITraitCollection(traitsFrom: [screen]) == screen)
        #expect(UIContentSizeCategory.accessibilityMedium.isAccessibilityCategory && !UIContentSizeCategory.extraExtraExtraLarge.isAccessibilityCategory)
        #expect(UIContentSizeCategory.small < .large)

        let iPad = UIScreen(bounds: CGRect(x: 0, y: 0, width: 820, height: 1180), scale: 2, safeAreaInsets: .zero)
        UIScreen.$main.withValue(iPad) {
            #expect(UIScreen.main.traitCollection.horizontalSizeClass == .regular)
        }
    }

    /// `setOverrideTraitCollection(_:forChild:)` reaches the child and its children, tells them once,
    /// and a style in it reaches the child's views; `overrideTraitCollection(forChild:)` reads it back.
    @Test func overrideForChild() {
        let parent = UIViewController()
        let child = ContainerRecorder()
        let grandchild = ContainerRecorder()
        parent.addChild(child)
        child.addChild(grandchild)
        child.loadViewIfNeeded()
        parent.view.addSubview(child.view)
        child.lines = []
        let override = UITraitCollection(traitsFrom: [UITraitCollection(horizontalSizeClass: .regular), UITraitCollection(userInterfaceStyle: .dark)])
        parent.setOverrideTraitCollection(override, forChild: child)
        #expect(parent.overrideTraitCollection(forChild: child) === override)
        #expect(child.traitCollection.horizontalSizeClass == .regular && grandchild.traitCollection.horizontalSizeClass == .regular)
        #expect(child.view.traitCollection.userInterfaceStyle == .dark)
        #expect(child.lines == ["traits 1→2"])
        #expect(grandchild.lines == ["traits 1→2"])
        #expect(parent.traitCollection.horizontalSizeClass == .compact)
        parent.setOverrideTraitCollection(nil, forChild: child)
        #expect(child.traitCollection.horizontalSizeClass == .compact && child.view.traitCollection.userInterfaceStyle == .light)
    }

    /// A presentation controller's `overrideTraitCollection` reaches the presented controller.
    @Test func presentationOverride() {
        onStage(UIViewController()) { stage in
            let presented = UIViewController()
            presented.modalPresentationStyle = .overFullScreen
            stage.window.rootViewController!.present(presented, animated: false)
            presented.presentationController?.overrideTraitCollection = UITraitCollection(userInterfaceStyle: .dark)
            #expect(presented.view.traitCollection.userInterfaceStyle == .dark)
            #expect(presented.presentationController?.traitCollection.userInterfaceStyle == .dark)
        }
    }
}

@Suite struct AppearanceAndLayoutCallbackTests {
    /// viewIsAppearing comes after viewWillAppear, once the view is in the window (with its safe area
    /// reported), and before the layout callbacks and viewDidAppear; the safe-area callback comes again
    /// when the insets change.
    @Test func viewIsAppearingAndSafeArea() {
        let presented = ContainerRecorder()
        presented.modalPresentationStyle = .fullScreen
        onStage(UIViewController()) { stage in
            stage.window.rootViewController!.present(presented, animated: true)
            stage.settle()
            #expect(presented.lines.filter { $0 != "viewWillLayoutSubviews" } == [
                "viewWillAppear", "viewSafeAreaInsetsDidChange \(stage.window.safeAreaInsets.top)", "viewIsAppearing window:true", "viewDidAppear",
            ])
            presented.lines = []
            presented.additionalSafeAreaInsets = UIEdgeInsets(top: 10, left: 0, bottom: 0, right: 0)
            stage.window.layoutIfNeeded()
            #expect(presented.lines == ["viewSafeAreaInsetsDidChange \(stage.window.safeAreaInsets.top + 10)", "viewWillLayoutSubviews"])
        }
    }

    /// `transition(from:to:…)` swaps the children's views and sends their appearance callbacks around
    /// the animation, the completion last.
    @Test func containmentTransition() {
        let container = UIViewController()
        let a = ContainerRecorder(), b = ContainerRecorder()
        onStage(container) { stage in
            container.addChild(a)
            container.view.addSubview(a.view)
            a.didMove(toParent: container)
            a.beginAppearanceTransition(true, animated: false)   // on screen before the swap
            a.endAppearanceTransition()
            container.addChild(b)
            a.lines = []; b.lines = []
            var done = false
            container.transition(from: a, to: b, duration: 0.3, options: [], animations: { b.view.alpha = 0.5 }) { _ in done = true }
            let appearance: (ContainerRecorder) -> [String] = { $0.lines.filter { !$0.hasPrefix("viewSafeArea") && !$0.hasPrefix("viewWillLayout") } }
            #expect(appearance(a) == ["viewWillDisappear"] && appearance(b) == ["viewWillAppear", "viewIsAppearing window:true"])
            #expect(b.view.superview === container.view)
            stage.settle()
            #expect(done && a.view.superview == nil && b.view.alpha == 0.5)
            #expect(appearance(a) == ["viewWillDisappear", "viewDidDisappear"])
            #expect(appearance(b) == ["viewWillAppear", "viewIsAppearing window:true", "viewDidAppear"])
        }
    }
}

@Suite struct ControllerConveniencesTests {
    /// The edit button toggles editing through `setEditing(_:animated:)` and shows the state.
    @Test func editButtonItem() {
        let controller = UIViewController()
        let item = controller.editButtonItem
        #expect(item.title == "Edit" && !controller.isEditing)
        item.primaryAction?.handler(item.primaryAction!)
        #expect(controller.isEditing && item.title == "Done" && item.style == .done)
        controller.isEditing = false
        #expect(item.title == "Edit" && item.style == .plain)
        #expect(controller.editButtonItem === item)
    }

    /// `show(_:sender:)` pushes inside a navigation controller and presents elsewhere.
    @Test func showPushesOrPresents() {
        let top = UIViewController()
        let nav = UINavigationController(rootViewController: top)
        onStage(nav) { stage in
            let next = UIViewController()
            top.show(next, sender: nil)
            stage.settle()
            #expect(nav.topViewController === next)
        }
        let lone = UIViewController()
        onStage(lone) { stage in
            let detail = UIViewController()
            lone.showDetailViewController(detail, sender: nil)
            stage.settle()
            #expect(lone.presentedViewController === detail)
        }
    }

    final class Hiding: UIViewController { override var prefersStatusBarHidden: Bool { true } }

    /// Containers defer the status bar's hidden state to their visible child (`childForStatusBarHidden`).
    @Test func statusBarHiddenFollowsTheChild() {
        let child = Hiding()
        let nav = UINavigationController(rootViewController: child)
        #expect(nav.statusBarHiddenOwner === child)
        let tabs = UITabBarController()
        tabs.viewControllers = [nav]
        #expect(tabs.statusBarHiddenOwner === child)
    }

    /// The tab item is made once from the title, and follows the title while it still shows it.
    @Test func defaultTabBarItem() {
        let controller = UIViewController()
        controller.title = "Inbox"
        let item = controller.tabBarItem!
        #expect(item.title == "Inbox" && controller.tabBarItem === item)
        controller.title = "Mail"
        #expect(item.title == "Mail")
    }
}

@Suite struct LaunchNotificationTests {
    final class Root: UIViewController {
        var log: CallLog!
        override func viewWillAppear(_ animated: Bool) { log("root.viewWillAppear") }
        override func viewDidAppear(_ animated: Bool) { log("root.viewDidAppear") }
    }

    /// The first window shown posts didFinishLaunching before its root appears and didBecomeActive after,
    /// once per app.
    @Test func launchNotificationsAroundTheFirstWindow() {
        let log = CallLog()
        let app = UIApplication()
        let center = NotificationCenter.default
        let tokens = [UIApplication.didFinishLaunchingNotification, UIApplication.didBecomeActiveNotification].map { name in
            center.addObserver(forName: name, object: app, queue: nil) { note in log(note.name.rawValue) }
        }
        defer { tokens.forEach(center.removeObserver) }
        UIApplication.$shared.withValue(app) {
            let root = Root()
            root.log = log
            let window = UIWindow(screen: .main)
            window.rootViewController = root
            window.makeKeyAndVisible()
            UIWindow(screen: .main).makeKeyAndVisible()
        }
        #expect(log.lines == ["UIApplicationDidFinishLaunchingNotification", "root.viewWillAppear", "root.viewDidAppear",
                              "UIApplicationDidBecomeActiveNotification"])
    }
}

@Suite struct ModalTransitionStyleTests {
    /// `.crossDissolve` fades the presented view in over 0.5 s where it will stay (the presenter's view
    /// visible beneath until the end), and out on dismissal.
    @Test func crossDissolve() {
        onStage(UIViewController()) { stage in
            let root = stage.window.rootViewController!
            let presented = UIViewController()
            presented.modalPresentationStyle = .overFullScreen
            presented.modalTransitionStyle = .crossDissolve
            root.present(presented, animated: true)
            stage.run(for: 0.25)
            #expect(presented.view.shownFrame == stage.window.bounds)
            #expect(presented.view.shownAlpha > 0.2 && presented.view.shownAlpha < 0.8)
            stage.settle()
            #expect(presented.view.alpha == 1 && root.presentedViewController === presented)
            presented.dismiss(animated: true)
            stage.run(for: 0.25)
            #expect(presented.view.shownAlpha > 0.2 && presented.view.shownAlpha < 0.8)
            stage.settle()
            #expect(root.presentedViewController == nil && presented.view.superview == nil && presented.view.alpha == 1)
        }
    }
}
