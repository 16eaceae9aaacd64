// H.264 in MP4 through libavformat/libavcodec (libx264) and libswscale.
internal import CFFmpeg
import Foundation
import Raster

/// x264's speed/size trade-off and quality for `MP4Sink`.
public struct H264Options: Equatable, Sendable {
    /// x264's presets, fastest (largest files, least memory) first.
    public enum Preset: String, CaseIterable, Equatable, Sendable {
        case ultrafast, superfast, veryfast, faster, fast, medium, slow, slower, veryslow
    }
    public var preset: Preset
    /// Constant rate factor: 0 lossless … 51 smallest; about 6 more halves the size.
    public var crf: Int

    public static let crfRange = 0...51
    /// What `MP4Sink` has always used: medium, CRF 18 (visually lossless for UI).
    public static let `default` = H264Options(preset: .medium, uncheckedCRF: 18)

    /// Fails for a CRF outside 0…51.
    public init(preset: Preset, crf: Int) throws {
        guard Self.crfRange.contains(crf) else {
            throw MediaError("CRF \(crf) is not supported: use a whole number from 0 (lossless) to 51 (smallest"
                             + " files); the default is \(Self.default.crf).")
        }
        self.init(preset: preset, uncheckedCRF: crf)
    }

    /// Fails for a CRF set outside 0…51 after `init`.
    public func validate() throws { _ = try H264Options(preset: preset, crf: crf) }

    init(preset: Preset, uncheckedCRF crf: Int) {
        self.preset = preset
        self.crf = crf
    }
}

/// H.264 (libx264) in MP4, yuv420p BT.709 limited range, tagged BT.709, constant frame rate, faststart.
///
/// - Encoding: libx264 with profile High, CRF 18 and the preset `MP4Sink.defaultPreset` (or the given
///   `H264Options`); `pts` = frame
///   index in a time base of 1/fps, so every appended frame becomes exactly one frame of the file (checked
///   at `finish()`).
/// - Colour: frames are treated as opaque — a premultiplied pixel with alpha < 255 shows composited over
///   black (its colour channels as they are). RGB is converted with libswscale using the BT.709 matrix,
///   full-range RGB in, limited ("tv", 16–235/240) Y′CbCr out, and the codec and stream are tagged BT.709
///   primaries, transfer and matrix, limited range.
/// - Odd sizes: 4:2:0 needs even dimensions, so an odd width or height is padded to the next even
///   number by repeating the last column and/or row (a 393×853 clip is stored as 394×854).
/// - Output: the file is written to `<name>.partial-<pid>` next to the target with `movflags=+faststart`
///   (moov before mdat) and renamed over the target by `finish()`; `cancel()`, a failure, or releasing the
///   sink unfinished removes the partial and leaves the target as it was.
public final class MP4Sink: FrameSink {
    /// The x264 preset used by `init(file:width:height:framesPerSecond:)`.
    public static let defaultPreset = "medium"

    /// The file the clip ends up in.
    public let file: URL
    /// The frame size appended frames must have.
    public let width: Int, height: Int
    /// The size stored in the file (width and height rounded up to even).
    public let encodedWidth: Int, encodedHeight: Int
    public let framesPerSecond: Int

    private var partial: URL?
    private var state = SinkState.open
    private var format: FFOutputFormat?
    private var codec: FFCodecContext?
    private var stream: UnsafeMutablePointer<AVStream>?
    private var scaler: FFScaler?
    private var frame: FFFrame?
    private var packet: FFPacket?
    private var padded: [UInt8] = []
    private var framesAppended = 0
    private var packetsWritten = 0

    /// Fails (before any rendering) for a size outside 1...16384, a frame rate outside 1...240, a target
    /// that is a directory, an unwritable directory, or an FFmpeg without libx264.
    public convenience init(file: URL, width: Int, height: Int, framesPerSecond: Int) throws {
        try self.init(file: file, width: width, height: height, framesPerSecond: framesPerSecond,
                      preset: MP4Sink.defaultPreset)
    }

    /// As `init(file:width:height:framesPerSecond:)` with another x264 preset ("ultrafast" … "veryslow").
    /// Presets faster than "fast" may not use High-profile tools, so the file may report a lower profile.
    public convenience init(file: URL, width: Int, height: Int, framesPerSecond: Int, preset: String) throws {
        try self.init(file: file, width: width, height: height, framesPerSecond: framesPerSecond, preset: preset,
                      crf: H264Options.default.crf)
    }

    /// As `init(file:width:height:framesPerSecond:)` with an x264 preset and CRF (`H264Options`).
    public convenience init(file: URL, width: Int, height: Int, framesPerSecond: Int, options: H264Options) throws {
        try self.init(file: file, width: width, height: height, framesPerSecond: framesPerSecond,
                      preset: options.preset.rawValue, crf: options.crf)
    }

    /// `crf`: x264's constant rate factor, 0 (lossless, High 4:4:4 Predictive profile) … 51 (smallest).
    public init(file: URL, width: Int, height: Int, framesPerSecond: Int, preset: String, crf: Int) throws {
        let target = file.standardizedFileURL
        self.file = target
        self.width = width
        self.height = height
        self.framesPerSecond = framesPerSecond
        self.encodedWidth = width + (width & 1)
        self.encodedHeight = height + (height & 1)
        let path = target.path
        guard (1...16384).contains(width), (1...16384).contains(height) else {
            throw MediaError("Cannot write \(path): a video size of \(width)×\(height) is not supported;"
                             + " width and height must be between 1 and 16384 pixels.")
        }
        guard (1...240).contains(framesPerSecond) else {
            throw MediaError("Cannot write \(path): \(framesPerSecond) frames per second is not supported;"
                             + " use a whole frame rate between 1 and 240.")
        }
        let presets = ["ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow", "placebo"]
        guard presets.contains(preset) else {
            throw MediaError("Cannot write \(path): \"\(preset)\" is not an x264 preset; use one of \(presets.joined(separator: ", ")).")
        }
        guard H264Options.crfRange.contains(crf) else {
            throw MediaError("Cannot write \(path): CRF \(crf) is not supported; use a whole number from 0 (lossless)"
                             + " to 51 (smallest); the default is \(H264Options.default.crf).")
        }
        try AtomicOutput.prepareFileTarget(target, what: "the MP4 file")
        let partial = AtomicOutput.freshPartialFile(for: target)
        self.partial = partial
        do {
            try open(partial: partial.path, preset: preset, crf: crf)
        } catch {
            tearDown()
            throw error
        }
    }

    deinit { cancel() }

    private var context: String { "writing \(file.path)" }

    private func open(partial: String, preset: String, crf: Int) throws {
        guard let encoder = avcodec_find_encoder_by_name("libx264") else {
            throw MediaError("Cannot write \(file.path): this FFmpeg (libavcodec) has no libx264 encoder."
                             + " Install an FFmpeg built with --enable-libx264 (Debian: libavcodec59 with libx264).")
        }
        let format = try FFOutputFormat(formatName: "mp4", path: partial)
        self.format = format
        let codec = try FFCodecContext(codec: encoder)
        self.codec = codec
        let fps = Int32(framesPerSecond)
        let c = codec.pointer
        c.pointee.width = Int32(encodedWidth)
        c.pointee.height = Int32(encodedHeight)
        c.pointee.pix_fmt = AV_PIX_FMT_YUV420P
        c.pointee.time_base = AVRational(num: 1, den: fps)
        c.pointee.framerate = AVRational(num: fps, den: 1)
        c.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
        c.pointee.color_primaries = AVCOL_PRI_BT709
        c.pointee.color_trc = AVCOL_TRC_BT709
        c.pointee.colorspace = AVCOL_SPC_BT709
        c.pointee.color_range = AVCOL_RANGE_MPEG
        c.pointee.chroma_sample_location = AVCHROMA_LOC_LEFT
        c.pointee.thread_count = 0  // let libx264 choose
        if (format.pointer.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER) != 0 {
            c.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER)
        }
        // Lossless (CRF 0) needs High 4:4:4 Predictive, which x264 picks itself; High refuses it.
        let profile = crf == 0 ? [] : [("profile", "high")]
        for (key, value) in [("preset", preset)] + profile + [("crf", String(crf))] {
            try check(av_opt_set(c.pointee.priv_data, key, value, 0), "av_opt_set(\(key)=\(value))", context)
        }
        try check(avcodec_open2(c, encoder, nil), "avcodec_open2", "opening libx264 for \(file.path)")

        guard let stream = avformat_new_stream(format.pointer, nil) else {
            throw ffmpegAllocationFailed("avformat_new_stream", context)
        }
        self.stream = stream
        try check(avcodec_parameters_from_context(stream.pointee.codecpar, c), "avcodec_parameters_from_context", context)
        stream.pointee.time_base = c.pointee.time_base
        stream.pointee.avg_frame_rate = c.pointee.framerate
        stream.pointee.r_frame_rate = c.pointee.framerate

        try format.open(path: partial, for: file)
        let options = try FFDictionary([("movflags", "+faststart")])
        try checkWrite(avformat_write_header(format.pointer, &options.pointer), "avformat_write_header", file: file, context)
        if !options.keys.isEmpty {
            throw MediaError("The mp4 muxer ignored the options \(options.keys) — \(context)")
        }

        let frame = try FFFrame()
        self.frame = frame
        frame.pointer.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        frame.pointer.pointee.width = Int32(encodedWidth)
        frame.pointer.pointee.height = Int32(encodedHeight)
        frame.pointer.pointee.color_primaries = AVCOL_PRI_BT709
        frame.pointer.pointee.color_trc = AVCOL_TRC_BT709
        frame.pointer.pointee.colorspace = AVCOL_SPC_BT709
        frame.pointer.pointee.color_range = AVCOL_RANGE_MPEG
        try check(av_frame_get_buffer(frame.pointer, 0), "av_frame_get_buffer", context)
        packet = try FFPacket()

        guard let sws = sws_getContext(Int32(encodedWidth), Int32(encodedHeight), AV_PIX_FMT_RGB0,
                                       Int32(encodedWidth), Int32(encodedHeight), AV_PIX_FMT_YUV420P,
                                       SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INP, nil, nil, nil) else {
            throw MediaError("sws_getContext could not convert \(encodedWidth)×\(encodedHeight) RGB to yuv420p — \(context)")
        }
        let scaler = FFScaler(pointer: sws)
        self.scaler = scaler
        let bt709 = sws_getCoefficients(SWS_CS_ITU709)
        // Full-range RGB in (srcRange 1), limited-range Y′CbCr out (dstRange 0); neutral brightness,
        // contrast and saturation (16.16 fixed point).
        if sws_setColorspaceDetails(sws, bt709, 1, bt709, 0, 0, 1 << 16, 1 << 16) < 0 {
            throw MediaError("sws_setColorspaceDetails refused BT.709 full → limited range — \(context)")
        }
    }

    public func append(_ image: PixelBuffer) throws {
        try state.requireOpen("MP4 sink", file.path)
        guard image.width == width, image.height == height else {
            throw MediaError("Frame \(framesAppended) for \(file.path) is \(image.width)×\(image.height) but the"
                             + " video is \(width)×\(height); all frames must have the size given to MP4Sink.")
        }
        guard image.bytes.count == width * height * 4 else {
            throw MediaError("Frame \(framesAppended) for \(file.path) holds \(image.bytes.count) bytes instead of"
                             + " \(width * height * 4) (width × height × 4).")
        }
        guard let frame, let scaler else { return }
        do {
            try check(av_frame_make_writable(frame.pointer), "av_frame_make_writable", context)
            if encodedWidth == width && encodedHeight == height {
                image.bytes.withUnsafeBufferPointer { convert($0.baseAddress!, into: frame, scaler) }
            } else {
                pad(image)
                padded.withUnsafeBufferPointer { convert($0.baseAddress!, into: frame, scaler) }
            }
            frame.pointer.pointee.pts = Int64(framesAppended)
            try encode(frame.pointer)
            framesAppended += 1
        } catch {
            cancel()
            throw error
        }
    }

    /// Copies `image` into `padded` (encodedWidth × encodedHeight), repeating the last column and row.
    private func pad(_ image: PixelBuffer) {
        let rowBytes = width * 4, paddedRowBytes = encodedWidth * 4
        if padded.count != paddedRowBytes * encodedHeight {
            padded = [UInt8](repeating: 0, count: paddedRowBytes * encodedHeight)
        }
        image.bytes.withUnsafeBytes { src in
            padded.withUnsafeMutableBytes { dst in
                for y in 0..<height {
                    let row = dst.baseAddress! + y * paddedRowBytes
                    row.copyMemory(from: src.baseAddress! + y * rowBytes, byteCount: rowBytes)
                    if encodedWidth != width {
                        (row + rowBytes).copyMemory(from: row + rowBytes - 4, byteCount: 4)
                    }
                }
                if encodedHeight != height {
                    let last = dst.baseAddress! + (height - 1) * paddedRowBytes
                    (last + paddedRowBytes).copyMemory(from: last, byteCount: paddedRowBytes)
                }
            }
        }
    }

    private func convert(_ pixels: UnsafePointer<UInt8>, into frame: FFFrame, _ scaler: FFScaler) {
        var source: [UnsafePointer<UInt8>?] = [pixels, nil, nil, nil]
        var sourceStride: [Int32] = [Int32(encodedWidth * 4), 0, 0, 0]
        withUnsafePointer(to: &frame.pointer.pointee.data) { data in
            withUnsafePointer(to: &frame.pointer.pointee.linesize) { linesize in
                data.withMemoryRebound(to: UnsafeMutablePointer<UInt8>?.self, capacity: Int(AV_NUM_DATA_POINTERS)) { planes in
                    linesize.withMemoryRebound(to: Int32.self, capacity: Int(AV_NUM_DATA_POINTERS)) { strides in
                        _ = sws_scale(scaler.pointer, &source, &sourceStride, 0, Int32(encodedHeight), planes, strides)
                    }
                }
            }
        }
    }

    /// Sends `frame` (nil = flush) and writes every packet the encoder has ready.
    private func encode(_ frame: UnsafeMutablePointer<AVFrame>?) throws {
        guard let codec, let packet, let format, let stream else { return }
        try check(avcodec_send_frame(codec.pointer, frame), "avcodec_send_frame", context)
        while true {
            // Flushing libx264's lookahead at the end encodes many frames: stop there too when asked.
            if frame == nil { try Interruption.check() }
            let result = avcodec_receive_packet(codec.pointer, packet.pointer)
            if result == averrorEAGAIN || result == averrorEOF { return }
            try check(result, "avcodec_receive_packet", context)
            packet.pointer.pointee.duration = 1  // constant frame rate: one tick of 1/fps per frame
            av_packet_rescale_ts(packet.pointer, codec.pointer.pointee.time_base, stream.pointee.time_base)
            packet.pointer.pointee.stream_index = stream.pointee.index
            packetsWritten += 1
            let written = av_interleaved_write_frame(format.pointer, packet.pointer)
            av_packet_unref(packet.pointer)
            try checkWrite(written, "av_interleaved_write_frame", file: file, context)
        }
    }

    public func finish() throws {
        try state.requireOpen("MP4 sink", file.path)
        guard framesAppended > 0 else {
            throw MediaError("No frames were appended to the MP4 sink for \(file.path); nothing was written."
                             + " Append frames first, or cancel().")
        }
        guard let format, let partial else { return }
        do {
            try encode(nil)
            guard packetsWritten == framesAppended else {
                throw MediaError("libx264 produced \(packetsWritten) packets for \(framesAppended) frames while"
                                 + " writing \(file.path); the clip would not have one frame per rendered frame.")
            }
            try checkWrite(av_write_trailer(format.pointer), "av_write_trailer", file: file, context)
            try checkWrite(avio_closep(&format.pointer.pointee.pb), "avio_closep", file: file, context)
            tearDown(removingPartial: false)
            try AtomicOutput.move(partial, replacing: file)
        } catch {
            cancel()
            throw error
        }
        self.partial = nil
        state = .finished
    }

    public func cancel() {
        if state == .open { state = .cancelled }
        tearDown()
    }

    /// Frees the FFmpeg objects (closing the file) and removes the partial file unless told otherwise.
    private func tearDown(removingPartial: Bool = true) {
        scaler = nil
        frame = nil
        packet = nil
        codec = nil
        stream = nil
        format = nil  // closes the file if still open
        if removingPartial, let partial {
            AtomicOutput.remove(partial)
            self.partial = nil
        }
    }
}
