import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit

/// A window on the default screen, with `root` as its root controller, on a fresh virtual clock.
func onStage(_ root: UIViewController, _ body: (Stage) -> Void) {
    let clock = Timeline()
    Timeline.$current.withValue(clock) {
        let window = UIWindow(screen: .main)
        window.rootViewController = root
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        body(Stage(window: window, clock: clock))
    }
}

struct Stage {
    let window: UIWindow
    let clock: Timeline

    /// Moves the clock as the Stage does: event by event, with a layout pass after each.
    func run(to time: TimeInterval) {
        while let next = clock.nextEventTime, next <= time {
            clock.advance(to: next)
            window.layoutIfNeeded()
        }
        clock.advance(to: time)
        window.layoutIfNeeded()
    }

    func run(for seconds: TimeInterval) { run(to: clock.now + seconds) }

    /// A finger from the left edge (x = 4, y = 400) to `toX` in `steps` moves 1/60 s apart, then lifted;
    /// `check` runs after each move with its x.
    func edgeSwipe(toX: CGFloat, steps: Int, check: (CGFloat) -> Void = { _ in }) {
        window.sendTouch(finger: 0, phase: .began, at: CGPoint(x: 4, y: 400))
        for i in 1...steps {
            run(for: 1.0 / 60)
            let x = 4 + (toX - 4) * CGFloat(i) / CGFloat(steps)
            window.sendTouch(finger: 0, phase: .moved, at: CGPoint(x: x, y: 400))
            check(x)
        }
        window.sendTouch(finger: 0, phase: .ended, at: CGPoint(x: toX, y: 400))
    }

    /// Runs until nothing is scheduled (every animation and completion done).
    func settle() {
        while let next = clock.nextEventTime { run(to: next) }
    }

    /// The time of the last mark starting with `prefix`.
    func markTime(_ prefix: String) -> TimeInterval? { clock.marks.last { $0.label.hasPrefix(prefix) }?.time }
    var markLabels: [String] { clock.marks.map(\.label) }
}

/// An ordered log of callbacks, compared as text.
final class CallLog {
    private(set) var lines: [String] = []
    func callAsFunction(_ line: String) { lines.append(line) }
    func clear() { lines = [] }
    var text: String { lines.joined(separator: "\n") }
}

/// Logs its view-controller callbacks under a name.
class LoggedViewController: UIViewController {
    let name: String
    let log: CallLog
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    init(_ name: String, log: CallLog) { self.name = name; self.log = log; super.init(nibName: nil, bundle: nil) }

    override func viewDidLoad() { super.viewDidLoad(); log("\(name).viewDidLoad") }
    override func viewWillAppear(_ animated: Bool) { log("\(name).viewWillAppear") }
    override func viewDidAppear(_ animated: Bool) { log("\(name).viewDidAppear") }
    override func viewWillDisappear(_ animated: Bool) { log("\(name).viewWillDisappear") }
    override func viewDidDisappear(_ animated: Bool) { log("\(name).viewDidDisappear") }
    override func willMove(toParent parent: UIViewController?) { log("\(name).willMove(toParent: \(Self.describe(parent)))") }
    override func didMove(toParent parent: UIViewController?) { log("\(name).didMove(toParent: \(Self.describe(parent)))") }

    static func describe(_ vc: UIViewController?) -> String {
        guard let vc else { return "nil" }
        return (vc as? LoggedViewController)?.name ?? "\(type(of: vc))"
    }
}

extension UIView {
    var shownFrame: CGRect { layer.presentation()!.frame }
    var shownAlpha: Double { Double(layer.presentation()!.opacity) }
}
