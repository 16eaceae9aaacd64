import UIKit
import Raster
import Media

/// How to render: which device, how many pixels per point, how many frames per second.
public struct RenderSettings: Equatable, Sendable {
    public var device: Device
    public var scale: CGFloat
    public var fps: Int
    /// Draw a dot under each finger that is down; nil: when the scene's script moves a finger.
    public var touches: Bool?

    /// Largest canvas side, in pixels (H.264 level limits and memory stay sane below it).
    public static let maxCanvasSide = 8192
    public static let fpsRange = 1...240

    public init(device: Device = .default, scale: CGFloat? = nil, fps: Int = 60, touches: Bool? = nil) {
        self.device = device; self.scale = scale ?? device.scale; self.fps = fps; self.touches = touches
    }

    public var pixelWidth: Int { Int((device.size.width * scale).rounded()) }
    public var pixelHeight: Int { Int((device.size.height * scale).rounded()) }

    public func validate() throws {
        guard scale.isFinite, scale > 0 else {
            throw StageError.invalidOption(option: "--scale", value: "\(scale)", allowed: "a number of pixels per point greater than 0, e.g. 1, 2 or 3")
        }
        guard Self.fpsRange.contains(fps) else {
            throw StageError.invalidOption(option: "--fps", value: "\(fps)", allowed: "a whole number of frames per second from 1 to 240")
        }
        guard pixelWidth <= Self.maxCanvasSide, pixelHeight <= Self.maxCanvasSide else {
            throw StageError.canvasTooLarge(width: pixelWidth, height: pixelHeight, limit: Self.maxCanvasSide)
        }
        guard pixelWidth >= 2, pixelHeight >= 2 else {
            throw StageError.invalidOption(option: "--scale", value: "\(scale)", allowed: "large enough for a canvas of at least 2×2 pixels")
        }
    }
}

/// A transition the scene ran, on the clip's clock.
public struct TransitionSpan: Equatable, Sendable {
    public var label: String
    public var start: TimeInterval
    public var end: TimeInterval
    public var completed: Bool
    /// The time at `fraction` (0…1) of the transition.
    public func time(at fraction: Double) -> TimeInterval { start + (end - start) * fraction }
    /// False for a transition without animation (`animated: false`): it begins and ends at one instant.
    public var isAnimated: Bool { end > start }
}

/// A moment worth a golden image: `percent` of the way through transition `transition` (its index in
/// `ClipPlan.transitions`).
public struct KeyMoment: Equatable, Sendable {
    public var transition: Int
    public var percent: Int
    public var time: TimeInterval
    /// `1-50`: the golden's file name without extension.
    public var name: String { "\(transition)-\(percent)" }
}

/// The shape of a clip, known from a dry run of the scene (no pixels).
public struct ClipPlan: Equatable, Sendable {
    public var duration: TimeInterval
    public var fps: Int
    public var transitions: [TransitionSpan]
    /// Frame i shows time i / fps; the last frame is the first at or after `duration`.
    public var frameCount: Int { Int((duration * Double(fps) - 1e-9).rounded(.up)) + 1 }
    public func time(ofFrame index: Int) -> TimeInterval { Double(index) / Double(fps) }

    /// The moments at `percents` of every animated transition, in time order. A transition without
    /// animation has none (all its moments are one frame); indices still count it, so they match the marks.
    public func keyMoments(percents: [Int] = [0, 25, 50, 75, 100]) -> [KeyMoment] {
        transitions.enumerated().filter { $0.element.isAnimated }.flatMap { index, span in
            percents.map { KeyMoment(transition: index, percent: $0, time: span.time(at: Double($0) / 100)) }
        }.sorted { $0.time < $1.time }
    }
}

public enum Stage {
    /// Runs the scene without drawing to learn how long it lasts and when its transitions happen.
    public static func plan(_ sceneType: Scene.Type, settings: RenderSettings) throws -> ClipPlan {
        let session = SceneSession(sceneType, device: settings.device)
        let duration = try session.runToEnd()
        return ClipPlan(duration: duration, fps: settings.fps, transitions: transitionSpans(in: session.marks))
    }

    /// Renders the frames at `times` (ascending) into `sink`, one at a time: memory does not grow with the
    /// clip. The sink is finished on success and cancelled on any error.
    public static func render(_ sceneType: Scene.Type, settings: RenderSettings, times: [TimeInterval],
                              into sink: FrameSink) throws {
        do {
            try settings.validate()
            let session = SceneSession(sceneType, device: settings.device)
            for time in times {
                session.advance(to: time)
                try sink.append(try session.render(scale: settings.scale, touches: settings.touches))
            }
            try sink.finish()
        } catch {
            sink.cancel()
            throw error
        }
    }

    /// Renders single frames at the given times (for stills, filmstrips and tests).
    public static func frames(_ sceneType: Scene.Type, settings: RenderSettings, times: [TimeInterval]) throws -> [PixelBuffer] {
        let collector = CollectingSink()
        try render(sceneType, settings: settings, times: times, into: collector)
        return collector.frames
    }

    /// The presentation tree of `sceneType` at `time`, as a document (the same pixels as a still then).
    public static func dumpTree(_ sceneType: Scene.Type, settings: RenderSettings, at time: TimeInterval) throws -> LayerTreeDocument {
        try settings.validate()
        let plan = try Stage.plan(sceneType, settings: settings)
        guard time.isFinite, time >= 0, time <= plan.duration else {
            throw StageError.timeOutOfRange(option: "--at", value: time, scene: sceneType.name, duration: plan.duration)
        }
        let session = SceneSession(sceneType, device: settings.device)
        session.advance(to: time)
        return session.document(scale: settings.scale)
    }

    /// Reads a layer-tree document, with errors that name the file and the JSON path.
    public static func loadDocument(_ url: URL) throws -> LayerTreeDocument {
        let text: String
        do { text = try String(contentsOf: url, encoding: .utf8) } catch {
            throw StageError.invalidDocument(path: url.path, problem: "cannot be read (\(error.localizedDescription))")
        }
        do {
            return try LayerTreeDocument.decode(text, baseDirectory: url.deletingLastPathComponent())
        } catch let error as LayerTreeDocument.Invalid {
            throw StageError.invalidDocument(path: url.path, problem: error.description)
        }
    }

    /// Draws a document (at `scale`, or the document's own).
    public static func render(_ document: LayerTreeDocument, scale: CGFloat? = nil) -> PixelBuffer {
        LayerRenderer(scale: scale ?? document.scale).render(document.root, size: document.canvasSize, background: document.background)
    }

    static func transitionSpans(in marks: [(time: TimeInterval, label: String)]) -> [TransitionSpan] {
        var spans: [TransitionSpan] = []
        var open: [String: TimeInterval] = [:]
        for mark in marks {
            if mark.label.hasPrefix("transition.begin ") {
                open[String(mark.label.dropFirst("transition.begin ".count))] = mark.time
            } else if mark.label.hasPrefix("transition.end ") {
                let rest = mark.label.dropFirst("transition.end ".count)
                let parts = rest.split(separator: " ")
                let label = parts.dropLast().joined(separator: " ")
                if let start = open.removeValue(forKey: label) {
                    spans.append(TransitionSpan(label: label, start: start, end: mark.time, completed: parts.last == "completed"))
                }
            }
        }
        return spans
    }
}

/// Keeps frames in memory (for stills, filmstrips and tests).
public final class CollectingSink: FrameSink {
    public private(set) var frames: [PixelBuffer] = []
    public init() {}
    public func append(_ frame: PixelBuffer) throws { frames.append(frame) }
    public func finish() throws {}
    public func cancel() { frames = [] }
}
