import Testing
import Foundation
import TransitionTesting
import Scenes

/// `assertTransitionSnapshots` as a user's test calls it. The `file:` literal puts the goldens in a
/// scratch folder instead of beside this file.
@Suite(.serialized) struct Assertions {
    static let folder = URL(fileURLWithPath: "/tmp/render-transition-assertion-tests")
    static func clean() { try? FileManager.default.removeItem(at: folder) }

    @Test func aRecordingFailsListingItsFilesThenTheNextRunPasses() throws {
        Self.clean()
        defer { Self.clean() }
        withKnownIssue {
            assertTransitionSnapshots(of: CrossDissolveScene.self, as: [.frames(.times([0.5]))], scale: 0.25, record: .missing,
                                      file: "/tmp/render-transition-assertion-tests/UserTests.swift")
        } matching: { issue in
            "\(issue)".contains("Recorded 1 golden of cross-dissolve")
                && "\(issue)".contains("/tmp/render-transition-assertion-tests/__Snapshots__/UserTests/aRecordingFailsListingItsFilesThenTheNextRunPasses.t0.5.png")
        }
        // Recorded: the same call now passes, and reports nothing.
        assertTransitionSnapshots(of: CrossDissolveScene.self, as: [.frames(.times([0.5]))], scale: 0.25, record: .never,
                                  file: "/tmp/render-transition-assertion-tests/UserTests.swift")
    }

    @Test func aMissingGoldenUnderNeverFailsAndSaysHowToRecord() {
        Self.clean()
        defer { Self.clean() }
        withKnownIssue {
            assertTransitionSnapshots(of: CrossDissolveScene.self, as: [.frames(.times([0.5]))], scale: 0.25, record: .never,
                                      named: "missing", file: "/tmp/render-transition-assertion-tests/UserTests.swift")
        } matching: { issue in
            "\(issue)".contains("no golden at /tmp/render-transition-assertion-tests/__Snapshots__/UserTests/missing.t0.5.png")
                && "\(issue)".contains("SNAPSHOT_TESTING_RECORD=missing")
        }
    }

    @Test func aRequestOutsideTheClipFailsWithWhatExists() {
        withKnownIssue {
            assertTransitionSnapshots(of: CrossDissolveScene.self, as: [.frames(.times([9]))], scale: 0.25, record: .never,
                                      file: "/tmp/render-transition-assertion-tests/UserTests.swift")
        } matching: { issue in
            "\(issue)".contains("9 s is outside cross-dissolve, which lasts 1.7 s")
        }
    }
}

/// The trait sets the record mode of the assertions inside.
@Suite(.serialized, .snapshots(record: .all)) struct RecordTrait {
    @Test func theTraitsModeRecords() {
        try? FileManager.default.removeItem(atPath: "/tmp/render-transition-trait-tests")
        defer { try? FileManager.default.removeItem(atPath: "/tmp/render-transition-trait-tests") }
        for _ in 0..<2 {   // `all` records even when the golden exists
            withKnownIssue {
                assertTransitionSnapshots(of: CrossDissolveScene.self, as: [.trace], scale: 0.25,
                                          file: "/tmp/render-transition-trait-tests/UserTests.swift")
            } matching: { issue in
                "\(issue)".contains("Recorded 1 golden of cross-dissolve")
            }
        }
    }
}

/// `import TransitionTesting` alone gives a test file every name it writes (this file imports nothing
/// else from the package); scripts/check-architecture checks that the golden engine's internals are not.
@Suite struct PublicSurface {
    @Test func aTestFileNamesTolerancesStrategiesMomentsAndRecordModes() {
        let tolerance: SnapshotTolerance = .perceptual(deltaE: 2, allowedFraction: 0.01)
        let strategies: [TransitionSnapshot] = [.frames(SnapshotMoments.progress([0.5], of: "present")), .trace, .clip]
        let trait: SnapshotTrait = .snapshots(record: .failed)
        #expect(tolerance != .exact && tolerance != .channel(2) && strategies.count == 3 && trait.isRecursive)
        // The values SNAPSHOT_TESTING_RECORD takes.
        #expect(SnapshotRecordMode.allCases.map(\.rawValue) == ["never", "missing", "failed", "all"])
    }
}
