import Cassowary
import Foundation

/// The solver variables of a view or layout guide: its alignment rectangle (the frame without the
/// transform) in its superview's (or owning view's) coordinates, as UIKit's engine keeps minX, minY,
/// width and height.
final class LayoutVariables {
    let x: Variable, y: Variable, w: Variable, h: Variable
    init(_ name: String) {
        x = Variable(name + ".minX"); y = Variable(name + ".minY")
        w = Variable(name + ".width"); h = Variable(name + ".height")
    }
    var solvedRect: CGRect { CGRect(x: x.value, y: y.value, width: w.value, height: h.value) }
}

/// One Auto Layout engine per view hierarchy, kept by its root (the window, or a view not in one). Each
/// pass gathers what should hold — the active constraints, content-size constraints from intrinsic sizes,
/// and the autoresizing constraints that pin views laid out by frames — and hands the solver only the
/// difference from last time, so a changed constant is one removal and one addition (Cassowary's
/// incremental re-solve, Badros, Borning & Stuckey, ACM TOCHI 8(4), 2001).
package final class LayoutEngine {
    /// What one gathered constraint is, for identity across passes and for UIKit's conflict log.
    enum Source: Hashable {
        case constraint(ObjectIdentifier)
        /// A view laid out by frames but named by a constraint: its frame as four required constraints.
        case autoresizing(ObjectIdentifier, Int)
        /// Hugging (`<=`) or compression resistance (`>=`) against the intrinsic size on one axis.
        case contentSize(ObjectIdentifier, axis: Int, hugging: Bool)
    }

    struct Gathered {
        let source: Source
        let expression: LinearExpression
        let relation: Cassowary.Constraint.Relation
        let strength: Strength
        /// The constraint (user, stack view, autoresizing or content size) it comes from, for logs.
        let constraint: NSLayoutConstraint
        /// The constraint's constant when this was made (the fast path moves the expression by the change).
        var constant: CGFloat = 0
    }

    private struct Installed {
        var gathered: Gathered
        /// nil: the solver could not satisfy it together with the required constraints; it is broken.
        var solverConstraint: Cassowary.Constraint?
        let order: Int
    }

    private var solver = Solver()
    private var installed: [Source: Installed] = [:]
    private var nextOrder = 0
    /// Something the gathered set depends on changed since the last pass: gather everything again.
    var needsSync = true
    /// Constraints whose constant alone changed since the last pass (the common animation case): they
    /// are re-added with the new constant without gathering the rest.
    private var changedConstants: [NSLayoutConstraint] = []
    /// The last full pass measured multi-line labels at their solved widths; constant changes then take
    /// the full path so the labels are measured again.
    private var hasWidthDependentViews = false
    /// Whether a pass has anything to do.
    var isOutOfDate: Bool { needsSync || !changedConstants.isEmpty }

    /// A constraint's constant changed: remember it for the fast path.
    func constantDidChange(_ constraint: NSLayoutConstraint) {
        if !needsSync { changedConstants.append(constraint) }
    }
    /// Views (with variables) the last pass laid out by constraints, in tree order.
    private(set) var constrainedViews: [UIView] = []

    /// Where conflict reports go (stderr by default, as UIKit logs to the console). Task-local, so a test
    /// captures its own reports (`LayoutEngine.$log.withValue`) while others run in parallel.
    @TaskLocal package static var log: @Sendable (String) -> Void = { message in
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    // MARK: Priorities

    /// Required constraints must hold; optional ones cost `10^(priority/200)` per point of error, so a
    /// higher priority always wins a one-to-one conflict (751 over 750) and far-apart priorities are
    /// effectively strict (750 over 250 by a factor of 316), while the weights stay within the solver's
    /// precision.
    static func strength(_ priority: UILayoutPriority) -> Strength {
        priority.isRequired ? .required : Strength(pow(10, Double(max(priority.rawValue, 0)) / 200))
    }

    // MARK: Solving

    /// Brings the solver up to date with the hierarchy under `root`, solves, and marks for layout the
    /// superviews of views whose solved frame differs from their frame.
    func sync(root: UIView) {
        if !needsSync && !hasWidthDependentViews && updateChangedConstants() {
            markMovedViews()
            return
        }
        needsSync = false
        changedConstants = []
        var gatherer = Gatherer(root: root, fittingRoot: false)
        gatherer.gather()
        apply(gatherer.constraints)
        solver.updateVariables()
        // A multi-line label's height depends on the width it was given: measure again at the solved
        // width and re-solve (UIKit's second pass for labels without preferredMaxLayoutWidth).
        hasWidthDependentViews = gatherer.hasWidthDependentViews
        for _ in 0..<2 {
            guard gatherer.refreshWidthDependentSizes() else { break }
            apply(gatherer.constraints)
            solver.updateVariables()
        }
        for view in constrainedViews { view.autoLayoutStateIfPresent?.isSolvedByEngine = false }
        constrainedViews = gatherer.viewsWithVariables
        for view in constrainedViews { view.autoLayout.isSolvedByEngine = true }
        contentGuides = gatherer.solvedGuides.filter { $0.kind == .contentLayout }
        markMovedViews()
    }
    /// Scroll views' content guides the last full pass solved: their size is the scroll view's contentSize.
    private var contentGuides: [UILayoutGuide] = []
    /// Whether constraints name this content guide (then its solved size is the scroll view's contentSize).
    func solves(_ guide: UILayoutGuide) -> Bool { contentGuides.contains { $0 === guide } }

    /// The superviews of views whose solved frame differs from their frame need layout.
    private func markMovedViews() {
        for view in constrainedViews where !view.translatesAutoresizingMaskIntoConstraints {
            if view.engineFrame() != view.alignmentRect { (view.superview ?? view).setNeedsLayout() }
        }
        for guide in contentGuides {
            guard let scrollView = guide.owningView as? UIScrollView,
                  scrollView.solvedContentSize(guide) != scrollView.contentSize else { continue }
            scrollView.setNeedsLayout()
        }
    }

    /// The fast path: only constants changed, so each changed constraint's expression is the installed
    /// one moved by the difference; one removal and one addition each (Cassowary's incremental re-solve).
    /// False when a constraint is not installed as it was (the full pass is needed).
    private func updateChangedConstants() -> Bool {
        let changed = changedConstants
        changedConstants = []
        var seen = Set<ObjectIdentifier>()
        for constraint in changed where seen.insert(ObjectIdentifier(constraint)).inserted {
            let source = Source.constraint(ObjectIdentifier(constraint))
            guard constraint.holder != nil, let entry = installed[source] else { return false }
            let old = entry.gathered
            guard old.constant != constraint.constant else { continue }
            // expression = lhs − (m·rhs + constant): a larger constant lowers the expression's constant.
            var expression = old.expression
            expression.constant -= Double(constraint.constant - old.constant)
            let gathered = Gathered(source: source, expression: expression, relation: old.relation, strength: old.strength,
                                    constraint: constraint, constant: constraint.constant)
            if let c = entry.solverConstraint { try? solver.remove(c) }
            let replacement = Cassowary.Constraint(expression, gathered.relation, LinearExpression(), strength: gathered.strength)
            var added: Cassowary.Constraint? = replacement
            do {
                try solver.add(replacement)
                constraint.isBroken = false
            } catch {
                added = nil
                if entry.solverConstraint != nil { reportConflict(gathered) }
            }
            installed[source] = Installed(gathered: gathered, solverConstraint: added, order: entry.order)
        }
        retryBroken()
        solver.updateVariables()
        return true
    }

    private func apply(_ gathered: [Gathered]) {
        var removedAny = false
        var wanted = Set<Source>()
        wanted.reserveCapacity(gathered.count)
        for g in gathered { wanted.insert(g.source) }
        let stale = installed.filter { !wanted.contains($0.key) }.sorted { $0.value.order < $1.value.order }
        for (source, entry) in stale {
            if let c = entry.solverConstraint { try? solver.remove(c); removedAny = true }
            installed[source] = nil
        }
        for g in gathered {
            if let current = installed[g.source] {
                if current.gathered.relation == g.relation && current.gathered.strength == g.strength
                    && sameExpression(current.gathered.expression, g.expression) {
                    continue
                }
                if let c = current.solverConstraint { try? solver.remove(c); removedAny = true }
                installed[g.source] = nil
            }
            let constraint = Cassowary.Constraint(g.expression, g.relation, LinearExpression(), strength: g.strength)
            var added: Cassowary.Constraint? = constraint
            do {
                try solver.add(constraint)
            } catch {
                added = nil
                reportConflict(g)
            }
            installed[g.source] = Installed(gathered: g, solverConstraint: added, order: nextOrder)
            nextOrder += 1
        }
        // Something left: a constraint broken earlier may hold now.
        if removedAny { retryBroken() }
    }

    /// Adds again, in their order, the constraints that were broken; those that fit now hold.
    private func retryBroken() {
        for (source, entry) in installed.filter({ $0.value.solverConstraint == nil }).sorted(by: { $0.value.order < $1.value.order }) {
            let g = entry.gathered
            let constraint = Cassowary.Constraint(g.expression, g.relation, LinearExpression(), strength: g.strength)
            guard (try? solver.add(constraint)) != nil else { continue }
            installed[source]?.solverConstraint = constraint
            g.constraint.isBroken = false
        }
    }

    private func sameExpression(_ a: LinearExpression, _ b: LinearExpression) -> Bool {
        guard a.constant == b.constant, a.terms.count == b.terms.count else { return false }
        for (s, t) in zip(a.terms, b.terms) where s.variable !== t.variable || s.coefficient != t.coefficient { return false }
        return true
    }

    /// UIKit's console message for constraints that cannot all hold: the new one and the required
    /// constraints it is connected to through shared variables; the new one is broken (left out).
    private func reportConflict(_ failed: Gathered) {
        var variables = Set(failed.expression.terms.map { ObjectIdentifier($0.variable) })
        var related: [Installed] = []
        var remaining = installed.values.filter { $0.solverConstraint != nil && $0.gathered.strength.isRequired }
            .sorted { $0.order < $1.order }
        var grew = true
        while grew {
            grew = false
            remaining.removeAll { entry in
                let ids = entry.gathered.expression.terms.map { ObjectIdentifier($0.variable) }
                guard ids.contains(where: variables.contains) else { return false }
                related.append(entry)
                variables.formUnion(ids)
                grew = true
                return true
            }
        }
        let constraints = related.sorted { $0.order < $1.order }.map(\.gathered.constraint) + [failed.constraint]
        let list = constraints.map { "    \($0)" }.joined(separator: ",\n")
        // Addresses say nothing in an offscreen render: each view's place in the tree says which it is.
        var views: [UIView] = []
        for constraint in constraints {
            for item in [constraint.firstItem, constraint.secondItem] {
                guard let view = (item as? UIView) ?? (item as? UILayoutGuide)?.owningView,
                      !views.contains(where: { $0 === view }) else { continue }
                views.append(view)
            }
        }
        let paths = views.map { "    \(itemDescription($0)): \(Self.path(of: $0))" }.joined(separator: "\n")
        Self.log("""
            [LayoutConstraints] Unable to simultaneously satisfy constraints.
            \tProbably at least one of the constraints in the following list is one you don't want.
            \tTry this:
            \t\t(1) look at each constraint and try to figure out which you don't expect;
            \t\t(2) find the code that added the unwanted constraint or constraints and fix it.
            \t(Note: If you're seeing NSAutoresizingMaskLayoutConstraints that you don't understand, refer to the documentation for the UIView property translatesAutoresizingMaskIntoConstraints)
            (
            \(list)
            )
            Views:
            \(paths)

            Will attempt to recover by breaking constraint
            \(failed.constraint)
            """)
        failed.constraint.isBroken = true
    }

    /// `UIWindow > UINavigationController.view > UIView > UILabel "Title"`: a view's place from its root,
    /// a controller's root view by its controller, a label by its text, a view by its identifier.
    static func path(of view: UIView) -> String {
        var steps: [String] = []
        var current: UIView? = view
        while let v = current {
            var step = v.owningViewController.map { "\(type(of: $0)).view" } ?? "\(type(of: v))"
            if let id = v.accessibilityIdentifier { step += " '\(id)'" }
            if let label = v as? UILabel, let text = label.text, !text.isEmpty {
                step += " \"" + (text.count > 30 ? text.prefix(29) + "…" : text) + "\""
            }
            steps.append(step)
            current = v.superview
        }
        return steps.reversed().joined(separator: " > ")
    }

    /// True when the solved values leave the variable free (nothing pins it down).
    func isAmbiguous(_ variable: Variable) -> Bool { !solver.hasVariable(variable) || solver.isAmbiguous(variable) }

    /// The solver's values again (after a fitting solve wrote its own into the shared variables).
    func restoreValues() { solver.updateVariables() }

    /// A view's size from its own subtree's constraints alone, its width and height held towards
    /// `target` at the given priorities (`systemLayoutSizeFitting`). A separate solver; the shared
    /// variables are given back their engine values afterwards.
    static func fittingSize(of view: UIView, target: CGSize, horizontal: UILayoutPriority, vertical: UILayoutPriority) -> CGSize {
        var gatherer = Gatherer(root: view, fittingRoot: true)
        gatherer.gather()
        let solver = Solver()
        let own = view.layoutVariables
        var all = gatherer.constraints.map { Cassowary.Constraint($0.expression, $0.relation, LinearExpression(), strength: $0.strength) }
        all.append(Cassowary.Constraint(LinearExpression(own.w), .equal, LinearExpression(constant: Double(target.width)), strength: strength(horizontal)))
        all.append(Cassowary.Constraint(LinearExpression(own.h), .equal, LinearExpression(constant: Double(target.height)), strength: strength(vertical)))
        all.append(Cassowary.Constraint(LinearExpression(own.x), .equal, LinearExpression(), strength: .required))
        all.append(Cassowary.Constraint(LinearExpression(own.y), .equal, LinearExpression(), strength: .required))
        for c in all { try? solver.add(c) }
        solver.updateVariables()
        let scale = UIScreen.main.scale
        let size = CGSize(width: (CGFloat(own.w.value) * scale).rounded(.up) / scale,
                          height: (CGFloat(own.h.value) * scale).rounded(.up) / scale)
        view.rootView.layoutEngineIfPresent?.restoreValues()
        return size
    }
}

// MARK: - Gathering

/// Walks a hierarchy and turns what should hold into linear constraints over the views' variables. A
/// view laid out by frames that no constraint names contributes constants (its frame) instead.
struct Gatherer {
    let root: UIView
    /// systemLayoutSizeFitting: the root's own size is free (no autoresizing pins, no outer constraints).
    let fittingRoot: Bool
    private(set) var constraints: [LayoutEngine.Gathered] = []
    private(set) var viewsWithVariables: [UIView] = []
    /// Views laid out by frames that a constraint names (pinned to their frames).
    private var referenced = Set<ObjectIdentifier>()
    /// App layout guides whose variables the gathered constraints use.
    private(set) var solvedGuides: [UILayoutGuide] = []
    /// Views whose variables the gathered constraints use.
    private var solved = Set<ObjectIdentifier>()
    /// Labels whose intrinsic height was measured at a width: measured again after the solve.
    private var widthDependent: [(label: UIView, width: CGFloat)] = []

    init(root: UIView, fittingRoot: Bool) { self.root = root; self.fittingRoot = fittingRoot }

    mutating func gather() {
        constraints = []
        viewsWithVariables = []
        referenced = []
        solved = []
        widthDependent = []
        var stack = [root]
        var order: [UIView] = []
        while let view = stack.popLast() {
            order.append(view)
            stack.append(contentsOf: view.subviews.reversed())
        }
        // First the views laid out by frames that constraints name: they become pinned variables.
        var pinned: [UIView] = []
        for view in order {
            for constraint in view.heldConstraints where !fittingRoot || constraintIsInside(constraint) {
                for item in [constraint.firstItem, constraint.secondItem] {
                    if let v = item as? UIView, v.translatesAutoresizingMaskIntoConstraints, !(fittingRoot && v === root),
                       referenced.insert(ObjectIdentifier(v)).inserted {
                        pinned.append(v)
                    }
                }
            }
        }
        for view in order {
            for constraint in view.heldConstraints where !fittingRoot || constraintIsInside(constraint) {
                if let g = makeGathered(constraint) { constraints.append(g) }
            }
            if !view.translatesAutoresizingMaskIntoConstraints || (fittingRoot && view === root) {
                addContentSize(of: view)
            }
        }
        for view in pinned { addAutoresizingPins(view) }
    }

    /// In a fitting solve only constraints among the root's subtree count.
    private func constraintIsInside(_ c: NSLayoutConstraint) -> Bool {
        c.itemViews.allSatisfy { $0 == nil || $0!.isDescendant(of: root) }
    }

    // MARK: Constraint expressions

    private mutating func makeGathered(_ c: NSLayoutConstraint) -> LayoutEngine.Gathered? {
        guard let first = c.firstItem as? LayoutItem, let container = c.holder ?? (fittingRoot ? root : nil) else { return nil }
        let lhs = expression(first, c.firstAttribute, in: container)
        var rhs = LinearExpression(constant: Double(c.constant))
        if let second = c.secondItem as? LayoutItem {
            rhs = expression(second, c.secondAttribute, in: container) * Double(c.multiplier) + Double(c.constant)
        }
        let relation: Cassowary.Constraint.Relation =
            c.relation == .equal ? .equal : c.relation == .lessThanOrEqual ? .lessOrEqual : .greaterOrEqual
        let strength = c.engineWeight.map { Strength($0) } ?? LayoutEngine.strength(c.priority)
        return .init(source: .constraint(ObjectIdentifier(c)), expression: lhs - rhs, relation: relation,
                     strength: strength, constraint: c, constant: c.constant)
    }

    /// The rectangle of an item in `container`'s coordinates: origin and size as linear expressions.
    private mutating func rect(_ item: LayoutItem, in container: UIView) -> (x: LinearExpression, y: LinearExpression, w: LinearExpression, h: LinearExpression) {
        if let view = item as? UIView {
            let (w, h) = size(of: view)
            guard view !== container else { return (LinearExpression(), LinearExpression(), w, h) }
            let (x, y) = offset(of: view, in: container)
            return (x, y, w, h)
        }
        let guide = item as! UILayoutGuide
        guard let owner = guide.owningView else { return (LinearExpression(), LinearExpression(), LinearExpression(), LinearExpression()) }
        var (ox, oy) = owner === container ? (LinearExpression(), LinearExpression()) : offset(of: owner, in: container)
        if guide.kind == .user {
            let v = guide.layoutVariables
            solvedGuides.append(guide)
            return (ox + LinearExpression(v.x), oy + LinearExpression(v.y), LinearExpression(v.w), LinearExpression(v.h))
        }
        if guide.kind == .contentLayout {
            // The content's corner is the bounds space's origin; only the size is solved (it becomes contentSize).
            let v = guide.layoutVariables
            solvedGuides.append(guide)
            return (ox, oy, LinearExpression(v.w), LinearExpression(v.h))
        }
        if guide.kind == .frameLayout {
            // The bounds in the scroll view's own space: its origin is the content offset.
            let (w, h) = size(of: owner)
            return (ox + Double(owner.bounds.minX), oy + Double(owner.bounds.minY), w, h)
        }
        let insets = owner.insets(of: guide.kind)
        let (w, h) = size(of: owner)
        ox = ox + Double(insets.left)
        oy = oy + Double(insets.top)
        if guide.kind == .readableContent {
            let width = owner.bounds.width - insets.left - insets.right
            return (ox, oy, LinearExpression(constant: Double(width)), h - Double(insets.top + insets.bottom))
        }
        return (ox, oy, w - Double(insets.left + insets.right), h - Double(insets.top + insets.bottom))
    }

    private mutating func size(of view: UIView) -> (LinearExpression, LinearExpression) {
        if usesVariables(view) {
            let v = variables(of: view)
            return (LinearExpression(v.w), LinearExpression(v.h))
        }
        let size = view.bounds.size
        return (LinearExpression(constant: Double(size.width)), LinearExpression(constant: Double(size.height)))
    }

    /// The view's origin in `container` (an ancestor): the sum of the origins on the way up.
    private mutating func offset(of view: UIView, in container: UIView) -> (LinearExpression, LinearExpression) {
        var x = LinearExpression(), y = LinearExpression()
        var current: UIView? = view
        while let v = current, v !== container {
            if usesVariables(v) {
                let vars = variables(of: v)
                x = x + LinearExpression(vars.x)
                y = y + LinearExpression(vars.y)
            } else {
                let r = v.alignmentRect
                x = x + Double(r.minX)
                y = y + Double(r.minY)
            }
            current = v.superview
        }
        return (x, y)
    }

    /// Views laid out by constraints, and views laid out by frames that a constraint names (pinned to
    /// their frames), are variables; other views are constants.
    private func usesVariables(_ view: UIView) -> Bool {
        !view.translatesAutoresizingMaskIntoConstraints || referenced.contains(ObjectIdentifier(view))
            || (fittingRoot && view === root)
    }

    private mutating func variables(of view: UIView) -> LayoutVariables {
        if solved.insert(ObjectIdentifier(view)).inserted { viewsWithVariables.append(view) }
        return view.layoutVariables
    }

    private mutating func expression(_ item: LayoutItem, _ attribute: NSLayoutConstraint.Attribute, in container: UIView) -> LinearExpression {
        let r = rect(item, in: container)
        // The margins walk the safe area up the tree: only the margin attributes pay for them.
        var margins: UIEdgeInsets { (item as? UIView)?.effectiveLayoutMargins ?? .zero }
        switch attribute {
        case .left, .leading: return r.x
        case .right, .trailing: return r.x + r.w
        case .centerX: return r.x + r.w * 0.5
        case .width: return r.w
        case .top: return r.y
        case .bottom: return r.y + r.h
        case .centerY: return r.y + r.h * 0.5
        case .height: return r.h
        case .leftMargin, .leadingMargin: return r.x + Double(margins.left)
        case .rightMargin, .trailingMargin: return r.x + r.w - Double(margins.right)
        case .centerXWithinMargins: return r.x + Double(margins.left) + (r.w - Double(margins.left + margins.right)) * 0.5
        case .topMargin: return r.y + Double(margins.top)
        case .bottomMargin: return r.y + r.h - Double(margins.bottom)
        case .centerYWithinMargins: return r.y + Double(margins.top) + (r.h - Double(margins.top + margins.bottom)) * 0.5
        case .firstBaseline, .lastBaseline:
            // Text sits centred in a label's bounds, so its baseline is the centre plus a fixed offset.
            guard let view = item as? UIView, let offset = view.baselineOffsetFromCenter(last: attribute == .lastBaseline) else {
                return r.y + r.h
            }
            return r.y + r.h * 0.5 + Double(offset)
        case .notAnAttribute: return LinearExpression()
        }
    }

    // MARK: Generated constraints

    /// Hugging and compression resistance against the intrinsic size, per axis that has one.
    private mutating func addContentSize(of view: UIView) {
        let size = view.cachedIntrinsicSize(width: nil)
        var measured = size
        if view.intrinsicHeightDependsOnWidth {
            let solved = view.autoLayoutStateIfPresent?.variables.map { CGFloat($0.w.value) } ?? 0
            let width = solved > 0 ? solved : view.bounds.width
            if width > 0 { measured = view.cachedIntrinsicSize(width: width) }
            widthDependent.append((view, width))
        }
        addContentSize(of: view, size: measured)
    }

    private mutating func addContentSize(of view: UIView, size: CGSize) {
        let state = view.autoLayout
        for axis in [NSLayoutConstraint.Axis.horizontal, .vertical] {
            let value = axis == .horizontal ? size.width : size.height
            guard value != UIView.noIntrinsicMetric, value >= 0 else { continue }
            let vars = variables(of: view)
            let variable = axis == .horizontal ? vars.w : vars.h
            let hug = state.hugging[axis.rawValue], resist = state.compressionResistance[axis.rawValue]
            constraints.append(.init(source: .contentSize(ObjectIdentifier(view), axis: axis.rawValue, hugging: true),
                                     expression: LinearExpression(variable) - Double(value), relation: .lessOrEqual,
                                     strength: LayoutEngine.strength(hug),
                                     constraint: state.contentSizeConstraint(view, axis: axis, hugging: true, value: value, priority: hug)))
            constraints.append(.init(source: .contentSize(ObjectIdentifier(view), axis: axis.rawValue, hugging: false),
                                     expression: LinearExpression(variable) - Double(value), relation: .greaterOrEqual,
                                     strength: LayoutEngine.strength(resist),
                                     constraint: state.contentSizeConstraint(view, axis: axis, hugging: false, value: value, priority: resist)))
        }
    }

    /// A view laid out by frames that a constraint names: its frame as four required constraints (UIKit's
    /// NSAutoresizingMaskLayoutConstraints), so constraints that disagree with it conflict as in UIKit.
    private mutating func addAutoresizingPins(_ view: UIView) {
        let vars = variables(of: view)
        let r = view.alignmentRect
        let values: [(Variable, CGFloat, NSLayoutConstraint.Attribute)] =
            [(vars.x, r.minX, .left), (vars.y, r.minY, .top), (vars.w, r.width, .width), (vars.h, r.height, .height)]
        for (i, (variable, value, attribute)) in values.enumerated() {
            constraints.append(.init(source: .autoresizing(ObjectIdentifier(view), i),
                                     expression: LinearExpression(variable) - Double(value), relation: .equal,
                                     strength: .required,
                                     constraint: view.autoLayout.autoresizingConstraint(view, index: i, attribute: attribute, value: value)))
        }
    }

    var hasWidthDependentViews: Bool { !widthDependent.isEmpty }

    /// After a solve: labels whose solved width changed are measured again. True when any changed.
    mutating func refreshWidthDependentSizes() -> Bool {
        var changed = false
        let previous = widthDependent
        widthDependent = []
        for (view, width) in previous {
            let solved = CGFloat(view.layoutVariables.w.value)
            guard abs(solved - width) > 0.001 else { widthDependent.append((view, width)); continue }
            changed = true
            constraints.removeAll { if case .contentSize(let id, _, _) = $0.source { return id == ObjectIdentifier(view) } else { return false } }
            if solved > 0 {
                addContentSize(of: view, size: view.cachedIntrinsicSize(width: solved))
                widthDependent.append((view, solved))
            }
        }
        return changed
    }
}
