import Foundation
import Raster

/// An integer rectangle in pixels (x right, y down), in the expected image's space.
package struct PixelRegion: Sendable, Equatable, CustomStringConvertible {
    package var x: Int, y: Int, width: Int, height: Int
    package init(x: Int, y: Int, width: Int, height: Int) { self.x = x; self.y = y; self.width = width; self.height = height }
    package var description: String { "\(width)×\(height) at (\(x), \(y))" }
}

/// Two images of different sizes.
package struct SizeMismatch: Sendable, Equatable, CustomStringConvertible {
    package var expectedWidth: Int, expectedHeight: Int, actualWidth: Int, actualHeight: Int
    package init(expectedWidth: Int, expectedHeight: Int, actualWidth: Int, actualHeight: Int) {
        self.expectedWidth = expectedWidth; self.expectedHeight = expectedHeight
        self.actualWidth = actualWidth; self.actualHeight = actualHeight
    }
    package var description: String { "size \(actualWidth)×\(actualHeight) instead of \(expectedWidth)×\(expectedHeight)" }
}

/// What a comparison measured, and whether that is within the tolerance.
///
/// When the sizes differ the comparison fails whatever the tolerance; the counts then cover the union of
/// the two images, the part only one of them has counting as differing.
package struct ImageComparison: Sendable, CustomStringConvertible {
    package let tolerance: SnapshotTolerance
    package let passes: Bool
    /// Pixels that count as different under the tolerance.
    package let differingPixelCount: Int
    package let totalPixelCount: Int
    /// Pixels whose bytes differ at all (within the tolerance or not).
    package let changedPixelCount: Int
    /// The largest difference of any channel of any pixel (premultiplied bytes, 0…255).
    package let largestChannelDifference: Int
    /// The largest CIEDE2000 difference of any pixel, measured for perceptual tolerances only.
    package let largestDeltaE: Double?
    /// The smallest rectangle holding every pixel whose bytes differ at all; nil when none do.
    package let changedRegion: PixelRegion?
    package let sizeMismatch: SizeMismatch?
    /// How many pixels the comparison looked at one by one: rows whose bytes are equal are skipped whole,
    /// so this is 0 for identical images (the byte-compare fast path).
    package let pixelsExamined: Int

    /// differingPixelCount / totalPixelCount (0 for an empty image).
    package var differingFraction: Double {
        totalPixelCount == 0 ? 0 : Double(differingPixelCount) / Double(totalPixelCount)
    }
    /// `changedRegion` as Raster's rect.
    package var changedRect: PixelRect? {
        changedRegion.map { PixelRect(x: $0.x, y: $0.y, width: $0.width, height: $0.height) }
    }

    package init(tolerance: SnapshotTolerance, differingPixelCount: Int, totalPixelCount: Int, changedPixelCount: Int,
                 largestChannelDifference: Int, largestDeltaE: Double?, changedRegion: PixelRegion?,
                 sizeMismatch: SizeMismatch?, pixelsExamined: Int) {
        self.tolerance = tolerance
        self.differingPixelCount = differingPixelCount
        self.totalPixelCount = totalPixelCount
        self.changedPixelCount = changedPixelCount
        self.largestChannelDifference = largestChannelDifference
        self.largestDeltaE = largestDeltaE
        self.changedRegion = changedRegion
        self.sizeMismatch = sizeMismatch
        self.pixelsExamined = pixelsExamined
        passes = sizeMismatch == nil && differingPixelCount <= tolerance.allowedPixelCount(of: totalPixelCount)
    }

    /// One line, measured against allowed: "1 204 of 120 000 pixels (1.00 %) differ by more than ΔE 2.0
    /// (largest ΔE 14.3); allowed 0.10 % (120 pixels)", "size 98×213 instead of 100×213".
    package var summary: String {
        if let sizeMismatch { return sizeMismatch.description }
        let total = Format.count(totalPixelCount)
        if changedPixelCount == 0 { return "all \(total) pixels equal" }
        var line = "\(Format.count(differingPixelCount)) of \(total) pixels"
        let allowed = tolerance.allowedFraction
        if differingPixelCount > 0 {
            line += " (\(Format.percent(differingFraction, against: allowed)))"
        }
        line += differingPixelCount == 1 ? " differs" : " differ"
        switch tolerance.criterion {
        case .anyByte:
            line += " (largest channel difference \(largestChannelDifference))"
        case .channel(let k):
            line += " by more than \(k) in a channel (largest \(largestChannelDifference))"
        case .perceptual(let threshold):
            let largest = largestDeltaE ?? 0
            line += " by more than ΔE \(Format.deltaE(threshold, exact: true)) (largest ΔE \(Format.deltaE(largest, against: threshold)))"
        }
        if differingPixelCount < changedPixelCount {
            line += ", \(Format.count(changedPixelCount)) changed"
        }
        if allowed == 0 {
            line += "; allowed none"
        } else {
            let count = tolerance.allowedPixelCount(of: totalPixelCount)
            line += "; allowed \(Format.percent(allowed, against: differingFraction, exact: true)) (\(Format.count(count)) pixel\(count == 1 ? "" : "s"))"
        }
        return line
    }

    package var description: String { summary }
}

/// Numbers in summaries.
enum Format {
    /// Digits in groups of three with spaces: 120 000.
    static func count(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(" ") }
            out.append(c)
        }
        return (n < 0 ? "-" : "") + out
    }

    /// A fraction as a percentage with two decimals; more when a stated value (`exact`: an allowed
    /// fraction) needs them to be written exactly, or when a measured value different from `other` would
    /// print the same (120 of 120 000 passes at 0.1 % and 121 fails: they must not both read "0.10 %"),
    /// or when a non-zero value would print as 0.
    static func percent(_ fraction: Double, against other: Double? = nil, exact: Bool = false) -> String {
        "\(decimal(fraction * 100, against: other.map { $0 * 100 }, minimumDecimals: 2, exact: exact)) %"
    }

    /// A ΔE with one decimal, more as for `percent`.
    static func deltaE(_ value: Double, against other: Double? = nil, exact: Bool = false) -> String {
        decimal(value, against: other, minimumDecimals: 1, exact: exact)
    }

    private static func decimal(_ value: Double, against other: Double?, minimumDecimals: Int, exact: Bool) -> String {
        func text(_ v: Double, _ d: Int) -> String { String(format: "%.\(d)f", v) }
        var d = minimumDecimals
        if exact, let short = (minimumDecimals...minimumDecimals + 4).first(where: { Double(text(value, $0)) == value }) {
            d = short
        }
        while d < 10 {
            let shown = text(value, d)
            let zeroShown = value != 0 && Double(shown) == 0
            let sameShown = other.map { $0 != value && text($0, d) == shown } ?? false
            if !zeroShown && !sameShown { break }
            d += 1
        }
        return text(value, d)
    }
}
