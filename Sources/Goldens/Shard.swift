import Foundation

/// One of N parts of a golden suite, so N CI jobs check it together: `1/3`, `2/3`, `3/3` (counted from 1,
/// as CI matrices count). Every scene or test lands in exactly one part, whatever the machine or the order
/// things were found in.
package struct Shard: Sendable, Equatable, CustomStringConvertible {
    /// 1 … count.
    package let index: Int
    package let count: Int

    /// The variable that shards `assertTransitionSnapshots` suites (verify takes `--shard`).
    package static let environmentVariable = "RENDER_TRANSITION_SHARD"

    package init(index: Int, count: Int) {
        precondition(count >= 1 && (1...count).contains(index), "shard \(index)/\(count)")
        self.index = index; self.count = count
    }

    /// `I/N`; `source` names where the text came from in the error (`--shard`, the variable).
    package init(parsing text: String, source: String) throws(ShardError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0].trimmingCharacters(in: .whitespaces)),
              let count = Int(parts[1].trimmingCharacters(in: .whitespaces)) else {
            throw ShardError("invalid value '\(text)' for \(source): a shard is I/N, the I-th of N parts counted from 1, e.g. 1/3")
        }
        guard count >= 1 else {
            throw ShardError("invalid value '\(text)' for \(source): N, the number of parts, must be at least 1 (e.g. 1/3)")
        }
        guard (1...count).contains(index) else {
            throw ShardError("invalid value '\(text)' for \(source): shard \(index) of \(count) does not exist; I runs from 1 to \(count)")
        }
        self.init(index: index, count: count)
    }

    /// `RENDER_TRANSITION_SHARD`, when it is set and not empty.
    package static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws(ShardError) -> Shard? {
        guard let text = environment[environmentVariable], !text.isEmpty else { return nil }
        return try Shard(parsing: text, source: "$\(environmentVariable)")
    }

    package var description: String { "\(index)/\(count)" }

    /// The items of this shard when every item is known (verify's scenes): round-robin over the names
    /// sorted by their UTF-8 bytes, so the parts differ by at most one item and do not depend on the
    /// order the items came in.
    package func select<Item>(_ items: [Item], name: (Item) -> String) -> [Item] {
        let sorted = items.indices.sorted { Array(name(items[$0]).utf8).lexicographicallyPrecedes(Array(name(items[$1]).utf8)) }
        var mine = Set<Int>()
        for (position, index) in sorted.enumerated() where position % count == self.index - 1 { mine.insert(index) }
        return items.indices.filter(mine.contains).map { items[$0] }
    }

    /// Whether `key` is this shard's when each item knows only itself (a test knows its own name, not the
    /// suite): by a fixed hash of the key (64-bit FNV-1a of its UTF-8 bytes, finalised; Swift's `Hasher`
    /// is seeded per process and would move tests between runs).
    package func contains(key: String) -> Bool { Self.owner(of: key, count: count) == index }

    /// The shard (1 … count) that `key` belongs to.
    package static func owner(of key: String, count: Int) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        // FNV's low bits follow the last bytes closely (names that differ at the end would cluster): mix
        // every bit into every other with MurmurHash3's finaliser before taking the remainder.
        hash ^= hash >> 33; hash &*= 0xff51_afd7_ed55_8ccd
        hash ^= hash >> 33; hash &*= 0xc4ce_b9fe_1a85_ec53
        hash ^= hash >> 33
        return Int(hash % UInt64(count)) + 1
    }
}

/// A shard that is not `I/N` with 1 ≤ I ≤ N: what was wrong and an example that works.
package struct ShardError: Error, CustomStringConvertible, Equatable {
    package let description: String
    package init(_ description: String) { self.description = description }
}
