// Seeded generators for tests. Tests depend on the exact sequences (their inputs, and pinned values in
// RasterTests/MediaTests), so the arithmetic here must not change.

/// SplitMix64 (Steele, Lea and Flood): the generator for random test inputs.
public struct SplitMix64: RandomNumberGenerator {
    public var state: UInt64
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform value in [0, 1) from the top 53 bits of one `next()` (not `Double.random(in:using:)`,
    /// which draws differently).
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    /// True with probability `p`, from one `unit()`.
    public mutating func chance(_ p: Double) -> Bool { unit() < p }
}

/// A 64-bit linear congruential generator (Knuth's MMIX constants) yielding bits 33–40 as bytes. Kept
/// beside SplitMix64 because the PNG tests' images were made with it.
public struct ByteLCG {
    public var state: UInt64
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt8 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return UInt8(truncatingIfNeeded: state >> 33)
    }
}
