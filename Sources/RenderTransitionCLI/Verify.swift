import Foundation
import Stage
import Goldens

extension Command {
    /// `verify GOLDENS_DIR [SCENE …]`: checks each scene's goldens (`<scene>.<transition>-<percent>.png`,
    /// `<scene>.trace.txt`, `<scene>.clip.apng`) as the tests do, writes `report.md` (and `--junit`), and
    /// exits 1 when anything differs, is missing or stale. Safe for CI: nothing is recorded unless `--record`
    /// says so (the environment's record mode is for tests), a golden folder that is not there is an error
    /// unless recording, and scenes without goldens are listed (and fail the run when `CI` is set).
    func verify(goldens path: String, scenes names: [String], _ arguments: Arguments) throws -> Int32 {
        let clock = Stopwatch()
        let goldens = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: goldens.path, isDirectory: &isDirectory)
        if exists && !isDirectory.boolValue {
            throw UsageError("'\(path)' is a file; verify takes the folder that holds the goldens.")
        }
        if let out = arguments.out { try OutputPathCheck.check(out, option: "--out", isDirectory: true) }
        if let junit = arguments.junit { try OutputPathCheck.check(junit, option: "--junit") }
        let mode = arguments.record ?? .never
        let files = exists ? ((try? FileManager.default.contentsOfDirectory(atPath: goldens.path)) ?? []) : []
        func hasGoldens(_ scene: SceneDefinition) -> Bool { files.contains { $0.hasPrefix(scene.name + ".") } }

        // The scenes named, else every scene; without --record, a scene with no goldens at all is listed
        // as not checked (named on the command line, it is checked and its goldens are missing).
        var chosen = try names.map { try scene(named: $0) }
        if !exists && arguments.record == nil {
            throw UsageError("there is no golden folder '\(path)': check the path, or record a first set with \(tool) verify \(path) --record missing (then look at every image).")
        }
        var unchecked: [String] = []
        if chosen.isEmpty {
            chosen = scenes.all
            if mode == .never {
                unchecked = chosen.filter { !hasGoldens($0) }.map(\.name)
                chosen = chosen.filter(hasGoldens)
            }
        }
        if chosen.isEmpty {
            throw UsageError("no goldens in '\(path)' for any scene of \(tool). Record them first: \(tool) verify \(path) --record missing (then look at every image).")
        }

        // A folder given on the command line wins over the environment's (CI may set SNAPSHOT_ARTIFACTS for the tests).
        let artifacts = arguments.out.map { ArtifactStore(directory: URL(fileURLWithPath: $0)) }
            ?? ArtifactStore.fromEnvironment(fallback: URL(fileURLWithPath: "output/verify"))
        var reports: [SnapshotReport] = []
        var defects: [(scene: String, message: String)] = []
        let progress = ProgressLine(label: "verify", unit: "scenes", enabled: !arguments.quiet && ProgressLine.standardErrorIsTerminal)
        for (index, scene) in chosen.enumerated() {
            progress.update(done: index, total: chosen.count)
            let clip = arguments.clip || files.contains("\(scene.name).clip.apng")
            let strategies: [TransitionSnapshot] = [.frames(), .trace] + (clip ? [.clip] : [])
            let device = arguments.device.flatMap(Device.named)
            let report: SnapshotReport
            do {
                report = try Snapshots.check(scene, as: strategies, directory: goldens, prefix: scene.name,
                                             rendering: SnapshotRendering(device: device, scale: CGFloat(arguments.scale ?? 1),
                                                                          fps: arguments.fps ?? 60, touches: arguments.touches ?? false),
                                             record: mode, artifacts: artifacts,
                                             recordHint: "record it with \(tool) verify \(path) \(scene.name) --record missing")
            } catch let error as SnapshotRequestError where error.isSceneDefect {
                progress.clear()
                defects.append((scene.name, error.description))
                if !arguments.quiet && !arguments.json { print("\(scene.name): FAILED\n  \(error.description)") }
                continue
            } catch let error as SnapshotRequestError {
                progress.clear()
                throw UsageError("\(scene.name): \(error.description)")
            } catch {
                progress.clear()
                throw error
            }
            progress.clear()
            reports.append(report)
            if !arguments.quiet && !arguments.json {
                let verdict = report.passed ? "ok" : report.failures.isEmpty && report.stale.isEmpty ? "recorded" : "FAILED"
                print("\(scene.name): \(verdict) (\(report.results.count) goldens: \(report.results.filter { $0.status == .matched }.count) match, \(report.recorded.count) recorded, \(report.failures.count) differ or missing, \(report.stale.count) stale)")
                if !report.passed { print(report.message.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")) }
            }
        }

        if !arguments.quiet && !arguments.json {
            for name in unchecked {
                print("\(name): no goldens, not checked (record them: \(tool) verify \(path) \(name) --record missing)")
            }
        }

        let reportURL = artifacts.directory.appendingPathComponent("report.md")
        try Self.writeAtomically(VerifyReport.markdown(reports, relativeTo: artifacts.directory, goldens: goldens,
                                                       unchecked: unchecked, defects: defects),
                                 to: reportURL.path)
        if let junit = arguments.junit {
            let folder = URL(fileURLWithPath: junit).deletingLastPathComponent()
            try Self.writeAtomically(VerifyReport.junit(reports, seconds: clock.seconds, relativeTo: folder), to: junit)
        }
        let failed = !defects.isEmpty || reports.contains { !$0.failures.isEmpty || !$0.stale.isEmpty }
        // In CI a scene without goldens is a gap in the suite, not something to skip quietly.
        let ci = ProcessInfo.processInfo.environment["CI"].map { !["", "0", "false", "no"].contains($0.lowercased()) } ?? false
        let uncheckedFails = ci && !unchecked.isEmpty
        if arguments.json {
            print(JSONReport.verify(reports, passed: !failed && !uncheckedFails, unchecked: unchecked, report: reportURL.path, junit: arguments.junit, seconds: clock.seconds))
        } else if !arguments.quiet {
            print("verify: \(VerifyReport.headline(reports, unchecked: unchecked, defects: defects.count)) (\(reports.count) scene\(reports.count == 1 ? "" : "s") checked in \(path)); report → \(reportURL.path)"
                  + (arguments.junit.map { ", JUnit → \($0)" } ?? "") + String(format: " (%.1f s)", clock.seconds))
            if reports.contains(where: { !$0.recorded.isEmpty }) {
                print("verify: look at every recorded image before you commit it; the next run compares against it.")
            }
            if uncheckedFails {
                print("verify: CI is set, so scenes without goldens fail the run: record them, or name the scenes to check.")
            }
        }
        return failed || uncheckedFails ? 1 : 0
    }
}

import Diagnostics

/// `verify --json`: one object for scripts.
enum JSONReport {
    static func verify(_ reports: [SnapshotReport], passed: Bool, unchecked: [String], report: String, junit: String?,
                       seconds: Double) -> String {
        JSON.object([
            ("passed", .bool(passed)),
            ("unchecked", .array(unchecked.map { .string($0) })),
            ("report", .string(report)),
            ("junit", junit.map { .string($0) } ?? .null),
            ("seconds", .number((seconds * 1000).rounded() / 1000)),
            ("scenes", .array(reports.map { report in
                .object([("scene", .string(report.scene)), ("passed", .bool(report.passed)),
                         ("goldens", .array(report.results.map { result in
                             .object([("name", .string(result.name)), ("status", .string(result.status.rawValue)),
                                      ("message", .string(result.message)),
                                      ("artifacts", .array(result.artifacts.map { .string($0.path) }))])
                         })),
                         ("stale", .array(report.stale.map { .string($0.path) }))])
            })),
        ]).serialized()
    }
}
