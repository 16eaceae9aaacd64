// JPEG through libjpeg-turbo's TurboJPEG API: it reports errors by return code (its setjmp stays inside
// the library), decodes with the accurate integer DCT and smooth chroma upsampling (libjpeg's defaults,
// as Pillow and most viewers use), and limits progressive scans against hostile files. EXIF orientation
// and ICC profiles come from ImageMetadata.
internal import CTurboJPEG
import Foundation
import Raster

enum JPEGCodec {
    /// A TurboJPEG handle, destroyed when released.
    private final class Handle {
        let pointer: tjhandle
        init(compress: Bool) throws {
            guard let p = compress ? tjInitCompress() : tjInitDecompress() else {
                throw MediaError("libjpeg-turbo could not start (tjInit returned NULL: out of memory?).")
            }
            pointer = p
        }
        deinit { tjDestroy(pointer) }
        var errorText: String { String(cString: tjGetErrorStr2(pointer)) }
        var errorIsFatal: Bool { tjGetErrorCode(pointer) == Int32(TJERR_FATAL.rawValue) }
    }

    static func decode(_ bytes: [UInt8], source: String) throws -> StraightImage {
        let notJPEG = "\(source) is not a readable JPEG"
        let handle = try Handle(compress: false)
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let headerOK = bytes.withUnsafeBufferPointer {
            tjDecompressHeader3(handle.pointer, $0.baseAddress, UInt($0.count), &width, &height, &subsampling, &colorspace)
        }
        guard headerOK == 0 else { throw MediaError("\(notJPEG): its header is corrupt (libjpeg-turbo: \(handle.errorText)).") }
        try ImageDecoder.checkSize(width: Int(width), height: Int(height), format: .jpeg, source: source)
        let w = Int(width), h = Int(height)
        let cmyk = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
        let format = cmyk ? TJPF_CMYK : TJPF_RGBA
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        let flags = Int32(TJFLAG_ACCURATEDCT | TJFLAG_LIMITSCANS)
        let status = bytes.withUnsafeBufferPointer { input in
            pixels.withUnsafeMutableBufferPointer { out in
                tjDecompress2(handle.pointer, input.baseAddress, UInt(input.count), out.baseAddress,
                              width, width * 4, height, Int32(format.rawValue), flags)
            }
        }
        if status != 0 {
            let text = handle.errorText
            // A warning leaves a whole image; refused only when the data ended early (a truncated file),
            // since the rest of the picture would be grey. Other warnings (stray bytes) decode, as on iOS.
            if handle.errorIsFatal || text.contains("Premature end") {
                let what = text.contains("Premature end") ? "it is truncated" : "it is corrupt"
                throw MediaError("\(notJPEG): \(what) (libjpeg-turbo: \(text)).")
            }
        }
        // A progressive file cut between scans decodes without a warning: its end of image must be there.
        guard hasEndOfImage(bytes) else {
            throw MediaError("\(notJPEG): it is truncated (no end-of-image marker after its image data).")
        }
        if cmyk { convertAdobeCMYK(&pixels) }
        let (orientation, icc) = ImageMetadata.jpeg(bytes)
        return StraightImage(width: w, height: h, pixels: pixels, orientation: orientation ?? 1,
                             color: cmyk ? .untagged : icc.map(ColorTag.icc) ?? .untagged)
    }

    /// Whether an end-of-image marker (FF D9) follows the first start-of-scan. Inside entropy-coded data
    /// every FF byte is stuffed (FF 00), so FF D9 there is the real marker; an EXIF thumbnail's own EOI
    /// comes before the first scan and does not count.
    static func hasEndOfImage(_ bytes: [UInt8]) -> Bool {
        let r = ByteReader(bytes: bytes)
        var at = 2
        // Segments up to the first scan (lengths checked), then a plain search.
        while at + 4 <= bytes.count, bytes[at] == 0xFF {
            let marker = bytes[at + 1]
            if marker == 0xFF { at += 1; continue }
            if marker == 0xDA { break }
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 { at += 2; continue }
            guard let length = r.u16(at + 2) else { return false }
            at += 2 + length
        }
        var i = bytes.count - 2
        while i >= at {
            if bytes[i] == 0xFF && bytes[i + 1] == 0xD9 { return true }
            i -= 1
        }
        return false
    }

    /// CMYK as Adobe applications store it in JPEG (inverted: 255 is no ink) → RGB, with alpha 255.
    private static func convertAdobeCMYK(_ pixels: inout [UInt8]) {
        var i = 0
        while i < pixels.count {
            let c = Int(pixels[i]), m = Int(pixels[i + 1]), y = Int(pixels[i + 2]), k = Int(pixels[i + 3])
            pixels[i] = UInt8((c * k + 127) / 255)
            pixels[i + 1] = UInt8((m * k + 127) / 255)
            pixels[i + 2] = UInt8((y * k + 127) / 255)
            pixels[i + 3] = 255
            i += 4
        }
    }

    /// JPEG bytes (4:2:0, baseline) at `quality` 0…1 (libjpeg quality 1…100). JPEG has no alpha: the
    /// premultiplied colour is written, so transparent pixels come out black, as on iOS.
    static func encode(_ image: PixelBuffer, quality: Double) throws -> [UInt8] {
        guard image.width > 0, image.height > 0, image.width <= 65_500, image.height <= 65_500 else {
            throw MediaError("Cannot encode a \(image.width)×\(image.height) image as JPEG: each side must be 1 to 65500 pixels.")
        }
        let handle = try Handle(compress: true)
        let q = Int32(min(max((quality.isFinite ? quality : 1) * 100, 1), 100).rounded())
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        defer { if let output { tjFree(output) } }
        let status = image.bytes.withUnsafeBufferPointer { input in
            tjCompress2(handle.pointer, input.baseAddress, Int32(image.width), Int32(image.width * 4), Int32(image.height),
                        Int32(TJPF_RGBA.rawValue), &output, &size, Int32(TJSAMP_420.rawValue), q, Int32(TJFLAG_ACCURATEDCT))
        }
        guard status == 0, let output else {
            throw MediaError("libjpeg-turbo could not encode a \(image.width)×\(image.height) JPEG: \(handle.errorText).")
        }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }
}
