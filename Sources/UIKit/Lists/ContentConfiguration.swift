import Foundation
import QuartzCore

// Content configurations (iOS 14): a value describes what a cell shows; a content view made from it shows it,
// and takes new values in place. States tell configurations what the cell is doing (selected, highlighted…).

/// A value that describes a view's content and makes the view that shows it.
public protocol UIContentConfiguration {
    /// A new view showing this configuration.
    func makeContentView() -> UIView & UIContentView
    /// This configuration as it looks in `state` (the list styles dim, tint or colour their text there).
    func updated(for state: UIConfigurationState) -> Self
}

/// A view that shows a content configuration; setting `configuration` updates it in place.
public protocol UIContentView: NSObjectProtocol {
    var configuration: UIContentConfiguration { get set }
    /// Whether this view can show `configuration` in place (default: a configuration of the same type as its own).
    func supports(_ configuration: UIContentConfiguration) -> Bool
}

extension UIContentView {
    public func supports(_ configuration: UIContentConfiguration) -> Bool {
        type(of: configuration) == type(of: self.configuration)
    }
}

/// A key of an app's own value in a configuration state.
public struct UIConfigurationStateCustomKey: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// What a view is doing, for configurations to follow.
public protocol UIConfigurationState {
    init(traitCollection: UITraitCollection)
    var traitCollection: UITraitCollection { get set }
    subscript(key: UIConfigurationStateCustomKey) -> AnyHashable? { get set }
}

/// A view's state: traits, disabled, highlighted, selected, focused, and custom values.
public struct UIViewConfigurationState: UIConfigurationState, Hashable {
    public var traitCollection: UITraitCollection
    public var isDisabled = false
    public var isHighlighted = false
    public var isSelected = false
    /// Inert: nothing takes focus offscreen (no focus engine); stored.
    public var isFocused = false
    /// Inert: nothing pins a view offscreen (no pinning interaction); stored.
    public var isPinned = false
    private var custom: [UIConfigurationStateCustomKey: AnyHashable] = [:]

    public init(traitCollection: UITraitCollection) { self.traitCollection = traitCollection }
    public subscript(key: UIConfigurationStateCustomKey) -> AnyHashable? {
        get { custom[key] }
        set { custom[key] = newValue }
    }
}

/// A cell's state: a view's state plus editing, expansion, swiping, reordering and drag and drop.
@dynamicMemberLookup
public struct UICellConfigurationState: UIConfigurationState, Hashable {
    public enum DragState: Int, Sendable { case none, lifting, dragging }
    public enum DropState: Int, Sendable { case none, notTargeted, targeted }

    private var view: UIViewConfigurationState
    public var isEditing = false
    public var isExpanded = false
    /// Inert: swipe actions are not simulated (no swipe gesture on cells); stored.
    public var isSwiped = false
    /// Inert: interactive reordering is not simulated; stored.
    public var isReordering = false
    /// Inert: drag and drop is not simulated; stored.
    public var cellDragState: DragState = .none
    /// Inert: drag and drop is not simulated; stored.
    public var cellDropState: DropState = .none

    public init(traitCollection: UITraitCollection) { view = UIViewConfigurationState(traitCollection: traitCollection) }
    public var traitCollection: UITraitCollection {
        get { view.traitCollection }
        set { view.traitCollection = newValue }
    }
    public var isDisabled: Bool { get { view.isDisabled } set { view.isDisabled = newValue } }
    public var isHighlighted: Bool { get { view.isHighlighted } set { view.isHighlighted = newValue } }
    public var isSelected: Bool { get { view.isSelected } set { view.isSelected = newValue } }
    /// Inert: nothing takes focus offscreen (no focus engine); stored.
    public var isFocused: Bool { get { view.isFocused } set { view.isFocused = newValue } }
    /// Inert: nothing pins a view offscreen (no pinning interaction); stored.
    public var isPinned: Bool { get { view.isPinned } set { view.isPinned = newValue } }
    public subscript(key: UIConfigurationStateCustomKey) -> AnyHashable? {
        get { view[key] }
        set { view[key] = newValue }
    }
    // Keeps `state.isSelected` and friends reading through when a view state is read as a cell state.
    public subscript<T>(dynamicMember keyPath: KeyPath<UIViewConfigurationState, T>) -> T { view[keyPath: keyPath] }
}

/// Changes a colour (a configuration's text or background colour) the moment it is resolved.
public struct UIConfigurationColorTransformer: Sendable {
    public let transform: @Sendable (UIColor) -> UIColor
    public init(_ transform: @escaping @Sendable (UIColor) -> UIColor) { self.transform = transform }
    public func callAsFunction(_ input: UIColor) -> UIColor { transform(input) }

    /// The colour's luminance as gray (Rec. 709 weights), alpha kept.
    public static let grayscale = UIConfigurationColorTransformer { color in
        let c = color.cgColor
        return UIColor(white: 0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue, alpha: c.alpha)
    }
    /// The system's tint (systemBlue here: there is no app-wide tint offscreen), alpha kept.
    public static let preferredTint = UIConfigurationColorTransformer { color in
        UIColor.systemBlue.withAlphaComponent(color.cgColor.alpha)
    }
    /// The tint as one shade, alpha kept (the same as `preferredTint` here).
    public static let monochromeTint = UIConfigurationColorTransformer { color in
        UIColor.systemBlue.withAlphaComponent(color.cgColor.alpha)
    }
}

/// Axes (a layout's horizontal and vertical).
public struct UIAxis: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let horizontal = UIAxis(rawValue: 1 << 0)
    public static let vertical = UIAxis(rawValue: 1 << 1)
    public static let both: UIAxis = [.horizontal, .vertical]
}

/// Edges of a rectangle that follow the layout direction (left-to-right here: leading is left).
public struct NSDirectionalRectEdge: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let top = NSDirectionalRectEdge(rawValue: 1 << 0)
    public static let leading = NSDirectionalRectEdge(rawValue: 1 << 1)
    public static let bottom = NSDirectionalRectEdge(rawValue: 1 << 2)
    public static let trailing = NSDirectionalRectEdge(rawValue: 1 << 3)
    public static let all: NSDirectionalRectEdge = [.top, .leading, .bottom, .trailing]
}
