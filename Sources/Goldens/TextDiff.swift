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
private struct TraceLine {
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
