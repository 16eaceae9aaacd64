import Foundation

/// A few worker threads over independent items (the scenes of a gallery or a verify run), whose results
/// come back in item order on the calling thread, so what a run prints and writes does not depend on which
/// worker finished first.
package enum OrderedPool {
    /// Cores to use by default: all the machine has.
    package static var defaultWorkers: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// Runs `work(i)` for every i in 0..<count on up to `workers` threads and calls `deliver(i, result)` on
    /// the calling thread for i = 0, 1, … in order, each as soon as it and every item before it are done.
    /// When `deliver` throws, no new item starts; the running ones finish, then the error is rethrown.
    package static func run<Result: Sendable>(count: Int, workers: Int = defaultWorkers,
                                              _ work: @escaping @Sendable (Int) -> Result,
                                              deliver: (Int, Result) throws -> Void) rethrows {
        let threads = max(1, min(workers, count))
        guard threads > 1 else {
            for index in 0..<count { try deliver(index, work(index)) }
            return
        }
        let state = State<Result>(count: count)
        for _ in 0..<threads {
            let thread = Thread {
                while let index = state.claim() { state.finish(index, work(index)) }
                state.exit()
            }
            thread.stackSize = 16 << 20   // scenes lay out and render deep view trees
            thread.start()
        }
        defer { state.stopAndJoin(threads: threads) }
        for index in 0..<count { try deliver(index, state.wait(for: index)) }
    }

    /// The queue of items, their results, and the workers still running, behind one condition.
    private final class State<Result: Sendable>: @unchecked Sendable {
        private let condition = NSCondition()
        private var next = 0
        private var stopped = false
        private var exited = 0
        private var results: [Result?]

        init(count: Int) { results = Array(repeating: nil, count: count) }

        func claim() -> Int? {
            condition.lock(); defer { condition.unlock() }
            guard !stopped, next < results.count else { return nil }
            next += 1
            return next - 1
        }

        func finish(_ index: Int, _ result: Result) {
            condition.lock(); results[index] = result; condition.broadcast(); condition.unlock()
        }

        func exit() {
            condition.lock(); exited += 1; condition.broadcast(); condition.unlock()
        }

        func wait(for index: Int) -> Result {
            condition.lock(); defer { condition.unlock() }
            while results[index] == nil { condition.wait() }
            let result = results[index]!
            results[index] = nil   // delivered: free it
            return result
        }

        func stopAndJoin(threads: Int) {
            condition.lock(); defer { condition.unlock() }
            stopped = true
            while exited < threads { condition.wait() }
        }
    }
}
