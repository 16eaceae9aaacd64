import Foundation
import Raster
import Testing
@testable import Media
import TestSupport

/// GIFSink's palette, dither and frame differences: what a decoder shows against the frames that went
/// in (PSNR floors measured on these clips), the file's structure, determinism, and the edge cases.
@Suite struct GIFQualityTests {
    /// A clip like a card transition, at an odd size: a two-way gradient card (far more colours
    /// than a palette holds) grows over a white list with grey "text" strokes, while a black dimming layer fades
    /// in over the list; the last three frames are the same picture.
    static func transitionFrames(width: Int = 61, height: Int = 47, count: Int = 12) -> [PixelBuffer] {
        (0..<count).map { i in
            let t = Double(min(i, count - 3)) / Double(count - 3)
            let cardX = Int(20 * (1 - t)), cardY = Int(14 * (1 - t))
            let cardW = 21 + Int(Double(width - 21) * t), cardH = 19 + Int(Double(height - 19) * t)
            let dim = 0.4 * t
            return makeImage(width: width, height: height) { x, y in
                if x >= cardX && x < cardX + cardW && y >= cardY && y < cardY + cardH {
                    let u = Double(x - cardX) / Double(cardW), v = Double(y - cardY) / Double(cardH)
                    return (UInt8(255 - 140 * u), UInt8(60 + 150 * v), UInt8(40 + 90 * (u + v)), 255)
                }
                let text = y % 8 < 2 && x % 13 < 9 && x > 3
                let base: Double = text ? 40 : 255
                let v = UInt8((base * (1 - dim)).rounded())
                return (v, v, text ? v : UInt8((250 * (1 - dim)).rounded()), 255)
            }
        }
    }

    static func encode(_ frames: [PixelBuffer], fps: Int = 30, in scratch: TemporaryDirectory, name: String = "clip.gif") throws -> [UInt8] {
        let url = scratch.path(name)
        let sink = try GIFSink(file: url, framesPerSecond: fps)
        for frame in frames { try sink.append(frame) }
        try sink.finish()
        return [UInt8](try Data(contentsOf: url))
    }

    /// PSNR of the RGB of `canvas` (opaque RGBA) against premultiplied `source`, i.e. over black.
    static func psnr(_ canvas: [UInt8], _ source: PixelBuffer) -> Double {
        var sum = 0.0
        for i in 0..<source.width * source.height {
            for c in 0..<3 {
                let d = Double(canvas[4 * i + c]) - Double(source.bytes[4 * i + c])
                sum += d * d
            }
        }
        let mse = sum / Double(3 * source.width * source.height)
        return mse == 0 ? 99 : 10 * log10(255 * 255 / mse)
    }

    @Test func everyFrameIsCloseToItsSourceAndFFmpegAgrees() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let frames = Self.transitionFrames()
        let gif = try DecodedGIF(try Self.encode(frames, in: scratch))
        // Frames 9–11 are one picture, shown 10 cs.
        #expect(gif.frames.count == 10)
        #expect(gif.frames.map(\.delay) == [3, 4, 3, 3, 4, 3, 3, 4, 3, 10])
        #expect(gif.loops)
        var values: [Double] = []
        for (index, frame) in frames.enumerated() {
            let shown = gif.frames[min(index, 9)].canvas
            values.append(Self.psnr(shown, frame))
        }
        // Measured: 38.1–46.7 dB, mean 41.2 dB (falling as the gradient card grows and the dimming deepens).
        #expect(values.allSatisfy { $0 >= 37.5 }, "\(values)")
        #expect(values.reduce(0, +) / Double(values.count) >= 40.5, "\(values)")
        // FFmpeg's decoder shows the same pictures as this test's decoder.
        for index in [0, 5, 9] {
            let decoded = try VideoInfo.decodeFrame(scratch.path("clip.gif"), index: index)
            #expect(decoded.bytes == gif.frames[index].canvas, "frame \(index)")
        }
    }

    @Test func laterFramesAreTheChangedRectangleOverTheKeptPicture() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let gif = try DecodedGIF(try Self.encode(Self.transitionFrames(), in: scratch))
        #expect(gif.palette.count == 256)
        #expect(gif.frames[0].rect == (0, 0, 61, 47))
        var previous = gif.frames[0].canvas
        for frame in gif.frames {
            // Disposal 1 (keep), index 255 transparent, no local palette.
            #expect(frame.disposal == 1 && frame.transparentIndex == 255 && !frame.hasLocalPalette)
            guard frame.rect != gif.frames[0].rect || frame.canvas != gif.frames[0].canvas else { continue }
            // The rectangle is tight: each of its edges has a pixel that changed.
            let (x0, y0, w, h) = frame.rect
            func changed(_ x: Int, _ y: Int) -> Bool {
                let i = 4 * (y * gif.width + x)
                return frame.canvas[i..<i + 4] != previous[i..<i + 4]
            }
            #expect((x0..<x0 + w).contains { changed($0, y0) } && (x0..<x0 + w).contains { changed($0, y0 + h - 1) })
            #expect((y0..<y0 + h).contains { changed(x0, $0) } && (y0..<y0 + h).contains { changed(x0 + w - 1, $0) })
            previous = frame.canvas
        }
    }

    @Test func theSameClipGivesTheSameBytesOnEveryRunAndThread() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let frames = Self.transitionFrames(width: 83, height: 64, count: 9)
        let reference = try Self.encode(frames, in: scratch, name: "reference.gif")
        let copies = try await withThrowingTaskGroup(of: [UInt8].self) { group in
            for k in 0..<3 { group.addTask { try Self.encode(frames, in: scratch, name: "copy-\(k).gif") } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(copies.count == 3 && copies.allSatisfy { $0 == reference })
    }

    @Test func edgeCasesDecodeToTheirSources() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        // One pixel, one frame: 3 cs at 30 fps.
        let one = try DecodedGIF(try Self.encode([solid(1, 1, 10, 200, 30)], in: scratch, name: "one.gif"))
        #expect(one.frames.count == 1 && one.frames[0].delay == 3 && one.frames[0].canvas == [10, 200, 30, 255])
        // Identical frames: one frame shown for the whole clip (5 frames at 25 fps = 20 cs).
        let still = makeImage(width: 3, height: 5) { x, y in (UInt8(60 * x), UInt8(50 * y), 90, 255) }
        let merged = try DecodedGIF(try Self.encode(Array(repeating: still, count: 5), fps: 25, in: scratch, name: "still.gif"))
        #expect(merged.frames.count == 1 && merged.frames[0].delay == 20 && merged.frames[0].canvas == still.bytes)
        // Fully transparent frames show as black (a translucent pixel is its colour over black), then a colour.
        let clear = PixelBuffer(width: 7, height: 2)
        let fade = try DecodedGIF(try Self.encode([clear, clear, solid(7, 2, 0, 0, 120, 120)], in: scratch, name: "clear.gif"))
        #expect(fade.frames.count == 2)
        #expect(fade.frames[0].canvas == [UInt8](repeating: 0, count: 7 * 2).flatMap { _ in [0, 0, 0, 255] as [UInt8] })
        #expect(fade.frames[1].canvas == [UInt8](repeating: 0, count: 7 * 2).flatMap { _ in [0, 0, 120, 255] as [UInt8] })
    }

    @Test func flatFillsKeepTheirColoursBesideARampThePaletteCannotHold() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        // A flat blue panel and white page beside a smooth ramp of ~700 colours: the palette cannot hold
        // the ramp, but the flat fills have their own entries and map exactly, without dither dots.
        let frame = makeImage(width: 90, height: 40) { x, y in
            if x < 30 { return (0, 122, 255, 255) }
            if x < 50 { return (255, 255, 255, 255) }
            let u = x - 50 + 40 * y / 40
            return (UInt8(40 + 4 * u % 200), UInt8(200 - (3 * u + y) % 150), UInt8((7 * y + u) % 256), 255)
        }
        let gif = try DecodedGIF(try Self.encode([frame], in: scratch))
        let canvas = gif.frames[0].canvas
        for y in 0..<40 {
            for x in 0..<50 {
                let i = 4 * (y * 90 + x)
                #expect(canvas[i..<i + 4] == frame.bytes[i..<i + 4], "(\(x), \(y))")
            }
        }
    }

    @Test func nearestSearchMatchesBruteForce() {
        var rng = SplitMix64(seed: 24)
        for size in [1, 2, 17, 255] {
            // Random palettes with repeated greens and duplicate entries (ties go to the lowest index).
            var palette = (0..<size).map { _ in GIFColor(red: Int(rng.next() % 256), green: Int(rng.next() % 8) * 32, blue: Int(rng.next() % 256)) }
            if size > 2 { palette[size - 1] = palette[0] }
            let search = GIFNearest(palette)
            for _ in 0..<2000 {
                let r = Int(rng.next() % 256), g = Int(rng.next() % 256), b = Int(rng.next() % 256)
                var best = 0
                for j in palette.indices where GIFMetric.distance(r, g, b, palette[j]) < GIFMetric.distance(r, g, b, palette[best]) { best = j }
                #expect(search.nearest(r, g, b) == best)
            }
        }
    }

    @Test func reusingUnchangedPixelsGivesTheSameIndicesAsMappingAfresh() {
        var rng = SplitMix64(seed: 7)
        let palette = (0..<255).map { _ in GIFColor(red: Int(rng.next() % 256), green: Int(rng.next() % 256), blue: Int(rng.next() % 256)) }
        var fresh = PaletteMapper(palette: palette), reusing = PaletteMapper(palette: palette)
        var previous: [UInt8]?, previousIndices: [UInt8]?
        var frame = randomPremultipliedBuffer(width: 37, height: 23, using: &rng)
        for _ in 0..<6 {
            // Change a random block and a few scattered pixels.
            let x0 = Int(rng.next() % 30), y0 = Int(rng.next() % 18)
            for y in y0..<y0 + 5 { for x in x0..<x0 + 7 { for c in 0..<4 { frame.bytes[4 * (y * 37 + x) + c] = UInt8(truncatingIfNeeded: rng.next()) } } }
            for _ in 0..<20 { frame.bytes[Int(rng.next() % UInt64(frame.bytes.count))] ^= 0x55 }
            let expected = fresh.indices(of: frame.bytes, width: 37, height: 23)
            let indices = reusing.indices(of: frame.bytes, width: 37, height: 23, previous: previous, previousIndices: previousIndices)
            #expect(indices == expected)
            previous = frame.bytes
            previousIndices = indices
        }
    }

    @Test func theDitherIsStableAndLeavesExactColoursAlone() {
        let palette: [GIFColor] = [GIFColor(red: 0, green: 0, blue: 0), GIFColor(red: 200, green: 200, blue: 200), GIFColor(red: 255, green: 0, blue: 0)]
        // A palette colour maps to itself; a colour within the tolerance too.
        var mapper = PaletteMapper(palette: palette)
        #expect(mapper.mix(palette[1], nearest: 1) == 1 | 1 << 8)
        #expect(mapper.mix(GIFColor(red: 201, green: 199, blue: 200), nearest: 1) == 1 | 1 << 8)
        // Mid-grey between black and light grey: about half of the 8×8 cells take each.
        let grey = [UInt8](repeating: 0, count: 16 * 16).indices.flatMap { _ in [100, 100, 100, 255] as [UInt8] }
        let indices = mapper.indices(of: grey, width: 16, height: 16)
        let light = indices.filter { $0 == 1 }.count, dark = indices.filter { $0 == 0 }.count
        #expect(light + dark == 256 && abs(light - dark) <= 16)
        // The pattern is fixed to the canvas: each 8×8 tile is the same.
        for y in 0..<16 { for x in 0..<16 { #expect(indices[y * 16 + x] == indices[(y % 8) * 16 + x % 8]) } }
    }
}
