import Testing
import Foundation
@testable import TransitionTesting
import Scenes

/// `RENDER_TRANSITION_SHARD=I/N` over `assertTransitionSnapshots` suites: a test's goldens are checked in
/// exactly one of the N runs, named the same on every machine, and skipped (with the shard that checks
/// them) in the others.
@Suite struct ShardedAssertions {
    static func site(_ file: String) -> CallSite {
        CallSite(fileID: "App/\(file)", filePath: "/any/where/Tests/AppTests/\(file)", line: 3, column: 9, xctestFile: #filePath)
    }

    @Test func eachTestIsCheckedInExactlyOneShard() throws {
        let site = Self.site("CardModalGoldenTests.swift")
        for name in ["cardModal", "cardModalStiff", "cardModalDrag", "keyMoments-iphone-se"] {
            #expect(try site.skipReason(name: name, environment: [:]) == nil)
            for count in 1...5 {
                let runs = try (1...count).map { try site.skipReason(name: name, environment: ["RENDER_TRANSITION_SHARD": "\($0)/\(count)"]) }
                #expect(runs.filter { $0 == nil }.count == 1, "\(name) over \(count): \(runs)")
            }
        }
    }

    /// The key is the test file's name and the goldens' prefix, not the machine's path to it.
    @Test func theShardDoesNotDependOnWhereThePackageIs() throws {
        let here = Self.site("CardModalGoldenTests.swift")
        let there = CallSite(fileID: "App/CardModalGoldenTests.swift", filePath: "/home/ci/build/app/Tests/AppTests/CardModalGoldenTests.swift",
                             line: 40, column: 1, xctestFile: #filePath)
        #expect(here.shardKey("cardModal") == "CardModalGoldenTests/cardModal")
        for shard in ["1/2", "2/2", "1/3", "2/3", "3/3"] {
            #expect(try here.skipReason(name: "cardModal", environment: ["RENDER_TRANSITION_SHARD": shard])
                    == there.skipReason(name: "cardModal", environment: ["RENDER_TRANSITION_SHARD": shard]))
        }
    }

    @Test func aSkipSaysWhichShardChecksIt() throws {
        let site = Self.site("CardModalGoldenTests.swift")
        // cardModal is shard 2's of 2 (pinned in GoldensTests' Shards.keysHaveOneFixedOwner).
        #expect(try site.skipReason(name: "cardModal", environment: ["RENDER_TRANSITION_SHARD": "2/2"]) == nil)
        #expect(try site.skipReason(name: "cardModal", environment: ["RENDER_TRANSITION_SHARD": "1/2"])
                == "CardModalGoldenTests/cardModal is checked by shard 2/2; this run is shard 1/2 ($RENDER_TRANSITION_SHARD)")
    }

    @Test func aBadShardIsAnError() {
        #expect(throws: (any Error).self) {
            try Self.site("T.swift").skipReason(name: "x", environment: ["RENDER_TRANSITION_SHARD": "3/2"])
        }
    }
}
