import Foundation
import Raster
import Testing
@testable import Media

/// A fresh directory under the system temporary directory, removed by `cleanUp()`.
struct Scratch {
    let url: URL
    init(_ name: String = #function) throws {
        let safe = name.filter { $0.isLetter || $0.isNumber }
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("MediaTests-\(safe)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    func path(_ component: String) -> URL { url.appendingPathComponent(component) }
    func cleanUp() { try? FileManager.default.removeItem(at: url) }
    /// Names in the scratch directory containing ".partial-".
    func partials(in directory: URL? = nil) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: (directory ?? url).path)) ?? []
        return names.filter { $0.contains(".partial-") }
    }
}

/// An image built pixel by pixel (bytes set directly: only Raster's init is used).
func makeImage(width: Int, height: Int, _ pixel: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> PixelBuffer {
    var image = PixelBuffer(width: width, height: height)
    for y in 0..<height {
        for x in 0..<width {
            let (r, g, b, a) = pixel(x, y)
            let i = (y * width + x) * 4
            image.bytes[i] = r; image.bytes[i + 1] = g; image.bytes[i + 2] = b; image.bytes[i + 3] = a
        }
    }
    return image
}

func solid(_ width: Int, _ height: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) -> PixelBuffer {
    makeImage(width: width, height: height) { _, _ in (r, g, b, a) }
}

func pixel(_ image: PixelBuffer, _ x: Int, _ y: Int) -> [Int] {
    let i = (y * image.width + x) * 4
    return image.bytes[i..<(i + 4)].map(Int.init)
}

/// A deterministic pseudo-random byte stream.
struct LCG {
    var state: UInt64
    mutating func next() -> UInt8 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return UInt8(truncatingIfNeeded: state >> 33)
    }
}

func readBytes(_ url: URL) throws -> [UInt8] { [UInt8](try Data(contentsOf: url)) }
func writeBytes(_ bytes: [UInt8], _ url: URL) throws { try Data(bytes).write(to: url) }

func errorText(_ body: () throws -> Void) -> String? {
    do { try body(); return nil } catch { return "\(error)" }
}

/// nil when equal, else where two images first differ (short enough for a test failure message).
func difference(_ a: PixelBuffer, _ b: PixelBuffer) -> String? {
    guard a.width == b.width, a.height == b.height else { return "size \(a.width)×\(a.height) vs \(b.width)×\(b.height)" }
    guard let i = a.bytes.indices.first(where: { a.bytes[$0] != b.bytes[$0] }) else { return nil }
    let p = i / 4, x = p % a.width, y = p / a.width
    return "first difference at (\(x), \(y)): \(pixel(a, x, y)) vs \(pixel(b, x, y))"
}
