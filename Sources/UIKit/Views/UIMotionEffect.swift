import Foundation

/// A horizontal and vertical offset (UIKit's `UIOffset`).
public struct UIOffset: Hashable, Sendable {
    public var horizontal: CGFloat
    public var vertical: CGFloat
    public init() { horizontal = 0; vertical = 0 }
    public init(horizontal: CGFloat, vertical: CGFloat) { self.horizontal = horizontal; self.vertical = vertical }
    public static let zero = UIOffset()
}

/// Something that moves views with the device's tilt. A render's device never tilts, so views keep their
/// effects but are never moved by them (`UIView.addMotionEffect` is inert); the effects still answer
/// `keyPathsAndRelativeValues(forViewerOffset:)` for an offset given by hand.
open class UIMotionEffect {
    public init() {}
    /// Nibs and archives are not read on Linux: nothing is decoded.
    public required init?(coder: NSCoder) {}
    /// Key paths of the view and the values to add to them at a viewer offset (each axis −1…1). The
    /// base class has none.
    open func keyPathsAndRelativeValues(forViewerOffset viewerOffset: UIOffset) -> [String: Any]? { nil }
}

/// Moves one key path between two relative values as the device tilts along one axis.
open class UIInterpolatingMotionEffect: UIMotionEffect {
    public enum EffectType: Int, Sendable {
        case tiltAlongHorizontalAxis, tiltAlongVerticalAxis
    }
    public let keyPath: String
    public let type: EffectType
    /// The value added at offset −1 and +1 (numbers, or NSValue-boxed points and sizes as numbers per axis).
    open var minimumRelativeValue: Any?
    open var maximumRelativeValue: Any?

    public init(keyPath: String, type: EffectType) {
        self.keyPath = keyPath
        self.type = type
        super.init()
    }
    /// See `UIMotionEffect.init?(coder:)`: nothing is decoded; an empty key path along the horizontal axis.
    public required init?(coder: NSCoder) {
        keyPath = ""
        type = .tiltAlongHorizontalAxis
        super.init()
    }

    /// Linear between the minimum (offset −1) and maximum (+1) along the effect's axis, for numeric values.
    open override func keyPathsAndRelativeValues(forViewerOffset viewerOffset: UIOffset) -> [String: Any]? {
        func number(_ value: Any?) -> CGFloat? {
            switch value {
            case let v as CGFloat: v
            case let v as Double: CGFloat(v)
            case let v as Float: CGFloat(v)
            case let v as Int: CGFloat(v)
            case let v as NSNumber: CGFloat(v.doubleValue)
            default: nil
            }
        }
        guard let low = number(minimumRelativeValue), let high = number(maximumRelativeValue) else { return nil }
        let offset = min(max(type == .tiltAlongHorizontalAxis ? viewerOffset.horizontal : viewerOffset.vertical, -1), 1)
        return [keyPath: low + (high - low) * (offset + 1) / 2]
    }
}

/// Several motion effects applied together.
open class UIMotionEffectGroup: UIMotionEffect {
    open var motionEffects: [UIMotionEffect]?

    /// Every member's key paths and values (a later member's value for the same key path wins).
    open override func keyPathsAndRelativeValues(forViewerOffset viewerOffset: UIOffset) -> [String: Any]? {
        var result: [String: Any] = [:]
        for effect in motionEffects ?? [] {
            for (key, value) in effect.keyPathsAndRelativeValues(forViewerOffset: viewerOffset) ?? [:] { result[key] = value }
        }
        return result.isEmpty ? nil : result
    }
}

/// Behaviour added to a view (`UIView.addInteraction`): told when it joins and leaves the view.
public protocol UIInteraction: AnyObject {
    var view: UIView? { get }
    func willMove(to view: UIView?)
    func didMove(to view: UIView?)
}

/// What an accessibility element is (UIKit's `UIAccessibilityTraits`); stored only here.
public struct UIAccessibilityTraits: OptionSet, Hashable, Sendable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    public static let none = UIAccessibilityTraits([])
    public static let button = UIAccessibilityTraits(rawValue: 1 << 0)
    public static let link = UIAccessibilityTraits(rawValue: 1 << 1)
    public static let image = UIAccessibilityTraits(rawValue: 1 << 2)
    public static let selected = UIAccessibilityTraits(rawValue: 1 << 3)
    public static let playsSound = UIAccessibilityTraits(rawValue: 1 << 4)
    public static let keyboardKey = UIAccessibilityTraits(rawValue: 1 << 5)
    public static let staticText = UIAccessibilityTraits(rawValue: 1 << 6)
    public static let summaryElement = UIAccessibilityTraits(rawValue: 1 << 7)
    public static let notEnabled = UIAccessibilityTraits(rawValue: 1 << 8)
    public static let updatesFrequently = UIAccessibilityTraits(rawValue: 1 << 9)
    public static let searchField = UIAccessibilityTraits(rawValue: 1 << 10)
    public static let startsMediaSession = UIAccessibilityTraits(rawValue: 1 << 11)
    public static let adjustable = UIAccessibilityTraits(rawValue: 1 << 12)
    public static let allowsDirectInteraction = UIAccessibilityTraits(rawValue: 1 << 13)
    public static let causesPageTurn = UIAccessibilityTraits(rawValue: 1 << 14)
    public static let header = UIAccessibilityTraits(rawValue: 1 << 16)
    public static let tabBar = UIAccessibilityTraits(rawValue: 1 << 15)
    public static let toggleButton = UIAccessibilityTraits(rawValue: 1 << 53)
    public static let supportsZoom = UIAccessibilityTraits(rawValue: 1 << 52)
}
