// Reading video files back with libavformat/libavcodec (for checks and tests).
internal import CFFmpeg
import Foundation
import Raster

/// What a video file holds, read back with libavformat/libavcodec.
public struct VideoInfo: Equatable, Sendable {
    /// FFmpeg's codec name, e.g. "h264".
    public var codec: String
    /// FFmpeg's profile name, e.g. "High".
    public var profile: String
    /// FFmpeg's pixel format name, e.g. "yuv420p".
    public var pixelFormat: String
    public var width: Int, height: Int
    /// From the stream's average frame rate (or its real base frame rate when that is unknown).
    public var framesPerSecond: Double
    /// Counted packets of the video stream (not the container's claim).
    public var frameCount: Int
    /// FFmpeg's names: "bt709"…; the range is "tv" (limited) or "pc" (full).
    public var colorPrimaries: String, colorTransfer: String, colorMatrix: String, colorRange: String
    /// Whether the top-level `moov` box precedes `mdat` (faststart), from the file's MP4 boxes.
    public var moovBeforeMdat: Bool

    public init(codec: String, profile: String, pixelFormat: String, width: Int, height: Int,
                framesPerSecond: Double, frameCount: Int, colorPrimaries: String, colorTransfer: String,
                colorMatrix: String, colorRange: String, moovBeforeMdat: Bool) {
        self.codec = codec; self.profile = profile; self.pixelFormat = pixelFormat
        self.width = width; self.height = height; self.framesPerSecond = framesPerSecond
        self.frameCount = frameCount; self.colorPrimaries = colorPrimaries; self.colorTransfer = colorTransfer
        self.colorMatrix = colorMatrix; self.colorRange = colorRange; self.moovBeforeMdat = moovBeforeMdat
    }

    public static func probe(_ url: URL) throws -> VideoInfo {
        let path = url.path
        let input = try VideoInput(url)
        let parameters = input.stream.pointee.codecpar!.pointee
        func name(_ text: UnsafePointer<CChar>?) -> String { text.map { String(cString: $0) } ?? "unknown" }
        var rate = input.stream.pointee.avg_frame_rate
        if rate.num <= 0 || rate.den <= 0 { rate = input.stream.pointee.r_frame_rate }
        let fps = rate.num > 0 && rate.den > 0 ? Double(rate.num) / Double(rate.den) : 0

        let packet = try FFPacket()
        var count = 0
        while true {
            let result = av_read_frame(input.format.pointer, packet.pointer)
            if result == averrorEOF { break }
            try check(result, "av_read_frame", "counting the frames of \(path)")
            if packet.pointer.pointee.stream_index == input.stream.pointee.index { count += 1 }
            av_packet_unref(packet.pointer)
        }

        return VideoInfo(
            codec: name(avcodec_get_name(parameters.codec_id)),
            profile: name(avcodec_profile_name(parameters.codec_id, parameters.profile)),
            pixelFormat: name(av_get_pix_fmt_name(AVPixelFormat(rawValue: parameters.format))),
            width: Int(parameters.width), height: Int(parameters.height),
            framesPerSecond: fps, frameCount: count,
            colorPrimaries: name(av_color_primaries_name(parameters.color_primaries)),
            colorTransfer: name(av_color_transfer_name(parameters.color_trc)),
            colorMatrix: name(av_color_space_name(parameters.color_space)),
            colorRange: name(av_color_range_name(parameters.color_range)),
            moovBeforeMdat: try moovPrecedesMdat(url))
    }

    /// Decodes frame `index` back to RGBA (for tests that check what the video shows).
    ///
    /// Converted with libswscale from the file's Y′CbCr using its tagged matrix (BT.709 when untagged) and
    /// range, to full-range RGB; opaque, at the stored (even) size.
    public static func decodeFrame(_ url: URL, index: Int) throws -> PixelBuffer {
        let frame = try decodedFrame(url, index: index)
        let f = frame.pointer.pointee
        let width = Int(f.width), height = Int(f.height)
        let context = "converting frame \(index) of \(url.path) to RGB"
        guard let sws = sws_getContext(f.width, f.height, AVPixelFormat(rawValue: f.format), f.width, f.height,
                                       AV_PIX_FMT_RGB0, SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT,
                                       nil, nil, nil) else {
            throw MediaError("sws_getContext could not convert \(name(of: f.format)) to RGB — \(context)")
        }
        let scaler = FFScaler(pointer: sws)
        let table: Int32
        switch f.colorspace {
        case AVCOL_SPC_BT470BG, AVCOL_SPC_SMPTE170M: table = SWS_CS_ITU601
        case AVCOL_SPC_SMPTE240M: table = SWS_CS_SMPTE240M
        case AVCOL_SPC_FCC: table = SWS_CS_FCC
        case AVCOL_SPC_BT2020_NCL, AVCOL_SPC_BT2020_CL: table = SWS_CS_BT2020
        default: table = SWS_CS_ITU709
        }
        let coefficients = sws_getCoefficients(table)
        let sourceRange: Int32 = f.color_range == AVCOL_RANGE_JPEG ? 1 : 0
        if sws_setColorspaceDetails(scaler.pointer, coefficients, sourceRange, coefficients, 1, 0, 1 << 16, 1 << 16) < 0 {
            throw MediaError("sws_setColorspaceDetails refused the conversion — \(context)")
        }
        var image = PixelBuffer(width: width, height: height)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBufferPointer { out in
            var destination: [UnsafeMutablePointer<UInt8>?] = [out.baseAddress, nil, nil, nil]
            var destinationStride: [Int32] = [Int32(width * 4), 0, 0, 0]
            withUnsafePointer(to: &frame.pointer.pointee.data) { data in
                withUnsafePointer(to: &frame.pointer.pointee.linesize) { linesize in
                    data.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: Int(AV_NUM_DATA_POINTERS)) { planes in
                        linesize.withMemoryRebound(to: Int32.self, capacity: Int(AV_NUM_DATA_POINTERS)) { strides in
                            _ = sws_scale(scaler.pointer, planes, strides, 0, f.height, &destination, &destinationStride)
                        }
                    }
                }
            }
            var i = 3
            while i < out.count { out[i] = 255; i += 4 }
        }
        image.bytes = pixels
        return image
    }

    /// The Y′, Cb and Cr planes of frame `index` of a yuv420p video, without padding (for tests that
    /// check the colour conversion itself).
    static func decodeFramePlanes(_ url: URL, index: Int) throws -> (width: Int, height: Int, y: [UInt8], cb: [UInt8], cr: [UInt8]) {
        let frame = try decodedFrame(url, index: index)
        let f = frame.pointer.pointee
        guard f.format == AV_PIX_FMT_YUV420P.rawValue else {
            throw MediaError("Frame \(index) of \(url.path) is \(name(of: f.format)), not yuv420p.")
        }
        let width = Int(f.width), height = Int(f.height)
        func plane(_ p: UnsafeMutablePointer<UInt8>?, stride: Int32, width: Int, height: Int) -> [UInt8] {
            var out = [UInt8](repeating: 0, count: width * height)
            guard let p else { return out }
            for y in 0..<height {
                for x in 0..<width { out[y * width + x] = p[y * Int(stride) + x] }
            }
            return out
        }
        return (width, height,
                plane(f.data.0, stride: f.linesize.0, width: width, height: height),
                plane(f.data.1, stride: f.linesize.1, width: (width + 1) / 2, height: (height + 1) / 2),
                plane(f.data.2, stride: f.linesize.2, width: (width + 1) / 2, height: (height + 1) / 2))
    }

    private static func name(of format: Int32) -> String {
        av_get_pix_fmt_name(AVPixelFormat(rawValue: format)).map { String(cString: $0) } ?? "pixel format \(format)"
    }

    /// Decodes up to frame `index` (in presentation order) of the video stream.
    static func decodedFrame(_ url: URL, index: Int) throws -> FFFrame {
        let path = url.path
        guard index >= 0 else { throw MediaError("Frame index \(index) is negative (reading \(path)).") }
        let input = try VideoInput(url)
        let parameters = input.stream.pointee.codecpar!
        let context = "decoding \(path)"
        guard let decoder = avcodec_find_decoder(parameters.pointee.codec_id) else {
            throw MediaError("FFmpeg has no decoder for \(String(cString: avcodec_get_name(parameters.pointee.codec_id)))"
                             + " — \(context)")
        }
        let codec = try FFCodecContext(codec: decoder)
        try check(avcodec_parameters_to_context(codec.pointer, parameters), "avcodec_parameters_to_context", context)
        codec.pointer.pointee.thread_count = 1
        try check(avcodec_open2(codec.pointer, decoder, nil), "avcodec_open2", context)
        let packet = try FFPacket()
        let frame = try FFFrame()
        var decoded = 0
        var flushing = false
        while true {
            // Drain every frame the decoder has ready.
            while true {
                let result = avcodec_receive_frame(codec.pointer, frame.pointer)
                if result == averrorEAGAIN { break }
                if result == averrorEOF {
                    throw MediaError("Frame \(index) requested but \(path) has only \(decoded) frames.")
                }
                try check(result, "avcodec_receive_frame", context)
                if decoded == index { return frame }
                decoded += 1
                av_frame_unref(frame.pointer)
            }
            if flushing {
                throw MediaError("Frame \(index) requested but \(path) has only \(decoded) frames.")
            }
            let result = av_read_frame(input.format.pointer, packet.pointer)
            if result == averrorEOF {
                try check(avcodec_send_packet(codec.pointer, nil), "avcodec_send_packet", context)
                flushing = true
                continue
            }
            try check(result, "av_read_frame", context)
            defer { av_packet_unref(packet.pointer) }
            if packet.pointer.pointee.stream_index == input.stream.pointee.index {
                try check(avcodec_send_packet(codec.pointer, packet.pointer), "avcodec_send_packet", context)
            }
        }
    }

    /// Scans the top-level boxes of an ISO-BMFF (MP4/MOV) file: true when `moov` comes before `mdat`.
    static func moovPrecedesMdat(_ url: URL) throws -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: url) else {
            throw MediaError("Cannot open \(url.path) to read its MP4 boxes.")
        }
        defer { try? handle.close() }
        let fileSize = try handle.seekToEnd()
        var offset: UInt64 = 0
        while offset + 8 <= fileSize {
            try handle.seek(toOffset: offset)
            guard let header = try handle.read(upToCount: 16), header.count >= 8 else { return false }
            let bytes = [UInt8](header)
            func be(_ range: Range<Int>) -> UInt64 { bytes[range].reduce(0) { $0 << 8 | UInt64($1) } }
            var size = be(0..<4)
            let type = String(decoding: bytes[4..<8], as: UTF8.self)
            if size == 1 {
                guard bytes.count >= 16 else { return false }
                size = be(8..<16)
            } else if size == 0 {
                size = fileSize - offset
            }
            if type == "moov" { return true }
            if type == "mdat" { return false }
            guard size >= 8 else { return false }  // not an MP4 box structure
            offset += size
        }
        return false
    }
}

/// An opened input file with its best video stream.
final class VideoInput {
    let format: FFInputFormat
    let stream: UnsafeMutablePointer<AVStream>

    init(_ url: URL) throws {
        let path = url.path
        switch AtomicOutput.kind(of: path) {
        case .missing: throw MediaError("Cannot read the video \(path): no such file.")
        case .directory: throw MediaError("Cannot read the video \(path): it is a directory, not a file.")
        case .other: break
        }
        format = try FFInputFormat(path: path)
        try check(avformat_find_stream_info(format.pointer, nil), "avformat_find_stream_info", "reading \(path)")
        let index = av_find_best_stream(format.pointer, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        try check(index, "av_find_best_stream", "looking for a video stream in \(path)")
        stream = format.pointer.pointee.streams[Int(index)]!
    }
}
