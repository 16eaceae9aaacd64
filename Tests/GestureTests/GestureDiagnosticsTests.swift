import Testing
import Foundation
import Synchronization
@testable import QuartzCore
@testable import UIKit

/// What a recognizer did is visible: its state changes are marks on the timeline (traces, plots and
/// `--trace-gestures` show them), an action whose target was released is said, and two recognizers of one
/// kind fighting over a view's touches are warned about.
@Suite struct GestureDiagnostics {
    final class Warnings: Sendable {
        let list = Mutex<[String]>([])
        var all: [String] { list.withLock { $0 } }
    }

    static func gestureMarks(_ h: TouchHarness) -> [String] {
        h.clock.marks.map(\.label).filter { $0.hasPrefix("gesture.") }
    }

    @Test func aPanThatWinsOverATapIsMarked() {
        let h = TouchHarness(), log = StateLog()
        let card = UIView(frame: CGRect(x: 0, y: 200, width: 393, height: 300))
        card.accessibilityIdentifier = "card"
        h.window.addSubview(card)
        let pan = UIPanGestureRecognizer(target: log, action: StateLog.handle)
        let tap = UITapGestureRecognizer(target: log, action: StateLog.handleTap)
        card.addGestureRecognizer(pan)
        card.addGestureRecognizer(tap)
        h.send(.began, 100, 300, at: 0)
        h.send(.moved, 100, 340, at: 0.05)
        h.send(.moved, 100, 380, at: 0.1)
        h.send(.ended, 100, 380, at: 0.15)
        #expect(Self.gestureMarks(h) == [
            "gesture.began UIPanGestureRecognizer on UIView 'card'",
            "gesture.failed UITapGestureRecognizer on UIView 'card'",
            "gesture.ended UIPanGestureRecognizer on UIView 'card'",
        ])
    }

    @Test func anActionWhoseTargetIsGoneIsSaidOnce() {
        let h = TouchHarness(), warnings = Warnings()
        let view = UIView(frame: h.window.bounds)
        h.window.addSubview(view)
        do {
            let log = StateLog()
            view.addGestureRecognizer(UITapGestureRecognizer(target: log, action: StateLog.handleTap))
        }   // the only reference to the target goes here
        UIKitWarnings.$sink.withValue({ message in warnings.list.withLock { $0.append(message) } }) {
            for start in [0.0, 1.0] {
                h.send(.began, 50, 50, at: start)
                h.send(.ended, 50, 50, at: start + 0.1)
            }
        }
        #expect(warnings.all.count == 1)
        #expect(warnings.all.first?.contains("has an action whose target (StateLog) was released") == true, "\(warnings.all)")
        #expect(Self.gestureMarks(h).filter { $0.hasPrefix("gesture.action-lost") }.count == 2)
    }

    @Test func twoRecognizersOfOneKindCompetingAreWarnedAbout() {
        let h = TouchHarness(), log = StateLog(), warnings = Warnings()
        let view = UIView(frame: h.window.bounds)
        h.window.addSubview(view)
        view.addGestureRecognizer(UIPanGestureRecognizer(target: log, action: StateLog.handle))
        view.addGestureRecognizer(UIPanGestureRecognizer(target: log, action: StateLog.handle))
        UIKitWarnings.$sink.withValue({ message in warnings.list.withLock { $0.append(message) } }) {
            h.send(.began, 50, 50, at: 0)
            h.send(.ended, 50, 50, at: 0.1)
            h.send(.began, 50, 50, at: 1)
            h.send(.ended, 50, 50, at: 1.1)
        }
        #expect(warnings.all == ["two UIPanGestureRecognizers on UIView compete for the same touches, and only one can win. If one was added twice, add it once; if both are meant, let them recognize together (the delegate's shouldRecognizeSimultaneouslyWith) or order them (require(toFail:))."])
        // Ordered, they are not warned about.
        let ordered = UIView(frame: h.window.bounds), other = Warnings()
        h.window.addSubview(ordered)
        let first = UIPanGestureRecognizer(target: log, action: StateLog.handle)
        let second = UIPanGestureRecognizer(target: log, action: StateLog.handle)
        second.require(toFail: first)
        ordered.addGestureRecognizer(first)
        ordered.addGestureRecognizer(second)
        UIKitWarnings.$sink.withValue({ message in other.list.withLock { $0.append(message) } }) {
            h.send(.began, 60, 60, at: 2)
            h.send(.ended, 60, 60, at: 2.1)
        }
        #expect(other.all.isEmpty)
    }
}
