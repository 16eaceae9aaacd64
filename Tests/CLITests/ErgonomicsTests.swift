import Testing
import Foundation
import Media
import Raster
import Stage
import Scenes
import TestSupport
@testable import RenderTransitionCLI

/// What every user of the command meets: version, suggestions, help for a scene, refused extra words,
/// the progress line and the closing summary (as text or JSON), and a GIF that works without options.
@Suite(.serialized) struct Ergonomics {
    typealias CLI = CommandLine

    @Test func versionPrintsTheToolAndVersion() throws {
        let result = try CLI.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == "render-transition \(RenderTransitionCLI.version)\n")
        #expect(try CLI.run(["--version", "card-expand"]).status == 2)
    }

    @Test("mistyped names get a suggestion", arguments: [
        (["card-expnd", "--out", "x.mp4"], "Did you mean 'card-expand'?"),
        (["card-expand", "--fsp", "30"], "Did you mean '--fps'?"),
        (["card-expand", "--device", "iphone16"], "Did you mean 'iphone-16'?"),
        (["galery"], "Did you mean 'gallery'?"),
    ])
    func suggestions(_ c: ([String], String)) throws {
        let result = try CLI.run(c.0)
        #expect(result.status == 2)
        #expect(result.stderr.contains(c.1), "\(result.stderr)")
    }

    @Test func farOffNamesGetNoSuggestion() throws {
        let result = try CLI.run(["zzzzzzzz"])
        #expect(result.status == 2)
        #expect(!result.stderr.contains("Did you mean"), "\(result.stderr)")
        #expect(result.stderr.contains("Available scenes:"))
    }

    @Test func helpForASceneSaysWhatItShowsAndHowLongItLasts() throws {
        for arguments in [["help", "card-expand"], ["card-expand", "--help"]] {
            let result = try CLI.run(arguments)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.hasPrefix("card-expand: App Store Today card expands"), "\(result.stdout)")
            #expect(result.stdout.contains("length      1.6 s, 97 frames at 60 fps"))
            #expect(result.stdout.contains("transition  0: present"))
            #expect(result.stdout.contains("render-transition card-expand --out output/card-expand.gif"))
        }
        let unknown = try CLI.run(["help", "card-explode"])
        #expect(unknown.status == 2 && unknown.stderr.contains("unknown scene 'card-explode'"))
        #expect(try CLI.run(["help"]).stdout.contains("Usage:"))
    }

    @Test func helpSaysParentFoldersAreCreated() throws {
        #expect(try CLI.run(["--help"]).stdout.contains("missing parent folders are created"))
    }

    @Test("extra words are refused, saying which", arguments: [
        (["card-expand", "clip.mp4"], "unexpected argument 'clip.mp4' after the scene name 'card-expand'. To choose where the output goes, use --out clip.mp4."),
        (["card-expand", "card-collapse"], "two scene names given"),
        (["--list", "card-expand"], "--list takes no scene or options"),
        (["tree", "a.json", "b.json"], "unexpected argument 'b.json' after tree FILE.json"),
        (["gallery", "docs"], "unexpected argument 'docs' after gallery"),
        (["help", "card-expand", "card-collapse"], "unexpected argument 'card-collapse' after help SCENE"),
        (["card-expand", "--quiet=yes"], "--quiet takes no value"),
        (["gallery", "--no-chrome"], "--no-chrome does not apply to 'gallery'"),
        (["tree", "t.json", "--out", "t.png", "--no-chrome"], "--no-chrome does not apply to 'tree'"),
        (["card-expand", "--appearance", "sepia"], "invalid value 'sepia' for --appearance: light or dark"),
        (["verify", "g", "--appearance", "dark"], "--appearance does not apply to 'verify'"),
        (["verify", "g", "--reduce-motion"], "--reduce-motion does not apply to 'verify'"),
        (["card-expand", "--reduce-motion=on"], "--reduce-motion takes no value"),
    ])
    func extraWords(_ c: ([String], String)) throws {
        let result = try CLI.run(c.0)
        #expect(result.status == 2)
        #expect(result.stderr.contains(c.1), "\(result.stderr)")
    }

    /// Renders show the device's status bar, island and home indicator unless `--no-chrome` says not to.
    @Test func chromeIsDrawnByDefaultAndLeftOutOnRequest() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let dressed = scratch.path("dressed.png"), plain = scratch.path("plain.png")
        #expect(try CLI.run(["card-expand", "--scale", "1", "--at", "0.2", "--out", dressed.path, "-q"]).status == 0)
        #expect(try CLI.run(["card-expand", "--scale", "1", "--at", "0.2", "--out", plain.path, "-q", "--no-chrome"]).status == 0)
        let a = try PNGCodec.decode(contentsOf: dressed), b = try PNGCodec.decode(contentsOf: plain)
        #expect(a[196, 29] == RGBA8(r: 0, g: 0, b: 0, a: 255) && b[196, 29] != a[196, 29])
    }

    /// `--bezel` frames the screen in the phone's outline: the output grows by the bezel, the display's
    /// corners are cut round, and the outline's corners show the background.
    @Test func bezelFramesTheScreen() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let framed = scratch.path("framed.png")
        let result = try CLI.run(["card-expand", "--scale", "1", "--at", "0.2", "--out", framed.path, "--bezel"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("417×876 px"), "\(result.stdout)")
        let image = try PNGCodec.decode(contentsOf: framed)
        #expect(image.width == 417 && image.height == 876)
        #expect(image[0, 0] == RGBA8(r: 242, g: 242, b: 247, a: 255))          // outside the outline
        #expect(image[13, 13] == image[0, 0])                                  // still outside it: no square ear of the display
        #expect(image[5, 438] == image[20, 30] && image[5, 438].r < 40)        // the body, and a display corner cut from the screen
        #expect(image[208, 500] != image[5, 438])                             // the screen
        #expect(try CLI.run(["verify", "g", "--bezel"]).stderr.contains("--bezel does not apply to 'verify'"))
    }

    @Test func theSummarySaysWhatWasWrittenAndQuietSaysNothing() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let directory = scratch.url
        let still = directory.appendingPathComponent("nested/deeper/still.png")
        let result = try CLI.run(["card-expand", "--scale", "0.5", "--at", "0.8", "--out", still.path])
        #expect(result.status == 0, "\(result.stderr)")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: still.path)[.size] as? NSNumber).intValue
        let line = result.stdout.trimmingCharacters(in: .newlines)
        #expect(line.hasPrefix("card-expand: still at 0.8 s, 197×426 px → \(still.path) ("), "\(line)")
        #expect(line.contains(Summary.size(size)) && line.hasSuffix(" s)"), "\(line)")
        // Not a terminal: no progress line on stderr.
        #expect(result.stderr.isEmpty, "\(result.stderr)")

        let quiet = try CLI.run(["card-expand", "--scale", "0.5", "--at", "0.8", "--out", still.path, "--quiet"])
        #expect(quiet.status == 0 && quiet.stdout.isEmpty && quiet.stderr.isEmpty)
        let failing = try CLI.run(["card-expand", "--at", "9", "--out", still.path, "-q"])
        #expect(failing.status == 2 && failing.stderr.contains("--at 9 is outside card-expand"))
    }

    @Test func jsonSummaryIsOneObjectForScripts() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let directory = scratch.url
        let clip = directory.appendingPathComponent("clip.mp4")
        let result = try CLI.run(["cross-dissolve", "--scale", "0.25", "--fps", "10", "--out", clip.path, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let size = try #require(try FileManager.default.attributesOfItem(atPath: clip.path)[.size] as? NSNumber).intValue
        #expect(object["scene"] as? String == "cross-dissolve")
        #expect(object["output"] as? String == clip.path)
        #expect(object["kind"] as? String == "mp4")
        #expect((object["bytes"] as? NSNumber)?.intValue == size)
        #expect((object["frames"] as? NSNumber)?.intValue == 18)
        #expect((object["fps"] as? NSNumber)?.intValue == 10)
        #expect((object["width"] as? NSNumber)?.intValue == 98 && (object["height"] as? NSNumber)?.intValue == 214)   // H.264 pads an odd side
        #expect((object["duration"] as? NSNumber)?.doubleValue == 1.7)
        #expect(object["seconds"] is NSNumber)

        let list = try CLI.run(["--list", "--json"])
        let scenes = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        #expect(scenes.count == builtInScenes.count)
        #expect(scenes.first?["name"] as? String == "card-expand" && (scenes.first?["duration"] as? NSNumber)?.doubleValue == 1.6)
    }

    @Test func aGIFWithoutOptionsIsFiftyFramesASecondAndDocsSized() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let directory = scratch.url
        let gif = directory.appendingPathComponent("clip.gif")
        let result = try CLI.run(["cross-dissolve", "--out", gif.path])
        #expect(result.status == 0, "\(result.stderr)")
        let info = try VideoInfo.probe(gif)
        #expect(info.width == 320 && info.height == 694, "\(info.width)×\(info.height)")
        // 50 fps: every frame 2 cs (still frames merged into the one before), 1.72 s in all.
        let delays = gifFrameDelays([UInt8](try Data(contentsOf: gif)))
        #expect(delays.allSatisfy { $0 % 2 == 0 } && delays.reduce(0, +) == 172, "\(delays)")
        #expect(result.stdout.contains("86 frames, 1.700 s at 50 fps"), "\(result.stdout)")
    }

    /// Under a pseudo-terminal (util-linux `script`), stderr is a terminal: the progress line appears and
    /// is cleared before the summary.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func progressLineOnATerminal() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let directory = scratch.url
        let clip = directory.appendingPathComponent("clip.mp4")
        let command = [CLI.binary.path, "cross-dissolve", "--scale", "0.25", "--fps", "30", "--out", clip.path].joined(separator: " ")
        let (status, text) = try Self.runInTerminal(command)
        #expect(status == 0, "\(text)")
        #expect(text.contains("cross-dissolve  52/52 frames"), "\(text)")
        #expect(text.contains("\r\u{1B}[K"))
        #expect(text.contains("cross-dissolve: 52 frames, 1.700 s at 30 fps"))
        let (quietStatus, quietText) = try Self.runInTerminal(command + " --quiet")
        #expect(quietStatus == 0 && !quietText.contains("frames"), "\(quietText)")
    }

    /// Runs a shell command under util-linux `script`, whose pseudo-terminal makes stderr a terminal.
    static func runInTerminal(_ command: String) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", command, "/dev/null"]
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    @Test func progressTextShowsFramesRateAndTimeLeft() {
        #expect(ProgressLine.text(label: "card-expand", done: 0, total: 97, elapsed: 0) == "card-expand  0/97 frames")
        #expect(ProgressLine.text(label: "card-expand", done: 45, total: 97, elapsed: 1.5)
                == "card-expand  45/97 frames  30.0 fps  1.7 s left")
        #expect(ProgressLine.text(label: "card-expand", done: 97, total: 97, elapsed: 3.2) == "card-expand  97/97 frames  30.3 fps")
    }

    /// A configured scene value renders under its own name, on its own device, with no global state.
    @Test func aVariantRendersOnItsOwnDevice() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let directory = scratch.url
        let still = directory.appendingPathComponent("se.png")
        let scenes = [CardExpandScene.definition,
                      CardExpandScene.variant("card-expand-se", summary: "On an iPhone SE", device: .iPhoneSE) { CardExpandScene() }]
        let status = RenderTransitionCLI.run(["card-expand-se", "--at", "0.5", "--out", still.path, "--quiet"], scenes: scenes)
        #expect(status == 0)
        let image = try PNGCodec.decode(contentsOf: still)
        #expect(image.width == 750 && image.height == 1334)
        #expect(RenderTransitionCLI.run(["card-expand-se", "--device", "iphone-16", "--scale", "1", "--at", "0.5",
                                         "--out", still.path, "--quiet"], scenes: scenes) == 0)
        #expect(try PNGCodec.decode(contentsOf: still).width == 393)
    }
}
