// An incremental linear constraint solver: the Cassowary algorithm (Badros, Borning and Stuckey, "The
// Cassowary Linear Arithmetic Constraint Solving Algorithm", ACM TOCHI 8(4), 2001). Constraints are linear
// equalities and inequalities with strengths; required ones must hold, the others are satisfied as well as
// their strengths allow (errors weighted by strength in one objective, minimised by the simplex method).
// Edit variables take suggested values and re-solve incrementally with the dual simplex method.
//
// The tableau keeps each basic symbol's row (basic = constant + Σ coefficient · parametric symbol). Every
// choice between symbols is made in symbol-creation order, so the same constraints added in the same order
// always give the same solution to the last bit (Swift's dictionaries iterate in a per-process order).

/// A value the solver finds.
public final class Variable: Hashable, CustomStringConvertible {
    public let name: String
    /// The solved value, after `Solver.updateVariables()`.
    public internal(set) var value: Double = 0

    public init(_ name: String = "") { self.name = name }
    public var description: String { name.isEmpty ? "v\(ObjectIdentifier(self).hashValue)" : name }
    public static func == (a: Variable, b: Variable) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// Σ coefficient · variable + constant.
public struct LinearExpression: CustomStringConvertible {
    public var terms: [(variable: Variable, coefficient: Double)]
    public var constant: Double

    public init(_ terms: [(Variable, Double)] = [], constant: Double = 0) {
        self.terms = terms.map { (variable: $0.0, coefficient: $0.1) }
        self.constant = constant
    }
    public init(_ variable: Variable) { self.init([(variable, 1)]) }
    public init(constant: Double) { self.init([], constant: constant) }

    public var description: String {
        (terms.map { "\($0.coefficient)·\($0.variable)" } + ["\(constant)"]).joined(separator: " + ")
    }
}

public func + (a: LinearExpression, b: LinearExpression) -> LinearExpression {
    LinearExpression(a.terms.map { ($0.variable, $0.coefficient) } + b.terms.map { ($0.variable, $0.coefficient) }, constant: a.constant + b.constant)
}
public func - (a: LinearExpression, b: LinearExpression) -> LinearExpression { a + b * -1 }
public func * (a: LinearExpression, k: Double) -> LinearExpression {
    LinearExpression(a.terms.map { ($0.variable, $0.coefficient * k) }, constant: a.constant * k)
}
public func + (a: LinearExpression, k: Double) -> LinearExpression { a + LinearExpression(constant: k) }
public func - (a: LinearExpression, k: Double) -> LinearExpression { a + LinearExpression(constant: -k) }

/// How strongly a constraint is held. Required constraints must hold; the others are traded off against
/// each other by weight, the usual symbolic levels being far apart (Cassowary's strong ≫ medium ≫ weak).
public struct Strength: Comparable, Hashable, CustomStringConvertible, Sendable {
    public let value: Double
    public init(_ value: Double) { self.value = min(max(value, 0), Strength.required.value) }
    private init(raw: Double) { value = raw }

    /// Strong, medium and weak parts combined (each 0…1000), as Cassowary's symbolic strengths folded into
    /// one number: strong · 10⁶ + medium · 10³ + weak, times `weight`.
    public static func make(strong: Double, medium: Double, weak: Double, weight: Double = 1) -> Strength {
        func clamp(_ x: Double) -> Double { min(max(x * weight, 0), 1000) }
        return Strength(clamp(strong) * 1_000_000 + clamp(medium) * 1000 + clamp(weak))
    }
    public static let required = Strength(raw: 1_001_001_000)
    public static let strong = make(strong: 1, medium: 0, weak: 0)
    public static let medium = make(strong: 0, medium: 1, weak: 0)
    public static let weak = make(strong: 0, medium: 0, weak: 1)

    public var isRequired: Bool { value >= Strength.required.value }
    public static func < (a: Strength, b: Strength) -> Bool { a.value < b.value }
    public var description: String { isRequired ? "required" : "\(value)" }
}

/// `expression (==|<=|>=) 0` at a strength.
public final class Constraint: Hashable, CustomStringConvertible {
    public enum Relation: String, Sendable { case equal = "==", lessOrEqual = "<=", greaterOrEqual = ">=" }
    public let expression: LinearExpression
    public let relation: Relation
    public let strength: Strength

    /// `lhs relation rhs`.
    public init(_ lhs: LinearExpression, _ relation: Relation, _ rhs: LinearExpression, strength: Strength = .required) {
        expression = lhs - rhs
        self.relation = relation
        self.strength = strength
    }

    public var description: String { "\(expression) \(relation.rawValue) 0 (\(strength))" }
    public static func == (a: Constraint, b: Constraint) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

public enum SolverError: Error, Equatable, CustomStringConvertible {
    /// The required constraint cannot hold together with the required ones already added.
    case unsatisfiable(String)
    case duplicateConstraint(String)
    case unknownConstraint(String)
    case duplicateEditVariable(String)
    case unknownEditVariable(String)
    /// An edit variable must not be required.
    case requiredEditStrength(String)
    /// The objective is unbounded: a bug in the tableau (the objective is bounded below by 0).
    case internalError(String)

    public var description: String {
        switch self {
        case .unsatisfiable(let c): "unsatisfiable constraint: \(c)"
        case .duplicateConstraint(let c): "constraint added twice: \(c)"
        case .unknownConstraint(let c): "constraint not in the solver: \(c)"
        case .duplicateEditVariable(let v): "edit variable added twice: \(v)"
        case .unknownEditVariable(let v): "not an edit variable: \(v)"
        case .requiredEditStrength(let v): "an edit variable cannot be required: \(v)"
        case .internalError(let m): "solver error: \(m)"
        }
    }
}

/// A symbol of the tableau: an external variable, a slack (inequality), an error (non-required constraint)
/// or a dummy (required equality, never entering the basis). Ordered by creation.
struct Symbol: Hashable, Comparable {
    enum Kind: UInt8 { case external, slack, error, dummy }
    let id: Int
    let kind: Kind
    static func < (a: Symbol, b: Symbol) -> Bool { a.id < b.id }
}

/// constant + Σ coefficient · symbol, kept sorted by symbol so every walk over it has one order.
struct Row {
    var constant: Double
    private(set) var cells: [(symbol: Symbol, coefficient: Double)] = []

    init(constant: Double = 0) { self.constant = constant }

    static let epsilon = 1.0e-8
    static func nearZero(_ x: Double) -> Bool { abs(x) < epsilon }

    private func index(of symbol: Symbol) -> (found: Bool, at: Int) {
        var lo = 0, hi = cells.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if cells[mid].symbol.id < symbol.id { lo = mid + 1 } else { hi = mid }
        }
        return (lo < cells.count && cells[lo].symbol == symbol, lo)
    }

    func coefficient(of symbol: Symbol) -> Double {
        let (found, at) = index(of: symbol)
        return found ? cells[at].coefficient : 0
    }

    mutating func insert(_ symbol: Symbol, _ coefficient: Double = 1) {
        let (found, at) = index(of: symbol)
        if found {
            let sum = cells[at].coefficient + coefficient
            if Row.nearZero(sum) { cells.remove(at: at) } else { cells[at].coefficient = sum }
        } else if !Row.nearZero(coefficient) {
            cells.insert((symbol, coefficient), at: at)
        }
    }

    mutating func insert(_ row: Row, _ coefficient: Double = 1) {
        constant += row.constant * coefficient
        for cell in row.cells { insert(cell.symbol, cell.coefficient * coefficient) }
    }

    mutating func remove(_ symbol: Symbol) {
        let (found, at) = index(of: symbol)
        if found { cells.remove(at: at) }
    }

    mutating func reverseSign() {
        constant = -constant
        for i in cells.indices { cells[i].coefficient = -cells[i].coefficient }
    }

    /// Solves `0 = row` for `symbol` (which must be in the row): the row becomes symbol's expression.
    mutating func solve(for symbol: Symbol) {
        let k = -1 / coefficient(of: symbol)
        remove(symbol)
        constant *= k
        for i in cells.indices { cells[i].coefficient *= k }
    }

    /// Solves `lhs = row` for `rhs`: the row becomes rhs's expression.
    mutating func solve(for lhs: Symbol, _ rhs: Symbol) {
        insert(lhs, -1)
        solve(for: rhs)
    }

    /// Replaces `symbol` by its expression `row`.
    mutating func substitute(_ symbol: Symbol, _ row: Row) {
        let (found, at) = index(of: symbol)
        guard found else { return }
        let coefficient = cells[at].coefficient
        cells.remove(at: at)
        insert(row, coefficient)
    }
}

public final class Solver {
    /// What a constraint put into the tableau: its marker (slack, error+ or dummy) and, for non-required
    /// constraints, the other error symbol.
    private struct Tag { var marker: Symbol; var other: Symbol? }
    private struct Edit { let tag: Tag; let constraint: Constraint; var constant: Double }

    private var rows: [Symbol: Row] = [:]
    private var constraints: [Constraint: Tag] = [:]
    /// Constraints in the order they were added (removal keeps the order of the rest).
    private var constraintOrder: [Constraint] = []
    private var symbols: [Variable: Symbol] = [:]
    private var variables: [Symbol: Variable] = [:]
    private var edits: [Variable: Edit] = [:]
    private var infeasible: [Symbol] = []
    private var objective = Row()
    private var artificial: Row?
    private var nextID = 0

    public init() {}

    // MARK: Constraints

    public func add(_ constraint: Constraint) throws {
        guard constraints[constraint] == nil else { throw SolverError.duplicateConstraint(constraint.description) }
        var (row, tag) = makeRow(constraint)
        var subject = chooseSubject(row, tag)
        if subject == nil && row.cells.allSatisfy({ $0.symbol.kind == .dummy }) {
            guard Row.nearZero(row.constant) else { throw SolverError.unsatisfiable(constraint.description) }
            subject = tag.marker
        }
        if let subject {
            row.solve(for: subject)
            substitute(subject, row)
            rows[subject] = row
        } else if try !addWithArtificialVariable(row) {
            // Phase one may have left the row in the tableau: rebuild it from the constraints that hold.
            try rebuild()
            throw SolverError.unsatisfiable(constraint.description)
        }
        constraints[constraint] = tag
        constraintOrder.append(constraint)
        try optimize(artificialPhase: false)
    }

    public func remove(_ constraint: Constraint) throws {
        guard let tag = constraints.removeValue(forKey: constraint) else { throw SolverError.unknownConstraint(constraint.description) }
        constraintOrder.removeAll { $0 === constraint }
        removeObjectiveEffects(constraint, tag)
        if rows.removeValue(forKey: tag.marker) == nil {
            guard let leaving = markerLeavingSymbol(tag.marker), var row = rows.removeValue(forKey: leaving) else {
                throw SolverError.internalError("no row for the removed constraint's marker")
            }
            row.solve(for: leaving, tag.marker)
            substitute(tag.marker, row)
        }
        try optimize(artificialPhase: false)
    }

    public func contains(_ constraint: Constraint) -> Bool { constraints[constraint] != nil }

    /// A fresh tableau from the constraints in the order they were added, edit values re-suggested.
    private func rebuild() throws {
        let order = constraintOrder, oldEdits = edits
        rows = [:]; constraints = [:]; constraintOrder = []; edits = [:]; infeasible = []
        objective = Row(); artificial = nil
        for constraint in order { try add(constraint) }
        for (variable, edit) in oldEdits {
            edits[variable] = Edit(tag: constraints[edit.constraint]!, constraint: edit.constraint, constant: 0)
        }
        for (variable, edit) in oldEdits.sorted(by: { symbols[$0.key]! < symbols[$1.key]! }) where edit.constant != 0 {
            try suggest(edit.constant, for: variable)
        }
    }
    public var allConstraints: [Constraint] { constraintOrder }

    // MARK: Edit variables

    /// Makes `variable` editable at `strength` (not required): `suggest(_:for:)` then moves it.
    public func addEditVariable(_ variable: Variable, strength: Strength) throws {
        guard edits[variable] == nil else { throw SolverError.duplicateEditVariable(variable.description) }
        guard !strength.isRequired else { throw SolverError.requiredEditStrength(variable.description) }
        let constraint = Constraint(LinearExpression(variable), .equal, LinearExpression(constant: 0), strength: strength)
        try add(constraint)
        edits[variable] = Edit(tag: constraints[constraint]!, constraint: constraint, constant: 0)
    }

    public func removeEditVariable(_ variable: Variable) throws {
        guard let edit = edits.removeValue(forKey: variable) else { throw SolverError.unknownEditVariable(variable.description) }
        try remove(edit.constraint)
    }

    public func hasEditVariable(_ variable: Variable) -> Bool { edits[variable] != nil }

    /// Moves an edit variable towards `value` and re-solves with the dual simplex method.
    public func suggest(_ value: Double, for variable: Variable) throws {
        guard var edit = edits[variable] else { throw SolverError.unknownEditVariable(variable.description) }
        let delta = value - edit.constant
        edit.constant = value
        edits[variable] = edit
        let marker = edit.tag.marker, other = edit.tag.other!
        if var row = rows[marker] {
            row.constant -= delta
            rows[marker] = row
            if row.constant < 0 { infeasible.append(marker) }
        } else if var row = rows[other] {
            row.constant += delta
            rows[other] = row
            if row.constant < 0 { infeasible.append(other) }
        } else {
            var newlyInfeasible: [Symbol] = []
            var index = rows.values.startIndex
            while index != rows.values.endIndex {
                let coefficient = rows.values[index].coefficient(of: marker)
                if coefficient != 0 {
                    rows.values[index].constant += delta * coefficient
                    let symbol = rows.keys[index]
                    if rows.values[index].constant < 0 && symbol.kind != .external { newlyInfeasible.append(symbol) }
                }
                rows.values.formIndex(after: &index)
            }
            infeasible.append(contentsOf: newlyInfeasible.sorted())
        }
        try dualOptimize()
    }

    /// Writes every variable's solved value.
    public func updateVariables() {
        for (variable, symbol) in symbols { variable.value = rows[symbol]?.constant ?? 0 }
    }

    /// True when some constraint added so far names the variable.
    public func hasVariable(_ variable: Variable) -> Bool { symbols[variable] != nil }

    /// The variables the solved values do not pin down: a non-basic external symbol with no cost in the
    /// objective could move without changing any error (Auto Layout's ambiguity).
    public func isAmbiguous(_ variable: Variable) -> Bool {
        guard let symbol = symbols[variable], rows[symbol] == nil else { return false }
        return objective.coefficient(of: symbol) == 0
    }

    // MARK: Tableau

    private func newSymbol(_ kind: Symbol.Kind) -> Symbol {
        nextID += 1
        return Symbol(id: nextID, kind: kind)
    }

    private func symbol(for variable: Variable) -> Symbol {
        if let symbol = symbols[variable] { return symbol }
        let symbol = newSymbol(.external)
        symbols[variable] = symbol
        variables[symbol] = variable
        return symbol
    }

    /// The constraint as a row over parametric symbols (basic ones replaced by their rows), with its slack,
    /// error or dummy symbols, and its errors in the objective.
    private func makeRow(_ constraint: Constraint) -> (Row, Tag) {
        let expression = constraint.expression
        var row = Row(constant: expression.constant)
        // Terms combined per variable first, in first-appearance order.
        var combined: [(Variable, Double)] = []
        for term in expression.terms {
            if let i = combined.firstIndex(where: { $0.0 === term.variable }) { combined[i].1 += term.coefficient }
            else { combined.append((term.variable, term.coefficient)) }
        }
        for (variable, coefficient) in combined where !Row.nearZero(coefficient) {
            let symbol = symbol(for: variable)
            if let basic = rows[symbol] { row.insert(basic, coefficient) } else { row.insert(symbol, coefficient) }
        }
        let strength = constraint.strength.value
        var tag: Tag
        switch constraint.relation {
        case .lessOrEqual, .greaterOrEqual:
            let k: Double = constraint.relation == .lessOrEqual ? 1 : -1
            let slack = newSymbol(.slack)
            row.insert(slack, k)
            tag = Tag(marker: slack, other: nil)
            if !constraint.strength.isRequired {
                let error = newSymbol(.error)
                row.insert(error, -k)
                objective.insert(error, strength)
                tag.other = error
            }
        case .equal:
            if constraint.strength.isRequired {
                let dummy = newSymbol(.dummy)
                row.insert(dummy)
                tag = Tag(marker: dummy, other: nil)
            } else {
                let plus = newSymbol(.error), minus = newSymbol(.error)
                row.insert(plus, -1)
                row.insert(minus, 1)
                objective.insert(plus, strength)
                objective.insert(minus, strength)
                tag = Tag(marker: plus, other: minus)
            }
        }
        if row.constant < 0 { row.reverseSign() }
        return (row, tag)
    }

    /// The symbol to make basic for a new row: an external symbol if any (the first); else a new slack or
    /// error symbol with a negative coefficient (so the row stays feasible).
    private func chooseSubject(_ row: Row, _ tag: Tag) -> Symbol? {
        if let external = row.cells.first(where: { $0.symbol.kind == .external }) { return external.symbol }
        for candidate in [tag.marker, tag.other].compactMap({ $0 }) where candidate.kind == .slack || candidate.kind == .error {
            if row.coefficient(of: candidate) < 0 { return candidate }
        }
        return nil
    }

    /// Phase one: an artificial variable for the row, minimised; true when it reaches 0 (the row is
    /// feasible with the others).
    private func addWithArtificialVariable(_ row: Row) throws -> Bool {
        let art = newSymbol(.slack)
        rows[art] = row
        artificial = row
        try optimize(artificialPhase: true)
        let success = Row.nearZero(artificial!.constant)
        artificial = nil
        if var basic = rows.removeValue(forKey: art) {
            if basic.cells.isEmpty { return success }
            guard let entering = basic.cells.first(where: { $0.symbol.kind == .slack || $0.symbol.kind == .error })?.symbol else {
                return false
            }
            basic.solve(for: art, entering)
            substitute(entering, basic)
            rows[entering] = basic
        }
        var index = rows.values.startIndex
        while index != rows.values.endIndex {
            rows.values[index].remove(art)
            rows.values.formIndex(after: &index)
        }
        objective.remove(art)
        return success
    }

    /// Replaces `symbol` by `row` everywhere. Rows are visited in the dictionary's order (each row changes
    /// on its own); the rows that became infeasible are queued in symbol order, so the dual simplex that
    /// follows pivots the same way on every run.
    private func substitute(_ symbol: Symbol, _ row: Row) {
        var newlyInfeasible: [Symbol] = []
        var index = rows.values.startIndex
        while index != rows.values.endIndex {
            rows.values[index].substitute(symbol, row)
            let basic = rows.keys[index]
            if basic.kind != .external && rows.values[index].constant < 0 { newlyInfeasible.append(basic) }
            rows.values.formIndex(after: &index)
        }
        infeasible.append(contentsOf: newlyInfeasible.sorted())
        objective.substitute(symbol, row)
        artificial?.substitute(symbol, row)
    }

    /// The primal simplex on the objective (or phase one's artificial row): pivots until no symbol can
    /// lower it.
    private func optimize(artificialPhase: Bool) throws {
        while true {
            let target = artificialPhase ? artificial! : objective
            // Entering: the first non-dummy symbol with a negative cost.
            guard let entering = target.cells.first(where: { $0.symbol.kind != .dummy && $0.coefficient < 0 })?.symbol else { return }
            // Leaving: the row whose constant limits the entering symbol most (min ratio), first by symbol order.
            var leaving: Symbol?, best = Double.infinity
            for (basic, row) in rows where basic.kind != .external {
                let coefficient = row.coefficient(of: entering)
                guard coefficient < 0 else { continue }
                let ratio = -row.constant / coefficient
                if ratio < best || (ratio == best && leaving.map { basic < $0 } == true) { best = ratio; leaving = basic }
            }
            guard let leaving, var row = rows.removeValue(forKey: leaving) else {
                throw SolverError.internalError("the objective is unbounded")
            }
            row.solve(for: leaving, entering)
            substitute(entering, row)
            rows[entering] = row
        }
    }

    /// The dual simplex: restores feasibility of the rows a suggested value made negative.
    private func dualOptimize() throws {
        while let leaving = infeasible.popLast() {
            guard var row = rows[leaving], row.constant < 0 else { continue }
            var entering: Symbol?, best = Double.infinity
            for cell in row.cells where cell.symbol.kind != .dummy && cell.coefficient > 0 {
                let ratio = objective.coefficient(of: cell.symbol) / cell.coefficient
                if ratio < best { best = ratio; entering = cell.symbol }
            }
            guard let entering else { throw SolverError.internalError("dual optimize found no entering symbol") }
            rows.removeValue(forKey: leaving)
            row.solve(for: leaving, entering)
            substitute(entering, row)
            rows[entering] = row
        }
    }

    /// Which row to pivot the removed constraint's marker into: a restricted row with a negative coefficient
    /// and the smallest ratio, else one with a positive coefficient, else any row (external) with it.
    private func markerLeavingSymbol(_ marker: Symbol) -> Symbol? {
        var first: (Symbol, Double)?, second: (Symbol, Double)?, third: Symbol?
        // Ties go to the lowest symbol, so the choice does not depend on the dictionary's order.
        func better(_ candidate: (Symbol, Double), than current: (Symbol, Double)?) -> Bool {
            guard let current else { return true }
            return candidate.1 < current.1 || (candidate.1 == current.1 && candidate.0 < current.0)
        }
        for (basic, row) in rows {
            let coefficient = row.coefficient(of: marker)
            guard coefficient != 0 else { continue }
            if basic.kind == .external {
                if third == nil || basic < third! { third = basic }
            } else if coefficient < 0 {
                let candidate = (basic, -row.constant / coefficient)
                if better(candidate, than: first) { first = candidate }
            } else {
                let candidate = (basic, row.constant / coefficient)
                if better(candidate, than: second) { second = candidate }
            }
        }
        return first?.0 ?? second?.0 ?? third
    }

    private func removeObjectiveEffects(_ constraint: Constraint, _ tag: Tag) {
        let strength = constraint.strength.value
        for symbol in [tag.marker, tag.other].compactMap({ $0 }) where symbol.kind == .error {
            if let row = rows[symbol] { objective.insert(row, -strength) } else { objective.insert(symbol, -strength) }
        }
    }
}
