import UIKit
import Stage
import Compositor
import Raster
import Media

/// One run of a scene on its own virtual clock and screen: builds the window, plays the script, and
/// answers what the screen shows at any time from now on. Time only moves forward.
public final class SceneSession {
    /// Stillness before the first input and after the last motion settles, so clips read well as docs media.
    public static let leadIn: TimeInterval = 0.2
    public static let hold: TimeInterval = 0.3
    /// A scene that has not settled by then is broken (an animation that never ends, a script that loops).
    public static let timeLimit: TimeInterval = RenderLimits.clipSeconds

    public let definition: SceneDefinition
    public let device: Device
    public let timeline = Timeline()
    private let screen: UIScreen
    /// The app of this run: `UIApplication.shared` while the session runs (its windows, its scene).
    private let application = UIApplication()
    private(set) var scene: Scene!
    private var window: UIWindow!
    private var player: ScriptPlayer!
    /// Whether frames show touches unless told otherwise: when a finger moves somewhere in the script.
    public private(set) var showsTouchesByDefault = false
    /// One renderer for the run: it keeps the unchanged backdrop between consecutive frames.
    private var renderer: LayerRenderer?

    public convenience init(_ sceneType: Scene.Type, device: Device = .default, appearance: RenderSettings.Appearance = .light,
                            frameRate: Int = 60, accessibility: AccessibilitySettings = []) {
        self.init(sceneType.definition, device: device, appearance: appearance, frameRate: frameRate, accessibility: accessibility)
    }

    /// A session for a render with `settings`: its device, appearance, frame rate and accessibility.
    public convenience init(_ definition: SceneDefinition, settings: RenderSettings) {
        self.init(definition, device: settings.device, appearance: settings.appearance, frameRate: settings.fps,
                  accessibility: settings.accessibility)
    }

    /// `appearance` is the screen's style for the whole run: views, controllers and dynamic colours
    /// resolve with it unless they override it. `frameRate` is the display's: display links and UIKit
    /// Dynamics step on its frame grid, so a plan and a render of one clip must share it.
    /// `accessibility` is what `UIAccessibility` answers for the whole run.
    public init(_ definition: SceneDefinition, device: Device = .default, appearance: RenderSettings.Appearance = .light,
                frameRate: Int = 60, accessibility: AccessibilitySettings = []) {
        self.definition = definition
        timeline.frameRate = frameRate
        application.accessibilitySettings = accessibility
        self.device = device
        screen = device.screen(userInterfaceStyle: appearance.userInterfaceStyle)
        // Images load through Media's PNG codec, as ImageIO backs UIImage on iOS (installed once per process).
        PNGCodec.installAsImageCodec()
        // Image renderers and snapshots draw through the Compositor.
        LayerRenderer.installContextRasterizer()
        within {
            scene = definition.makeScene()
            window = UIWindow(screen: screen)
            window.rootViewController = scene.makeRootViewController()
            window.makeKeyAndVisible()
            endTurn()
            let script = scene.script()
            showsTouchesByDefault = script.containsDrag
            player = ScriptPlayer(script: script, window: window, start: Self.leadIn)
        }
    }

    /// Runs `body` with this session's clock and screen as the current ones.
    public func within<T>(_ body: () throws -> T) rethrows -> T {
        try Timeline.$current.withValue(timeline) {
            try UIScreen.$main.withValue(screen) {
                try UIApplication.$shared.withValue(application) { try body() }
            }
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
                    endTurn()
                    continue
                }
                guard let next = timeline.nextEventTime, next <= time else { break }
                timeline.advance(to: next)
                endTurn()
            }
            timeline.advance(to: time)
            endTurn()
        }
    }

    /// What iOS does at the end of a run-loop turn: a layout pass, a display pass (`draw(_:)`), and a status bar style that changed
    /// without `setNeedsStatusBarAppearanceUpdate()` shown.
    private func endTurn() {
        window.layoutIfNeeded()
        window.displayPendingContent()
        window.settleStatusBarAppearance()
    }

    /// Advances until the clip's end is known; returns it.
    public func runToEnd() throws -> TimeInterval {
        advance(to: now)
        while endTime == nil {
            guard let next = within({ timeline.nextEventTime }) else {
                misuse("SceneSession: the script is neither waiting nor finished with nothing scheduled")
            }
            guard next <= Self.timeLimit else {
                throw StageError.sceneDidNotSettle(scene: definition.name, seconds: Self.timeLimit)
            }
            try Interruption.check()  // a long dry run (plan, plot) stops on Ctrl-C too
            advance(to: next)
        }
        return endTime!
    }

    /// The presentation tree now; with `chrome`, the device's status bar, cutout and home indicator on top
    /// (its Wi-Fi glyph drawn for `scale`).
    public func snapshot(chrome: Bool = false, scale: CGFloat? = nil) -> LayerSnapshot {
        within {
            var tree = window.layer.snapshot(at: timeline.now)
            if chrome {
                let key = ChromeKey(lightness: window.statusBarAppearance.lightness(at: timeline.now),
                                    indicatorLightness: window.homeIndicatorLightness,
                                    statusBarHidden: window.rootViewController?.statusBarHiddenOwner.prefersStatusBarHidden ?? false,
                                    scale: scale ?? device.scale)
                // The chrome changes only with the style (and during a style's cross-fade): made again per
                // frame, its Wi-Fi glyph would be a new image every frame (rasterized again, and never equal
                // to the last for the damage check).
                if chromeLayers?.key != key {
                    chromeLayers = (key, DeviceChromeLayers.make(device.chrome, size: device.size, lightness: key.lightness,
                                                                 indicatorLightness: key.indicatorLightness,
                                                                 statusBarHidden: key.statusBarHidden, scale: key.scale))
                }
                tree.sublayers.append(chromeLayers!.layers)
            }
            return tree
        }
    }

    private struct ChromeKey: Equatable {
        /// The status bar's content: 0 dark, 1 light, between while it cross-fades.
        var lightness: CGFloat
        /// The home indicator's, when it differs from the status bar's (over a sheet).
        var indicatorLightness: CGFloat?
        var statusBarHidden: Bool
        var scale: CGFloat
    }
    private var chromeLayers: (key: ChromeKey, layers: LayerSnapshot)?

    /// The fingers that are down now (window coordinates).
    public var touchLocations: [CGPoint] { window.touchLocations.map(\.location) }

    /// The touch dots now: one at full strength under each finger that is down, and one fading where each
    /// finger lifted in the last `TouchOverlay.afterLift` seconds of the virtual clock.
    public var touchDots: [(location: CGPoint, opacity: Double)] {
        let now = timeline.now
        let lifted = player.lifts.compactMap { lift -> (location: CGPoint, opacity: Double)? in
            let strength = TouchOverlay.strength(sinceLift: now - lift.time)
            return strength > 0 ? (lift.location, strength) : nil
        }
        return lifted + touchLocations.map { ($0, 1) }
    }

    /// What the screen shows now, at `scale` pixels per point, with the touch dots (`touchDots`) when
    /// `touches` is true (nil: `showsTouchesByDefault`). A tree the scene left with non-finite or
    /// negative geometry is an error naming the layer.
    public func render(scale: CGFloat, touches: Bool? = nil, chrome: Bool = false) throws -> PixelBuffer {
        var image = try renderLayers(scale: scale, chrome: chrome)
        let dots = touches ?? showsTouchesByDefault ? touchDots : []
        if !dots.isEmpty {
            // The renderer remembers `image`, so the dots go on a copy, made in the memory of the previous
            // frame with dots when the caller has dropped that one.
            image = image.copy(reusing: &frameWithTouches)
            TouchOverlay.draw(dots, scale: Double(scale), on: &image)
            frameWithTouches = image
        } else {
            frameWithTouches = PixelBuffer(width: 0, height: 0)
        }
        return image
    }

    /// The last frame returned with touch dots (the storage of the next one).
    private var frameWithTouches = PixelBuffer(width: 0, height: 0)

    /// Checks each frame's tree, skipping the layers that did not change since the last one.
    private let validator = LayerTreeValidator()

    private func renderLayers(scale: CGFloat, chrome: Bool) throws -> PixelBuffer {
        if renderer?.scale != scale { renderer = LayerRenderer(scale: scale) }
        let tree = snapshot(chrome: chrome, scale: scale)
        do { try validator.validate(tree, canvas: (device.size, scale)) } catch let error as InvalidLayerTree {
            throw StageError.invalidLayerTree(scene: definition.name, time: now, problem: error.description)
        }
        return renderer!.render(tree, size: device.size, background: .black)
    }

    /// The window's layer: the live layer tree (for tracing what animates).
    public var rootLayer: CALayer { window.layer }

    /// Labelled moments so far (transition begins and ends, touches).
    public var marks: [(time: TimeInterval, label: String)] { timeline.marks }
}
