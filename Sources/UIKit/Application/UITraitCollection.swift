import Foundation

/// Light or dark appearance (`.unspecified`: inherit it).
public enum UIUserInterfaceStyle: Int, Sendable {
    case unspecified = 0, light = 1, dark = 2
}

/// Compact or regular room along one axis (`.unspecified`: inherit it).
public enum UIUserInterfaceSizeClass: Int, Sendable {
    case unspecified = 0, compact = 1, regular = 2
}

/// The direction text and leading/trailing layout run in (`.unspecified`: inherit it).
public enum UITraitEnvironmentLayoutDirection: Int, Sendable {
    case unspecified = -1, leftToRight = 0, rightToLeft = 1
}

/// Whether 3D Touch is available.
public enum UIForceTouchCapability: Int, Sendable {
    case unknown = 0, unavailable = 1, available = 2
}

/// The colour gamut of the display (`.unspecified`: inherit it).
public enum UIDisplayGamut: Int, Sendable {
    case unspecified = -1, SRGB = 0, P3 = 1
}

/// The Increase Contrast accessibility setting (`.unspecified`: inherit it).
public enum UIAccessibilityContrast: Int, Sendable {
    case unspecified = -1, normal = 0, high = 1
}

/// Whether content sits at the base level or above it, as in a sheet (`.unspecified`: inherit it).
public enum UIUserInterfaceLevel: Int, Sendable {
    case unspecified = -1, base = 0, elevated = 1
}

/// The Bold Text accessibility setting (`.unspecified`: inherit it).
public enum UILegibilityWeight: Int, Sendable {
    case unspecified = -1, regular = 0, bold = 1
}

/// Whether the content is in the active (foreground) window (`.unspecified`: inherit it).
public enum UIUserInterfaceActiveAppearance: Int, Sendable {
    case unspecified = -1, inactive = 0, active = 1
}

/// The Dynamic Type text size the user chose. Renders use the default, `.large`.
public struct UIContentSizeCategory: RawRepresentable, Hashable, Comparable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let unspecified = UIContentSizeCategory(rawValue: "_UICTContentSizeCategoryUnspecified")
    public static let extraSmall = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXS")
    public static let small = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryS")
    public static let medium = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryM")
    public static let large = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryL")
    public static let extraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXL")
    public static let extraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXXL")
    public static let extraExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXXXL")
    public static let accessibilityMedium = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityM")
    public static let accessibilityLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityL")
    public static let accessibilityExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXL")
    public static let accessibilityExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXXL")
    public static let accessibilityExtraExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXXXL")

    private static let order: [UIContentSizeCategory] = [
        .extraSmall, .small, .medium, .large, .extraLarge, .extraExtraLarge, .extraExtraExtraLarge, .accessibilityMedium,
        .accessibilityLarge, .accessibilityExtraLarge, .accessibilityExtraExtraLarge, .accessibilityExtraExtraExtraLarge,
    ]
    /// The five accessibility sizes (Larger Accessibility Sizes).
    public var isAccessibilityCategory: Bool { (Self.order.firstIndex(of: self) ?? 0) >= 7 }
    /// By size; `.unspecified` (and unknown names) come first.
    public static func < (l: UIContentSizeCategory, r: UIContentSizeCategory) -> Bool {
        (order.firstIndex(of: l) ?? -1) < (order.firstIndex(of: r) ?? -1)
    }
    public static let didChangeNotification = Notification.Name("UIContentSizeCategoryDidChangeNotification")
    public static let newValueUserInfoKey = "UIContentSizeCategoryNewValueKey"
}

/// The traits views and controllers see. A screen's (and so a view's) collection has every trait
/// specified: the run's light or dark style, the screen's scale, a phone's idiom, size classes from the
/// screen's size (a portrait iPhone: compact width, regular height; an iPad-sized screen: regular both),
/// left-to-right layout, the default text size, and high contrast when the render's accessibility settings
/// include Increase Contrast (`.darkerSystemColors`). A collection made with one trait (`init(horizontalSizeClass:)`,
/// …) leaves the others unspecified, for `init(traitsFrom:)` and overrides.
public final class UITraitCollection: NSObject, @unchecked Sendable {
    public let userInterfaceStyle: UIUserInterfaceStyle
    public let displayScale: CGFloat
    public let userInterfaceIdiom: UIUserInterfaceIdiom
    public let horizontalSizeClass: UIUserInterfaceSizeClass
    public let verticalSizeClass: UIUserInterfaceSizeClass
    public let layoutDirection: UITraitEnvironmentLayoutDirection
    public let preferredContentSizeCategory: UIContentSizeCategory
    public let displayGamut: UIDisplayGamut
    public let accessibilityContrast: UIAccessibilityContrast
    public let userInterfaceLevel: UIUserInterfaceLevel
    public let legibilityWeight: UILegibilityWeight
    public let activeAppearance: UIUserInterfaceActiveAppearance
    /// Inert: there is no 3D Touch offscreen; a screen's traits say `.unavailable`.
    public let forceTouchCapability: UIForceTouchCapability

    /// Every trait's value; `.unspecified` (or 0, `.unknown`) where the collection says nothing.
    struct Values: Equatable, Hashable {
        var userInterfaceStyle = UIUserInterfaceStyle.unspecified
        var displayScale: CGFloat = 0
        var userInterfaceIdiom = UIUserInterfaceIdiom.unspecified
        var horizontalSizeClass = UIUserInterfaceSizeClass.unspecified
        var verticalSizeClass = UIUserInterfaceSizeClass.unspecified
        var layoutDirection = UITraitEnvironmentLayoutDirection.unspecified
        var preferredContentSizeCategory = UIContentSizeCategory.unspecified
        var displayGamut = UIDisplayGamut.unspecified
        var accessibilityContrast = UIAccessibilityContrast.unspecified
        var userInterfaceLevel = UIUserInterfaceLevel.unspecified
        var legibilityWeight = UILegibilityWeight.unspecified
        var activeAppearance = UIUserInterfaceActiveAppearance.unspecified
        var forceTouchCapability = UIForceTouchCapability.unknown

        /// `other`'s specified traits over these.
        func overlaid(with other: Values) -> Values {
            var v = self
            if other.userInterfaceStyle != .unspecified { v.userInterfaceStyle = other.userInterfaceStyle }
            if other.displayScale != 0 { v.displayScale = other.displayScale }
            if other.userInterfaceIdiom != .unspecified { v.userInterfaceIdiom = other.userInterfaceIdiom }
            if other.horizontalSizeClass != .unspecified { v.horizontalSizeClass = other.horizontalSizeClass }
            if other.verticalSizeClass != .unspecified { v.verticalSizeClass = other.verticalSizeClass }
            if other.layoutDirection != .unspecified { v.layoutDirection = other.layoutDirection }
            if other.preferredContentSizeCategory != .unspecified { v.preferredContentSizeCategory = other.preferredContentSizeCategory }
            if other.displayGamut != .unspecified { v.displayGamut = other.displayGamut }
            if other.accessibilityContrast != .unspecified { v.accessibilityContrast = other.accessibilityContrast }
            if other.userInterfaceLevel != .unspecified { v.userInterfaceLevel = other.userInterfaceLevel }
            if other.legibilityWeight != .unspecified { v.legibilityWeight = other.legibilityWeight }
            if other.activeAppearance != .unspecified { v.activeAppearance = other.activeAppearance }
            if other.forceTouchCapability != .unknown { v.forceTouchCapability = other.forceTouchCapability }
            return v
        }
    }
    var values: Values {
        Values(userInterfaceStyle: userInterfaceStyle, displayScale: displayScale, userInterfaceIdiom: userInterfaceIdiom,
               horizontalSizeClass: horizontalSizeClass, verticalSizeClass: verticalSizeClass, layoutDirection: layoutDirection,
               preferredContentSizeCategory: preferredContentSizeCategory, displayGamut: displayGamut,
               accessibilityContrast: accessibilityContrast, userInterfaceLevel: userInterfaceLevel,
               legibilityWeight: legibilityWeight, activeAppearance: activeAppearance, forceTouchCapability: forceTouchCapability)
    }
    init(values v: Values) {
        userInterfaceStyle = v.userInterfaceStyle; displayScale = v.displayScale; userInterfaceIdiom = v.userInterfaceIdiom
        horizontalSizeClass = v.horizontalSizeClass; verticalSizeClass = v.verticalSizeClass; layoutDirection = v.layoutDirection
        preferredContentSizeCategory = v.preferredContentSizeCategory; displayGamut = v.displayGamut
        accessibilityContrast = v.accessibilityContrast; userInterfaceLevel = v.userInterfaceLevel
        legibilityWeight = v.legibilityWeight; activeAppearance = v.activeAppearance; forceTouchCapability = v.forceTouchCapability
    }

    /// No traits specified (UIKit's empty collection).
    public override convenience init() { self.init(values: Values()) }
    public convenience init(userInterfaceStyle: UIUserInterfaceStyle) { self.init(values: Values(userInterfaceStyle: userInterfaceStyle)) }
    public convenience init(displayScale scale: CGFloat) { self.init(values: Values(displayScale: scale)) }
    public convenience init(userInterfaceIdiom idiom: UIUserInterfaceIdiom) { self.init(values: Values(userInterfaceIdiom: idiom)) }
    public convenience init(horizontalSizeClass: UIUserInterfaceSizeClass) { self.init(values: Values(horizontalSizeClass: horizontalSizeClass)) }
    public convenience init(verticalSizeClass: UIUserInterfaceSizeClass) { self.init(values: Values(verticalSizeClass: verticalSizeClass)) }
    public convenience init(layoutDirection: UITraitEnvironmentLayoutDirection) { self.init(values: Values(layoutDirection: layoutDirection)) }
    public convenience init(preferredContentSizeCategory: UIContentSizeCategory) {
        self.init(values: Values(preferredContentSizeCategory: preferredContentSizeCategory))
    }
    public convenience init(displayGamut: UIDisplayGamut) { self.init(values: Values(displayGamut: displayGamut)) }
    public convenience init(accessibilityContrast: UIAccessibilityContrast) { self.init(values: Values(accessibilityContrast: accessibilityContrast)) }
    public convenience init(userInterfaceLevel: UIUserInterfaceLevel) { self.init(values: Values(userInterfaceLevel: userInterfaceLevel)) }
    public convenience init(legibilityWeight: UILegibilityWeight) { self.init(values: Values(legibilityWeight: legibilityWeight)) }
    public convenience init(activeAppearance: UIUserInterfaceActiveAppearance) { self.init(values: Values(activeAppearance: activeAppearance)) }
    /// Inert: there is no 3D Touch offscreen; the trait is stored like any other.
    public convenience init(forceTouchCapability capability: UIForceTouchCapability) {
        self.init(values: Values(forceTouchCapability: capability))
    }
    /// A screen's full collection: the style and scale given, the rest what the current screen's size
    /// says (see the type's comment).
    convenience init(userInterfaceStyle: UIUserInterfaceStyle, displayScale: CGFloat) {
        self.init(values: UITraitCollection.deviceValues(style: userInterfaceStyle, scale: displayScale, size: UIScreen.main.bounds.size))
    }
    static func deviceValues(style: UIUserInterfaceStyle, scale: CGFloat, size: CGSize) -> Values {
        Values(userInterfaceStyle: style, displayScale: scale, userInterfaceIdiom: .phone,
               horizontalSizeClass: size.width >= 600 ? .regular : .compact,
               verticalSizeClass: size.height >= 600 ? .regular : .compact,
               layoutDirection: .leftToRight, preferredContentSizeCategory: .large, displayGamut: .P3,
               accessibilityContrast: UIApplication.shared.accessibilitySettings.contains(.darkerSystemColors) ? .high : .normal,
               userInterfaceLevel: .base, legibilityWeight: .regular,
               activeAppearance: .active, forceTouchCapability: .unavailable)
    }
    /// The traits of the collections combined; a specified trait of a later one wins.
    public convenience init(traitsFrom traitCollections: [UITraitCollection]) {
        self.init(values: traitCollections.reduce(Values()) { $0.overlaid(with: $1.values) })
    }
    /// A screen's collection at another level (a view inside a sheet).
    convenience init(userInterfaceStyle: UIUserInterfaceStyle, displayScale: CGFloat, level: UIUserInterfaceLevel) {
        var values = UITraitCollection.deviceValues(style: userInterfaceStyle, scale: displayScale, size: UIScreen.main.bounds.size)
        values.userInterfaceLevel = level
        self.init(values: values)
    }
    /// This collection at another level.
    func replacing(userInterfaceLevel level: UIUserInterfaceLevel) -> UITraitCollection {
        guard level != userInterfaceLevel else { return self }
        var v = values
        v.userInterfaceLevel = level
        return UITraitCollection(values: v)
    }
    /// This collection with another style (what a view's own override does to its inherited traits).
    func replacing(userInterfaceStyle style: UIUserInterfaceStyle) -> UITraitCollection {
        guard style != userInterfaceStyle else { return self }
        var v = values
        v.userInterfaceStyle = style
        return UITraitCollection(values: v)
    }

    /// Whether every trait `trait` specifies has the same value here.
    public func containsTraits(in trait: UITraitCollection?) -> Bool {
        guard let trait else { return true }
        return values.overlaid(with: trait.values) == values
    }

    /// The traits dynamic colours resolve with when nothing says otherwise (a colour's `cgColor`). UIKit
    /// sets it to a view's traits while it lays out (`layoutSubviews`), is told of a trait change, and
    /// applies its colours; otherwise it is the screen's. Per thread, as on iOS.
    public static var current: UITraitCollection {
        get { (Thread.current.threadDictionary[currentKey] as? UITraitCollection) ?? UIScreen.main.traitCollection }
        set { Thread.current.threadDictionary[currentKey] = newValue }
    }
    private static let currentKey = "UIKit.UITraitCollection.current"

    /// Runs `actions` with this collection as `UITraitCollection.current`, then restores the old one.
    public func performAsCurrent(_ actions: () throws -> Void) rethrows {
        try withCurrent(actions)
    }
    func withCurrent<T>(_ body: () throws -> T) rethrows -> T {
        let dictionary = Thread.current.threadDictionary
        let saved = dictionary[Self.currentKey]
        dictionary[Self.currentKey] = self
        defer { dictionary[Self.currentKey] = saved }
        return try body()
    }

    /// Whether colours may resolve differently under `other`: the styles differ, or another trait dynamic
    /// colours may depend on (contrast, level, gamut, active appearance) is specified by both and differs.
    public func hasDifferentColorAppearance(comparedTo other: UITraitCollection?) -> Bool {
        let o = other?.values ?? Values()
        func differ<T: Equatable>(_ a: T, _ b: T, unspecified: T) -> Bool { a != unspecified && b != unspecified && a != b }
        return userInterfaceStyle != o.userInterfaceStyle
            || differ(accessibilityContrast, o.accessibilityContrast, unspecified: .unspecified)
            || differ(userInterfaceLevel, o.userInterfaceLevel, unspecified: .unspecified)
            || differ(displayGamut, o.displayGamut, unspecified: .unspecified)
            || differ(activeAppearance, o.activeAppearance, unspecified: .unspecified)
    }

    /// Collections with the same traits are equal, as on iOS.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UITraitCollection else { return false }
        return values == other.values
    }
    public override var hash: Int { values.hashValue }
    public override var description: String {
        "UITraitCollection(userInterfaceStyle: \(userInterfaceStyle), horizontalSizeClass: \(horizontalSizeClass), verticalSizeClass: \(verticalSizeClass), displayScale: \(displayScale))"
    }
}

/// Something with traits that hears when they change: views, view controllers, the screen.
public protocol UITraitEnvironment: AnyObject {
    var traitCollection: UITraitCollection { get }
    func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?)
}

extension UIScreen: UITraitEnvironment {
    public var traitCollection: UITraitCollection {
        UITraitCollection(userInterfaceStyle: userInterfaceStyle, displayScale: scale)
    }
    public func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}
}

extension UIView: UITraitEnvironment {}
extension UIViewController: UITraitEnvironment {}
