// The Stage part: how render-transition runs the card modal. Linux only; the iOS app never sees this file.
import UIKit
import Stage

/// Tap the second card: its detail springs up as a sheet over a dimming; wait; tap close: it slides back down.
public final class CardModalScene: Scene {
    public static let name = "card-modal"
    public static let summary = "Card modal: tap a card, its detail springs up as a rounded sheet (0.6 s, damping 0.55) over a dimming; close slides it back down"

    private let dampingRatio: CGFloat?
    private var list: CardListViewController!

    /// The transition as the app ships it.
    public init() { dampingRatio = nil }

    /// The same transition on another spring.
    public init(dampingRatio: CGFloat) { self.dampingRatio = dampingRatio }

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
        script.tap { [unowned self] in (self.list.presentedViewController as! CardDetailViewController).closeButton }
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

/// Every scene of this package, for `my-scenes`.
public let myScenes: [SceneDefinition] = [CardModalScene.definition, CardModalScene.stiff]
