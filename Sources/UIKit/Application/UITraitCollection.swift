import Foundation

/// Light or dark appearance (`.unspecified`: inherit it).
public enum UIUserInterfaceStyle: Int, Sendable {
    case unspecified = 0, light = 1, dark = 2
}

/// The traits views and controllers see. Only the user interface style is modelled (plus the screen's
/// scale and the phone idiom); the render's appearance is the screen's style, fixed per scene run.
public final class UITraitCollection: NSObject, @unchecked Sendable {
    public let userInterfaceStyle: UIUserInterfaceStyle
    public let displayScale: CGFloat
    public var userInterfaceIdiom: UIUserInterfaceIdiom { .phone }

    /// No traits specified (UIKit's empty collection).
    public override convenience init() { self.init(userInterfaceStyle: .unspecified) }
    public init(userInterfaceStyle: UIUserInterfaceStyle) {
        self.userInterfaceStyle = userInterfaceStyle
        displayScale = 0
        super.init()
    }
    init(userInterfaceStyle: UIUserInterfaceStyle, displayScale: CGFloat) {
        self.userInterfaceStyle = userInterfaceStyle; self.displayScale = displayScale
        super.init()
    }
    /// The traits of the collections combined; a specified trait of a later one wins.
    public convenience init(traitsFrom traitCollections: [UITraitCollection]) {
        let style = traitCollections.last { $0.userInterfaceStyle != .unspecified }?.userInterfaceStyle ?? .unspecified
        let scale = traitCollections.last { $0.displayScale != 0 }?.displayScale ?? 0
        self.init(userInterfaceStyle: style, displayScale: scale)
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

    /// Whether colours may resolve differently under `other` (the styles differ).
    public func hasDifferentColorAppearance(comparedTo other: UITraitCollection?) -> Bool {
        userInterfaceStyle != (other?.userInterfaceStyle ?? .unspecified)
    }

    /// Collections with the same traits are equal, as on iOS.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UITraitCollection else { return false }
        return userInterfaceStyle == other.userInterfaceStyle && displayScale == other.displayScale
    }
    public override var hash: Int { var h = Hasher(); h.combine(userInterfaceStyle); h.combine(displayScale); return h.finalize() }
    public override var description: String { "UITraitCollection(userInterfaceStyle: \(userInterfaceStyle))" }
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
