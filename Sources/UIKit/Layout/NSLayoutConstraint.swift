/// Auto Layout's public model: priorities, attributes and `NSLayoutConstraint`. The solving is in
/// LayoutEngine.swift; this file only holds what a constraint is and tells the engine when it changes.

/// A constraint's priority: 1000 is required; anything lower may be broken to satisfy higher ones.
public struct UILayoutPriority: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByFloatLiteral,
                                ExpressibleByIntegerLiteral, CustomStringConvertible {
    public var rawValue: Float
    public init(rawValue: Float) { self.rawValue = rawValue }
    public init(_ rawValue: Float) { self.rawValue = rawValue }
    public init(floatLiteral value: Float) { rawValue = value }
    public init(integerLiteral value: Int) { rawValue = Float(value) }

    public static let required = UILayoutPriority(1000)
    public static let defaultHigh = UILayoutPriority(750)
    public static let dragThatCanResizeScene = UILayoutPriority(510)
    public static let sceneSizeStayPut = UILayoutPriority(500)
    public static let dragThatCannotResizeScene = UILayoutPriority(490)
    public static let defaultLow = UILayoutPriority(250)
    public static let fittingSizeLevel = UILayoutPriority(50)

    public static func < (a: UILayoutPriority, b: UILayoutPriority) -> Bool { a.rawValue < b.rawValue }
    public static func + (a: UILayoutPriority, b: Float) -> UILayoutPriority { UILayoutPriority(a.rawValue + b) }
    public static func - (a: UILayoutPriority, b: Float) -> UILayoutPriority { UILayoutPriority(a.rawValue - b) }
    public var description: String { rawValue == rawValue.rounded() ? "\(Int(rawValue))" : "\(rawValue)" }
    var isRequired: Bool { rawValue >= 1000 }
}

/// Something a constraint can relate: a view or a layout guide.
public protocol LayoutItem: AnyObject {}

open class NSLayoutConstraint: NSObject {
    public enum Attribute: Int, Sendable, CustomStringConvertible {
        case left = 1, right, top, bottom, leading, trailing, width, height, centerX, centerY, lastBaseline
        case firstBaseline = 12, leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
        case centerXWithinMargins, centerYWithinMargins
        case notAnAttribute = 0
        public static let baseline = Attribute.lastBaseline

        public var description: String {
            switch self {
            case .left: "left"; case .right: "right"; case .top: "top"; case .bottom: "bottom"
            case .leading: "leading"; case .trailing: "trailing"; case .width: "width"; case .height: "height"
            case .centerX: "centerX"; case .centerY: "centerY"; case .lastBaseline: "lastBaseline"
            case .firstBaseline: "firstBaseline"; case .leftMargin: "leftMargin"; case .rightMargin: "rightMargin"
            case .topMargin: "topMargin"; case .bottomMargin: "bottomMargin"; case .leadingMargin: "leadingMargin"
            case .trailingMargin: "trailingMargin"; case .centerXWithinMargins: "centerXWithinMargins"
            case .centerYWithinMargins: "centerYWithinMargins"; case .notAnAttribute: "notAnAttribute"
            }
        }
        /// Which family the attribute belongs to: constraints may only relate attributes of one family.
        enum Family { case horizontal, vertical, dimension, none }
        var family: Family {
            switch self {
            case .left, .right, .leading, .trailing, .centerX, .leftMargin, .rightMargin, .leadingMargin,
                 .trailingMargin, .centerXWithinMargins: .horizontal
            case .top, .bottom, .centerY, .lastBaseline, .firstBaseline, .topMargin, .bottomMargin,
                 .centerYWithinMargins: .vertical
            case .width, .height: .dimension
            case .notAnAttribute: .none
            }
        }
    }

    public enum Relation: Int, Sendable, CustomStringConvertible {
        case lessThanOrEqual = -1, equal = 0, greaterThanOrEqual = 1
        public var description: String {
            switch self { case .lessThanOrEqual: "<="; case .equal: "=="; case .greaterThanOrEqual: ">=" }
        }
    }

    /// The axis of a content priority or a stack view (`NSLayoutConstraint.Axis`).
    public enum Axis: Int, Sendable { case horizontal = 0, vertical = 1 }

    public struct FormatOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let alignAllLeft = FormatOptions(rawValue: 1 << 1)
        public static let alignAllRight = FormatOptions(rawValue: 1 << 2)
        public static let alignAllTop = FormatOptions(rawValue: 1 << 3)
        public static let alignAllBottom = FormatOptions(rawValue: 1 << 4)
        public static let alignAllLeading = FormatOptions(rawValue: 1 << 5)
        public static let alignAllTrailing = FormatOptions(rawValue: 1 << 6)
        public static let alignAllCenterX = FormatOptions(rawValue: 1 << 9)
        public static let alignAllCenterY = FormatOptions(rawValue: 1 << 10)
        public static let alignAllLastBaseline = FormatOptions(rawValue: 1 << 11)
        public static let alignAllFirstBaseline = FormatOptions(rawValue: 1 << 12)
        public static let directionLeadingToTrailing = FormatOptions(rawValue: 0 << 16)
        public static let directionLeftToRight = FormatOptions(rawValue: 1 << 16)
        public static let directionRightToLeft = FormatOptions(rawValue: 2 << 16)
    }

    public let firstItem: AnyObject?
    public let firstAttribute: Attribute
    public let relation: Relation
    public let secondItem: AnyObject?
    public let secondAttribute: Attribute
    public let multiplier: CGFloat

    /// Changing the constant of an active constraint re-solves the layout at the next layout pass; inside
    /// an animation block, `layoutIfNeeded()` then animates the views it moves.
    open var constant: CGFloat {
        didSet {
            checkUsage(constant.isFinite, "NSLayoutConstraint.constant must be finite (got \(constant)) in \(self)")
            if constant != oldValue { holder?.constraintConstantDidChange(self) }
        }
    }

    /// Optional constraints (below 1000) may be broken to satisfy higher ones. As in UIKit, an active
    /// constraint cannot switch between required and optional: deactivate it first.
    open var priority: UILayoutPriority = .required {
        didSet {
            checkUsage(priority.rawValue > 0 && priority.rawValue <= 1000,
                       "NSLayoutConstraint.priority must be in 1...1000 (got \(priority.rawValue)) in \(self)")
            checkUsage(!isActive || priority.isRequired == oldValue.isRequired,
                       "Mutating a priority from required to not on an installed constraint (or vice-versa) is not supported. You passed priority \(priority) and the existing priority was \(oldValue). Deactivate the constraint first: \(self)")
            if priority != oldValue { changed() }
        }
    }
    open var identifier: String?
    /// When true, archiving would keep the constraint; kept for source compatibility only.
    open var shouldBeArchived = false

    /// The view that holds the constraint while it is active: the items' nearest common ancestor.
    weak var holder: UIView?
    /// Kinds UIKit creates itself: they print as UIKit prints them in conflict logs.
    enum Origin { case user, autoresizingMask, contentSize, stackView }
    var origin = Origin.user
    /// The engine could not satisfy it with the required constraints and left it out (logged once).
    var isBroken = false
    /// A solver weight instead of the priority's (a stack view's tie-breaks, far below any priority).
    var engineWeight: Double?

    public init(item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation,
                toItem view2: Any?, attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat) {
        let first = view1 as AnyObject, second = view2.map { $0 as AnyObject }
        checkUsage(first is LayoutItem, "NSLayoutConstraint: the first item must be a UIView or a UILayoutGuide (got \(type(of: view1)))")
        checkUsage(second == nil || second is LayoutItem,
                   "NSLayoutConstraint: the second item must be a UIView, a UILayoutGuide or nil (got \(type(of: view2!)))")
        checkUsage(attr1 != .notAnAttribute, "NSLayoutConstraint: the first attribute cannot be .notAnAttribute")
        checkUsage(multiplier.isFinite && c.isFinite, "NSLayoutConstraint: multiplier and constant must be finite")
        if second == nil {
            checkUsage(attr2 == .notAnAttribute && attr1.family == .dimension,
                       "NSLayoutConstraint: a constraint with no second item must constrain a width or height to a constant (attribute \(attr1), second attribute \(attr2))")
        } else {
            checkUsage(attr2 != .notAnAttribute, "NSLayoutConstraint: a second item needs a second attribute")
            checkUsage(attr1.family == attr2.family,
                       "NSLayoutConstraint: Invalid pairing of layout attributes \(attr1) and \(attr2): a constraint cannot relate \(attr1.family == .dimension || attr2.family == .dimension ? "a size to a position" : "a horizontal position to a vertical one")")
            checkUsage(multiplier != 0 || attr1.family == .dimension,
                       "NSLayoutConstraint: a multiplier of 0 on a location attribute (\(attr1)) is invalid")
        }
        firstItem = first
        firstAttribute = attr1
        self.relation = relation
        secondItem = second
        secondAttribute = second == nil ? .notAnAttribute : attr2
        self.multiplier = multiplier
        constant = c
    }

    /// A placeholder with no items (`var top = NSLayoutConstraint()` until the real one is made); it
    /// cannot be activated.
    public override init() {
        firstItem = nil; firstAttribute = .notAnAttribute; relation = .equal
        secondItem = nil; secondAttribute = .notAnAttribute; multiplier = 1; constant = 0
    }

    public convenience init(item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation,
                            toItem view2: Any?, attribute attr2: Attribute) {
        self.init(item: view1, attribute: attr1, relatedBy: relation, toItem: view2, attribute: attr2, multiplier: 1, constant: 0)
    }

    public var firstAnchor: NSLayoutAnchor<AnyObject> {
        guard let item = firstItem as? LayoutItem else { misuse("NSLayoutConstraint.firstAnchor: the constraint has no first item") }
        return NSLayoutAnchor(item: item, attribute: firstAttribute)
    }
    public var secondAnchor: NSLayoutAnchor<AnyObject>? {
        (secondItem as? LayoutItem).map { NSLayoutAnchor(item: $0, attribute: secondAttribute) }
    }

    // MARK: Activation

    /// Active constraints take part in layout. Activating one adds it to the items' nearest common
    /// ancestor; the items must share one (UIKit raises an exception otherwise).
    open var isActive: Bool {
        get { holder != nil }
        set {
            if newValue { activate() } else { deactivate() }
        }
    }

    open class func activate(_ constraints: [NSLayoutConstraint]) { for c in constraints { c.isActive = true } }
    open class func deactivate(_ constraints: [NSLayoutConstraint]) { for c in constraints { c.isActive = false } }

    func activate() {
        guard holder == nil else { return }
        checkUsage(firstItem != nil, "NSLayoutConstraint: a constraint made with NSLayoutConstraint() has no items and cannot be activated; make it with an anchor or init(item:attribute:relatedBy:toItem:attribute:multiplier:constant:)")
        guard let ancestor = commonAncestor else {
            misuse("Unable to activate constraint with anchors \(anchorDescription(firstItem, firstAttribute)) and \(anchorDescription(secondItem, secondAttribute)) because they have no common ancestor. Does the constraint or its anchors reference items in different view hierarchies? That's illegal. Add both views to one hierarchy before activating: \(self)")
        }
        ancestor.install(self)
    }

    func deactivate() {
        holder?.uninstall(self)
    }

    /// The views that hold the items (a guide's owning view), for finding the common ancestor.
    var itemViews: [UIView?] { [Self.view(of: firstItem), secondItem.map { Self.view(of: $0) } ?? nil] }

    static func view(of item: AnyObject?) -> UIView? {
        if let view = item as? UIView { return view }
        return (item as? UILayoutGuide)?.owningView
    }

    /// The nearest view that is or contains both items' views (a guide counts as its owning view).
    var commonAncestor: UIView? {
        guard let first = Self.view(of: firstItem) else { return nil }
        guard let secondItem else { return first }
        guard let second = Self.view(of: secondItem) else { return nil }
        var ancestors = Set<ObjectIdentifier>()
        var current: UIView? = first
        while let v = current { ancestors.insert(ObjectIdentifier(v)); current = v.superview }
        current = second
        while let v = current {
            if ancestors.contains(ObjectIdentifier(v)) { return v }
            current = v.superview
        }
        return nil
    }

    /// Tells the engine that holds this constraint that it must be solved again.
    private func changed() {
        guard let holder else { return }
        holder.constraintsDidChange(affecting: self)
    }

    // MARK: Description (as UIKit prints constraints)

    open override var description: String {
        var text = "<\(typeName):\(addressText(self))"
        if let identifier { text += " '\(identifier)'" }
        text += " \(anchorDescription(firstItem, firstAttribute)) \(relation)"
        if let secondItem {
            text += " "
            if multiplier != 1 { text += "\(format(multiplier))*" }
            text += anchorDescription(secondItem, secondAttribute)
            if constant != 0 { text += " \(constant < 0 ? "-" : "+") \(format(abs(constant)))" }
        } else {
            text += " \(format(constant))"
        }
        if !priority.isRequired { text += "   (priority \(priority))" }
        // UIKit's own constraints (autoresizing, content size) are in the engine without a holder.
        text += isActive || origin == .autoresizingMask || origin == .contentSize ? "   (active)>" : "   (inactive)>"
        return text
    }

    private var typeName: String {
        switch origin {
        case .user: String(describing: type(of: self))
        case .autoresizingMask: "NSAutoresizingMaskLayoutConstraint"
        case .contentSize: "NSContentSizeLayoutConstraint"
        case .stackView: "NSLayoutConstraint"
        }
    }
}

func anchorDescription(_ item: AnyObject?, _ attribute: NSLayoutConstraint.Attribute) -> String {
    guard let item else { return "nil" }
    return "\(itemDescription(item)).\(attribute)"
}

func itemDescription(_ item: AnyObject) -> String {
    if let guide = item as? UILayoutGuide {
        return "'\(guide.identifier)'" + (guide.owningView.map { ":\(itemDescription($0))" } ?? "")
    }
    let name = String(describing: type(of: item))
    if let view = item as? UIView, let id = view.accessibilityIdentifier { return "\(name):'\(id)'" }
    return "\(name):\(addressText(item))"
}

func addressText(_ object: AnyObject) -> String {
    "0x" + String(UInt(bitPattern: ObjectIdentifier(object).hashValue), radix: 16)
}

private func format(_ value: CGFloat) -> String {
    value == value.rounded() && abs(value) < 1e15 ? "\(Int(value))" : "\(value)"
}
