import Foundation
import Raster
import Testing
@testable import Media
import TestSupport

/// Our PNG writer (zlib with our own filters) against libpng's decoder and a plain reference of each filter.
@Suite struct PNGWriterTests {
    /// Every level and filter decodes (by libpng) to the very pixels written, opaque and translucent,
    /// with odd sizes.
    @Test(arguments: PNGFilter.allCases)
    func everySettingRoundTrips(filter: PNGFilter) throws {
        let translucent = randomPremultipliedBuffer(width: 37, height: 29, seed: 7)
        var rng = SplitMix64(seed: 8)
        let opaque = randomPremultipliedBuffer(width: 41, height: 3, opaque: true, using: &rng)
        // Flat regions and steps, as UI frames have, so every filter gets rows it wins on.
        let flat = makeImage(width: 53, height: 31) { x, y in (UInt8(x / 10 * 40), UInt8(y < 15 ? 200 : 30), UInt8((x + y) % 7), 255) }
        for level in PNGOptions.levelRange {
            let options = try PNGOptions(level: level, filter: filter)
            for image in [translucent, opaque, flat] {
                let bytes = try PNGCodec.encode(image, options: options)
                #expect(try PNGCodec.decode(bytes) == image, "level \(level), \(filter)")
                #expect(try PNGCodec.encode(image, options: options) == bytes, "the same input gives the same bytes")
            }
        }
    }

    /// The filter bytes match the PNG spec's definitions, computed plainly.
    @Test func filtersMatchTheSpec() {
        var random = ByteLCG(seed: 3)
        for bpp in [3, 4] {
            let count = bpp * 17
            // Rows with runs, so that sums tie and differ.
            var row: [UInt8] = [], above: [UInt8] = []
            for i in 0..<count {
                let step = UInt8(i / 7 * 9)
                row.append(i % 5 == 0 ? random.next() : step)
                above.append(random.next())
            }
            func left(_ r: [UInt8], _ i: Int) -> Int { i >= bpp ? Int(r[i - bpp]) : 0 }
            func reference(_ type: Int) -> [UInt8] {
                var out: [UInt8] = [UInt8(type)]
                for i in 0..<count {
                    let a = left(row, i), b = Int(above[i]), c = left(above, i)
                    let predictor: Int
                    switch type {
                    case 0: predictor = 0
                    case 1: predictor = a
                    case 2: predictor = b
                    case 3: predictor = (a + b) / 2
                    default:
                        let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                        predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                    }
                    out.append(UInt8(truncatingIfNeeded: Int(row[i]) - predictor))
                }
                return out
            }
            let out = UnsafeMutablePointer<UInt8>.allocate(capacity: 5 * (count + 1))
            defer { out.deallocate() }
            func run(_ filter: PNGFilter) -> [UInt8] {
                row.withUnsafeBufferPointer { r in above.withUnsafeBufferPointer { u in
                    let chosen = PNGWriter.filter(r.baseAddress!, previous: u.baseAddress!, count: count, bpp: bpp,
                                                  filter: filter, into: out)
                    return Array(UnsafeBufferPointer(start: chosen, count: count + 1))
                } }
            }
            #expect(run(.none) == reference(0))
            #expect(run(.sub) == reference(1))
            #expect(run(.up) == reference(2))
            #expect(run(.paeth) == reference(4))
            // Adaptive: the reference with the smallest sum of |signed byte|, the lowest type on a tie.
            func cost(_ r: [UInt8]) -> Int {
                var sum = 0
                for v in r.dropFirst() { sum += v < 128 ? Int(v) : 256 - Int(v) }
                return sum
            }
            var best = 0
            for type in 1..<5 where cost(reference(type)) < cost(reference(best)) { best = type }
            #expect(run(.adaptive) == reference(best))
        }
    }

    @Test func levelsTradeSizeAndFiltersMatterOnFlatFrames() throws {
        // A UI-like frame: horizontal bands with a gradient inside each.
        let image = makeImage(width: 300, height: 200) { x, y in (UInt8(y / 20 * 25), UInt8(x % 256), 90, 255) }
        let stored = try PNGCodec.encode(image, options: PNGOptions(level: 0, filter: .none))
        let fast = try PNGCodec.encode(image, options: PNGOptions(level: 1, filter: .up))
        let best = try PNGCodec.encode(image, options: PNGOptions(level: 9, filter: .up))
        #expect(stored.count > 300 * 200 * 3, "level 0 stores the rows uncompressed")
        #expect(fast.count < stored.count / 10)
        #expect(best.count <= fast.count)
    }

    /// Output larger than one IDAT chunk (1 MiB) is cut into several, and still decodes.
    @Test func largeImagesSpanSeveralChunks() throws {
        let image = randomPremultipliedBuffer(width: 700, height: 600, seed: 11)
        let bytes = try PNGCodec.encode(image, options: PNGOptions(level: 0, filter: .none))
        let chunks = try APNGChunksForTest.types(bytes)
        #expect(chunks.first == "IHDR" && chunks.last == "IEND")
        #expect(chunks.filter { $0 == "IDAT" }.count >= 2)
        #expect(try PNGCodec.decode(bytes) == image)
    }

    @Test func badLevelsAreRefused() throws {
        for level in [-1, 10, 42] {
            let message = errorText { _ = try PNGOptions(level: level, filter: .up) }
            #expect(message?.contains("PNG compression level \(level) is not supported") == true)
            #expect(message?.contains("from 0") == true && message?.contains("to 9") == true)
        }
        var options = PNGOptions.default
        options.level = 12  // set past init: refused when used, not handed to zlib
        #expect(errorText { _ = try PNGCodec.encode(solid(2, 2, 1, 2, 3), options: options) }?.contains("level 12") == true)
    }
}

/// Chunk types of a PNG, read plainly (length, type, data, CRC).
enum APNGChunksForTest {
    static func types(_ bytes: [UInt8]) throws -> [String] {
        var types: [String] = []
        var i = 8
        while i + 8 <= bytes.count {
            let length = bytes[i..<i + 4].reduce(0) { $0 << 8 | Int($1) }
            types.append(String(decoding: bytes[i + 4..<i + 8], as: UTF8.self))
            i += 12 + length
        }
        return types
    }
}
