import Testing
import Foundation
@testable import TransitionTesting

/// Failure images go to a folder per test file, also when CI points `SNAPSHOT_ARTIFACTS` somewhere, so two
/// files' tests of one name never overwrite each other's images in an uploaded folder.
@Suite struct ArtifactFolders {
    @Test func aFolderPerTestFileUnderTheEnvironmentsFolder() {
        let file = "/work/app/Tests/AppTests/CardGoldenTests.swift"
        #expect(CallSite.artifactsDirectory(testFile: file, environment: ["SNAPSHOT_ARTIFACTS": "/ci/artifacts"]).path
                == "/ci/artifacts/CardGoldenTests")
        // Without it, under the package's .build (this file's package).
        let local = CallSite.artifactsDirectory(testFile: #filePath, environment: [:])
        #expect(local.lastPathComponent == "ArtifactFolderTests")
        #expect(local.deletingLastPathComponent().path.hasSuffix(".build/snapshot-artifacts"), "\(local.path)")
    }
}
