import Testing
import Foundation
import UIKit
import Stage
import TransitionTesting
@testable import Playback

/// A screen laid out by constraints from its safe area keeps the navigation bar in that safe area through a
/// push, a pop and a cancelled interactive pop, as on iOS: the popped screen slides out as it was instead of
/// jumping up by the bar's height (44 pt) when the pop begins.
@Suite struct NavigationSafeArea {
    /// Every top edge the detail screen's card was laid out at, over the whole run.
    final class Probe: @unchecked Sendable {
        var cardTops: [CGFloat] = []
    }

    final class ListViewController: UIViewController {
        let openButton = UIButton(type: .system)
        var onOpen: (() -> Void)?
        override func viewDidLoad() {
            super.viewDidLoad()
            title = "Inbox"
            view.backgroundColor = .systemGroupedBackground
            openButton.setTitle("Open", for: .normal)
            openButton.translatesAutoresizingMaskIntoConstraints = false
            openButton.addAction(UIAction { [unowned self] _ in self.onOpen?() }, for: .touchUpInside)
            view.addSubview(openButton)
            NSLayoutConstraint.activate([
                openButton.centerXAnchor.constraint(equalTo: view.centerXAnchor),
                openButton.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 40),
            ])
        }
    }

    final class DetailViewController: UIViewController {
        let probe: Probe
        let card = UIView()
        init(probe: Probe) {
            self.probe = probe
            super.init(nibName: nil, bundle: nil)
        }
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
        override func viewDidLoad() {
            super.viewDidLoad()
            title = "Message"
            view.backgroundColor = .white
            card.backgroundColor = .systemOrange
            card.layer.cornerRadius = 12
            card.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(card)
            NSLayoutConstraint.activate([
                card.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 8),
                card.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
                card.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
                card.heightAnchor.constraint(equalToConstant: 120),
            ])
        }
        override func viewDidLayoutSubviews() {
            super.viewDidLayoutSubviews()
            probe.cardTops.append(card.frame.minY)
        }
    }

    /// Push, pop with the back button, push again, then an edge swipe released at about a third: cancelled.
    final class InboxScene: Scene {
        static let name = "nav-safe-area"
        static let summary = "A constraint-laid-out detail screen under a navigation bar: push, pop, cancelled interactive pop"
        let probe: Probe
        private var list: ListViewController!
        private var nav: UINavigationController!
        init() { probe = Probe() }
        init(probe: Probe) { self.probe = probe }
        func makeRootViewController() -> UIViewController {
            list = ListViewController()
            nav = UINavigationController(rootViewController: list)
            list.onOpen = { [unowned self] in
                self.nav.pushViewController(DetailViewController(probe: self.probe), animated: true)
            }
            return nav
        }
        func script() -> Script {
            var script = Script()
            script.tap { [unowned self] in self.list.openButton }
            script.waitUntilIdle()
            script.tapBackButton()
            script.waitUntilIdle()
            script.tap { [unowned self] in self.list.openButton }
            script.waitUntilIdle()
            script.edgeSwipe(from: .left, distance: 120, duration: 0.4, releaseVelocity: 0)
            script.waitUntilIdle()
            return script
        }
    }

    @Test func thePoppedScreenKeepsTheBarInItsSafeArea() throws {
        let probe = Probe()
        let scene = InboxScene.variant("nav-safe-area-probe") { InboxScene(probe: probe) }
        let settings = RenderSettings(device: .iPhone16, scale: 1)
        let plan = try Stage.plan(scene, settings: settings)
        // Four transitions: push, pop, push, and the cancelled interactive pop.
        #expect(plan.transitions.count == 4, "\(plan.transitions)")
        // 59 pt of status bar and Dynamic Island, 44 of bar, 8 of constant: 111 at every layout, before,
        // during and after each transition.
        #expect(!probe.cardTops.isEmpty)
        #expect(probe.cardTops.allSatisfy { $0 == 111 }, "card tops laid out: \(Set(probe.cardTops).sorted())")
    }

    @Test func goldens() {
        assertTransitionSnapshots(of: InboxScene.self)
    }
}
