import Testing
import Foundation
import Synchronization
import UIKit
import Stage
import Playback
import TestSupport
@testable import RenderTransitionCLI

/// Auto Layout's "Unable to simultaneously satisfy constraints" is said once per command, with the path of
/// each view from its window, and not at all by `--list` and `help SCENE` (dry runs that render nothing).
@Suite struct LayoutConflictReport {
    /// A title label asked to be 100 and 200 points wide, both required; a push later solves the layout
    /// again and again while the label is on screen.
    final class Root: UIViewController {
        let title_ = UILabel()
        let button = UIButton(type: .system)
        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = .white
            title_.text = "Title"
            title_.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(title_)
            NSLayoutConstraint.activate([
                title_.topAnchor.constraint(equalTo: view.topAnchor, constant: 120),
                title_.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 20),
                title_.widthAnchor.constraint(equalToConstant: 100),
                title_.widthAnchor.constraint(equalToConstant: 200),
            ])
            button.frame = CGRect(x: 100, y: 300, width: 120, height: 44)
            button.addAction(UIAction { [unowned self] _ in
                let detail = UIViewController()
                detail.view.backgroundColor = .systemBlue
                self.navigationController?.pushViewController(detail, animated: true)
            }, for: .touchUpInside)
            view.addSubview(button)
        }
    }
    final class ConflictScene: Scene {
        static let name = "conflict"
        static let summary = "A label with two required widths"
        private var root: Root!
        init() {}
        func makeRootViewController() -> UIViewController {
            root = Root()
            return UINavigationController(rootViewController: root)
        }
        func script() -> Script {
            var script = Script()
            script.tap { [unowned self] in self.root.button }
            script.waitUntilIdle()
            return script
        }
    }

    final class Messages: Sendable { let list = Mutex<[String]>([]) }

    /// What the command said through Auto Layout's log while it ran.
    func reports(_ arguments: [String]) -> (status: Int32, messages: [String]) {
        let messages = Messages()
        let status = LayoutEngine.$log.withValue({ message in messages.list.withLock { $0.append(message) } }) {
            RenderTransitionCLI.run(arguments + ["--quiet"], scenes: [ConflictScene.definition])
        }
        return (status, messages.list.withLock { $0 })
    }

    @Test func aRenderSaysTheConflictOnceWithTheViewsPath() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        // Without the once-per-command rule this run says it at least twice: the plan and the render.
        let (status, messages) = reports(["conflict", "--scale", "0.25", "--fps", "10",
                                           "--out", scratch.url.appendingPathComponent("clip.gif").path])
        #expect(status == 0)
        #expect(messages.count == 1, "\(messages)")
        let message = try #require(messages.first)
        #expect(message.contains("Unable to simultaneously satisfy constraints"))
        #expect(message.contains("UIWindow > UINavigationController.view > "), "\(message)")
        #expect(message.contains("Root.view > UILabel \"Title\""), "\(message)")
    }

    @Test("dry runs say nothing", arguments: [["--list"], ["--list", "--json"], ["help", "conflict"]])
    func dryRunsAreQuiet(_ arguments: [String]) {
        let (status, messages) = reports(arguments)
        #expect(status == 0)
        #expect(messages.isEmpty, "\(messages)")
    }

    /// The same conflict in another run differs only in addresses (and numbers while a constant animates).
    @Test func aConflictIsKnownAgainAcrossRuns() {
        let a = "<NSLayoutConstraint:0x5a1f UILabel:0x77c0.width == 100   (active)>"
        let b = "<NSLayoutConstraint:0x9e02 UILabel:0x1b30.width == 120.5   (active)>"
        #expect(LayoutConflictReports.key(a) == LayoutConflictReports.key(b))
        #expect(LayoutConflictReports.key(a) != LayoutConflictReports.key(a.replacingOccurrences(of: "width", with: "height")))
    }
}
