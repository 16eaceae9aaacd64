import Foundation

/// Bad input to the text engine: what went wrong, where, and how to fix it.
public enum TextError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The file could not be read at all (missing, a directory, no permission).
    case unreadableFile(path: String, reason: String)
    /// The bytes are not a font FreeType can open (e.g. a PNG given as a font); `reason` says what they
    /// look like or what FreeType reported.
    case notAFont(source: String, reason: String)
    /// FreeType opened the file but could not set up the face (damaged tables).
    case damagedFont(source: String, detail: String)

    public var description: String {
        switch self {
        case .unreadableFile(let path, let reason):
            return "\(path): cannot read the font file (\(reason)); check the path and its permissions."
        case .notAFont(let source, let reason):
            return "\(source): not a font file FreeType can read (\(reason)); give a TrueType (.ttf), "
                + "OpenType (.otf) or collection (.ttc) file."
        case .damagedFont(let source, let detail):
            return "\(source): the font file is damaged (\(detail)); use another copy of the font."
        }
    }
}

extension TextError {
    /// Why `bytes` are not a font: a known non-font signature first (the usual mistake), else FreeType's error.
    static func notAFontReason(_ bytes: FontBytes, freeTypeError code: Int32) -> String {
        let head = Array(UnsafeRawBufferPointer(rebasing: bytes.pointer[0..<min(bytes.count, 8)]))
        let kinds: [([UInt8], String)] = [([0x89, 0x50, 0x4E, 0x47], "it is a PNG image"),
                                          ([0xFF, 0xD8, 0xFF], "it is a JPEG image"),
                                          ([0x47, 0x49, 0x46, 0x38], "it is a GIF image"),
                                          ([0x25, 0x50, 0x44, 0x46], "it is a PDF document")]
        if let kind = kinds.first(where: { head.starts(with: $0.0) }) { return kind.1 }
        if bytes.count == 0 { return "the file is empty" }
        // FreeType's error codes (fterrdef.h): 0x02 unknown format, 0x08 bad table, 0x51…0x55 stream errors.
        switch code {
        case 0x02: return "unknown file format"
        case 0x51...0x55: return "the data ends too early"
        default: return String(format: "FreeType error 0x%02X", code)
        }
    }
}
