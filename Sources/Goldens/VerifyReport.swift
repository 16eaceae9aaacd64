import Foundation

/// The reports of a `verify` run: a Markdown page for people (a pull-request comment, a CI summary) and
/// JUnit XML for CI systems that show test results natively.
package enum VerifyReport {
    /// `report.md`: a summary table, then per failing golden what differs, expected | actual | diff images
    /// side by side (paths relative to `directory`, where the page is written), trace differences and
    /// timing diagnoses as they were reported.
    /// `unchecked` are the scenes that have no goldens and were not recorded (listed, so none is skipped silently).
    /// `defects` are scenes that could not be checked because they are broken (a transition never completes).
    package static func markdown(_ reports: [SnapshotReport], relativeTo directory: URL, goldens: URL,
                                 unchecked: [String] = [], defects: [(scene: String, message: String)] = []) -> String {
        var lines = ["# Transition goldens: \(headline(reports, unchecked: unchecked, defects: defects.count))", ""]
        lines += ["| scene | goldens | matched | recorded | failed | stale |", "|---|---:|---:|---:|---:|---:|"]
        for report in reports {
            let count = { (status: SnapshotResult.Status) in report.results.filter { $0.status == status }.count }
            let icon = report.passed ? "✅" : "❌"
            lines.append("| \(icon) `\(report.scene)` | \(report.results.count) | \(count(.matched)) | \(count(.recorded)) | \(count(.failed) + count(.missing)) | \(report.stale.count) |")
        }
        for scene in unchecked { lines.append("| ⚠️ `\(scene)` | 0 | – | – | no goldens | – |") }
        for defect in defects { lines.append("| ❌ `\(defect.scene)` | – | – | – | broken scene | – |") }
        lines.append("")
        lines.append("Goldens: `\(relative(goldens, to: directory))`")
        if !unchecked.isEmpty {
            lines += ["", "Not checked, because they have no goldens yet: \(unchecked.map { "`\($0)`" }.joined(separator: ", ")). Record them with `verify … --record missing`, then look at every image."]
        }
        for defect in defects {
            lines += ["", "## `\(defect.scene)`", "", defect.message]
        }
        for report in reports where !report.passed {
            lines += ["", "## `\(report.scene)`", ""]
            // The trace first: it names the property and the frame that changed.
            let ordered = report.failures.sorted { ($0.name.hasSuffix(".txt") ? 0 : 1) < ($1.name.hasSuffix(".txt") ? 0 : 1) }
            for result in ordered {
                lines += ["### `\(result.name)`", ""]
                let (summary, detail) = split(result.message)
                lines.append(summary)
                if !detail.isEmpty { lines += ["", "```", detail, "```"] }
                let images = imageRow(result.artifacts, relativeTo: directory)
                if !images.isEmpty { lines += [""] + images }
                let others = result.artifacts.filter { !$0.lastPathComponent.hasSuffix(".png") }
                if !others.isEmpty {
                    lines += ["", others.map { "[\($0.lastPathComponent)](\(relative($0, to: directory)))" }.joined(separator: " · ")]
                }
                lines.append("")
            }
            for result in report.recorded { lines.append("- recorded `\(result.name)`: \(relativized(result.message, to: directory))") }
            for file in report.stale { lines.append("- stale golden `\(file.lastPathComponent)`: remove it") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What the run found, in a few words: "all match", "2 of 3 scenes differ", "recorded 11 goldens of 1 scene".
    package static func headline(_ reports: [SnapshotReport], unchecked: [String] = [], defects: Int = 0) -> String {
        let differing = reports.filter { !$0.failures.isEmpty || !$0.stale.isEmpty }.count + defects
        let recorded = reports.reduce(0) { $0 + $1.recorded.count }
        let recordedScenes = reports.filter { !$0.recorded.isEmpty }.count
        var parts: [String] = []
        if differing > 0 { parts.append("\(differing) of \(reports.count + defects) scenes differ") }
        if recorded > 0 { parts.append("recorded \(recorded) golden\(recorded == 1 ? "" : "s") of \(recordedScenes) scene\(recordedScenes == 1 ? "" : "s")") }
        if parts.isEmpty { parts.append("all match") }
        if !unchecked.isEmpty { parts.append("\(unchecked.count) scene\(unchecked.count == 1 ? " has" : "s have") no goldens") }
        return parts.joined(separator: "; ")
    }

    /// Every absolute path in `text` made relative to `directory` (where the report is), so an uploaded
    /// folder of reports and images keeps working links.
    package static func relativized(_ text: String, to directory: URL) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.split(separator: " ", omittingEmptySubsequences: false).map { word in
                word.hasPrefix("/") ? relative(URL(fileURLWithPath: String(word)), to: directory) : String(word)
            }.joined(separator: " ")
        }.joined(separator: "\n")
    }

    /// The first line of a message, and the lines under it (diffs, diagnoses, paths) for a code block.
    private static func split(_ message: String) -> (String, String) {
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
        let detail = lines.dropFirst().map { $0.hasPrefix("  ") ? String($0.dropFirst(2)) : String($0) }
            .filter { !$0.hasPrefix("/") }   // artifact paths are linked below instead
        return (String(lines.first ?? ""), detail.joined(separator: "\n"))
    }

    /// `| expected | actual | diff | heat map |` with the images, when the result has them.
    private static func imageRow(_ artifacts: [URL], relativeTo directory: URL) -> [String] {
        let kinds = [("reference", "expected"), ("actual", "actual"), ("diff", "difference"), ("heatmap", "heat map")]
        let found = kinds.compactMap { kind, title in
            artifacts.first { $0.lastPathComponent.hasSuffix(".\(kind).png") }.map { (title, $0) }
        }
        guard !found.isEmpty else { return [] }
        return ["| " + found.map(\.0).joined(separator: " | ") + " |",
                "|" + String(repeating: "---|", count: found.count),
                "| " + found.map { "![\($0.0)](\(relative($0.1, to: directory)))" }.joined(separator: " | ") + " |"]
    }

    /// `url` as a path from `directory`, climbing with `..` where it lies outside it.
    static func relative(_ url: URL, to directory: URL) -> String {
        let base = directory.standardizedFileURL.pathComponents, path = url.standardizedFileURL.pathComponents
        var shared = 0
        while shared < min(base.count, path.count) && base[shared] == path[shared] { shared += 1 }
        let parts = Array(repeating: "..", count: base.count - shared) + path[shared...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// JUnit XML: one test suite per scene, one test case per golden file; failures carry the message, with
    /// paths relative to `directory` (the folder the XML is written to) when given.
    package static func junit(_ reports: [SnapshotReport], seconds: Double, relativeTo directory: URL? = nil) -> String {
        let text = { (message: String) in directory.map { relativized(message, to: $0) } ?? message }
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#]
        let total = reports.reduce(0) { $0 + $1.results.count + $1.stale.count }
        let failed = reports.reduce(0) { $0 + $1.failures.count + $1.recorded.count + $1.stale.count }
        lines.append(#"<testsuites name="transition goldens" tests="\#(total)" failures="\#(failed)" time="\#(format3(seconds))">"#)
        for report in reports {
            let failures = report.failures.count + report.recorded.count + report.stale.count
            lines.append(#"  <testsuite name="\#(escape(report.scene))" tests="\#(report.results.count + report.stale.count)" failures="\#(failures)">"#)
            for result in report.results {
                let open = #"    <testcase classname="\#(escape(report.scene))" name="\#(escape(result.name))""#
                switch result.status {
                case .matched:
                    lines.append(open + "/>")
                case .failed, .missing, .recorded:
                    let kind = result.status == .recorded ? "recorded" : result.status == .missing ? "missing" : "differs"
                    let message = text(result.message)
                    let first = message.split(separator: "\n").first.map(String.init) ?? kind
                    lines.append(open + ">")
                    lines.append(#"      <failure type="\#(kind)" message="\#(escape(first))">\#(escape(message))</failure>"#)
                    lines.append("    </testcase>")
                }
            }
            for file in report.stale {
                lines.append(#"    <testcase classname="\#(escape(report.scene))" name="\#(escape(file.lastPathComponent))">"#)
                lines.append(#"      <failure type="stale" message="matches nothing the scene makes any more; remove it"/>"#)
                lines.append("    </testcase>")
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n", "\t": out.unicodeScalars.append(scalar)
            default:
                // XML 1.0 has no escape for most control characters: leave them out.
                if scalar.value < 0x20 { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func format3(_ value: Double) -> String { String(format: "%.3f", value) }
}
