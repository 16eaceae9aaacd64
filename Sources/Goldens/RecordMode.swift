import Foundation

/// When golden files are written, as in the iOS snapshot-testing libraries.
public enum SnapshotRecordMode: String, CaseIterable, Sendable {
    /// Never write: a missing golden fails (the default when `CI` is set).
    case never
    /// Write goldens that do not exist yet, compare the rest (the default elsewhere).
    case missing
    /// Rewrite goldens that do not match (after you have looked at the new images).
    case failed
    /// Rewrite every golden.
    case all

    /// The environment variables that choose a mode, first one set wins. `SNAPSHOT_TESTING_RECORD` is
    /// swift-snapshot-testing's, which teams already set in CI; `RECORD_GOLDENS` is this project's older name.
    package static let environmentVariables = ["SNAPSHOT_TESTING_RECORD", "RECORD_GOLDENS"]

    /// The mode the environment asks for: a variable above, else `never` when `CI` is set, else `missing`.
    /// A value that is not a mode is an error listing the allowed ones, so a typo never records silently.
    package static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> SnapshotRecordMode {
        for name in environmentVariables {
            guard let value = environment[name], !value.isEmpty else { continue }
            guard let mode = SnapshotRecordMode(rawValue: value.lowercased()) else {
                throw InvalidRecordMode(value: value, source: name)
            }
            return mode
        }
        return environment["CI"].map { !$0.isEmpty && $0 != "0" && $0.lowercased() != "false" } == true ? .never : .missing
    }

    /// Parses a mode given by name (a command-line value), naming where it came from on error.
    package init(parsing value: String, source: String) throws {
        guard let mode = SnapshotRecordMode(rawValue: value.lowercased()) else { throw InvalidRecordMode(value: value, source: source) }
        self = mode
    }
}

/// A record mode that is not one of never, missing, failed, all.
package struct InvalidRecordMode: Error, CustomStringConvertible, Equatable {
    package let value: String
    package let source: String
    package var description: String {
        "\(source)=\(value) is not a record mode: use one of \(SnapshotRecordMode.allCases.map(\.rawValue).joined(separator: ", ")) (never: only compare, the default in CI; missing: record goldens that do not exist yet; failed: re-record those that differ; all: re-record everything)."
    }
}
