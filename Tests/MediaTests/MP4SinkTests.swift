import Foundation
import Raster
import Testing
@testable import Media
import TestSupport

/// BT.709 limited-range Y′CbCr of a full-range RGB colour (the reference the encoder must match).
func bt709Limited(_ r: Double, _ g: Double, _ b: Double) -> (y: Double, cb: Double, cr: Double) {
    yCbCr(r, g, b, kr: 0.2126, kb: 0.0722)
}
func bt601Limited(_ r: Double, _ g: Double, _ b: Double) -> (y: Double, cb: Double, cr: Double) {
    yCbCr(r, g, b, kr: 0.299, kb: 0.114)
}
private func yCbCr(_ r: Double, _ g: Double, _ b: Double, kr: Double, kb: Double) -> (y: Double, cb: Double, cr: Double) {
    let luma = kr * r + (1 - kr - kb) * g + kb * b
    return (16 + 219 * luma / 255,
            128 + 224 * (b - luma) / (2 * (1 - kb)) / 255,
            128 + 224 * (r - luma) / (2 * (1 - kr)) / 255)
}

private let background: (UInt8, UInt8, UInt8) = (40, 120, 200)
private let square: (UInt8, UInt8, UInt8) = (230, 60, 30)

/// 320×240 frames: a flat background and a 64×64 square moving right and down.
private func squareFrame(_ index: Int, width: Int = 320, height: Int = 240) -> PixelBuffer {
    let left = 20 + 6 * index, top = 40 + 3 * index
    return makeImage(width: width, height: height) { x, y in
        (left..<(left + 64)).contains(x) && (top..<(top + 64)).contains(y)
            ? (square.0, square.1, square.2, 255) : (background.0, background.1, background.2, 255)
    }
}

private func expectColor(_ image: PixelBuffer, _ x: Int, _ y: Int, _ color: (UInt8, UInt8, UInt8),
                         tolerance: Int = 3, sourceLocation: SourceLocation = #_sourceLocation) {
    let got = pixel(image, x, y)
    let want = [Int(color.0), Int(color.1), Int(color.2), 255]
    let ok = zip(got, want).allSatisfy { abs($0 - $1) <= tolerance }
    #expect(ok, "pixel (\(x), \(y)) is \(got), expected \(want) ± \(tolerance)", sourceLocation: sourceLocation)
}

@Suite struct MP4SinkTests {
    @Test func encodesH264HighBT709LimitedAtExactFrameCount() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let file = scratch.path("clip.mp4")
        let sink = try MP4Sink(file: file, width: 320, height: 240, framesPerSecond: 60)
        for i in 0..<30 { try sink.append(squareFrame(i)) }
        #expect(!FileManager.default.fileExists(atPath: file.path), "nothing at the final path before finish")
        #expect(scratch.partials().count == 1)
        try sink.finish()
        #expect(scratch.partials().isEmpty)

        let info = try VideoInfo.probe(file)
        #expect(info == VideoInfo(codec: "h264", profile: "High", pixelFormat: "yuv420p", width: 320, height: 240,
                                  framesPerSecond: 60, frameCount: 30, colorPrimaries: "bt709",
                                  colorTransfer: "bt709", colorMatrix: "bt709", colorRange: "tv",
                                  moovBeforeMdat: true))

        // The frames show what was appended, in order: square and background within ±3 per channel.
        let first = try VideoInfo.decodeFrame(file, index: 0)
        #expect(first.width == 320 && first.height == 240)
        expectColor(first, 20 + 32, 40 + 32, square)
        expectColor(first, 300, 220, background)
        let tenth = try VideoInfo.decodeFrame(file, index: 10)
        expectColor(tenth, 80 + 32, 70 + 32, square)
        expectColor(tenth, 20 + 32, 40 + 32, background)
        let last = try VideoInfo.decodeFrame(file, index: 29)
        expectColor(last, 194 + 32, 127 + 32, square)
        expectColor(last, 20 + 32, 40 + 32, background)
        #expect(throws: MediaError.self) { try VideoInfo.decodeFrame(file, index: 30) }
    }

    /// The stored Y′CbCr values are BT.709 limited range (not BT.601, not full range): checks the matrix
    /// and range of the conversion itself, which a round trip through one wrong matrix would hide.
    @Test func storedSamplesAreBT709LimitedRange() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let file = scratch.path("colours.mp4")
        let colours: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255), (0, 0, 0), square]
        let sink = try MP4Sink(file: file, width: 192, height: 64, framesPerSecond: 30)
        let image = makeImage(width: 192, height: 64) { x, _ in
            let c = colours[x / 32]
            return (c.0, c.1, c.2, 255)
        }
        for _ in 0..<3 { try sink.append(image) }
        try sink.finish()

        let planes = try VideoInfo.decodeFramePlanes(file, index: 1)
        #expect(planes.width == 192 && planes.height == 64)
        for (i, c) in colours.enumerated() {
            let want = bt709Limited(Double(c.0), Double(c.1), Double(c.2))
            let x = 32 * i + 16, y = 32
            let got = (y: Double(planes.y[y * 192 + x]), cb: Double(planes.cb[(y / 2) * 96 + x / 2]),
                       cr: Double(planes.cr[(y / 2) * 96 + x / 2]))
            #expect(abs(got.y - want.y) <= 2 && abs(got.cb - want.cb) <= 2 && abs(got.cr - want.cr) <= 2,
                    "colour \(c): stored \(got), BT.709 limited \(want)")
        }
        // The check can tell: for red, BT.601 gives Y′ 81 where BT.709 gives 63; full range would give 54.
        #expect(abs(bt601Limited(255, 0, 0).y - bt709Limited(255, 0, 0).y) > 15)
        #expect(planes.y[32 * 192 + 16] < 70 && planes.y[32 * 192 + 16] > 56)
        // Limited range: black at 16, white at 235.
        #expect(abs(Int(planes.y[32 * 192 + 32 * 4 + 16]) - 16) <= 1)
        #expect(abs(Int(planes.y[32 * 192 + 32 * 3 + 16]) - 235) <= 1)
    }

    /// 393×853 is stored as 394×854, the last column and row repeated.
    @Test func oddSizeIsPaddedByRepeatingTheLastColumnAndRow() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let file = scratch.path("odd.mp4")
        let sink = try MP4Sink(file: file, width: 393, height: 853, framesPerSecond: 60)
        #expect(sink.encodedWidth == 394 && sink.encodedHeight == 854)
        let red: (UInt8, UInt8, UInt8) = (220, 30, 40), green: (UInt8, UInt8, UInt8) = (30, 200, 60)
        let blue: (UInt8, UInt8, UInt8) = (20, 40, 180)
        let image = makeImage(width: 393, height: 853) { x, y in
            let c = y >= 845 ? green : x >= 385 ? red : blue
            return (c.0, c.1, c.2, 255)
        }
        for _ in 0..<4 { try sink.append(image) }
        try sink.finish()

        let info = try VideoInfo.probe(file)
        #expect(info.width == 394 && info.height == 854)
        #expect(info.frameCount == 4)
        let frame = try VideoInfo.decodeFrame(file, index: 3)
        #expect(frame.width == 394 && frame.height == 854)
        expectColor(frame, 100, 400, blue)
        expectColor(frame, 392, 400, red)
        expectColor(frame, 393, 400, red)  // padding column
        expectColor(frame, 200, 852, green)
        expectColor(frame, 200, 853, green)  // padding row
        expectColor(frame, 393, 853, green)  // padding corner
    }

    /// Translucent pixels show composited over black (premultiplied colour as is).
    @Test func translucentFramesAreCompositedOverBlack() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let file = scratch.path("translucent.mp4")
        let sink = try MP4Sink(file: file, width: 64, height: 64, framesPerSecond: 24)
        try sink.append(solid(64, 64, 100, 50, 25, 128))
        try sink.finish()
        expectColor(try VideoInfo.decodeFrame(file, index: 0), 32, 32, (100, 50, 25))
        #expect(try VideoInfo.probe(file).framesPerSecond == 24)
    }

    @Test func cancelLeavesNoFileAndKeepsAnExistingOne() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let file = scratch.path("clip.mp4")
        let sink = try MP4Sink(file: file, width: 64, height: 48, framesPerSecond: 30)
        for i in 0..<5 { try sink.append(squareFrame(i, width: 64, height: 48)) }
        sink.cancel()
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(scratch.partials().isEmpty)
        #expect(throws: MediaError.self) { try sink.finish() }

        try writeBytes([1, 2, 3], file)
        do {
            let abandoned = try MP4Sink(file: file, width: 64, height: 48, framesPerSecond: 30)
            try abandoned.append(squareFrame(0, width: 64, height: 48))
        }  // released unfinished
        let second = try MP4Sink(file: file, width: 64, height: 48, framesPerSecond: 30)
        try second.append(squareFrame(0, width: 64, height: 48))
        second.cancel()
        #expect(try readBytes(file) == [1, 2, 3])
        #expect(scratch.partials().isEmpty)
    }

    @Test func replacesAnExistingFileOnFinish() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let file = scratch.path("clip.mp4")
        try writeBytes([1, 2, 3], file)
        let sink = try MP4Sink(file: file, width: 64, height: 48, framesPerSecond: 30)
        for i in 0..<3 { try sink.append(squareFrame(i, width: 64, height: 48)) }
        #expect(try readBytes(file) == [1, 2, 3])
        try sink.finish()
        #expect(try VideoInfo.probe(file).frameCount == 3)
    }

    @Test func pathsWithColonsSpacesAndUnicode() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let file = scratch.path("http: clip %20 ünï #1.mp4")
        let sink = try MP4Sink(file: file, width: 32, height: 32, framesPerSecond: 30)
        for i in 0..<2 { try sink.append(squareFrame(i, width: 32, height: 32)) }
        try sink.finish()
        let info = try VideoInfo.probe(file)
        #expect(info.frameCount == 2 && info.moovBeforeMdat)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path) == [file.lastPathComponent])
    }

    @Test func invalidParametersAreRejectedAtInit() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let file = scratch.path("clip.mp4")
        for (w, h, fps) in [(0, 10, 30), (10, 0, 30), (16385, 10, 30), (10, 16385, 30), (-2, 10, 30),
                            (10, 10, 0), (10, 10, -1), (10, 10, 241)] {
            let error = #expect(throws: MediaError.self) { try MP4Sink(file: file, width: w, height: h, framesPerSecond: fps) }
            #expect(error?.description.contains(file.path) == true)
        }
        #expect(throws: MediaError.self) { try MP4Sink(file: scratch.url, width: 10, height: 10, framesPerSecond: 30) }
        #expect(scratch.partials().isEmpty)
    }

    @Test func wrongFrameSizeAndEmptyFinishAreErrors() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let file = scratch.path("clip.mp4")
        let sink = try MP4Sink(file: file, width: 64, height: 48, framesPerSecond: 30)
        let empty = #expect(throws: MediaError.self) { try sink.finish() }
        #expect(empty?.description.contains("No frames") == true)
        let wrong = #expect(throws: MediaError.self) { try sink.append(solid(48, 64, 0, 0, 0)) }
        #expect(wrong?.description.contains("48×64") == true)
        sink.cancel()
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(scratch.partials().isEmpty)
    }

    @Test func probeErrors() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let missing = scratch.path("missing.mp4")
        let error = #expect(throws: MediaError.self) { try VideoInfo.probe(missing) }
        #expect(error?.description.contains(missing.path) == true)
        let junk = scratch.path("junk.mp4")
        try writeBytes(Array(repeating: 7, count: 100), junk)
        let junkError = #expect(throws: MediaError.self) { try VideoInfo.probe(junk) }
        #expect(junkError?.description.contains(junk.path) == true)
    }
}
