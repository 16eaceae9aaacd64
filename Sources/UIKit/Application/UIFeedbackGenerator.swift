import Foundation

// Haptics have no meaning in a render: these classes exist so app code compiles and
// runs, and each call that would be felt leaves a mark on the timeline (`haptic.impact medium`), so value
// traces and plots show when it happened.

/// The base of the haptic feedback generators.
open class UIFeedbackGenerator {
    public init() {}
    /// Inert: there is no Taptic Engine to wake; nothing is felt in a render.
    open func prepare() {}
}

/// A physical tap, as when views collide or snap into place.
open class UIImpactFeedbackGenerator: UIFeedbackGenerator {
    public enum FeedbackStyle: Int, Sendable {
        case light, medium, heavy, soft, rigid
        var name: String { ["light", "medium", "heavy", "soft", "rigid"][rawValue] }
    }
    private let style: FeedbackStyle

    public init(style: FeedbackStyle) {
        self.style = style
        super.init()
    }
    public override convenience init() { self.init(style: .medium) }
    /// Inert: haptics have no view to come from in a render; the view is not kept.
    public convenience init(style: FeedbackStyle, view: UIView) { self.init(style: style) }

    /// Inert: nothing is felt in a render; the timeline gets the mark `haptic.impact STYLE`.
    open func impactOccurred() {
        Timeline.current.mark("haptic.impact \(style.name)")
    }
    /// Inert: nothing is felt in a render; the timeline gets the mark `haptic.impact STYLE INTENSITY`.
    open func impactOccurred(intensity: CGFloat) {
        Timeline.current.mark("haptic.impact \(style.name) \(String(format: "%.2f", Double(intensity)))")
    }
    /// Inert: nothing is felt in a render; the timeline gets the mark `haptic.impact STYLE` (the location is not kept).
    open func impactOccurred(at location: CGPoint) { impactOccurred() }
    /// Inert: nothing is felt in a render; the timeline gets the mark `haptic.impact STYLE INTENSITY`.
    open func impactOccurred(intensity: CGFloat, at location: CGPoint) { impactOccurred(intensity: intensity) }
}

/// The tick of a selection changing (a picker's wheel).
open class UISelectionFeedbackGenerator: UIFeedbackGenerator {
    public override init() { super.init() }
    /// Inert: haptics have no view to come from in a render; the view is not kept.
    public convenience init(view: UIView) { self.init() }
    /// Inert: nothing is felt in a render; the timeline gets the mark `haptic.selection`.
    open func selectionChanged() { Timeline.current.mark("haptic.selection") }
    /// Inert: nothing is felt in a render; the timeline gets the mark `haptic.selection`.
    open func selectionChanged(at location: CGPoint) { selectionChanged() }
}

/// The feedback of a task's outcome.
open class UINotificationFeedbackGenerator: UIFeedbackGenerator {
    public enum FeedbackType: Int, Sendable {
        case success, warning, error
        var name: String { ["success", "warning", "error"][rawValue] }
    }
    public override init() { super.init() }
    /// Inert: haptics have no view to come from in a render; the view is not kept.
    public convenience init(view: UIView) { self.init() }
    /// Inert: nothing is felt in a render; the timeline gets the mark `haptic.notification TYPE`.
    open func notificationOccurred(_ notificationType: FeedbackType) {
        Timeline.current.mark("haptic.notification \(notificationType.name)")
    }
    /// Inert: nothing is felt in a render; the timeline gets the mark `haptic.notification TYPE`.
    open func notificationOccurred(_ notificationType: FeedbackType, at location: CGPoint) {
        notificationOccurred(notificationType)
    }
}
