// The card modal: a list of cards; tapping one presents its detail as a sheet that springs up from the
// bottom with rounded top corners and a shadow, over a dimming that fades in; the close button (or a tap
// on the dimming) sends it back down.
//
// This file is app code: it imports only UIKit and is meant to compile unchanged in an iOS app target and
// against render-transition's UIKit on Linux. So: NSObject bases for the delegate and animator (iOS needs
// them; Linux accepts them), controls with `addAction(UIAction { … }, for:)` instead of #selector (which
// Linux lacks; that is also why the dimming is a UIControl rather than a view with a tap recognizer),
// and frames set in viewDidLayoutSubviews/layoutSubviews (constraints and stack views work too; this file
// simply does not need them). The cards are plain shapes to keep the example short; labels draw real text.
import UIKit

// MARK: - Transitioning delegate

/// Vends the presentation controller and the spring animators. Keep it strongly (a view controller's
/// `transitioningDelegate` is weak) and reuse it for every presentation.
final class CardModalTransition: NSObject, UIViewControllerTransitioningDelegate {
    /// The spring's damping ratio: below 1 the sheet overshoots its resting place and settles back.
    let dampingRatio: CGFloat
    let duration: TimeInterval

    init(dampingRatio: CGFloat = 0.55, duration: TimeInterval = 0.6) {
        self.dampingRatio = dampingRatio
        self.duration = duration
        super.init()
    }

    func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                source: UIViewController) -> UIPresentationController? {
        CardModalPresentationController(presentedViewController: presented, presenting: presenting ?? source)
    }

    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        CardModalAnimator(isPresenting: true, duration: duration, dampingRatio: dampingRatio)
    }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        CardModalAnimator(isPresenting: false, duration: duration, dampingRatio: dampingRatio)
    }

    /// Set while a drag on the sheet drives the dismissal (see the presentation controller); UIKit asks for it
    /// when the dismissal starts, and a tap on close finds nil: an ordinary animated dismissal.
    var dismissalDriver: UIPercentDrivenInteractiveTransition?

    func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning? {
        dismissalDriver
    }
}

// MARK: - Presentation controller

/// Frames the sheet, styles it (rounded top corners, shadow) and owns the dimming behind it.
final class CardModalPresentationController: UIPresentationController {
    /// How far the sheet reaches below the screen, so a bouncy spring's overshoot never uncovers a gap
    /// under it (damping 0.55 overshoots by about 13 % of the travel).
    static let overhang: CGFloat = 120
    static let cornerRadius: CGFloat = 24

    /// A control, so a tap on it dismisses without a gesture recognizer's #selector.
    private let dimmingView = UIControl()

    override init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
        super.init(presentedViewController: presentedViewController, presenting: presentingViewController)
        dimmingView.backgroundColor = UIColor(white: 0, alpha: 0.4)
        dimmingView.addAction(UIAction { [weak self] _ in
            self?.presentedViewController.dismiss(animated: true)
        }, for: .touchUpInside)
    }

    /// The bottom 62 % of the screen, plus the overhang below it.
    override var frameOfPresentedViewInContainerView: CGRect {
        guard let containerView = containerView else { return .zero }
        let bounds = containerView.bounds
        let top = max(containerView.safeAreaInsets.top + 16, (bounds.height * 0.38).rounded())
        return CGRect(x: 0, y: top, width: bounds.width, height: bounds.maxY - top + Self.overhang)
    }

    override func presentationTransitionWillBegin() {
        super.presentationTransitionWillBegin()
        guard let containerView = containerView, let sheet = presentedView else { return }
        dimmingView.frame = containerView.bounds
        dimmingView.alpha = 0
        containerView.insertSubview(dimmingView, at: 0)

        sheet.layer.cornerRadius = Self.cornerRadius
        sheet.layer.cornerCurve = .continuous
        sheet.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
        sheet.layer.shadowColor = UIColor.black.cgColor
        sheet.layer.shadowOpacity = 0.22
        sheet.layer.shadowRadius = 18
        sheet.layer.shadowOffset = CGSize(width: 0, height: -4)

        fadeDimming(to: 1)
    }

    override func presentationTransitionDidEnd(_ completed: Bool) {
        super.presentationTransitionDidEnd(completed)
        guard completed else {
            dimmingView.removeFromSuperview()
            return
        }
        presentedView?.addGestureRecognizer(dragToDismiss)
    }

    // MARK: Drag to dismiss

    /// Target–action in one text for both platforms: iOS names the method with #selector (and needs @objc);
    /// render-transition's UIKit, without an Objective-C runtime, takes the method itself.
    private lazy var dragToDismiss: UIPanGestureRecognizer = {
        let pan: UIPanGestureRecognizer
        #if canImport(ObjectiveC)
        pan = UIPanGestureRecognizer(target: self, action: #selector(handleDrag(_:)))
        #else
        pan = UIPanGestureRecognizer(target: self, action: CardModalPresentationController.handleDrag)
        #endif
        return pan
    }()
    /// How far the sheet travels when it is dismissed, measured when a drag begins.
    private var dragTravel: CGFloat = 1

    #if canImport(ObjectiveC)
    @objc private func handleDrag(_ recognizer: UIPanGestureRecognizer) { drag(recognizer) }
    #else
    private func handleDrag(_ recognizer: UIPanGestureRecognizer) { drag(recognizer) }
    #endif

    /// The sheet follows the finger down; let go past a third of the way (not moving back up), or flick
    /// down, and it leaves; otherwise it springs back.
    private func drag(_ recognizer: UIPanGestureRecognizer) {
        guard let containerView, let sheet = presentedView,
              let transition = presentedViewController.transitioningDelegate as? CardModalTransition else { return }
        let progress = min(max(recognizer.translation(in: containerView).y / dragTravel, 0), 1)
        switch recognizer.state {
        case .began:
            dragTravel = max(containerView.bounds.maxY - sheet.frame.minY, 1)
            transition.dismissalDriver = UIPercentDrivenInteractiveTransition()
            presentedViewController.dismiss(animated: true)
        case .changed:
            transition.dismissalDriver?.update(progress)
        case .ended, .cancelled, .failed:
            let velocity = recognizer.velocity(in: containerView).y
            let leaves = recognizer.state == .ended && (velocity > 800 || (progress > 1.0 / 3 && velocity > -100))
            if leaves { transition.dismissalDriver?.finish() } else { transition.dismissalDriver?.cancel() }
            transition.dismissalDriver = nil
        default:
            break
        }
    }

    override func dismissalTransitionWillBegin() {
        super.dismissalTransitionWillBegin()
        fadeDimming(to: 0)
    }

    override func dismissalTransitionDidEnd(_ completed: Bool) {
        super.dismissalTransitionDidEnd(completed)
        if completed { dimmingView.removeFromSuperview() }
    }

    override func containerViewWillLayoutSubviews() {
        super.containerViewWillLayoutSubviews()
        dimmingView.frame = containerView?.bounds ?? .zero
        // While a transition runs, the animator owns the sheet's frame.
        if !presentedViewController.isBeingPresented, !presentedViewController.isBeingDismissed {
            presentedView?.frame = frameOfPresentedViewInContainerView
        }
    }

    /// Alongside the transition, with its timing; at once when there is no transition.
    private func fadeDimming(to alpha: CGFloat) {
        guard let coordinator = presentedViewController.transitionCoordinator else {
            dimmingView.alpha = alpha
            return
        }
        coordinator.animate(alongsideTransition: { _ in
            self.dimmingView.alpha = alpha
        }, completion: nil)
    }
}

// MARK: - Animator

/// Springs the sheet up from below the screen to its frame (overshooting when the damping ratio is below 1),
/// or back down below the screen without a bounce.
final class CardModalAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    let isPresenting: Bool
    let duration: TimeInterval
    let dampingRatio: CGFloat

    init(isPresenting: Bool, duration: TimeInterval, dampingRatio: CGFloat) {
        self.isPresenting = isPresenting
        self.duration = duration
        self.dampingRatio = dampingRatio
        super.init()
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        duration
    }

    /// One animator per transition, made on the first call: UIKit asks for it again when a drag drives the
    /// dismissal, and it must get the same one.
    private var running: UIViewImplicitlyAnimating?

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        interruptibleAnimator(using: transitionContext).startAnimation()
    }

    func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
        if let running { return running }
        let animator = makeAnimator(using: transitionContext)
        running = animator
        return animator
    }

    func animationEnded(_ transitionCompleted: Bool) {
        running = nil
    }

    private func makeAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewPropertyAnimator {
        let containerView = transitionContext.containerView
        let key: UITransitionContextViewControllerKey = isPresenting ? .to : .from
        guard let controller = transitionContext.viewController(forKey: key),
              let sheet = transitionContext.view(forKey: isPresenting ? .to : .from) else {
            // Nothing to move: an animator that finishes at once, cancelled.
            let nothing = UIViewPropertyAnimator(duration: 0, curve: .linear)
            nothing.addCompletion { _ in transitionContext.completeTransition(false) }
            return nothing
        }
        let shown = isPresenting ? transitionContext.finalFrame(for: controller) : sheet.frame
        // Just below the screen, and far enough that the sheet's shadow is off screen too.
        let hidden = shown.offsetBy(dx: 0, dy: containerView.bounds.maxY - shown.minY + 2 * sheet.layer.shadowRadius)
        if isPresenting {
            containerView.addSubview(sheet)
            sheet.frame = hidden
        }
        // The bounce is for arriving: leaving, the sheet has nothing to settle against, so it goes
        // critically damped (and is still on screen for a moment rather than flung off at once).
        let damping = isPresenting ? dampingRatio : max(dampingRatio, 1)
        let animator = UIViewPropertyAnimator(duration: transitionDuration(using: transitionContext),
                                              dampingRatio: damping) {
            sheet.frame = self.isPresenting ? shown : hidden
        }
        animator.addCompletion { _ in
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        }
        return animator
    }
}

// MARK: - Screens

private extension UIView {
    /// A rounded bar where a line of text would be.
    static func textBar(color: UIColor, width: CGFloat, height: CGFloat) -> UIView {
        let bar = UIView(frame: CGRect(x: 0, y: 0, width: width, height: height))
        bar.backgroundColor = color
        bar.layer.cornerRadius = height / 2
        bar.isUserInteractionEnabled = false
        return bar
    }
}

/// One card of the list: colour, an icon, a title and a subtitle. A control, so a tap is an action.
final class CardView: UIControl {
    let icon = UIView()
    let titleBar = UIView.textBar(color: .white, width: 150, height: 14)
    let subtitle = UIView.textBar(color: UIColor(white: 1, alpha: 0.7), width: 100, height: 10)

    var color: UIColor? {
        get { backgroundColor }
        set { backgroundColor = newValue }
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        layer.cornerRadius = 20
        layer.cornerCurve = .continuous
        layer.shadowColor = UIColor.black.cgColor
        layer.shadowOpacity = 0.15
        layer.shadowRadius = 10
        layer.shadowOffset = CGSize(width: 0, height: 4)
        icon.backgroundColor = UIColor(white: 1, alpha: 0.3)
        icon.layer.cornerRadius = 12
        icon.isUserInteractionEnabled = false
        for view in [icon, titleBar, subtitle] { addSubview(view) }
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        icon.frame = CGRect(x: 18, y: 18, width: 44, height: 44)
        subtitle.frame.origin = CGPoint(x: 18, y: bounds.height - 18 - subtitle.frame.height)
        titleBar.frame.origin = CGPoint(x: 18, y: subtitle.frame.minY - 10 - titleBar.frame.height)
    }
}

/// The list: a title and a column of cards. Tapping a card presents its detail through `cardTransition`.
final class CardListViewController: UIViewController {
    /// Kept here because `transitioningDelegate` is weak.
    var cardTransition = CardModalTransition()
    /// The cards' colours, top to bottom: indigo, orange, teal, pink.
    private static let colors: [UIColor] = [
        UIColor(red: 0.35, green: 0.34, blue: 0.84, alpha: 1),
        UIColor(red: 1.00, green: 0.58, blue: 0.00, alpha: 1),
        UIColor(red: 0.19, green: 0.69, blue: 0.78, alpha: 1),
        UIColor(red: 1.00, green: 0.18, blue: 0.33, alpha: 1),
    ]
    private(set) var cards: [CardView] = []
    private let header = UIView.textBar(color: .label, width: 170, height: 28)

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemGroupedBackground
        view.addSubview(header)
        for color in Self.colors {
            let card = CardView()
            card.color = color
            card.addAction(UIAction { [unowned self, unowned card] _ in self.show(card) }, for: .touchUpInside)
            view.addSubview(card)
            cards.append(card)
        }
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let safe = view.safeAreaInsets, width = view.bounds.width
        header.frame.origin = CGPoint(x: 20, y: safe.top + 16)
        var y = header.frame.maxY + 20
        for card in cards {
            card.frame = CGRect(x: 20, y: y, width: width - 40, height: 150)
            y += 150 + 16
        }
    }

    func show(_ card: CardView) {
        let detail = CardDetailViewController()
        detail.color = card.color
        detail.modalPresentationStyle = .custom
        detail.transitioningDelegate = cardTransition
        present(detail, animated: true)
    }
}

/// The sheet's content: a grabber, the card's colour as a header with a close button, a title with the
/// card's icon, lines of text and a button. The icon and the button's colour come from the target's asset
/// catalog (Assets.xcassets: an image set with light and dark variants, a Display P3 colour set), looked up
/// by name as an iOS app does.
final class CardDetailViewController: UIViewController {
    var color: UIColor?
    let closeButton = UIButton(type: .custom)
    private let grabber = UIView()
    private let hero = UIView()
    private let lines = [300, 260, 280, 180].map { UIView.textBar(color: .systemGray5, width: CGFloat($0), height: 12) }
    private let titleBar = UIView.textBar(color: .label, width: 190, height: 22)
    private let getButton = UIButton(type: .custom)
    private let icon = UIImageView(image: UIImage(named: "CardIcon"))

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        grabber.backgroundColor = .systemGray5
        grabber.layer.cornerRadius = 2.5
        hero.backgroundColor = color
        hero.layer.cornerRadius = 16
        hero.layer.cornerCurve = .continuous
        getButton.backgroundColor = UIColor(named: "Accent") ?? color
        getButton.layer.cornerRadius = 22

        // A white circle with a cross of two bars.
        closeButton.backgroundColor = UIColor(white: 1, alpha: 0.85)
        closeButton.layer.cornerRadius = 15
        for angle in [CGFloat.pi / 4, -CGFloat.pi / 4] {
            let bar = UIView.textBar(color: .darkGray, width: 14, height: 2.5)
            bar.center = CGPoint(x: 15, y: 15)
            bar.transform = CGAffineTransform(rotationAngle: angle)
            closeButton.addSubview(bar)
        }
        closeButton.addAction(UIAction { [unowned self] _ in self.dismiss(animated: true) }, for: .touchUpInside)

        for subview in [grabber, hero, titleBar, icon] + lines + [getButton] { view.addSubview(subview) }
        view.addSubview(closeButton)
    }

    /// Everything hangs from the top: the sheet reaches below the screen by the presentation's overhang.
    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let width = view.bounds.width
        grabber.frame = CGRect(x: (width - 36) / 2, y: 8, width: 36, height: 5)
        hero.frame = CGRect(x: 16, y: 24, width: width - 32, height: 150)
        closeButton.frame = CGRect(x: hero.frame.maxX - 12 - 30, y: hero.frame.minY + 12, width: 30, height: 30)
        titleBar.frame.origin = CGPoint(x: 20, y: hero.frame.maxY + 20)
        icon.frame = CGRect(x: width - 20 - 48, y: hero.frame.maxY + 8, width: 48, height: 48)
        var y = titleBar.frame.maxY + 18
        for line in lines {
            line.frame.origin = CGPoint(x: 20, y: y)
            line.frame.size.width = min(line.frame.width, width - 40)
            y += 24
        }
        getButton.frame = CGRect(x: 20, y: y + 12, width: width - 40, height: 44)
    }
}
