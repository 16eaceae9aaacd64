import Foundation
import Testing
import Stage
import TransitionTesting
import MyTransitions

/// Golden frames at 0/25/50/75/100 % of each transition, compared exactly. Record new ones with
/// `RECORD_GOLDENS=missing swift test` and look at every PNG before committing it.
@Suite struct CardModalGoldenTests {
    /// Tests/MyTransitionsTests, found from this file so recording writes into the source tree.
    static let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    /// Expected/actual/diff images of a mismatch (git-ignored).
    static let failures = here.deletingLastPathComponent().appendingPathComponent("__failures__")

    @Test func cardModal() throws {
        try SceneGoldens.verify(CardModalScene.self, directory: Self.here.appendingPathComponent("Goldens/card-modal"),
                                failuresDirectory: Self.failures)
    }

    @Test func cardModalStiff() throws {
        let stiff = try #require(myScenes.first { $0.name == "card-modal-stiff" })
        try SceneGoldens.verify(stiff, directory: Self.here.appendingPathComponent("Goldens/card-modal-stiff"),
                                failuresDirectory: Self.failures)
    }
}
