// TEMPORARY stand-in until the APNG sink lands; same signatures.
import Raster
import Foundation
import Media
final class APNGSink: FrameSink {
    init(file: URL, framesPerSecond: Int) throws {}
    func append(_ frame: PixelBuffer) throws {}
    func finish() throws {}
    func cancel() {}
}
enum APNG {
    struct Decoded { var frames: [PixelBuffer]; var framesPerSecond: Double? }
    static func decode(contentsOf url: URL) throws -> Decoded { Decoded(frames: [], framesPerSecond: nil) }
}
