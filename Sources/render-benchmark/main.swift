// Measures what a render costs, in release mode:
//
//     swift run -c release render-benchmark             # the standard card-list workload
//     swift run -c release render-benchmark SCENE [--scale S]
//     render-benchmark SCENE --part render [--scale S]   # the scene's layer renders only (for callgrind)
//     render-benchmark --part expand|expand-no-shadows|moving [--scale S]   # one part (for callgrind)
//     render-benchmark --part blur [--scale S]   # one card moving under a full-screen blur
//     render-benchmark --part kernels   # a dimming fill over a 3× frame: in place, copy then fill, fused
//     render-benchmark --part autolayout   # a 300-view, ~1,200-constraint screen: solve, re-solve after a change
//     render-benchmark --part siblings [--scale S]   # 10,000 and 100,000 small opaque sibling layers
//     render-benchmark --part table [--scale S]   # a scrolling UITableView of 10,000 rows and of 20
//     render-benchmark documents DIR [--scale S] [--passes N] [--fresh] [--json]   # a folder of layer-tree documents
//
// The workload prints the median ms per frame of the layer renderer at 3× and 1×, with and without
// shadows, and the minor page faults per frame (fresh memory touched). A scene prints the renderer's,
// PNG encoding's and H.264 encoding's ms per frame. Both print the peak resident memory of the process.
//
// Timing uses the monotonic clock here only; nothing in the product reads it.
import Foundation
import Stage
import Playback
import Compositor
import Scenes
import Media
import Raster
import QuartzCore

func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

/// Minor page faults of the process so far (each first touch of a fresh page: the kernel maps and zeroes it).
func minorFaults() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_minflt
}

/// Peak resident set size (VmHWM), in MiB.
func peakMemoryMiB() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
          let kib = Double(line.split(separator: " ").dropFirst().first ?? "") else { return .nan }
    return kib / 1024
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("render-benchmark: \(message)\n".utf8))
    exit(2)
}

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "documents" && !arguments.contains("--help") && !arguments.contains("-h") {
    var rest = arguments.dropFirst()
    var directory: URL?, scale: CGFloat?, passes = 1, fresh = false, json = false
    while let argument = rest.popFirst() {
        switch argument {
        case "--scale":
            guard let text = rest.popFirst(), let value = Double(text), value.isFinite, value > 0, value <= 8 else {
                fail("documents: --scale needs a number of pixels per point from 0 to 8, e.g. --scale 3")
            }
            scale = CGFloat(value)
        case "--passes":
            guard let text = rest.popFirst(), let value = Int(text), (1...1000).contains(value) else {
                fail("documents: --passes needs a whole number from 1 to 1000, e.g. --passes 3")
            }
            passes = value
        case "--fresh": fresh = true
        case "--json": json = true
        case _ where argument.hasPrefix("-"):
            fail("documents: unknown option '\(argument)'; the options are --scale S, --passes N, --fresh and --json (render-benchmark --help)")
        default:
            guard directory == nil else { fail("documents takes one folder; '\(argument)' is a second one") }
            directory = URL(fileURLWithPath: argument)
        }
    }
    guard let directory else {
        fail("documents needs a folder of layer-tree documents: render-benchmark documents DIR (write one with `render-transition SCENE --dump-tree DIR/`)")
    }
    let options = DocumentsWorkload.Options(directory: directory, scale: scale, passes: passes, fresh: fresh, json: json)
    do {
        let result = try DocumentsWorkload.run(options)
        print(DocumentsWorkload.report(result, options: options))
        exit(0)
    } catch {
        fail("documents: \(error)")
    }
}
if arguments.contains("--help") || arguments.contains("-h") || arguments.first == "help" {
    print("""
    render-benchmark — what a render costs: ms per frame, page faults and peak memory. Build it in release mode.

    Usage:
      render-benchmark [--scale S]
          the card-list workload (60 frames, one card expanding over a dimmed list) at 3× and 1×, with and
          without shadows; one card moving (consecutive frames vs full frames); the list under a
          full-screen blur; 10,000 and 100,000 small opaque siblings
      render-benchmark SCENE [--scale S]
          a built-in scene: the renderer's, PNG encoding's and H.264 encoding's ms per frame
      render-benchmark SCENE --part render [--scale S]
          the scene's layer renders only, and page faults per frame (for callgrind)
      render-benchmark --part expand|expand-no-shadows|moving|blur|siblings [--scale S]
          one part of the workload (for callgrind)
      render-benchmark --part kernels
          a dimming fill over a 3× frame: in place, copy then fill, fused copy and fill
      render-benchmark --part autolayout
          a 300-view, ~1,200-constraint screen: the first solve, and re-solves after a change
      render-benchmark --part table [--scale S]
          a UITableView scrolling 12 pt a frame, 10,000 rows and 20: layout, snapshot and render per frame
      render-benchmark documents DIR [--scale S] [--passes N] [--fresh] [--json]
          the layer-tree documents in DIR (*.json, in name order) as the frames of one clip: one renderer,
          damage tracking on, frame memory reused, parsing not timed; median/min/max ms per frame, page
          faults and peak memory. Write a scene's frames with `render-transition SCENE --dump-tree DIR/`.
          --scale S    draw at S pixels per point instead of each document's own scale
          --passes N   go through the folder N times (default 1; the first frame of a pass follows the last)
          --fresh      a new renderer for every frame: no damage tracking, no reused memory (a cold frame)
          --json       one JSON object instead of the text line

    Options:
      --scale S     pixels per point (without it: 3×, then 1×)
      --part NAME   run one part only (see above)
      --help, -h    this text

    Every mode but kernels ends with the process's peak resident memory. Example:
      swift run -c release render-benchmark card-expand --scale 3
    """)
    exit(0)
}
var scales: [CGFloat] = [3, 1]
if let index = arguments.firstIndex(of: "--scale"), index + 1 < arguments.count, let s = Double(arguments[index + 1]) {
    scales = [CGFloat(s)]
    arguments.removeSubrange(index...(index + 1))
}
var part: String?
if let index = arguments.firstIndex(of: "--part"), index + 1 < arguments.count {
    part = arguments[index + 1]
    arguments.removeSubrange(index...(index + 1))
}
if part == "autolayout" {
    AutoLayoutWorkload.run()
    exit(0)
}
if part == "table" {
    TableWorkload.run(scales: scales)
    exit(0)
}
if part == "kernels" {
    // The dimming layer's work on a full 3× frame (1179×2556), interleaved so that load from other
    // processes affects the variants alike.
    var backdrop = PixelBuffer(width: 1179, height: 2556, fill: RGBA8(r: 242, g: 242, b: 247, a: 255))
    backdrop.fill(RoundedRect(rect: CGRect(x: 60, y: 420, width: 1059, height: 1272), radii: CornerRadii(all: 48)), with: .solid(.white))
    let dim = RoundedRect(rect: CGRect(x: 0, y: 0, width: 1179, height: 2556))
    var inPlace: [Double] = [], copyThenFill: [Double] = [], fused: [Double] = [], copyOnly: [Double] = []
    var sink = 0
    for _ in 0..<40 {
        var a = backdrop
        a.bytes[0] = 1   // the copy happens here, outside the timing
        inPlace.append(milliseconds { a.fill(dim, with: .solid(.black), opacity: 0.3) })
        copyOnly.append(milliseconds { var b = backdrop; b.bytes[0] = 1; sink &+= Int(b.bytes[4]) })
        copyThenFill.append(milliseconds { var b = backdrop; b.fill(dim, with: .solid(.black), opacity: 0.3); sink &+= Int(b.bytes[4]) })
        fused.append(milliseconds { let c = backdrop.copy(filling: [dim], with: .solid(.black), opacity: 0.3); sink &+= Int(c.bytes[4]) })
    }
    print(String(format: "dimming fill over 1179×2556 (median ms): in place %.2f, copy %.2f, copy then fill %.2f, fused copy and fill %.2f  [%d]",
                 median(inPlace), median(copyOnly), median(copyThenFill), median(fused), sink & 1))
    exit(0)
}
guard let sceneName = arguments.first else {
    print("card-list workload: 60 frames, one card expanding over a dimmed list")
    for scale in scales where part == nil || part!.hasPrefix("expand") {
        for shadows in [true, false] where part == nil || (part == "expand") == shadows {
            let workload = CardListWorkload(shadows: shadows)
            let renderer = LayerRenderer(scale: scale)
            var times: [Double] = [], faults: [Double] = []
            var checksum = 0
            for index in 0..<workload.frameCount {
                let tree = workload.snapshot(frame: index)
                // The frame is dropped at the end of each iteration, as a streaming sink does.
                var frame: PixelBuffer!
                let before = minorFaults()
                times.append(milliseconds { frame = renderer.render(tree, size: CGSize(width: 393, height: 852)) })
                faults.append(Double(minorFaults() - before))
                checksum &+= Int(frame.bytes[frame.bytes.count / 2])
            }
            print(String(format: "  %.0fx %@: median %.2f ms/frame (min %.2f, max %.2f); page faults: median %.0f/frame, %.0f in all",
                         Double(scale), shadows ? "with shadows   " : "without shadows", median(times), times.min()!, times.max()!,
                         median(faults), faults.reduce(0, +)))
        }
    }
    // Consecutive frames where only one card moves: the renderer keeps what did not change.
    for scale in scales where part == nil || part == "moving" {
        let workload = CardListWorkload(shadows: true, motion: .oneCardMoves)
        let renderer = LayerRenderer(scale: scale)
        var moving: [Double] = [], full: [Double] = [], movingFaults: [Double] = [], fullFaults: [Double] = []
        for index in 0..<workload.frameCount {
            let tree = workload.snapshot(frame: index)
            var before = minorFaults()
            moving.append(milliseconds { _ = renderer.render(tree, size: CGSize(width: 393, height: 852)) })
            movingFaults.append(Double(minorFaults() - before))
            before = minorFaults()
            full.append(milliseconds { _ = LayerRenderer(scale: scale).render(tree, size: CGSize(width: 393, height: 852)) })
            fullFaults.append(Double(minorFaults() - before))
        }
        print(String(format: "  %.0fx one card moving in a list of three: %.2f ms/frame consecutively vs %.2f ms for the full frame; page faults: median %.0f vs %.0f/frame, %.0f vs %.0f in all",
                     Double(scale), median(moving), median(full), median(movingFaults), median(fullFaults),
                     movingFaults.reduce(0, +), fullFaults.reduce(0, +)))
    }
    // The same list under a full-screen backdrop blur: every frame re-blurs the whole screen.
    for scale in scales where part == nil || part == "blur" {
        let workload = CardListWorkload(shadows: true, motion: .oneCardMovesUnderBlur)
        let renderer = LayerRenderer(scale: scale)
        var times: [Double] = []
        for index in 0..<workload.frameCount {
            let tree = workload.snapshot(frame: index)
            times.append(milliseconds { _ = renderer.render(tree, size: CGSize(width: 393, height: 852)) })
        }
        print(String(format: "  %.0fx one card moving under a full-screen blur (σ 30 pt): median %.2f ms/frame (min %.2f, max %.2f)",
                     Double(scale), median(times), times.min()!, times.max()!))
    }
    // Many small opaque siblings over a dimming layer: each solid rectangle looks for later siblings over
    // it (occlusion), which must stay linear in the number of siblings.
    for scale in scales where part == nil || part == "siblings" {
        for count in [10_000, 100_000] {
            let tree = manySiblings(count)
            var times: [Double] = []
            var checksum = 0
            for _ in 0..<3 {
                var frame: PixelBuffer!
                times.append(milliseconds { frame = LayerRenderer(scale: scale).render(tree, size: CGSize(width: 393, height: 852)) })
                checksum &+= Int(frame.bytes[frame.bytes.count / 2])
            }
            print(String(format: "  %.0fx %d small opaque siblings over a dimming layer: median %.0f ms/frame (min %.0f)  [%d]",
                         Double(scale), count, median(times), times.min()!, checksum & 1))
        }
    }
    print(String(format: "peak memory %.0f MiB", peakMemoryMiB()))
    exit(0)
}

/// A root of `count` + 1 sublayers: a full-screen translucent dimming layer, then `count` opaque 3×3 pt
/// squares on a grid that wraps over the screen, overlapping where there are more than fit.
func manySiblings(_ count: Int) -> LayerSnapshot {
    func layer(_ frame: CGRect, _ color: CGColor) -> LayerSnapshot {
        var state = LayerState()
        state.bounds = CGRect(origin: .zero, size: frame.size)
        state.position = CGPoint(x: frame.midX, y: frame.midY)
        state.backgroundColor = color
        return LayerSnapshot(state: state)
    }
    var root = layer(CGRect(x: 0, y: 0, width: 393, height: 852), CGColor(red: 0.95, green: 0.95, blue: 0.97, alpha: 1))
    root.sublayers.append(layer(CGRect(x: 0, y: 0, width: 393, height: 852), CGColor(red: 0, green: 0, blue: 0, alpha: 0.3)))
    for index in 0..<count {
        let column = index % 97, row = (index / 97) % 212
        let color = CGColor(red: CGFloat(index % 7) / 7, green: CGFloat(index % 11) / 11, blue: CGFloat(index % 13) / 13, alpha: 1)
        root.sublayers.append(layer(CGRect(x: CGFloat(column) * 4 + CGFloat(index / 20564), y: CGFloat(row) * 4, width: 3, height: 3), color))
    }
    return root
}

guard let sceneType = scene(named: sceneName) else {
    let what = sceneName.hasPrefix("-") ? "option" : "scene"
    FileHandle.standardError.write(Data("render-benchmark: unknown \(what) '\(sceneName)'; run render-benchmark --help for the modes and options.\n".utf8))
    exit(2)
}

print("scene \(sceneName), \(ProcessInfo.processInfo.activeProcessorCount) cores")
for scale in scales {
    let settings = RenderSettings(scale: scale, fps: 60)
    let plan = try Stage.plan(sceneType, settings: settings)
    let session = SceneSession(sceneType, device: settings.device)
    var render: [Double] = [], png: [Double] = []
    var frames: [PixelBuffer] = []
    let renderOnly = part == "render"
    let faultsBefore = minorFaults()
    for index in 0..<plan.frameCount {
        session.advance(to: plan.time(ofFrame: index))
        var frame: PixelBuffer!
        render.append(try milliseconds { frame = try session.render(scale: scale) })
        if renderOnly { continue }
        if index % 8 == 0 { png.append(try milliseconds { _ = try PNGCodec.encode(frame) }) }
        if frames.count < 30 { frames.append(frame) }
    }
    if renderOnly {
        print(String(format: "%@ at %.0fx (%d×%d px, %d frames): render median %.1f ms/frame (max %.1f), %.0f minor page faults/frame",
                     sceneName, Double(scale), settings.pixelWidth, settings.pixelHeight, plan.frameCount,
                     median(render), render.max() ?? 0, Double(minorFaults() - faultsBefore) / Double(plan.frameCount)))
        continue
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
