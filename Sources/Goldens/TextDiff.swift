/// Differences between two texts, line by line, said so a person sees what moved: for value traces
/// (`f18 0.3 CardView position=196,400 opacity=1`), which property of which layer at which frame changed
/// from what to what; for any other line, the old and new line.
package struct TextDifference: Equatable {
    /// 1-based line number.
    package var line: Int
    package var expected: String?
    package var actual: String?

    /// `frame 18 (0.3 s) CardView: position 196,400 → 196,402`, when both lines are trace lines of the
    /// same frame and layer; nil otherwise.
    package var traceChange: String? {
        guard let expected, let actual, let old = TraceLine(expected), let new = TraceLine(actual),
              old.frame == new.frame, old.layer == new.layer else { return nil }
        var changes: [String] = []
        for (key, value) in old.values where new.value(key) != value {
            changes.append("\(key) \(value) → \(new.value(key) ?? "(gone)")")
        }
        for (key, value) in new.values where old.value(key) == nil { changes.append("\(key) (new) \(value)") }
        return "frame \(old.frame) (\(old.time) s) \(old.layer): " + changes.joined(separator: ", ")
    }

    package var description: String {
        if let traceChange { return "line \(line): \(traceChange)" }
        return "line \(line):\n    - \(expected ?? "(none)")\n    + \(actual ?? "(none)")"
    }

    /// Line-by-line differences; a final newline ends the last line rather than starting another.
    package static func lines(_ a: String, _ b: String) -> [TextDifference] {
        func split(_ text: String) -> [Substring] {
            var result = text.split(separator: "\n", omittingEmptySubsequences: false)
            if text.hasSuffix("\n") { result.removeLast() }
            return result
        }
        let x = split(a), y = split(b)
        return (0..<max(x.count, y.count)).compactMap { i in
            let p = i < x.count ? String(x[i]) : nil, q = i < y.count ? String(y[i]) : nil
            return p == q ? nil : TextDifference(line: i + 1, expected: p, actual: q)
        }
    }
}

/// A line of a value trace: `f<frame> <time> <layer> key=value …`.
struct TraceLine {
    var frame: Int
    var time: String
    var layer: String
    var values: [(String, String)]

    init?(_ line: String) {
        let words = line.split(separator: " ").map(String.init)
        guard words.count >= 4, words[0].hasPrefix("f"), let frame = Int(words[0].dropFirst()) else { return nil }
        let pairs = words[3...].compactMap { word -> (String, String)? in
            guard let equals = word.firstIndex(of: "=") else { return nil }
            return (String(word[..<equals]), String(word[word.index(after: equals)...]))
        }
        guard pairs.count == words.count - 3 else { return nil }
        self.frame = frame; time = words[1]; layer = words[2]; values = pairs
    }

    func value(_ key: String) -> String? { values.first { $0.0 == key }?.1 }
}

/// Timing read from two value traces: for each animated property that changed, whether its new values are
/// its old ones a few frames away (a delay) or new (the motion changed). Works with the default goldens,
/// which keep the trace but only a few frames.
package enum TraceTiming {
    /// One line per changed property (at most `limit`), e.g. "CardView position: frames 19–55: the motion
    /// runs 3 frames (0.05 s) late from t = 0.317 s".
    package static func diagnose(expected: String, actual: String, limit: Int = 6) -> [String] {
        let old = series(expected), new = series(actual)
        let fps = frameRate(actual) ?? frameRate(expected) ?? 60
        var lines: [String] = []
        for key in (Set(old.keys).union(new.keys)).sorted(by: { $0.layer == $1.layer ? $0.property < $1.property : $0.layer < $1.layer }) {
            let a = old[key] ?? [:], b = new[key] ?? [:]
            guard a != b else { continue }
            let frames = Set(a.keys).union(b.keys)
            guard let first = frames.min(), let last = frames.max() else { continue }
            // Frames without a line: the property is not animating there (before or after its motion).
            let count = last - first + 1
            let diagnosis = TimingDiagnosis(expectedCount: count, actualCount: count, fps: fps) { i, j in
                b[first + i] == a[first + j]
            }
            let shifted = diagnosis.runs.map { TimingDiagnosis.Run(first: $0.first + first, last: $0.last + first, shift: $0.shift) }
            for line in TimingDiagnosis(runs: shifted, fps: fps).lines.prefix(2) {
                lines.append("\(key.layer) \(key.property): " + line)
            }
            if lines.count >= limit { break }
        }
        return Array(lines.prefix(limit))
    }

    private struct Key: Hashable { var layer: String; var property: String }

    private static func series(_ text: String) -> [Key: [Int: String]] {
        var result: [Key: [Int: String]] = [:]
        for line in text.split(separator: "\n") {
            guard let trace = TraceLine(String(line)) else { continue }
            for (key, value) in trace.values { result[Key(layer: trace.layer, property: key), default: [:]][trace.frame] = value }
        }
        return result
    }

    /// The header says `… at 60 fps: …`.
    private static func frameRate(_ text: String) -> Int? {
        guard let header = text.split(separator: "\n").first, header.hasPrefix("#"),
              let range = header.range(of: #" at (\d+) fps"#, options: .regularExpression) else { return nil }
        return Int(header[range].dropFirst(4).dropLast(4))
    }
}
