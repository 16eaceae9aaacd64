import Foundation

public enum GoldenText {
    /// Compares `text` with the file at `golden`, recording it when the mode says so. On a mismatch it
    /// writes `NAME.actual.txt` into `failuresDirectory` and throws an error listing the first differing
    /// lines (line number, expected, actual), so a change in motion reads as a diff.
    public static func verify(_ text: String, golden: URL, record: GoldenRecordMode = .fromEnvironment,
                              failuresDirectory: URL, shownDifferences: Int = 12) throws {
        let fileManager = FileManager.default
        let exists = fileManager.fileExists(atPath: golden.path)
        if record == .all || (!exists && record != .never) {
            try fileManager.createDirectory(at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: golden, options: .atomic)
            return
        }
        guard exists else {
            throw GoldenMismatch(description: "no golden text at \(golden.path). Record it with RECORD_GOLDENS=missing after reading it.")
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        guard expected != text else { return }
        if record == .failed {
            try Data(text.utf8).write(to: golden, options: .atomic)
            return
        }
        try fileManager.createDirectory(at: failuresDirectory, withIntermediateDirectories: true)
        let name = golden.deletingPathExtension().lastPathComponent
        let actualURL = failuresDirectory.appendingPathComponent("\(name).actual.txt")
        try? Data(text.utf8).write(to: actualURL)
        let differences = lineDifferences(expected, text)
        var message = "\(name) differs from its golden text in \(differences.count) lines (\(golden.path) vs \(actualURL.path)):\n"
        for (line, want, got) in differences.prefix(shownDifferences) {
            message += "  line \(line):\n    - \(want ?? "(none)")\n    + \(got ?? "(none)")\n"
        }
        if differences.count > shownDifferences { message += "  … \(differences.count - shownDifferences) more\n" }
        message += "Compare with: diff \(golden.path) \(actualURL.path). If the new text is right, re-record with RECORD_GOLDENS=failed."
        throw GoldenMismatch(description: message)
    }

    /// Line-by-line differences (1-based line, expected, actual); nil where one text is shorter.
    static func lineDifferences(_ a: String, _ b: String) -> [(Int, String?, String?)] {
        // A final newline ends the last line; it does not start another.
        func lines(_ text: String) -> [Substring] {
            var result = text.split(separator: "\n", omittingEmptySubsequences: false)
            if text.hasSuffix("\n") { result.removeLast() }
            return result
        }
        let x = lines(a), y = lines(b)
        return (0..<max(x.count, y.count)).compactMap { i in
            let p = i < x.count ? String(x[i]) : nil, q = i < y.count ? String(y[i]) : nil
            return p == q ? nil : (i + 1, p, q)
        }
    }
}
