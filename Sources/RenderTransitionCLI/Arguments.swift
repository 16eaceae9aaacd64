import Foundation
import Stage
import Output
import Media
import Goldens

/// A mistake in how the tool was called: exit code 2, with a message naming the option and what it takes.
struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The subcommands (`Command` inside `Arguments` is the parsed command, not the runner).
private let subcommandWords = Command.reservedWords

/// The parsed command line.
struct Arguments: Equatable {
    enum Command: Equatable {
        /// The whole usage, or one scene's or subcommand's (`help verify`, `verify --help`).
        case help(topic: String?)
        case version
        case list
        case gallery
        case render(scene: String)
        case tree(file: String)
        case verify(goldens: String, scenes: [String])
    }
    var command: Command = .help(topic: nil)
    var out: String?
    var fps: Int?
    var scale: Double?
    var at: Double?
    var filmstrip: Int?
    /// `--transition NAME|INDEX`: render only that transition (a kind name as goldens name it, a label,
    /// or its index from `help SCENE`), resolved against the scene's plan when the command runs.
    var transition: String?
    var device: String?
    var dumpTree: String?
    var plot: String?
    /// `--touches` / `--no-touches`; nil: the scene decides (on when its script moves a finger).
    var touches: Bool?
    /// No progress line and no summary; errors still go to standard error.
    var quiet = false
    /// The summary as JSON on standard output, for scripts.
    var json = false
    /// `verify`: when goldens are written (nil: from the environment, as in tests).
    var record: SnapshotRecordMode?
    /// `verify`: JUnit XML for CI.
    var junit: String?
    /// `verify`: also keep the whole clip as one golden.
    var clip = false
    /// `verify --shard I/N`: check only this part of the scenes.
    var shard: Shard?
    /// `verify --merge-reports DIR…`: merge the shards' reports instead of checking.
    var mergeReports = false
    /// `verify`, `gallery`: scenes at once (nil: one per core).
    var jobs: Int?
    /// `--no-chrome`: leave out the status bar, Dynamic Island or notch and home indicator.
    var noChrome = false
    /// `--bezel`: frame the screen in the phone's outline.
    var bezel = false
    /// `--trace-gestures`: print what the gesture recognizers did, with times.
    var traceGestures = false
    /// `--appearance light|dark`: the system appearance of the render (nil: light).
    var appearance: RenderSettings.Appearance?
    /// `--reduce-motion`, `--reduce-transparency`, `--increase-contrast`: the accessibility settings the scene runs with.
    var accessibility: RenderSettings.Accessibility = []
    /// `--png-level 0…9`, `--png-filter NAME`: PNG compression of sequences, stills, filmstrips and APNGs.
    var pngLevel: Int?
    var pngFilter: PNGFilter?
    /// `--preset NAME`, `--crf 0…51`: x264's settings for an MP4.
    var preset: H264Options.Preset?
    var crf: Int?

    static let valueOptions = ["--out", "--fps", "--scale", "--at", "--filmstrip", "--transition", "--device", "--dump-tree", "--plot",
                               "--record", "--junit", "--appearance", "--shard", "--jobs", "--png-level", "--png-filter", "--preset", "--crf"]
    static let flags = ["--touches", "--no-touches", "--quiet", "--json", "--list", "--help", "--version", "--clip", "--no-chrome", "--bezel",
                        "--trace-gestures", "--reduce-motion", "--reduce-transparency", "--increase-contrast", "--merge-reports"]
    static var allOptions: [String] { valueOptions + flags }

    /// Accepts `--name value` and `--name=value`; options may come before or after the scene name.
    /// `devices` are the names `--device` takes.
    static func parse(_ argv: [String], devices: [String] = Device.all.map(\.id)) throws -> Arguments {
        var result = Arguments()
        var positionals: [String] = []
        var seen = Set<String>()
        var wantsHelp = false, wantsList = false, wantsVersion = false
        var index = 0
        while index < argv.count {
            let word = argv[index]
            index += 1
            // After `--`, every word is positional (a scene or file whose name starts with a dash).
            if word == "--" { positionals += argv[index...]; break }
            guard word.hasPrefix("-"), word != "-" else { positionals.append(word); continue }
            var name = word, value: String?
            if let equals = word.firstIndex(of: "=") {
                name = String(word[..<equals]); value = String(word[word.index(after: equals)...])
            }
            if name == "-h" { name = "--help" }
            if name == "-q" { name = "--quiet" }
            if flags.contains(name) {
                if value != nil { throw UsageError("\(name) takes no value; write it alone, without '='.") }
                switch name {
                case "--help": wantsHelp = true
                case "--list": wantsList = true
                case "--version": wantsVersion = true
                case "--quiet": result.quiet = true
                case "--json": result.json = true
                case "--clip": result.clip = true
                case "--merge-reports": result.mergeReports = true
                case "--no-chrome": result.noChrome = true
                case "--bezel": result.bezel = true
                case "--trace-gestures": result.traceGestures = true
                case "--reduce-motion": result.accessibility.insert(.reduceMotion)
                case "--reduce-transparency": result.accessibility.insert(.reduceTransparency)
                case "--increase-contrast": result.accessibility.insert(.darkerSystemColors)
                default:
                    guard result.touches == nil else {
                        throw UsageError("\(name) conflicts with an earlier --touches or --no-touches; give one of them once.")
                    }
                    result.touches = name == "--touches"
                }
                continue
            }
            guard valueOptions.contains(name) else {
                var message = "unknown option '\(name)'."
                if let guess = closestName(to: name, among: allOptions) { message += " Did you mean '\(guess)'?" }
                throw UsageError(message + " Options: \(allOptions.joined(separator: ", ")). Run with --help for what each does.")
            }
            if value == nil {
                guard index < argv.count, !argv[index].hasPrefix("--") else {
                    throw UsageError("\(name) needs a value, e.g. \(example(name)).")
                }
                value = argv[index]
                index += 1
            }
            guard seen.insert(name).inserted else { throw UsageError("\(name) is given twice; give it once.") }
            try result.set(name, value!, devices: devices)
        }

        if wantsVersion {
            guard positionals.isEmpty, result.hasNoOptions(exceptOutputStyle: false), !wantsList, !wantsHelp else {
                throw UsageError("--version takes no other arguments.")
            }
            result.command = .version
            return result
        }
        if wantsHelp || positionals.first == "help" {
            // `help`, `help SCENE`, `--help`, `SCENE --help`; `help verify`, `verify --help` and
            // `verify Goldens --help` show the subcommand's usage, whatever words follow it.
            var words = positionals.first == "help" ? Array(positionals.dropFirst()) : positionals
            if wantsHelp && positionals == ["help"] { words = ["help"] }   // `help --help`: help's own usage
            if let first = words.first, subcommandWords.contains(first) {
                result.command = .help(topic: first)
                return result
            }
            guard words.count <= 1 else { throw extra(words.dropFirst(), after: "help SCENE") }
            result.command = .help(topic: words.first)
            return result
        }
        if wantsList {
            guard positionals.isEmpty, result.hasNoOptions(exceptOutputStyle: true) else {
                throw UsageError("--list takes no scene or options (only --json); run it alone: --list.")
            }
            result.command = .list
            return result
        }
        guard let first = positionals.first else {
            if result != Arguments() {
                throw UsageError("no scene named. Usage: SCENE --out PATH; run with --list to see the scenes.")
            }
            return result
        }
        switch first {
        case "gallery":
            guard positionals.count == 1 else { throw extra(positionals.dropFirst(), after: "gallery") }
            result.command = .gallery
            try result.refuseOptions(except: ["--jobs"]) {
                "\($0) does not apply to 'gallery': it renders every scene with fixed settings (a 2× MP4, a 0.7× 30 fps GIF, light and dark filmstrips). Only --out DIRECTORY and --jobs N may be given."
            }
        case "verify":
            guard positionals.count >= 2 else {
                if result.mergeReports {
                    throw UsageError("verify --merge-reports needs the shards' report folders: verify --merge-reports DIR DIR … --out DIR [--junit FILE]")
                }
                throw UsageError("verify needs the folder of goldens: verify GOLDENS_DIR [SCENE …] [--record MODE] [--junit FILE]")
            }
            result.command = .verify(goldens: positionals[1], scenes: Array(positionals.dropFirst(2)))
            if result.mergeReports {
                // `verify --merge-reports DIR…`: the words are the shards' report folders; nothing is rendered.
                try result.refuseOptions(except: ["--junit", "--merge-reports"]) {
                    "\($0) does not apply to 'verify --merge-reports': it merges the shards' reports. It takes the shards' report folders, --out (the merged report's folder) and --junit."
                }
            } else {
                try result.refuseOptions(except: ["--record", "--junit", "--clip", "--device", "--scale", "--fps", "--touches/--no-touches", "--shard", "--jobs"]) {
                    "\($0) does not apply to 'verify': it renders each scene's goldens. It takes --record, --junit, --clip, --out (the report's folder), --device, --scale, --fps, --shard and --jobs."
                }
            }
        case "tree":
            guard positionals.count >= 2 else {
                throw UsageError("tree needs a layer-tree document: tree FILE.json --out still.png")
            }
            guard positionals.count == 2 else { throw extra(positionals.dropFirst(2), after: "tree FILE.json") }
            result.command = .tree(file: positionals[1])
            try result.refuseOptions(except: ["--scale"]) {
                "\($0) does not apply to 'tree': a document is one still. Use --out still.png and optionally --scale."
            }
        default:
            guard positionals.count == 1 else {
                if positionals.count == 2, !positionals[1].contains(".") && !positionals[1].contains("/") {
                    throw UsageError("two scene names given ('\(positionals[0])' and '\(positionals[1])'); render one scene per run.")
                }
                throw extra(positionals.dropFirst(), after: "the scene name '\(first)'")
            }
            result.command = .render(scene: first)
        }
        if case .render = result.command {
            try result.refuseOptions(except: ["--fps", "--scale", "--at", "--filmstrip", "--transition", "--device", "--dump-tree", "--plot",
                                              "--touches/--no-touches", "--no-chrome", "--bezel", "--appearance", "--trace-gestures",
                                              "--reduce-motion", "--reduce-transparency", "--increase-contrast", "--png-level", "--png-filter", "--preset",
                                              "--crf"]) { "\($0) belongs to 'verify': verify GOLDENS_DIR \($0)…." }
        }
        return result
    }

    /// The options given, by the names messages use.
    private var givenOptions: [String] {
        // Typed in parts: one long literal of tuples takes the type checker too long.
        let render: [(Bool, String)] = [(fps != nil, "--fps"), (scale != nil, "--scale"), (at != nil, "--at"), (filmstrip != nil, "--filmstrip"),
         (transition != nil, "--transition"),
         (device != nil, "--device"), (dumpTree != nil, "--dump-tree"), (plot != nil, "--plot"),
         (touches != nil, "--touches/--no-touches"), (noChrome, "--no-chrome"), (bezel, "--bezel"), (appearance != nil, "--appearance"),
         (traceGestures, "--trace-gestures"),
         (accessibility.contains(.reduceMotion), "--reduce-motion"),
         (accessibility.contains(.reduceTransparency), "--reduce-transparency"),
         (accessibility.contains(.darkerSystemColors), "--increase-contrast")]
        let verify: [(Bool, String)] = [(record != nil, "--record"),
         (junit != nil, "--junit"), (clip, "--clip"),
         (shard != nil, "--shard"), (mergeReports, "--merge-reports"), (jobs != nil, "--jobs")]
        return (render + verify).filter(\.0).map(\.1) + givenEncodingOptions
    }

    /// The encoding options given (a list of its own: one literal of them all is too much for the type checker).
    private var givenEncodingOptions: [String] {
        let given: [(Bool, String)] = [(pngLevel != nil, "--png-level"), (pngFilter != nil, "--png-filter"),
                                       (preset != nil, "--preset"), (crf != nil, "--crf")]
        return given.filter(\.0).map(\.1)
    }

    /// Refuses the first option given that the command does not take (`--out`, `--quiet` and `--json` go anywhere).
    private func refuseOptions(except allowed: Set<String>, _ message: (String) -> String) throws {
        if let name = givenOptions.first(where: { !allowed.contains($0) }) { throw UsageError(message(name)) }
    }

    /// Words left over: say which, and what the tool expected instead.
    private static func extra(_ words: ArraySlice<String>, after what: String) -> UsageError {
        let list = words.map { "'\($0)'" }.joined(separator: ", ")
        let hint = words.first.map { $0.contains(".") || $0.contains("/") ? " To choose where the output goes, use --out \($0)." : "" } ?? ""
        return UsageError("unexpected argument\(words.count == 1 ? "" : "s") \(list) after \(what).\(hint)")
    }

    /// Whether no option but (optionally) the output style (`--quiet`, `--json`) was given.
    private func hasNoOptions(exceptOutputStyle: Bool) -> Bool {
        var bare = Arguments()
        bare.command = command
        if exceptOutputStyle { bare.quiet = quiet; bare.json = json }
        return self == bare
    }

    private mutating func set(_ name: String, _ value: String, devices: [String]) throws {
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
            guard let n = Int(value), Filmstrip.momentRange.contains(n) else {
                throw UsageError("invalid value '\(value)' for --filmstrip: how many moments to show, from \(Filmstrip.momentRange.lowerBound) to \(Filmstrip.momentRange.upperBound).")
            }
            filmstrip = n
        case "--transition":
            guard !value.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw UsageError("--transition needs a transition's name (push, present2, …), label or index, e.g. \(Self.example(name)); 'help SCENE' lists them.")
            }
            transition = value
        case "--dump-tree":
            guard value.hasSuffix(".json") || value.hasSuffix("/") else {
                throw UsageError("--dump-tree writes JSON layer-tree documents: give a path ending in .json for one moment (with --at), e.g. --dump-tree tree.json --at 0.5, or a folder ending in / for every frame, e.g. --dump-tree output/frames/")
            }
            dumpTree = value
        case "--device":
            guard devices.contains(value.lowercased()) else {
                var message = "unknown device '\(value)' for --device."
                if let guess = closestName(to: value, among: devices) { message += " Did you mean '\(guess)'?" }
                throw UsageError(message + " Available: \(devices.joined(separator: ", ")).")
            }
            device = value.lowercased()
        case "--record":
            do { record = try SnapshotRecordMode(parsing: value, source: "--record") } catch let error as InvalidRecordMode {
                throw UsageError(error.description)
            }
        case "--junit":
            guard value.lowercased().hasSuffix(".xml") else {
                throw UsageError("--junit writes JUnit XML: give a path ending in .xml, e.g. --junit output/goldens.xml")
            }
            junit = value
        case "--shard":
            do { shard = try Shard(parsing: value, source: "--shard") } catch { throw UsageError("\(error)") }
        case "--jobs":
            guard let n = Int(value), (1...64).contains(n) else {
                throw UsageError("invalid value '\(value)' for --jobs: how many scenes to work on at once, from 1 to 64 (default: one per core), e.g. --jobs 2.")
            }
            jobs = n
        case "--appearance":
            guard let style = RenderSettings.Appearance(rawValue: value.lowercased()) else {
                throw UsageError("invalid value '\(value)' for --appearance: light or dark, e.g. --appearance dark.")
            }
            appearance = style
        case "--plot":
            guard value.lowercased().hasSuffix(".png") else {
                throw UsageError("--plot writes a .png image of the animated properties against time, e.g. \(Self.example(name)).")
            }
            plot = value
        case "--png-level":
            guard let n = Int(value), PNGOptions.levelRange.contains(n) else {
                throw UsageError("invalid value '\(value)' for --png-level: a zlib level from 0 (no compression, fastest) to 9 (smallest files, slowest); the default is \(PNGOptions.default.level), e.g. --png-level 6 for smaller files.")
            }
            pngLevel = n
        case "--png-filter":
            guard let filter = PNGFilter(rawValue: value.lowercased()) else {
                throw UsageError("invalid value '\(value)' for --png-filter: one of \(PNGFilter.allCases.map(\.rawValue).joined(separator: ", ")); the default is \(PNGOptions.default.filter.rawValue).")
            }
            pngFilter = filter
        case "--preset":
            guard let preset = H264Options.Preset(rawValue: value.lowercased()) else {
                var message = "invalid value '\(value)' for --preset: an x264 preset, from fastest (largest file, least memory) to slowest: \(H264Options.Preset.allCases.map(\.rawValue).joined(separator: ", ")); the default is \(H264Options.default.preset.rawValue)."
                if let guess = closestName(to: value.lowercased(), among: H264Options.Preset.allCases.map(\.rawValue)) { message += " Did you mean '\(guess)'?" }
                throw UsageError(message)
            }
            self.preset = preset
        case "--crf":
            guard let n = Int(value), H264Options.crfRange.contains(n) else {
                throw UsageError("invalid value '\(value)' for --crf: x264's constant rate factor, a whole number from 0 (lossless) to 51 (smallest files); the default is \(H264Options.default.crf), about 6 more halves the size.")
            }
            crf = n
        default:
            fatalError("Arguments: option \(name) is listed but not handled")
        }
    }

    static func example(_ name: String) -> String {
        switch name {
        case "--out": "--out output/card-expand.mp4"
        case "--fps": "--fps 60"
        case "--scale": "--scale 1"
        case "--at": "--at 0.5"
        case "--filmstrip": "--filmstrip 6"
        case "--transition": "--transition push"
        case "--dump-tree": "--dump-tree tree.json --at 0.5"
        case "--plot": "--plot output/card-expand-plot.png"
        case "--appearance": "--appearance dark"
        case "--png-level": "--png-level 6"
        case "--png-filter": "--png-filter adaptive"
        case "--preset": "--preset fast"
        case "--crf": "--crf 23"
        default: "--device iphone-16"
        }
    }
}
