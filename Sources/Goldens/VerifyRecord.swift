import Foundation

/// What one `verify` run found, as `report.json` beside its `report.md`: enough to write both reports
/// again, so the reports of a suite split into shards merge into the report of the whole suite
/// (`verify --merge-reports`). Each scene keeps its place in the unsharded order.
package struct VerifyRecord: Codable, Sendable, Equatable {
    package struct Result: Codable, Sendable, Equatable {
        var name: String
        var golden: String
        var status: String
        var message: String
        var artifacts: [String]
    }
    package struct Scene: Codable, Sendable, Equatable {
        var order: Int
        var scene: String
        var results: [Result]
        var stale: [String]
    }
    package struct Named: Codable, Sendable, Equatable {
        var order: Int
        var scene: String
        var message: String?
    }

    /// Bumped when the layout changes, so a merge refuses a report it would misread.
    var version = 1
    /// `I/N`, or nil for an unsharded run.
    var shard: String?
    /// Absolute paths, as the run saw them: the folder the reports were written to, and the goldens.
    var directory: String
    var goldens: String
    var seconds: Double
    var scenes: [Scene]
    var unchecked: [Named]
    var defects: [Named]

    /// `order` gives each scene's place in the run's full (unsharded) list of scenes.
    package init(shard: Shard?, directory: URL, goldens: URL, seconds: Double, reports: [SnapshotReport],
                 unchecked: [String], defects: [(scene: String, message: String)], order: (String) -> Int) {
        self.shard = shard?.description
        self.directory = directory.standardizedFileURL.path
        self.goldens = goldens.standardizedFileURL.path
        self.seconds = seconds
        scenes = reports.map { report in
            Scene(order: order(report.scene), scene: report.scene, results: report.results.map {
                Result(name: $0.name, golden: $0.golden.path, status: $0.status.rawValue, message: $0.message,
                       artifacts: $0.artifacts.map(\.path))
            }, stale: report.stale.map(\.path))
        }
        self.unchecked = unchecked.map { Named(order: order($0), scene: $0, message: nil) }
        self.defects = defects.map { Named(order: order($0.scene), scene: $0.scene, message: $0.message) }
    }

    package var reports: [SnapshotReport] {
        scenes.map { scene in
            SnapshotReport(scene: scene.scene, results: scene.results.map {
                SnapshotResult(name: $0.name, golden: URL(fileURLWithPath: $0.golden),
                               status: SnapshotResult.Status(rawValue: $0.status) ?? .failed, message: $0.message,
                               artifacts: $0.artifacts.map { URL(fileURLWithPath: $0) })
            }, stale: scene.stale.map { URL(fileURLWithPath: $0) })
        }
    }
    package var uncheckedScenes: [String] { unchecked.map(\.scene) }
    package var defectList: [(scene: String, message: String)] { defects.map { ($0.scene, $0.message ?? "") } }
    package var goldensURL: URL { URL(fileURLWithPath: goldens) }
    package var totalSeconds: Double { seconds }

    package func encoded() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(self)) + [10]
    }

    /// The file name verify writes beside `report.md`.
    package static let fileName = "report.json"

    /// Reads `report.json` from `path` (the file, or the folder it is in).
    package static func read(_ path: String) throws(MergeError) -> (record: VerifyRecord, folder: URL) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw MergeError("there is no '\(path)': give the folders verify wrote its reports to (--out), one per shard.")
        }
        let file = isDirectory.boolValue ? URL(fileURLWithPath: path).appendingPathComponent(fileName) : URL(fileURLWithPath: path)
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw MergeError("'\(file.path)' is not there: verify writes \(fileName) beside report.md from render-transition 0.7 on; run the shard's verify again.")
        }
        do {
            let record = try JSONDecoder().decode(VerifyRecord.self, from: data)
            guard record.version == 1 else {
                throw MergeError("'\(file.path)' is a version \(record.version) report; this tool reads version 1. Merge with the tool that wrote it.")
            }
            return (record, file.deletingLastPathComponent())
        } catch let error as MergeError {
            throw error
        } catch {
            throw MergeError("'\(file.path)' is not a verify report.json (\(error)); give the folders verify --out wrote.")
        }
    }

    /// The shards' records as one record of the whole suite, written for `directory`: every shard 1 … N
    /// exactly once, scenes back in the unsharded order, and each shard's images and diffs copied from
    /// where its folder is now (`folder`) into `directory` under the same names, so links keep working.
    package static func merge(_ parts: [(record: VerifyRecord, folder: URL)], into directory: URL) throws -> VerifyRecord {
        guard let first = parts.first else { throw MergeError("no reports to merge: give each shard's report folder.") }
        let shards = try parts.map { part -> Shard? in
            guard let text = part.record.shard else { return nil }
            do { return try Shard(parsing: text, source: "the shard of \(part.folder.path)") } catch { throw MergeError("\(error)") }
        }
        if shards.contains(where: { $0 == nil }) {
            guard parts.count == 1 else {
                throw MergeError("'\(parts[shards.firstIndex { $0 == nil }!].folder.path)' is the report of a whole run, not of a shard: merge only the reports of verify --shard I/N runs.")
            }
        } else {
            let count = shards[0]!.count
            if let other = shards.first(where: { $0!.count != count }) {
                throw MergeError("the reports are of different splits (\(shards[0]!) and \(other!)): merge the N reports of one verify --shard I/\(count) run.")
            }
            var seen = Set<Int>()
            for (shard, part) in zip(shards, parts) where !seen.insert(shard!.index).inserted {
                throw MergeError("shard \(shard!) is given twice (again in '\(part.folder.path)'): give each shard's folder once.")
            }
            let missing = (1...count).filter { !seen.contains($0) }
            if !missing.isEmpty {
                throw MergeError("shard\(missing.count == 1 ? "" : "s") \(missing.map { "\($0)/\(count)" }.joined(separator: ", ")) missing: a merged report needs every shard of the run (did a job fail before verify wrote its report?).")
            }
        }
        if let other = parts.first(where: { $0.record.goldens != first.record.goldens }) {
            throw MergeError("the shards checked different golden folders ('\(first.record.goldens)' and '\(other.record.goldens)'): merge the shards of one run.")
        }

        let target = directory.standardizedFileURL
        var merged = first.record
        merged.shard = nil
        merged.directory = target.path
        merged.seconds = parts.reduce(0) { $0 + $1.record.seconds }
        merged.scenes = []; merged.unchecked = []; merged.defects = []
        for (record, folder) in parts {
            // A path the shard wrote under its own folder: the same name under the merged folder.
            let old = record.directory.hasSuffix("/") ? record.directory : record.directory + "/"
            func moved(_ path: String) throws -> String {
                guard path.hasPrefix(old) else { return path }
                let relative = String(path.dropFirst(old.count))
                let source = folder.appendingPathComponent(relative).standardizedFileURL
                let destination = target.appendingPathComponent(relative)
                if source.path != destination.path, FileManager.default.fileExists(atPath: source.path) {
                    try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                    if FileManager.default.fileExists(atPath: destination.path) { try FileManager.default.removeItem(at: destination) }
                    try FileManager.default.copyItem(at: source, to: destination)
                }
                return destination.path
            }
            func movedWords(_ text: String) throws -> String {
                try text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                    try line.split(separator: " ", omittingEmptySubsequences: false).map { try moved(String($0)) }.joined(separator: " ")
                }.joined(separator: "\n")
            }
            for scene in record.scenes {
                var scene = scene
                scene.results = try scene.results.map { result in
                    var result = result
                    result.golden = try moved(result.golden)
                    result.message = try movedWords(result.message)
                    result.artifacts = try result.artifacts.map(moved)
                    return result
                }
                scene.stale = try scene.stale.map(moved)
                merged.scenes.append(scene)
            }
            merged.unchecked += record.unchecked
            merged.defects += try record.defects.map { var defect = $0; defect.message = try defect.message.map(movedWords); return defect }
        }
        merged.scenes.sort { ($0.order, $0.scene) < ($1.order, $1.scene) }
        merged.unchecked.sort { ($0.order, $0.scene) < ($1.order, $1.scene) }
        merged.defects.sort { ($0.order, $0.scene) < ($1.order, $1.scene) }
        return merged
    }
}

/// Shard reports that cannot be merged, and what to give instead.
package struct MergeError: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}
