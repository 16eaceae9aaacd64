import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit

/// A table view controller of five rows (the second one is selected before the push).
final class FiveRows: UITableViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "row")
    }
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 5 }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        var content = cell.defaultContentConfiguration()
        content.text = "Row \(indexPath.row)"
        cell.contentConfiguration = content
        return cell
    }
}

@Suite("Table view in a navigation transition")
struct TableTransitionTests {
    /// Runs the clock event by event with a layout pass after each, as a scene session does.
    struct Run {
        let window: UIWindow, clock: Timeline
        func run(to time: TimeInterval) {
            while let next = clock.nextEventTime, next <= time {
                clock.advance(to: next)
                window.layoutIfNeeded()
            }
            clock.advance(to: time)
            window.layoutIfNeeded()
        }
        func settle() { while let next = clock.nextEventTime { run(to: next) } }
        /// A finger from the left edge to `toX` over `steps` moves 1/60 s apart; lifted when `lift`.
        func swipe(toX: CGFloat, steps: Int, lift: Bool = true) {
            window.sendTouch(finger: 0, phase: .began, at: CGPoint(x: 4, y: 400))
            for i in 1...steps {
                run(to: clock.now + 1.0 / 60)
                window.sendTouch(finger: 0, phase: .moved, at: CGPoint(x: 4 + (toX - 4) * CGFloat(i) / CGFloat(steps), y: 400))
            }
            run(to: clock.now + 1.0 / 60)
            if lift { window.sendTouch(finger: 0, phase: .ended, at: CGPoint(x: toX, y: 400)) }
        }
    }

    @Test("The selected row's highlight fades with an interactive pop, comes back when it cancels, and clears when it finishes")
    func deselectAlongsideInteractivePop() throws {
        let clock = Timeline()
        try Timeline.$current.withValue(clock) {
            let list = FiveRows(style: .plain)
            let nav = UINavigationController(rootViewController: list)
            let window = UIWindow(screen: .main)
            window.rootViewController = nav
            window.makeKeyAndVisible()
            window.layoutIfNeeded()
            let run = Run(window: window, clock: clock)
            let path = IndexPath(row: 1, section: 0)
            list.tableView.selectRow(at: path, animated: false, scrollPosition: .none)
            nav.pushViewController(UIViewController(), animated: true)
            run.settle()
            let cell = try #require(list.tableView.cellForRow(at: path))
            let gray = UIColor.systemGray4.cgColor
            func red() -> CGFloat { cell.backgroundHost.layer.presentation()?.backgroundColor?.red ?? -1 }

            // Dragged a third of the way: the highlight is a third of the way to white.
            run.swipe(toX: 131, steps: 20, lift: false)
            #expect(nav.transitionCoordinator?.isInteractive == true)
            #expect(list.tableView.indexPathForSelectedRow == nil)
            let partway = red()
            #expect(partway > gray.red + 0.01 && partway < 0.99)
            // Lifted slowly short of half way: the pop cancels and the row is selected again.
            window.sendTouch(finger: 0, phase: .ended, at: CGPoint(x: 131, y: 400))
            run.settle()
            #expect(nav.viewControllers.count == 2)
            #expect(list.tableView.indexPathForSelectedRow == path)
            #expect(cell.isSelected)
            #expect(abs(red() - gray.red) < 0.01)

            // A pop that finishes clears it.
            run.swipe(toX: 330, steps: 20)
            run.settle()
            #expect(nav.viewControllers.count == 1)
            #expect(list.tableView.indexPathForSelectedRow == nil)
            #expect(!cell.isSelected)
            #expect(red() == UIColor.systemBackground.cgColor.red)
        }
    }
}
