import UIKit
import Raster
import Media

/// What the user asked to write, decided from the `--out` path and the options that go with it.
public enum OutputTarget: Equatable {
    /// An H.264 MP4 clip of the whole timeline.
    case video(URL)
    /// A looping animated GIF of the whole timeline (palette-based, for docs).
    case gif(URL)
    /// `frame-00000.png`… for every frame of the timeline.
    case pngSequence(URL)
    /// One PNG of the screen at a time.
    case still(URL, time: TimeInterval)
    /// One PNG with `count` evenly spaced moments, from the start of the first transition to the end of
    /// the last (the whole clip when there is none), side by side.
    case filmstrip(URL, count: Int)

    /// `path` ending in `/` (or naming a directory) → PNG sequence; `.mp4` → clip; `.png` with `at` → still;
    /// `.png` with `filmstrip` → filmstrip.
    public static func resolve(path: String, at time: TimeInterval?, filmstrip: Int?) throws -> OutputTarget {
        guard !path.isEmpty else {
            throw StageError.unsupportedOutput(path: path, reason: "the path is empty. Give a file such as output/clip.mp4.")
        }
        let url = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        if path.hasSuffix("/") || (exists && isDirectory.boolValue) {
            if time != nil {
                throw StageError.optionConflict("--at picks one moment, but '\(path)' is a directory for a PNG sequence. Give a file such as still.png with --at, or drop --at.")
            }
            if filmstrip != nil {
                throw StageError.optionConflict("--filmstrip writes one PNG, but '\(path)' is a directory. Give a file such as strip.png.")
            }
            return .pngSequence(url)
        }
        switch url.pathExtension.lowercased() {
        case "mp4":
            if time != nil || filmstrip != nil {
                throw StageError.optionConflict("'\(path)' is a video of the whole clip; --at and --filmstrip write a .png. Drop them, or give a .png path.")
            }
            return .video(url)
        case "gif":
            if time != nil || filmstrip != nil {
                throw StageError.optionConflict("'\(path)' is an animation of the whole clip; --at and --filmstrip write a .png. Drop them, or give a .png path.")
            }
            return .gif(url)
        case "apng":
            throw StageError.unsupportedOutput(path: path, reason: "APNG is not written (yet); use .gif for an animation small enough for a README, or .mp4.")
        case "png":
            switch (time, filmstrip) {
            case (let t?, nil): return .still(url, time: t)
            case (nil, let n?): return .filmstrip(url, count: n)
            case (nil, nil):
                throw StageError.unsupportedOutput(path: path, reason: "a .png is a single image. Add --at SECONDS for a still or --filmstrip N for a filmstrip, or end the path with / for a PNG sequence.")
            case (_?, _?):
                throw StageError.optionConflict("--at and --filmstrip both choose what a .png shows; use one of them.")
            }
        case "":
            throw StageError.unsupportedOutput(path: path, reason: "no file extension. Use .mp4 for a clip, .gif for an animation, .png with --at for a still, or end the path with / for a PNG sequence.")
        default:
            throw StageError.unsupportedOutput(path: path, reason: "'.\(url.pathExtension)' is not an output format. Use .mp4 for a clip, .gif for an animation, .png with --at for a still, or end the path with / for a PNG sequence.")
        }
    }
}

extension Stage {
    /// Renders `sceneType` to `target`. Nothing appears at the target path unless the whole render succeeds.
    /// Returns the plan of the clip that was rendered.
    @discardableResult
    public static func write(_ sceneType: Scene.Type, settings: RenderSettings, to target: OutputTarget) throws -> ClipPlan {
        try settings.validate()
        let plan = try Stage.plan(sceneType, settings: settings)
        let allFrames = (0..<plan.frameCount).map(plan.time(ofFrame:))
        switch target {
        case .video(let url):
            try prepareParent(of: url)
            let sink = try MP4Sink(file: url, width: settings.pixelWidth, height: settings.pixelHeight, framesPerSecond: settings.fps)
            try render(sceneType, settings: settings, times: allFrames, into: sink)
        case .gif(let url):
            try prepareParent(of: url)
            guard GIFSink.fpsRange.contains(settings.fps) else {
                throw StageError.invalidOption(option: "--fps", value: "\(settings.fps)", allowed: "at most 50 for a .gif (its frame delays are whole centiseconds and browsers slow anything under 2 cs); 30 suits docs")
            }
            try render(sceneType, settings: settings, times: allFrames, into: try GIFSink(file: url, framesPerSecond: settings.fps))
        case .pngSequence(let url):
            try render(sceneType, settings: settings, times: allFrames, into: try PNGSequenceSink(directory: url))
        case .still(let url, let time):
            guard time.isFinite, time >= 0, time <= plan.duration else {
                throw StageError.timeOutOfRange(option: "--at", value: time, scene: sceneType.name, duration: plan.duration)
            }
            try prepareParent(of: url)
            try render(sceneType, settings: settings, times: [time], into: try PNGFileSink(file: url))
        case .filmstrip(let url, let count):
            guard (2...24).contains(count) else {
                throw StageError.invalidOption(option: "--filmstrip", value: "\(count)", allowed: "a number of moments from 2 to 24")
            }
            try prepareParent(of: url)
            // The moments that move: from the first transition's start to the last one's end.
            // (A transition without animation, e.g. a screen shown before the script, is not motion.)
            let moving = plan.transitions.filter(\.isAnimated)
            let first = moving.first?.start ?? 0, last = moving.last?.end ?? plan.duration
            let times = (0..<count).map { first + (last - first) * Double($0) / Double(count - 1) }
            let frames = try Stage.frames(sceneType, settings: settings, times: times)
            let sink = try PNGFileSink(file: url)
            do {
                try sink.append(Filmstrip.compose(frames))
                try sink.finish()
            } catch {
                sink.cancel()
                throw error
            }
        }
        return plan
    }

    private static func prepareParent(of url: URL) throws {
        let parent = url.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw StageError.output(path: url.path, reason: "it is a directory. Give a file name, e.g. \(url.path)/clip.mp4.")
        }
        do {
            try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw StageError.output(path: url.path, reason: "its folder \(parent.path) cannot be created (\(error.localizedDescription)).")
        }
    }
}

/// Frames side by side, scaled down, on a neutral background, for docs and quick review.
public enum Filmstrip {
    public static func compose(_ frames: [PixelBuffer], thumbnailHeight: Int = 480, gap: Int = 24) -> PixelBuffer {
        guard let first = frames.first else { return PixelBuffer(width: 1, height: 1) }
        let height = min(thumbnailHeight, first.height)
        let width = max(1, Int((Double(first.width) * Double(height) / Double(first.height)).rounded()))
        let strip = PixelBuffer(width: gap + frames.count * (width + gap), height: height + 2 * gap,
                                fill: RGBA8(r: 242, g: 242, b: 247, a: 255))
        var result = strip
        for (index, frame) in frames.enumerated() {
            result.composite(frame.resized(width: width, height: height), atX: gap + index * (width + gap), y: gap)
        }
        return result
    }
}
