/// A rectangle that takes part in Auto Layout without being a view: spacers, grouping, and the system's
/// guides (safe area, layout margins, readable content) whose frames UIKit keeps up to date.
open class UILayoutGuide: NSObject, LayoutAnchors {
    /// The view the guide belongs to (`addLayoutGuide(_:)`); its frame is in that view's coordinates.
    public internal(set) weak var owningView: UIView?
    open var identifier = ""

    /// What the guide is: one the app made (solved like a view), or one of the system's (a fixed inset
    /// of its view's bounds).
    /// A scroll view's content guide has solved size at the content's origin; its frame guide is the
    /// scroll view's bounds (origin: the content offset), so views pinned to it do not scroll.
    enum Kind { case user, safeArea, layoutMargins, readableContent, contentLayout, frameLayout }
    let kind: Kind

    public override init() { kind = .user; super.init() }
    init(kind: Kind, identifier: String) { self.kind = kind; self.identifier = identifier; super.init() }

    /// The guide's rectangle in its owning view's coordinates, as the last layout pass solved it.
    open var layoutFrame: CGRect {
        guard let owningView else { return .zero }
        switch kind {
        case .user:
            owningView.updateLayoutEngineIfNeeded()
            return variablesIfMade?.solvedRect ?? .zero
        case .safeArea, .layoutMargins, .readableContent, .frameLayout:
            return owningView.bounds.inset(by: owningView.insets(of: kind))
        case .contentLayout:
            let size = (owningView as? UIScrollView)?.contentSize ?? .zero
            return CGRect(origin: .zero, size: size)
        }
    }

    open var constraintsAffectingLayout: [NSLayoutConstraint] { constraintsAffectingLayout(for: .horizontal) + constraintsAffectingLayout(for: .vertical) }
    open func constraintsAffectingLayout(for axis: NSLayoutConstraint.Axis) -> [NSLayoutConstraint] {
        owningView?.activeConstraintsReferencing(self).filter { $0.axis == axis || $0.axis == nil } ?? []
    }
    open var hasAmbiguousLayout: Bool {
        owningView.map { v in [.left, .top, .width, .height].contains { v.isAmbiguous(self, attribute: $0) } } ?? false
    }

    /// The solver variables of an app's guide, once a constraint has named it (system guides are
    /// constants and never have any).
    private(set) var variablesIfMade: LayoutVariables?
    var layoutVariables: LayoutVariables {
        if let v = variablesIfMade { return v }
        let v = LayoutVariables(identifier.isEmpty ? "UILayoutGuide" : identifier)
        variablesIfMade = v
        return v
    }

    open override var description: String {
        "<\(type(of: self)): \(addressText(self)) - \(layoutFrame), layoutFrame = \(layoutFrame), owningView = \(owningView.map { itemDescription($0) } ?? "nil")>"
    }
}

extension NSLayoutConstraint {
    /// The axis the constraint acts on (nil for a size related to the other size).
    var axis: Axis? {
        switch firstAttribute.family {
        case .horizontal: .horizontal
        case .vertical: .vertical
        case .dimension: firstAttribute == .width && (secondItem == nil || secondAttribute == .width) ? .horizontal
            : firstAttribute == .height && (secondItem == nil || secondAttribute == .height) ? .vertical : nil
        case .none: nil
        }
    }
}
