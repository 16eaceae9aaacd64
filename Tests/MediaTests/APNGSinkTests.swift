import Foundation
import Raster
import Testing
@testable import Media
import TestSupport

/// APNGSink and the APNG decoder: lossless round trips, exact delays, changed rectangles, merged still
/// frames, atomic output, and clear errors for malformed files.
@Suite struct APNGSinkTests {
    /// A square moving over a two-colour background, holding still for the last three frames.
    static func movingSquare() -> [PixelBuffer] {
        (0..<6).map { i in
            let step = min(i, 3)
            return makeImage(width: 40, height: 30) { x, y in
                if x >= 4 + 8 * step && x < 14 + 8 * step && y >= 10 && y < 20 { return (250, 40, 40, 255) }
                return x < 20 ? (20, 20, 200, 255) : (240, 240, 240, 255)
            }
        }
    }

    static func write(_ frames: [PixelBuffer], fps: Int, to url: URL) throws -> [UInt8] {
        let sink = try APNGSink(file: url, framesPerSecond: fps)
        for frame in frames { try sink.append(frame) }
        try sink.finish()
        return try readBytes(url)
    }

    /// The chunks of a file, for looking at its structure.
    static func chunks(_ bytes: [UInt8]) throws -> [PNGChunk] { try PNGChunks.parse(bytes, source: "test") }
    static func controls(_ bytes: [UInt8]) throws -> [FrameControl] {
        try chunks(bytes).filter { $0.type == "fcTL" }.map { FrameControl($0.data) }
    }
    static func colourType(_ bytes: [UInt8]) throws -> UInt8 { try chunks(bytes)[0].data.dropFirst(9).first! }

    @Test func opaqueFramesRoundTripAsRGBWithChangedRectanglesAndMergedStills() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let input = Self.movingSquare()
        let bytes = try Self.write(input, fps: 30, to: scratch.path("clip.apng"))
        #expect(scratch.partials().isEmpty)
        #expect(try Self.colourType(bytes) == 2, "RGB: every frame is opaque")

        let animation = try APNG.decodeFrames(bytes)
        #expect(animation.width == 40 && animation.height == 30 && animation.loops == 0)
        #expect(animation.frames == Array(input.prefix(4)))
        #expect(animation.delays == [1, 1, 1, 3].map { APNG.Delay(num: $0, den: 30) })
        #expect(try animation.expandedFrames(framesPerSecond: 30) == input)
        #expect(try APNG.decode(bytes) == APNG.Decoded(frames: input, framesPerSecond: 30))

        // Frame 0 is the whole canvas; later frames only the square's old and new places.
        let regions = try Self.controls(bytes).map { [$0.x, $0.y, $0.width, $0.height] }
        #expect(regions == [[0, 0, 40, 30], [4, 10, 18, 10], [12, 10, 18, 10], [20, 10, 18, 10]])
        #expect(try Self.controls(bytes).allSatisfy { $0.dispose == FrameControl.disposeNone && $0.blend == FrameControl.blendSource })
    }

    @Test func translucentFramesRoundTripAsRGBAEvenWhereAFrameIsOpaque() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        var rng = SplitMix64(seed: 7)
        var input = (0..<3).map { _ in randomPremultipliedBuffer(width: 23, height: 17, using: &rng) }
        input.insert(randomPremultipliedBuffer(width: 23, height: 17, opaque: true, using: &rng), at: 1)
        input.append(solid(23, 17, 0, 0, 0, 0))
        // An opaque patch on the clear frame: a changed rectangle that is opaque, still stored as RGBA.
        input.append(makeImage(width: 23, height: 17) { x, y in (5...7).contains(x) && (2...3).contains(y) ? (9, 8, 7, 255) : (0, 0, 0, 0) })
        let bytes = try Self.write(input, fps: 24, to: scratch.path("alpha.apng"))
        #expect(try Self.colourType(bytes) == 6, "RGBA for every frame, the opaque ones too")
        #expect(try Self.controls(bytes).last.map { [$0.x, $0.y, $0.width, $0.height] } == [5, 2, 3, 2])
        let animation = try APNG.decodeFrames(bytes)
        #expect(animation.frames.count == input.count)
        for (index, (decoded, expected)) in zip(animation.frames, input).enumerated() {
            #expect(pixelDifference(decoded, expected) == nil, "frame \(index)")
        }
    }

    /// Frame i starts at exactly i/fps: every delay is 1/fps (frames all differ), so the sum of the
    /// first i delays is i/fps as a fraction, not a rounded number.
    @Test("delays are exactly 1/fps", arguments: [60, 50, 30, 24])
    func delaysAreExact(fps: Int) throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let input = (0..<7).map { solid(4, 3, UInt8(30 * $0), 10, 10) }
        let animation = try APNG.decodeFrames(try Self.write(input, fps: fps, to: scratch.path("clip.apng")))
        #expect(animation.delays == Array(repeating: APNG.Delay(num: 1, den: UInt16(fps)), count: 7))
        // Start times as exact fractions n/d: frame i starts at i/fps.
        var (n, d) = (0, 1)
        for (index, delay) in animation.delays.enumerated() {
            #expect(n * fps == index * d, "frame \(index) starts at \(n)/\(d) s")
            (n, d) = (n * delay.effectiveDenominator + Int(delay.num) * d, d * delay.effectiveDenominator)
        }
        #expect(n * fps == 7 * d)
        #expect(try animation.expandedFrames(framesPerSecond: fps) == input)
    }

    @Test func loopsForeverAndCountsItsStoredFrames() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let input = [solid(5, 5, 1, 2, 3), solid(5, 5, 1, 2, 3), solid(5, 5, 9, 9, 9)]
        let bytes = try Self.write(input, fps: 60, to: scratch.path("clip.apng"))
        let chunks = try Self.chunks(bytes)
        #expect(chunks.map(\.type) == ["IHDR", "sRGB", "acTL", "fcTL", "IDAT", "fcTL", "fdAT", "IEND"])
        let actl = try #require(chunks.first { $0.type == "acTL" })
        #expect(PNGChunks.readBE32(actl.data, 0) == 2, "num_frames: the two identical frames are one")
        #expect(PNGChunks.readBE32(actl.data, 4) == 0, "num_plays 0: forever")
        // Sequence numbers run 0, 1, 2 over fcTL, fcTL, fdAT.
        let numbers = chunks.filter { $0.type == "fcTL" || $0.type == "fdAT" }.map { PNGChunks.readBE32($0.data, 0) }
        #expect(numbers == [0, 1, 2])
        // A plain PNG decoder shows frame 0.
        #expect(try PNGCodec.decode(bytes) == input[0])
        // Delays in different units (60ths, then a den of 0, which means 100ths): no frame rate to expand to.
        let fctl = chunks.filter { $0.type == "fcTL" }[1]
        let mixed = try APNG.decode(Self.patch(bytes, chunkAt: fctl.offset, dataByte: 23, to: 0))
        #expect(mixed.framesPerSecond == nil && mixed.frames == [input[0], input[2]])
    }

    @Test func aStillLongerThanASixteenBitDelayContinuesInAnotherFrame() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let url = scratch.path("long.apng")
        let sink = try APNGSink(file: url, framesPerSecond: 1)
        let still = solid(2, 2, 40, 50, 60)
        for _ in 0..<65_540 { try sink.append(still) }
        try sink.append(solid(2, 2, 0, 0, 0))
        try sink.finish()
        let animation = try APNG.decodeFrames(contentsOf: url)
        #expect(animation.delays == [65_535, 5, 1].map { APNG.Delay(num: $0, den: 1) })
        #expect(animation.frames == [still, still, solid(2, 2, 0, 0, 0)])
    }

    @Test func cancelLeavesNothingAndKeepsAnOldFile() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let url = scratch.path("clip.apng")
        try Data("old".utf8).write(to: url)
        let sink = try APNGSink(file: url, framesPerSecond: 30)
        try sink.append(Self.movingSquare()[0])
        #expect(scratch.partials().count == 1, "the spool")
        sink.cancel()
        sink.cancel()
        #expect(try Data(contentsOf: url) == Data("old".utf8))
        #expect(scratch.partials().isEmpty)
        #expect(throws: MediaError.self) { try sink.append(Self.movingSquare()[0]) }

        // Released without finish: the same.
        do {
            let dropped = try APNGSink(file: url, framesPerSecond: 30)
            try dropped.append(Self.movingSquare()[1])
        }
        #expect(try Data(contentsOf: url) == Data("old".utf8))
        #expect(scratch.partials().isEmpty)
    }

    /// A render that fails part-way (here a frame of the wrong size) is cancelled by the frame loop: the
    /// file from an earlier run stays as it was.
    @Test func aFailureMidwayLeavesAnExistingFileAlone() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let url = scratch.path("clip.apng")
        let before = try Self.write(Self.movingSquare(), fps: 30, to: url)
        let sink = try APNGSink(file: url, framesPerSecond: 30)
        try sink.append(solid(8, 8, 1, 1, 1))
        let message = errorText { try sink.append(solid(9, 8, 1, 1, 1)) }
        #expect(message?.contains("all frames must have one size") == true, "\(message ?? "")")
        sink.cancel()
        #expect(try readBytes(url) == before)
        #expect(scratch.partials().isEmpty)
    }

    @Test func refusesWhatItCannotWrite() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        #expect(errorText { _ = try APNGSink(file: scratch.path("a.apng"), framesPerSecond: 0) }?.contains("0 fps") == true)
        #expect(errorText { _ = try APNGSink(file: scratch.url, framesPerSecond: 30) }?.contains("is a directory") == true)
        let sink = try APNGSink(file: scratch.path("empty.apng"), framesPerSecond: 30)
        #expect(errorText { try sink.finish() }?.contains("No frames were appended") == true)
        #expect(!FileManager.default.fileExists(atPath: scratch.path("empty.apng").path))
    }

    // MARK: Malformed input

    /// A chunk's bytes with a new CRC, so a test can change one field and reach the check it means.
    static func patch(_ bytes: [UInt8], chunkAt offset: Int, dataByte index: Int, to value: UInt8) -> [UInt8] {
        var out = bytes
        let length = Int(PNGChunks.readBE32(bytes[...], offset))
        out[offset + 8 + index] = value
        let type = Array(out[(offset + 4)..<(offset + 8)])
        let crc = PNGChunks.crc(type: type, data: out[(offset + 8)..<(offset + 8 + length)])
        out.replaceSubrange((offset + 8 + length)..<(offset + 12 + length), with: PNGChunks.be32(crc))
        return out
    }

    @Test func malformedInputIsRefusedWithWhatIsWrongAndWhere() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let good = try Self.write(Self.movingSquare(), fps: 30, to: scratch.path("clip.apng"))
        let chunks = try Self.chunks(good)
        func message(_ bytes: [UInt8]) -> String { errorText { _ = try APNG.decodeFrames(bytes) } ?? "no error" }

        #expect(message(Array("GIF89a and more".utf8)).contains("is not a PNG"))
        #expect(message([]).contains("is not a PNG"))
        let still = try PNGCodec.encode(Self.movingSquare()[0])
        #expect(message(still).contains("is not an APNG: it has no acTL chunk"))

        let truncated = message(Array(good.prefix(good.count / 2)))
        #expect(truncated.contains("is truncated") && truncated.contains("claims"), "\(truncated)")
        #expect(message(Array(good.dropLast(12))).contains("is truncated"), "no IEND")

        var flipped = good
        flipped[chunks[4].offset + 20] ^= 0xFF   // inside the IDAT
        #expect(message(flipped).contains("fails its CRC check"))

        // The second fdAT numbered 9 instead of 4.
        let fdat = chunks.filter { $0.type == "fdAT" }[1]
        let renumbered = message(Self.patch(good, chunkAt: fdat.offset, dataByte: 3, to: 9))
        #expect(renumbered.contains("sequence number 9 where 4 was expected") && renumbered.contains("byte \(fdat.offset)"), "\(renumbered)")

        let actl = try #require(chunks.first { $0.type == "acTL" })
        #expect(message(Self.patch(good, chunkAt: actl.offset, dataByte: 3, to: 7)).contains("announces 7 frames but it holds 4"))

        // Frame 1's region moved past the right edge.
        let fctl = chunks.filter { $0.type == "fcTL" }[1]
        #expect(message(Self.patch(good, chunkAt: fctl.offset, dataByte: 15, to: 30)).contains("outside the 40×30 canvas"))
    }

    /// Dispose and blend operations the sink does not write are composed as the format says.
    @Test func composesOverBlendingAndDisposal() throws {
        // 2×1 canvas. Frame 0: opaque red, disposed to BACKGROUND. Frame 1: left pixel half-transparent
        // blue OVER (the canvas is clear there again), disposed to PREVIOUS. Frame 2: right pixel green
        // OVER what frame 1 left before it (clear). Frame 3: half-transparent red OVER that green.
        func frame(_ pixels: [UInt8], _ control: FrameControl) throws -> (FrameControl, [UInt8]) {
            var image = PixelBuffer(width: control.width, height: control.height)
            image.bytes = pixels
            let png = try PNGChunks.parse(try PNGCodec.encodeImage(image, alpha: true), source: "test")
            return (control, png.filter { $0.type == "IDAT" }.flatMap { Array($0.data) })
        }
        let delay = APNG.Delay(num: 1, den: 10)
        let frames = [
            try frame([255, 0, 0, 255, 255, 0, 0, 255],
                      FrameControl(sequence: 0, width: 2, height: 1, x: 0, y: 0, delay: delay, dispose: 1, blend: 0)),
            try frame([0, 0, 128, 128],
                      FrameControl(sequence: 1, width: 1, height: 1, x: 0, y: 0, delay: delay, dispose: 2, blend: 1)),
            try frame([0, 255, 0, 255],
                      FrameControl(sequence: 3, width: 1, height: 1, x: 1, y: 0, delay: delay, dispose: 0, blend: 1)),
            try frame([128, 0, 0, 128],
                      FrameControl(sequence: 5, width: 1, height: 1, x: 1, y: 0, delay: delay, dispose: 0, blend: 1)),
        ]
        let ihdr = PNGChunks.be32(2) + PNGChunks.be32(1) + [8, 6, 0, 0, 0]
        var bytes = PNGChunks.signature + PNGChunks.chunk("IHDR", ihdr) + PNGChunks.chunk("acTL", PNGChunks.be32(4) + PNGChunks.be32(2))
        bytes += PNGChunks.chunk("fcTL", frames[0].0.encoded) + PNGChunks.chunk("IDAT", frames[0].1)
        bytes += PNGChunks.chunk("fcTL", frames[1].0.encoded) + PNGChunks.chunk("fdAT", PNGChunks.be32(2) + frames[1].1)
        bytes += PNGChunks.chunk("fcTL", frames[2].0.encoded) + PNGChunks.chunk("fdAT", PNGChunks.be32(4) + frames[2].1)
        bytes += PNGChunks.chunk("fcTL", frames[3].0.encoded) + PNGChunks.chunk("fdAT", PNGChunks.be32(6) + frames[3].1)
        bytes += PNGChunks.chunk("IEND", [])

        let animation = try APNG.decodeFrames(bytes)
        #expect(animation.loops == 2)
        #expect(try APNG.decode(bytes).framesPerSecond == 10)
        #expect(animation.frames.map { $0.bytes } == [
            [255, 0, 0, 255, 255, 0, 0, 255],
            [0, 0, 128, 128, 0, 0, 0, 0],     // premultiplied: 128/255 of full blue
            [0, 0, 0, 0, 0, 255, 0, 255],
            [0, 0, 0, 0, 128, 127, 0, 255],   // 128/255 of red over 127/255 of green
        ])
    }
}
