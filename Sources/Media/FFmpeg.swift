// Owning Swift wrappers around the FFmpeg objects Media uses, and the single helper that turns an FFmpeg
// error code into a MediaError. No C pointer leaves this module's internal API.
internal import CFFmpeg
import Foundation

/// FFmpeg logs at AV_LOG_INFO by default (libx264's banner and statistics, the muxer's faststart pass);
/// Media lowers it once, process-wide, to errors only. Touch `FFmpegSetup.done` before using FFmpeg.
enum FFmpegSetup {
    static let done: Void = { av_log_set_level(AV_LOG_ERROR) }()
}

/// FFmpeg's URL for a local path: the `file:` protocol, so that no part of a file name (a colon, say) is
/// taken for another protocol.
func ffmpegFileURL(_ path: String) -> String { "file:" + path }

/// `AVERROR(EAGAIN)`: the function-like macro is not imported into Swift.
let averrorEAGAIN: Int32 = -EAGAIN
/// `AVERROR_EOF` = `-MKTAG('E','O','F',' ')`.
let averrorEOF: Int32 = -Int32(bitPattern: UInt32(0x45) | UInt32(0x4F) << 8 | UInt32(0x46) << 16 | UInt32(0x20) << 24)

/// FFmpeg's text for an error code (av_strerror), e.g. "Invalid argument".
func ffmpegErrorText(_ code: Int32) -> String {
    var buffer = [CChar](repeating: 0, count: 256)
    if av_strerror(code, &buffer, buffer.count) < 0 {
        return "unknown FFmpeg error \(code)"
    }
    return String(cString: buffer)
}

/// THE one way FFmpeg return codes become errors: a negative `code` throws a MediaError naming `call`,
/// FFmpeg's explanation (av_strerror) and, when given, what was being done (`context`, e.g. the file).
/// Returns `code` unchanged when it is not an error, so counts and indices pass through.
@discardableResult
func check(_ code: Int32, _ call: String, _ context: String? = nil) throws -> Int32 {
    guard code < 0 else { return code }
    var message = "\(call) failed: \(ffmpegErrorText(code)) (FFmpeg error \(code))"
    if let context { message += " — \(context)" }
    throw MediaError(message)
}

/// `check` for a call that writes the output `file`: a full disk (ENOSPC, EDQUOT) is said as such, with
/// what to do, instead of in FFmpeg's terms.
@discardableResult
func checkWrite(_ code: Int32, _ call: String, file: URL, _ context: String? = nil) throws -> Int32 {
    if code == -ENOSPC || code == -EDQUOT { throw AtomicOutput.noSpace(writing: file, subject: "the MP4 file \(file.path)") }
    return try check(code, call, context)
}

/// An FFmpeg allocation that returned NULL.
func ffmpegAllocationFailed(_ call: String, _ context: String? = nil) -> MediaError {
    var message = "\(call) returned NULL (out of memory?)"
    if let context { message += " — \(context)" }
    return MediaError(message)
}

/// An `AVFrame`, freed with `av_frame_free`.
final class FFFrame {
    private(set) var pointer: UnsafeMutablePointer<AVFrame>
    init() throws {
        guard let frame = av_frame_alloc() else { throw ffmpegAllocationFailed("av_frame_alloc") }
        pointer = frame
    }
    deinit {
        var frame: UnsafeMutablePointer<AVFrame>? = pointer
        av_frame_free(&frame)
    }
}

/// An `AVPacket`, freed with `av_packet_free`.
final class FFPacket {
    private(set) var pointer: UnsafeMutablePointer<AVPacket>
    init() throws {
        guard let packet = av_packet_alloc() else { throw ffmpegAllocationFailed("av_packet_alloc") }
        pointer = packet
    }
    deinit {
        var packet: UnsafeMutablePointer<AVPacket>? = pointer
        av_packet_free(&packet)
    }
}

/// An `AVCodecContext`, freed with `avcodec_free_context`.
final class FFCodecContext {
    private(set) var pointer: UnsafeMutablePointer<AVCodecContext>
    init(codec: UnsafePointer<AVCodec>) throws {
        guard let context = avcodec_alloc_context3(codec) else { throw ffmpegAllocationFailed("avcodec_alloc_context3") }
        pointer = context
    }
    deinit {
        var context: UnsafeMutablePointer<AVCodecContext>? = pointer
        avcodec_free_context(&context)
    }
}

/// A `SwsContext`, freed with `sws_freeContext`.
final class FFScaler {
    private(set) var pointer: OpaquePointer
    init(pointer: OpaquePointer) { self.pointer = pointer }
    deinit { sws_freeContext(pointer) }
}

/// An output `AVFormatContext` with its `AVIOContext`; closes the file and frees the context in deinit.
final class FFOutputFormat {
    private(set) var pointer: UnsafeMutablePointer<AVFormatContext>
    init(formatName: String, path: String) throws {
        _ = FFmpegSetup.done
        var context: UnsafeMutablePointer<AVFormatContext>?
        try check(avformat_alloc_output_context2(&context, nil, formatName, ffmpegFileURL(path)),
                  "avformat_alloc_output_context2",
                  "creating the \(formatName) muxer for \(path)")
        guard let context else { throw ffmpegAllocationFailed("avformat_alloc_output_context2", path) }
        pointer = context
    }
    /// Opens the file at `path` (the partial of `file`) for writing (avio_open).
    func open(path: String, for file: URL) throws {
        try checkWrite(avio_open(&pointer.pointee.pb, ffmpegFileURL(path), AVIO_FLAG_WRITE), "avio_open", file: file,
                       "opening \(path) for writing; check that the directory exists and is writable")
    }
    /// Closes the file if open (idempotent).
    func closeFile() {
        if pointer.pointee.pb != nil { avio_closep(&pointer.pointee.pb) }
    }
    deinit {
        closeFile()
        avformat_free_context(pointer)
    }
}

/// An input `AVFormatContext`, closed with `avformat_close_input`.
final class FFInputFormat {
    private(set) var pointer: UnsafeMutablePointer<AVFormatContext>
    init(path: String) throws {
        var context: UnsafeMutablePointer<AVFormatContext>?
        _ = FFmpegSetup.done
        try check(avformat_open_input(&context, ffmpegFileURL(path), nil, nil), "avformat_open_input", "opening \(path)")
        guard let context else { throw ffmpegAllocationFailed("avformat_open_input", path) }
        pointer = context
    }
    deinit {
        var context: UnsafeMutablePointer<AVFormatContext>? = pointer
        avformat_close_input(&context)
    }
}

/// An `AVDictionary` of options, freed with `av_dict_free`.
final class FFDictionary {
    var pointer: OpaquePointer?
    init(_ entries: [(String, String)] = []) throws {
        for (key, value) in entries {
            try check(av_dict_set(&pointer, key, value, 0), "av_dict_set", "option \(key)=\(value)")
        }
    }
    /// Keys still present (after a call that consumes the options it recognises).
    var keys: [String] {
        var result: [String] = []
        var entry: UnsafeMutablePointer<AVDictionaryEntry>? = nil
        while let next = av_dict_get(pointer, "", entry, AV_DICT_IGNORE_SUFFIX) {
            result.append(String(cString: next.pointee.key))
            entry = next
        }
        return result
    }
    deinit { av_dict_free(&pointer) }
}
