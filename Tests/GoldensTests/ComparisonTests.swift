import Testing
import Foundation
import Goldens
import Raster
import TestSupport

/// A 100×100 opaque image with structure (so a change is not the only thing in it).
func scene(_ width: Int = 100, _ height: Int = 100) -> PixelBuffer {
    makeImage(width: width, height: height) { x, y in (UInt8(40 + x % 160), UInt8(60 + y % 150), 120, 255) }
}

/// `image` with the pixels at `points` replaced by `body`'s value for the old one.
func changing(_ image: PixelBuffer, at points: [(Int, Int)], _ body: (RGBA8) -> RGBA8) -> PixelBuffer {
    var out = image
    for (x, y) in points { out[x, y] = body(out[x, y]) }
    return out
}

func lab(_ p: RGBA8) -> LabColor { LabColor(sRGB: p.r, green: p.g, blue: p.b) }

@Suite struct ExactComparisons {
    @Test func identicalImagesPassAndSaySo() {
        let a = scene(), b = makeImage(width: 100, height: 100) { x, y in (UInt8(40 + x % 160), UInt8(60 + y % 150), 120, 255) }
        let result = ImageDiff.compare(a, b)
        #expect(result.passes)
        #expect(result.differingPixelCount == 0 && result.changedPixelCount == 0 && result.largestChannelDifference == 0)
        #expect(result.changedRegion == nil && result.sizeMismatch == nil && result.largestDeltaE == nil)
        #expect(result.summary == "all 10 000 pixels equal")
        #expect(result.pixelsExamined == 0)
    }

    @Test func onePixelOffByOneFailsExactAndSaysWhere() {
        let a = scene()
        let b = changing(a, at: [(17, 42)]) { RGBA8(r: $0.r, g: $0.g + 1, b: $0.b, a: $0.a) }
        let result = ImageDiff.compare(a, b)
        #expect(!result.passes)
        #expect(result.differingPixelCount == 1 && result.totalPixelCount == 10_000 && result.differingFraction == 0.0001)
        #expect(result.largestChannelDifference == 1)
        #expect(result.changedRegion == PixelRegion(x: 17, y: 42, width: 1, height: 1))
        #expect(result.summary == "1 of 10 000 pixels (0.01 %) differs (largest channel difference 1); allowed none")
        // Only the one row with a difference was looked at pixel by pixel.
        #expect(result.pixelsExamined == 100)
    }

    @Test func regionBoundsEveryChangedPixelWithinToleranceOrNot() {
        let a = scene()
        let b = changing(changing(a, at: [(3, 4)]) { RGBA8(r: $0.r &+ 1, g: $0.g, b: $0.b, a: $0.a) },
                         at: [(10, 2)]) { RGBA8(r: $0.r, g: $0.g, b: $0.b &+ 50, a: $0.a) }
        let result = ImageDiff.compare(a, b, tolerance: .channel(2))
        #expect(result.differingPixelCount == 1 && result.changedPixelCount == 2)
        #expect(result.changedRegion == PixelRegion(x: 3, y: 2, width: 8, height: 3))
    }

    @Test func transparentPixelsCompareByTheirBytes() {
        let a = solid(4, 4, 0, 0, 0, 0)
        #expect(ImageDiff.compare(a, solid(4, 4, 0, 0, 0, 0)).passes)
        #expect(!ImageDiff.compare(a, changing(a, at: [(1, 1)]) { _ in RGBA8(r: 0, g: 0, b: 0, a: 1) }).passes)
    }
}

@Suite struct ChannelComparisons {
    let a = scene()
    var offBy1: PixelBuffer { changing(a, at: [(5, 5)]) { RGBA8(r: $0.r, g: $0.g + 1, b: $0.b, a: $0.a) } }
    var offBy9: PixelBuffer { changing(a, at: [(5, 5)]) { RGBA8(r: $0.r - 9, g: $0.g, b: $0.b, a: $0.a) } }

    @Test func aDifferenceUpToTheBoundIsNotCounted() {
        #expect(!ImageDiff.compare(a, offBy1, tolerance: .channel(0)).passes)
        #expect(ImageDiff.compare(a, offBy1, tolerance: .channel(1)).passes)
        #expect(!ImageDiff.compare(a, offBy9, tolerance: .channel(8)).passes)
        let nine = ImageDiff.compare(a, offBy9, tolerance: .channel(9))
        #expect(nine.passes && nine.differingPixelCount == 0 && nine.changedPixelCount == 1)
        #expect(nine.largestChannelDifference == 9)
    }

    @Test func alphaIsAChannelToo() {
        let half = solid(10, 10, 100, 100, 100, 200)
        let b = changing(half, at: [(0, 0)]) { RGBA8(r: $0.r, g: $0.g, b: $0.b, a: 203) }
        #expect(ImageDiff.compare(half, b, tolerance: .channel(3)).passes)
        #expect(!ImageDiff.compare(half, b, tolerance: .channel(2)).passes)
    }

    @Test func summaryStatesBoundLargestAndWhatChangedWithinIt() {
        let result = ImageDiff.compare(a, offBy9, tolerance: .channel(2))
        #expect(result.summary == "1 of 10 000 pixels (0.01 %) differs by more than 2 in a channel (largest 9); allowed none")
        let within = ImageDiff.compare(a, offBy9, tolerance: .channel(9, allowedFraction: 0.001))
        #expect(within.summary == "0 of 10 000 pixels differ by more than 9 in a channel (largest 9), 1 changed; allowed 0.10 % (10 pixels)")
    }
}

@Suite struct PerceptualComparisons {
    let a = scene()

    @Test func oneLevelIsBelowAJustNoticeableDifference() {
        let b = changing(a, at: [(5, 5)]) { RGBA8(r: $0.r, g: $0.g + 1, b: $0.b, a: $0.a) }
        let result = ImageDiff.compare(a, b, tolerance: .perceptual(deltaE: 1))
        #expect(result.passes && result.changedPixelCount == 1)
        let expected = deltaE2000(lab(a[5, 5]), lab(b[5, 5]))
        #expect(result.largestDeltaE == expected && expected > 0 && expected < 1)
    }

    @Test func aHueShiftOfSmallChannelStepsIsVisible() {
        // Saturated red → a redder magenta: each channel moves by at most 12, but the hue turns.
        let red = solid(20, 20, 200, 30, 30)
        let shifted = changing(red, at: (0..<20).map { ($0, 7) }) { _ in RGBA8(r: 200, g: 18, b: 42, a: 255) }
        let result = ImageDiff.compare(red, shifted, tolerance: .perceptual(deltaE: 2))
        let expected = deltaE2000(LabColor(sRGB: 200, green: 30, blue: 30), LabColor(sRGB: 200, green: 18, blue: 42))
        #expect(expected > 2)
        #expect(!result.passes && result.differingPixelCount == 20 && result.largestDeltaE == expected)
        #expect(result.largestChannelDifference == 12)
        #expect(ImageDiff.compare(red, shifted, tolerance: .perceptual(deltaE: expected)).passes)
        // A channel bound of 12 would let this visible shift through.
        #expect(ImageDiff.compare(red, shifted, tolerance: .channel(12)).passes)
    }

    @Test func alphaChangesAreMeasuredOverBlackAndOverWhite() {
        // Transparent black and opaque black agree over black but are white vs black over white.
        let clear = solid(2, 2, 0, 0, 0, 0), black = solid(2, 2, 0, 0, 0, 255)
        let result = ImageDiff.compare(clear, black, tolerance: .perceptual(deltaE: 10))
        #expect(!result.passes && result.differingPixelCount == 4)
        #expect(abs(result.largestDeltaE! - 100) < 1e-9)
        // The same premultiplied colour with alpha one step apart: 0 over black, one grey step over white.
        let translucent = solid(2, 2, 100, 100, 100, 200)
        let moreOpaque = changing(translucent, at: [(1, 1)]) { RGBA8(r: $0.r, g: $0.g, b: $0.b, a: 201) }
        let step = ImageDiff.compare(translucent, moreOpaque, tolerance: .perceptual(deltaE: 1))
        let overWhite = deltaE2000(LabColor(sRGB: 155, green: 155, blue: 155), LabColor(sRGB: 154, green: 154, blue: 154))
        #expect(step.passes && abs(step.largestDeltaE! - overWhite) < 1e-9)
    }

    @Test func summaryStatesThresholdAndLargest() {
        let b = changing(a, at: [(1, 1), (2, 2)]) { RGBA8(r: $0.r, g: $0.g, b: 250, a: $0.a) }
        let result = ImageDiff.compare(a, b, tolerance: .perceptual(deltaE: 2, allowedFraction: 0.001))
        let largest = String(format: "%.1f", result.largestDeltaE!)
        #expect(result.passes)
        #expect(result.summary == "2 of 10 000 pixels (0.02 %) differ by more than ΔE 2.0 (largest ΔE \(largest)); allowed 0.10 % (10 pixels)")
        let quarter = ImageDiff.compare(a, b, tolerance: .perceptual(deltaE: 0.25))
        #expect(quarter.summary.contains("by more than ΔE 0.25 ("))
    }
}

@Suite struct AllowedFractions {
    /// `count` pixels of a width × height image changed by 5 in red, row by row.
    func pair(_ width: Int, _ height: Int, changed count: Int) -> (PixelBuffer, PixelBuffer) {
        let a = scene(width, height)
        return (a, changing(a, at: (0..<count).map { ($0 % width, $0 / width) }) { RGBA8(r: $0.r + 5, g: $0.g, b: $0.b, a: $0.a) })
    }

    @Test(arguments: [SnapshotTolerance.channel(0, allowedFraction: 0.01), .perceptual(deltaE: 0.1, allowedFraction: 0.01)])
    func exactlyAtTheFractionPassesOneMoreFails(_ tolerance: SnapshotTolerance) {
        let (a, ten) = pair(100, 10, changed: 10)
        let (_, eleven) = pair(100, 10, changed: 11)
        #expect(ImageDiff.compare(a, ten, tolerance: tolerance).passes)
        #expect(!ImageDiff.compare(a, eleven, tolerance: tolerance).passes)
    }

    @Test func fractionsThatAreNotBinaryExactStillCountWhole() {
        // 0.003 × 1 000 = 3 and 0.001 × 120 000 = 120: no rounding of the fraction loses a pixel.
        #expect(SnapshotTolerance.channel(0, allowedFraction: 0.003).allowedPixelCount(of: 1000) == 3)
        #expect(SnapshotTolerance.channel(0, allowedFraction: 0.001).allowedPixelCount(of: 120_000) == 120)
        #expect(SnapshotTolerance.channel(0, allowedFraction: 0.07).allowedPixelCount(of: 100) == 7)
        #expect(SnapshotTolerance.channel(0, allowedFraction: 1).allowedPixelCount(of: 5) == 5)
        #expect(SnapshotTolerance.exact.allowedPixelCount(of: 5) == 0)
        let (a, three) = pair(100, 10, changed: 3)
        let (_, four) = pair(100, 10, changed: 4)
        #expect(ImageDiff.compare(a, three, tolerance: .channel(0, allowedFraction: 0.003)).passes)
        #expect(!ImageDiff.compare(a, four, tolerance: .channel(0, allowedFraction: 0.003)).passes)
    }

    @Test func atTheBoundaryTheSummaryShowsWhyOneFailed() {
        let tolerance = SnapshotTolerance.channel(0, allowedFraction: 0.001)
        let (a, at) = pair(400, 300, changed: 120)
        let (_, over) = pair(400, 300, changed: 121)
        let passing = ImageDiff.compare(a, at, tolerance: tolerance)
        let failing = ImageDiff.compare(a, over, tolerance: tolerance)
        #expect(passing.passes && !failing.passes)
        #expect(passing.summary == "120 of 120 000 pixels (0.10 %) differ by more than 0 in a channel (largest 5); allowed 0.10 % (120 pixels)")
        #expect(failing.summary == "121 of 120 000 pixels (0.101 %) differ by more than 0 in a channel (largest 5); allowed 0.100 % (120 pixels)")
    }
}

@Suite struct SizeMismatches {
    @Test func aNarrowerImageFailsWhateverTheToleranceAndSaysItsSize() {
        let expected = scene(100, 213), actual = scene(98, 213)
        let result = ImageDiff.compare(expected, actual, tolerance: .channel(255, allowedFraction: 1))
        #expect(!result.passes)
        #expect(result.sizeMismatch == SizeMismatch(expectedWidth: 100, expectedHeight: 213, actualWidth: 98, actualHeight: 213))
        #expect(result.summary == "size 98×213 instead of 100×213")
        // The union: the common part is equal, the 2-pixel band only `expected` has differs.
        #expect(result.totalPixelCount == 100 * 213 && result.differingPixelCount == 2 * 213)
        #expect(result.changedRegion == PixelRegion(x: 98, y: 0, width: 2, height: 213))
    }

    @Test func differentInBothDirectionsCoversTheUnionRectangle() {
        let result = ImageDiff.compare(scene(10, 20), scene(20, 10))
        #expect(result.totalPixelCount == 400 && result.differingPixelCount == 400 - 100)
        #expect(result.changedRegion == PixelRegion(x: 0, y: 0, width: 20, height: 20))
        #expect(ImageDiff.compare(PixelBuffer(width: 0, height: 0), PixelBuffer(width: 0, height: 0)).passes)
    }
}

@Suite struct FastPath {
    /// A phone-sized frame (iPhone 15 Pro, 3×) with a pattern, and a byte-equal copy in its own memory.
    @Test func equalPhoneFramesAreOneByteCompare() {
        var a = PixelBuffer(width: 1179, height: 2556)
        a.bytes.withUnsafeMutableBytes { raw in
            for i in stride(from: 0, to: raw.count, by: 4) {
                raw[i] = UInt8(truncatingIfNeeded: i >> 4); raw[i + 1] = UInt8(truncatingIfNeeded: i >> 12)
                raw[i + 2] = 90; raw[i + 3] = 255
            }
        }
        var b = a
        b.bytes[0] = a.bytes[0]   // copy-on-write: b now has storage of its own
        #expect(storageAddress(of: a) != storageAddress(of: b))
        for tolerance in [SnapshotTolerance.exact, .channel(2), .perceptual(deltaE: 1)] {
            let result = ImageDiff.compare(a, b, tolerance: tolerance)
            #expect(result.passes && result.pixelsExamined == 0)
        }
        // One changed pixel: one row examined, the rest skipped by row compares.
        b[600, 2000] = RGBA8(r: 0, g: 0, b: 0, a: 255)
        let one = ImageDiff.compare(a, b)
        #expect(one.differingPixelCount == 1 && one.pixelsExamined == 1179)
    }
}

@Suite struct ToleranceValidation {
    @Test func descriptionsAndEquality() {
        #expect(SnapshotTolerance.exact.description == "exact")
        #expect(SnapshotTolerance.channel(3, allowedFraction: 0.002).description == "channel difference over 3, allowed 0.20 %")
        #expect(SnapshotTolerance.perceptual(deltaE: 2.5).description == "ΔE over 2.5")
        #expect(SnapshotTolerance.channel(3) == .channel(3) && SnapshotTolerance.channel(3) != .channel(3, allowedFraction: 0.1))
        #expect(SnapshotTolerance.exact.criterion == .anyByte && SnapshotTolerance.exact.allowedFraction == 0)
    }

    static func message(_ result: ExitTest.Result) -> String { String(decoding: result.standardErrorContent, as: UTF8.self) }

    @Test func negativeChannelBound() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = SnapshotTolerance.channel(-1)
        }
        #expect(Self.message(result).contains("maxDifference must be 0 or more, not -1"))
    }

    @Test func negativeDeltaE() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = SnapshotTolerance.perceptual(deltaE: -0.5)
        }
        #expect(Self.message(result).contains("deltaE must be a finite value of 0 or more, not -0.5"))
    }

    @Test func fractionAboveOne() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = SnapshotTolerance.channel(0, allowedFraction: 5)
        }
        #expect(Self.message(result).contains("allowedFraction is a fraction of the pixels, 0…1 (0.001 = 0.1 %), not 5.0"))
    }
}
