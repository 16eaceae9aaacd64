// From Dodo Pizza's half-screen panel, part 2 (Habr, "Не всплывай! Прерываемые транзишены в iOS"):
// TransitionDriver, a UIPercentDrivenInteractiveTransition
// subclass, owns a pan on the panel (interactive dismissal, catching a running present or dismiss) and a
// bottom screen-edge pan on the parent (interactive presentation). DimmPresentationController flips its
// `direction` when a transition completes (Panel.swift). Mechanical edits: target–action takes method
// references instead of `#selector`; the release rule (see `isProjectedToDownHalf`).
import UIKit
import Stage

enum TransitionDirection {
    case present, dismiss
}

final class TransitionDriver: UIPercentDrivenInteractiveTransition {
    var direction: TransitionDirection = .present

    private var presentedController: UIViewController?
    private weak var presentingController: UIViewController?
    private var panRecognizer: UIPanGestureRecognizer?
    private var screenEdgePanRecognizer: UIScreenEdgePanGestureRecognizer?

    /// The pan on the panel: drags it down, or catches it while it moves. Linked once per controller: the
    /// article links again on every presentation, which would stack a new pan on the panel each time.
    func link(to controller: UIViewController) {
        guard panRecognizer == nil || presentedController !== controller else { return }
        presentedController = controller
        panRecognizer = UIPanGestureRecognizer(target: self, action: TransitionDriver.handle(recognizer:))
        presentedController?.view.addGestureRecognizer(panRecognizer!)
    }

    /// A swipe up from the bottom edge of the parent presents the panel, following the finger.
    func linkPresentationGesture(to presentedController: UIViewController, presentingController: UIViewController) {
        link(to: presentedController)
        self.presentingController = presentingController
        screenEdgePanRecognizer = UIScreenEdgePanGestureRecognizer(target: self, action: TransitionDriver.handlePresentation(recognizer:))
        screenEdgePanRecognizer!.edges = .bottom
        presentingController.view.addGestureRecognizer(screenEdgePanRecognizer!)
    }

    /// The panel's height: a finger moving this far moves the transition from 0 to 1.
    var maxTranslation: CGFloat {
        return presentedController?.view.frame.height ?? 0
    }

    /// Interactive only when a gesture starts the transition; a tap on "open" or "close" runs it on its own
    /// (a gesture can still catch it later).
    override var wantsInteractiveStart: Bool {
        get {
            switch direction {
            case .present:
                let gestureIsActive = screenEdgePanRecognizer?.state == .began
                return gestureIsActive
            case .dismiss:
                let gestureIsActive = panRecognizer?.state == .began
                return gestureIsActive
            }
        }
        set { }
    }

    private func handle(recognizer r: UIPanGestureRecognizer) {
        switch direction {
        case .present:
            handlePresentation(recognizer: r)
        case .dismiss:
            handleDismiss(recognizer: r)
        }
    }

    private func handlePresentation(recognizer r: UIPanGestureRecognizer) {
        switch r.state {
        case .began:
            // Catches a running presentation; with none running, the edge swipe starts one.
            pause()
            let isRunning = percentComplete != 0
            if !isRunning {
                presentingController?.present(presentedController!, animated: true)
            }
        case .changed:
            let increment = -r.incrementToBottom(maxTranslation: maxTranslation)
            update(percentComplete + increment)
        case .ended, .cancelled:
            // A presentation at p has the panel (1 − p) of its height below its open place.
            if r.isProjectedToDownHalf(maxTranslation: maxTranslation, travelled: (1 - percentComplete) * maxTranslation) {
                cancel()
            } else {
                finish()
            }
        case .failed:
            cancel()
        default:
            break
        }
    }

    private func handleDismiss(recognizer r: UIPanGestureRecognizer) {
        switch r.state {
        case .began:
            // Catches a running dismissal (percentComplete is then where it was); otherwise starts one.
            pause()
            let isRunning = percentComplete != 0
            if !isRunning {
                presentedController?.dismiss(animated: true)
            }
        case .changed:
            update(percentComplete + r.incrementToBottom(maxTranslation: maxTranslation))
        case .ended, .cancelled:
            if r.isProjectedToDownHalf(maxTranslation: maxTranslation, travelled: percentComplete * maxTranslation) {
                finish()
            } else {
                cancel()
            }
        case .failed:
            cancel()
        default:
            break
        }
    }
}

// MARK: - Gesture maths

private extension UIPanGestureRecognizer {
    /// The vertical move since the last call as a fraction of `maxTranslation`; the translation is reset,
    /// so each `.changed` adds only its own increment.
    func incrementToBottom(maxTranslation: CGFloat) -> CGFloat {
        let translation = self.translation(in: view).y
        setTranslation(.zero, in: nil)
        let percentIncrement = translation / maxTranslation
        return percentIncrement
    }

    /// The article's release rule: the panel goes down (closes) when, with the finger's velocity projected,
    /// it would come to rest more than half its height below its open place.
    ///
    /// Two edits, both what the article means rather than what it printed:
    /// - it asks for `.fast` but its projection helper ignores the argument and projects with `.normal`;
    ///   this projects with `.fast` (0.099 s × velocity instead of 0.499 s);
    /// - it projects `location(in: view)`, which UIKit measures in the panel's model frame — already moved
    ///   to the transition's end by the property animator — so its result depended on where the finger
    ///   held the panel. What the rule talks about is the panel's own travel from its open place, which
    ///   the driver knows (`travelled`: percentComplete × height dismissing, (1 − percentComplete) × height
    ///   presenting), so that is the location projected here.
    func isProjectedToDownHalf(maxTranslation: CGFloat, travelled: CGFloat) -> Bool {
        let endLocation = projectedLocation(CGPoint(x: 0, y: travelled), decelerationRate: .fast)
        let isPresentationCompleted = endLocation.y > maxTranslation / 2
        return isPresentationCompleted
    }

    /// `location` carried on by the finger's velocity decaying at `decelerationRate`.
    func projectedLocation(_ location: CGPoint, decelerationRate: UIScrollView.DecelerationRate) -> CGPoint {
        let velocityOffset = velocity(in: view).projectedOffset(decelerationRate: decelerationRate)
        let projectedLocation = location + velocityOffset
        return projectedLocation
    }
}

private extension CGPoint {
    func projectedOffset(decelerationRate: UIScrollView.DecelerationRate) -> CGPoint {
        return CGPoint(x: x.projectedOffset(decelerationRate: decelerationRate),
                       y: y.projectedOffset(decelerationRate: decelerationRate))
    }

    static func + (left: CGPoint, right: CGPoint) -> CGPoint {
        return CGPoint(x: left.x + right.x, y: left.y + right.y)
    }
}

private extension CGFloat {
    /// WWDC18 "Designing Fluid Interfaces": the distance a velocity (pt/s) carries until it has decayed.
    func projectedOffset(decelerationRate: UIScrollView.DecelerationRate) -> CGFloat {
        return project(initialVelocity: self, decelerationRate: decelerationRate)
    }
}

// MARK: - Scenes

/// Where a finger lands on the panel: its horizontal centre, `depth` points below the top it is drawn at
/// now (the presentation layer: while a property animator moves it, that is where a person sees it).
private func pointOnPanel(_ panel: UIView, depth: CGFloat) -> CGPoint {
    let shown = panel.layer.presentation()?.frame ?? panel.frame
    let top = panel.superview?.convert(shown, to: nil).minY ?? shown.minY
    return CGPoint(x: shown.midX, y: top + depth)
}

/// The panel is shown; a pan on it drags it down 40 % of its height in 0.4 s and lets go moving down:
/// projected past half its height, the dismissal finishes; the dimming follows the finger and fades out.
public final class PanelDragDismissScene: PanelScene, Scene {
    public static let name = "panel-drag-dismiss"
    public static let summary = "Drag the panel down 40 % and let go moving down: the interactive dismissal finishes"
    override class var startsWithPanelShown: Bool { true }
    public func script() -> Script {
        var script = Script()
        // The pan begins after its 10 pt hysteresis, so the finger travels that much more than the panel.
        let height = UIScreen.main.bounds.height / 2
        script.drag({ [unowned self] in self.parent.child.view }, by: CGVector(dx: 0, dy: 0.4 * height + 10),
                    duration: 0.4, releaseVelocity: CGVector(dx: 0, dy: 700))
        return script
    }
}

/// The panel is shown; a pan drags it down 25 % and lets go moving slightly up: the dismissal cancels
/// and the panel returns; the dimming comes back.
public final class PanelDragCancelScene: PanelScene, Scene {
    public static let name = "panel-drag-cancel"
    public static let summary = "Drag the panel down 25 % and let go moving up: the interactive dismissal cancels, the panel returns"
    override class var startsWithPanelShown: Bool { true }
    public func script() -> Script {
        var script = Script()
        let height = UIScreen.main.bounds.height / 2
        script.touchDown { [unowned self] in pointOnPanel(self.parent.child.view, depth: height / 2) }
        script.move(by: CGVector(dx: 0, dy: 0.25 * height + 10 + 8), duration: 0.35, curve: .easeInOut)
        // A small drift back up before the finger lifts.
        script.move(by: CGVector(dx: 0, dy: -8), duration: 0.1, releaseVelocity: CGVector(dx: 0, dy: -120))
        script.touchUp()
        return script
    }
}

/// Tap "open"; while the panel is still rising (about 40 % shown) a finger catches it, holds it, drags it
/// down and flicks: the presentation cancels, the panel slides away, the dimming fades out and is removed;
/// the driver's direction stays `.present`.
public final class PanelPresentInterruptedScene: PanelScene, Scene {
    public static let name = "panel-present-interrupted"
    public static let summary = "Tap open, catch the rising panel at ~40 %, hold, drag down and flick: the presentation cancels"
    public func script() -> Script {
        var script = Script()
        script.tap { [unowned self] in self.parent.openButton }
        // 0.04 s after the tap the panel shows about a third of its height; the finger lands 40 pt into
        // its visible part and passes the pan's 10 pt hysteresis 0.03 s later, at about 40 %.
        script.wait(0.04)
        script.touchDown { [unowned self] in pointOnPanel(self.parent.child.view, depth: 40) }
        script.move(by: CGVector(dx: 0, dy: 12), duration: 0.03)
        script.hold(0.25)
        script.move(by: CGVector(dx: 0, dy: 50), duration: 0.15, releaseVelocity: CGVector(dx: 0, dy: 900))
        script.touchUp()
        return script
    }
}

/// The panel is shown; tap close; mid-way down a finger catches it and swipes up: the dismissal cancels
/// and the panel returns to its half-screen frame.
public final class PanelDismissInterruptedScene: PanelScene, Scene {
    public static let name = "panel-dismiss-interrupted"
    public static let summary = "Tap close, catch the falling panel mid-way and swipe up: the dismissal cancels, the panel returns"
    override class var startsWithPanelShown: Bool { true }
    public func script() -> Script {
        var script = Script()
        script.tap { [unowned self] in self.parent.child.closeButton }
        // The panel falls fast at first (ease-out): the finger lands deep enough in its visible part that
        // the panel is still under it when the pan begins, 0.02 s and 12 pt later, about a third of the way down.
        script.wait(0.04)
        script.touchDown { [unowned self] in pointOnPanel(self.parent.child.view, depth: 170) }
        script.move(by: CGVector(dx: 0, dy: -12), duration: 0.02)
        script.hold(0.2)
        script.move(by: CGVector(dx: 0, dy: -60), duration: 0.15, releaseVelocity: CGVector(dx: 0, dy: -700))
        script.touchUp()
        return script
    }
}

/// A swipe up from the bottom screen edge presents the panel following the finger; at 60 % the finger
/// lets go moving up and the presentation finishes.
public final class PanelEdgePresentScene: PanelScene, Scene {
    public static let name = "panel-edge-present"
    public static let summary = "Swipe up from the bottom edge: the panel follows the finger to 60 %, let go moving up, it finishes"
    public func script() -> Script {
        var script = Script()
        // The edge pan begins after 15 pt; from there the panel follows the finger.
        let height = UIScreen.main.bounds.height / 2
        script.edgeSwipe(from: .bottom, at: 0.5, translation: 0.6 * height,
                         duration: 0.6, releaseVelocity: 500)
        return script
    }
}
