// Line breaking (UAX #14, reduced), truncation, alignment and determinism.
import CoreGraphics
import Foundation
import Testing
@testable import Text

private let regular = Font.system(size: 17)

private func layout(_ string: String, width: CGFloat?, _ style: ParagraphStyle = ParagraphStyle(),
                     font: Font = regular) -> TextLayout {
    TextLayout.make(AttributedText(string, font: font), paragraph: style, width: width)
}

/// The text each line shows, ellipsis included (from its glyphs' scalar offsets, "…" for the ellipsis glyph).
private func lineTexts(_ layout: TextLayout) -> [String] {
    let scalars = Array(layout.text.string.unicodeScalars)
    let ellipsis = regular.face.glyph(for: "…")
    return layout.lines.map { line in
        var text = ""
        var last = -1
        for g in line.glyphs {
            if g.glyph == ellipsis { text += "…"; continue }
            if g.scalarOffset == last { continue }
            last = g.scalarOffset
            text.unicodeScalars.append(scalars[g.scalarOffset])
        }
        return text.trimmingCharacters(in: .whitespaces)
    }
}

private func width(_ string: String) -> CGFloat { layout(string, width: nil).size.width }

@Suite struct LayoutTests {
    @Test func wrapsAtSpaces() {
        let w = width("Card title body")
        let l = layout("Card title body", width: width("Card title") + 1)
        #expect(lineTexts(l) == ["Card title", "body"])
        #expect(l.lines.count == 2)
        // Trailing spaces hang: the first line's width is that of "Card title".
        #expect(l.lines[0].width == width("Card title"))
        #expect(l.size.width == width("Card title"))
        #expect(abs(l.size.height - 2 * regular.lineHeight) < 1e-9)
        #expect(l.lines[1].baseline == regular.lineHeight + regular.ascender)
        // The measured width lays out on one line (UILabel sizes to fit, then lays out at that width).
        #expect(layout("Card title body", width: w).lines.count == 1)
    }

    @Test func breaksAfterHyphens() {
        let l = layout("well-known", width: max(width("well-"), width("known")) + 0.5)
        #expect(lineTexts(l) == ["well-", "known"])
    }

    @Test func longWordBreaksByCharacters() {
        let l = layout("Supercalifragilistic", width: 60)
        #expect(l.lines.count > 1)
        #expect(lineTexts(l).joined() == "Supercalifragilistic")
        for line in l.lines { #expect(line.width <= 60) }
    }

    @Test func charWrappingIgnoresWordBoundaries() {
        let text = "Card title body"
        let l = layout(text, width: width("Card title b") + 0.5, ParagraphStyle(lineBreakMode: .byCharWrapping))
        #expect(lineTexts(l) == ["Card title b", "ody"])
    }

    @Test func hardLineBreaksStartNewLines() {
        let l = layout("One\n\nTwo", width: nil)
        #expect(l.lines.count == 3)
        #expect(lineTexts(l) == ["One", "", "Two"])
        #expect(abs(l.size.height - 3 * regular.lineHeight) < 1e-9)
    }

    @Test func tailTruncationAddsAnEllipsisWithinTheWidth() {
        let style = ParagraphStyle(lineBreakMode: .byTruncatingTail, maximumNumberOfLines: 1)
        let l = layout("The quick brown fox jumps", width: 100, style)
        #expect(l.lines.count == 1)
        #expect(l.lines[0].isTruncated)
        let text = lineTexts(l)[0]
        #expect(text.hasSuffix("…"))
        #expect("The quick brown fox jumps".hasPrefix(String(text.dropLast()).trimmingCharacters(in: .whitespaces)))
        #expect(l.lines[0].width <= 100)
        // As many characters as fit: one more would not.
        let kept = String(text.dropLast())
        var count = kept.count + 1
        while "The quick brown fox jumps".prefix(count).last == " " { count += 1 }
        let next = "The quick brown fox jumps".prefix(count)
        #expect(width(String(next) + "…") > 100)
    }

    @Test func headAndMiddleTruncation() {
        let text = "The quick brown fox jumps"
        let head = layout(text, width: 100, ParagraphStyle(lineBreakMode: .byTruncatingHead, maximumNumberOfLines: 1))
        #expect(lineTexts(head)[0].hasPrefix("…"))
        #expect(text.hasSuffix(String(lineTexts(head)[0].dropFirst())))
        #expect(head.lines[0].width <= 100)
        let middle = layout(text, width: 100, ParagraphStyle(lineBreakMode: .byTruncatingMiddle, maximumNumberOfLines: 1))
        let shown = lineTexts(middle)[0]
        let parts = shown.components(separatedBy: "…")
        #expect(parts.count == 2)
        #expect(text.hasPrefix(parts[0].trimmingCharacters(in: .whitespaces)))
        #expect(text.hasSuffix(parts[1].trimmingCharacters(in: .whitespaces)))
        #expect(middle.lines[0].width <= 100)
    }

    @Test func maximumNumberOfLinesTruncatesTheLastLine() {
        let text = "The quick brown fox jumps over the lazy dog"
        let l = layout(text, width: 120, ParagraphStyle(lineBreakMode: .byTruncatingTail, maximumNumberOfLines: 2))
        #expect(l.lines.count == 2)
        #expect(!l.lines[0].isTruncated && l.lines[1].isTruncated)
        #expect(lineTexts(l)[1].hasSuffix("…"))
        for line in l.lines { #expect(line.width <= 120) }
        // Word wrapping with a line limit just stops.
        let cut = layout(text, width: 120, ParagraphStyle(maximumNumberOfLines: 2))
        #expect(cut.lines.count == 2 && !lineTexts(cut)[1].contains("…"))
        // Unlimited: every word is shown.
        let all = layout(text, width: 120)
        #expect(lineTexts(all).joined(separator: " ") == text)
    }

    @Test func fittingTextIsNotTruncated() {
        let l = layout("Today", width: 200, ParagraphStyle(lineBreakMode: .byTruncatingTail, maximumNumberOfLines: 1))
        #expect(lineTexts(l) == ["Today"] && !l.lines[0].isTruncated)
    }

    @Test func clippingKeepsTheLineWhole() {
        let l = layout("The quick brown fox jumps", width: 100, ParagraphStyle(lineBreakMode: .byClipping, maximumNumberOfLines: 1))
        #expect(lineTexts(l) == ["The quick brown fox jumps"])
        #expect(l.lines[0].width > 100 && l.size.width == 100)
    }

    @Test func alignmentOffsets() {
        let w = width("Today")
        let center = layout("Today", width: 200, ParagraphStyle(alignment: .center))
        let right = layout("Today", width: 200, ParagraphStyle(alignment: .right))
        let natural = layout("Today", width: 200, ParagraphStyle(alignment: .natural))
        #expect(center.lines[0].x == (200 - w) / 2)
        #expect(center.lines[0].glyphs[0].position.x == (200 - w) / 2)
        #expect(right.lines[0].x == 200 - w)
        #expect(natural.lines[0].x == 0)
        // Without a width, lines align within the widest.
        let two = layout("Card title\nTODAY", width: nil, ParagraphStyle(alignment: .right))
        #expect(two.lines[0].x == 0 && two.lines[1].x == width("Card title") - width("TODAY"))
    }

    @Test func lineSpacingGoesBetweenLines() {
        let l = layout("One\nTwo", width: nil, ParagraphStyle(lineSpacing: 6))
        #expect(abs(l.size.height - (2 * regular.lineHeight + 6)) < 1e-9)
        #expect(l.lines[1].top == regular.lineHeight + 6)
    }

    @Test func kernAddsAfterEachCharacter() {
        let plain = width("Today")
        let kerned = TextLayout.make(AttributedText("Today", font: regular, kern: 2), width: nil).size.width
        #expect(abs(kerned - (plain + 10)) < 1e-9)
    }

    @Test func runsKeepTheirFontsAndColours() {
        let bold = Font.system(size: 17, weight: 700)
        #expect(bold.face.postScriptName == "Inter-Bold")
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let text = AttributedText(runs: [TextRun("Card ", font: regular), TextRun("title", font: bold, color: red)])
        let l = TextLayout.make(text, width: nil)
        #expect(l.lines[0].glyphs.map(\.runIndex) == [0, 0, 0, 0, 0, 1, 1, 1, 1, 1])
        let paths = l.paths()
        #expect(paths.count == 2 && paths[0].color == .black && paths[1].color == red)
    }

    @Test func emptyTextHasNoSize() {
        let l = layout("", width: 100)
        #expect(l.lines.isEmpty && l.size == .zero && l.paths().isEmpty)
    }

    @Test func sameInputGivesIdenticalPaths() {
        let text = AttributedText(runs: [TextRun("TODAY\n", font: Font.system(size: 13, weight: 600)),
                                         TextRun("Card title with a longer body that wraps", font: regular)])
        let style = ParagraphStyle(lineBreakMode: .byTruncatingTail, maximumNumberOfLines: 3)
        let a = TextLayout.make(text, paragraph: style, width: 150).paths()
        let b = TextLayout.make(text, paragraph: style, width: 150).paths()
        #expect(a.map(\.path) == b.map(\.path))
        #expect(a.map(\.color) == b.map(\.color))
        #expect(!a.isEmpty && !a[0].path.isEmpty)
    }

    @Test func glyphPathsAreScaledOutlinesAtTheGlyphOrigin() {
        let font = Font(face: regular.face, size: 28.16)   // 0.01 pt per unit
        let l = TextLayout.make(AttributedText("g", font: font), width: nil)
        let box = l.paths()[0].path.boundingBox
        let baseline = l.lines[0].baseline
        #expect(abs(box.minX - 1.44) < 1e-9 && abs(box.maxX - 15.00) < 1e-9)
        #expect(abs(box.minY - (baseline - 15.56)) < 1e-9 && abs(box.maxY - (baseline + 6.08)) < 1e-9)
    }
}
