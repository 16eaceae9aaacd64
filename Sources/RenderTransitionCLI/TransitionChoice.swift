import Foundation
import Stage
import Playback
import Goldens

/// `--transition NAME|INDEX`: one transition of a scene, found in its plan by the name goldens give it
/// (`push`, `present2`), its label (`push DetailViewController`) or its index as `help SCENE` lists it.
struct TransitionChoice {
    let index: Int
    let name: String
    let span: TransitionSpan

    static func resolve(_ wanted: String, in plan: ClipPlan, scene: String) throws -> TransitionChoice {
        let names = TransitionNames(plan.transitions.map(\.label))
        func choice(_ index: Int) -> TransitionChoice {
            TransitionChoice(index: index, name: names[index], span: plan.transitions[index])
        }
        let text = wanted.trimmingCharacters(in: .whitespaces)
        if let index = Int(text), plan.transitions.indices.contains(index) { return choice(index) }
        if let index = plan.transitions.indices.first(where: { names[$0] == text }) { return choice(index) }
        let byLabel = plan.transitions.indices.filter { plan.transitions[$0].label == text }
        if byLabel.count == 1 { return choice(byLabel[0]) }
        guard !plan.transitions.isEmpty else {
            throw UsageError("\(scene) has no transitions, so --transition '\(wanted)' has nothing to choose; drop --transition to render the whole clip.")
        }
        let what = byLabel.count > 1
            ? "'\(wanted)' is the label of \(byLabel.count) transitions of \(scene); name one: \(byLabel.map { names[$0] }.joined(separator: ", "))."
            : "\(scene) has no transition '\(wanted)'."
        throw UsageError("\(what) Its transitions (--transition takes the name or the index):\n"
                         + listing(plan, names: names).joined(separator: "\n"))
    }

    /// One line per transition: "  0  push   push DetailViewController, 0.3–0.8 s".
    static func listing(_ plan: ClipPlan, names: TransitionNames) -> [String] {
        let width = plan.transitions.indices.map { names[$0].count }.max() ?? 0
        return plan.transitions.enumerated().map { index, span in
            "  \(index)  \(names[index].padding(toLength: width, withPad: " ", startingAt: 0))  \(span.label), \(format(span.start))–\(format(span.end)) s"
        }
    }

    /// "push (push DetailViewController, 0.3–0.8 s)": what the summary says was rendered.
    var description: String { "\(name) (\(span.label), \(format(span.start))–\(format(span.end)) s)" }
}
