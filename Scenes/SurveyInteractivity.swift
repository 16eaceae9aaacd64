// From the transition survey "iOS實戰之自定義轉場動畫詳解", its "Interactivity" demo:
// a screen-edge pan from the right edge
// presents the second screen interactively. The first screen keeps a separate transitioning delegate
// (InteractivityTransitionDelegate) that vends InteractivityTransitionAnimator for both directions and,
// only while a gesture drives the transition, a TransitionInteractionController: a
// UIPercentDrivenInteractiveTransition subclass that follows the gesture (percent = translation / width)
// and on release finishes past half way, cancels otherwise. The button still presents without interaction.
//
// The article elides the animator ("like the non-interactive one") and percentForGesture; ours slide the
// incoming screen in from the dragged edge over 0.35 s, linearly while interactive so the screen's edge
// stays under the finger.
import UIKit
import Stage

// MARK: - Animator

/// Slides the presented screen in from `targetEdge` and, on dismissal, back out to it.
final class InteractivityTransitionAnimator: UIViewControllerAnimatedTransitioning {
    static let duration: TimeInterval = 0.35
    let targetEdge: UIRectEdge

    init(targetEdge: UIRectEdge) { self.targetEdge = targetEdge }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { Self.duration }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let fromViewController = transitionContext.viewController(forKey: .from),
              let toViewController = transitionContext.viewController(forKey: .to),
              let fromView = transitionContext.view(forKey: .from),
              let toView = transitionContext.view(forKey: .to) else {
            transitionContext.completeTransition(false)
            return
        }
        let containerView = transitionContext.containerView
        let isPresenting = toViewController.presentingViewController === fromViewController
        // The offset that puts a screen just beyond the target edge.
        let offset: CGVector
        switch targetEdge {
        case .left: offset = CGVector(dx: -containerView.bounds.width, dy: 0)
        case .top: offset = CGVector(dx: 0, dy: -containerView.bounds.height)
        case .bottom: offset = CGVector(dx: 0, dy: containerView.bounds.height)
        default: offset = CGVector(dx: containerView.bounds.width, dy: 0)
        }
        let fromFrame = transitionContext.initialFrame(for: fromViewController)
        let toFrame = transitionContext.finalFrame(for: toViewController)
        if isPresenting {
            toView.frame = toFrame.offsetBy(dx: offset.dx, dy: offset.dy)
            containerView.addSubview(toView)
        } else {
            // `.fullScreen` took the presenting view away: put it back, under the leaving screen.
            toView.frame = toFrame
            containerView.insertSubview(toView, belowSubview: fromView)
        }
        let options: UIView.AnimationOptions = transitionContext.isInteractive ? .curveLinear : .curveEaseInOut
        UIView.animate(withDuration: transitionDuration(using: transitionContext), delay: 0, options: options, animations: {
            if isPresenting {
                toView.frame = toFrame
            } else {
                fromView.frame = fromFrame.offsetBy(dx: offset.dx, dy: offset.dy)
            }
        }) { _ in
            let wasCancelled = transitionContext.transitionWasCancelled
            if wasCancelled, isPresenting { toView.removeFromSuperview() }
            transitionContext.completeTransition(!wasCancelled)
        }
    }
}

// MARK: - Interaction

/// Follows an edge pan that is already under way: `update` on every change, and on release finish when
/// at least half way (as in the survey), cancel otherwise.
final class TransitionInteractionController: UIPercentDrivenInteractiveTransition {
    let gestureRecognizer: UIScreenEdgePanGestureRecognizer
    let edge: UIRectEdge

    init(gestureRecognizer: UIScreenEdgePanGestureRecognizer, edgeForDragging edge: UIRectEdge) {
        self.gestureRecognizer = gestureRecognizer
        self.edge = edge
        super.init()
        gestureRecognizer.addTarget(self, action: TransitionInteractionController.gestureRecognizeDidUpdate(gestureRecognizer:))
    }

    func gestureRecognizeDidUpdate(gestureRecognizer: UIScreenEdgePanGestureRecognizer) {
        switch gestureRecognizer.state {
        case .began:
            break
        case .changed:
            update(percentForGesture(gestureRecognizer))
        case .ended:
            if percentForGesture(gestureRecognizer) >= 0.5 { finish() } else { cancel() }
            gestureRecognizer.removeTarget(self)
        default:
            cancel()
            gestureRecognizer.removeTarget(self)
        }
    }

    /// How far the finger has come from its edge, as a share of the screen's width (or height).
    private func percentForGesture(_ gesture: UIScreenEdgePanGestureRecognizer) -> CGFloat {
        guard let view = gesture.view else { return 0 }
        let translation = gesture.translation(in: view)
        switch edge {
        case .left: return translation.x / view.bounds.width
        case .top: return translation.y / view.bounds.height
        case .bottom: return -translation.y / view.bounds.height
        default: return -translation.x / view.bounds.width
        }
    }
}

/// The first screen's transitioning delegate: animators always, an interaction controller only while
/// `gestureRecognizer` (set by the screen before it presents from a gesture) drives the transition.
final class InteractivityTransitionDelegate: UIViewControllerTransitioningDelegate {
    var gestureRecognizer: UIScreenEdgePanGestureRecognizer?
    var targetEdge: UIRectEdge = .right

    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        InteractivityTransitionAnimator(targetEdge: targetEdge)
    }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        InteractivityTransitionAnimator(targetEdge: targetEdge)
    }

    func interactionControllerForPresentation(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? {
        gestureRecognizer.map { TransitionInteractionController(gestureRecognizer: $0, edgeForDragging: targetEdge) }
    }

    func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? {
        gestureRecognizer.map { TransitionInteractionController(gestureRecognizer: $0, edgeForDragging: targetEdge) }
    }
}

// MARK: - Screens

/// A photo library: a header, a collection view of gradient thumbnails (a compositional layout of three
/// square columns) and a button; swiping in from the right edge (or the button) shows the second screen.
final class InteractivityFirstViewController: UIViewController {
    lazy var interactivitySecondViewController: InteractivitySecondViewController = InteractivitySecondViewController()
    lazy var customTransitionDelegate: InteractivityTransitionDelegate = InteractivityTransitionDelegate()
    let animationButton = SurveyButton(title: "Present", color: .systemIndigo)
    private let header = SurveyHeader(caption: "1,204 photos", title: "Library", initials: "MC", tint: .systemIndigo)
    /// The thumbnails: twelve photos in a collection view fed by a diffable data source.
    private(set) var collectionView: UICollectionView!
    private var dataSource: UICollectionViewDiffableDataSource<Int, Int>!
    static let palettes: [[UIColor]] = [
        [UIColor(rgb: 0xFF9F0A), UIColor(rgb: 0xFF375F)], [UIColor(rgb: 0x64D2FF), UIColor(rgb: 0x5E5CE6)],
        [UIColor(rgb: 0x30D158), UIColor(rgb: 0x0A84FF)], [UIColor(rgb: 0xFFD60A), UIColor(rgb: 0xFF9F0A)],
        [UIColor(rgb: 0xBF5AF2), UIColor(rgb: 0xFF6482)], [UIColor(rgb: 0x66D4CF), UIColor(rgb: 0x30B0C7)],
    ]
    /// 20 pt margins, 6 pt gaps, three whole-point columns.
    static let margin: CGFloat = 20, gap: CGFloat = 6

    static func makeLayout() -> UICollectionViewCompositionalLayout {
        UICollectionViewCompositionalLayout { _, environment in
            let side = ((environment.container.effectiveContentSize.width - 2 * margin - 2 * gap) / 3).rounded(.down)
            let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
            // Three whole-point squares and their gaps; what is left of the row stays on the right.
            let group = NSCollectionLayoutGroup.horizontal(
                layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(3 * side + 2 * gap), heightDimension: .absolute(side)),
                repeatingSubitem: item, count: 3)
            group.interItemSpacing = .fixed(gap)
            let section = NSCollectionLayoutSection(group: group)
            section.interGroupSpacing = gap
            section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: margin, bottom: 0, trailing: margin)
            return section
        }
    }
    /// A grabber at the right edge hinting at the swipe.
    private let edgeHint = UIView()

    override func loadView() {
        view = UIView(frame: UIScreen.main.bounds)
        view.backgroundColor = .systemBackground
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(header)
        let collectionView = UICollectionView(frame: .zero, collectionViewLayout: Self.makeLayout())
        collectionView.backgroundColor = .clear
        self.collectionView = collectionView
        view.addSubview(collectionView)
        let registration = UICollectionView.CellRegistration<UICollectionViewCell, Int> { cell, _, item in
            cell.contentView.subviews.forEach { $0.removeFromSuperview() }
            let thumbnail = GradientView(colors: Self.palettes[(item * 5) % Self.palettes.count])
            thumbnail.frame = cell.contentView.bounds
            thumbnail.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            cell.contentView.addSubview(thumbnail)
            cell.contentView.layer.cornerRadius = 10
            cell.contentView.clipsToBounds = true
        }
        dataSource = UICollectionViewDiffableDataSource<Int, Int>(collectionView: collectionView) { collectionView, indexPath, item in
            collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(0..<12))
        dataSource.apply(snapshot, animatingDifferences: false)
        edgeHint.backgroundColor = UIColor(white: 0, alpha: 0.18)
        edgeHint.layer.cornerRadius = 2.5
        view.addSubview(edgeHint)
        animationButton.addAction(UIAction { [unowned self] _ in self.animationButtonDidClicked(nil) }, for: .touchUpInside)
        view.addSubview(animationButton)

        interactivitySecondViewController.modalPresentationStyle = .fullScreen
        interactivitySecondViewController.transitioningDelegate = customTransitionDelegate
        let interactiveTransitionRecognizer = UIScreenEdgePanGestureRecognizer(
            target: self, action: InteractivityFirstViewController.interactiveTransitionRecognizerAction(sender:))
        interactiveTransitionRecognizer.edges = .right
        view.addGestureRecognizer(interactiveTransitionRecognizer)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let safe = view.safeAreaInsets, width = view.bounds.width
        header.frame = CGRect(x: 0, y: safe.top, width: width, height: 64)
        animationButton.frame = CGRect(x: 20, y: view.bounds.height - safe.bottom - 16 - 50, width: width - 40, height: 50)
        let gridTop = header.frame.maxY + 8
        collectionView.frame = CGRect(x: 0, y: gridTop, width: width, height: animationButton.frame.minY - gridTop)
        edgeHint.frame = CGRect(x: width - 9, y: view.bounds.midY - 30, width: 5, height: 60)
    }

    /// The edge pan starts the presentation; the interaction controller follows it from then on.
    func interactiveTransitionRecognizerAction(sender: UIScreenEdgePanGestureRecognizer) {
        if sender.state == .began { animationButtonDidClicked(sender) }
    }

    func animationButtonDidClicked(_ sender: AnyObject?) {
        customTransitionDelegate.gestureRecognizer = sender as? UIScreenEdgePanGestureRecognizer
        customTransitionDelegate.targetEdge = .right
        present(interactivitySecondViewController, animated: true)
    }
}

/// The photo, opened: a dark screen with a large image, a caption and a dismiss button.
final class InteractivitySecondViewController: UIViewController {
    let dismissButton = SurveyButton(title: "Dismiss", color: UIColor(white: 1, alpha: 0.16))
    private let photo = GradientView(colors: [UIColor(rgb: 0x64D2FF), UIColor(rgb: 0x5E5CE6), UIColor(rgb: 0xBF5AF2)])
    private let caption = makeLabel("Lake Bled at dawn", font: .preferredFont(forTextStyle: .title3), color: UIColor(white: 1, alpha: 0.85))
    private let detail = makeLabel("June 4 · 6:12 AM · Slovenia", font: .preferredFont(forTextStyle: .footnote),
                                   color: UIColor(white: 1, alpha: 0.5))

    /// White status bar text over the black screen.
    override var preferredStatusBarStyle: UIStatusBarStyle { .lightContent }

    override func loadView() {
        view = UIView(frame: UIScreen.main.bounds)
        view.backgroundColor = .black
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        photo.layer.cornerRadius = 4
        photo.clipsToBounds = true
        view.addSubview(photo)
        view.addSubview(caption)
        view.addSubview(detail)
        dismissButton.addAction(UIAction { [unowned self] _ in self.dismiss(animated: true) }, for: .touchUpInside)
        view.addSubview(dismissButton)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let safe = view.safeAreaInsets, width = view.bounds.width
        let photoHeight = (width * 1.2).rounded()
        photo.frame = CGRect(x: 0, y: safe.top + 40, width: width, height: photoHeight)
        caption.place(x: 20, centerY: photo.frame.maxY + 33)
        detail.place(x: 20, centerY: photo.frame.maxY + 60)
        dismissButton.frame = CGRect(x: 20, y: view.bounds.height - safe.bottom - 16 - 50, width: width - 40, height: 50)
    }
}

// MARK: - Scene

/// Two swipes in from the right edge: the first lets go at 30 % of the width (cancel, the photo slides
/// back out), the second at 70 % (finish).
public final class EdgeInteractiveScene: Scene {
    public static let name = "edge-interactive"
    public static let summary = "Survey: a right-edge pan presents interactively (percent = translation / width); released at 30 % cancels, at 70 % finishes"
    private(set) var first: InteractivityFirstViewController!
    public init() {}

    public func makeRootViewController() -> UIViewController {
        first = InteractivityFirstViewController()
        return first
    }

    public func script() -> Script {
        var script = Script()
        let width = UIScreen.main.bounds.width
        script.edgeSwipe(from: .right, translation: 0.3 * width, duration: 0.5, releaseVelocity: 60)
        script.waitUntilIdle()
        script.wait(0.3)
        script.edgeSwipe(from: .right, translation: 0.7 * width, duration: 0.7, releaseVelocity: 60)
        return script
    }
}
