import Testing
import Foundation
@testable import QuartzCore

// Code outside any timeline binding (a user's unit tests, our own tests in parallel) shares the unbound
// timeline: its CATransaction scopes are per thread and its event queue is locked, so threads neither see
// each other's transaction values nor corrupt the queue.
@Suite struct UnboundTimelineTests {
    @Test func transactionScopesOutsideABindingAreThreadsOwn() async {
        #expect(!Timeline.current.isBound)
        let results = await withTaskGroup(of: Bool.self, returning: [Bool].self) { group in
            for i in 1...8 {
                group.addTask {
                    // No suspension point between begin and commit, so the task stays on one thread.
                    CATransaction.begin()
                    CATransaction.setAnimationDuration(Double(i))
                    var sawOwn = true
                    for step in 0..<5_000 {
                        if step % 7 == 0 { Timeline.current.cancel(Timeline.current.schedule(at: 1) {}) }
                        sawOwn = sawOwn && CATransaction.animationDuration() == Double(i)
                    }
                    CATransaction.commit()
                    return sawOwn
                }
            }
            var all: [Bool] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 8 && results.allSatisfy { $0 })
    }
}
