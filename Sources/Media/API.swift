// The public surface of Media. The sinks live in PNGSinks.swift, MP4Sink.swift, GIFSink.swift and
// APNGSink.swift, VideoInfo in VideoInfo.swift, the PNG work in PNGCodec.swift, APNG decoding in APNG.swift.
import Foundation
import Raster

/// A destination for rendered frames. Frames arrive in order; nothing is visible at the final path until
/// `finish()` succeeds, and `cancel()` leaves the final path exactly as it was before.
///
/// A sink is used from one thread at a time. After `finish()` or `cancel()` it accepts no more frames;
/// `cancel()` is idempotent, and a sink released without `finish()` cancels itself (removing its partial).
public protocol FrameSink: AnyObject {
    func append(_ frame: PixelBuffer) throws
    func finish() throws
    func cancel()
}

public struct MediaError: Error, CustomStringConvertible, Equatable {
    /// What went wrong, where and how to fix it.
    public let description: String
    /// What kind of failure, for callers that say it in their own terms.
    public let kind: Kind
    public enum Kind: Equatable, Sendable {
        case other
        /// The disk (or quota) holding `path`, the output being written, is full.
        case noSpace(path: String)
    }
    public init(_ description: String, kind: Kind = .other) {
        self.description = description
        self.kind = kind
    }
}

/// PNG files of premultiplied sRGB RGBA8 images.
///
/// Files hold straight (un-premultiplied) alpha, as PNG requires: encoding divides by alpha (rounding to
/// nearest; fully transparent pixels become 0,0,0,0) and decoding multiplies back (rounded), so any valid
/// premultiplied image survives `decode(encode(x)) == x` exactly. Opaque images are written as RGB.
public enum PNGCodec {
    /// PNG bytes for `image`: 8-bit RGB when every alpha is 255, else 8-bit RGBA; sRGB chunk; the same
    /// input always gives the same bytes.
    public static func encode(_ image: PixelBuffer) throws -> [UInt8] { try encodeImage(image) }
    /// As `encode(_:)` at another compression level and row filter (the same pixels, another size and speed).
    public static func encode(_ image: PixelBuffer, options: PNGOptions) throws -> [UInt8] {
        try encodeImage(image, options: options)
    }
    /// Decodes any PNG (palette, grey, 16-bit…) to premultiplied RGBA8.
    public static func decode(_ bytes: [UInt8]) throws -> PixelBuffer { try decodeImage(bytes, source: "The data") }
    /// Decodes the PNG file at `url`; errors name the path.
    public static func decode(contentsOf url: URL) throws -> PixelBuffer {
        let bytes = try readFile(url, what: "the PNG file")
        return try decodeImage(bytes, source: url.path)
    }
}
