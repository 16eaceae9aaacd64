import CoreGraphics

/// Nested transactions with per-transaction values, kept per timeline (so per scene or test).
/// UIKit's animation blocks store their settings here, as they do on iOS.
public enum CATransaction {
    public static func begin() { Timeline.current.transactions.append([:]) }
    public static func commit() {
        checkUsage(!Timeline.current.transactions.isEmpty, "CATransaction.commit without begin")
        let committed = Timeline.current.transactions.removeLast()
        (committed[CompletionTracker.key] as? CompletionTracker)?.commit()
    }
    /// Changes are drawn when the frame is rendered; there is nothing to flush.
    public static func flush() {}
    public static func lock() {}
    public static func unlock() {}
    /// The innermost transaction's value for `key`, searching outward.
    public static func value(forKey key: String) -> Any? {
        for transaction in Timeline.current.transactions.reversed() { if let v = transaction[key] { return v } }
        return nil
    }
    public static func setValue(_ value: Any?, forKey key: String) {
        if Timeline.current.transactions.isEmpty { Timeline.current.transactions.append([:]) }
        Timeline.current.transactions[Timeline.current.transactions.count - 1][key] = value
    }
    public static func disableActions() -> Bool { (value(forKey: "disableActions") as? Bool) ?? false }
    public static func setDisableActions(_ flag: Bool) { setValue(flag, forKey: "disableActions") }

    /// The duration implicit animations would take (0.25 s by default). Stored and readable; layers here
    /// have no implicit animations (docs/UIKIT-COMPATIBILITY.md).
    public static func animationDuration() -> CFTimeInterval { (value(forKey: "animationDuration") as? CFTimeInterval) ?? 0.25 }
    public static func setAnimationDuration(_ duration: CFTimeInterval) { setValue(duration, forKey: "animationDuration") }
    public static func animationTimingFunction() -> CAMediaTimingFunction? {
        value(forKey: "animationTimingFunction") as? CAMediaTimingFunction
    }
    public static func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) { setValue(function, forKey: "animationTimingFunction") }

    /// Called once every animation added to a layer after this call, until the transaction commits (nested
    /// transactions included), has finished or been removed; right after the commit when there were none.
    public static func setCompletionBlock(_ block: (() -> Void)?) {
        if Timeline.current.transactions.isEmpty { Timeline.current.transactions.append([:]) }
        let index = Timeline.current.transactions.count - 1
        (Timeline.current.transactions[index][CompletionTracker.key] as? CompletionTracker)?.block = nil
        Timeline.current.transactions[index][CompletionTracker.key] = block.map { CompletionTracker(block: $0) }
    }
    public static func completionBlock() -> (() -> Void)? {
        (Timeline.current.transactions.last?[CompletionTracker.key] as? CompletionTracker)?.block
    }

    /// An animation added to a layer joins every open transaction's completion.
    static func animationAdded(_ animation: CAAnimation) {
        for transaction in Timeline.current.transactions {
            guard let tracker = transaction[CompletionTracker.key] as? CompletionTracker else { continue }
            tracker.pending += 1
            animation.stopObservers.append { tracker.animationStopped() }
        }
    }
}

/// One transaction's completion block, waiting for its animations.
final class CompletionTracker {
    static let key = "CATransactionCompletion"
    var block: (() -> Void)?
    var pending = 0
    private var committed = false

    init(block: @escaping () -> Void) { self.block = block }

    func commit() {
        committed = true
        if pending == 0 { fire() }
    }

    func animationStopped() {
        pending -= 1
        if committed && pending == 0 { fire() }
    }

    private func fire() {
        guard let block else { return }
        self.block = nil
        // Later in this moment, after the code that committed: as Core Animation calls it from the run loop.
        Timeline.current.schedule(at: CACurrentMediaTime()) { block() }
    }
}
