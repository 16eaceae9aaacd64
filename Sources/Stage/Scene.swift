import UIKit

/// A built-in or user scene: screens set up as an iOS app would, and a script of what a person does.
///
/// The Stage creates the scene on a fresh virtual clock and screen, installs `makeRootViewController()` in
/// a window, waits `Stage.leadIn` seconds, plays `script()`, waits until every animation has settled, and
/// holds `Stage.hold` seconds more. That moment is the end of the clip.
/// (`SendableMetatype`: scene types are listed in shared constants such as `builtInScenes`.)
public protocol Scene: AnyObject, SendableMetatype {
    /// The command-line name, e.g. "card-expand".
    static var name: String { get }
    /// One line for `--list`.
    static var summary: String { get }
    init()
    func makeRootViewController() -> UIViewController
    func script() -> Script
}

/// A scene as the command line and the tests see it: a name, a one-line summary, a fresh scene for each
/// run, and the device it renders on unless told otherwise.
///
/// Made from a scene type (`CardModalScene.definition`) or as a configured variant of one, so another
/// damping, device or screen can be rendered and tested without global state:
///
///     CardModalScene.variant("card-modal-stiff", summary: "The card modal on a stiffer spring") {
///         CardModalScene(dampingRatio: 0.9)
///     }
public struct SceneDefinition: Sendable {
    public let name: String
    public let summary: String
    /// The device this scene renders on when none is asked for (nil: the default device).
    public let device: Device?
    private let make: @Sendable () -> Scene

    /// A scene with its own name and summary, made by `make` for each run.
    public init(name: String, summary: String, device: Device? = nil, make: @escaping @Sendable () -> Scene) {
        self.name = name; self.summary = summary; self.device = device; self.make = make
    }

    /// A scene type as declared: its `name`, `summary` and `init()`.
    public init(_ type: Scene.Type) {
        // A metatype is immutable and safe to share; Swift only lacks a way to say so for `any Scene.Type`.
        struct SharedType: @unchecked Sendable { let type: Scene.Type }
        let shared = SharedType(type: type)
        self.init(name: type.name, summary: type.summary, make: { shared.type.init() })
    }

    /// A new instance, for one run: a scene holds the state of its run (its screens, its clock's objects).
    public func makeScene() -> Scene { make() }
}

extension Scene {
    /// This scene type as a definition (its name, summary and `init()`).
    public static var definition: SceneDefinition { SceneDefinition(self) }

    /// A configured variant of this scene under its own name: `make` builds each run's instance, e.g. with
    /// another damping ratio; `device` is the device it renders on unless told otherwise.
    public static func variant(_ name: String, summary: String? = nil, device: Device? = nil,
                               make: @escaping @Sendable () -> Self) -> SceneDefinition {
        SceneDefinition(name: name, summary: summary ?? "\(self.summary) (variant)", device: device, make: make)
    }
}

/// What you can do with a scene: plan, render and write it (Playback, Output), and look inside it
/// (Diagnostics). Those modules extend this namespace.
public enum Stage {}
