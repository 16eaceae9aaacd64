// A font face: FreeType reads the file's tables and glyph outlines, HarfBuzz shapes with the same bytes.
// Outlines are loaded unscaled and unhinted (font units), so our numbers do not depend on FreeType's
// hinting or scaling code, only on the font file.
internal import CFreeType
internal import CHarfBuzz
import CoreGraphics
import Foundation

/// FT_LOAD_* flags (freetype.h); defined here because the macros are not all imported into Swift.
private let loadNoScale: Int32 = 1 << 0
private let loadNoHinting: Int32 = 1 << 1
private let loadNoBitmap: Int32 = 1 << 3

/// A font file's bytes, shared by the faces of a collection and kept alive while FreeType and HarfBuzz
/// read them (both read the memory in place).
final class FontBytes: @unchecked Sendable {
    let pointer: UnsafeMutableRawBufferPointer
    init(_ bytes: [UInt8]) {
        let pointer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 16)
        bytes.withUnsafeBytes { pointer.copyMemory(from: $0) }
        self.pointer = pointer
        count = bytes.count
    }
    let count: Int
    deinit { pointer.deallocate() }
}

/// A loaded face. Immutable once made; glyph outlines load lazily under a lock (an FT_Face is not
/// thread-safe) and are cached. Equality is identity.
public final class FontFace: Hashable, CustomStringConvertible, @unchecked Sendable {
    public let familyName: String
    public let styleName: String
    public let postScriptName: String
    /// The name table's full name (name ID 4), e.g. "Inter Semi Bold"; "family style" when absent.
    public let fullName: String
    /// OS/2 usWeightClass (100 thin … 400 regular … 900 black).
    public let weight: Int
    public let isItalic: Bool
    public let unitsPerEm: Int
    /// hhea ascender, descender (negative below the baseline) and lineGap, as Apple's platforms use them.
    public let ascender: Int
    public let descender: Int
    public let lineGap: Int
    /// OS/2 sCapHeight and sxHeight (version ≥ 2), 0 when the table lacks them.
    public let capHeight: Int
    public let xHeight: Int
    public let glyphCount: Int
    /// Where the face came from, for messages.
    public let source: String

    private let bytes: FontBytes
    private let library: FT_Library
    private let face: FT_Face
    private let hbBlob: OpaquePointer
    private let hbFace: OpaquePointer
    let hbFont: OpaquePointer
    private let lock = NSLock()
    private var outlines: [UInt32: CGPath] = [:]
    private var advances: [UInt32: Int] = [:]

    /// The first face of a font file (.ttf, .otf; a collection's first face).
    public convenience init(contentsOf url: URL) throws {
        let bytes = try FontFace.read(url)
        try self.init(bytes: FontBytes(bytes), index: 0, source: url.path)
    }

    /// The first face of font data in memory.
    public convenience init(data: [UInt8]) throws {
        try self.init(bytes: FontBytes(data), index: 0, source: "font data (\(data.count) bytes)")
    }

    /// Every face of a font file: one for .ttf/.otf, all of a collection (.ttc/.otc).
    public static func faces(contentsOf url: URL) throws -> [FontFace] {
        try faces(bytes: FontBytes(read(url)), source: url.path)
    }

    public static func faces(data: [UInt8]) throws -> [FontFace] {
        try faces(bytes: FontBytes(data), source: "font data (\(data.count) bytes)")
    }

    static func faces(bytes: FontBytes, source: String) throws -> [FontFace] {
        let first = try FontFace(bytes: bytes, index: 0, source: source)
        var faces = [first]
        for index in 1..<max(first.faceCountInFile, 1) {
            faces.append(try FontFace(bytes: bytes, index: index, source: "\(source) (face \(index))"))
        }
        return faces
    }

    private static func read(_ url: URL) throws -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw TextError.unreadableFile(path: url.path, reason: "no such file")
        }
        guard !isDirectory.boolValue else { throw TextError.unreadableFile(path: url.path, reason: "it is a directory") }
        do { return [UInt8](try Data(contentsOf: url)) } catch {
            throw TextError.unreadableFile(path: url.path, reason: error.localizedDescription)
        }
    }

    private let faceCountInFile: Int

    init(bytes: FontBytes, index: Int, source: String) throws {
        self.bytes = bytes
        self.source = source
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else {
            throw TextError.damagedFont(source: source, detail: "FreeType could not start")
        }
        var face: FT_Face?
        let base = bytes.pointer.baseAddress!.assumingMemoryBound(to: FT_Byte.self)
        let error = FT_New_Memory_Face(library, base, FT_Long(bytes.count), FT_Long(index), &face)
        guard error == 0, let face else {
            FT_Done_FreeType(library)
            throw TextError.notAFont(source: source, reason: TextError.notAFontReason(bytes, freeTypeError: error))
        }
        guard face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0, face.pointee.units_per_EM > 0 else {
            FT_Done_Face(face); FT_Done_FreeType(library)
            throw TextError.notAFont(source: source, reason: "a bitmap-only font, without outlines")
        }
        self.library = library
        self.face = face
        faceCountInFile = Int(face.pointee.num_faces)
        unitsPerEm = Int(face.pointee.units_per_EM)
        glyphCount = Int(face.pointee.num_glyphs)
        familyName = face.pointee.family_name.map { String(cString: $0) } ?? ""
        styleName = face.pointee.style_name.map { String(cString: $0) } ?? ""
        postScriptName = FT_Get_Postscript_Name(face).map { String(cString: $0) }
            ?? (familyName + "-" + styleName).replacingOccurrences(of: " ", with: "")
        fullName = FontFace.nameRecord(face, id: 4) ?? "\(familyName) \(styleName)"

        // OpenType hhea: the vertical metrics Apple's text stack uses for a line.
        if let hhea = FT_Get_Sfnt_Table(face, FT_SFNT_HHEA)?.assumingMemoryBound(to: TT_HoriHeader.self) {
            ascender = Int(hhea.pointee.Ascender)
            descender = Int(hhea.pointee.Descender)
            lineGap = Int(hhea.pointee.Line_Gap)
        } else {
            ascender = Int(face.pointee.ascender); descender = Int(face.pointee.descender); lineGap = 0
        }
        // OpenType OS/2: weight class, italic bit (fsSelection bit 0), cap and x heights (version ≥ 2).
        var weight = 400, italic = face.pointee.style_flags & FT_Long(FT_STYLE_FLAG_ITALIC) != 0, cap = 0, x = 0
        if let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self),
           os2.pointee.version != 0xFFFF {
            weight = Int(os2.pointee.usWeightClass)
            italic = italic || os2.pointee.fsSelection & 1 != 0
            if os2.pointee.version >= 2 { cap = Int(os2.pointee.sCapHeight); x = Int(os2.pointee.sxHeight) }
        }
        self.weight = min(max(weight, 1), 1000)
        isItalic = italic
        capHeight = cap
        xHeight = x

        // HarfBuzz on the same bytes with its own OpenType functions (not FreeType's), at a scale of one
        // unit per font unit, so positions are the font's integers and we scale them ourselves.
        hbBlob = hb_blob_create(bytes.pointer.baseAddress!.assumingMemoryBound(to: CChar.self), UInt32(bytes.count),
                                HB_MEMORY_MODE_READONLY, nil, nil)
        hbFace = hb_face_create(hbBlob, UInt32(index))
        hbFont = hb_font_create(hbFace)
        hb_font_set_scale(hbFont, Int32(unitsPerEm), Int32(unitsPerEm))
        hb_font_make_immutable(hbFont)
    }

    deinit {
        hb_font_destroy(hbFont)
        hb_face_destroy(hbFace)
        hb_blob_destroy(hbBlob)
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    /// A name-table string (OpenType `name`), from a Windows Unicode record (UTF-16BE) or a Mac Roman one.
    private static func nameRecord(_ face: FT_Face, id: UInt16) -> String? {
        var fallback: String?
        for i in 0..<FT_Get_Sfnt_Name_Count(face) {
            var name = FT_SfntName()
            guard FT_Get_Sfnt_Name(face, i, &name) == 0, name.name_id == id, let p = name.string else { continue }
            let data = Data(bytes: p, count: Int(name.string_len))
            if name.platform_id == 3 || name.platform_id == 0 {
                if let s = String(data: data, encoding: .utf16BigEndian), !s.isEmpty { return s }
            } else if name.platform_id == 1, fallback == nil {
                fallback = String(data: data, encoding: .macOSRoman)
            }
        }
        return fallback
    }

    /// The nominal glyph of a Unicode scalar (cmap), nil when the face lacks it.
    public func glyph(for scalar: Unicode.Scalar) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(hbFont, scalar.value, &glyph) != 0 ? glyph : nil
    }

    public func hasGlyph(for scalar: Unicode.Scalar) -> Bool { glyph(for: scalar) != nil }

    /// The glyph's horizontal advance in font units (hmtx).
    public func advance(of glyph: UInt32) -> Int {
        Int(hb_font_get_glyph_h_advance(hbFont, glyph))
    }

    /// The glyph's outline in font units, y up, as FreeType decomposes it: quadratic segments for
    /// TrueType outlines, cubic ones for CFF. Contours are closed. Empty for blanks (space).
    public func outline(of glyph: UInt32) -> CGPath {
        lock.lock(); defer { lock.unlock() }
        if let cached = outlines[glyph] { return cached }
        let path = loadOutline(glyph)
        outlines[glyph] = path
        return path
    }

    /// Callers hold `lock`.
    private func loadOutline(_ glyph: UInt32) -> CGPath {
        guard FT_Load_Glyph(face, glyph, loadNoScale | loadNoHinting | loadNoBitmap) == 0,
              let slot = face.pointee.glyph, slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else {
            return CGPath(elements: [])
        }
        let builder = OutlineBuilder()
        var funcs = FT_Outline_Funcs(
            move_to: { to, user in OutlineBuilder.from(user).move(to!.pointee); return 0 },
            line_to: { to, user in OutlineBuilder.from(user).line(to!.pointee); return 0 },
            conic_to: { control, to, user in OutlineBuilder.from(user).quad(control!.pointee, to!.pointee); return 0 },
            cubic_to: { c1, c2, to, user in OutlineBuilder.from(user).cubic(c1!.pointee, c2!.pointee, to!.pointee); return 0 },
            shift: 0, delta: 0)
        var outline = slot.pointee.outline
        let error = withExtendedLifetime(builder) {
            FT_Outline_Decompose(&outline, &funcs, Unmanaged.passUnretained(builder).toOpaque())
        }
        guard error == 0 else { return CGPath(elements: []) }
        builder.finish()
        return CGPath(elements: builder.elements)
    }

    public var description: String { "FontFace(\(postScriptName), weight \(weight)\(isItalic ? ", italic" : ""))" }
    public static func == (l: FontFace, r: FontFace) -> Bool { l === r }
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }
}

/// Collects FT_Outline_Decompose's callbacks as path elements. FreeType starts each contour with a
/// move and ends it on its first point without saying so, so a close goes before each later move.
private final class OutlineBuilder {
    var elements: [CGPathElementValue] = []
    static func from(_ user: UnsafeMutableRawPointer?) -> OutlineBuilder {
        Unmanaged<OutlineBuilder>.fromOpaque(user!).takeUnretainedValue()
    }
    private func point(_ v: FT_Vector) -> CGPoint { CGPoint(x: CGFloat(v.x), y: CGFloat(v.y)) }
    func move(_ to: FT_Vector) {
        if !elements.isEmpty { elements.append(.close) }
        elements.append(.move(to: point(to)))
    }
    func line(_ to: FT_Vector) { elements.append(.line(to: point(to))) }
    func quad(_ c: FT_Vector, _ to: FT_Vector) { elements.append(.quadCurve(to: point(to), control: point(c))) }
    func cubic(_ c1: FT_Vector, _ c2: FT_Vector, _ to: FT_Vector) {
        elements.append(.curve(to: point(to), control1: point(c1), control2: point(c2)))
    }
    func finish() { if !elements.isEmpty { elements.append(.close) } }
}
