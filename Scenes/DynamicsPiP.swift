// UIKit Dynamics as apps use it for picture-in-picture and dropped cards: a floating video tile that is
// dragged, flicked and snapped to the nearest corner (a pan, `UIDynamicItemBehavior.addLinearVelocity` at
// the release, a `UISnapBehavior` to the corner the throw is heading for), and a card dropped under
// gravity that bounces on the floor (`UIGravityBehavior`, `UICollisionBehavior`, elasticity).
import UIKit
import Stage

/// A screen with a floating tile the user can throw into a corner.
final class PiPViewController: UIViewController, UIDynamicAnimatorDelegate {
    let tile = UIView(frame: CGRect(x: 0, y: 0, width: 176, height: 99))
    private var animator: UIDynamicAnimator!
    private var snap: UISnapBehavior?
    private let inertia = UIDynamicItemBehavior(items: [])
    private let haptics = UIImpactFeedbackGenerator(style: .light)
    /// Seconds of travel the release velocity is projected over to choose a corner (UIScrollView's
    /// normal deceleration, as PiP implementations use).
    private static let projection: CGFloat = 0.2

    override func viewDidLoad() {
        super.viewDidLoad()
        // Light and dark variants, as an app's own colours would have (dark: a placeholder grey on near black).
        view.backgroundColor = UIColor { $0.userInterfaceStyle == .dark
            ? UIColor(red: 0.07, green: 0.07, blue: 0.08, alpha: 1) : UIColor(red: 0.93, green: 0.94, blue: 0.96, alpha: 1) }
        for (index, width) in [0.82, 0.64, 0.74, 0.52, 0.7].enumerated() {
            let line = UIView(frame: CGRect(x: 24, y: 140 + CGFloat(index) * 46, width: 345 * width, height: 22))
            line.backgroundColor = UIColor { $0.userInterfaceStyle == .dark ? UIColor(white: 0.22, alpha: 1) : UIColor(white: 0.82, alpha: 1) }
            line.layer.cornerRadius = 6
            view.addSubview(line)
        }
        tile.backgroundColor = UIColor(red: 0.16, green: 0.2, blue: 0.32, alpha: 1)
        tile.layer.cornerRadius = 12
        tile.layer.shadowColor = UIColor.black.cgColor
        tile.layer.shadowOpacity = 0.3
        tile.layer.shadowRadius = 10
        tile.layer.shadowOffset = CGSize(width: 0, height: 4)
        let play = UIView(frame: CGRect(x: 74, y: 35, width: 28, height: 28))
        play.backgroundColor = UIColor(white: 1, alpha: 0.85)
        play.layer.cornerRadius = 14
        tile.addSubview(play)
        view.addSubview(tile)
        tile.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: PiPViewController.pan))

        animator = UIDynamicAnimator(referenceView: view)
        animator.delegate = self
        inertia.resistance = 0
        inertia.allowsRotation = false
        inertia.addItem(tile)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        // The tile starts in the top-left corner, once the safe area is known.
        if !placed, view.window != nil {
            tile.center = corners[0]
            placed = true
        }
    }

    /// Where the tile's centre rests in each corner, inside the safe area with a margin.
    private var corners: [CGPoint] {
        let area = view.bounds.inset(by: view.safeAreaInsets).insetBy(dx: 16, dy: 16)
        let halfWidth = tile.bounds.width / 2, halfHeight = tile.bounds.height / 2
        return [CGPoint(x: area.minX + halfWidth, y: area.minY + halfHeight), CGPoint(x: area.maxX - halfWidth, y: area.minY + halfHeight),
                CGPoint(x: area.minX + halfWidth, y: area.maxY - halfHeight), CGPoint(x: area.maxX - halfWidth, y: area.maxY - halfHeight)]
    }

    private var grabOffset = CGPoint.zero
    private var placed = false

    func pan(_ recognizer: UIPanGestureRecognizer) {
        switch recognizer.state {
        case .began:
            animator.removeAllBehaviors()
            snap = nil
            let finger = recognizer.location(in: view)
            grabOffset = CGPoint(x: tile.center.x - finger.x, y: tile.center.y - finger.y)
        case .changed:
            let finger = recognizer.location(in: view)
            tile.center = CGPoint(x: finger.x + grabOffset.x, y: finger.y + grabOffset.y)
        case .ended, .cancelled:
            let velocity = recognizer.velocity(in: view)
            let projected = CGPoint(x: tile.center.x + velocity.x * Self.projection, y: tile.center.y + velocity.y * Self.projection)
            let target = corners.min { distance($0, projected) < distance($1, projected) }!
            Timeline.current.markTransitionBegin("pip-snap")
            haptics.impactOccurred()
            animator.addBehavior(inertia)
            inertia.addLinearVelocity(velocity, for: tile)
            let snap = UISnapBehavior(item: tile, snapTo: target)
            snap.damping = 0.65
            self.snap = snap
            animator.addBehavior(snap)
        default:
            break
        }
    }

    func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator) {
        guard snap != nil else { return }
        animator.removeAllBehaviors()
        Timeline.current.markTransitionEnd("pip-snap", completed: true)
    }

    private func distance(_ a: CGPoint, _ b: CGPoint) -> CGFloat { ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }
}

/// The tile rests top-left; a drag carries it down the screen and a flick to the right at the release
/// throws it, so it snaps into the bottom-right corner with a little overshoot.
public final class DynamicsPiPScene: Scene {
    public static let name = "dynamics-pip"
    public static let summary = "UIKit Dynamics: drag a picture-in-picture tile and flick it; it snaps to the corner it is thrown at"
    private let controller = PiPViewController()
    public init() {}
    public func makeRootViewController() -> UIViewController { controller }
    public func script() -> Script {
        var script = Script()
        script.drag({ [unowned self] in self.controller.tile }, by: CGVector(dx: 60, dy: 300), duration: 0.45,
                    releaseVelocity: CGVector(dx: 900, dy: 1200))
        return script
    }
}

/// A card that falls and bounces on the floor.
final class DropViewController: UIViewController {
    let card = UIView(frame: CGRect(x: 96, y: 120, width: 200, height: 120))
    private var animator: UIDynamicAnimator!

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor { $0.userInterfaceStyle == .dark
            ? UIColor(red: 0.11, green: 0.10, blue: 0.09, alpha: 1) : UIColor(red: 0.97, green: 0.95, blue: 0.91, alpha: 1) }
        card.backgroundColor = UIColor(red: 0.95, green: 0.45, blue: 0.28, alpha: 1)
        card.layer.cornerRadius = 16
        view.addSubview(card)
        animator = UIDynamicAnimator(referenceView: view)
        card.addGestureRecognizer(UITapGestureRecognizer(target: self, action: DropViewController.drop))
    }

    /// Lets the card go: gravity pulls it down, the screen's bottom (above the home indicator) stops it.
    func drop() {
        Timeline.current.markTransitionBegin("drop")
        let gravity = UIGravityBehavior(items: [card])
        let collision = UICollisionBehavior(items: [card])
        collision.setTranslatesReferenceBoundsIntoBoundary(with: UIEdgeInsets(top: 0, left: 0, bottom: 40, right: 0))
        let material = UIDynamicItemBehavior(items: [card])
        material.elasticity = 0.45
        material.allowsRotation = false
        animator.addBehavior(gravity)
        animator.addBehavior(collision)
        animator.addBehavior(material)
        animator.delegate = self
    }
}

extension DropViewController: UIDynamicAnimatorDelegate {
    func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator) {
        animator.removeAllBehaviors()
        Timeline.current.markTransitionEnd("drop", completed: true)
    }
}

/// A tap on the card lets it fall; it bounces twice on the floor and comes to rest.
public final class DynamicsDropScene: Scene {
    public static let name = "dynamics-drop"
    public static let summary = "UIKit Dynamics: a tapped card falls under gravity and bounces on the floor until it rests"
    private let controller = DropViewController()
    public init() {}
    public func makeRootViewController() -> UIViewController { controller }
    public func script() -> Script {
        var script = Script()
        script.tap { [unowned self] in self.controller.card }
        return script
    }
}
