// Photos and other image files → premultiplied sRGB pixels, the way ImageIO hands UIImage a CGImage: the
// format is chosen by the file's first bytes (never its name), the pixels are the stored ones (orientation
// is reported, not applied), and colour tagged with an ICC profile or an nclx box is converted to sRGB.
// Each format's decoder lives in a file of its own (JPEGCodec, HEIFCodec, WebPDecoder, GIFDecoder,
// PNGCodec); ImageMetadata reads orientation and profiles; ColorManagement converts. docs/IMAGES.md.
import CoreGraphics
import Foundation
import Raster

/// The image formats Media decodes.
public enum ImageFormat: String, Sendable, CaseIterable {
    case png = "PNG", jpeg = "JPEG", heif = "HEIF", webp = "WebP", gif = "GIF"

    /// The format whose signature `bytes` begin with, or nil.
    public static func sniff(_ bytes: [UInt8]) -> ImageFormat? {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return .webp }
        // ISO base media file: a 'ftyp' box whose major or compatible brands name a HEIF still image.
        if starts(Array("ftyp".utf8), at: 4) {
            let size = bytes.count >= 4 ? Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3]) : 0
            let end = min(bytes.count, max(size, 12))
            let heifBrands: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1", "avif", "avis"]
            var offset = 8
            while offset + 4 <= end {
                if offset != 12, heifBrands.contains(String(decoding: bytes[offset..<offset + 4], as: UTF8.self)) {
                    return .heif
                }
                offset += 4
            }
        }
        return nil
    }
}

/// A decoded image: premultiplied sRGB RGBA8 pixels as stored in the file, and how the file asks them to
/// be shown.
public struct DecodedImage: Sendable {
    /// The stored pixels (not turned by `orientation`), converted to sRGB.
    public var pixels: PixelBuffer
    /// The EXIF orientation, 1–8 (1 when the file says none): JPEG's and WebP's EXIF, PNG's eXIf, HEIF's
    /// irot/imir.
    public var orientation: Int
    public var format: ImageFormat
    /// What the colour was converted from: "sRGB (untagged)", or the profile's description.
    public var colorSource: String
}

/// What a format decoder hands back before colour conversion: straight RGBA8 and its colour tag.
struct StraightImage {
    var width: Int
    var height: Int
    /// Straight (un-premultiplied) RGBA8, width × height × 4 bytes.
    var pixels: [UInt8]
    var orientation: Int = 1
    var color: ColorTag = .untagged
}

/// How a file says what its colours mean.
enum ColorTag: Equatable {
    case untagged
    /// An embedded ICC profile.
    case icc([UInt8])
    /// ISO/IEC 23091-2 colour primaries and transfer characteristics (HEIF's nclx box).
    case nclx(primaries: Int, transfer: Int)
}

public enum ImageDecoder {
    /// Decodes PNG, JPEG, HEIF (HEIC, AVIF), WebP or GIF (its first frame), chosen by content.
    /// `source` names the data in errors ("The data", or a path).
    public static func decode(_ bytes: [UInt8], source: String = "The data") throws -> DecodedImage {
        guard !bytes.isEmpty else { throw MediaError("\(source) is not an image: it is empty (0 bytes).") }
        guard bytes.count <= RenderLimits.imageFileBytes else {
            throw MediaError("\(source) is \(bytes.count) bytes, over the limit of \(RenderLimits.imageFileBytes)"
                             + " bytes for an image file.")
        }
        guard let format = ImageFormat.sniff(bytes) else {
            let head = bytes.prefix(8).map { String(format: "%02X", $0) }.joined(separator: " ")
            throw MediaError("\(source) is not an image in a known format (it begins \(head)): render-transition"
                             + " reads PNG, JPEG, HEIF/HEIC, WebP and GIF, recognised by their first bytes.")
        }
        var image: StraightImage
        switch format {
        case .png: image = try PNGCodec.decodeTagged(bytes, source: source)
        case .jpeg: image = try JPEGCodec.decode(bytes, source: source)
        case .heif: image = try HEIFCodec.decode(bytes, source: source)
        case .webp: image = try WebPDecoder.decode(bytes, source: source)
        case .gif: image = try GIFDecoder.decode(bytes, source: source)
        }
        let colorSource = try ColorManagement.convertToSRGB(&image, source: source)
        PNGCodec.premultiplyInPlace(&image.pixels)
        var buffer = PixelBuffer(width: image.width, height: image.height)
        buffer.bytes = image.pixels
        return DecodedImage(pixels: buffer, orientation: (1...8).contains(image.orientation) ? image.orientation : 1,
                            format: format, colorSource: colorSource)
    }

    /// Decodes the file at `url`; errors name the path.
    public static func decode(contentsOf url: URL) throws -> DecodedImage {
        try decode(try PNGCodec.readFile(url, what: "the image file"), source: url.path)
    }

    /// Most pixels decoded in this task: `RenderLimits.imagePixels`, or less where a caller sets it (the
    /// image fuzzer, so that a few hundred bytes declaring a 100-million-pixel canvas — legal, and slow —
    /// do not read as a hang).
    @TaskLocal package static var maximumPixels = RenderLimits.imagePixels

    /// Refuses a size over the image limits before anything is allocated for it.
    static func checkSize(width: Int, height: Int, format: ImageFormat, source: String) throws {
        guard RenderLimits.allowsImage(width: width, height: height) else {
            throw MediaError("\(source) is a \(width)×\(height) \(format.rawValue), over the limit: images may have"
                             + " \(RenderLimits.imageLimitDescription). Scale the image down.")
        }
        guard width * height <= maximumPixels else {
            throw MediaError("\(source) is a \(width)×\(height) \(format.rawValue), over this decoder's limit of"
                             + " \(maximumPixels) pixels.")
        }
    }
}

/// Makes Media's codecs CoreGraphics' image codecs: `UIImage(data:)`, `UIImage(contentsOfFile:)`,
/// `pngData()`, `jpegData(compressionQuality:)`, `heicData()` and thumbnails.
enum ImageCodecs {
    static let installation: Void = {
        let decode: @Sendable ([UInt8]) throws -> CGImageDecoding.Decoded = { bytes in
            let decoded = try ImageDecoder.decode(bytes)
            return CGImageDecoding.Decoded(image: decoded.pixels.cgImage, orientation: decoded.orientation)
        }
        let encodePNG: @Sendable (CGImage) throws -> [UInt8] = { image in try PNGCodec.encode(PixelBuffer(image)) }
        let encodeJPEG: @Sendable (CGImage, Double) throws -> [UInt8] = { image, quality in
            try JPEGCodec.encode(PixelBuffer(image), quality: quality)
        }
        let encodeHEIC: @Sendable (CGImage, Double) throws -> [UInt8] = { image, quality in
            try HEIFCodec.encode(PixelBuffer(image), quality: quality)
        }
        let resize: @Sendable (CGImage, Int, Int) -> CGImage = { image, width, height in
            PixelBuffer(image).resized(width: width, height: height).cgImage
        }
        CGImageDecoding.install(CGImageDecoding.Codecs(decode: decode, encodePNG: encodePNG, encodeJPEG: encodeJPEG,
                                                       encodeHEIC: HEIFCodec.hasEncoder ? encodeHEIC : nil, resize: resize))
    }()
}

extension PixelBuffer {
    init(_ image: CGImage) {
        self.init(width: image.width, height: image.height)
        bytes = image.premultipliedRGBA
    }
    var cgImage: CGImage { CGImage(width: width, height: height, premultipliedRGBA: bytes)! }
}
