import Testing
import Goldens

/// What the `.snapshots(…)` trait sets for the tests inside it.
struct SnapshotConfiguration: Sendable {
    var record: SnapshotRecordMode?
    @TaskLocal static var current = SnapshotConfiguration()
}

/// A suite or test trait that sets the record mode of every `assertTransitionSnapshots` inside it:
///
///     @Suite(.snapshots(record: .failed)) struct TransitionGoldens { … }
public struct SnapshotTrait: SuiteTrait, TestTrait, TestScoping {
    let record: SnapshotRecordMode
    public var isRecursive: Bool { true }

    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        try await SnapshotConfiguration.$current.withValue(SnapshotConfiguration(record: record)) {
            try await function()
        }
    }
}

extension Trait where Self == SnapshotTrait {
    /// Records goldens in `record` mode for the tests inside (an assertion's own `record:` still wins).
    public static func snapshots(record: SnapshotRecordMode) -> Self { SnapshotTrait(record: record) }
}
