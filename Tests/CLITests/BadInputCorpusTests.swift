import Testing
import Foundation
import TestSupport

/// Bad input, tried as an attacker would: layer-tree documents, images, options and output paths. Each
/// case runs the real executable in a folder of its own and checks the exit code, that the one-line
/// message says what is wrong and where (the option, the file, the JSON path), and that nothing at all
/// was written (no output, no partial file, no folder).
@Suite struct BadInputCorpus {
    @Test(arguments: BadInput.corpus)
    func refusedClearlyAndNothingWritten(_ input: BadInput) throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let folder = scratch.url
        for (name, fixture) in input.files {
            let url = folder.appendingPathComponent(name)
            switch fixture {
            case .text(let text): try Data(text.utf8).write(to: url)
            case .bytes(let bytes): try Data(bytes).write(to: url)
            case .directory: try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            }
        }
        let before = Self.contents(of: folder)
        let arguments = input.arguments.map { $0.replacingOccurrences(of: "{dir}", with: folder.path) }
        let result = try Self.run(arguments, in: folder)

        #expect(result.status == input.status, "\(input.name): exit \(result.status), expected \(input.status); stderr: \(result.stderr)")
        let message = result.stderr.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(message.hasPrefix("render-transition: error: "), "\(input.name): \(message)")
        #expect(!message.contains("\n"), "\(input.name): one line, got \(message)")
        for word in input.mentions {
            #expect(message.contains(word.replacingOccurrences(of: "{dir}", with: folder.path)),
                    "\(input.name): the message should mention \(word): \(message)")
        }
        for vague in ["NSCocoaErrorDomain", "The operation could not be completed", "isn’t in the correct format", "Fatal error"] {
            #expect(!message.contains(vague), "\(input.name): \(message)")
        }
        #expect(result.stdout.isEmpty, "\(input.name): stdout \(result.stdout)")
        #expect(Self.contents(of: folder) == before, "\(input.name) wrote \(Self.contents(of: folder).subtracting(before).sorted())")
        for path in input.mustNotExist { #expect(!FileManager.default.fileExists(atPath: path), "\(input.name) wrote \(path)") }
    }

    /// Every path below `folder`, relative.
    static func contents(of folder: URL) -> Set<String> {
        Set(FileManager.default.enumerator(atPath: folder.path).map { $0.compactMap { $0 as? String } } ?? [])
    }

    /// Runs the binary with a watchdog: a hang fails the case instead of the whole test run.
    static func run(_ arguments: [String], in directory: URL) throws -> CommandLine.Run {
        let process = Process()
        process.executableURL = CommandLine.binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        watchdog.cancel()
        return CommandLine.Run(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                               stderr: String(decoding: stderr, as: UTF8.self))
    }
}

/// One bad input: the command line (`{dir}` is the case's own folder, also the working directory), the
/// files to put there first, the exit code, and the words the message must contain.
struct BadInput: CustomStringConvertible, Sendable {
    enum Fixture: Sendable { case text(String), bytes([UInt8]), directory }

    let name: String
    let arguments: [String]
    var files: [String: Fixture] = [:]
    var status: Int32 = 2
    let mentions: [String]
    /// Paths outside the folder that must not appear.
    var mustNotExist: [String] = []

    var description: String { name }

    // MARK: Building documents

    /// A document with `root` (a layer's JSON) on a 100×100 canvas, or `canvas`.
    static func document(root: String, canvas: String = #"{"width": 100, "height": 100}"#) -> String {
        #"{"format": "render-transition.layer-tree", "version": 1, "canvas": \#(canvas), "root": \#(root)}"#
    }

    /// A root with one sublayer holding `properties` (JSON members) besides a 10×10 red square's.
    static func sublayer(_ properties: String) -> String {
        document(root: #"{"bounds": [0, 0, 100, 100], "position": [50, 50], "sublayers": [{"bounds": [0, 0, 10, 10], "position": [5, 5], "backgroundColor": [1, 0, 0, 1], \#(properties)}]}"#)
    }

    /// `tree doc.json --out {dir}/out.png` over a document.
    static func tree(_ name: String, _ document: String, mentions: [String], extra: [String] = [],
                     files: [String: Fixture] = [:]) -> BadInput {
        var all = files
        all["doc.json"] = .text(document)
        return BadInput(name: name, arguments: ["tree", "{dir}/doc.json", "--out", "{dir}/out.png"] + extra, files: all,
                        mentions: ["doc.json"] + mentions)
    }

    /// Layers nested `depth` deep through `key` (sublayers or mask), each with `properties`.
    static func nested(_ depth: Int, through key: String, _ properties: String = "",
                       canvas: String = #"{"width": 100, "height": 100}"#) -> String {
        var layer = #"{"bounds": [0, 0, 10, 10], "position": [5, 5], "backgroundColor": [1, 0, 0, 1]}"#
        for _ in 1..<depth {
            let inner = key == "mask" ? #""mask": \#(layer)"# : #""sublayers": [\#(layer)]"#
            layer = #"{"bounds": [0, 0, 10, 10], "position": [5, 5], \#(properties)\#(properties.isEmpty ? "" : ", ")\#(inner)}"#
        }
        return document(root: layer, canvas: canvas)
    }

    /// A PNG whose header claims `width`×`height` (no pixel data follows).
    static func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in body {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            return be(UInt32(data.count)) + body + be(~crc)
        }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", be(width) + be(height) + [8, 6, 0, 0, 0])
            + chunk("IDAT", [0x78, 0x9C]) + chunk("IEND", [])
    }

    static let notFound = "/proc/render-transition-no-such-folder"

    // MARK: The corpus

    static let corpus: [BadInput] = documents + images + documentFiles + outputPaths + options

    /// Layer-tree documents that parse but cannot be drawn, or do not parse.
    static let documents: [BadInput] = [
        tree("layers nested 101 deep", nested(101, through: "sublayers"), mentions: ["root.sublayers[0]", "nested more than 100 deep"]),
        tree("masks nested 101 deep", nested(101, through: "mask"), mentions: ["root.mask.mask", "nested more than 100 deep"]),
        tree("opacity groups nested 700 deep", nested(700, through: "sublayers", #""opacity": 0.5"#),
             mentions: ["line 1", "root.sublayers[0]", "nested more than 512 deep"]),
        tree("JSON nested 100,000 deep", String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000),
             mentions: ["not valid JSON", "line 1, column 513", "nested more than 512 deep"]),
        tree("full-canvas opacity groups nested 30 deep at the largest canvas",
             nested(30, through: "sublayers", #""opacity": 0.9, "backgroundColor": [0, 1, 0, 0.5]"#,
                    canvas: #"{"width": 2048, "height": 2048, "scale": 4}"#)
                .replacingOccurrences(of: "[0, 0, 10, 10]", with: "[0, 0, 2048, 2048]").replacingOccurrences(of: "[5, 5]", with: "[1024, 1024]"),
             mentions: ["root.sublayers[0]", ".opacity", "offscreen images", "limit of 268435456"]),
        tree("bounds of 1e10", sublayer(#""cornerRadius": 2"#).replacingOccurrences(of: "[0, 0, 10, 10]", with: "[0, 0, 1e10, 1e10]"),
             mentions: ["root.sublayers[0].bounds", "±10000000 points"]),
        tree("a transform scaling by 1e10", sublayer(#""transform": [1e10, 0, 0, 0, 0, 1e10, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]"#),
             mentions: ["root.sublayers[0].transform", "±10000000 points"]),
        tree("a position of 1e18", sublayer(#""borderWidth": 1"#).replacingOccurrences(of: "[5, 5]", with: "[1e18, 5]"),
             mentions: ["root.sublayers[0].position", "±10000000 points"]),
        tree("scales that multiply past the limit", document(root: #"{"bounds": [0, 0, 100, 100], "transform": [10000, 0, 0, 0, 0, 10000, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], "sublayers": [{"bounds": [0, 0, 100, 100], "backgroundColor": [1, 0, 0, 1], "transform": [10000, 0, 0, 0, 0, 10000, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]}]}"#),
             mentions: ["root.sublayers[0].transform", "superlayers' transforms"]),
        tree("a perspective that divides by almost nothing", sublayer(#""transform": [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0.00001]"#)
                .replacingOccurrences(of: "[0, 0, 10, 10]", with: "[0, 0, 1000, 1000]"),
             mentions: ["root.sublayers[0].transform", "±10000000 points"]),
        tree("a shadow offset far away", sublayer(#""shadowOpacity": 1, "shadowOffset": [1e12, 0]"#),
             mentions: ["root.sublayers[0].shadowOffset"]),
        tree("a shadow radius of a million", sublayer(#""shadowOpacity": 1, "shadowRadius": 1e6"#),
             mentions: ["root.sublayers[0].shadowRadius", "limit of 1000"]),
        tree("a negative shadow radius", sublayer(#""shadowRadius": -3"#), mentions: ["root.sublayers[0].shadowRadius", "0"]),
        tree("opacity 2", sublayer(#""opacity": 2"#), mentions: ["root.sublayers[0].opacity", "0…1"]),
        tree("opacity -1", sublayer(#""opacity": -1"#), mentions: ["root.sublayers[0].opacity", "0…1"]),
        tree("shadowOpacity 1.5", sublayer(#""shadowOpacity": 1.5"#), mentions: ["root.sublayers[0].shadowOpacity", "0…1"]),
        tree("gradient locations [2, -1]", sublayer(#""colors": [[1, 0, 0, 1], [0, 0, 1, 1]], "locations": [2, -1]"#),
             mentions: ["root.sublayers[0].locations[0]", "0…1"]),
        tree("locations without colours", sublayer(#""locations": [0, 1]"#), mentions: ["root.sublayers[0]", "colors"]),
        tree("a negative corner radius", sublayer(#""cornerRadius": -1"#), mentions: ["root.sublayers[0].cornerRadius"]),
        tree("a negative border width", sublayer(#""borderWidth": -2"#), mentions: ["root.sublayers[0].borderWidth"]),
        tree("contentsScale 0", sublayer(#""contentsScale": 0"#), mentions: ["root.sublayers[0].contentsScale", "greater than 0"]),
        tree("a negative size", sublayer("\"zPosition\": 1").replacingOccurrences(of: "[0, 0, 10, 10]", with: "[0, 0, 10, -5]"),
             mentions: ["root.sublayers[0].bounds", "negative"]),
        tree("a colour component of 2", sublayer(#""borderColor": [2, 0, 0, 1]"#), mentions: ["root.sublayers[0].borderColor", "0 to 1"]),
        tree("a colour that is not hex", sublayer(#""shadowColor": "GGGGGG""#), mentions: ["root.sublayers[0].shadowColor", "#RRGGBB"]),
        tree("a null gradient colour", sublayer(#""colors": [[1, 0, 0, 1], null]"#), mentions: ["root.sublayers[0].colors[1]"]),
        tree("numberOfLines of 1e300", sublayer(#""text": {"runs": [{"string": "Hi"}], "numberOfLines": 1e300}"#),
             mentions: ["root.sublayers[0].text.numberOfLines", "whole number"]),
        tree("a font size of a billion", sublayer(#""text": {"runs": [{"string": "Hi", "size": 1e9}]}"#),
             mentions: ["root.sublayers[0].text.runs[0].size", "10000"]),
        tree("a font size of 0", sublayer(#""text": {"runs": [{"string": "Hi", "size": 0}]}"#),
             mentions: ["root.sublayers[0].text.runs[0].size"]),
        tree("a text run without its string", sublayer(#""text": {"runs": [{"size": 12}]}"#),
             mentions: ["root.sublayers[0].text.runs[0].string"]),
        tree("an unknown alignment", sublayer(#""text": {"runs": [{"string": "Hi"}], "alignment": "middle"}"#),
             mentions: ["root.sublayers[0].text.alignment", "center"]),
        tree("a blur radius of 5000", sublayer(#""backdropFilter": {"blurRadius": 5000}"#),
             mentions: ["root.sublayers[0].backdropFilter.blurRadius", "0 to 1000"]),
        tree("a saturation of 1000", sublayer(#""backdropFilter": {"blurRadius": 1, "saturation": 1000}"#),
             mentions: ["root.sublayers[0].backdropFilter.saturation"]),
        tree("a backdrop strength of 2", sublayer(#""backdropStrength": 2"#), mentions: ["root.sublayers[0].backdropStrength"]),
        tree("strokeEnd 2", sublayer(#""shape": {"path": [["M", 0, 0], ["L", 10, 10]], "strokeEnd": 2}"#),
             mentions: ["root.sublayers[0].shape.strokeEnd"]),
        tree("a negative line width", sublayer(#""shape": {"path": [["M", 0, 0], ["L", 10, 10]], "lineWidth": -1}"#),
             mentions: ["root.sublayers[0].shape.lineWidth"]),
        tree("a dash pattern of a billion dashes", sublayer(#""shape": {"path": [["M", 0, 0], ["L", 100000, 0]], "strokeColor": [0, 0, 0, 1], "lineDashPattern": [0.00001, 0.00001]}"#),
             mentions: ["root.sublayers[0].shape.lineDashPattern", "dashes"]),
        tree("a shape point far away", sublayer(#""shape": {"path": [["M", 0, 0], ["L", 1e12, 10]]}"#),
             mentions: ["root.sublayers[0].shape.path", "±10000000 points"]),
        tree("a shadow path point far away", sublayer(#""shadowOpacity": 1, "shadowPath": [["M", 0, 0], ["L", -1e15, 10], ["Z"]]"#),
             mentions: ["root.sublayers[0].shadowPath"]),
        tree("a path command that does not exist", sublayer(#""shadowPath": [["X", 0, 0]]"#), mentions: ["root.sublayers[0].shadowPath[0]", "M x y"]),
        tree("a path command with too few numbers", sublayer(#""shape": {"path": [["C", 0, 0]]}"#), mentions: ["root.sublayers[0].shape.path[0]"]),
        tree("an unknown corner", sublayer(#""maskedCorners": ["topLeft"]"#), mentions: ["root.sublayers[0].maskedCorners[0]", "layerMinXMinYCorner"]),
        tree("an unknown gravity", sublayer(#""contentsGravity": "middle""#), mentions: ["root.sublayers[0].contentsGravity", "resizeAspect"]),
        tree("a mistyped key", sublayer(#""shadowRadus": 3"#), mentions: ["root.sublayers[0].shadowRadus", "did you mean \"shadowRadius\""]),
        tree("a string for a number", sublayer(#""opacity": "half""#), mentions: ["root.sublayers[0].opacity", "expected a number"]),
        tree("sublayers that are not an array", document(root: #"{"sublayers": {"bounds": [0, 0, 1, 1]}}"#),
             mentions: ["root.sublayers", "expected an array"]),
        tree("a number beyond Double's range", sublayer(#""zPosition": 1e400"#),
             mentions: ["line 1", "root.sublayers[0].zPosition", "1e400 is out of range"]),
        tree("a key given twice", sublayer(#""opacity": 1, "opacity": 0.5"#), mentions: ["line 1", "\"opacity\" appears twice"]),
        tree("text after the document", document(root: "{}") + " {}", mentions: ["unexpected text after the document"]),
        tree("a truncated document", String(document(root: "{}").dropLast(8)), mentions: ["not valid JSON", "line 1"]),
        tree("a wrong format name", #"{"format": "lottie", "version": 1}"#, mentions: ["format", "render-transition.layer-tree"]),
        tree("a version from the future", #"{"format": "render-transition.layer-tree", "version": 2}"#, mentions: ["version", "version 1"]),
        tree("a canvas of width 0.0001", document(root: "{}", canvas: #"{"width": 0.0001, "height": 100}"#),
             mentions: ["canvas.width", "0 pixels", "at least 1 pixel"]),
        tree("a negative canvas", document(root: "{}", canvas: #"{"width": -100, "height": 100}"#), mentions: ["canvas.width", "greater than 0"]),
        tree("a canvas without a height", document(root: "{}", canvas: #"{"width": 100}"#), mentions: ["canvas", "height"]),
        tree("a canvas scale of 5", document(root: "{}", canvas: #"{"width": 100, "height": 100, "scale": 5}"#),
             mentions: ["canvas.scale", "scale ≤ 4"]),
        tree("a canvas 100,000 points wide", document(root: "{}", canvas: #"{"width": 100000, "height": 100}"#),
             mentions: ["canvas", "limit of 8192"]),
        tree("--scale that shrinks the canvas under a pixel", document(root: "{}", canvas: #"{"width": 4, "height": 100}"#),
             mentions: ["canvas.width", "--scale"], extra: ["--scale", "0.1"]),
        tree("--scale that grows the canvas past the limit", document(root: "{}", canvas: #"{"width": 4000, "height": 100}"#),
             mentions: ["canvas", "limit of 8192", "--scale"], extra: ["--scale", "4"]),
    ]

    /// Images embedded in, or referred to by, a document.
    static let images: [BadInput] = [
        tree("an image 2^62 pixels wide", sublayer(#""contents": {"rgba": "AAAA", "width": 4611686018427387904, "height": 1}"#),
             mentions: ["root.sublayers[0].contents.width", "32768"]),
        tree("an image 1.5 pixels wide", sublayer(#""contents": {"rgba": "AAAAAA==", "width": 1.5, "height": 1}"#),
             mentions: ["root.sublayers[0].contents.width", "whole number"]),
        tree("an image of 30000×30000 pixels", sublayer(#""contents": {"rgba": "AAAA", "width": 30000, "height": 30000}"#),
             mentions: ["root.sublayers[0].contents", "268435456 pixels"]),
        tree("image bytes that do not match the size", sublayer(#""contents": {"rgba": "AAAAAA==", "width": 2, "height": 2}"#),
             mentions: ["root.sublayers[0].contents.rgba", "2 × 2 × 4"]),
        tree("an image without a height", sublayer(#""contents": {"rgba": "AAAAAA==", "width": 1}"#),
             mentions: ["root.sublayers[0].contents", "\"height\""]),
        tree("PNG data that is not base64", sublayer(#""contents": {"png": "***"}"#), mentions: ["root.sublayers[0].contents.png", "base64"]),
        tree("PNG data that is not a PNG", sublayer(#""contents": {"png": "aGVsbG8gd29ybGQ="}"#),
             mentions: ["root.sublayers[0].contents.png", "not a readable PNG"]),
        tree("a PNG header claiming 100000×100000", sublayer(#""contents": {"png": "\#(Data(pngHeader(width: 100_000, height: 100_000)).base64EncodedString())"}"#),
             mentions: ["root.sublayers[0].contents.png", "100000×100000", "over the limit"]),
        tree("a PNG file claiming 40000×1", sublayer(#""contents": {"file": "big.png"}"#),
             mentions: ["root.sublayers[0].contents.file", "40000×1", "over the limit"], files: ["big.png": .bytes(pngHeader(width: 40_000, height: 1))]),
        tree("an image file that is missing", sublayer(#""contents": {"file": "missing.png"}"#),
             mentions: ["root.sublayers[0].contents.file", "no such file"]),
        tree("an image file that is a directory", sublayer(#""contents": {"file": "pictures"}"#),
             mentions: ["root.sublayers[0].contents.file", "directory"], files: ["pictures": .directory]),
        tree("/dev/zero as an image", sublayer(#""contents": {"file": "/dev/zero"}"#),
             mentions: ["root.sublayers[0].contents.file", "/dev/zero", "not a regular file"]),
        tree("a text file as an image", sublayer(#""contents": {"file": "notes.png"}"#),
             mentions: ["root.sublayers[0].contents.file", "is not an image in a known format"], files: ["notes.png": .text("not an image")]),
        tree("an empty image file", sublayer(#""contents": {"file": "empty.png"}"#),
             mentions: ["root.sublayers[0].contents.file", "empty"], files: ["empty.png": .bytes([])]),
        tree("contents without an image", sublayer(#""contents": {"jpeg": "AAAA"}"#), mentions: ["root.sublayers[0].contents"]),
    ]

    /// The document file itself is not a document.
    static let documentFiles: [BadInput] = [
        BadInput(name: "invalid UTF-8", arguments: ["tree", "{dir}/doc.json", "--out", "{dir}/out.png"],
                 files: ["doc.json": .bytes(Array(#"{"format": ""#.utf8) + [0xFF, 0xFE] + Array("\"}".utf8))],
                 mentions: ["doc.json", "not UTF-8", "line 1, column 13", "0xFF"]),
        BadInput(name: "a PNG as the document", arguments: ["tree", "{dir}/image.png", "--out", "{dir}/out.png"],
                 files: ["image.png": .bytes(pngHeader(width: 1, height: 1))], mentions: ["image.png", "is a PNG image", ".json"]),
        BadInput(name: "a directory as the document", arguments: ["tree", "{dir}/trees", "--out", "{dir}/out.png"],
                 files: ["trees": .directory], mentions: ["trees", "is a directory"]),
        BadInput(name: "/dev/zero as the document", arguments: ["tree", "/dev/zero", "--out", "{dir}/out.png"],
                 mentions: ["/dev/zero", "not a regular file"]),
        BadInput(name: "a missing document", arguments: ["tree", "{dir}/nowhere.json", "--out", "{dir}/out.png"],
                 mentions: ["nowhere.json", "no such file"]),
        BadInput(name: "an empty document", arguments: ["tree", "{dir}/doc.json", "--out", "{dir}/out.png"],
                 files: ["doc.json": .bytes([])], mentions: ["doc.json", "is empty"]),
        BadInput(name: "a document that is an array", arguments: ["tree", "{dir}/doc.json", "--out", "{dir}/out.png"],
                 files: ["doc.json": .text("[1, 2, 3]")], mentions: ["doc.json", "expected an object, got an array"]),
        BadInput(name: "tree without a document", arguments: ["tree"], mentions: ["tree needs a layer-tree document"]),
        BadInput(name: "tree with two documents", arguments: ["tree", "a.json", "b.json", "--out", "{dir}/out.png"],
                 mentions: ["unexpected argument 'b.json'"]),
    ]

    /// Output paths that cannot be written.
    static let outputPaths: [BadInput] = [
        tree("tree --out under /proc", document(root: "{}"), mentions: ["--out", "/proc"]).with(arguments: ["tree", "{dir}/doc.json", "--out", "/proc/x.png"]),
        tree("tree --out below a file", document(root: "{}"), mentions: ["--out", "{dir}/note", "is a file"], files: ["note": .text("x")])
            .with(arguments: ["tree", "{dir}/doc.json", "--out", "{dir}/note/x.png"]),
        tree("tree --out that is a directory", document(root: "{}"), mentions: ["--out", "is a directory"], files: ["shot.png": .directory])
            .with(arguments: ["tree", "{dir}/doc.json", "--out", "{dir}/shot.png"]),
        tree("tree --out that is not a .png", document(root: "{}"), mentions: ["clip.mp4", ".png"])
            .with(arguments: ["tree", "{dir}/doc.json", "--out", "{dir}/clip.mp4"]),
        tree("tree without --out", document(root: "{}"), mentions: ["tree needs --out"]).with(arguments: ["tree", "{dir}/doc.json"]),
        BadInput(name: "a clip under /proc", arguments: ["card-expand", "--out", "/proc/clip.mp4"], mentions: ["--out", "/proc/clip.mp4", "/proc"],
                 mustNotExist: ["/proc/clip.mp4"]),
        BadInput(name: "a clip below a file", arguments: ["card-expand", "--out", "{dir}/note/sub/clip.mp4"], files: ["note": .text("x")],
                 mentions: ["--out", "{dir}/note", "is a file"]),
        BadInput(name: "a clip in a missing folder of a virtual file system", arguments: ["card-expand", "--out", notFound + "/a/clip.mp4"],
                 mentions: ["--out", "/proc"], mustNotExist: [notFound]),
        BadInput(name: "a GIF where a directory is", arguments: ["card-expand", "--out", "{dir}/anim.gif/"], files: ["anim.gif": .text("x")],
                 mentions: ["--out", "anim.gif", "is a file"]),
        BadInput(name: "a still that is a directory", arguments: ["card-expand", "--out", "{dir}/still.png", "--at", "0.5"], files: ["still.png": .directory],
                 mentions: ["--at", "still.png", "directory"]),
        BadInput(name: "an output format that does not exist", arguments: ["card-expand", "--out", "{dir}/clip.mov"], mentions: ["clip.mov", "'.mov' is not an output format"]),
        BadInput(name: "an output without an extension", arguments: ["card-expand", "--out", "{dir}/clip"], mentions: ["clip", "no file extension"]),
        BadInput(name: "a .png without --at or --filmstrip", arguments: ["card-expand", "--out", "{dir}/x.png"], mentions: ["x.png", "--at", "--filmstrip"]),
        BadInput(name: "an empty --out", arguments: ["card-expand", "--out="], mentions: ["--out needs a path"]),
        BadInput(name: "--dump-tree under /proc", arguments: ["card-expand", "--dump-tree", "/proc/tree.json", "--at", "0.5"],
                 mentions: ["--dump-tree", "/proc"], mustNotExist: ["/proc/tree.json"]),
        BadInput(name: "--dump-tree below a file", arguments: ["card-expand", "--dump-tree", "{dir}/note/tree.json", "--at", "0.5"], files: ["note": .text("x")],
                 mentions: ["--dump-tree", "is a file"]),
        BadInput(name: "--dump-tree to a folder that is a file", arguments: ["card-expand", "--dump-tree", "{dir}/frames/"], files: ["frames": .text("x")],
                 mentions: ["--dump-tree", "frames"]),
        BadInput(name: "--plot below a file", arguments: ["card-expand", "--plot", "{dir}/note/plot.png"], files: ["note": .text("x")],
                 mentions: ["--plot", "is a file"]),
        BadInput(name: "--plot whose legend path is a directory", arguments: ["card-expand", "--plot", "{dir}/plot.png"], files: ["plot.png.txt": .directory],
                 mentions: ["--plot", "plot.png.txt", "is a directory"]),
        BadInput(name: "--junit under /proc", arguments: ["verify", "{dir}/goldens", "card-expand", "--junit", "/proc/goldens.xml", "--record", "never"],
                 files: ["goldens": .directory], mentions: ["--junit", "/proc"]),
        BadInput(name: "verify --out below a file", arguments: ["verify", "{dir}/goldens", "card-expand", "--out", "{dir}/note/report", "--record", "never"],
                 files: ["goldens": .directory, "note": .text("x")], mentions: ["--out", "is a file"]),
        BadInput(name: "gallery under /proc", arguments: ["gallery", "--out", "/proc/gallery"], mentions: ["--out", "/proc"], mustNotExist: ["/proc/gallery"]),
        BadInput(name: "verify goldens that are a file", arguments: ["verify", "{dir}/goldens.txt"], files: ["goldens.txt": .text("x")],
                 mentions: ["goldens.txt", "is a file"]),
    ]

    /// Options with values they do not take.
    static let options: [BadInput] = {
        var cases: [BadInput] = []
        func option(_ name: String, _ arguments: [String], _ mentions: [String]) {
            cases.append(BadInput(name: name, arguments: arguments, mentions: mentions))
        }
        for value in ["0", "-1", "5", "nan", "inf", "1e400", "abc", ""] {
            option("--scale \(value)", ["card-expand", "--scale=\(value)", "--out", "{dir}/c.mp4"], ["--scale"])
        }
        option("--scale so small the canvas vanishes", ["card-expand", "--scale", "1e-300", "--out", "{dir}/c.mp4"], ["--scale", "2×2"])
        for value in ["0", "241", "1.5", "-60", "sixty", "99999999999999999999"] {
            option("--fps \(value)", ["card-expand", "--fps", value, "--out", "{dir}/c.mp4"], ["--fps", "'\(value)'", "1 to 240"])
        }
        option("--fps 60 for a GIF", ["card-expand", "--fps", "60", "--out", "{dir}/c.gif"], ["--fps", "60"])
        for value in ["-1", "nan", "soon", "1e400"] {
            option("--at \(value)", ["card-expand", "--at", value, "--out", "{dir}/s.png"], ["--at", "'\(value)'"])
        }
        option("--at past the clip", ["card-expand", "--at", "1e300", "--out", "{dir}/s.png"], ["--at", "card-expand", "lasts 1.6 s"])
        option("--at for a clip", ["card-expand", "--at", "0.5", "--out", "{dir}/c.mp4"], ["c.mp4", "--at"])
        option("--at and --filmstrip together", ["card-expand", "--at", "0.5", "--filmstrip", "4", "--out", "{dir}/s.png"], ["--at", "--filmstrip"])
        for value in ["1", "25", "-3", "many"] {
            option("--filmstrip \(value)", ["card-expand", "--filmstrip", value, "--out", "{dir}/s.png"], ["--filmstrip", "'\(value)'", "2 to 24"])
        }
        option("an unknown device", ["card-expand", "--device", "iphone-99", "--out", "{dir}/c.mp4"], ["--device", "iphone-99", "iphone-16"])
        option("an unknown appearance", ["card-expand", "--appearance", "purple", "--out", "{dir}/c.mp4"], ["--appearance", "purple", "light or dark"])
        option("--dump-tree that is not JSON", ["card-expand", "--dump-tree", "{dir}/tree.txt", "--at", "0.5"], ["--dump-tree", ".json"])
        option("--dump-tree without --at", ["card-expand", "--dump-tree", "{dir}/tree.json"], ["--dump-tree", "--at"])
        option("--dump-tree to a folder with --at", ["card-expand", "--dump-tree", "{dir}/frames/", "--at", "0.5"], ["--dump-tree", "every frame", "no --at"])
        option("--plot that is not a PNG", ["card-expand", "--plot", "{dir}/plot.jpg"], ["--plot", ".png"])
        option("--junit that is not XML", ["verify", "{dir}/g", "--junit", "{dir}/j.txt"], ["--junit", ".xml"])
        option("--record that is not a mode", ["verify", "{dir}/g", "--record", "sometimes"], ["--record", "sometimes", "never, missing, failed, all"])
        option("an unknown option", ["card-expand", "--outt", "{dir}/c.mp4"], ["--outt", "Did you mean '--out'"])
        option("an option given twice", ["card-expand", "--fps", "30", "--fps", "60", "--out", "{dir}/c.mp4"], ["--fps is given twice"])
        option("an option without its value", ["card-expand", "--out"], ["--out needs a value"])
        option("a flag with a value", ["card-expand", "--quiet=yes"], ["--quiet takes no value"])
        option("an unknown scene", ["card-expnd", "--out", "{dir}/c.mp4"], ["card-expnd", "Did you mean 'card-expand'"])
        option("an option of verify on a render", ["card-expand", "--record", "all", "--out", "{dir}/c.mp4"], ["--record", "verify"])
        option("an option that tree does not take", ["tree", "{dir}/doc.json", "--out", "{dir}/o.png", "--fps", "30"], ["--fps", "tree"])
        option("a PNG sequence with --at", ["card-expand", "--out", "{dir}/frames/", "--at", "0.5"], ["--at", "frames/", "PNG sequence"])
        option("--version with more", ["--version", "card-expand"], ["--version takes no other arguments"])
        option("--list with a scene", ["--list", "card-expand"], ["--list takes no scene"])
        option("help for an unknown scene", ["help", "nope"], ["unknown scene 'nope'"])
        return cases
    }()

    /// The same files with other arguments; the message is then about them, not the document.
    func with(arguments: [String]) -> BadInput {
        BadInput(name: name, arguments: arguments, files: files, status: status, mentions: mentions.filter { $0 != "doc.json" },
                 mustNotExist: mustNotExist)
    }
}
