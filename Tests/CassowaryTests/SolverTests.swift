import Testing
import Foundation
@testable import Cassowary
import TestSupport

/// The solver on systems with hand-derived answers, and on random systems against a brute-force LP.
@Suite struct CassowarySolver {
    func v(_ x: Variable) -> LinearExpression { LinearExpression(x) }
    func c(_ k: Double) -> LinearExpression { LinearExpression(constant: k) }

    @Test func requiredEqualitiesAndInequalities() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        try solver.add(Constraint(v(x), .equal, c(10)))
        try solver.add(Constraint(v(y), .greaterOrEqual, v(x) + 5))
        try solver.add(Constraint(v(y), .lessOrEqual, c(20)))
        try solver.add(Constraint(v(y), .equal, c(100), strength: .weak))   // pulls y up to its bound
        solver.updateVariables()
        #expect(x.value == 10 && y.value == 20)
        // y ≥ 15 and y ≤ 12 cannot both hold.
        #expect(throws: SolverError.self) { try solver.add(Constraint(v(y), .lessOrEqual, c(12))) }
    }

    /// The paper's midpoint example: xm = (xl + xr) / 2, xl + 10 ≤ xr, 0 ≤ xl, xr ≤ 100, with an edit on xm.
    @Test func midpointWithAnEditVariable() throws {
        let solver = Solver()
        let xl = Variable("xl"), xm = Variable("xm"), xr = Variable("xr")
        try solver.add(Constraint(v(xm) * 2, .equal, v(xl) + v(xr)))
        try solver.add(Constraint(v(xl) + 10, .lessOrEqual, v(xr)))
        try solver.add(Constraint(v(xl), .greaterOrEqual, c(0)))
        try solver.add(Constraint(v(xr), .lessOrEqual, c(100)))
        try solver.add(Constraint(v(xl), .equal, c(30), strength: .weak))
        try solver.add(Constraint(v(xr), .equal, c(60), strength: .medium))
        try solver.addEditVariable(xm, strength: .strong)
        try solver.suggest(50, for: xm)
        solver.updateVariables()
        // xr holds 60 (medium beats weak); xl = 2·50 − 60.
        #expect(xm.value == 50 && xr.value == 60 && xl.value == 40)
        try solver.suggest(90, for: xm)
        solver.updateVariables()
        // xl + xr = 180 with xl ≤ xr − 10 and xr ≤ 100: xr ∈ [95, 100]; medium pulls it to 95.
        #expect(abs(xm.value - 90) < 1e-9 && abs(xr.value - 95) < 1e-9 && abs(xl.value - 85) < 1e-9)
        // The strong edit loses to required bounds: xm = 150 would need xr > 100.
        try solver.suggest(150, for: xm)
        solver.updateVariables()
        #expect(abs(xr.value - 100) < 1e-9 && abs(xl.value - 90) < 1e-9 && abs(xm.value - 95) < 1e-9)
    }

    @Test func strongerPreferencesWin() throws {
        for (strongAbove, expected) in [(true, 10.0), (false, 5.0)] {
            let solver = Solver()
            let x = Variable("x")
            try solver.add(Constraint(v(x), .greaterOrEqual, c(10), strength: strongAbove ? .strong : .weak))
            try solver.add(Constraint(v(x), .lessOrEqual, c(5), strength: strongAbove ? .weak : .strong))
            solver.updateVariables()
            #expect(x.value == expected)
        }
    }

    @Test func unsatisfiableRequiredConstraintIsRefusedAndTheRestStillHolds() throws {
        let solver = Solver()
        let x = Variable("x")
        try solver.add(Constraint(v(x), .greaterOrEqual, c(10)))
        let conflict = Constraint(v(x), .lessOrEqual, c(5))
        #expect(throws: SolverError.self) { try solver.add(conflict) }
        #expect(!solver.contains(conflict))
        try solver.add(Constraint(v(x), .equal, c(0), strength: .weak))
        solver.updateVariables()
        #expect(x.value == 10)
        // Two required equalities that disagree, through a dummy-only row.
        let y = Variable("y")
        try solver.add(Constraint(v(y), .equal, c(3)))
        #expect(throws: SolverError.self) { try solver.add(Constraint(v(y) * 2, .equal, c(8))) }
        solver.updateVariables()
        #expect(y.value == 3)
    }

    @Test func removingAConstraintRestoresTheOthers() throws {
        let solver = Solver()
        let x = Variable("x")
        try solver.add(Constraint(v(x), .equal, c(20), strength: .weak))
        let cap = Constraint(v(x), .lessOrEqual, c(7))
        try solver.add(cap)
        solver.updateVariables()
        #expect(x.value == 7)
        try solver.remove(cap)
        solver.updateVariables()
        #expect(x.value == 20)
        #expect(throws: SolverError.self) { try solver.remove(cap) }
    }

    @Test func ambiguityIsDetectable() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        try solver.add(Constraint(v(x) + v(y), .equal, c(10)))
        solver.updateVariables()
        #expect(solver.isAmbiguous(x) || solver.isAmbiguous(y))
        try solver.add(Constraint(v(x), .equal, c(4)))
        solver.updateVariables()
        #expect(!solver.isAmbiguous(x) && !solver.isAmbiguous(y) && y.value == 6)
    }

    /// Suggesting values one after another gives what a fresh solver gives with the final value.
    @Test func incrementalEditsMatchAFreshSolve() throws {
        func build() throws -> (Solver, [Variable]) {
            let solver = Solver()
            let a = Variable("a"), b = Variable("b"), w = Variable("w")
            try solver.add(Constraint(v(a), .greaterOrEqual, c(0)))
            try solver.add(Constraint(v(b), .lessOrEqual, c(400)))
            try solver.add(Constraint(v(b), .equal, v(a) + v(w)))
            try solver.add(Constraint(v(w), .greaterOrEqual, c(44)))
            try solver.add(Constraint(v(w), .equal, c(120), strength: .medium))
            try solver.addEditVariable(a, strength: .strong)
            return (solver, [a, b, w])
        }
        let (incremental, vars) = try build()
        for value in [10.0, 300, -20, 350, 123.5] { try incremental.suggest(value, for: vars[0]) }
        incremental.updateVariables()
        let values = vars.map(\.value)
        let (fresh, freshVars) = try build()
        try fresh.suggest(123.5, for: freshVars[0])
        fresh.updateVariables()
        #expect(values == freshVars.map(\.value))
        #expect(values == [123.5, 243.5, 120])
    }

    /// Random two-variable systems: required bounds and constraints, weighted preferences. The solver's
    /// weighted error equals the minimum found by trying every vertex of the constraint lines (a convex
    /// piecewise-linear objective takes its minimum at one of them).
    @Test func randomSystemsMatchABruteForceLP() throws {
        var random = SplitMix64(seed: 2026)
        func uniform(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * Double(random.next() >> 11) / Double(1 << 53) }
        struct Line { var a: Double, b: Double, k: Double, relation: Constraint.Relation, weight: Double? }   // a·x + b·y (rel) k
        var checked = 0
        for _ in 0..<400 {
            var lines: [Line] = [
                Line(a: 1, b: 0, k: 0, relation: .greaterOrEqual, weight: nil), Line(a: 1, b: 0, k: 100, relation: .lessOrEqual, weight: nil),
                Line(a: 0, b: 1, k: 0, relation: .greaterOrEqual, weight: nil), Line(a: 0, b: 1, k: 100, relation: .lessOrEqual, weight: nil),
            ]
            // A required cut through the box that keeps its centre feasible.
            let (ra, rb) = (uniform(-1, 1), uniform(-1, 1))
            lines.append(Line(a: ra, b: rb, k: ra * 50 + rb * 50 + uniform(0, 40), relation: .lessOrEqual, weight: nil))
            for _ in 0..<Int(uniform(2, 6)) {
                let relation: Constraint.Relation = [.equal, .lessOrEqual, .greaterOrEqual][Int(uniform(0, 2.999))]
                lines.append(Line(a: uniform(-2, 2), b: uniform(-2, 2), k: uniform(-80, 180), relation: relation,
                                  weight: uniform(1, 1000).rounded()))
            }
            let solver = Solver()
            let x = Variable("x"), y = Variable("y")
            for line in lines {
                try solver.add(Constraint(v(x) * line.a + v(y) * line.b, line.relation, c(line.k),
                                          strength: line.weight.map { Strength($0) } ?? .required))
            }
            solver.updateVariables()
            func violation(_ line: Line, _ px: Double, _ py: Double) -> Double {
                let d = line.a * px + line.b * py - line.k
                switch line.relation {
                case .equal: return abs(d)
                case .lessOrEqual: return max(d, 0)
                case .greaterOrEqual: return max(-d, 0)
                }
            }
            func cost(_ px: Double, _ py: Double) -> Double? {
                for line in lines where line.weight == nil && violation(line, px, py) > 1e-7 { return nil }
                return lines.reduce(0) { $0 + ($1.weight ?? 0) * violation($1, px, py) }
            }
            var best = Double.infinity
            for i in lines.indices { for j in (i + 1)..<lines.count {
                let p = lines[i], q = lines[j]
                let det = p.a * q.b - p.b * q.a
                guard abs(det) > 1e-12 else { continue }
                let px = (p.k * q.b - p.b * q.k) / det, py = (p.a * q.k - p.k * q.a) / det
                if let value = cost(px, py) { best = min(best, value) }
            } }
            guard let solved = cost(x.value, y.value) else {
                Issue.record("the solver's point breaks a required constraint: \(x.value), \(y.value)")
                continue
            }
            #expect(abs(solved - best) <= 1e-6 * max(1, best), "solver \(solved), brute force \(best)")
            checked += 1
        }
        #expect(checked == 400)
    }

    /// The same constraints in the same order give the same bits, whatever the process's hash seed.
    @Test func solutionsAreDeterministic() throws {
        func solve() throws -> [Double] {
            let solver = Solver()
            let vars = (0..<6).map { Variable("v\($0)") }
            for (i, a) in vars.enumerated() {
                try solver.add(Constraint(v(a), .greaterOrEqual, c(Double(i))))
                if i > 0 { try solver.add(Constraint(v(a) - v(vars[i - 1]), .equal, c(10), strength: .weak)) }
            }
            try solver.add(Constraint(v(vars[5]), .lessOrEqual, c(30)))
            solver.updateVariables()
            return vars.map(\.value)
        }
        let first = try solve()
        for _ in 0..<5 { #expect(try solve() == first) }
    }
}
