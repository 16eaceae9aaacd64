import Foundation
import Raster
import Testing
@testable import Media
import TestSupport

@Suite struct PNGCodecTests {
    @Test func opaqueRoundTripIsExact() throws {
        var random = ByteLCG(seed: 1)
        let image = makeImage(width: 37, height: 23) { _, _ in (random.next(), random.next(), random.next(), 255) }
        let decoded = try PNGCodec.decode(try PNGCodec.encode(image))
        #expect(decoded.width == 37 && decoded.height == 23)
        #expect(pixelDifference(decoded, image) == nil)
    }

    /// Every valid premultiplied (colour ≤ alpha) pair survives un-premultiply → PNG → premultiply.
    @Test func translucentRoundTripIsExactForEveryPremultipliedValue() throws {
        var values: [(UInt8, UInt8)] = []
        for a in 0...255 { for c in 0...a { values.append((UInt8(c), UInt8(a))) } }
        #expect(values.count == 257 * 128)
        let image = makeImage(width: 257, height: 128) { x, y in
            let (c, a) = values[y * 257 + x]
            return (c, a - c, c / 2, a)
        }
        let decoded = try PNGCodec.decode(try PNGCodec.encode(image))
        #expect(pixelDifference(decoded, image) == nil)
    }

    @Test func premultiplicationRounding() throws {
        // Un-premultiply rounds to nearest (half up): 64·255/128 = 127.5 → 128, 32·255/128 = 63.75 → 64.
        #expect(PNGCodec.unpremultiply(64, alpha: 128) == 128)
        #expect(PNGCodec.unpremultiply(32, alpha: 128) == 64)
        #expect(PNGCodec.unpremultiply(1, alpha: 3) == 85)
        #expect(PNGCodec.unpremultiply(200, alpha: 100) == 255)  // invalid input clamps
        // Premultiply rounds to nearest: 128·128/255 = 64.25 → 64, 1·128/255 = 0.502 → 1, 1·127/255 → 0.
        #expect(PNGCodec.premultiply(128, alpha: 128) == 64)
        #expect(PNGCodec.premultiply(1, alpha: 128) == 1)
        #expect(PNGCodec.premultiply(1, alpha: 127) == 0)
        #expect(PNGCodec.premultiply(255, alpha: 255) == 255)

        // What the file holds is straight alpha; a = 0 is stored as 0,0,0,0 whatever the colour bytes were.
        let image = makeImage(width: 3, height: 1) { x, _ in
            [(64, 32, 0, 128), (10, 20, 30, 0), (255, 1, 0, 255)][x]
        }
        let png = try PNGCodec.encode(image)
        let stored = try PNGCodec.decodeStraight(png, source: "test")
        #expect(stored.pixels == [128, 64, 0, 128, 0, 0, 0, 0, 255, 1, 0, 255])
        let decoded = try PNGCodec.decode(png)
        #expect(pixel(decoded, 0, 0) == [64, 32, 0, 128])
        #expect(pixel(decoded, 1, 0) == [0, 0, 0, 0])
        #expect(pixel(decoded, 2, 0) == [255, 1, 0, 255])
    }

    @Test func encodingIsDeterministic() throws {
        var random = ByteLCG(seed: 7)
        let image = makeImage(width: 64, height: 40) { _, _ in
            let a = random.next() | 1
            return (random.next() % a, random.next() % a, random.next() % a, a)
        }
        let first = try PNGCodec.encode(image)
        let second = try PNGCodec.encode(image)
        var copy = PixelBuffer(width: 64, height: 40)
        copy.bytes = image.bytes
        let third = try PNGCodec.encode(copy)
        #expect(first == second)
        #expect(first == third)
        #expect(Array(first.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }

    /// IHDR colour type (byte 25): 2 = RGB, 6 = RGBA.
    @Test func opaqueImagesAreRGBAndTranslucentOnesRGBA() throws {
        let opaque = solid(50, 50, 10, 200, 30)
        var translucent = opaque
        translucent.bytes[4 * 1234 + 3] = 254
        let rgb = try PNGCodec.encode(opaque)
        let rgba = try PNGCodec.encode(translucent)
        #expect(rgb[25] == 2)
        #expect(rgba[25] == 6)
        #expect(rgb[24] == 8 && rgba[24] == 8)  // bit depth
        #expect(try PNGCodec.decode(rgba) == translucent)
        #expect(try PNGCodec.decode(rgb) == opaque)
    }

    @Test func corruptDataIsRejected() throws {
        let notPNG = Array("hello, this is not a PNG file at all".utf8)
        let error = #expect(throws: MediaError.self) { try PNGCodec.decode(notPNG) }
        #expect(error?.description.contains("not a readable PNG") == true)
        #expect(error?.description.contains("libpng") == true)

        let empty = #expect(throws: MediaError.self) { try PNGCodec.decode([]) }
        #expect(empty?.description.contains("not a readable PNG") == true)

        // A damaged image-data chunk (CRC mismatch / bad zlib stream).
        var random = ByteLCG(seed: 3)
        var png = try PNGCodec.encode(makeImage(width: 40, height: 40) { _, _ in (random.next(), random.next(), 0, 255) })
        for i in (png.count - 60)..<(png.count - 30) { png[i] ^= 0x5A }
        let damaged = #expect(throws: MediaError.self) { try PNGCodec.decode(png) }
        #expect(damaged?.description.contains("not a readable PNG") == true)
        #expect(damaged?.description.contains("libpng:") == true)
    }

    @Test func truncatedDataIsRejected() throws {
        var random = ByteLCG(seed: 5)
        let png = try PNGCodec.encode(makeImage(width: 40, height: 40) { _, _ in (random.next(), random.next(), 0, 255) })
        for length in [png.count / 2, 30, 8] {
            let error = #expect(throws: MediaError.self) { try PNGCodec.decode(Array(png.prefix(length))) }
            #expect(error?.description.contains("not a readable PNG") == true, "truncated to \(length) bytes")
        }
    }

    @Test func fileErrorsNameThePath() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let missing = scratch.path("nowhere/missing.png")
        let error = #expect(throws: MediaError.self) { try PNGCodec.decode(contentsOf: missing) }
        #expect(error?.description.contains(missing.path) == true)
        #expect(error?.description.contains("no such file") == true)

        let corrupt = scratch.path("corrupt.png")
        try writeBytes(Array("GIF89a not really".utf8), corrupt)
        let corruptError = #expect(throws: MediaError.self) { try PNGCodec.decode(contentsOf: corrupt) }
        #expect(corruptError?.description.contains(corrupt.path) == true)
        #expect(corruptError?.description.contains("not a readable PNG") == true)

        let good = scratch.path("good.png")
        let image = solid(5, 4, 1, 2, 3)
        try writeBytes(try PNGCodec.encode(image), good)
        #expect(try PNGCodec.decode(contentsOf: good) == image)
    }
}
