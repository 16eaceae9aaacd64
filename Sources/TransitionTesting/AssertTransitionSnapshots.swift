import Foundation
import Testing
import XCTest
import Goldens
// What a test file names besides the assertions and the trait: tolerances, record modes, moments and
// strategies. The rest of Goldens (comparison, colour science, artifacts, reports) is the package's own.
@_exported import struct Goldens.SnapshotTolerance
@_exported import enum Goldens.SnapshotRecordMode
@_exported import enum Goldens.SnapshotMoments
@_exported import struct Goldens.TransitionSnapshot
import Stage

/// Checks a scene against its goldens, in a Swift Testing or XCTest test:
///
///     @Test func cardModal() {
///         assertTransitionSnapshots(of: CardModalScene.self)
///     }
///
/// Goldens live beside the test file, as swift-snapshot-testing keeps them:
/// `__Snapshots__/<TestFile>/<testName>.<transition>-<percent>.png` for each moment (by default 0, 25, 50,
/// 75 and 100 % of every animated transition), `<testName>.trace.txt` for the animated values per frame,
/// and `<testName>.clip.apng` when `.clip` is asked for. Frames show no finger dots unless `touches: true`.
///
/// Record mode: `record`, else a `.snapshots(record:)` trait, else `SNAPSHOT_TESTING_RECORD`, else `never`
/// when `CI` is set and `missing` elsewhere. Recording fails the test and lists what it wrote, so a
/// recording is never taken for a pass. Failures write reference, actual, difference and heat map to
/// `$SNAPSHOT_ARTIFACTS/<TestFile>/` (default: `.build/snapshot-artifacts/<TestFile>/` in the package), attach them
/// to the test where Swift Testing can, and name them in the failure, reported at the call site.
///
/// Sharding: with `RENDER_TRANSITION_SHARD=I/N` set, a call checks its goldens only when its test
/// (`<TestFile>/<testName or named:>`) falls in part I of N, by a fixed hash of that name, so N CI jobs
/// split a suite with each test in exactly one; elsewhere it renders nothing and cancels the Swift Testing
/// test, which reports it as skipped with the shard that checks it.
public func assertTransitionSnapshots(
    of scene: SceneDefinition,
    as strategies: [TransitionSnapshot] = TransitionSnapshot.default,
    device: Device? = nil, scale: CGFloat = 1, fps: Int = 60, touches: Bool = false,
    tolerance: SnapshotTolerance = .exact,
    record: SnapshotRecordMode? = nil,
    named name: String? = nil,
    fileID: StaticString = #fileID, file: StaticString = #filePath, testName: String = #function,
    line: UInt = #line, column: UInt = #column
) {
    let site = CallSite(fileID: "\(fileID)", filePath: "\(file)", line: line, column: column, xctestFile: file)
    let prefix = name ?? sanitizedTestName(testName)
    site.check(record: record, name: prefix) { mode, directory, artifacts in
        try Snapshots.check(scene, as: strategies, directory: directory, prefix: prefix,
                            rendering: SnapshotRendering(device: device, scale: scale, fps: fps, touches: touches),
                            tolerance: tolerance, record: mode, artifacts: artifacts)
    }
}

/// A scene type as declared (its name, summary and `init()`).
public func assertTransitionSnapshots(
    of sceneType: Scene.Type,
    as strategies: [TransitionSnapshot] = TransitionSnapshot.default,
    device: Device? = nil, scale: CGFloat = 1, fps: Int = 60, touches: Bool = false,
    tolerance: SnapshotTolerance = .exact,
    record: SnapshotRecordMode? = nil,
    named name: String? = nil,
    fileID: StaticString = #fileID, file: StaticString = #filePath, testName: String = #function,
    line: UInt = #line, column: UInt = #column
) {
    assertTransitionSnapshots(of: SceneDefinition(sceneType), as: strategies, device: device, scale: scale, fps: fps,
                              touches: touches, tolerance: tolerance, record: record, named: name,
                              fileID: fileID, file: file, testName: testName, line: line, column: column)
}

/// `cardModal()` → `cardModal`; `keyMoments(scene:)` → `keyMoments`: the test's name as a file stem.
func sanitizedTestName(_ function: String) -> String {
    let base = function.prefix { $0 != "(" }
    let kept = base.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? String($0) : "-" }.joined()
    return kept.isEmpty ? "snapshot" : kept
}

/// `<package>/.build/snapshot-artifacts`: the package is the nearest folder above the test file with a
/// Package.swift, and `.build` is already ignored by git in a Swift package.
func defaultArtifactsDirectory(for testFile: URL) -> URL {
    var folder = testFile.deletingLastPathComponent()
    while folder.path != "/" {
        if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
            return folder.appendingPathComponent(".build/snapshot-artifacts")
        }
        folder.deleteLastPathComponent()
    }
    return FileManager.default.temporaryDirectory.appendingPathComponent("snapshot-artifacts")
}

/// Where an assertion was called: its goldens' folder, its artifacts, and where failures are reported,
/// in whichever test framework runs it.
struct CallSite {
    let fileID: String
    let filePath: String
    let line: UInt
    let column: UInt
    let xctestFile: StaticString

    /// `__Snapshots__/<TestFile>/` beside the test file.
    var directory: URL {
        let testFile = URL(fileURLWithPath: filePath)
        return testFile.deletingLastPathComponent().appendingPathComponent("__Snapshots__")
            .appendingPathComponent(testFile.deletingPathExtension().lastPathComponent)
    }

    /// `<SNAPSHOT_ARTIFACTS or the default>/<TestFile>/`: a folder per test file either way, so two files'
    /// tests of the same name do not overwrite each other's images in an uploaded folder.
    var artifacts: ArtifactStore { ArtifactStore(directory: Self.artifactsDirectory(testFile: filePath)) }

    static func artifactsDirectory(testFile path: String,
                                   environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let testFile = URL(fileURLWithPath: path)
        let base = ArtifactStore.fromEnvironment(fallback: defaultArtifactsDirectory(for: testFile), environment).directory
        return base.appendingPathComponent(testFile.deletingPathExtension().lastPathComponent)
    }

    /// The test's name for sharding: `<TestFile>/<name>`, the same on every machine.
    func shardKey(_ name: String) -> String {
        URL(fileURLWithPath: filePath).deletingPathExtension().lastPathComponent + "/" + name
    }

    /// Whether the goldens called `name` are checked in this run: nil when they are, else why not.
    func skipReason(name: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws(ShardError) -> String? {
        guard let shard = try Shard.fromEnvironment(environment) else { return nil }
        let key = shardKey(name)
        guard !shard.contains(key: key) else { return nil }
        return "\(key) is checked by shard \(Shard.owner(of: key, count: shard.count))/\(shard.count); this run is shard \(shard) ($\(Shard.environmentVariable))"
    }

    /// Resolves the record mode (argument, trait, environment), runs `body`, and reports what did not pass.
    /// `name` is the goldens' prefix; outside this run's shard nothing is rendered and the test is skipped.
    func check(record: SnapshotRecordMode?, name: String,
               _ body: (SnapshotRecordMode, URL, ArtifactStore) throws -> SnapshotReport) {
        do {
            if let reason = try skipReason(name: name) {
                skip(reason)
                return
            }
            let mode = try record ?? SnapshotConfiguration.current.record ?? SnapshotRecordMode.fromEnvironment()
            let report = try body(mode, directory, artifacts)
            guard !report.passed else { return }
            for result in report.failures { attach(result.artifacts) }
            fail(report.message)
        } catch {
            fail("\(error)")
        }
    }

    private var sourceLocation: SourceLocation {
        SourceLocation(fileID: fileID, filePath: filePath, line: Int(line), column: Int(column))
    }

    func fail(_ message: String) {
        if Test.current != nil {
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        } else {
            XCTFail(message, file: xctestFile, line: line)
        }
    }

    /// A test outside this run's shard: cancelled, so Swift Testing reports it skipped with the reason (the
    /// error `cancel` throws only unwinds, and this assertion does not throw). XCTest cannot skip from a
    /// non-throwing call: the reason is printed.
    func skip(_ reason: String) {
        if Test.current != nil {
            do { try Test.cancel(Comment(rawValue: reason), sourceLocation: sourceLocation) } catch {}
        } else {
            print("Skipped at \(fileID):\(line): \(reason)")
        }
    }

    /// Attaches files to the running Swift Testing test (XCTest on Linux has no attachments).
    func attach(_ files: [URL]) {
        guard Test.current != nil else { return }
        for file in files {
            guard let data = try? Data(contentsOf: file) else { continue }
            Attachment.record([UInt8](data), named: file.lastPathComponent, sourceLocation: sourceLocation)
        }
    }
}
