// GIF's first frame through libavcodec's GIF decoder (FFmpeg is linked already for MP4): given the whole
// file as one packet, it reads the header and the first image onto the logical screen, transparent where
// the frame is. An animation's later frames are not read: UIImage(data:) shows the first, as on iOS.
internal import CFFmpeg
import CoreGraphics
import Foundation

enum GIFDecoder {
    static func decode(_ bytes: [UInt8], source: String) throws -> StraightImage {
        let notGIF = "\(source) is not a readable GIF"
        _ = FFmpegSetup.done
        // The logical screen's size, checked before libavcodec allocates it.
        let r = ByteReader(bytes: bytes, bigEndian: false)
        guard let width = r.u16(6), let height = r.u16(8) else { throw MediaError("\(notGIF): it is truncated in its header.") }
        try ImageDecoder.checkSize(width: width, height: height, format: .gif, source: source)
        // libavcodec shows a cut-off first image as far as it got; refused instead, as for other formats.
        guard firstImageIsComplete(r) else {
            throw MediaError("\(notGIF): it is truncated or corrupt before the end of its first image.")
        }
        guard let codec = avcodec_find_decoder(AV_CODEC_ID_GIF) else {
            throw MediaError("This FFmpeg has no GIF decoder, so GIF files cannot be read.")
        }
        let context = try FFCodecContext(codec: codec)
        context.pointer.pointee.max_pixels = Int64(RenderLimits.imagePixels)
        try check(avcodec_open2(context.pointer, codec, nil), "avcodec_open2", "opening the GIF decoder")
        let packet = try FFPacket()
        guard bytes.count < Int(Int32.max) else { throw MediaError("\(notGIF): it is too large.") }
        try check(av_new_packet(packet.pointer, Int32(bytes.count)), "av_new_packet")
        bytes.withUnsafeBufferPointer { packet.pointer.pointee.data.update(from: $0.baseAddress!, count: $0.count) }
        let frame = try FFFrame()
        var status = avcodec_send_packet(context.pointer, packet.pointer)
        if status >= 0 {
            status = avcodec_receive_frame(context.pointer, frame.pointer)
            if status == averrorEAGAIN {
                _ = avcodec_send_packet(context.pointer, nil)
                status = avcodec_receive_frame(context.pointer, frame.pointer)
            }
        }
        guard status >= 0 else {
            throw MediaError("\(notGIF): it is corrupt or truncated, or holds no image (libavcodec: \(ffmpegErrorText(status))).")
        }
        let f = frame.pointer.pointee
        let fw = Int(f.width), fh = Int(f.height)
        // libavcodec's GIF frames are AV_PIX_FMT_RGB32 (= BGRA): B, G, R, A in memory on little-endian machines.
        guard f.format == AV_PIX_FMT_BGRA.rawValue, fw > 0, fh > 0, RenderLimits.allowsImage(width: fw, height: fh),
              let plane = f.data.0, Int(f.linesize.0) >= fw * 4 else {
            throw MediaError("\(notGIF): libavcodec decoded no usable pixels.")
        }
        var pixels = [UInt8](repeating: 0, count: fw * fh * 4)
        let stride = Int(f.linesize.0)
        for y in 0..<fh {
            let row = plane + y * stride
            for x in 0..<fw {
                let d = (y * fw + x) * 4
                pixels[d] = row[x * 4 + 2]; pixels[d + 1] = row[x * 4 + 1]
                pixels[d + 2] = row[x * 4]; pixels[d + 3] = row[x * 4 + 3]
            }
        }
        return StraightImage(width: fw, height: fh, pixels: pixels)
    }

    /// Whether the blocks up to the end of the first image (its LZW data's terminating empty sub-block) are
    /// all present: header, colour tables, extensions, image descriptor, sub-blocks.
    static func firstImageIsComplete(_ r: ByteReader) -> Bool {
        guard let flags = r.u8(10) else { return false }
        var at = 13 + (flags & 0x80 != 0 ? 3 << ((flags & 7) + 1) : 0)
        /// Skips data sub-blocks from `at`; false when the data ends first.
        func skipSubBlocks() -> Bool {
            while true {
                guard let size = r.u8(at) else { return false }
                at += 1 + size
                if size == 0 { return true }
            }
        }
        while let introducer = r.u8(at) {
            switch introducer {
            case 0x21:                                                   // extension: label, sub-blocks
                at += 2
                guard skipSubBlocks() else { return false }
            case 0x2C:                                                   // image descriptor
                guard let local = r.u8(at + 9) else { return false }
                at += 10 + (local & 0x80 != 0 ? 3 << ((local & 7) + 1) : 0) + 1   // + LZW minimum code size
                return skipSubBlocks()
            default:
                return false                                             // trailer or junk before any image
            }
        }
        return false
    }
}
