// From the transition survey "iOS實戰之自定義轉場動畫詳解", its "Custom Presentation" demo:
// a form-sheet-like presentation.
// CustomPresentationController is at once the presentation controller, the transitioning delegate and
// the animator. It shows the presented controller's view inside a wrapper: a shadow view (opacity 0.44,
// radius 13, offset (0, −6)) around a rounding view (corner radius 16, masksToBounds); `presentedView` is
// that wrapper, so the animator moves all of it. A black dimming view fades to 0.5 alongside, through the
// transition coordinator. Wrapper and dimming are dropped as soon as they are no longer needed (after a
// cancelled presentation or a completed dismissal).
//
// The article elides the layout and the animator; following Apple's CustomTransitions sample it describes,
// the sheet sits at the bottom, its rounding view reaches 16 pt below the sheet so only the top corners
// show, and the animator slides it up from below the screen in 0.35 s (and back down to dismiss).
import UIKit
import Stage

final class CustomPresentationController: UIPresentationController, UIViewControllerTransitioningDelegate,
                                          UIViewControllerAnimatedTransitioning {
    static let cornerRadius: CGFloat = 16
    static let duration: TimeInterval = 0.35
    /// The wrapper around the presented view: shadow view → rounding view → presented view.
    var presentationWrappingView: UIView?
    /// Black at alpha 0.5 over the presenting screen.
    var dimmingView: UIView?

    override init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
        super.init(presentedViewController: presentedViewController, presenting: presentingViewController)
        // The style must be custom for UIKit to ask this object for its presentation controller.
        presentedViewController.modalPresentationStyle = .custom
    }

    /// UIKit animates this view, not the presented controller's own.
    override var presentedView: UIView? { presentationWrappingView }

    // MARK: Chrome

    override func presentationTransitionWillBegin() {
        guard let containerView, let presentedViewControllerView = super.presentedView else { return }
        // The shadow view: its layer casts the sheet's shadow.
        let presentationWrapperView = UIView(frame: frameOfPresentedViewInContainerView)
        presentationWrapperView.layer.shadowOpacity = 0.44
        presentationWrapperView.layer.shadowRadius = 13
        presentationWrapperView.layer.shadowOffset = CGSize(width: 0, height: -6)
        presentationWrappingView = presentationWrapperView

        // The rounding view reaches one corner radius below the sheet, so the bottom corners are hidden.
        let presentationRoundedCornerView = UIView(frame: presentationWrapperView.bounds.inset(by: UIEdgeInsets(
            top: 0, left: 0, bottom: -Self.cornerRadius, right: 0)))
        presentationRoundedCornerView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        presentationRoundedCornerView.layer.cornerRadius = Self.cornerRadius
        presentationRoundedCornerView.layer.masksToBounds = true

        // The presented view keeps to the sheet's own height inside the rounding view.
        let presentedViewControllerWrapperView = UIView(frame: presentationRoundedCornerView.bounds.inset(by: UIEdgeInsets(
            top: 0, left: 0, bottom: Self.cornerRadius, right: 0)))
        presentedViewControllerWrapperView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        presentedViewControllerView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        presentedViewControllerView.frame = presentedViewControllerWrapperView.bounds
        presentedViewControllerWrapperView.addSubview(presentedViewControllerView)
        presentationRoundedCornerView.addSubview(presentedViewControllerWrapperView)
        presentationWrapperView.addSubview(presentationRoundedCornerView)

        let dimmingView = UIView(frame: containerView.bounds)
        dimmingView.backgroundColor = .black
        dimmingView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        let tap = UITapGestureRecognizer(target: self, action: CustomPresentationController.dimmingViewTapped(sender:))
        dimmingView.addGestureRecognizer(tap)
        self.dimmingView = dimmingView
        containerView.addSubview(dimmingView)

        // Fade the dimming in alongside the slide.
        let transitionCoordinator = presentingViewController.transitionCoordinator
        self.dimmingView?.alpha = 0
        transitionCoordinator?.animate(alongsideTransition: { _ in
            self.dimmingView?.alpha = 0.5
        }, completion: nil)
    }

    override func presentationTransitionDidEnd(_ completed: Bool) {
        // A cancelled presentation leaves nothing on screen: the chrome is not needed any more.
        if !completed {
            presentationWrappingView = nil
            dimmingView = nil
        }
    }

    override func dismissalTransitionWillBegin() {
        let transitionCoordinator = presentingViewController.transitionCoordinator
        transitionCoordinator?.animate(alongsideTransition: { _ in
            self.dimmingView?.alpha = 0
        }, completion: nil)
    }

    override func dismissalTransitionDidEnd(_ completed: Bool) {
        if completed {
            presentationWrappingView = nil
            dimmingView = nil
        }
    }

    func dimmingViewTapped(sender: UITapGestureRecognizer) {
        presentingViewController.dismiss(animated: true)
    }

    // MARK: Layout

    /// A sheet along the bottom: 55 % of the container's height (ours), full width.
    override var frameOfPresentedViewInContainerView: CGRect {
        guard let containerView else { return .zero }
        let bounds = containerView.bounds
        let height = (bounds.height * 0.55).rounded()
        return CGRect(x: 0, y: bounds.maxY - height, width: bounds.width, height: height)
    }

    override func containerViewWillLayoutSubviews() {
        super.containerViewWillLayoutSubviews()
        dimmingView?.frame = containerView?.bounds ?? .zero
        // While a transition runs the animator owns the wrapper's frame.
        if !presentedViewController.isBeingPresented, !presentedViewController.isBeingDismissed {
            presentationWrappingView?.frame = frameOfPresentedViewInContainerView
        }
    }

    // MARK: UIViewControllerTransitioningDelegate

    func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                source: UIViewController) -> UIPresentationController? {
        precondition(presented === presentedViewController, "CustomPresentationController presents only its own controller")
        return self
    }

    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? { self }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? { self }

    // MARK: UIViewControllerAnimatedTransitioning

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        transitionContext?.isAnimated == false ? 0 : Self.duration
    }

    /// Present: the wrapper rises from just below the screen to its frame. Dismiss: back down.
    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let fromViewController = transitionContext.viewController(forKey: .from),
              let toViewController = transitionContext.viewController(forKey: .to) else {
            transitionContext.completeTransition(false)
            return
        }
        let containerView = transitionContext.containerView
        // `.custom` keeps the presenter's view out of the context: only the presented side has a view.
        let toView = transitionContext.view(forKey: .to)
        let fromView = transitionContext.view(forKey: .from)
        let isPresenting = fromViewController === presentingViewController
        var fromViewFinalFrame = transitionContext.finalFrame(for: fromViewController)
        var toViewInitialFrame = transitionContext.initialFrame(for: toViewController)
        let toViewFinalFrame = transitionContext.finalFrame(for: toViewController)
        if let toView { containerView.addSubview(toView) }
        if isPresenting {
            toViewInitialFrame.origin = CGPoint(x: containerView.bounds.minX, y: containerView.bounds.maxY)
            toViewInitialFrame.size = toViewFinalFrame.size
            toView?.frame = toViewInitialFrame
        } else if let fromView {
            fromViewFinalFrame = fromView.frame.offsetBy(dx: 0, dy: containerView.bounds.maxY - fromView.frame.minY)
        }
        UIView.animate(withDuration: transitionDuration(using: transitionContext), animations: {
            if isPresenting {
                toView?.frame = toViewFinalFrame
            } else {
                fromView?.frame = fromViewFinalFrame
            }
        }) { _ in
            let wasCancelled = transitionContext.transitionWasCancelled
            transitionContext.completeTransition(!wasCancelled)
        }
    }
}

// MARK: - Screens

/// One message in the inbox: who sent it, its subject, and the colours of the sender's avatar.
struct InboxMessage {
    let sender: String
    let subject: String
    let avatar: [UIColor]

    /// The avatar as an image for the row's content configuration: a 48 pt square of the diagonal gradient
    /// the list has always shown (the row rounds its corners).
    func avatarImage() -> UIImage {
        let side = CustomPresentationFirstViewController.avatarSide
        return UIGraphicsImageRenderer(size: CGSize(width: side, height: side)).image { context in
            let gradient = CGGradient(colorsSpace: nil, colors: avatar.map(\.cgColor) as CFArray, locations: nil)!
            context.cgContext.drawLinearGradient(gradient, start: .zero, end: CGPoint(x: side, y: side), options: [])
        }
    }
}

/// A mailbox: a plain table view of messages (subtitle rows: avatar, sender, subject, disclosure
/// indicator) under the large-title header, and a compose button over the list that presents the sheet.
final class CustomPresentationFirstViewController: UIViewController, UITableViewDataSource {
    static let avatarSide: CGFloat = 48
    static let avatarCornerRadius: CGFloat = 10
    static let cellIdentifier = "Message"
    /// The compose button's band above the home indicator: 16 pt, the 50 pt button, 16 pt.
    static let buttonBand: CGFloat = 16 + 50 + 16
    let messages: [InboxMessage] = [
        InboxMessage(sender: "Ana Ribeiro", subject: "Photos from Saturday", avatar: [UIColor(rgb: 0x66D4CF), UIColor(rgb: 0x30B0C7)]),
        InboxMessage(sender: "Tom Becker", subject: "Re: Tickets for Friday", avatar: [UIColor(rgb: 0xFF9F0A), UIColor(rgb: 0xFF375F)]),
        InboxMessage(sender: "Design Team", subject: "Review notes, round two", avatar: [UIColor(rgb: 0x5E5CE6), UIColor(rgb: 0xBF5AF2)]),
        InboxMessage(sender: "Garden Club", subject: "Seed swap this Sunday", avatar: [UIColor(rgb: 0x30D158), UIColor(rgb: 0x66D4CF)]),
        InboxMessage(sender: "Priya Nair", subject: "Lunch next week?", avatar: [UIColor(rgb: 0xFFD60A), UIColor(rgb: 0xFF9F0A)]),
        InboxMessage(sender: "City Library", subject: "Your hold is ready", avatar: [UIColor(rgb: 0x0A84FF), UIColor(rgb: 0x64D2FF)]),
    ]
    lazy var customPresentationSecondViewController: CustomPresentationSecondViewController = CustomPresentationSecondViewController()
    lazy var customPresentationController: CustomPresentationController = CustomPresentationController(
        presentedViewController: customPresentationSecondViewController, presenting: self)
    let tableView = UITableView(frame: .zero, style: .plain)
    let animationButton = SurveyButton(title: "Present", color: .systemTeal)
    private let header = SurveyHeader(caption: "12 unread", title: "Inbox", initials: "MC", tint: .systemTeal)

    override func loadView() {
        view = UIView(frame: UIScreen.main.bounds)
        view.backgroundColor = .systemBackground
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.frame = view.bounds
        tableView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: Self.cellIdentifier)
        tableView.dataSource = self
        // The last messages can scroll clear of the compose button (the table adds the home indicator's inset).
        tableView.contentInset.bottom = Self.buttonBand
        tableView.verticalScrollIndicatorInsets.bottom = Self.buttonBand
        // The header scrolls with the messages; the table's top inset keeps it below the status bar.
        header.frame = CGRect(x: 0, y: 0, width: view.bounds.width, height: 72)
        tableView.tableHeaderView = header
        // No filler rows: iOS would draw empty rows' separators between the last message and the button.
        tableView.tableFooterView = UIView()
        view.addSubview(tableView)
        animationButton.addAction(UIAction { [unowned self] _ in self.animationButtonDidClicked() }, for: .touchUpInside)
        view.addSubview(animationButton)
        // The presentation controller is the presented controller's transitioning delegate.
        customPresentationSecondViewController.transitioningDelegate = customPresentationController
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let safe = view.safeAreaInsets, width = view.bounds.width
        animationButton.frame = CGRect(x: 20, y: view.bounds.height - safe.bottom - Self.buttonBand + 16,
                                       width: width - 40, height: 50)
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { messages.count }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: Self.cellIdentifier, for: indexPath)
        let message = messages[indexPath.row]
        var content = UIListContentConfiguration.subtitleCell()
        content.image = message.avatarImage()
        content.imageProperties.cornerRadius = Self.avatarCornerRadius
        content.text = message.sender
        content.textProperties.font = .preferredFont(forTextStyle: .headline)
        content.secondaryText = message.subject
        cell.contentConfiguration = content
        cell.accessoryType = .disclosureIndicator
        return cell
    }

    func animationButtonDidClicked() {
        present(customPresentationSecondViewController, animated: true)
    }
}

/// The sheet's content: a grabber, a title, a few form fields and a button that dismisses it.
final class CustomPresentationSecondViewController: UIViewController {
    let dismissButton = SurveyButton(title: "Dismiss", color: .systemTeal)
    private let grabber = UIView()
    private let titleLabel = makeLabel("New Message", font: .systemFont(ofSize: 22, weight: .bold))
    private var fields: [UIView] = []
    private var fieldLabels: [UILabel] = []

    override func loadView() {
        view = UIView(frame: UIScreen.main.bounds)
        view.backgroundColor = .systemBackground
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        grabber.backgroundColor = .systemGray5
        grabber.layer.cornerRadius = 2.5
        view.addSubview(grabber)
        view.addSubview(titleLabel)
        for placeholder in ["To", "Subject", "Message"] {
            let field = UIView()
            field.backgroundColor = .systemGray6
            field.layer.cornerRadius = 10
            let label = makeLabel(placeholder, font: .preferredFont(forTextStyle: .body),
                                  color: UIColor(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.3))
            field.addSubview(label)
            fieldLabels.append(label)
            view.addSubview(field)
            fields.append(field)
        }
        dismissButton.addAction(UIAction { [unowned self] _ in self.dismiss(animated: true) }, for: .touchUpInside)
        view.addSubview(dismissButton)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let width = view.bounds.width
        grabber.frame = CGRect(x: (width - 36) / 2, y: 6, width: 36, height: 5)
        titleLabel.place(x: 20, centerY: 39)
        var y: CGFloat = 70
        for (field, label) in zip(fields, fieldLabels) {
            field.frame = CGRect(x: 20, y: y, width: width - 40, height: 44)
            label.place(x: 14, centerY: 22)
            y += 56
        }
        // The button stays above the home indicator (the sheet reaches the screen's bottom).
        dismissButton.frame = CGRect(x: 20, y: view.bounds.height - view.safeAreaInsets.bottom - 16 - 50, width: width - 40, height: 50)
    }
}

// MARK: - Scene

/// Tap compose: the sheet slides up with its shadow and rounded top while the screen dims; wait; tap the
/// sheet's button: it slides back down and the dimming fades.
public final class CustomPresentationScene: Scene {
    public static let name = "custom-presentation"
    public static let summary = "Survey: form-sheet-like presentation controller (its own delegate): shadowed, rounded wrapper slides up in 0.35 s over a 0.5 dimming; dismiss reverses"
    private(set) var first: CustomPresentationFirstViewController!
    public init() {}

    public func makeRootViewController() -> UIViewController {
        first = CustomPresentationFirstViewController()
        return first
    }

    public func script() -> Script {
        var script = Script()
        script.tap { [unowned self] in self.first.animationButton }
        script.waitUntilIdle()
        script.wait(0.4)
        script.tap { [unowned self] in self.first.customPresentationSecondViewController.dismissButton }
        return script
    }
}
