import CoreGraphics

/// Nested transactions with per-transaction values, kept per timeline (so per scene or test).
/// UIKit's animation blocks store their settings here, as they do on iOS.
public enum CATransaction {
    public static func begin() { Timeline.current.transactions.append([:]) }
    public static func commit() {
        precondition(!Timeline.current.transactions.isEmpty, "CATransaction.commit without begin")
        Timeline.current.transactions.removeLast()
    }
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
}
