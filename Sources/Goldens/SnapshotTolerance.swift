/// What makes a pixel count as different, and what fraction of the pixels may differ.
///
/// Rendering is deterministic, so goldens are exact unless a test says otherwise; a tolerance is stated
/// where it is used and reported in every failure (`ImageComparison.summary`).
public struct SnapshotTolerance: Sendable, Equatable, CustomStringConvertible {
    /// When one pixel counts as different from its counterpart.
    public enum Criterion: Sendable, Equatable {
        /// Any byte differs.
        case anyByte
        /// Some channel of the premultiplied RGBA bytes differs by more than this.
        case channel(maxDifference: Int)
        /// The CIEDE2000 difference exceeds this (see `ImageDiff` for how alpha takes part).
        case perceptual(deltaE: Double)
    }

    public let criterion: Criterion
    /// The largest fraction (0…1) of pixels that may differ and still pass.
    public let allowedFraction: Double

    /// Every byte equal: the default.
    public static let exact = SnapshotTolerance(criterion: .anyByte, allowedFraction: 0)

    /// A pixel differs when any channel (premultiplied RGBA bytes) differs by more than `maxDifference`.
    public static func channel(_ maxDifference: Int, allowedFraction: Double = 0) -> SnapshotTolerance {
        precondition(maxDifference >= 0, "SnapshotTolerance.channel: maxDifference must be 0 or more, not \(maxDifference)")
        return SnapshotTolerance(criterion: .channel(maxDifference: maxDifference), allowedFraction: allowedFraction)
    }

    /// A pixel differs when the CIEDE2000 colour difference exceeds `deltaE` (1 is about a just-noticeable
    /// difference).
    public static func perceptual(deltaE: Double, allowedFraction: Double = 0) -> SnapshotTolerance {
        precondition(deltaE >= 0 && deltaE.isFinite, "SnapshotTolerance.perceptual: deltaE must be a finite value of 0 or more, not \(deltaE)")
        return SnapshotTolerance(criterion: .perceptual(deltaE: deltaE), allowedFraction: allowedFraction)
    }

    private init(criterion: Criterion, allowedFraction: Double) {
        precondition(allowedFraction >= 0 && allowedFraction <= 1,
                     "SnapshotTolerance: allowedFraction is a fraction of the pixels, 0…1 (0.001 = 0.1 %), not \(allowedFraction)")
        self.criterion = criterion
        self.allowedFraction = allowedFraction
    }

    /// The largest number of differing pixels out of `total` that passes: the same test as the comparison's
    /// (count / total ≤ allowedFraction), so a count exactly at the fraction passes.
    package func allowedPixelCount(of total: Int) -> Int {
        guard total > 0, allowedFraction > 0 else { return 0 }
        var n = Swift.min(total, Int((allowedFraction * Double(total)).rounded(.down)))
        while n < total && Double(n + 1) / Double(total) <= allowedFraction { n += 1 }
        while n > 0 && Double(n) / Double(total) > allowedFraction { n -= 1 }
        return n
    }

    public var description: String {
        let fraction = allowedFraction == 0 ? "" : ", allowed \(Format.percent(allowedFraction, exact: true))"
        switch criterion {
        case .anyByte: return "exact"
        case .channel(let k): return "channel difference over \(k)\(fraction)"
        case .perceptual(let e): return "ΔE over \(Format.deltaE(e, exact: true))\(fraction)"
        }
    }
}
