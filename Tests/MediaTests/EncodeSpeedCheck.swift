import Foundation
import Raster
import Testing
import Media

/// Manual check, not a timed test: how fast MP4Sink encodes full-size iPhone frames (1179×2556, odd width
/// → padded to 1180). Run with
///     MEDIA_BENCH=1 swift test --scratch-path .build-media --filter EncodeSpeedCheck
/// (MEDIA_BENCH_PRESETS="medium,fast", MEDIA_BENCH_FRAMES=120, MEDIA_BENCH_CONTENT=photo to choose). Prints frames per second for
/// append+finish only; the frames are prepared beforehand by row copies.
@Test(.enabled(if: ProcessInfo.processInfo.environment["MEDIA_BENCH"] != nil, "set MEDIA_BENCH=1 to run"))
func encodeSpeedCheck() throws {
    let env = ProcessInfo.processInfo.environment
    let presets = (env["MEDIA_BENCH_PRESETS"] ?? "medium,fast,faster,veryfast").split(separator: ",").map(String.init)
    let frameCount = Int(env["MEDIA_BENCH_FRAMES"] ?? "") ?? 120
    let width = 1179, height = 2556

    // A transition-like picture: a vertical gradient "presenting" screen, and a card with text-like
    // stripes sliding up over it.
    var background = PixelBuffer(width: width, height: height)
    background.bytes.withUnsafeMutableBufferPointer { p in
        for y in 0..<height {
            let shade = UInt8(40 + 160 * y / height)
            for x in 0..<width {
                let i = (y * width + x) * 4
                p[i] = shade / 2; p[i + 1] = shade; p[i + 2] = 220; p[i + 3] = 255
            }
        }
    }
    var card = [UInt8](repeating: 255, count: width * 4 * height)
    card.withUnsafeMutableBufferPointer { p in
        for y in 0..<height where (y / 24) % 3 == 1 {
            for x in 60..<(width - 60 - (y * 37) % 300) {
                let i = (y * width + x) * 4
                p[i] = 30; p[i + 1] = 30; p[i + 2] = 35
            }
        }
        // MEDIA_BENCH_CONTENT=photo: the card's top half is a photo-like texture (smooth waves + grain),
        // much harder for the encoder than flat UI.
        if env["MEDIA_BENCH_CONTENT"] == "photo" {
            var seed: UInt32 = 1
            for y in 0..<(height / 2) {
                for x in 0..<width {
                    seed = seed &* 1664525 &+ 1013904223
                    let grain = Double(seed >> 28) - 8
                    let wave = 60 * sin(Double(x) / 37) * cos(Double(y) / 53) + 40 * sin(Double(x + 2 * y) / 91)
                    let i = (y * width + x) * 4
                    p[i] = UInt8(clamping: Int(128 + wave + grain))
                    p[i + 1] = UInt8(clamping: Int(110 + wave * 0.7 - grain))
                    p[i + 2] = UInt8(clamping: Int(90 - wave * 0.5 + grain))
                }
            }
        }
    }
    let rowBytes = width * 4
    func frame(_ index: Int) -> PixelBuffer {
        var image = background
        let top = height - height * index / max(frameCount - 1, 1)  // slides from the bottom to the top
        image.bytes.withUnsafeMutableBytes { dst in
            card.withUnsafeBytes { src in
                for y in top..<height {
                    (dst.baseAddress! + y * rowBytes).copyMemory(from: src.baseAddress! + (y - top) * rowBytes, byteCount: rowBytes)
                }
            }
        }
        return image
    }
    let frames = (0..<frameCount).map(frame)

    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("MediaBench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let clock = ContinuousClock()
    var pngTime = Duration.zero
    for frame in frames.prefix(10) { pngTime += clock.measure { _ = try? PNGCodec.encode(frame) } }
    print("PNGCodec.encode \(width)×\(height): \(String(format: "%.1f", 10 / seconds(pngTime))) frames/s")

    for preset in presets {
        let file = directory.appendingPathComponent("\(preset).mp4")
        let sink = try MP4Sink(file: file, width: width, height: height, framesPerSecond: 60, preset: preset)
        let elapsed = try clock.measure {
            for frame in frames { try sink.append(frame) }
            try sink.finish()
        }
        let info = try VideoInfo.probe(file)
        let size = (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
        print("preset \(preset): \(frameCount) frames in \(String(format: "%.1f", seconds(elapsed))) s ="
              + " \(String(format: "%.2f", Double(frameCount) / seconds(elapsed))) frames/s; \(info.profile),"
              + " \(info.width)×\(info.height), \(info.frameCount) frames, \(size / 1024) KiB")
    }
}

private func seconds(_ d: Duration) -> Double {
    Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
}
