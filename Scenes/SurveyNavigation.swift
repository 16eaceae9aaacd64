// From the transition survey "iOS實戰之自定義轉場動畫詳解", its UINavigationController part:
// the first screen makes itself
// the navigation controller's delegate and returns a PushAnimator for `.push` and a PopAnimator for `.pop`
// ("an animator written well works for present/dismiss and push/pop alike"). The article says the
// navigation controller can be made interactive "on the same principle" as the presentation: here the
// first screen drives a left screen-edge pan through a UIPercentDrivenInteractiveTransition it returns as
// the interaction controller.
//
// The article elides the animators' bodies; they do what UIKit's own push does: the
// incoming screen slides in from the right edge while the outgoing one moves to −0.3 × width under a light
// dimming, on the system spring (mass 3, stiffness 1000, damping 500, clamped to critical), 0.5 s
// requested. A spring that defines its own duration runs for its settling time, 0.6 s here (see
// docs/UIKIT-COMPATIBILITY.md). Pop is the reverse. Both are interruptible, so the interactive pop scrubs
// their `fractionComplete` (linearly: the screen follows the finger) and finishing or cancelling continues
// the spring from where the finger left it.
import UIKit
import Stage

/// The parallax both animators share: how far the covered screen moves and how dark it gets.
enum NavigationParallax {
    static let duration: TimeInterval = 0.5
    /// The covered screen's offset, as a share of the width.
    static let coveredOffset: CGFloat = -0.3
    /// The light dimming over the covered screen.
    static let dimming = UIColor(white: 0, alpha: 0.1)

    /// The system spring: mass 3, stiffness 1000, damping 500 (overdamped on paper, clamped to critical).
    static func makeAnimator(_ animations: @escaping () -> Void) -> UIViewPropertyAnimator {
        let spring = UISpringTimingParameters(mass: 3, stiffness: 1000, damping: 500, initialVelocity: .zero)
        let animator = UIViewPropertyAnimator(duration: duration, timingParameters: spring)
        animator.addAnimations(animations)
        return animator
    }

    static func makeDimmingView(frame: CGRect) -> UIView {
        let view = UIView(frame: frame)
        view.backgroundColor = dimming
        view.isUserInteractionEnabled = false
        return view
    }
}

/// Push: the incoming screen from the right edge; the outgoing one to −0.3 × width, dimming.
final class PushAnimator: UIViewControllerAnimatedTransitioning {
    private var animator: UIViewPropertyAnimator?

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        NavigationParallax.duration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        interruptibleAnimator(using: transitionContext).startAnimation()
    }

    func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
        if let animator { return animator }
        let containerView = transitionContext.containerView
        let fromView = transitionContext.view(forKey: .from)!, toView = transitionContext.view(forKey: .to)!
        let bounds = containerView.bounds, width = bounds.width
        let dimmingView = NavigationParallax.makeDimmingView(frame: bounds)
        dimmingView.alpha = 0
        containerView.addSubview(dimmingView)
        containerView.addSubview(toView)
        toView.frame = bounds.offsetBy(dx: width, dy: 0)
        let animator = NavigationParallax.makeAnimator {
            toView.frame = bounds
            fromView.frame = bounds.offsetBy(dx: NavigationParallax.coveredOffset * width, dy: 0)
            dimmingView.alpha = 1
        }
        animator.addCompletion { _ in
            dimmingView.removeFromSuperview()
            let completed = !transitionContext.transitionWasCancelled
            // The screen that leaves is taken out of the hierarchy; give it back its place for later.
            if completed { fromView.frame = bounds } else { toView.removeFromSuperview() }
            transitionContext.completeTransition(completed)
        }
        self.animator = animator
        return animator
    }

    func animationEnded(_ transitionCompleted: Bool) { animator = nil }
}

/// Pop: the reverse — the covered screen comes back from −0.3 × width out of the dimming while the top
/// one leaves to the right.
final class PopAnimator: UIViewControllerAnimatedTransitioning {
    private var animator: UIViewPropertyAnimator?

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        NavigationParallax.duration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        interruptibleAnimator(using: transitionContext).startAnimation()
    }

    func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
        if let animator { return animator }
        let containerView = transitionContext.containerView
        let fromView = transitionContext.view(forKey: .from)!, toView = transitionContext.view(forKey: .to)!
        let bounds = containerView.bounds, width = bounds.width
        let dimmingView = NavigationParallax.makeDimmingView(frame: bounds)
        containerView.insertSubview(toView, belowSubview: fromView)
        containerView.insertSubview(dimmingView, aboveSubview: toView)
        toView.frame = bounds.offsetBy(dx: NavigationParallax.coveredOffset * width, dy: 0)
        let animator = NavigationParallax.makeAnimator {
            toView.frame = bounds
            fromView.frame = bounds.offsetBy(dx: width, dy: 0)
            dimmingView.alpha = 0
        }
        animator.addCompletion { _ in
            dimmingView.removeFromSuperview()
            let completed = !transitionContext.transitionWasCancelled
            if completed { fromView.frame = bounds } else { toView.removeFromSuperview() }
            transitionContext.completeTransition(completed)
        }
        self.animator = animator
        return animator
    }

    func animationEnded(_ transitionCompleted: Bool) { animator = nil }
}

// MARK: - Screens

/// A settings list: a large "Settings" title over an `.insetGrouped` table (a diffable data source and
/// list content configurations, as SettingsPush's screens) with coloured icons, values and chevrons.
/// Tapping the account row pushes ToViewController. It is the navigation controller's delegate, and it
/// drives the interactive pop.
final class FromViewController: SettingsTableViewController, UINavigationControllerDelegate {
    let toViewController: ToViewController = ToViewController()
    /// The interaction controller while the edge pan pops; nil otherwise (then pops are not interactive).
    private(set) var interactivePopTransition: UIPercentDrivenInteractiveTransition?
    private var popRecognizer: UIScreenEdgePanGestureRecognizer?

    /// The groups: a section header (or none) and rows of icon colour, label and value.
    static let settingsSections: [SettingsSection] = [
        SettingsSection(header: nil, items: [
            SettingsItem("Mia Chen", value: "Apple Account", icon: .systemOrange), SettingsItem("Wi-Fi", value: "Home", icon: .systemBlue),
            SettingsItem("Cellular", icon: .systemGreen), SettingsItem("Focus", value: "Off", icon: .systemIndigo)]),
        SettingsSection(header: "Notifications", items: [
            SettingsItem("Notifications", icon: .systemRed), SettingsItem("Sounds & Haptics", icon: .systemPink),
            SettingsItem("Screen Time", icon: .systemPurple)]),
        SettingsSection(header: "Device", items: [
            SettingsItem("General", icon: .systemGray), SettingsItem("Display & Brightness", icon: .systemBlue),
            SettingsItem("Wallpaper", icon: .systemTeal), SettingsItem("Battery", value: "82%", icon: .systemYellow)]),
    ]

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    init() { super.init(title: "Settings", sections: Self.settingsSections) }

    /// The account row, the one the scenes tap.
    var accountCell: UITableViewCell? { tableView.cellForRow(at: IndexPath(row: 0, section: 0)) }

    override func viewDidLoad() {
        super.viewDidLoad()
        // The article: `self.navigationController.delegate = self`.
        navigationController?.delegate = self
        // Pops are driven by our own edge pan, so UIKit's must not start a (non-interactive) pop as well.
        if let navigationController {
            navigationController.navigationBar.prefersLargeTitles = true
            navigationController.interactivePopGestureRecognizer?.isEnabled = false
            let recognizer = UIScreenEdgePanGestureRecognizer(target: self, action: FromViewController.handlePopGesture(_:))
            recognizer.edges = .left
            navigationController.view.addGestureRecognizer(recognizer)
            popRecognizer = recognizer
        }
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        navigationController?.pushViewController(toViewController, animated: true)
    }

    // MARK: The interactive pop

    /// progress = translation / width; on release, past half way or a fling of one screen width per
    /// second finishes (Flutter's public emulation of UIKit's private rule), anything else cancels.
    func handlePopGesture(_ recognizer: UIScreenEdgePanGestureRecognizer) {
        guard let view = recognizer.view else { return }
        let width = view.bounds.width
        let progress = max(recognizer.translation(in: view).x / width, 0)
        switch recognizer.state {
        case .began:
            guard let navigationController, navigationController.viewControllers.count > 1 else { return }
            interactivePopTransition = UIPercentDrivenInteractiveTransition()
            navigationController.popViewController(animated: true)
        case .changed:
            interactivePopTransition?.update(progress)
        case .ended:
            let velocity = recognizer.velocity(in: view).x
            if progress > 0.5 || velocity >= width {
                interactivePopTransition?.finish()
            } else {
                interactivePopTransition?.cancel()
            }
            interactivePopTransition = nil
        case .cancelled, .failed:
            interactivePopTransition?.cancel()
            interactivePopTransition = nil
        default:
            break
        }
    }

    // MARK: UINavigationControllerDelegate

    func navigationController(_ navigationController: UINavigationController,
                              animationControllerFor operation: UINavigationController.Operation,
                              from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        if operation == .push { return PushAnimator() }
        if operation == .pop { return PopAnimator() }
        return nil
    }

    func navigationController(_ navigationController: UINavigationController,
                              interactionControllerFor animationController: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? {
        interactivePopTransition
    }
}

/// The pushed screen: the account's card and a group of switches, with a button that goes back.
final class ToViewController: UIViewController {
    let doneButton = SurveyButton(title: "Pop to Settings", color: .systemBlue)
    private let profile = UIView()
    private let avatar = GradientView(colors: [UIColor(rgb: 0x64D2FF), UIColor(rgb: 0x5E5CE6)])
    private let initials = makeLabel("MC", font: .systemFont(ofSize: 28, weight: .semibold), color: .white, alignment: .center)
    private let name = makeLabel("Mia Chen", font: .systemFont(ofSize: 22, weight: .semibold))
    private let email = makeLabel("mia.chen@icloud.com", font: .preferredFont(forTextStyle: .subheadline), color: .secondaryLabel)
    private let header = makeSectionHeader("iCloud")
    private let switches = UIView()

    override func loadView() {
        view = UIView(frame: UIScreen.main.bounds)
        view.backgroundColor = .systemGroupedBackground
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Apple Account"
        navigationItem.largeTitleDisplayMode = .never
        profile.backgroundColor = .secondarySystemGroupedBackground
        profile.layer.cornerRadius = 12
        avatar.layer.cornerRadius = 36
        avatar.clipsToBounds = true
        avatar.addSubview(initials)
        profile.addSubview(avatar)
        profile.addSubview(name)
        profile.addSubview(email)
        view.addSubview(profile)
        view.addSubview(header)
        switches.backgroundColor = .secondarySystemGroupedBackground
        switches.layer.cornerRadius = 12
        switches.clipsToBounds = true
        let items: [(UIColor, String, Bool)] = [(.systemGreen, "iCloud Backup", true), (.systemOrange, "Photos", false),
                                                (.systemBlue, "Keychain", true), (.systemPink, "Find My", true)]
        for (index, (color, text, on)) in items.enumerated() {
            switches.addSubview(SettingsRow(iconColor: color, title: text, separator: index > 0, switchOn: on))
        }
        view.addSubview(switches)
        doneButton.addAction(UIAction { [unowned self] _ in self.navigationController?.popViewController(animated: true) },
                             for: .touchUpInside)
        view.addSubview(doneButton)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let safe = view.safeAreaInsets, width = view.bounds.width
        profile.frame = CGRect(x: 16, y: safe.top + 20, width: width - 32, height: 112)
        avatar.frame = CGRect(x: 20, y: 20, width: 72, height: 72)
        initials.frame = avatar.bounds
        name.place(x: 108, centerY: 45)
        email.place(x: 108, centerY: 70)
        switches.frame = CGRect(x: 16, y: profile.frame.maxY + 36, width: width - 32, height: 4 * SettingsRow.height)
        header.place(x: 32, centerY: switches.frame.minY - 14)
        for (index, row) in switches.subviews.enumerated() {
            row.frame = CGRect(x: 0, y: CGFloat(index) * SettingsRow.height, width: switches.bounds.width, height: SettingsRow.height)
        }
        doneButton.frame = CGRect(x: 20, y: view.bounds.height - safe.bottom - 16 - 50, width: width - 40, height: 50)
    }
}

/// One settings row: a rounded colour icon, the label (body), and a value with a chevron or a UISwitch;
/// a hairline above it when it is not the first of its group.
final class SettingsRow: UIControl {
    static let height: CGFloat = 46
    private let icon = UIView()
    private let label: UILabel
    private let value: UILabel?
    private let chevron = DisclosureChevron()
    private let toggle: UISwitch?
    private let separator = UIView()

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    init(iconColor: UIColor, title: String, value: String? = nil, separator hasSeparator: Bool, switchOn: Bool? = nil) {
        toggle = switchOn.map { on in
            let toggle = UISwitch()
            toggle.isOn = on
            return toggle
        }
        label = makeLabel(title, font: .preferredFont(forTextStyle: .body))
        self.value = value.map { makeLabel($0, font: .preferredFont(forTextStyle: .body), color: .secondaryLabel) }
        super.init(frame: .zero)
        icon.backgroundColor = iconColor
        icon.layer.cornerRadius = 7
        separator.backgroundColor = .separator
        separator.isHidden = !hasSeparator
        chevron.isHidden = toggle != nil
        for view in ([icon, label, self.value, chevron, toggle, separator] as [UIView?]).compactMap({ $0 }) {
            view.isUserInteractionEnabled = false
            addSubview(view)
        }
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        icon.frame = CGRect(x: 16, y: (bounds.height - 29) / 2, width: 29, height: 29)
        label.place(x: 60, centerY: bounds.midY)
        separator.frame = CGRect(x: 60, y: 0, width: bounds.width - 60, height: 1.0 / 3)
        if let toggle {
            let size = toggle.intrinsicContentSize
            toggle.frame = CGRect(x: bounds.width - 16 - size.width, y: (bounds.height - size.height) / 2,
                                  width: size.width, height: size.height)
        } else {
            chevron.frame = CGRect(x: bounds.width - 16 - DisclosureChevron.size.width, y: (bounds.height - DisclosureChevron.size.height) / 2,
                                   width: DisclosureChevron.size.width, height: DisclosureChevron.size.height)
            if let value {
                let size = value.intrinsicContentSize
                value.place(x: chevron.frame.minX - 8 - size.width, centerY: bounds.midY)
            }
        }
    }
}

// MARK: - Scenes

/// The settings app inside a navigation controller whose delegate is the first screen.
private func makeSettingsApp(pushed: Bool) -> (UINavigationController, FromViewController) {
    let first = FromViewController()
    let navigationController = UINavigationController(rootViewController: first)
    if pushed {
        navigationController.loadViewIfNeeded()
        navigationController.setViewControllers([first, first.toViewController], animated: false)
    }
    return (navigationController, first)
}

/// Tap a row: the delegate's PushAnimator slides the profile screen in from the right.
public final class NavPushScene: Scene {
    public static let name = "nav-push"
    public static let summary = "Survey: navigation delegate's push animator — incoming from the right, outgoing to −0.3 × width under a light dimming, system spring"
    private(set) var first: FromViewController!
    public init() {}
    public func makeRootViewController() -> UIViewController {
        let (navigationController, first) = makeSettingsApp(pushed: false)
        self.first = first
        return navigationController
    }
    public func script() -> Script {
        var script = Script()
        script.tap { [unowned self] in self.first.accountCell! }
        return script
    }
}

/// The profile screen is shown; its button pops: the delegate's PopAnimator reverses the push.
public final class NavPopScene: Scene {
    public static let name = "nav-pop"
    public static let summary = "Survey: navigation delegate's pop animator — the push reversed on the system spring"
    private(set) var first: FromViewController!
    public init() {}
    public func makeRootViewController() -> UIViewController {
        let (navigationController, first) = makeSettingsApp(pushed: true)
        self.first = first
        return navigationController
    }
    public func script() -> Script {
        var script = Script()
        script.tap { [unowned self] in self.first.toViewController.doneButton }
        return script
    }
}

/// The profile screen is shown; a left-edge swipe lets go at 30 % (cancel: it slides back), a second one
/// past half way (finish: the settings list is back).
public final class NavInteractivePopScene: Scene {
    public static let name = "nav-interactive-pop"
    public static let summary = "Survey: a left-edge swipe pops interactively through the pop animator; 30 % cancels, past half finishes"
    private(set) var first: FromViewController!
    public init() {}
    public func makeRootViewController() -> UIViewController {
        let (navigationController, first) = makeSettingsApp(pushed: true)
        self.first = first
        return navigationController
    }
    public func script() -> Script {
        var script = Script()
        let width = UIScreen.main.bounds.width
        script.edgeSwipe(from: .left, translation: 0.3 * width, duration: 0.5, releaseVelocity: 40)
        script.waitUntilIdle()
        script.wait(0.3)
        script.edgeSwipe(from: .left, translation: 0.6 * width, duration: 0.6, releaseVelocity: 120)
        return script
    }
}
