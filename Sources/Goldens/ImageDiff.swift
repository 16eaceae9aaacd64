import Foundation
import Raster

/// Comparing two images and drawing their differences for failure reports.
///
/// `package`, not public: it takes and returns Raster's `PixelBuffer`, which no product offers; users meet
/// it through `SnapshotTolerance` and `ImageComparison`.
///
/// Alpha in perceptual comparisons: each pixel is composited over black and over white (in encoded
/// values, as Raster blends) and the pixel's ΔE is the larger of the two. A transparent pixel is seen
/// over *something*; the difference between the two composites is linear in the background's level, so
/// it is largest over one of those two extremes, and two pixels whose composites agree over both black
/// and white are byte-identical (over black gives the premultiplied colour, over white adds 255 − α), so
/// no alpha change can hide. Opaque pixels take one conversion.
package enum ImageDiff {
    /// Measures how `actual` differs from `expected` and decides against `tolerance`.
    package static func compare(_ expected: PixelBuffer, _ actual: PixelBuffer,
                                tolerance: SnapshotTolerance = .exact) -> ImageComparison {
        checkSize(expected); checkSize(actual)
        var judge = PixelJudge(tolerance)
        var differing = 0, changed = 0, largestChannel = 0
        var largestDeltaE: Double? = judge.measuresDeltaE ? 0 : nil
        var box = BoundingBox()
        let examined = forEachChangedPixel(expected, actual) { x, y, e, a in
            let verdict = judge.judge(e, a)
            changed += 1
            if verdict.counts { differing += 1 }
            largestChannel = Swift.max(largestChannel, verdict.channel)
            if let d = verdict.deltaE { largestDeltaE = Swift.max(largestDeltaE ?? 0, d) }
            box.add(x, y)
        }
        var mismatch: SizeMismatch? = nil
        var total = expected.width * expected.height
        if expected.width != actual.width || expected.height != actual.height {
            mismatch = SizeMismatch(expectedWidth: expected.width, expectedHeight: expected.height,
                                    actualWidth: actual.width, actualHeight: actual.height)
            // Both top-left aligned: the union is the rectangle around both, and its pixels outside the
            // common part (which one image lacks) count as differing.
            let w = Swift.max(expected.width, actual.width), h = Swift.max(expected.height, actual.height)
            let cw = Swift.min(expected.width, actual.width), ch = Swift.min(expected.height, actual.height)
            total = w * h
            let outside = total - cw * ch
            differing += outside; changed += outside
            if cw < w { box.add(cw, 0); box.add(w - 1, h - 1) }   // the band on the right
            if ch < h { box.add(0, ch); box.add(w - 1, h - 1) }   // the band along the bottom
        }
        return ImageComparison(tolerance: tolerance, differingPixelCount: differing, totalPixelCount: total,
                               changedPixelCount: changed, largestChannelDifference: largestChannel,
                               largestDeltaE: largestDeltaE, changedRegion: box.region, sizeMismatch: mismatch,
                               pixelsExamined: examined)
    }

    /// Calls `body` for every pixel of the common area whose bytes differ, with the two pixel words; equal
    /// rows (the whole image when the sizes agree) are skipped with one byte compare. Returns how many
    /// pixels were looked at one by one. Raster walks the memory.
    @discardableResult
    static func forEachChangedPixel(_ expected: PixelBuffer, _ actual: PixelBuffer,
                                    _ body: (_ x: Int, _ y: Int, _ expected: UInt32, _ actual: UInt32) -> Void) -> Int {
        PixelBuffer.forEachDifferingPixel(expected, actual, body)
    }

    static func checkSize(_ image: PixelBuffer) {
        precondition(image.bytes.count == image.width * image.height * 4,
                     "PixelBuffer \(image.width)×\(image.height) holds \(image.bytes.count) bytes, not \(image.width * image.height * 4)")
    }
}

/// Decides for one pair of pixel words (r in the low byte, as Raster packs them).
struct PixelJudge {
    let tolerance: SnapshotTolerance
    /// The last pair's ΔE: changed pixels come in runs of one colour pair (a moved edge, a recoloured
    /// fill), and ΔE is the costly part.
    private var last: (e: UInt32, a: UInt32, deltaE: Double)?
    init(_ tolerance: SnapshotTolerance) { self.tolerance = tolerance }

    var measuresDeltaE: Bool {
        if case .perceptual = tolerance.criterion { return true }
        return false
    }

    /// The largest channel difference, ΔE when the tolerance is perceptual, and whether the pair counts
    /// as differing. Only called for words that differ.
    @inline(__always)
    mutating func judge(_ e: UInt32, _ a: UInt32) -> (channel: Int, deltaE: Double?, counts: Bool) {
        let channel = largestChannelDifference(e, a)
        switch tolerance.criterion {
        case .anyByte:
            return (channel, nil, true)
        case .channel(let k):
            return (channel, nil, channel > k)
        case .perceptual(let threshold):
            let d: Double
            if let last, last.e == e, last.a == a { d = last.deltaE } else {
                d = perceptualDifference(e, a)
                last = (e, a, d)
            }
            return (channel, d, d > threshold)
        }
    }
}

@inline(__always)
func byte(_ w: UInt32, _ i: Int) -> Int { Int((w >> (8 * UInt32(i))) & 0xFF) }

@inline(__always)
func largestChannelDifference(_ e: UInt32, _ a: UInt32) -> Int {
    var m = 0
    for i in 0..<4 { m = Swift.max(m, abs(byte(e, i) - byte(a, i))) }
    return m
}

/// ΔE₀₀ of two premultiplied pixels: the larger of the differences over black and over white (see
/// `ImageDiff`).
func perceptualDifference(_ e: UInt32, _ a: UInt32) -> Double {
    func overBlack(_ w: UInt32) -> LabColor {
        LabColor(sRGB: UInt8(byte(w, 0)), green: UInt8(byte(w, 1)), blue: UInt8(byte(w, 2)))
    }
    let black = deltaE2000(overBlack(e), overBlack(a))
    if byte(e, 3) == 255 && byte(a, 3) == 255 { return black }
    func overWhite(_ w: UInt32) -> LabColor {
        let clear = Double(255 - byte(w, 3))
        return LabColor(sRGBComponents: (Double(byte(w, 0)) + clear) / 255, green: (Double(byte(w, 1)) + clear) / 255,
                        blue: (Double(byte(w, 2)) + clear) / 255)
    }
    return Swift.max(black, deltaE2000(overWhite(e), overWhite(a)))
}

/// The smallest rectangle around the pixels added.
struct BoundingBox {
    var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
    mutating func add(_ x: Int, _ y: Int) {
        minX = Swift.min(minX, x); minY = Swift.min(minY, y); maxX = Swift.max(maxX, x); maxY = Swift.max(maxY, y)
    }
    var region: PixelRegion? {
        minX > maxX ? nil : PixelRegion(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}
