import Foundation
import Stage
import Diagnostics
import Compositor
import Raster
import QuartzCore

/// `render-benchmark documents DIR`: a folder of layer-tree documents, taken in name order as the frames of
/// one clip, rendered the way a real render renders a clip — one renderer for all of them (damage tracking
/// and cached backdrops on), each frame dropped before the next so its memory is reused. Parsing is outside
/// the timing, and each document is parsed just before its frame, so memory stays flat with the folder's
/// size. Any workload becomes comparable on exactly the same frames: a scene dumped frame by frame with
/// `render-transition SCENE --dump-tree DIR/`, or another 2D library's benchmark frames written as documents.
struct DocumentsWorkload {
    struct Options {
        var directory: URL
        var scale: CGFloat?
        var passes = 1
        var fresh = false
        var json = false
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The `.json` files directly in `directory`, sorted by name (byte order, so `frame-00010` follows
    /// `frame-00009`), or an error that says what is wrong with the folder.
    static func documents(in directory: URL) throws -> [URL] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) else {
            throw Failure(description: "no such folder: \(directory.path) (relative paths start at \(FileManager.default.currentDirectoryPath))")
        }
        guard isDirectory.boolValue else {
            throw Failure(description: "\(directory.path) is a file; give the folder that holds the documents (frame-00000.json, …)")
        }
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: directory.path) } catch {
            throw Failure(description: "\(directory.path) cannot be read (\(error.localizedDescription)); check its permissions")
        }
        let documents = names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
            .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        guard !documents.isEmpty else {
            throw Failure(description: "\(directory.path) holds no .json layer-tree documents; write them with `render-transition SCENE --dump-tree \(directory.path)/` (every frame) or `--dump-tree FILE.json --at SECONDS`")
        }
        return documents.map { directory.appendingPathComponent($0) }
    }

    struct Result {
        var frames: Int
        var times: [Double]
        var pixels: (width: Int, height: Int)
        var scale: CGFloat
        var faultsPerFrame: Double
        var peakMemoryMiB: Double
    }

    static func run(_ options: Options) throws -> Result {
        let files = try documents(in: options.directory)
        var renderer: LayerRenderer?
        var times: [Double] = []
        var checksum = 0
        var pixels = (width: 0, height: 0)
        var scale: CGFloat = 0
        var faults = 0
        for _ in 0..<options.passes {
            for file in files {
                let document: LayerTreeDocument
                do { document = try Stage.loadDocument(file, scale: options.scale) } catch {
                    throw Failure(description: "\(error)")
                }
                let frameScale = options.scale ?? document.scale
                if renderer == nil || renderer!.scale != frameScale || options.fresh {
                    renderer = LayerRenderer(scale: frameScale)
                }
                scale = frameScale
                var frame: PixelBuffer!
                let faultsBefore = minorFaults()
                times.append(milliseconds {
                    frame = renderer!.render(document.root, size: document.canvasSize, background: document.background)
                })
                faults += minorFaults() - faultsBefore
                pixels = (frame.width, frame.height)
                checksum &+= Int(frame.bytes[frame.bytes.count / 2])
                frame = nil   // dropped before the next frame, as a streaming sink does
            }
        }
        _ = checksum
        return Result(frames: times.count, times: times, pixels: pixels, scale: scale,
                      faultsPerFrame: Double(faults) / Double(max(1, times.count)),
                      peakMemoryMiB: peakMemoryMiB())
    }

    static func report(_ result: Result, options: Options) -> String {
        let sorted = result.times.sorted()
        let mean = result.times.reduce(0, +) / Double(max(1, result.times.count))
        if options.json {
            func number(_ value: Double) -> JSON { .number((value * 1000).rounded() / 1000) }
            return JSON.object([
                ("directory", .string(options.directory.path)), ("frames", .number(Double(result.frames))),
                ("passes", .number(Double(options.passes))), ("fresh", .bool(options.fresh)),
                ("scale", .number(Double(result.scale))), ("width", .number(Double(result.pixels.width))),
                ("height", .number(Double(result.pixels.height))),
                ("msPerFrame", .object([("median", number(median(sorted))), ("min", number(sorted.first ?? 0)),
                                        ("max", number(sorted.last ?? 0)), ("mean", number(mean))])),
                ("minorPageFaultsPerFrame", number(result.faultsPerFrame)), ("peakMemoryMiB", number(result.peakMemoryMiB)),
            ]).serialized()
        }
        return String(format: "%@: %d frames at %gx (last %d×%d px)%@: median %.2f ms/frame (min %.2f, max %.2f, mean %.2f), %.0f minor page faults/frame\npeak memory %.0f MiB",
                      options.directory.path, result.frames, Double(result.scale), result.pixels.width, result.pixels.height,
                      options.fresh ? ", each frame fresh" : "", median(sorted), sorted.first ?? 0, sorted.last ?? 0, mean,
                      result.faultsPerFrame, result.peakMemoryMiB)
    }
}
