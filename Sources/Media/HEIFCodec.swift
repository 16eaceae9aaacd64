// HEIF (HEIC, and AVIF where libheif has an AV1 decoder) through libheif, which assembles grid (tiled)
// images as iPhones write them and applies the clean aperture. libheif turns the picture upright as it
// decodes; ImageIO hands out the stored pixels with the orientation beside them, so the irot/imir turn
// (ImageMetadata.heifOrientation) is undone again here. HEIC encoding uses libheif's HEVC encoder (x265).
internal import CHEIF
import CoreGraphics
import Foundation
import Raster

enum HEIFCodec {
    /// libheif's error as text, or nil for success.
    private static func failure(_ error: heif_error) -> String? {
        guard error.code != heif_error_Ok else { return nil }
        return error.message.map { String(cString: $0) } ?? "error \(error.code.rawValue)"
    }

    static func decode(_ bytes: [UInt8], source: String) throws -> StraightImage {
        let notHEIF = "\(source) is not a readable HEIF image"
        guard let context = heif_context_alloc() else { throw MediaError("libheif could not start (out of memory?).") }
        defer { heif_context_free(context) }
        // libheif 1.15 refuses an image (or tile) whose side reaches this, as it reads the file: our side
        // limit. The pixel count is checked from the primary image's size below, before decoding.
        heif_context_set_maximum_image_size_limit(context, Int32(RenderLimits.imageSide + 1))
        return try bytes.withUnsafeBufferPointer { input -> StraightImage in
            // Without copy: `input` outlives the context, which is freed before this closure returns.
            if let message = failure(heif_context_read_from_memory_without_copy(context, input.baseAddress, input.count, nil)) {
                throw MediaError("\(notHEIF): \(message) (libheif).")
            }
            var handle: OpaquePointer?
            if let message = failure(heif_context_get_primary_image_handle(context, &handle)) {
                throw MediaError("\(notHEIF): it has no primary image (libheif: \(message)).")
            }
            defer { heif_image_handle_release(handle) }
            let shownWidth = Int(heif_image_handle_get_width(handle)), shownHeight = Int(heif_image_handle_get_height(handle))
            try ImageDecoder.checkSize(width: shownWidth, height: shownHeight, format: .heif, source: source)

            guard let options = heif_decoding_options_alloc() else { throw MediaError("libheif: out of memory.") }
            defer { heif_decoding_options_free(options) }
            options.pointee.convert_hdr_to_8bit = 1
            var image: OpaquePointer?
            if let message = failure(heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, options)) {
                throw MediaError("\(notHEIF): it is corrupt or truncated, or uses a codec this libheif lacks (libheif: \(message)).")
            }
            defer { heif_image_release(image) }
            let width = Int(heif_image_get_width(image, heif_channel_interleaved))
            let height = Int(heif_image_get_height(image, heif_channel_interleaved))
            var stride: Int32 = 0
            guard RenderLimits.allowsImage(width: width, height: height),
                  let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride),
                  Int(stride) >= width * 4 else {
                throw MediaError("\(notHEIF): libheif decoded no usable pixels.")
            }
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            pixels.withUnsafeMutableBufferPointer { out in
                for y in 0..<height {
                    (out.baseAddress! + y * width * 4).update(from: plane + y * Int(stride), count: width * 4)
                }
            }
            let orientation = ImageMetadata.heifOrientation(bytes)
            var result = StraightImage(width: width, height: height, pixels: pixels, orientation: orientation,
                                       color: colorTag(of: handle))
            if orientation != 1 {
                // Back to the stored pixels (a permutation: straight alpha passes through untouched).
                let stored = CGImage(width: width, height: height, premultipliedRGBA: pixels)!
                    .applyingEXIFOrientation(ImageMetadata.inverse(ofEXIF: orientation))
                result.width = stored.width; result.height = stored.height; result.pixels = stored.premultipliedRGBA
            }
            return result
        }
    }

    /// The image's ICC profile (preferred, as libheif does) or nclx colour description.
    private static func colorTag(of handle: OpaquePointer?) -> ColorTag {
        switch heif_image_handle_get_color_profile_type(handle) {
        case heif_color_profile_type_prof, heif_color_profile_type_rICC:
            let size = heif_image_handle_get_raw_color_profile_size(handle)
            guard size > 0, size <= ImageMetadata.maximumProfileBytes else { return .untagged }
            var profile = [UInt8](repeating: 0, count: size)
            let error = profile.withUnsafeMutableBytes { heif_image_handle_get_raw_color_profile(handle, $0.baseAddress) }
            return failure(error) == nil ? .icc(profile) : .untagged
        case heif_color_profile_type_nclx:
            var nclx: UnsafeMutablePointer<heif_color_profile_nclx>?
            guard failure(heif_image_handle_get_nclx_color_profile(handle, &nclx)) == nil, let nclx else { return .untagged }
            defer { heif_nclx_color_profile_free(nclx) }
            return .nclx(primaries: Int(nclx.pointee.color_primaries.rawValue),
                         transfer: Int(nclx.pointee.transfer_characteristics.rawValue))
        default:
            return .untagged
        }
    }

    // MARK: Encoding

    /// Whether this libheif can write HEVC (Debian's links x265).
    static let hasEncoder: Bool = heif_have_encoder_for_format(heif_compression_HEVC) != 0

    /// HEIC bytes at `quality` 0…1 (x265's lossy quality 0…100), RGBA when any pixel is not opaque.
    static func encode(_ image: PixelBuffer, quality: Double) throws -> [UInt8] {
        guard image.width > 0, image.height > 0, RenderLimits.allowsImage(width: image.width, height: image.height) else {
            throw MediaError("Cannot encode a \(image.width)×\(image.height) image as HEIC: the size must be within"
                             + " \(RenderLimits.imageLimitDescription).")
        }
        guard let context = heif_context_alloc() else { throw MediaError("libheif could not start (out of memory?).") }
        defer { heif_context_free(context) }
        var encoder: OpaquePointer?
        if let message = failure(heif_context_get_encoder_for_format(context, heif_compression_HEVC, &encoder)) {
            throw MediaError("This libheif has no HEVC encoder, so HEIC cannot be written (libheif: \(message)).")
        }
        defer { heif_encoder_release(encoder) }
        let q = Int32(min(max((quality.isFinite ? quality : 1) * 100, 0), 100).rounded())
        _ = heif_encoder_set_lossy_quality(encoder, q)

        let alpha = !PNGCodec.isOpaque(image)
        var heifImage: OpaquePointer?
        if let message = failure(heif_image_create(Int32(image.width), Int32(image.height), heif_colorspace_RGB,
                                                   alpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB, &heifImage)) {
            throw MediaError("libheif could not make a \(image.width)×\(image.height) image: \(message).")
        }
        defer { heif_image_release(heifImage) }
        if let message = failure(heif_image_add_plane(heifImage, heif_channel_interleaved, Int32(image.width), Int32(image.height), 8)) {
            throw MediaError("libheif could not make a \(image.width)×\(image.height) image: \(message).")
        }
        var stride: Int32 = 0
        guard let plane = heif_image_get_plane(heifImage, heif_channel_interleaved, &stride) else {
            throw MediaError("libheif gave no pixel plane to fill.")
        }
        let channels = alpha ? 4 : 3
        image.bytes.withUnsafeBufferPointer { src in
            for y in 0..<image.height {
                let row = plane + y * Int(stride)
                for x in 0..<image.width {
                    let s = (y * image.width + x) * 4, a = src[s + 3]
                    for c in 0..<3 {
                        row[x * channels + c] = a == 0 ? 0 : a == 255 ? src[s + c] : PNGCodec.unpremultiply(src[s + c], alpha: a)
                    }
                    if alpha { row[x * 4 + 3] = a }
                }
            }
        }
        if let message = failure(heif_context_encode_image(context, heifImage, encoder, nil, nil)) {
            throw MediaError("libheif could not encode a \(image.width)×\(image.height) HEIC: \(message).")
        }
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        var writer = heif_writer(writer_api_version: 1, write: { _, data, size, userdata in
            let sink = Unmanaged<Sink>.fromOpaque(userdata!).takeUnretainedValue()
            if let data, size > 0 { sink.bytes.append(contentsOf: UnsafeRawBufferPointer(start: data, count: size)) }
            // libheif says its messages are never NULL: a static string.
            let ok = UnsafeRawPointer(StaticString("Success").utf8Start).assumingMemoryBound(to: CChar.self)
            return heif_error(code: heif_error_Ok, subcode: heif_suberror_Unspecified, message: ok)
        })
        let written = withExtendedLifetime(sink) {
            heif_context_write(context, &writer, Unmanaged.passUnretained(sink).toOpaque())
        }
        if let message = failure(written) { throw MediaError("libheif could not write the HEIC: \(message).") }
        return sink.bytes
    }
}
