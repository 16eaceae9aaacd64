import Testing
import Foundation
import Stage
import Scenes
@testable import RenderTransitionCLI

/// Every subcommand answers `--help`, `-h` and `help COMMAND` with its own usage, in the built binary and
/// in a user's tool made with `RenderTransitionCLI`; the usage lists exactly the options the parser takes.
@Suite(.serialized) struct Help {
    typealias CLI = CommandLine
    static let subcommands = ["verify", "gallery", "tree", "help"]

    @Test("each subcommand's usage, three ways to ask", arguments: subcommands)
    func subcommandUsage(_ name: String) throws {
        for arguments in [[name, "--help"], [name, "-h"], ["help", name]] {
            let result = try CLI.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stdout.hasPrefix("Usage: render-transition \(name)"), "\(arguments): \(result.stdout)")
            #expect(result.stdout.contains("Example"), "\(arguments)")
            #expect(result.stderr.isEmpty, "\(arguments): \(result.stderr)")
        }
    }

    /// Words after the subcommand do not turn a request for help into an error.
    @Test func helpAfterASubcommandsArgumentsStillShowsItsUsage() throws {
        let result = try CLI.run(["verify", "Goldens", "card-expand", "--record", "all", "--help"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Usage: render-transition verify GOLDENS_DIR"))
    }

    @Test func theGeneralHelpPointsAtSubcommandHelp() throws {
        #expect(try CLI.run(["--help"]).stdout.contains("help COMMAND"))
    }

    /// The options a subcommand's usage lists are exactly those the parser lets it take, so the help
    /// cannot drift from the code.
    @Test("usage lists exactly the options the parser accepts", arguments: [
        ("verify", ["verify", "Goldens"]), ("gallery", ["gallery"]), ("tree", ["tree", "t.json"]),
    ])
    func usageMatchesParser(_ c: (String, [String])) throws {
        let usage = Command(tool: "render-transition", scenes: SceneCatalog([])).usage(of: c.0)
        // The "Options:" section, up to the blank line after it.
        let options = try #require(usage.components(separatedBy: "Options:\n").last?.components(separatedBy: "\n\n").first)
        let values = ["--out": "o", "--fps": "30", "--scale": "1", "--at": "0.5", "--filmstrip": "4",
                      "--device": "iphone-16", "--dump-tree": "t.json", "--plot": "p.png", "--record": "never",
                      "--junit": "j.xml", "--appearance": "dark", "--shard": "1/2", "--jobs": "2"]
        // Options of every command (output style), or commands of their own.
        let general: Set<String> = ["--help", "--version", "--list", "--quiet", "--json"]
        for option in Arguments.allOptions where !general.contains(option) {
            let words = c.1 + [option] + (values[option].map { [$0] } ?? [])
            let accepted = (try? Arguments.parse(words)) != nil
            let listed = [" ", "\n", ","].contains { options.contains(option + $0) }
            #expect(accepted == listed, "\(c.0) \(option): parser \(accepted ? "accepts" : "refuses"), usage \(listed ? "lists" : "omits") it")
        }
        for option in ["--quiet", "--json"] { #expect(options.contains(option)) }
    }

    /// The general usage is the render command's: it names every option the parser takes.
    @Test func theGeneralUsageNamesEveryOption() {
        let help = Command(tool: "render-transition", scenes: SceneCatalog([])).help
        for option in Arguments.allOptions {
            #expect([" ", ",", "\n", "]"].contains { help.contains(option + $0) }, "--help does not mention \(option)")
        }
    }

    @Test func helpWithASceneStillDescribesTheScene() throws {
        let result = try CLI.run(["help", "cross-dissolve"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("cross-dissolve: "))
    }

    /// "unknown scene 'verify'. Did you mean 'verify'?" helped nobody: a suggestion is never the word typed.
    @Test func aSuggestionNeverRepeatsTheWordTyped() throws {
        #expect(closestName(to: "verify", among: ["verify", "gallery", "tree"]) == nil)
        #expect(closestName(to: "verfy", among: ["verify", "gallery", "tree"]) == "verify")
        let result = try CLI.run(["verify", "Goldens", "verify"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("unknown scene 'verify'"), "\(result.stderr)")
        #expect(!result.stderr.contains("Did you mean 'verify'"), "\(result.stderr)")
    }

    /// A user's tool gets the same help, in its own name.
    @Test func aUsersToolHasSubcommandHelpInItsOwnName() throws {
        let scenes = [CardExpandScene.definition]
        #expect(try Arguments.parse(["gallery", "--help"]).command == .help(topic: "gallery"))
        #expect(try Arguments.parse(["help", "verify"]).command == .help(topic: "verify"))
        #expect(try Arguments.parse(["help", "card-expand"]).command == .help(topic: "card-expand"))
        #expect(RenderTransitionCLI.run(["tree", "--help"], scenes: scenes, toolName: "my-scenes") == 0)
        let command = Command(tool: "my-scenes", scenes: SceneCatalog(scenes))
        for name in Self.subcommands {
            #expect(command.usage(of: name).hasPrefix("Usage: my-scenes \(name)"))
            #expect(!command.usage(of: name).contains("render-transition \(name)"))
        }
        #expect(command.help.contains("my-scenes help COMMAND"))
    }

    @Test func benchmarkHelpDescribesEveryMode() throws {
        let binary = CLI.binary.deletingLastPathComponent().appendingPathComponent("render-benchmark")
        let process = Process()
        process.executableURL = binary
        process.arguments = ["--help"]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        for mode in ["SCENE", "--part render", "expand", "moving", "blur", "siblings", "kernels", "autolayout", "--scale"] {
            #expect(text.contains(mode), "render-benchmark --help does not mention \(mode)")
        }
    }
}
