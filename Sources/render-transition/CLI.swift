import Foundation
import Stage
import Media
import Scenes
import UIKit

let help = """
render-transition — renders iOS view-controller transitions offscreen into MP4 clips and PNG frames.

Usage:
  render-transition SCENE [--out PATH] [--fps N] [--scale S] [--device NAME] [--at SECONDS | --filmstrip N]
                         [--touches | --no-touches]
  render-transition SCENE --dump-tree tree.json --at SECONDS
  render-transition tree FILE.json --out still.png [--scale S]
  render-transition SCENE --plot PLOT.png [--device NAME]
  render-transition gallery [--out docs/gallery]
  render-transition --list
  render-transition --help

Output (--out; default output/SCENE.mp4):
  clip.mp4            H.264 MP4 of the whole clip (yuv420p, BT.709, constant frame rate)
  clip.gif            looping animated GIF of the whole clip (one palette, at most 50 fps; 30 suits docs)
  frames/             a PNG sequence: frames/frame-00000.png, frame-00001.png, …
  still.png --at T    one PNG of the screen at T seconds
  strip.png --filmstrip N
                      one PNG with N evenly spaced moments of the transition side by side

Options:
  --fps N             frames per second, 1–240 (default 60)
  --scale S           pixels per point, up to 4 (default: the device's, 3 for iPhone 16)
  --device NAME       \(Device.all.map(\.id).joined(separator: ", ")) (default iphone-16)
  --at SECONDS        the moment a .png still shows
  --filmstrip N       how many moments a filmstrip .png shows, 2–24
  --dump-tree PATH    write the presentation layer tree at --at as a JSON document (docs/LAYER-TREE-FORMAT.md)
  --plot PLOT.png     draw the animated properties' progress against time (240 Hz samples, marks at
                      touches and transitions); names and colours go to PLOT.png.txt and stdout.
                      Without --out only the plot is written.
  --touches           draw a translucent dot under each finger that is down (default: on for scenes
                      whose script drags, pans or swipes; off for taps only)
  --no-touches        never draw the touch dots
  --list              the scenes, with what each shows and how long it lasts

gallery writes, for every scene, SCENE.mp4 (2×), SCENE.gif (0.7×, 30 fps) and SCENE-filmstrip.png
into the --out directory (default docs/gallery).

Nothing is written at PATH unless the whole render succeeds.
"""

/// Exit codes are decided here only: 0 success, 1 the render failed (scene, output), 2 the command line was wrong.
enum CLI {
    static func run(_ argv: [String]) -> Int32 {
        let arguments: Arguments
        do {
            arguments = try Arguments.parse(argv)
        } catch {
            return fail("\(error)", code: 2)
        }
        switch arguments.command {
        case .help:
            print(help)
            return 0
        case .list:
            list()
            return 0
        case .gallery:
            return gallery(arguments.out ?? "docs/gallery")
        case .render(let name):
            return render(name, arguments)
        case .tree(let file):
            return renderTree(file, arguments)
        }
    }

    static func fail(_ message: String, code: Int32) -> Int32 {
        FileHandle.standardError.write(Data("render-transition: error: \(message)\n".utf8))
        return code
    }

    static func list() {
        // The name column fits the longest name: a truncated name could not be typed back.
        let width = builtInScenes.map { $0.name.count }.max() ?? 0
        for sceneType in builtInScenes {
            let name: String = sceneType.name, summary: String = sceneType.summary
            let duration = (try? Stage.plan(sceneType, settings: RenderSettings()).duration).map { String(format: "%.2f s", $0) } ?? "?"
            print("\(name.padding(toLength: width, withPad: " ", startingAt: 0)) \(duration.padding(toLength: 8, withPad: " ", startingAt: 0)) \(summary)")
        }
    }

    /// `render-transition gallery`: every scene's MP4, GIF and filmstrip, then a Markdown table of the GIFs.
    static func gallery(_ path: String) -> Int32 {
        let directory = URL(fileURLWithPath: path)
        do {
            try Gallery.write(builtInScenes, to: directory) { print($0) }
        } catch let error as StageError {
            return fail(error.description, code: exitCode(for: error))
        } catch {
            return fail("\(error)", code: 1)
        }
        print("\nMarkdown for the README (paths relative to the repository root):\n")
        print(galleryTable(builtInScenes.map { ($0.name, $0.summary) }, directory: path))
        return 0
    }

    /// Two scenes per row: each cell the GIF linking to its MP4, with the name and summary below.
    static func galleryTable(_ scenes: [(name: String, summary: String)], directory: String) -> String {
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        var rows = ["| | |", "|---|---|"]
        for start in stride(from: 0, to: scenes.count, by: 2) {
            let cells = scenes[start..<min(start + 2, scenes.count)].map { scene in
                let files = Gallery.files(of: scene.name)
                return "[![\(scene.name)](\(base)/\(files.gif))](\(base)/\(files.video))<br>**\(scene.name)**: \(scene.summary)"
            }
            rows.append("| " + (cells + (cells.count == 1 ? [""] : [])).joined(separator: " | ") + " |")
        }
        return rows.joined(separator: "\n")
    }

    static func render(_ name: String, _ arguments: Arguments) -> Int32 {
        guard let sceneType = scene(named: name) else {
            return fail(StageError.unknownScene(name, available: builtInScenes.map { $0.name }).description, code: 2)
        }
        let device = arguments.device.flatMap(Device.named) ?? .default
        let settings = RenderSettings(device: device, scale: arguments.scale.map { CGFloat($0) }, fps: arguments.fps ?? 60,
                                      touches: arguments.touches)
        if let dump = arguments.dumpTree {
            guard let time = arguments.at else {
                return fail("--dump-tree needs --at SECONDS: the moment whose layer tree to write.", code: 2)
            }
            do {
                let document = try Stage.dumpTree(sceneType, settings: settings, at: time)
                try writeAtomically(document.encoded(), to: dump)
                print("\(name): layer tree at \(time) s → \(dump)")
                if arguments.out == nil { return 0 }
            } catch let error as StageError {
                return fail(error.description, code: exitCode(for: error))
            } catch {
                return fail("\(error)", code: 1)
            }
        }
        if let plot = arguments.plot {
            do {
                let result = try Stage.writePlot(sceneType, device: device, to: URL(fileURLWithPath: plot))
                print(result.legend, terminator: "")
                print("\(name): plot of \(result.entries.count) curves → \(plot) (legend in \(plot).txt)")
            } catch let error as StageError {
                // A path that is not a .png is the caller's mistake (2); a scene or disk failure is 1.
                if case .unsupportedOutput = error { return fail(error.description, code: 2) }
                return fail(error.description, code: 1)
            } catch {
                return fail("\(error)", code: 1)
            }
            if arguments.out == nil { return 0 }
        }
        let path = arguments.out ?? "output/\(name).mp4"
        do {
            let target = try OutputTarget.resolve(path: path, at: arguments.at, filmstrip: arguments.filmstrip)
            let plan = try Stage.write(sceneType, settings: settings, to: target)
            let what: String
            switch target {
            case .video, .gif: what = "\(plan.frameCount) frames, \(String(format: "%.3f", plan.duration)) s at \(settings.fps) fps"
            case .pngSequence: what = "\(plan.frameCount) PNG frames"
            case .still(_, let time): what = "still at \(time) s"
            case .filmstrip(_, let count): what = "filmstrip of \(count) moments"
            }
            print("\(name): \(what), \(settings.pixelWidth)×\(settings.pixelHeight) px → \(path)")
            return 0
        } catch let error as StageError {
            return fail(error.description, code: exitCode(for: error))
        } catch {
            return fail("\(error)", code: 1)
        }
    }

    static func exitCode(for error: StageError) -> Int32 {
        switch error {
        case .invalidOption, .optionConflict, .unsupportedOutput, .timeOutOfRange, .unknownDevice, .unknownScene, .canvasTooLarge,
             .invalidDocument:
            return 2
        case .sceneDidNotSettle, .output, .invalidLayerTree:
            return 1
        }
    }

    /// `render-transition tree FILE.json --out still.png`: draws a layer-tree document.
    static func renderTree(_ file: String, _ arguments: Arguments) -> Int32 {
        guard let out = arguments.out else { return fail("tree needs --out still.png", code: 2) }
        guard out.lowercased().hasSuffix(".png") else {
            return fail("cannot write '\(out)': a layer-tree document renders to one still; give a .png path.", code: 2)
        }
        do {
            let document = try Stage.loadDocument(URL(fileURLWithPath: file))
            let scale = arguments.scale.map { CGFloat($0) } ?? document.scale
            let image = Stage.render(document, scale: scale)
            let sink = try PNGFileSink(file: URL(fileURLWithPath: out))
            do { try sink.append(image); try sink.finish() } catch { sink.cancel(); throw error }
            print("\(file): \(image.width)×\(image.height) px → \(out)")
            return 0
        } catch let error as StageError {
            return fail(error.description, code: exitCode(for: error))
        } catch {
            return fail("\(error)", code: 1)
        }
    }

    /// Writes text through a temporary file renamed into place, so a failure leaves nothing half-written.
    static func writeAtomically(_ text: String, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url, options: .atomic)
        } catch {
            throw StageError.output(path: path, reason: error.localizedDescription)
        }
    }
}
