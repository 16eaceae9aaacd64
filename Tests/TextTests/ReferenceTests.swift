// Shaping, outlines and metrics of the shipped Inter-Regular against independent references.
//
// The numbers were computed with uharfbuzz 0.57.0 and fontTools 4.68.0 on Sources/Text/Fonts/Inter-Regular.otf:
//   font = hb.Font(hb.Face(hb.Blob.from_file_path(path)))          # scale = unitsPerEm = 2816
//   buf = hb.Buffer(); buf.add_str(s); buf.guess_segment_properties(); hb.shape(font, buf)
//   [i.codepoint for i in buf.glyph_infos], [p.x_advance for p in buf.glyph_positions]
//   ("AVATAR" without kerning: hb.shape(font, buf, {"kern": False}))
// and fontTools: TTFont(path)['hhea'].ascent/descent/lineGap, ['OS/2'].sCapHeight/sxHeight/usWeightClass;
// glyph "g" (uni0067, id 650) drawn into a RecordingPen and a ControlBoundsPen.
import CoreGraphics
import Foundation
import Testing
@testable import Text

private let inter = FontRegistry.shippedFaces.first { $0.postScriptName == "Inter-Regular" }!

/// Glyph ids and advances of a single unwrapped line, at a size of unitsPerEm points (1 point per unit).
private func shaped(_ string: String, size: CGFloat = 2816) -> (glyphs: [UInt32], advances: [CGFloat], width: CGFloat) {
    let layout = TextLayout.make(AttributedText(string, font: Font(face: inter, size: size)), width: nil)
    let glyphs = layout.lines.flatMap(\.glyphs)
    return (glyphs.map(\.glyph), glyphs.map(\.advance), layout.size.width)
}

@Suite struct ReferenceTests {
    @Test func shapingMatchesHarfBuzzReference() {
        let cases: [(String, [UInt32], [CGFloat])] = [
            ("Hello, World", [161, 612, 723, 723, 775, 1404, 1682, 456, 775, 837, 723, 594],
             [2084, 1640, 668, 668, 1680, 788, 792, 2528, 1680, 1048, 668, 1748]),
            ("AVATAR", [2, 453, 2, 409, 2, 382], [1712, 1728, 1664, 1568, 1904, 1800]),
            // Inter 4.0 beta 7 has no default f-ligatures: "office" stays six glyphs.
            ("office", [775, 645, 645, 679, 582, 612], [1680, 1016, 1016, 668, 1572, 1640]),
            ("Today", [409, 775, 594, 504, 951], [1584, 1680, 1748, 1532, 1568]),
        ]
        for (string, glyphs, advances) in cases {
            let result = shaped(string)
            #expect(result.glyphs == glyphs, "\(string)")
            #expect(result.advances == advances, "\(string)")
            #expect(result.width == advances.reduce(0, +), "\(string)")
        }
    }

    @Test func kerningNarrowsAVATAR() {
        // Unkerned (kern off): 11224 units; kerned: 10376.
        #expect(shaped("AVATAR").width == 10376)
        #expect(10376 < 11224)
    }

    @Test func labelWidthIsTheShapedAdvanceSumAt17Points() {
        // "Today" at 17 pt: 8112 units × 17 / 2816.
        let width = TextLayout.make(AttributedText("Today", font: Font(face: inter, size: 17)), width: nil).size.width
        #expect(abs(width - 8112.0 * 17 / 2816) < 1e-9)
    }

    @Test func cubicOutlineOfGMatchesFontTools() {
        // fontTools: 2 moveTo, 7 lineTo, 12 curveTo (23 pen calls with 2 closePath); bounds (144, -608, 1500, 1556).
        let glyph = inter.glyph(for: "g")!
        #expect(glyph == 650)
        let elements = inter.outline(of: glyph).elements
        var moves = 0, lines = 0, cubics = 0, quads = 0, closes = 0
        for e in elements {
            switch e {
            case .move: moves += 1
            case .line: lines += 1
            case .curve: cubics += 1
            case .quadCurve: quads += 1
            case .close: closes += 1
            }
        }
        #expect([moves, lines, cubics, quads, closes] as [Int] == [2, 7, 12, 0, 2])
        #expect(inter.outline(of: glyph).boundingBox == CGRect(x: 144, y: -608, width: 1500 - 144, height: 1556 + 608))
        #expect(elements.first == .move(to: CGPoint(x: 836, y: -608)))
        #expect(elements[1] == .curve(to: CGPoint(x: 1500, y: -44), control1: CGPoint(x: 1204, y: -608),
                                      control2: CGPoint(x: 1500, y: -440)))
    }

    @Test func faceTablesMatchFontTools() {
        #expect(inter.unitsPerEm == 2816)
        #expect([inter.ascender, inter.descender, inter.lineGap] as [Int] == [2728, -680, 0])
        #expect([inter.capHeight, inter.xHeight, inter.weight] as [Int] == [2048, 1536, 400])
        #expect(inter.familyName == "Inter" && inter.styleName == "Regular" && !inter.isItalic)
    }

    @Test func metricsAt17Points() {
        let font = Font(face: inter, size: 17)
        #expect(abs(font.ascender - 2728.0 * 17 / 2816) < 1e-12)     // 16.4687…
        #expect(abs(font.descender - -680.0 * 17 / 2816) < 1e-12)    // −4.1051…
        #expect(abs(font.lineHeight - 3408.0 * 17 / 2816) < 1e-12)   // 20.5738…
        #expect(abs(font.capHeight - 2048.0 * 17 / 2816) < 1e-12)    // 12.3636…
        #expect(abs(font.xHeight - 1536.0 * 17 / 2816) < 1e-12)
        #expect(font.leading == 0)
        // One line of a label is the font's line height.
        let layout = TextLayout.make(AttributedText("Today", font: font), width: nil)
        #expect(abs(layout.size.height - font.lineHeight) < 1e-12)
        #expect(abs(layout.lines[0].baseline - font.ascender) < 1e-12)
    }

    @Test func shippedFacesHaveTheirWeightsAndSlants() {
        let faces = FontRegistry.shippedFaces.map { "\($0.postScriptName) \($0.weight) \($0.isItalic)" }
        #expect(faces == ["Inter-Light 300 false", "Inter-Regular 400 false", "Inter-Italic 400 true",
                          "Inter-Medium 500 false", "Inter-SemiBold 600 false", "Inter-Bold 700 false"])
    }
}
