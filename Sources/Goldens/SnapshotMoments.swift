import Foundation
import Stage
import Playback

/// Which moments of a clip become golden frames.
public enum SnapshotMoments: Sendable, Equatable {
    /// `percents` of every animated transition (0 = its first frame, 100 = its last).
    case transitions(percents: [Int] = [0, 25, 50, 75, 100])
    /// Times from the start of the clip, in seconds.
    case times([TimeInterval])
    /// Frame indices of the clip at its frame rate.
    case frames([Int])
    /// Points (0…1) of the progress of one transition, named by its label or the label's first word
    /// (`present`, `dismiss`, `push`, `pop`, …); `occurrence` picks among transitions of that name.
    case progress([Double], of: String, occurrence: Int = 1)

    /// The default: 0, 25, 50, 75 and 100 % of every animated transition.
    public static let everyTransition = SnapshotMoments.transitions()
}

/// One moment to render: the name that goes into its file name, and its time on the clip's clock.
package struct NamedMoment: Equatable {
    package var name: String
    package var time: TimeInterval
}

/// A mistake in what a test or a command asked to snapshot: a time outside the clip, a transition that
/// is not there. Says what was asked and what exists.
package struct SnapshotRequestError: Error, CustomStringConvertible, Equatable {
    package let description: String
    /// The scene itself is broken (a transition that never completes), not the request: a failure to report
    /// with the scene's goldens, not a usage error.
    package var isSceneDefect = false
}

extension SnapshotMoments {
    /// The moments of `plan`, named for files: `present-50`, `dismiss2-0` (the second dismiss), `t0.8`,
    /// `f48`, `present-33.3`.
    package func resolve(in plan: ClipPlan, scene: String) throws -> [NamedMoment] {
        // A transition that never completes is a bug in the scene's own code: no golden of it is worth keeping.
        if let stuck = plan.unfinished.first {
            throw SnapshotRequestError(description: "\(scene): \(stuck.message).", isSceneDefect: true)
        }
        let names = TransitionNames(plan.transitions.map(\.label))
        switch self {
        case .transitions(let percents):
            for p in percents where !(0...100).contains(p) {
                throw SnapshotRequestError(description: "\(p) % is not a point of a transition: give percents from 0 to 100.")
            }
            let moments = plan.transitions.enumerated().filter { $0.element.isAnimated }.flatMap { index, span in
                percents.map { NamedMoment(name: "\(names[index])-\($0)", time: span.time(at: Double($0) / 100)) }
            }
            guard !moments.isEmpty else {
                throw SnapshotRequestError(description: "\(scene) runs no animated transition, so it has no transition moments to snapshot. Snapshot named times instead (.times([…])) or check that the script starts a transition.")
            }
            return moments.sorted { $0.time < $1.time }
        case .times(let times):
            return try times.map { time in
                guard time.isFinite, time >= 0, time <= plan.duration else {
                    throw SnapshotRequestError(description: "\(format(time)) s is outside \(scene), which lasts \(format(plan.duration)) s: choose times from 0 to \(format(plan.duration)).")
                }
                return NamedMoment(name: "t\(format(time))", time: time)
            }
        case .frames(let frames):
            return try frames.map { frame in
                guard (0..<plan.frameCount).contains(frame) else {
                    throw SnapshotRequestError(description: "frame \(frame) is outside \(scene), which has \(plan.frameCount) frames at \(plan.fps) fps (0 to \(plan.frameCount - 1)).")
                }
                return NamedMoment(name: "f\(frame)", time: plan.time(ofFrame: frame))
            }
        case .progress(let points, let wanted, let occurrence):
            let matches = plan.transitions.indices.filter { plan.transitions[$0].label == wanted || names.kind(of: $0) == wanted }
            guard occurrence >= 1, occurrence <= matches.count else {
                let available = plan.transitions.indices.map { "\(names[$0]) (\(plan.transitions[$0].label))" }.joined(separator: ", ")
                throw SnapshotRequestError(description: "\(scene) has \(matches.count) transition(s) named '\(wanted)', so occurrence \(occurrence) does not exist. Its transitions: \(available.isEmpty ? "none" : available).")
            }
            let index = matches[occurrence - 1]
            return try points.map { point in
                guard point.isFinite, (0...1).contains(point) else {
                    throw SnapshotRequestError(description: "\(format(point)) is not a point of a transition's progress: give points from 0 to 1.")
                }
                return NamedMoment(name: "\(names[index])-\(format(point * 100))", time: plan.transitions[index].time(at: point))
            }
        }
    }
}

/// File-name stems for a clip's transitions: the label's first word (`present`, `push`, …), numbered from
/// the second of a kind on (`present2`), so names stay short, readable and stable.
package struct TransitionNames {
    private let names: [String]
    private let kinds: [String]

    package init(_ labels: [String]) {
        var seen: [String: Int] = [:]
        var names: [String] = [], kinds: [String] = []
        for label in labels {
            let kind = Self.slug(String(label.split(separator: " ").first ?? "transition"))
            seen[kind, default: 0] += 1
            kinds.append(kind)
            names.append(seen[kind]! == 1 ? kind : "\(kind)\(seen[kind]!)")
        }
        self.names = names
        self.kinds = kinds
    }

    package subscript(index: Int) -> String { names[index] }
    package func kind(of index: Int) -> String { kinds[index] }

    /// Letters, digits and dashes only: safe in a file name on every system.
    static func slug(_ word: String) -> String {
        let kept = word.map { $0.isLetter || $0.isNumber ? String($0) : "-" }.joined()
        return kept.isEmpty ? "transition" : kept
    }
}
