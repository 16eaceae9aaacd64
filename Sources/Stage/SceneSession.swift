import UIKit
import Raster
import Media

/// One run of a scene on its own virtual clock and screen: builds the window, plays the script, and
/// answers what the screen shows at any time from now on. Time only moves forward.
public final class SceneSession {
    /// Stillness before the first input and after the last motion settles (SCENES.md).
    public static let leadIn: TimeInterval = 0.2
    public static let hold: TimeInterval = 0.3
    /// A scene that has not settled by then is broken (an animation that never ends, a script that loops).
    public static let timeLimit: TimeInterval = 120

    public let sceneType: Scene.Type
    public let device: Device
    public let timeline = Timeline()
    private let screen: UIScreen
    private var scene: Scene!
    private var window: UIWindow!
    private var player: ScriptPlayer!
    /// One renderer for the run: it keeps the unchanged backdrop between consecutive frames.
    private var renderer: LayerRenderer?

    public init(_ sceneType: Scene.Type, device: Device = .default) {
        self.sceneType = sceneType
        self.device = device
        screen = device.screen
        // Images load through Media's PNG decoder, as ImageIO backs UIImage on iOS.
        CGImageDecoding.decodePNG = { bytes in
            let pixels = try PNGCodec.decode(bytes)
            return CGImage(width: pixels.width, height: pixels.height, premultipliedRGBA: pixels.bytes)!
        }
        within {
            scene = sceneType.init()
            window = UIWindow(screen: screen)
            window.rootViewController = scene.makeRootViewController()
            window.makeKeyAndVisible()
            window.layoutIfNeeded()
            player = ScriptPlayer(script: scene.script(), window: window, start: Self.leadIn)
        }
    }

    /// Runs `body` with this session's clock and screen as the current ones.
    public func within<T>(_ body: () throws -> T) rethrows -> T {
        try Timeline.$current.withValue(timeline) {
            try UIScreen.$main.withValue(screen) { try body() }
        }
    }

    public var now: TimeInterval { timeline.now }

    /// The end of the clip, once the script has finished and everything settled (nil before).
    public var endTime: TimeInterval? { player.finishedAt.map { $0 + Self.hold } }

    /// Moves the clock to `time`, running script steps, touches and animation completions at their own
    /// times, with a layout pass after each (what a run-loop turn does on iOS).
    public func advance(to time: TimeInterval) {
        within {
            while true {
                if player.isWaitingForIdle && timeline.isIdle {
                    player.resume()
                    window.layoutIfNeeded()
                    continue
                }
                guard let next = timeline.nextEventTime, next <= time else { break }
                timeline.advance(to: next)
                window.layoutIfNeeded()
            }
            timeline.advance(to: time)
            window.layoutIfNeeded()
        }
    }

    /// Advances until the clip's end is known; returns it.
    public func runToEnd() throws -> TimeInterval {
        advance(to: now)
        while endTime == nil {
            guard let next = within({ timeline.nextEventTime }) else {
                preconditionFailure("SceneSession: the script is neither waiting nor finished with nothing scheduled")
            }
            guard next <= Self.timeLimit else {
                throw StageError.sceneDidNotSettle(scene: sceneType.name, seconds: Self.timeLimit)
            }
            advance(to: next)
        }
        return endTime!
    }

    /// The presentation tree now.
    public func snapshot() -> LayerSnapshot { within { window.layer.snapshot(at: timeline.now) } }

    /// What the screen shows now, at `scale` pixels per point. A tree the scene left with non-finite or
    /// negative geometry is an error naming the layer.
    public func render(scale: CGFloat) throws -> PixelBuffer {
        let tree = snapshot()
        do { try tree.validate() } catch let error as InvalidLayerTree {
            throw StageError.invalidLayerTree(scene: sceneType.name, time: now, problem: error.description)
        }
        if renderer?.scale != scale { renderer = LayerRenderer(scale: scale) }
        return renderer!.render(tree, size: device.size, background: .black)
    }

    /// The presentation tree now, as a layer-tree document.
    public func document(scale: CGFloat) -> LayerTreeDocument {
        LayerTreeDocument(canvasSize: device.size, scale: scale, background: .black, root: snapshot())
    }

    /// The window's layer: the live layer tree (for tracing what animates).
    public var rootLayer: CALayer { window.layer }

    /// Labelled moments so far (transition begins and ends, touches).
    public var marks: [(time: TimeInterval, label: String)] { timeline.marks }
}

/// Plays a script on the timeline: each step schedules the next.
final class ScriptPlayer {
    private var steps: [Script.Step]
    private unowned let window: UIWindow
    private(set) var isWaitingForIdle = false
    private(set) var finishedAt: TimeInterval?

    init(script: Script, window: UIWindow, start: TimeInterval) {
        steps = script.steps + [.waitUntilIdle]
        self.window = window
        Timeline.current.schedule(at: start) { [weak self] in self?.runNext() }
    }

    func resume() {
        isWaitingForIdle = false
        runNext()
    }

    private func runNext() {
        guard !steps.isEmpty else {
            finishedAt = CACurrentMediaTime()
            return
        }
        let now = CACurrentMediaTime()
        switch steps.removeFirst() {
        case .wait(let seconds):
            Timeline.current.schedule(at: now + max(seconds, 0)) { [weak self] in self?.runNext() }
        case .waitUntilIdle:
            isWaitingForIdle = true
        case .tap(let duration, let target):
            let point = target()
            Timeline.current.mark("touch.down \(Int(point.x)),\(Int(point.y))")
            window.sendTouch(finger: 0, phase: .began, at: point)
            Timeline.current.schedule(at: now + duration) { [weak self] in
                guard let self else { return }
                Timeline.current.mark("touch.up \(Int(point.x)),\(Int(point.y))")
                self.window.sendTouch(finger: 0, phase: .ended, at: point)
                self.runNext()
            }
        }
    }
}
