import UIKit
import Stage
import Playback
import Raster
import Media

/// What to write: a clip, an animation (GIF or APNG), a PNG sequence, a still or a filmstrip, and where.
public enum OutputTarget: Equatable {
    /// An H.264 MP4 clip of the whole timeline.
    case video(URL)
    /// A looping animated GIF of the whole timeline (palette-based, for docs).
    case gif(URL)
    /// A looping animated PNG of the whole timeline: lossless, frame *i* at exactly *i*/fps s.
    case apng(URL)
    /// `frame-00000.png`… for every frame of the timeline.
    case pngSequence(URL)
    /// One PNG of the screen at a time.
    case still(URL, time: TimeInterval)
    /// One PNG with `count` evenly spaced moments, from the start of the first transition to the end of
    /// the last (the whole clip when there is none), side by side.
    case filmstrip(URL, count: Int)
}

/// How outputs are encoded: PNG compression, x264's preset and CRF, and how many threads encode.
/// Every setting of `threads` writes the same bytes; the others trade size or quality for time.
public struct OutputEncoding: Equatable, Sendable {
    /// PNG sequences, stills, filmstrips and APNG frames.
    public var png: PNGOptions
    /// MP4 clips.
    public var h264: H264Options
    /// Threads that encode while the caller renders: nil uses every core (a PNG sequence compresses on
    /// all of them, other outputs on one beside the renderer); 1 or less renders and encodes in turn on
    /// the caller's thread, as before the pipeline existed.
    public var threads: Int?

    public init(png: PNGOptions = .default, h264: H264Options = .default, threads: Int? = nil) {
        self.png = png
        self.h264 = h264
        self.threads = threads
    }

    public static let `default` = OutputEncoding()

    /// Fails for a PNG level or CRF set out of range (before anything renders).
    public func validate() throws {
        try png.validate()
        try h264.validate()
    }

    /// Whether rendering and encoding overlap.
    var pipelined: Bool { (threads ?? 2) > 1 }
    /// Threads compressing a PNG sequence.
    var pngWorkers: Int { threads ?? ProcessInfo.processInfo.activeProcessorCount }

    /// `sink` behind the pipeline when rendering and encoding overlap.
    func overlapping(_ sink: FrameSink) -> FrameSink { pipelined ? PipelinedSink(sink) : sink }
}

extension Stage {
    /// Renders `scene` to `target`. Nothing appears at the target path unless the whole render succeeds.
    /// Returns the plan of the clip that was rendered.
    /// `selection` narrows a clip, animation, PNG sequence or filmstrip to one transition
    /// (`ClipPlan.frames(ofTransition:)`); a still's time is always from the start of the clip.
    /// `progress` hears (frames rendered, frames in all) after each frame, in order; encoding may still
    /// run a few frames behind it. `encoding` says how outputs are compressed and on how many threads.
    @discardableResult
    public static func write(_ scene: SceneDefinition, settings: RenderSettings, to target: OutputTarget,
                             selection: ClipSelection = .whole, encoding: OutputEncoding = .default,
                             progress: ((Int, Int) -> Void)? = nil) throws -> ClipPlan {
        try settings.validate()
        do { try encoding.validate() } catch let error as MediaError {
            throw StageError.unsupportedOutput(path: target.url.path, reason: error.description)
        }
        let plan = try Stage.plan(scene, settings: settings)
        var frameRange = 0...(plan.frameCount - 1)
        if case .transition(let index) = selection {
            guard plan.transitions.indices.contains(index) else {
                let listed = plan.transitions.enumerated().map { "\($0.offset): \($0.element.label)" }.joined(separator: ", ")
                throw StageError.unsupportedOutput(path: target.url.path, reason: plan.transitions.isEmpty
                    ? "\(scene.name) has no transition to render alone; render the whole clip."
                    : "\(scene.name) has no transition \(index); its transitions are \(listed).")
            }
            frameRange = plan.frames(ofTransition: index)
        }
        let allFrames = frameRange.map(plan.time(ofFrame:))
        switch target {
        case .video(let url):
            try prepareParent(of: url)
            let sink = try MP4Sink(file: url, width: settings.pixelWidth, height: settings.pixelHeight,
                                   framesPerSecond: settings.fps, options: encoding.h264)
            try render(scene, settings: settings, times: allFrames, into: encoding.overlapping(sink), progress: progress)
        case .gif(let url):
            try prepareParent(of: url)
            guard GIFSink.fpsRange.contains(settings.fps) else {
                throw StageError.invalidFrameRate(settings.fps, allowed: GIFSink.fpsRange, reason: GIFSink.frameRateLimitReason)
            }
            let sink = try GIFSink(file: url, framesPerSecond: settings.fps)
            try render(scene, settings: settings, times: allFrames, into: encoding.overlapping(sink), progress: progress)
        case .apng(let url):
            try prepareParent(of: url)
            let sink = try APNGSink(file: url, framesPerSecond: settings.fps, options: encoding.png)
            try render(scene, settings: settings, times: allFrames, into: encoding.overlapping(sink), progress: progress)
        case .pngSequence(let url):
            let sequence = try PNGSequenceSink(directory: url, options: encoding.png)
            let sink: FrameSink = encoding.pipelined ? PipelinedSink(sequence, workers: encoding.pngWorkers) : sequence
            try render(scene, settings: settings, times: allFrames, into: sink, progress: progress)
        case .still(let url, let time):
            guard time.isFinite, time >= 0, time <= plan.duration else {
                throw StageError.timeOutOfRange(time, scene: scene.name, duration: plan.duration)
            }
            try prepareParent(of: url)
            try render(scene, settings: settings, times: [time], into: try PNGFileSink(file: url, options: encoding.png), progress: progress)
        case .filmstrip(let url, let count):
            guard Filmstrip.momentRange.contains(count) else {
                throw StageError.momentCount(count, allowed: Filmstrip.momentRange)
            }
            try prepareParent(of: url)
            // The moments that move: from the first transition's start to the last one's end.
            // (A transition without animation, e.g. a screen shown before the script, is not motion.)
            // With a transition chosen: that transition (its hold around it if it does not move).
            let moving = plan.transitions.filter(\.isAnimated)
            var first = moving.first?.start ?? 0, last = moving.last?.end ?? plan.duration
            if case .transition(let index) = selection {
                let span = plan.transitions[index]
                (first, last) = span.isAnimated ? (span.start, span.end)
                    : (plan.time(ofFrame: frameRange.lowerBound), plan.time(ofFrame: frameRange.upperBound))
            }
            let times = (0..<count).map { first + (last - first) * Double($0) / Double(count - 1) }
            let collector = CollectingSink()
            try render(scene, settings: settings, times: times, into: collector, progress: progress)
            let frames = collector.frames
            let sink = try PNGFileSink(file: url, options: encoding.png)
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

    @discardableResult
    public static func write(_ sceneType: Scene.Type, settings: RenderSettings, to target: OutputTarget,
                             selection: ClipSelection = .whole, encoding: OutputEncoding = .default) throws -> ClipPlan {
        try write(sceneType.definition, settings: settings, to: target, selection: selection, encoding: encoding)
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

extension OutputTarget {
    /// The file or folder written.
    public var url: URL {
        switch self {
        case .video(let url), .gif(let url), .apng(let url), .pngSequence(let url), .still(let url, _), .filmstrip(let url, _): url
        }
    }
}

/// Frames side by side, scaled down, on a neutral background, for docs and quick review.
public enum Filmstrip {
    /// How many moments a filmstrip shows: two at least, and few enough to read side by side.
    public static let momentRange = 2...24

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
