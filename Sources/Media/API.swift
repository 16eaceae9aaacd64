// CONTRACT FILE — the Media helper replaces the bodies (and may split this file).
import Foundation
import Raster

/// A destination for rendered frames. Frames arrive in order; nothing is visible at the final path until
/// `finish()` succeeds, and `cancel()` leaves the final path exactly as it was before.
public protocol FrameSink: AnyObject {
    func append(_ frame: PixelBuffer) throws
    func finish() throws
    func cancel()
}

public struct MediaError: Error, CustomStringConvertible, Equatable {
    public let description: String
    public init(_ description: String) { self.description = description }
}

public enum PNGCodec {
    public static func encode(_ image: PixelBuffer) throws -> [UInt8] { fatalError("unimplemented") }
    public static func decode(_ bytes: [UInt8]) throws -> PixelBuffer { fatalError("unimplemented") }
    public static func decode(contentsOf url: URL) throws -> PixelBuffer { fatalError("unimplemented") }
}

/// Numbered PNG frames `frame-00000.png`… in a directory.
public final class PNGSequenceSink: FrameSink {
    public init(directory: URL) throws { fatalError("unimplemented") }
    public func append(_ frame: PixelBuffer) throws { fatalError("unimplemented") }
    public func finish() throws { fatalError("unimplemented") }
    public func cancel() { fatalError("unimplemented") }
}

/// Exactly one PNG image at a path.
public final class PNGFileSink: FrameSink {
    public init(file: URL) throws { fatalError("unimplemented") }
    public func append(_ frame: PixelBuffer) throws { fatalError("unimplemented") }
    public func finish() throws { fatalError("unimplemented") }
    public func cancel() { fatalError("unimplemented") }
}

/// H.264 (libx264) in MP4, yuv420p BT.709 limited range, tagged BT.709, constant frame rate, faststart.
public final class MP4Sink: FrameSink {
    public init(file: URL, width: Int, height: Int, framesPerSecond: Int) throws { fatalError("unimplemented") }
    public func append(_ frame: PixelBuffer) throws { fatalError("unimplemented") }
    public func finish() throws { fatalError("unimplemented") }
    public func cancel() { fatalError("unimplemented") }
}

/// What a video file holds, read back with libavformat/libavcodec.
public struct VideoInfo: Equatable, Sendable {
    public var codec: String
    public var profile: String
    public var pixelFormat: String
    public var width: Int, height: Int
    public var framesPerSecond: Double
    public var frameCount: Int
    public var colorPrimaries: String, colorTransfer: String, colorMatrix: String, colorRange: String
    public var moovBeforeMdat: Bool
    public static func probe(_ url: URL) throws -> VideoInfo { fatalError("unimplemented") }
    /// Decodes frame `index` back to RGBA (for tests that check what the video shows).
    public static func decodeFrame(_ url: URL, index: Int) throws -> PixelBuffer { fatalError("unimplemented") }
}
