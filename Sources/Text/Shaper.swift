// Shaping through HarfBuzz: a paragraph's scalars are split into items of one run and one face (font
// fallback picks the face per character), each item is shaped with the whole text as context, and the
// glyphs come back in logical order with clusters as scalar offsets into the text.
internal import CHarfBuzz
import CoreGraphics

/// One shaped glyph, in logical order. Advances and offsets are in points (y up), already scaled.
struct ShapedGlyph {
    var glyph: UInt32
    var font: Font
    var advance: CGFloat
    var offset: CGPoint
    /// The first scalar (offset into the text's scalars) of the glyph's cluster.
    var cluster: Int
    var run: Int
    /// From a right-to-left item: placed in reverse within its stretch of such glyphs.
    var rightToLeft: Bool
}

enum Shaper {
    /// Shapes `scalars[range]`; `runOf[i]` is the run of scalar i.
    static func shape(_ scalars: [UInt32], range: Range<Int>, runOf: [Int], runs: [TextRun],
                      registry: FontRegistry) -> [ShapedGlyph] {
        guard !range.isEmpty else { return [] }
        let fallback = registry.fallbackFaces
        var glyphs: [ShapedGlyph] = []
        var itemStart = range.lowerBound
        var itemFace = face(for: scalars[itemStart], run: runs[runOf[itemStart]], previous: nil, fallback: fallback)
        for i in range.dropFirst() {
            let sameRun = runOf[i] == runOf[itemStart]
            let face = face(for: scalars[i], run: runs[runOf[i]], previous: sameRun ? itemFace : nil, fallback: fallback)
            if !sameRun || face !== itemFace {
                glyphs += shapeItem(scalars, itemStart..<i, face: itemFace, run: runOf[itemStart], runs: runs)
                itemStart = i
                itemFace = face
            }
        }
        glyphs += shapeItem(scalars, itemStart..<range.upperBound, face: itemFace, run: runOf[itemStart], runs: runs)
        return glyphs
    }

    /// The run's face when it has the character; marks, joiners and blanks stay with the item's face;
    /// otherwise the first fallback face that has it (or the run's face, which draws its .notdef box).
    private static func face(for value: UInt32, run: TextRun, previous: FontFace?, fallback: [FontFace]) -> FontFace {
        let primary = run.font.face
        guard let scalar = Unicode.Scalar(value) else { return previous ?? primary }
        if primary.hasGlyph(for: scalar) { return primary }
        if let previous, staysWithPrevious(scalar) { return previous }
        return fallback.first { $0.hasGlyph(for: scalar) } ?? previous ?? primary
    }

    private static func staysWithPrevious(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark, .format, .control, .spaceSeparator: return true
        default: return (0xFE00...0xFE0F).contains(scalar.value)   // variation selectors
        }
    }

    private static func shapeItem(_ scalars: [UInt32], _ item: Range<Int>, face: FontFace, run index: Int,
                                  runs: [TextRun]) -> [ShapedGlyph] {
        let run = runs[index]
        let font = Font(face: face, size: run.font.pointSize)
        let scale = font.scale
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        scalars.withUnsafeBufferPointer { p in
            hb_buffer_add_utf32(buffer, p.baseAddress, Int32(p.count), UInt32(item.lowerBound), Int32(item.count))
        }
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(face.hbFont, buffer, nil, 0)
        let rightToLeft = hb_buffer_get_direction(buffer) == HB_DIRECTION_RTL
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return [] }
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(Int(count))
        for i in 0..<Int(count) {
            let position = positions[i]
            glyphs.append(ShapedGlyph(glyph: infos[i].codepoint, font: font,
                                      advance: CGFloat(position.x_advance) * scale,
                                      offset: CGPoint(x: CGFloat(position.x_offset) * scale,
                                                      y: CGFloat(position.y_offset) * scale),
                                      cluster: Int(infos[i].cluster), run: index, rightToLeft: rightToLeft))
        }
        // HarfBuzz returns right-to-left items in visual order; line breaking wants logical order.
        if rightToLeft { glyphs.reverse() }
        // Kern (NSAttributedString's) goes after each character: after the last glyph of each cluster.
        if run.kern != 0 {
            for i in glyphs.indices where i == glyphs.count - 1 || glyphs[i + 1].cluster != glyphs[i].cluster {
                glyphs[i].advance += run.kern
            }
        }
        return glyphs
    }
}
