import Foundation
import Stage

/// A mistake in how the tool was called: exit code 2, with a message naming the option and what it takes.
struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The parsed command line.
struct Arguments: Equatable {
    enum Command: Equatable { case help, list, gallery, render(scene: String), tree(file: String) }
    var command: Command = .help
    var out: String?
    var fps: Int?
    var scale: Double?
    var at: Double?
    var filmstrip: Int?
    var device: String?
    var dumpTree: String?
    var plot: String?
    /// `--touches` / `--no-touches`; nil: the scene decides (on when its script moves a finger).
    var touches: Bool?

    static let valueOptions = ["--out", "--fps", "--scale", "--at", "--filmstrip", "--device", "--dump-tree", "--plot"]

    /// Accepts `--name value` and `--name=value`; options may come before or after the scene name.
    static func parse(_ argv: [String]) throws -> Arguments {
        var result = Arguments()
        var scene: String?
        var seen = Set<String>()
        var index = 0
        while index < argv.count {
            let word = argv[index]
            index += 1
            if word == "--help" || word == "-h" { return Arguments(command: .help) }
            if word == "--list" { result.command = .list; continue }
            if word == "--touches" || word == "--no-touches" {
                guard result.touches == nil else {
                    throw UsageError("\(word) conflicts with an earlier --touches or --no-touches; give one of them once.")
                }
                result.touches = word == "--touches"
                continue
            }
            guard word.hasPrefix("-") else {
                if let scene { throw UsageError("two scene names given ('\(scene)' and '\(word)'); render one scene per run.") }
                if word == "gallery" {
                    result.command = .gallery
                    scene = "gallery"
                    continue
                }
                if word == "tree" {
                    guard index < argv.count, !argv[index].hasPrefix("--") else {
                        throw UsageError("tree needs a layer-tree document: render-transition tree FILE.json --out still.png")
                    }
                    result.command = .tree(file: argv[index])
                    index += 1
                    scene = "tree"
                    continue
                }
                scene = word
                continue
            }
            var name = word, value: String?
            if let equals = word.firstIndex(of: "=") {
                name = String(word[..<equals]); value = String(word[word.index(after: equals)...])
            }
            guard valueOptions.contains(name) else {
                throw UsageError("unknown option '\(name)'. Options: --out, --fps, --scale, --at, --filmstrip, --device, --dump-tree, --plot, --touches, --no-touches, --list, --help.")
            }
            if value == nil {
                guard index < argv.count, !argv[index].hasPrefix("--") else {
                    throw UsageError("\(name) needs a value, e.g. \(example(name)).")
                }
                value = argv[index]
                index += 1
            }
            guard seen.insert(name).inserted else { throw UsageError("\(name) is given twice; give it once.") }
            try result.set(name, value!)
        }
        if case .tree = result.command {
            for (given, name) in [(result.fps != nil, "--fps"), (result.at != nil, "--at"), (result.filmstrip != nil, "--filmstrip"),
                                  (result.device != nil, "--device"), (result.dumpTree != nil, "--dump-tree"),
                                  (result.plot != nil, "--plot"), (result.touches != nil, "--touches/--no-touches")] where given {
                throw UsageError("\(name) does not apply to 'tree': a document is one still. Use --out still.png and optionally --scale.")
            }
        } else if result.command == .gallery {
            for (given, name) in [(result.fps != nil, "--fps"), (result.scale != nil, "--scale"), (result.at != nil, "--at"),
                                  (result.filmstrip != nil, "--filmstrip"), (result.device != nil, "--device"),
                                  (result.dumpTree != nil, "--dump-tree"), (result.plot != nil, "--plot"),
                                  (result.touches != nil, "--touches/--no-touches")] where given {
                throw UsageError("\(name) does not apply to 'gallery': it renders every scene with fixed settings (a 2× MP4, a 0.7× 30 fps GIF, a filmstrip). Only --out DIRECTORY may be given.")
            }
        } else if result.command != .list {
            if let scene { result.command = .render(scene: scene) }
            else if result != Arguments() { throw UsageError("no scene named. Usage: render-transition SCENE --out PATH. Run 'render-transition --list' to see the scenes.") }
        }
        return result
    }

    private mutating func set(_ name: String, _ value: String) throws {
        switch name {
        case "--out":
            guard !value.isEmpty else { throw UsageError("--out needs a path, e.g. \(Self.example(name)).") }
            out = value
        case "--fps":
            guard let n = Int(value), RenderSettings.fpsRange.contains(n) else {
                throw UsageError("invalid value '\(value)' for --fps: a whole number of frames per second from 1 to 240, e.g. 60.")
            }
            fps = n
        case "--scale":
            guard let s = Double(value), s.isFinite, s > 0, s <= 4 else {
                throw UsageError("invalid value '\(value)' for --scale: pixels per point, greater than 0 and at most 4 (the device's own scale by default; 1 for small test renders).")
            }
            scale = s
        case "--at":
            guard let t = Double(value.hasSuffix("s") ? String(value.dropLast()) : value), t.isFinite, t >= 0 else {
                throw UsageError("invalid value '\(value)' for --at: a time in seconds from the start of the clip, 0 or more, e.g. 0.5.")
            }
            at = t
        case "--filmstrip":
            guard let n = Int(value), (2...24).contains(n) else {
                throw UsageError("invalid value '\(value)' for --filmstrip: how many moments to show, from 2 to 24.")
            }
            filmstrip = n
        case "--dump-tree":
            guard value.hasSuffix(".json") else {
                throw UsageError("--dump-tree writes a JSON document: give a path ending in .json, e.g. --dump-tree tree.json")
            }
            dumpTree = value
        case "--device":
            guard Device.named(value) != nil else {
                throw UsageError(StageError.unknownDevice(value, available: Device.all.map(\.id)).description)
            }
            device = value
        case "--plot":
            guard value.lowercased().hasSuffix(".png") else {
                throw UsageError("--plot writes a .png image of the animated properties against time, e.g. \(Self.example(name)).")
            }
            plot = value
        default:
            preconditionFailure("unhandled option \(name)")
        }
    }

    static func example(_ name: String) -> String {
        switch name {
        case "--out": "--out output/card-expand.mp4"
        case "--fps": "--fps 60"
        case "--scale": "--scale 1"
        case "--at": "--at 0.5"
        case "--filmstrip": "--filmstrip 6"
        case "--dump-tree": "--dump-tree tree.json --at 0.5"
        case "--plot": "--plot output/card-expand-plot.png"
        default: "--device iphone-16"
        }
    }
}
