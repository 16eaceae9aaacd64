// Line breaking and placement. Paragraphs (split at hard line breaks) are shaped once; their glyphs are
// grouped into clusters ("units", never split), lines are filled greedily at break opportunities
// (UAX #14, reduced: after spaces, after hyphens, between ideographs), a unit longer than the width
// breaks by clusters, and the last allowed line is truncated or clipped by the break mode.
import CoreGraphics

/// A glyph placed in the layout: `position` is its origin on the baseline, in layout space (origin top
/// left, y down, like UIKit).
public struct PositionedGlyph: Hashable, Sendable {
    public let glyph: UInt32
    public let font: Font
    public let position: CGPoint
    public let advance: CGFloat
    /// The first Unicode scalar of the glyph's cluster, as an offset into the text's `unicodeScalars`.
    public let scalarOffset: Int
    /// The run (of `AttributedText.runs`) the glyph draws, its colour included.
    public let runIndex: Int
}

public struct TextLine: Hashable, Sendable {
    public let glyphs: [PositionedGlyph]
    /// Top of the line box and baseline, in layout space.
    public let top: CGFloat
    public let baseline: CGFloat
    /// The alignment offset of the line's first glyph.
    public let x: CGFloat
    /// Advance width without trailing spaces.
    public let width: CGFloat
    /// Largest ascender, largest depth below the baseline (positive) and line gap of the line's fonts.
    public let ascent: CGFloat
    public let descent: CGFloat
    public let leading: CGFloat
    public var height: CGFloat { ascent + descent + leading }
    /// The scalars the line shows (offsets into the text's `unicodeScalars`), ellipsis excepted.
    public let scalarRange: Range<Int>
    public let isTruncated: Bool
}

public struct TextLayout: Sendable {
    public let text: AttributedText
    public let paragraph: ParagraphStyle
    /// The width lines were broken at (nil: no wrapping).
    public let width: CGFloat?
    public let lines: [TextLine]
    /// Widest line (at most `width`) × the lines' heights plus line spacing between them, as UILabel
    /// measures text (not rounded).
    public let size: CGSize

    public static func make(_ text: AttributedText, paragraph: ParagraphStyle = ParagraphStyle(), width: CGFloat?,
                            registry: FontRegistry = .shared) -> TextLayout {
        var builder = LayoutBuilder(text: text, paragraph: paragraph, limit: width ?? .infinity, registry: registry)
        let drafts = builder.breakLines()
        return TextLayout(text: text, paragraph: paragraph, width: width, drafts: drafts)
    }

    private init(text: AttributedText, paragraph: ParagraphStyle, width: CGFloat?, drafts: [LineDraft]) {
        self.text = text; self.paragraph = paragraph; self.width = width
        var widest: CGFloat = 0
        for draft in drafts { widest = max(widest, draft.width) }
        if let width { widest = min(widest, width) }
        let container = width ?? widest
        var lines: [TextLine] = []
        var top: CGFloat = 0
        for (index, draft) in drafts.enumerated() {
            if index > 0 { top += paragraph.lineSpacing }
            let free = max(container - draft.width, 0)
            let x: CGFloat
            switch paragraph.alignment {
            case .left, .natural, .justified: x = 0
            case .center: x = free / 2
            case .right: x = free
            }
            let baseline = top + draft.ascent
            var pen = x
            var placed: [PositionedGlyph] = []
            placed.reserveCapacity(draft.glyphs.count)
            for g in LayoutBuilder.visualOrder(draft.glyphs) {
                placed.append(PositionedGlyph(glyph: g.glyph, font: g.font,
                                              position: CGPoint(x: pen + g.offset.x, y: baseline - g.offset.y),
                                              advance: g.advance, scalarOffset: g.cluster, runIndex: g.run))
                pen += g.advance
            }
            lines.append(TextLine(glyphs: placed, top: top, baseline: baseline, x: x, width: draft.width,
                                  ascent: draft.ascent, descent: draft.descent, leading: draft.leading,
                                  scalarRange: draft.scalars, isTruncated: draft.truncated))
            top += draft.ascent + draft.descent + draft.leading
        }
        self.lines = lines
        size = CGSize(width: lines.isEmpty ? 0 : widest, height: lines.isEmpty ? 0 : top)
    }

    /// Glyph outlines in layout space, one path per stretch of glyphs of one colour, in drawing order.
    /// Outlines come unscaled from the font and are scaled here, so equal input gives equal numbers.
    public func paths() -> [(path: CGPath, color: CGColor)] {
        var result: [(path: CGPath, color: CGColor)] = []
        var elements: [CGPathElementValue] = []
        var color: CGColor?
        for line in lines {
            for glyph in line.glyphs {
                let runColor = text.runs[glyph.runIndex].color
                if let current = color, current != runColor, !elements.isEmpty {
                    result.append((CGPath(elements: elements), current))
                    elements = []
                }
                color = runColor
                let s = glyph.font.scale, ox = glyph.position.x, oy = glyph.position.y
                let place = { (p: CGPoint) in CGPoint(x: ox + p.x * s, y: oy - p.y * s) }
                for element in glyph.font.face.outline(of: glyph.glyph).elements {
                    switch element {
                    case .move(let p): elements.append(.move(to: place(p)))
                    case .line(let p): elements.append(.line(to: place(p)))
                    case .quadCurve(let p, let c): elements.append(.quadCurve(to: place(p), control: place(c)))
                    case .curve(let p, let c1, let c2):
                        elements.append(.curve(to: place(p), control1: place(c1), control2: place(c2)))
                    case .close: elements.append(.close)
                    }
                }
            }
        }
        if let color, !elements.isEmpty { result.append((CGPath(elements: elements), color)) }
        return result
    }
}

/// A line before placement: glyphs in logical order.
struct LineDraft {
    var glyphs: [ShapedGlyph]
    var width: CGFloat
    var ascent: CGFloat, descent: CGFloat, leading: CGFloat
    var scalars: Range<Int>
    var truncated: Bool
}

/// A cluster: glyphs that stay together, and what line breaking needs to know of them.
struct Unit {
    var glyphs: Range<Int>
    var scalars: Range<Int>
    var advance: CGFloat
    var isSpace: Bool
    var breakAfter: Bool
    var run: Int
}

struct LayoutBuilder {
    let text: AttributedText
    let paragraph: ParagraphStyle
    let limit: CGFloat
    let registry: FontRegistry
    var scalars: [UInt32] = []
    var runOf: [Int] = []

    init(text: AttributedText, paragraph: ParagraphStyle, limit: CGFloat, registry: FontRegistry) {
        self.text = text; self.paragraph = paragraph; self.limit = limit; self.registry = registry
        for (index, run) in text.runs.enumerated() {
            for scalar in run.string.unicodeScalars {
                scalars.append(scalar.value)
                runOf.append(index)
            }
        }
    }

    /// Paragraph ranges of `scalars`, without their separators (LF, CR, CR LF, U+2028, U+2029).
    func paragraphs() -> [Range<Int>] {
        guard !scalars.isEmpty else { return [] }
        var result: [Range<Int>] = []
        var start = 0, i = 0
        while i < scalars.count {
            let s = scalars[i]
            if s == 0x0A || s == 0x0D || s == 0x2028 || s == 0x2029 {
                result.append(start..<i)
                if s == 0x0D, i + 1 < scalars.count, scalars[i + 1] == 0x0A { i += 1 }
                start = i + 1
            }
            i += 1
        }
        result.append(start..<scalars.count)
        return result
    }

    mutating func breakLines() -> [LineDraft] {
        let maxLines = paragraph.maximumNumberOfLines
        let mode = paragraph.lineBreakMode
        let paragraphs = self.paragraphs()
        var lines: [LineDraft] = []
        outer: for (p, range) in paragraphs.enumerated() {
            if maxLines > 0, lines.count >= maxLines { break }
            let glyphs = Shaper.shape(scalars, range: range, runOf: runOf, runs: text.runs, registry: registry)
            let units = makeUnits(glyphs, range: range)
            if units.isEmpty {
                lines.append(emptyLine(at: range.lowerBound))
                continue
            }
            var start = 0
            while start < units.count {
                let end = limit.isFinite ? nextBreak(units, from: start, charWrap: mode == .byCharWrapping) : units.count
                let isLast = maxLines > 0 && lines.count == maxLines - 1
                let more = end < units.count || p < paragraphs.count - 1
                if isLast && more {
                    switch mode {
                    case .byTruncatingTail, .byTruncatingHead, .byTruncatingMiddle:
                        lines.append(truncatedLine(units, start..<units.count, glyphs: glyphs,
                                                   moreText: p < paragraphs.count - 1))
                    case .byClipping:
                        lines.append(line(units, start..<units.count, glyphs: glyphs))
                    case .byWordWrapping, .byCharWrapping:
                        lines.append(line(units, start..<end, glyphs: glyphs))
                    }
                    break outer
                }
                lines.append(line(units, start..<end, glyphs: glyphs))
                start = end
            }
        }
        return lines
    }

    /// Where the line starting at `start` ends: after the last break opportunity that fits, or (a unit
    /// longer than the width, or character wrapping) after the last unit that fits, but at least one unit.
    /// Spaces never overflow: they hang at the end of the line.
    func nextBreak(_ units: [Unit], from start: Int, charWrap: Bool) -> Int {
        let allowed = limit + max(limit, 1) * 1e-12
        var width: CGFloat = 0
        var i = start
        var lastBreak: Int?
        while i < units.count {
            let unit = units[i]
            if !unit.isSpace && i > start && width + unit.advance > allowed { break }
            width += unit.advance
            i += 1
            if unit.breakAfter { lastBreak = i }
        }
        if i == units.count { return i }
        if !charWrap, let lastBreak, lastBreak > start { return lastBreak }
        return i
    }

    func makeUnits(_ glyphs: [ShapedGlyph], range: Range<Int>) -> [Unit] {
        var units: [Unit] = []
        var i = 0
        while i < glyphs.count {
            var j = i + 1
            var advance = glyphs[i].advance
            while j < glyphs.count && glyphs[j].cluster == glyphs[i].cluster { advance += glyphs[j].advance; j += 1 }
            units.append(Unit(glyphs: i..<j, scalars: glyphs[i].cluster..<(j < glyphs.count ? glyphs[j].cluster : range.upperBound),
                              advance: advance, isSpace: false, breakAfter: false, run: glyphs[i].run))
            i = j
        }
        for k in units.indices {
            let s = units[k].scalars
            units[k].isSpace = !s.isEmpty && s.allSatisfy { LayoutBuilder.isBreakingSpace(scalars[$0]) }
        }
        for k in units.indices where k + 1 < units.count {
            let last = scalars[units[k].scalars.upperBound - 1]
            let next = scalars[units[k + 1].scalars.lowerBound]
            if units[k + 1].isSpace { continue }
            units[k].breakAfter = units[k].isSpace || last == 0x2D || last == 0x2010
                || (LayoutBuilder.isIdeographic(last) && LayoutBuilder.isIdeographic(next))
        }
        return units
    }

    static func isBreakingSpace(_ s: UInt32) -> Bool {
        // No-break spaces (U+00A0, U+2007, U+202F) glue words together (UAX #14 class GL).
        s == 0x20 || s == 0x09 || s == 0x1680 || (0x2000...0x200A).contains(s) && s != 0x2007 || s == 0x205F || s == 0x3000
    }

    static func isIdeographic(_ s: UInt32) -> Bool {
        (0x2E80...0x9FFF).contains(s) || (0xAC00...0xD7AF).contains(s) || (0xF900...0xFAFF).contains(s)
            || (0x20000...0x3FFFF).contains(s)
    }

    /// Width without trailing spaces, summed in order (the same sums `nextBreak` compares).
    func visibleWidth(_ units: [Unit], _ range: Range<Int>) -> CGFloat {
        var end = range.upperBound
        while end > range.lowerBound && units[end - 1].isSpace { end -= 1 }
        var width: CGFloat = 0
        for k in range.lowerBound..<end { width += units[k].advance }
        return width
    }

    func line(_ units: [Unit], _ range: Range<Int>, glyphs: [ShapedGlyph]) -> LineDraft {
        let shown = Array(glyphs[units[range.lowerBound].glyphs.lowerBound..<units[range.upperBound - 1].glyphs.upperBound])
        return draft(shown, width: visibleWidth(units, range),
                     scalars: units[range.lowerBound].scalars.lowerBound..<units[range.upperBound - 1].scalars.upperBound,
                     truncated: false, fallbackRun: units[range.lowerBound].run)
    }

    /// The last allowed line: the rest of the paragraph with an ellipsis where the mode puts it, fitted
    /// to the width. Without a cut (the rest fits) but with more text below, tail and middle modes
    /// end the line with the ellipsis.
    func truncatedLine(_ units: [Unit], _ range: Range<Int>, glyphs: [ShapedGlyph], moreText: Bool) -> LineDraft {
        let full = visibleWidth(units, range)
        let fits = full <= limit
        if fits && !moreText { return line(units, range, glyphs: glyphs) }
        let glyphsOf = { (r: Range<Int>) -> [ShapedGlyph] in
            r.isEmpty ? [] : Array(glyphs[units[r.lowerBound].glyphs.lowerBound..<units[r.upperBound - 1].glyphs.upperBound])
        }
        let trimmedEnd = { (r: Range<Int>) -> Range<Int> in
            var e = r.upperBound; while e > r.lowerBound && units[e - 1].isSpace { e -= 1 }; return r.lowerBound..<e
        }
        let trimmedStart = { (r: Range<Int>) -> Range<Int> in
            var s = r.lowerBound; while s < r.upperBound && units[s].isSpace { s += 1 }; return s..<r.upperBound
        }
        var mode = paragraph.lineBreakMode
        if fits { mode = .byTruncatingTail }   // more text below: the ellipsis goes after what is shown
        switch mode {
        case .byTruncatingHead:
            let ellipsis = self.ellipsis(run: units[range.upperBound - 1].run, at: units[range.upperBound - 1].scalars.lowerBound)
            let e = ellipsis.reduce(0) { $0 + $1.advance }
            var start = range.upperBound
            while start > range.lowerBound {
                let candidate = trimmedStart((start - 1)..<range.upperBound)
                if e + visibleWidth(units, candidate) > limit { break }
                start -= 1
            }
            let kept = trimmedStart(start..<range.upperBound)
            let shown = ellipsis + glyphsOf(kept)
            return draft(shown, width: e + visibleWidth(units, kept),
                         scalars: (kept.isEmpty ? range.upperBound : units[kept.lowerBound].scalars.lowerBound)..<units[range.upperBound - 1].scalars.upperBound,
                         truncated: true, fallbackRun: units[range.lowerBound].run)
        case .byTruncatingMiddle:
            let ellipsis = self.ellipsis(run: units[range.lowerBound].run, at: units[range.lowerBound].scalars.lowerBound)
            let e = ellipsis.reduce(0) { $0 + $1.advance }
            let budget = limit - e
            var head = range.lowerBound
            while head < range.upperBound && visibleWidth(units, trimmedEnd(range.lowerBound..<(head + 1))) <= budget / 2 { head += 1 }
            let headRange = trimmedEnd(range.lowerBound..<head)
            let headWidth = visibleWidth(units, headRange)
            var tail = range.upperBound
            while tail > head && headWidth + visibleWidth(units, trimmedStart((tail - 1)..<range.upperBound)) <= budget { tail -= 1 }
            let tailRange = trimmedStart(tail..<range.upperBound)
            return draft(glyphsOf(headRange) + ellipsis + glyphsOf(tailRange),
                         width: headWidth + e + visibleWidth(units, tailRange),
                         scalars: units[range.lowerBound].scalars.lowerBound..<units[range.upperBound - 1].scalars.upperBound,
                         truncated: true, fallbackRun: units[range.lowerBound].run)
        default:
            var end = range.lowerBound
            var ellipsis: [ShapedGlyph] = []
            var e: CGFloat = 0
            // The ellipsis takes the attributes of the last character kept.
            func ellipsisAfter(_ end: Int) -> [ShapedGlyph] {
                let k = max(trimmedEnd(range.lowerBound..<end).upperBound - 1, range.lowerBound)
                return self.ellipsis(run: units[k].run, at: units[k].scalars.upperBound)
            }
            ellipsis = ellipsisAfter(range.upperBound)
            e = ellipsis.reduce(0) { $0 + $1.advance }
            while end < range.upperBound && visibleWidth(units, trimmedEnd(range.lowerBound..<(end + 1))) + e <= limit { end += 1 }
            let kept = trimmedEnd(range.lowerBound..<end)
            ellipsis = ellipsisAfter(kept.upperBound)
            e = ellipsis.reduce(0) { $0 + $1.advance }
            let endScalar = kept.isEmpty ? units[range.lowerBound].scalars.lowerBound : units[kept.upperBound - 1].scalars.upperBound
            return draft(glyphsOf(kept) + ellipsis, width: visibleWidth(units, kept) + e,
                         scalars: units[range.lowerBound].scalars.lowerBound..<endScalar,
                         truncated: true, fallbackRun: units[range.lowerBound].run)
        }
    }

    /// "…" (U+2026) shaped in a run's font (with fallback), its cluster set to `offset`.
    func ellipsis(run: Int, at offset: Int) -> [ShapedGlyph] {
        var glyphs = Shaper.shape([0x2026], range: 0..<1, runOf: [0], runs: [text.runs[run]], registry: registry)
        for i in glyphs.indices { glyphs[i].run = run; glyphs[i].cluster = offset }
        return glyphs
    }

    func emptyLine(at offset: Int) -> LineDraft {
        // The run the empty paragraph sits in gives its height (the previous one at the very end).
        let run = offset < runOf.count ? runOf[offset] : (runOf.last ?? 0)
        return draft([], width: 0, scalars: offset..<offset, truncated: false, fallbackRun: run)
    }

    func draft(_ glyphs: [ShapedGlyph], width: CGFloat, scalars: Range<Int>, truncated: Bool, fallbackRun: Int) -> LineDraft {
        var ascent: CGFloat = 0, descent: CGFloat = 0, leading: CGFloat = 0
        let fonts = glyphs.isEmpty ? [text.runs[fallbackRun].font] : glyphs.map(\.font)
        var seen = Set<Font>()
        for font in fonts where seen.insert(font).inserted {
            ascent = max(ascent, font.ascender)
            descent = max(descent, -font.descender)
            leading = max(leading, font.leading)
        }
        return LineDraft(glyphs: glyphs, width: width, ascent: ascent, descent: descent, leading: leading,
                         scalars: scalars, truncated: truncated)
    }

    /// Logical → visual order: each stretch of right-to-left glyphs is reversed in place (no full bidi).
    static func visualOrder(_ glyphs: [ShapedGlyph]) -> [ShapedGlyph] {
        guard glyphs.contains(where: \.rightToLeft) else { return glyphs }
        var result = glyphs
        var i = 0
        while i < result.count {
            guard result[i].rightToLeft else { i += 1; continue }
            var j = i
            while j < result.count && result[j].rightToLeft { j += 1 }
            result[i..<j].reverse()
            i = j
        }
        return result
    }
}
