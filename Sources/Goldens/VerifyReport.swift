import Foundation

/// The reports of a `verify` run: a Markdown page for people (a pull-request comment, a CI summary) and
/// JUnit XML for CI systems that show test results natively.
package enum VerifyReport {
    /// `report.md`: a summary table, then per failing golden what differs, expected | actual | diff images
    /// side by side (paths relative to `directory`, where the page is written), trace differences and
    /// timing diagnoses as they were reported.
    package static func markdown(_ reports: [SnapshotReport], relativeTo directory: URL, goldens: URL) -> String {
        let failing = reports.filter { !$0.passed }
        var lines = ["# Transition goldens: \(failing.isEmpty ? "all match" : "\(failing.count) of \(reports.count) scenes differ")", ""]
        lines += ["| scene | goldens | matched | recorded | failed | stale |", "|---|---:|---:|---:|---:|---:|"]
        for report in reports {
            let count = { (status: SnapshotResult.Status) in report.results.filter { $0.status == status }.count }
            let icon = report.passed ? "✅" : "❌"
            lines.append("| \(icon) `\(report.scene)` | \(report.results.count) | \(count(.matched)) | \(count(.recorded)) | \(count(.failed) + count(.missing)) | \(report.stale.count) |")
        }
        lines.append("")
        lines.append("Goldens: `\(goldens.path)`")
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
            for result in report.recorded { lines.append("- recorded `\(result.name)`: \(result.message)") }
            for file in report.stale { lines.append("- stale golden `\(file.lastPathComponent)`: remove it") }
        }
        return lines.joined(separator: "\n") + "\n"
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

    static func relative(_ url: URL, to directory: URL) -> String {
        let base = directory.standardizedFileURL.path, path = url.standardizedFileURL.path
        if path.hasPrefix(base + "/") { return String(path.dropFirst(base.count + 1)) }
        return path
    }

    /// JUnit XML: one test suite per scene, one test case per golden file; failures carry the message.
    package static func junit(_ reports: [SnapshotReport], seconds: Double) -> String {
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
                    let first = result.message.split(separator: "\n").first.map(String.init) ?? kind
                    lines.append(open + ">")
                    lines.append(#"      <failure type="\#(kind)" message="\#(escape(first))">\#(escape(result.message))</failure>"#)
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
