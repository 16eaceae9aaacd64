import Testing
import Foundation
import Goldens
import TestSupport

/// `verify --shard I/N` and `RENDER_TRANSITION_SHARD`: every scene or test in exactly one part, the same
/// part on every machine and whatever order things come in.
@Suite struct Shards {
    @Test func parsesIOfN() throws {
        #expect(try Shard(parsing: "1/3", source: "--shard") == Shard(index: 1, count: 3))
        #expect(try Shard(parsing: "3/3", source: "--shard") == Shard(index: 3, count: 3))
        #expect(try Shard(parsing: "1/1", source: "--shard") == Shard(index: 1, count: 1))
        #expect(Shard(index: 2, count: 5).description == "2/5")
    }

    @Test("bad shards say what is wrong and what works", arguments: [
        ("0/3", "shard 0 of 3 does not exist; I runs from 1 to 3"),
        ("4/3", "shard 4 of 3 does not exist; I runs from 1 to 3"),
        ("1/0", "N, the number of parts, must be at least 1"),
        ("2", "a shard is I/N, the I-th of N parts counted from 1, e.g. 1/3"),
        ("a/b", "a shard is I/N"),
        ("1/2/3", "a shard is I/N"),
        ("", "a shard is I/N"),
        ("-1/2", "shard -1 of 2 does not exist"),
    ])
    func badShards(_ c: (String, String)) {
        #expect(throws: ShardError.self) { try Shard(parsing: c.0, source: "--shard") }
        do {
            _ = try Shard(parsing: c.0, source: "--shard")
        } catch {
            #expect("\(error)".hasPrefix("invalid value '\(c.0)' for --shard: "), "\(error)")
            #expect("\(error)".contains(c.1), "\(error)")
        }
    }

    @Test func theEnvironmentVariable() throws {
        #expect(try Shard.fromEnvironment([:]) == nil)
        #expect(try Shard.fromEnvironment(["RENDER_TRANSITION_SHARD": ""]) == nil)
        #expect(try Shard.fromEnvironment(["RENDER_TRANSITION_SHARD": "2/4"]) == Shard(index: 2, count: 4))
        #expect(throws: ShardError("invalid value '5/4' for $RENDER_TRANSITION_SHARD: shard 5 of 4 does not exist; I runs from 1 to 4")) {
            try Shard.fromEnvironment(["RENDER_TRANSITION_SHARD": "5/4"])
        }
    }

    /// Round-robin over sorted names: each item once, parts differing by at most one, whatever the order given.
    @Test func selectingSplitsEveryListExactlyOnceAndEvenly() {
        var random = SplitMix64(seed: 24)
        for _ in 0..<50 {
            let names = Set((0..<Int.random(in: 0...40, using: &random)).map { _ in
                String((0..<Int.random(in: 1...12, using: &random)).map { _ in "abcdefghij-.Zé".randomElement(using: &random)! })
            })
            let list = Array(names).shuffled(using: &random)
            for count in 1...6 {
                let parts = (1...count).map { Shard(index: $0, count: count).select(list, name: { $0 }) }
                #expect(parts.flatMap { $0 }.sorted() == list.sorted())
                #expect(Set(parts.flatMap { $0 }).count == list.count)
                let sizes = parts.map(\.count)
                #expect(sizes.max()! - sizes.min()! <= 1, "\(sizes)")
                // The same parts from another order of discovery; each part keeps the order it was given.
                let again = (1...count).map { Shard(index: $0, count: count).select(list.shuffled(using: &random), name: { $0 }) }
                #expect(zip(parts, again).allSatisfy { Set($0) == Set($1) })
                #expect(parts.allSatisfy { part in part == list.filter(part.contains) })
            }
        }
    }

    /// By name alone (a test knows only itself): each key in exactly one part, by a hash that is fixed
    /// (these values hold on every machine and run; a change would move tests between CI jobs).
    @Test func keysHaveOneFixedOwner() {
        #expect(Shard.owner(of: "CardModalGoldenTests/cardModal", count: 2) == 2)
        #expect(Shard.owner(of: "CardModalGoldenTests/cardModalStiff", count: 2) == 1)
        #expect(Shard.owner(of: "CardModalGoldenTests/cardModalDrag", count: 2) == 2)
        #expect(Shard.owner(of: "CardModalGoldenTests/cardModal", count: 3) == 3)
        #expect(Shard.owner(of: "", count: 3) == 3)
        var random = SplitMix64(seed: 7)
        var perShard = [Int](repeating: 0, count: 4)
        for index in 0..<2000 {
            let key = "Suite\(random.next() % 50)/test\(index)"
            for count in 1...4 {
                let owners = (1...count).filter { Shard(index: $0, count: count).contains(key: key) }
                #expect(owners == [Shard.owner(of: key, count: count)])
            }
            perShard[Shard.owner(of: key, count: 4) - 1] += 1
        }
        // Spread: 2000 names over 4 parts, each within 20 % of an even 500.
        #expect(perShard.allSatisfy { (400...600).contains($0) }, "\(perShard)")
    }
}
