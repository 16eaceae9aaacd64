// TEMPORARY stand-in until the comparison engine lands; same signatures.
import Raster

public struct SnapshotTolerance: Sendable, Equatable {
    var maxChannel: Int
    var allowedFraction: Double
    public static let exact = SnapshotTolerance(maxChannel: 0, allowedFraction: 0)
    public static func channel(_ maxDifference: Int, allowedFraction: Double = 0) -> SnapshotTolerance {
        SnapshotTolerance(maxChannel: maxDifference, allowedFraction: allowedFraction)
    }
}

public struct ImageComparison: Sendable {
    public var passes: Bool
    public var differingPixels: Int
    public var summary: String
}

public enum ImageDiff {
    public static func compare(_ expected: PixelBuffer, _ actual: PixelBuffer, tolerance: SnapshotTolerance) -> ImageComparison {
        guard expected.width == actual.width, expected.height == actual.height else {
            return ImageComparison(passes: false, differingPixels: max(expected.width * expected.height, actual.width * actual.height),
                                   summary: "size \(actual.width)×\(actual.height) instead of \(expected.width)×\(expected.height)")
        }
        if expected.bytes == actual.bytes { return ImageComparison(passes: true, differingPixels: 0, summary: "identical") }
        var over = 0
        for i in stride(from: 0, to: expected.bytes.count, by: 4) {
            var worst = 0
            for c in 0..<4 { worst = max(worst, abs(Int(expected.bytes[i + c]) - Int(actual.bytes[i + c]))) }
            if worst > tolerance.maxChannel { over += 1 }
        }
        let fraction = Double(over) / Double(expected.width * expected.height)
        return ImageComparison(passes: fraction <= tolerance.allowedFraction, differingPixels: over,
                               summary: "\(over) pixels differ by more than \(tolerance.maxChannel)")
    }
    public static func difference(_ expected: PixelBuffer, _ actual: PixelBuffer) -> PixelBuffer { actual }
    public static func heatMap(_ expected: PixelBuffer, _ actual: PixelBuffer, tolerance: SnapshotTolerance) -> PixelBuffer { actual }
    public static func sideBySide(_ images: [PixelBuffer], gap: Int = 16, background: RGBA8 = RGBA8(r: 242, g: 242, b: 247, a: 255)) -> PixelBuffer {
        images[0]
    }
}

import Foundation
import Media
final class APNGSink: FrameSink {
    init(file: URL, framesPerSecond: Int) throws {}
    func append(_ frame: PixelBuffer) throws {}
    func finish() throws {}
    func cancel() {}
}
enum APNG {
    struct Decoded { var frames: [PixelBuffer]; var framesPerSecond: Double? }
    static func decode(contentsOf url: URL) throws -> Decoded { Decoded(frames: [], framesPerSecond: nil) }
}
