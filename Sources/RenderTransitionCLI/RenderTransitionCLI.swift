import Foundation
import Stage
import Media

/// The `render-transition` command as a library: a package's own executable becomes the full command
/// over its own scenes (every option, `--list`, `help`, `gallery`, `tree`, the errors and exit codes).
///
///     // Sources/my-scenes/main.swift
///     import RenderTransitionCLI
///     import MyTransitions
///
///     RenderTransitionCLI.main(scenes: [CardModalScene.self])
///
/// Exit codes: 0 success, 1 a render failed (a scene that never settles, a file that cannot be written),
/// 2 the command line was wrong (unknown scene, option or device, a bad value, a malformed document),
/// 130 and 143 stopped by SIGINT and SIGTERM (nothing written, earlier output unchanged).
public enum RenderTransitionCLI {
    /// The version of render-transition, printed by `--version`.
    public static let version = "0.7.0"

    /// Runs the command line of this process over `scenes` and exits with its status. SIGINT (Ctrl-C) and
    /// SIGTERM stop a render between two frames, remove its partial output and exit 130 or 143; a second
    /// one stops the process at once.
    public static func main(scenes: [SceneDefinition]) -> Never {
        let tool = URL(fileURLWithPath: CommandLine.arguments.first ?? "render-transition").lastPathComponent
        Interruption.handleSignals()
        exit(run(Array(CommandLine.arguments.dropFirst()), scenes: scenes, toolName: tool))
    }

    /// Runs the command line of this process over scene types as declared (`[CardModalScene.self]`).
    public static func main(scenes: [Scene.Type]) -> Never {
        main(scenes: scenes.map { SceneDefinition($0) })
    }

    /// Runs one command line (without the tool's own name) and returns the exit status. Output goes to
    /// standard output and standard error, as from `main`.
    public static func run(_ arguments: [String], scenes: [SceneDefinition], toolName: String = "render-transition") -> Int32 {
        Command(tool: toolName, scenes: SceneCatalog(scenes)).run(arguments)
    }
}

extension RenderTransitionCLI {
    /// Parses a command line without running it, throwing the usage error a run would print (for the
    /// fuzz target of the parser; scene names are checked only when a command runs).
    package static func parseCommandLine(_ arguments: [String]) throws {
        _ = try Arguments.parse(arguments)
    }
}

/// The scenes a tool was given, looked up by name.
struct SceneCatalog {
    let all: [SceneDefinition]

    init(_ scenes: [SceneDefinition]) {
        var seen = Set<String>()
        for scene in scenes {
            // Programmer errors in the tool's own code: stop with a message that survives release builds.
            if scene.name.isEmpty || scene.name.contains(where: \.isWhitespace) || scene.name.hasPrefix("-") {
                fatalError("RenderTransitionCLI: scene name '\(scene.name)' cannot be typed as an argument: use letters, digits and dashes, e.g. \"card-modal\".")
            }
            if Command.reservedWords.contains(scene.name) {
                fatalError("RenderTransitionCLI: scene name '\(scene.name)' is a command of the tool (\(Command.reservedWords.sorted().joined(separator: ", "))); rename the scene.")
            }
            if !seen.insert(scene.name).inserted {
                fatalError("RenderTransitionCLI: two scenes are named '\(scene.name)'; give each scene (and each variant) its own name.")
            }
        }
        all = scenes
    }

    var names: [String] { all.map(\.name) }
    func named(_ name: String) -> SceneDefinition? { all.first { $0.name == name } }
}
