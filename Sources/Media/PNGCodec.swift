// PNG decoding through libpng's simplified API (png_image_*), which reports errors through
// png_image.message instead of longjmp, so no setjmp/longjmp ever crosses Swift frames.
internal import CPNG
import CoreGraphics
import Foundation
import Raster

/// PNG_FORMAT_* values (png.h): the composite macros are not all imported into Swift.
private let pngFormatRGBA = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)

/// Larger images are refused (1 GiB of RGBA), as a guard against absurd or hostile headers.
private let maximumPixelCount = RenderLimits.imagePixels

extension PNGCodec {
    // MARK: Premultiplication

    /// Straight (un-premultiplied) colour component: round(c × 255 / a), half up, clamped to 255.
    /// `a` must be non-zero.
    @inline(__always)
    static func unpremultiply(_ c: UInt8, alpha a: UInt8) -> UInt8 {
        let value = (UInt32(c) * 255 + UInt32(a) / 2) / UInt32(a)
        return UInt8(min(value, 255))
    }

    /// Premultiplied colour component: round(c × a / 255). (x + 127) / 255 rounds x / 255 to nearest;
    /// there are no ties since 255 is odd.
    @inline(__always)
    static func premultiply(_ c: UInt8, alpha a: UInt8) -> UInt8 {
        UInt8((UInt32(c) * UInt32(a) + 127) / 255)
    }

    /// Straight RGBA8 → premultiplied RGBA8, in place.
    static func premultiplyInPlace(_ bytes: inout [UInt8]) {
        bytes.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i < p.count {
                let a = p[i + 3]
                if a != 255 {
                    p[i] = premultiply(p[i], alpha: a)
                    p[i + 1] = premultiply(p[i + 1], alpha: a)
                    p[i + 2] = premultiply(p[i + 2], alpha: a)
                }
                i += 4
            }
        }
    }

    /// Whether every alpha byte is 255.
    static func isOpaque(_ image: PixelBuffer) -> Bool {
        image.bytes.withUnsafeBufferPointer { p in
            var i = 3
            while i < p.count {
                if p[i] != 255 { return false }
                i += 4
            }
            return true
        }
    }

    // MARK: libpng

    /// png_image.message as a Swift string.
    private static func message(of image: png_image) -> String {
        var copy = image.message
        let text = withUnsafeBytes(of: &copy) { raw -> String in
            let bytes = raw.bindMemory(to: UInt8.self)
            let end = bytes.firstIndex(of: 0) ?? bytes.count
            return String(decoding: bytes[..<end], as: UTF8.self)
        }
        return text.isEmpty ? "no details" : text
    }

    /// Encodes to PNG bytes: straight alpha, 8 bits per channel, sRGB chunk; RGB when every alpha is 255.
    /// `alpha` forces RGBA (true) or RGB (false, for opaque images only): APNG frames share one colour type.
    static func encodeImage(_ image: PixelBuffer, alpha: Bool? = nil, options: PNGOptions = .default) throws -> [UInt8] {
        let width = image.width, height = image.height
        guard width > 0, height > 0, width <= Int(Int32.max) / 4, height <= Int(Int32.max),
              width * height <= maximumPixelCount else {
            throw MediaError("Cannot encode a \(width)×\(height) image as PNG: the size must be at least 1×1"
                             + " and at most \(maximumPixelCount) pixels.")
        }
        guard image.bytes.count == width * height * 4 else {
            throw MediaError("Cannot encode a \(width)×\(height) image as PNG: it holds \(image.bytes.count) bytes"
                             + " instead of \(width * height * 4) (width × height × 4).")
        }
        assert(alpha != false || isOpaque(image), "RGB would drop this image's alpha")
        let opaque = alpha.map { !$0 } ?? isOpaque(image)
        return try PNGWriter.encode(image, alpha: !opaque, options: options)
    }

    /// Decodes PNG bytes to straight RGBA8 (any PNG colour type, bit depth, palette or gamma).
    /// `source` names the data in errors ("the data", or a path).
    static func decodeStraight(_ bytes: [UInt8], source: String) throws -> (width: Int, height: Int, pixels: [UInt8]) {
        var png = png_image()
        png.version = UInt32(PNG_IMAGE_VERSION)
        defer { png_image_free(&png) }
        let notPNG = "\(source) is not a readable PNG"
        guard !bytes.isEmpty else { throw MediaError("\(notPNG): it is empty (0 bytes).") }
        return try bytes.withUnsafeBytes { raw in
            // libpng reads lazily from `raw`, which stays valid for this whole closure.
            guard png_image_begin_read_from_memory(&png, raw.baseAddress, raw.count) != 0 else {
                throw MediaError("\(notPNG) (libpng: \(message(of: png))).")
            }
            let width = Int(png.width), height = Int(png.height)
            // Checked from the header, before the pixels are allocated.
            guard RenderLimits.allowsImage(width: width, height: height) else {
                throw MediaError("\(source) is a \(width)×\(height) PNG, over the limit: images may have"
                                 + " \(RenderLimits.imageLimitDescription). Scale the image down.")
            }
            if ImageDecoder.maximumPixels < RenderLimits.imagePixels {
                try ImageDecoder.checkSize(width: width, height: height, format: .png, source: source)
            }
            png.format = pngFormatRGBA
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            let ok = pixels.withUnsafeMutableBytes { out in
                png_image_finish_read(&png, nil, out.baseAddress, Int32(width * 4), nil)
            }
            guard ok != 0 else {
                throw MediaError("\(notPNG): it is corrupt or truncated (libpng: \(message(of: png))).")
            }
            return (width, height, pixels)
        }
    }

    static func decodeImage(_ bytes: [UInt8], source: String) throws -> PixelBuffer {
        var (width, height, pixels) = try decodeStraight(bytes, source: source)
        premultiplyInPlace(&pixels)
        var image = PixelBuffer(width: width, height: height)
        image.bytes = pixels
        return image
    }

    static func readFile(_ url: URL, what: String) throws -> [UInt8] {
        let path = url.path
        switch AtomicOutput.kind(of: path) {
        case .missing:
            throw MediaError("Cannot read \(what) \(path): no such file. Check the path (relative paths are"
                             + " resolved against \(FileManager.default.currentDirectoryPath)).")
        case .directory:
            throw MediaError("Cannot read \(what) \(path): it is a directory, not a file.")
        case .other:
            break
        }
        // A device (/dev/zero) or pipe never ends, and a huge file is no image: both refused before reading.
        if let attributes = try? FileManager.default.attributesOfItem(atPath: path) {
            if let type = attributes[.type] as? FileAttributeType, type != .typeRegular {
                throw MediaError("Cannot read \(what) \(path): it is not a regular file (a device, pipe or socket)."
                                 + " Give the path of a PNG file.")
            }
            if let size = attributes[.size] as? NSNumber, size.intValue > RenderLimits.imageFileBytes {
                throw MediaError("Cannot read \(what) \(path): it is \(size.intValue) bytes, over the limit of"
                                 + " \(RenderLimits.imageFileBytes) bytes for an image file.")
            }
        }
        do {
            return [UInt8](try Data(contentsOf: url))
        } catch {
            throw MediaError("Cannot read \(what) \(path): \((error as NSError).localizedDescription)."
                             + " Check its permissions.")
        }
    }
}

extension PNGCodec {
    /// Decodes to straight RGBA8 with the file's eXIf orientation and iCCP profile, for `ImageDecoder`.
    static func decodeTagged(_ bytes: [UInt8], source: String) throws -> StraightImage {
        let (width, height, pixels) = try decodeStraight(bytes, source: source)
        let (orientation, color) = ImageMetadata.png(bytes)
        return StraightImage(width: width, height: height, pixels: pixels, orientation: orientation ?? 1, color: color)
    }

    /// Makes Media's codecs (PNG, JPEG, HEIF, WebP, GIF; `ImageDecoder`) CoreGraphics' image decoders and
    /// encoders (`UIImage(data:)`, `UIImage(contentsOfFile:)`, `pngData()`, `jpegData(compressionQuality:)`),
    /// as ImageIO backs UIImage on iOS. Once per process; safe from any thread.
    public static func installAsImageCodec() { _ = ImageCodecs.installation }
}
