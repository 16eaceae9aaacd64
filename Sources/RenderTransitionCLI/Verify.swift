import Foundation
import Stage
import Goldens
import Output
import Media

extension Command {
    /// `verify GOLDENS_DIR [SCENE …]`: checks each scene's goldens (`<scene>.<transition>-<percent>.png`,
    /// `<scene>.trace.txt`, `<scene>.clip.apng`) as the tests do, writes `report.md` (and `--junit`), and
    /// exits 1 when anything differs, is missing or stale. Safe for CI: nothing is recorded unless `--record`
    /// says so (the environment's record mode is for tests), a golden folder that is not there is an error
    /// unless recording, and scenes without goldens are listed (and fail the run when `CI` is set).
    func verify(goldens path: String, scenes names: [String], _ arguments: Arguments) throws -> Int32 {
        if arguments.mergeReports { return try mergeReports([path] + names, arguments) }
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
        let named = try names.map { try scene(named: $0) }
        if !exists && arguments.record == nil {
            throw UsageError("there is no golden folder '\(path)': check the path, or record a first set with \(tool) verify \(path) --record missing (then look at every image).")
        }
        let candidates = named.isEmpty ? scenes.all : named
        var chosen = candidates
        var unchecked: [String] = []
        if named.isEmpty && mode == .never {
            unchecked = chosen.filter { !hasGoldens($0) }.map(\.name)
            chosen = chosen.filter(hasGoldens)
        }
        if chosen.isEmpty {
            throw UsageError("no goldens in '\(path)' for any scene of \(tool). Record them first: \(tool) verify \(path) --record missing (then look at every image).")
        }
        // Each scene's place in the whole run, so the reports of shards merge back into its order.
        var order: [String: Int] = [:]
        for (index, scene) in candidates.enumerated() where order[scene.name] == nil { order[scene.name] = index }
        if let shard = arguments.shard {
            // Round-robin over the sorted names of every candidate, whether it has goldens or not, so a
            // scene's shard does not change when another scene's goldens are recorded.
            let mine = Set(shard.select(candidates, name: \.name).map(\.name))
            chosen = chosen.filter { mine.contains($0.name) }
            unchecked = unchecked.filter(mine.contains)
        }

        // A folder given on the command line wins over the environment's (CI may set SNAPSHOT_ARTIFACTS for the tests).
        let artifacts = arguments.out.map { ArtifactStore(directory: URL(fileURLWithPath: $0)) }
            ?? ArtifactStore.fromEnvironment(fallback: URL(fileURLWithPath: "output/verify"))
        var reports: [SnapshotReport] = []
        var defects: [(scene: String, message: String)] = []
        let progress = ProgressLine(label: "verify", unit: "scenes", enabled: !arguments.quiet && ProgressLine.standardErrorIsTerminal)
        let rendering = SnapshotRendering(device: arguments.device.flatMap(Device.named), scale: CGFloat(arguments.scale ?? 1),
                                          fps: arguments.fps ?? 60, touches: arguments.touches ?? false)
        let list = chosen, clipAlways = arguments.clip, toolName = tool
        progress.update(done: 0, total: list.count)
        // Scenes are checked on every core; reports come back, and are printed, in the scenes' order.
        try OrderedPool.run(count: list.count, workers: arguments.jobs ?? OrderedPool.defaultWorkers, { index in
            let scene = list[index]
            let clip = clipAlways || files.contains("\(scene.name).clip.apng")
            let strategies: [TransitionSnapshot] = [.frames(), .trace] + (clip ? [.clip] : [])
            return Result { () throws -> SnapshotReport in
                try Snapshots.check(scene, as: strategies, directory: goldens, prefix: scene.name, rendering: rendering,
                                    record: mode, artifacts: artifacts,
                                    recordHint: "record it with \(toolName) verify \(path) \(scene.name) --record missing")
            }
        }, deliver: { index, outcome in
            let scene = list[index]
            progress.clear()
            defer { progress.update(done: index + 1, total: list.count) }
            let report: SnapshotReport
            do {
                report = try outcome.get()
            } catch let error as SnapshotRequestError where error.isSceneDefect {
                defects.append((scene.name, error.description))
                if !arguments.quiet && !arguments.json { print("\(scene.name): FAILED\n  \(error.description)") }
                return
            } catch let error as SnapshotRequestError {
                throw UsageError("\(scene.name): \(error.description)")
            }
            reports.append(report)
            if !arguments.quiet && !arguments.json {
                let verdict = report.passed ? "ok" : report.failures.isEmpty && report.stale.isEmpty ? "recorded" : "FAILED"
                print("\(scene.name): \(verdict) (\(report.results.count) goldens: \(report.results.filter { $0.status == .matched }.count) match, \(report.recorded.count) recorded, \(report.failures.count) differ or missing, \(report.stale.count) stale)")
                if !report.passed { print(report.message.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")) }
            }
        })
        progress.clear()

        if !arguments.quiet && !arguments.json {
            for name in unchecked {
                print("\(name): no goldens, not checked (record them: \(tool) verify \(path) \(name) --record missing)")
            }
            if let shard = arguments.shard {
                let others = candidates.count - list.count - unchecked.count
                print("verify: shard \(shard) has \(list.count + unchecked.count) of \(candidates.count) scenes; \(others) skipped here, checked by the other \(shard.count - 1) shard\(shard.count == 2 ? "" : "s")")
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
        // What was found, for `verify --merge-reports` to merge the shards' reports into one.
        let record = VerifyRecord(shard: arguments.shard, directory: artifacts.directory, goldens: goldens, seconds: clock.seconds,
                                  reports: reports, unchecked: unchecked, defects: defects) { order[$0] ?? Int.max }
        try AtomicFiles.write(try record.encoded(), to: artifacts.directory.appendingPathComponent(VerifyRecord.fileName))
        let failed = !defects.isEmpty || reports.contains { !$0.failures.isEmpty || !$0.stale.isEmpty }
        // In CI a scene without goldens is a gap in the suite, not something to skip quietly.
        let ci = ProcessInfo.processInfo.environment["CI"].map { !["", "0", "false", "no"].contains($0.lowercased()) } ?? false
        let uncheckedFails = ci && !unchecked.isEmpty
        if arguments.json {
            print(JSONReport.verify(reports, passed: !failed && !uncheckedFails, unchecked: unchecked, report: reportURL.path, junit: arguments.junit, seconds: clock.seconds))
        } else if !arguments.quiet {
            print("verify: \(VerifyReport.headline(reports, unchecked: unchecked, defects: defects.count)) (\(reports.count) scene\(reports.count == 1 ? "" : "s") checked in \(path)\(arguments.shard.map { ", shard \($0)" } ?? "")); report → \(reportURL.path)"
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

    /// `verify --merge-reports DIR… --out DIR [--junit FILE]`: the reports of the shards of one run
    /// (`verify --shard I/N`, each writing report.json beside report.md) as the report of the whole run,
    /// with the same exit status; the shards' failure images are copied beside the merged report.
    func mergeReports(_ inputs: [String], _ arguments: Arguments) throws -> Int32 {
        guard let out = arguments.out else {
            throw UsageError("verify --merge-reports needs --out DIR, the folder for the merged report, e.g. verify --merge-reports shard-1 shard-2 --out output/verify")
        }
        try OutputPathCheck.check(out, option: "--out", isDirectory: true)
        if let junit = arguments.junit { try OutputPathCheck.check(junit, option: "--junit") }
        let directory = URL(fileURLWithPath: out)
        let merged: VerifyRecord
        do {
            let parts = try inputs.map { path throws(MergeError) in try VerifyRecord.read(path) }
            merged = try VerifyRecord.merge(parts, into: directory)
        } catch let error as MergeError {
            throw UsageError("verify --merge-reports: \(error.description)")
        }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let reports = merged.reports, unchecked = merged.uncheckedScenes, defects = merged.defectList
        try Self.writeAtomically(VerifyReport.markdown(reports, relativeTo: directory, goldens: merged.goldensURL,
                                                       unchecked: unchecked, defects: defects),
                                 to: directory.appendingPathComponent("report.md").path)
        if let junit = arguments.junit {
            let folder = URL(fileURLWithPath: junit).deletingLastPathComponent()
            try Self.writeAtomically(VerifyReport.junit(reports, seconds: merged.totalSeconds, relativeTo: folder), to: junit)
        }
        try AtomicFiles.write(try merged.encoded(), to: directory.appendingPathComponent(VerifyRecord.fileName))
        let failed = !defects.isEmpty || reports.contains { !$0.failures.isEmpty || !$0.stale.isEmpty }
        let ci = ProcessInfo.processInfo.environment["CI"].map { !["", "0", "false", "no"].contains($0.lowercased()) } ?? false
        let uncheckedFails = ci && !unchecked.isEmpty
        if arguments.json {
            print(JSONReport.verify(reports, passed: !failed && !uncheckedFails, unchecked: unchecked,
                                    report: directory.appendingPathComponent("report.md").path, junit: arguments.junit,
                                    seconds: merged.totalSeconds))
        } else if !arguments.quiet {
            print("verify: \(VerifyReport.headline(reports, unchecked: unchecked, defects: defects.count)) (\(reports.count) scene\(reports.count == 1 ? "" : "s") checked, merged from \(inputs.count) report\(inputs.count == 1 ? "" : "s")); report → \(directory.appendingPathComponent("report.md").path)"
                  + (arguments.junit.map { ", JUnit → \($0)" } ?? ""))
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
