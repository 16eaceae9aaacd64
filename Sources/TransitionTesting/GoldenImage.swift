import Foundation
import Raster
import Media

/// When goldens are (re)written, like the iOS snapshot-testing libraries.
public enum GoldenRecordMode: String, Sendable {
    /// Never write: a missing golden fails (the default in CI).
    case never
    /// Write goldens that do not exist yet, compare the rest (the default elsewhere).
    case missing
    /// Rewrite goldens that do not match (after you have looked at the new images).
    case failed
    /// Rewrite every golden.
    case all

    /// `RECORD_GOLDENS=never|missing|failed|all`; otherwise `never` when `CI` is set, else `missing`.
    public static var fromEnvironment: GoldenRecordMode {
        let environment = ProcessInfo.processInfo.environment
        if let value = environment["RECORD_GOLDENS"], let mode = GoldenRecordMode(rawValue: value) { return mode }
        return environment["CI"] != nil ? .never : .missing
    }
}

/// How far an image may stray from its golden.
public struct GoldenTolerance: Sendable {
    /// Largest allowed difference in any channel of any pixel (0 = exact).
    public var maxChannelDifference: Int
    /// Fraction of pixels allowed to exceed `maxChannelDifference`.
    public var allowedPixelFraction: Double
    public init(maxChannelDifference: Int = 0, allowedPixelFraction: Double = 0) {
        self.maxChannelDifference = maxChannelDifference; self.allowedPixelFraction = allowedPixelFraction
    }
    public static let exact = GoldenTolerance()
}

/// A golden comparison that failed, with paths to images that show why.
public struct GoldenMismatch: Error, CustomStringConvertible {
    public let description: String
}

public enum GoldenImage {
    /// Compares `image` with the PNG at `golden`, recording it when the mode says so. On a mismatch it
    /// writes `NAME.expected.png`, `NAME.actual.png` and `NAME.diff.png` (differences magnified) into
    /// `failuresDirectory` and throws an error naming them.
    package static func verify(_ image: PixelBuffer, golden: URL, tolerance: GoldenTolerance = .exact,
                              record: GoldenRecordMode = .fromEnvironment, failuresDirectory: URL) throws {
        let fileManager = FileManager.default
        let exists = fileManager.fileExists(atPath: golden.path)
        if record == .all || (!exists && record != .never) {
            try fileManager.createDirectory(at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(PNGCodec.encode(image)).write(to: golden, options: .atomic)
            return
        }
        guard exists else {
            throw GoldenMismatch(description: "no golden at \(golden.path). Record it with RECORD_GOLDENS=missing after checking the image by eye.")
        }
        let expected = try PNGCodec.decode(contentsOf: golden)
        let comparison = compare(expected, image, tolerance: tolerance)
        guard !comparison.passes else { return }
        if record == .failed {
            try Data(PNGCodec.encode(image)).write(to: golden, options: .atomic)
            return
        }
        try fileManager.createDirectory(at: failuresDirectory, withIntermediateDirectories: true)
        let name = golden.deletingPathExtension().lastPathComponent
        let paths = ["expected": expected, "actual": image, "diff": diffImage(expected, image)].map { kind, picture in
            let url = failuresDirectory.appendingPathComponent("\(name).\(kind).png")
            try? Data(PNGCodec.encode(picture)).write(to: url)
            return url.path
        }
        throw GoldenMismatch(description: "\(name) differs from its golden: \(comparison.summary). See \(paths.sorted().joined(separator: ", ")). If the new image is right, re-record with RECORD_GOLDENS=failed.")
    }

    struct Comparison {
        var passes: Bool
        var summary: String
    }

    static func compare(_ a: PixelBuffer, _ b: PixelBuffer, tolerance: GoldenTolerance) -> Comparison {
        guard a.width == b.width, a.height == b.height else {
            return Comparison(passes: false, summary: "size \(b.width)×\(b.height) instead of \(a.width)×\(a.height)")
        }
        var over = 0, worst = 0
        a.bytes.withUnsafeBufferPointer { x in
            b.bytes.withUnsafeBufferPointer { y in
                var i = 0
                while i < x.count {
                    var pixelWorst = 0
                    for c in 0..<4 { pixelWorst = max(pixelWorst, abs(Int(x[i + c]) - Int(y[i + c]))) }
                    if pixelWorst > tolerance.maxChannelDifference { over += 1 }
                    worst = max(worst, pixelWorst)
                    i += 4
                }
            }
        }
        let fraction = Double(over) / Double(max(a.width * a.height, 1))
        return Comparison(passes: fraction <= tolerance.allowedPixelFraction,
                          summary: "\(over) pixels (\(String(format: "%.4f", fraction * 100)) %) differ by more than \(tolerance.maxChannelDifference), at most \(worst)")
    }

    /// Black where equal; differences ×8 in each channel, opaque.
    static func diffImage(_ a: PixelBuffer, _ b: PixelBuffer) -> PixelBuffer {
        let width = max(a.width, b.width), height = max(a.height, b.height)
        var diff = PixelBuffer(width: width, height: height, fill: RGBA8(r: 0, g: 0, b: 0, a: 255))
        for y in 0..<height {
            for x in 0..<width {
                guard x < a.width, y < a.height, x < b.width, y < b.height else {
                    diff[x, y] = RGBA8(r: 255, g: 0, b: 255, a: 255)
                    continue
                }
                let p = a[x, y], q = b[x, y]
                func d(_ u: UInt8, _ v: UInt8) -> UInt8 { UInt8(min(abs(Int(u) - Int(v)) * 8, 255)) }
                diff[x, y] = RGBA8(r: d(p.r, q.r), g: d(p.g, q.g), b: d(p.b, q.b), a: 255)
            }
        }
        return diff
    }
}
