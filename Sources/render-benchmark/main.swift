// Measures what a render costs: milliseconds per frame for the layer renderer (snapshot → pixels), for
// PNG encoding and for H.264 encoding, and the peak resident memory of the process. Run it in release mode:
//
//     swift run -c release render-benchmark [SCENE] [--scale S]
//
// Timing uses the monotonic clock here only; nothing in the product reads it.
import Foundation
import Stage
import Scenes
import Media
import Raster

func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

/// Peak resident set size (VmHWM), in MiB.
func peakMemoryMiB() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
          let kib = Double(line.split(separator: " ").dropFirst().first ?? "") else { return .nan }
    return kib / 1024
}

var arguments = Array(CommandLine.arguments.dropFirst())
var scales: [CGFloat] = [3, 1]
if let index = arguments.firstIndex(of: "--scale"), index + 1 < arguments.count, let s = Double(arguments[index + 1]) {
    scales = [CGFloat(s)]
    arguments.removeSubrange(index...(index + 1))
}
let sceneName = arguments.first ?? "card-expand"
guard let sceneType = scene(named: sceneName) else {
    FileHandle.standardError.write(Data("render-benchmark: unknown scene '\(sceneName)'\n".utf8))
    exit(2)
}

print("scene \(sceneName), \(ProcessInfo.processInfo.activeProcessorCount) cores")
for scale in scales {
    let settings = RenderSettings(scale: scale, fps: 60)
    let plan = try Stage.plan(sceneType, settings: settings)
    let session = SceneSession(sceneType, device: settings.device)
    var render: [Double] = [], png: [Double] = []
    var frames: [PixelBuffer] = []
    for index in 0..<plan.frameCount {
        session.advance(to: plan.time(ofFrame: index))
        var frame: PixelBuffer!
        render.append(try milliseconds { frame = try session.render(scale: scale) })
        if index % 8 == 0 { png.append(try milliseconds { _ = try PNGCodec.encode(frame) }) }
        if frames.count < 30 { frames.append(frame) }
    }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("render-benchmark-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let sink = try MP4Sink(file: directory.appendingPathComponent("clip.mp4"), width: settings.pixelWidth,
                           height: settings.pixelHeight, framesPerSecond: 60)
    let encode = try milliseconds {
        for frame in frames { try sink.append(frame) }
        try sink.finish()
    } / Double(frames.count)
    print(String(format: "%@ at %.0fx (%d×%d px, %d frames): render median %.1f ms/frame (max %.1f), PNG encode median %.1f ms/frame, H.264 encode %.1f ms/frame",
                 sceneName, Double(scale), settings.pixelWidth, settings.pixelHeight, plan.frameCount,
                 median(render), render.max() ?? 0, median(png), encode))
}
print(String(format: "peak memory %.0f MiB", peakMemoryMiB()))
