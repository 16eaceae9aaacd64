// A sample in the style of public interruptible-push code: pressing and holding a card starts an
// interactive push of its detail screen; dragging up drives it (300 pt is the whole way); lifting past
// half way finishes it, otherwise it cancels. The list is the navigation controller's delegate: it
// returns its own animator for the push and, while the press drives it, a
// UIPercentDrivenInteractiveTransition as the interaction controller.
import Testing
import Foundation
import UIKit
import Stage
@testable import Playback
import Raster

/// The detail slides up from below the card list and the list dims; 0.4 s, ease-in-out.
final class CardPushAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.4 }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let fromView = transitionContext.view(forKey: .from),
              let toView = transitionContext.view(forKey: .to) else {
            transitionContext.completeTransition(false)
            return
        }
        let container = transitionContext.containerView
        container.addSubview(toView)
        toView.frame = container.bounds.offsetBy(dx: 0, dy: container.bounds.height)
        UIView.animate(withDuration: transitionDuration(using: transitionContext), delay: 0,
                       options: .curveEaseInOut, animations: {
            toView.frame = container.bounds
            fromView.alpha = 0.6
        }, completion: { _ in
            fromView.alpha = 1
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
}

final class CardDetailViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemIndigo
    }
}

final class CardListViewController: UIViewController, UINavigationControllerDelegate {
    let card = UIView()
    private var interaction: UIPercentDrivenInteractiveTransition?
    private var pressStart: CGPoint = .zero
    /// What the press did, for the test: its states and the progress it last set.
    private(set) var pressStates: [UIGestureRecognizer.State] = []
    private(set) var lastProgress: CGFloat = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        card.frame = CGRect(x: 24, y: 480, width: view.bounds.width - 48, height: 220)
        card.backgroundColor = .systemIndigo
        card.layer.cornerRadius = 16
        view.addSubview(card)
        let press = UILongPressGestureRecognizer(target: self, action: CardListViewController.handlePress)
        press.minimumPressDuration = 0.4
        card.addGestureRecognizer(press)
    }

    func handlePress(_ press: UILongPressGestureRecognizer) {
        pressStates.append(press.state)
        let point = press.location(in: nil)
        switch press.state {
        case .began:
            pressStart = point
            interaction = UIPercentDrivenInteractiveTransition()
            navigationController?.pushViewController(CardDetailViewController(), animated: true)
        case .changed:
            lastProgress = progress(at: point)
            interaction?.update(lastProgress)
        case .ended, .cancelled:
            if press.state == .ended && progress(at: point) > 0.5 { interaction?.finish() } else { interaction?.cancel() }
            interaction = nil
        default:
            break
        }
    }

    private func progress(at point: CGPoint) -> CGFloat { min(max((pressStart.y - point.y) / 300, 0), 1) }

    func navigationController(_ navigationController: UINavigationController,
                              animationControllerFor operation: UINavigationController.Operation,
                              from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        operation == .push ? CardPushAnimator() : nil
    }

    func navigationController(_ navigationController: UINavigationController,
                              interactionControllerFor animationController: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning? {
        interaction
    }
}

/// Press the card 0.6 s, drag it up `drag` points over 0.4 s, lift.
class LongPressPushScene: Scene {
    class var name: String { "long-press-push" }
    class var summary: String { "a long press drives an interactive push" }
    class var drag: CGFloat { 220 }
    let list = CardListViewController()
    required init() {}
    func makeRootViewController() -> UIViewController {
        let navigation = UINavigationController(rootViewController: list)
        navigation.delegate = list
        return navigation
    }
    func script() -> Script {
        var s = Script()
        s.touchDown(on: { [unowned self] in self.list.card })
        s.hold(0.6)
        s.move(by: CGVector(dx: 0, dy: -Self.drag), duration: 0.4)
        s.touchUp()
        return s
    }
}

final class ShortLongPressPushScene: LongPressPushScene {
    override class var name: String { "long-press-push-short" }
    override class var drag: CGFloat { 90 }
}

@Suite struct LongPressDrivenPush {
    func run(_ type: LongPressPushScene.Type) throws -> (LongPressPushScene, SceneSession) {
        let session = SceneSession(type)
        _ = try session.runToEnd()
        return (session.within { session.scene } as! LongPressPushScene, session)
    }

    /// Down at 0.2 s, so the press begins at 0.6 s exactly and the push starts then; 220 pt of 300 is past
    /// half way, so the release finishes it.
    @Test func dragPastHalfWayFinishesThePush() throws {
        let (scene, session) = try run(LongPressPushScene.self)
        let begin = try #require(session.marks.first { $0.label.hasPrefix("transition.begin") })
        #expect(begin.time == 0.6)
        #expect(session.marks.contains { $0.label.hasPrefix("transition.end") && $0.label.hasSuffix("completed") })
        #expect(scene.list.pressStates.first == .began && scene.list.pressStates.last == .ended)
        #expect(abs(scene.list.lastProgress - 220.0 / 300) < 1e-9)
        let top = session.within { scene.list.navigationController?.topViewController }
        #expect(top is CardDetailViewController)
    }

    /// 90 pt is 0.3 of the way: the release cancels, and the list stays on top.
    @Test func aShortDragCancels() throws {
        let (scene, session) = try run(ShortLongPressPushScene.self)
        #expect(session.marks.contains { $0.label.hasPrefix("transition.end") && $0.label.hasSuffix("cancelled") })
        #expect(abs(scene.list.lastProgress - 0.3) < 1e-9)
        let top = session.within { scene.list.navigationController?.topViewController }
        #expect(top === scene.list)
        #expect(session.within { scene.list.view.alpha } == 1)
    }

    /// It renders: before the press begins the list alone; while the finger drags (1.0 s: half of the
    /// 220 pt move, 110 pt) the detail has come part of the way up, so the frames differ; the run is
    /// deterministic.
    @Test func itRendersWhileThePressDrivesIt() throws {
        func frames() throws -> [PixelBuffer] {
            let session = SceneSession(LongPressPushScene.self)
            session.advance(to: 0.5)
            let before = try session.render(scale: 1)
            session.advance(to: 1.0)
            return [before, try session.render(scale: 1)]
        }
        let first = try frames()
        #expect(first[0] != first[1])
        #expect(try frames() == first)
    }
}
