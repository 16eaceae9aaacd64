import Foundation

/// The accessibility settings a render runs with (not an Apple type: on iOS they are the user's). Reduce
/// motion is worth rendering: code that checks `UIAccessibility.isReduceMotionEnabled` draws its reduced
/// variant. Set per run (`RenderSettings.accessibility`, the CLI's `--reduce-motion` and friends); every
/// setting is off by default, as on a fresh iPhone.
public struct AccessibilitySettings: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let reduceMotion = AccessibilitySettings(rawValue: 1 << 0)
    public static let reduceTransparency = AccessibilitySettings(rawValue: 1 << 1)
    public static let voiceOver = AccessibilitySettings(rawValue: 1 << 2)
    public static let boldText = AccessibilitySettings(rawValue: 1 << 3)
    public static let darkerSystemColors = AccessibilitySettings(rawValue: 1 << 4)
    /// Reduce motion's "Prefer Cross-Fade Transitions" (only counts with `reduceMotion`, as on iOS).
    public static let prefersCrossFadeTransitions = AccessibilitySettings(rawValue: 1 << 5)

    /// Every setting with its command-line name (`reduce-motion`), in the order help lists them.
    public static let named: [(name: String, setting: AccessibilitySettings)] = [
        ("reduce-motion", .reduceMotion), ("reduce-transparency", .reduceTransparency), ("voice-over", .voiceOver),
        ("bold-text", .boldText), ("darker-system-colors", .darkerSystemColors),
        ("prefers-cross-fade-transitions", .prefersCrossFadeTransitions),
    ]
}

/// Apple's `UIAccessibility` namespace: the system settings part. The settings are those of the run
/// (`AccessibilitySettings`), read from the current app, so parallel renders keep their own.
public enum UIAccessibility {
    private static var settings: AccessibilitySettings { UIApplication.shared.accessibilitySettings }

    public static var isReduceMotionEnabled: Bool { settings.contains(.reduceMotion) }
    public static var isReduceTransparencyEnabled: Bool { settings.contains(.reduceTransparency) }
    public static var isVoiceOverRunning: Bool { settings.contains(.voiceOver) }
    public static var isBoldTextEnabled: Bool { settings.contains(.boldText) }
    public static var isDarkerSystemColorsEnabled: Bool { settings.contains(.darkerSystemColors) }
    public static var prefersCrossFadeTransitions: Bool {
        settings.contains(.reduceMotion) && settings.contains(.prefersCrossFadeTransitions)
    }

    /// Inert: a setting a render does not offer (it changes nothing drawn by this package); always false.
    public static var isGrayscaleEnabled: Bool { false }
    /// Inert: a setting a render does not offer; always false.
    public static var isInvertColorsEnabled: Bool { false }
    /// Inert: a render has no sound; always false.
    public static var isMonoAudioEnabled: Bool { false }
    /// Inert: a render plays no media; always false.
    public static var isClosedCaptioningEnabled: Bool { false }
    /// Inert: a render plays no media; always true, iOS's default.
    public static var isVideoAutoplayEnabled: Bool { true }
    /// Inert: a setting a render does not offer; always false.
    public static var shouldDifferentiateWithoutColor: Bool { false }
    /// Inert: a setting a render does not offer; always false.
    public static var buttonShapesEnabled: Bool { false }
    /// Inert: a setting a render does not offer; always false.
    public static var isOnOffSwitchLabelsEnabled: Bool { false }
    /// Inert: no assistive technology runs in a render; always false.
    public static var isSwitchControlRunning: Bool { false }
    /// Inert: no assistive technology runs in a render; always false.
    public static var isAssistiveTouchRunning: Bool { false }
    /// Inert: no assistive technology runs in a render; always false.
    public static var isGuidedAccessEnabled: Bool { false }
    /// Inert: no speech in a render; always false.
    public static var isSpeakScreenEnabled: Bool { false }
    /// Inert: no speech in a render; always false.
    public static var isSpeakSelectionEnabled: Bool { false }
    /// Inert: a render's device is never shaken; always true, iOS's default.
    public static var isShakeToUndoEnabled: Bool { true }

    /// Inert: the settings of a render never change while it runs, so these are never posted.
    public static let reduceMotionStatusDidChangeNotification = Notification.Name("UIAccessibilityReduceMotionStatusDidChangeNotification")
    /// Inert: the settings of a render never change while it runs, so this is never posted.
    public static let reduceTransparencyStatusDidChangeNotification = Notification.Name("UIAccessibilityReduceTransparencyStatusDidChangeNotification")
    /// Inert: the settings of a render never change while it runs, so this is never posted.
    public static let voiceOverStatusDidChangeNotification = Notification.Name("UIAccessibilityVoiceOverStatusDidChangeNotification")
    /// Inert: the settings of a render never change while it runs, so this is never posted.
    public static let boldTextStatusDidChangeNotification = Notification.Name("UIAccessibilityBoldTextStatusDidChangeNotification")
    /// Inert: the settings of a render never change while it runs, so this is never posted.
    public static let darkerSystemColorsStatusDidChangeNotification = Notification.Name("UIAccessibilityDarkerSystemColorsStatusDidChangeNotification")
    /// Inert: the settings of a render never change while it runs, so this is never posted.
    public static let prefersCrossFadeTransitionsStatusDidChange = Notification.Name("UIAccessibilityPrefersCrossFadeTransitionsStatusDidChangeNotification")
}
