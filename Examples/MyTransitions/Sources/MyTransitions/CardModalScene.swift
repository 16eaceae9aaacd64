// The Stage part: how render-transition runs the card modal. Linux only; the iOS app never sees this file.
import UIKit
import Stage

/// Tap the second card: its detail springs up as a sheet over a dimming; wait; tap close: it slides back down.
public final class CardModalScene: Scene {
    public static let name = "card-modal"
    public static let summary = "Card modal: tap a card, its detail springs up as a rounded sheet (0.6 s, damping 0.55) over a dimming; close slides it back down"

    /// How the sheet is sent away.
    public enum Dismissal: Sendable {
        /// A tap on the close button.
        case close
        /// A drag down that is let go too soon (the sheet springs back), then one flicked down (it leaves).
        case drag
    }

    private let dampingRatio: CGFloat?
    private let dismissal: Dismissal
    private var list: CardListViewController!

    /// The transition as the app ships it.
    public init() { dampingRatio = nil; dismissal = .close }

    /// The same transition on another spring, or dismissed another way.
    public init(dampingRatio: CGFloat? = nil, dismissal: Dismissal = .close) {
        self.dampingRatio = dampingRatio
        self.dismissal = dismissal
    }

    public func makeRootViewController() -> UIViewController {
        list = CardListViewController()
        if let dampingRatio {
            list.cardTransition = CardModalTransition(dampingRatio: dampingRatio)
        }
        return list
    }

    public func script() -> Script {
        var script = Script()
        script.tap { [unowned self] in self.list.cards[1] }
        script.waitUntilIdle()
        script.wait(0.4)
        switch dismissal {
        case .close:
            script.tap { [unowned self] in (self.list.presentedViewController as! CardDetailViewController).closeButton }
        case .drag:
            let sheet = { [unowned self] in self.list.presentedViewController!.view! }
            script.drag(sheet, by: CGVector(dx: 0, dy: 90), duration: 0.35, releaseVelocity: CGVector(dx: 0, dy: -200))
            script.waitUntilIdle()
            script.wait(0.3)
            script.drag(sheet, by: CGVector(dx: 0, dy: 160), duration: 0.3, releaseVelocity: CGVector(dx: 0, dy: 1200))
        }
        script.waitUntilIdle()
        return script
    }
}

extension CardModalScene {
    /// The same transition on a critically damped spring: a variant is a value, so tests and the command
    /// line name it without global state.
    public static let stiff = CardModalScene.variant("card-modal-stiff",
                                                     summary: "Card modal on a critically damped spring (damping 1.0): no overshoot") {
        CardModalScene(dampingRatio: 1.0)
    }
}

extension CardModalScene {
    /// The sheet dragged down: let go early it springs back (the dismissal cancels), flicked it leaves.
    public static let drag = CardModalScene.variant("card-modal-drag",
                                                    summary: "Card modal dismissed by dragging the sheet: let go early it springs back, flicked down it leaves") {
        CardModalScene(dismissal: .drag)
    }
}

/// Every scene of this package, for `my-scenes`.
public let myScenes: [SceneDefinition] = [CardModalScene.definition, CardModalScene.stiff, CardModalScene.drag]
