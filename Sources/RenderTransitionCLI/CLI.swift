import Foundation
import Stage
import Playback
import Output
import Diagnostics
import Media
import Goldens

/// One run of the command line over a tool's scenes. Exit codes are decided here only: 0 success, 1 the
/// render failed (scene, output), 2 the command line was wrong.
struct Command {
    /// Words that are commands, so no scene may be named after them.
    static let reservedWords: Set<String> = ["help", "gallery", "tree", "verify"]
    /// A GIF without `--scale` is this wide: a phone clip that sits well in a README column.
    static let defaultGIFWidth: CGFloat = 320

    let tool: String
    let scenes: SceneCatalog

    func run(_ argv: [String]) -> Int32 {
        // A render runs its scene twice (plan, then pixels): Auto Layout's conflicts are said once per command.
        LayoutConflictReports.once { runOnce(argv) }
    }

    private func runOnce(_ argv: [String]) -> Int32 {
        do {
            let arguments = try Arguments.parse(argv)
            switch arguments.command {
            case .help(let topic?) where Self.reservedWords.contains(topic): print(usage(of: topic))
            // Dry runs that only describe scenes: their layout conflicts belong to a render.
            case .help(let scene?): try LayoutConflictReports.silenced { try printHelp(for: scene) }
            case .help(nil): print(help)
            case .version: print(versionLine)
            case .list: LayoutConflictReports.silenced { list(json: arguments.json) }
            case .gallery: try gallery(arguments)
            case .render(let name): try render(name, arguments)
            case .tree(let file): try renderTree(file, arguments)
            case .verify(let goldens, let names): return try verify(goldens: goldens, scenes: names, arguments)
            }
            return 0
        } catch {
            let (message, code) = Self.message(for: error)
            FileHandle.standardError.write(Data("\(tool): error: \(message)\n".utf8))
            return code
        }
    }

    /// `--version`: a user's tool has its own name; the version is render-transition's (the library's).
    var versionLine: String {
        tool == "render-transition" ? "render-transition \(RenderTransitionCLI.version)"
            : "\(tool) (render-transition \(RenderTransitionCLI.version))"
    }

    // MARK: Errors

    /// The message and exit code for an error: library errors that come from an option are said in the
    /// option's terms.
    static func message(for error: Error) -> (String, Int32) {
        switch error {
        case let usage as UsageError:
            return (usage.description, 2)
        case let stage as StageError:
            switch stage {
            case .invalidScale(let scale):
                return ("invalid value '\(format(scale))' for --scale: pixels per point, greater than 0, e.g. 1, 2 or 3.", 2)
            case .canvasTooSmall(let scale):
                return ("invalid value '\(format(scale))' for --scale: large enough for a canvas of at least 2×2 pixels.", 2)
            case .canvasTooLarge(let width, let height, let limit):
                return ("the canvas would be \(width)×\(height) pixels; the limit is \(limit) on each side. Lower --scale.", 2)
            case .invalidFrameRate(let fps, let allowed, let reason):
                let why = reason.map { " (\($0))" } ?? ""
                return ("invalid value '\(fps)' for --fps: a whole number of frames per second from \(allowed.lowerBound) to \(allowed.upperBound)\(why).", 2)
            case .timeOutOfRange(let time, let scene, let duration):
                return ("--at \(format(time)) is outside \(scene), which lasts \(format(duration)) s: choose a time from 0 to \(format(duration)).", 2)
            case .momentCount(let count, let allowed):
                return ("invalid value '\(count)' for --filmstrip: how many moments to show, from \(allowed.lowerBound) to \(allowed.upperBound).", 2)
            case .unsupportedOutput, .invalidDocument, .invalidDevice:
                return (stage.description, 2)
            case .sceneDidNotSettle, .invalidLayerTree, .output:
                return (stage.description, 1)
            }
        case let media as MediaError:
            if case .noSpace(let path) = media.kind {
                return ("no space left on the device to write \(path): the disk is full. Nothing was written there"
                        + " and what was there before is unchanged; free some space, or give --out a path on another disk.", 1)
            }
            return (media.description, 1)
        case let interrupted as Interrupted:
            // The shell's convention for a process stopped by a signal: 128 + its number (130, 143).
            return ("\(interrupted): stopped before finishing; the partial output was removed and anything"
                    + " already at the output path is as it was.", 128 + interrupted.signal)
        default:
            return ("\(error)", 1)
        }
    }

    // MARK: Scenes

    func scene(named name: String) throws -> SceneDefinition {
        if let scene = scenes.named(name) { return scene }
        var message = "unknown scene '\(name)'."
        if let guess = closestName(to: name, among: scenes.names + Array(Self.reservedWords)) {
            message += " Did you mean '\(guess)'?"
        }
        throw UsageError(message + " Available scenes: \(scenes.names.joined(separator: ", ")). Run '\(tool) --list' for descriptions.")
    }

    func list(json: Bool) {
        // The length a render at the default 60 fps shows (its last frame's time), to the millisecond:
        // not the scene's raw end, whose floating-point tail (1.6000000001) means nothing to a reader.
        let rows = scenes.all.map { scene in
            (scene, try? Stage.plan(scene, settings: RenderSettings(device: scene.device ?? .default)).shownDuration)
        }
        if json {
            print(JSON.array(rows.map { scene, duration in
                .object([("name", .string(scene.name)), ("summary", .string(scene.summary)),
                         ("duration", duration.map { .number(Self.milliseconds($0)) } ?? .null)])
            }).serialized())
            return
        }
        // The name column fits the longest name: a truncated name could not be typed back.
        let width = scenes.names.map(\.count).max() ?? 0
        for (scene, duration) in rows {
            let length = duration.map { String(format: "%.2f s", $0) } ?? "?"
            print("\(scene.name.padding(toLength: width, withPad: " ", startingAt: 0)) \(length.padding(toLength: 8, withPad: " ", startingAt: 0)) \(scene.summary)")
        }
    }

    /// Seconds rounded to the millisecond, as the tool reports lengths and times.
    static func milliseconds(_ seconds: Double) -> Double { (seconds * 1000).rounded() / 1000 }

    /// `help SCENE`: what the scene shows, how long it lasts, its transitions, and commands to try.
    func printHelp(for name: String) throws {
        let scene = try scene(named: name)
        let device = scene.device ?? .default
        let plan = try Stage.plan(scene, settings: RenderSettings(device: device))
        var lines = ["\(scene.name): \(scene.summary)", "",
                     "  device      \(device.id) (\(Int(device.size.width))×\(Int(device.size.height)) pt @\(Int(device.scale))×)",
                     "  length      \(format(Self.milliseconds(plan.shownDuration))) s, \(plan.frameCount) frames at 60 fps"]
        let names = TransitionNames(plan.transitions.map(\.label))
        for (index, span) in plan.transitions.enumerated() {
            let outcome = span.completed ? "completed" : "cancelled"
            lines.append("  transition  \(index): \(span.label), \(format(span.start))–\(format(span.end)) s, \(outcome) (--transition \(names[index]) or \(index))")
        }
        for stuck in plan.unfinished {
            lines.append("  transition  \(stuck.label), from \(format(stuck.start)) s: NEVER COMPLETED")
            lines.append("              \(stuck.message)")
        }
        lines += ["", "Try:",
                  "  \(tool) \(scene.name) --out output/\(scene.name).mp4",
                  "  \(tool) \(scene.name) --out output/\(scene.name).gif",
                  "  \(tool) \(scene.name) --out output/\(scene.name)-filmstrip.png --filmstrip 8"]
        if plan.transitions.count > 1 {
            lines.append("  \(tool) \(scene.name) --out output/\(scene.name)-\(names[1]).gif --transition \(names[1])")
        }
        lines += [
                  "  \(tool) \(scene.name) --out output/\(scene.name).png --at \(format(plan.transitions.first?.time(at: 0.5) ?? plan.duration / 2))",
                  "  \(tool) \(scene.name) --plot output/\(scene.name)-plot.png"]
        print(lines.joined(separator: "\n"))
    }

    // MARK: Rendering

    func render(_ name: String, _ arguments: Arguments) throws {
        let scene = try scene(named: name)
        let device = arguments.device.flatMap(Device.named) ?? scene.device ?? .default
        let path = arguments.out ?? "output/\(name).mp4"
        var summaries: [Summary] = []
        // Every output is checked before any work: a path that cannot be written is a command-line error.
        let wantsOut = arguments.out != nil || (arguments.dumpTree == nil && arguments.plot == nil)
        let target = wantsOut ? try OutputTarget.resolve(path: path, at: arguments.at, filmstrip: arguments.filmstrip) : nil
        if let target {
            if case .pngSequence = target { try OutputPathCheck.check(path, option: "--out", isDirectory: true) }
            else { try OutputPathCheck.check(path, option: "--out") }
        }
        let dumpsEveryFrame = arguments.dumpTree?.hasSuffix("/") ?? false
        if let dump = arguments.dumpTree { try OutputPathCheck.check(dump, option: "--dump-tree", isDirectory: dumpsEveryFrame) }
        if let plot = arguments.plot {
            try OutputPathCheck.check(plot, option: "--plot")
            try OutputPathCheck.check(plot + ".txt", option: "--plot (its legend)")
        }
        // The transition is found before anything is written: a wrong one is a command-line error.
        var choice: TransitionChoice?
        if let wanted = arguments.transition {
            switch target {
            case .video?, .gif?, .apng?, .pngSequence?, .filmstrip?: break
            case .still?:
                throw UsageError("--at is a moment from the start of the clip, so it takes no --transition; drop --transition (the times 'help \(name)' lists are absolute too), or write a clip or filmstrip of the transition.")
            case nil where dumpsEveryFrame: break
            case nil:
                throw UsageError("--transition chooses the part of a clip to write: give --out with .mp4, .gif, .apng, a folder/ or a .png with --filmstrip.")
            }
            let plan = try Stage.plan(scene, settings: RenderSettings(device: device, fps: arguments.fps ?? 60,
                                                                    appearance: arguments.appearance ?? .light,
                                                                    accessibility: arguments.accessibility))
            choice = try TransitionChoice.resolve(wanted, in: plan, scene: name)
        }
        if let dump = arguments.dumpTree, dumpsEveryFrame {
            guard arguments.at == nil else {
                throw UsageError("--dump-tree \(dump) writes every frame of the clip, so it takes no --at; drop --at, or give a file for one moment: --dump-tree tree.json --at SECONDS.")
            }
            summaries.append(try dumpEveryFrame(scene, name: name, to: dump, device: device, choice: choice, arguments))
        } else if let dump = arguments.dumpTree {
            guard let time = arguments.at else {
                throw UsageError("--dump-tree needs --at SECONDS: the moment whose layer tree to write.")
            }
            let clock = Stopwatch()
            let settings = RenderSettings(device: device, scale: arguments.scale.map { CGFloat($0) }, touches: arguments.touches,
                                          chrome: !arguments.noChrome, appearance: arguments.appearance ?? .light,
                                          accessibility: arguments.accessibility)
            let document = try Stage.dumpTree(scene, settings: settings, at: time)
            try Self.writeAtomically(document.encoded(), to: dump)
            summaries.append(Summary(scene: name, output: dump, kind: "layer-tree", contents: "layer tree at \(format(time)) s",
                                     bytes: Summary.bytes(at: URL(fileURLWithPath: dump)),
                                     fields: [("time", .number(time))], seconds: clock.seconds))
        }
        if let plot = arguments.plot {
            let clock = Stopwatch()
            let result = try Stage.writePlot(scene, device: device, to: URL(fileURLWithPath: plot))
            if !arguments.quiet && !arguments.json { print(result.legend, terminator: "") }
            summaries.append(Summary(scene: name, output: plot, kind: "plot",
                                     contents: "plot of \(result.entries.count) curves (legend in \(plot).txt)",
                                     bytes: Summary.bytes(at: URL(fileURLWithPath: plot)),
                                     fields: [("curves", .number(Double(result.entries.count)))], seconds: clock.seconds))
        }
        if let target {
            summaries.append(try write(scene, to: target, path: path, device: device, choice: choice, arguments))
        }
        report(summaries, arguments)
    }

    /// Writes `frame-00000.json`… into `folder`, one layer-tree document per frame of the clip (or of the
    /// chosen transition), all or nothing: the documents replace any earlier dump's, and an earlier dump's
    /// frames past the new last one are removed, so the folder holds exactly one clip.
    private func dumpEveryFrame(_ scene: SceneDefinition, name: String, to folder: String, device: Device,
                                choice: TransitionChoice?, _ arguments: Arguments) throws -> Summary {
        let clock = Stopwatch()
        let settings = RenderSettings(device: device, scale: arguments.scale.map { CGFloat($0) }, fps: arguments.fps ?? 60,
                                      touches: arguments.touches, chrome: !arguments.noChrome,
                                      appearance: arguments.appearance ?? .light, accessibility: arguments.accessibility)
        let directory = URL(fileURLWithPath: folder)
        var files: [(url: URL, bytes: [UInt8])] = []
        try Stage.dumpTrees(scene, settings: settings, selection: choice.map { .transition($0.index) } ?? .whole) { _, document in
            files.append((directory.appendingPathComponent(String(format: "frame-%05d.json", files.count)), Array(document.encoded().utf8)))
        }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try AtomicFiles.write(files)
        let kept = Set(files.map { $0.url.lastPathComponent })
        for stale in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        where !kept.contains(stale) && stale.hasPrefix("frame-") && stale.hasSuffix(".json") && Int(stale.dropFirst(6).dropLast(5)) != nil {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(stale))
        }
        let bytes = files.reduce(0) { $0 + $1.bytes.count }
        return Summary(scene: name, output: folder, kind: "layer-trees",
                       contents: "\(files.count) layer trees (every frame at \(settings.fps) fps" + (choice.map { ", transition \($0.description)" } ?? "") + ")",
                       bytes: bytes, fields: [("frames", .number(Double(files.count)))], seconds: clock.seconds)
    }

    /// Renders one output with a progress line; returns its summary.
    private func write(_ scene: SceneDefinition, to target: OutputTarget, path: String, device: Device,
                       choice: TransitionChoice?, _ arguments: Arguments) throws -> Summary {
        var fps = arguments.fps ?? 60
        var scale = arguments.scale.map { CGFloat($0) }
        if case .gif = target {
            // GIF delays are whole centiseconds: 50 fps is the fastest rate a GIF shows exactly.
            if arguments.fps == nil { fps = GIFSink.exactFrameRate }
            if scale == nil { scale = Self.defaultGIFWidth / device.size.width }
        }
        let settings = RenderSettings(device: device, scale: scale, fps: fps, touches: arguments.touches, chrome: !arguments.noChrome,
                                      bezel: arguments.bezel, appearance: arguments.appearance ?? .light,
                                      accessibility: arguments.accessibility)
        let clock = Stopwatch()
        let progress = ProgressLine(label: scene.name, enabled: !arguments.quiet && ProgressLine.standardErrorIsTerminal)
        let plan: ClipPlan
        do {
            plan = try Stage.write(scene, settings: settings, to: target, selection: choice.map { .transition($0.index) } ?? .whole,
                                   progress: progress.update(done:total:))
            progress.clear()
        } catch {
            progress.clear()
            throw error
        }
        // A transition that never completes renders (the app would sit in it), but it is a bug to say.
        for stuck in plan.unfinished {
            FileHandle.standardError.write(Data("\(tool): warning: \(scene.name): \(stuck.message).\n".utf8))
        }
        // What the file holds: 4:2:0 video pads an odd side by one pixel.
        var width = settings.pixelWidth, height = settings.pixelHeight
        if case .video = target { width += width % 2; height += height % 2 }
        let size = "\(width)×\(height) px"
        var fields: [(String, JSON)] = [("width", .number(Double(width))), ("height", .number(Double(height))),
                                        ("appearance", .string(settings.appearance.rawValue))]
        // `--trace-gestures`: what the recognizers did, with times (the same marks traces and plots show).
        if arguments.traceGestures {
            if arguments.json {
                fields.append(("gestures", .array(plan.gestureMarks.map { mark in
                    .object([("time", .number(Self.milliseconds(mark.time))),
                             ("event", .string(String(mark.label.dropFirst("gesture.".count))))])
                })))
            } else {
                print(Self.gestureTrace(plan.gestureMarks, scene: scene.name))
            }
        }
        let kind: String, contents: String
        switch target {
        case .video, .gif, .apng, .pngSequence:
            if case .video = target { kind = "mp4" } else if case .gif = target { kind = "gif" }
            else if case .apng = target { kind = "apng" } else { kind = "png-sequence" }
            // The frames written and the time they span on the clip's clock (frame i at an exact time).
            let range = choice.map { plan.frames(ofTransition: $0.index) } ?? 0...(plan.frameCount - 1)
            let first = plan.time(ofFrame: range.lowerBound), last = plan.time(ofFrame: range.upperBound)
            let frames = kind == "png-sequence" ? "\(range.count) PNG frames" : "\(range.count) frames"
            contents = "\(frames), \(String(format: "%.3f", last - first)) s at \(settings.fps) fps, \(size)"
                + (choice.map { ", \(format(Self.milliseconds(first)))–\(format(Self.milliseconds(last))) s of the clip: transition \($0.description)" } ?? "")
            fields += [("frames", .number(Double(range.count))), ("duration", .number(Self.milliseconds(last - first))),
                       ("fps", .number(Double(settings.fps)))]
            if choice != nil {
                fields += [("start", .number(Self.milliseconds(first))), ("end", .number(Self.milliseconds(last)))]
            }
        case .still(_, let time):
            kind = "still"; contents = "still at \(format(time)) s, \(size)"
            fields += [("time", .number(time))]
        case .filmstrip(_, let count):
            kind = "filmstrip"; contents = "filmstrip of \(count) moments" + (choice.map { " of transition \($0.description)" } ?? "")
            fields += [("moments", .number(Double(count)))]
        }
        if let choice {
            fields.append(("transition", .object([("index", .number(Double(choice.index))), ("name", .string(choice.name)),
                                                  ("label", .string(choice.span.label)),
                                                  ("start", .number(Self.milliseconds(choice.span.start))),
                                                  ("end", .number(Self.milliseconds(choice.span.end)))])))
        }
        return Summary(scene: scene.name, output: path, kind: kind, contents: contents,
                       bytes: Summary.bytes(at: URL(fileURLWithPath: path)), fields: fields, seconds: clock.seconds)
    }

    /// `--trace-gestures` as text: one line a state change, `  0.267 s  began UIPanGestureRecognizer on UIView`.
    static func gestureTrace(_ marks: [TimelineMark], scene: String) -> String {
        guard !marks.isEmpty else { return "\(scene): no gesture recognizer saw a touch" }
        let times = marks.map { String(format: "%.3f s", $0.time) }
        let width = times.map(\.count).max() ?? 0
        return (["\(scene): gestures"] + zip(times, marks).map { time, mark in
            "  " + String(repeating: " ", count: width - time.count) + time + "  " + mark.label.dropFirst("gesture.".count)
        }).joined(separator: "\n")
    }

    /// The closing summary: a line each, one JSON object (an array for several outputs), or nothing.
    private func report(_ summaries: [Summary], _ arguments: Arguments) {
        if arguments.json {
            print((summaries.count == 1 ? summaries[0].json : .array(summaries.map(\.json))).serialized())
        } else if !arguments.quiet {
            summaries.forEach { print($0.line) }
        }
    }

    /// `tree FILE.json --out still.png`: draws a layer-tree document.
    func renderTree(_ file: String, _ arguments: Arguments) throws {
        guard let out = arguments.out else { throw UsageError("tree needs --out still.png") }
        guard out.lowercased().hasSuffix(".png") else {
            throw UsageError("cannot write '\(out)': a layer-tree document renders to one still; give a .png path.")
        }
        try OutputPathCheck.check(out, option: "--out")
        let clock = Stopwatch()
        // Limits are checked at the scale the document is drawn at.
        let document = try Stage.loadDocument(URL(fileURLWithPath: file), scale: arguments.scale.map { CGFloat($0) })
        let scale = arguments.scale.map { CGFloat($0) } ?? document.scale
        let image = Stage.render(document, scale: scale)
        let sink = try PNGFileSink(file: URL(fileURLWithPath: out))
        do { try sink.append(image); try sink.finish() } catch { sink.cancel(); throw error }
        report([Summary(scene: file, output: out, kind: "still", contents: "\(image.width)×\(image.height) px",
                        bytes: Summary.bytes(at: URL(fileURLWithPath: out)),
                        fields: [("width", .number(Double(image.width))), ("height", .number(Double(image.height)))],
                        seconds: clock.seconds)], arguments)
    }

    // MARK: Gallery

    /// `gallery`: every scene's MP4, GIF and filmstrip, then a Markdown table of the GIFs.
    func gallery(_ arguments: Arguments) throws {
        let path = arguments.out ?? "docs/gallery"
        try OutputPathCheck.check(path, option: "--out", isDirectory: true)
        let directory = URL(fileURLWithPath: path)
        var written: [JSON] = []
        try Gallery.write(scenes.all, to: directory, workers: arguments.jobs ?? OrderedPool.defaultWorkers) { line in
            if arguments.json {
                written.append(.string(line))
            } else if !arguments.quiet {
                print(line)
            }
        }
        if arguments.json {
            print(JSON.object([("output", .string(path)), ("files", .array(written))]).serialized())
        } else if !arguments.quiet {
            print("\nMarkdown for a README in the current folder (paths as given to --out):\n")
            print(Self.galleryTable(scenes.all.map { ($0.name, $0.summary) }, directory: path))
        }
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

    /// Writes text through a partial file renamed into place, so a failure leaves nothing half-written.
    static func writeAtomically(_ text: String, to path: String) throws {
        try AtomicFiles.write(Array(text.utf8), to: URL(fileURLWithPath: path))
    }
}
