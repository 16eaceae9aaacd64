// WebP through libwebp's animation decoder (libwebpdemux), which reads still and animated files alike and
// composes an animation's first frame on its canvas, as UIImage shows it; its demuxer hands over the ICCP
// and EXIF chunks. libwebp checks every chunk size itself and returns NULL on bad data.
internal import CWebP
import Foundation

enum WebPDecoder {
    static func decode(_ bytes: [UInt8], source: String) throws -> StraightImage {
        let notWebP = "\(source) is not a readable WebP"
        return try bytes.withUnsafeBufferPointer { input -> StraightImage in
            var features = WebPBitstreamFeatures()
            let status = WebPGetFeatures(input.baseAddress, input.count, &features)
            guard status == VP8_STATUS_OK else {
                throw MediaError("\(notWebP): \(describe(status)) (libwebp status \(status.rawValue)).")
            }
            try ImageDecoder.checkSize(width: Int(features.width), height: Int(features.height), format: .webp, source: source)
            var options = WebPAnimDecoderOptions()
            guard WebPAnimDecoderOptionsInit(&options) != 0 else { throw MediaError("libwebp's version does not match its headers.") }
            options.color_mode = MODE_RGBA
            options.use_threads = 0
            var data = WebPData(bytes: input.baseAddress, size: input.count)
            guard let decoder = WebPAnimDecoderNew(&data, &options) else {
                throw MediaError("\(notWebP): it is corrupt or truncated (libwebp could not parse its chunks).")
            }
            defer { WebPAnimDecoderDelete(decoder) }
            var info = WebPAnimInfo()
            guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else { throw MediaError("\(notWebP): libwebp read no image information.") }
            let width = Int(info.canvas_width), height = Int(info.canvas_height)
            try ImageDecoder.checkSize(width: width, height: height, format: .webp, source: source)
            var frame: UnsafeMutablePointer<UInt8>?
            var timestamp: Int32 = 0
            guard WebPAnimDecoderGetNext(decoder, &frame, &timestamp) != 0, let frame else {
                throw MediaError("\(notWebP): its image data is corrupt or truncated (libwebp could not decode the first frame).")
            }
            let pixels = Array(UnsafeBufferPointer(start: frame, count: width * height * 4))
            var result = StraightImage(width: width, height: height, pixels: pixels)
            if let demuxer = WebPAnimDecoderGetDemuxer(decoder) {
                if let icc = chunk("ICCP", demuxer) { result.color = .icc(icc) }
                if let exif = chunk("EXIF", demuxer) { result.orientation = ImageMetadata.exifOrientation(exifPayload: exif) ?? 1 }
            }
            return result
        }
    }

    /// The first chunk named `fourcc`, if any.
    private static func chunk(_ fourcc: String, _ demuxer: OpaquePointer) -> [UInt8]? {
        var iterator = WebPChunkIterator()
        let name = Array(fourcc.utf8).map { CChar(bitPattern: $0) }
        guard WebPDemuxGetChunk(demuxer, name, 1, &iterator) != 0 else { return nil }
        defer { WebPDemuxReleaseChunkIterator(&iterator) }
        guard let bytes = iterator.chunk.bytes, iterator.chunk.size <= ImageMetadata.maximumProfileBytes else { return nil }
        return Array(UnsafeBufferPointer(start: bytes, count: iterator.chunk.size))
    }

    private static func describe(_ status: VP8StatusCode) -> String {
        switch status {
        case VP8_STATUS_NOT_ENOUGH_DATA: "it is truncated"
        case VP8_STATUS_UNSUPPORTED_FEATURE: "it uses a feature libwebp does not support"
        case VP8_STATUS_OUT_OF_MEMORY: "libwebp ran out of memory"
        default: "its header is corrupt"
        }
    }
}
