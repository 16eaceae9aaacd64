import CoreGraphics
import QuartzCore
import Raster
import Text

// Text: a layer's LayerText laid out in its bounds through Text and drawn glyph by glyph from Raster's
// glyph cache (coverage made once per glyph, size and quarter-pixel phase), or, where the cache does not
// serve the placement (rotated, flipped in 3-D, scaling), filled as glyph outlines like any other path.
// Either way with the layer's clips and opacity.

/// The renderer's glyph state: the masks, and the faces they are keyed by (kept alive with them, so an
/// identity is never reused by another face while its masks are cached).
final class GlyphState {
    let cache = GlyphCache()
    /// Off: every text is filled as outlines (tests compare the two roads).
    var enabled = true
    private var faces: [ObjectIdentifier: FontFace] = [:]
    private var outlines: [GlyphKey: Path] = [:]
    private var inkBoxes: [GlyphKey: CGRect] = [:]

    func key(_ glyph: PositionedGlyph) -> GlyphKey {
        let face = glyph.font.face
        let id = ObjectIdentifier(face)
        if faces[id] == nil { faces[id] = face }
        return GlyphKey(face: id, glyph: glyph.glyph, scale: Double(glyph.font.scale))
    }

    /// A box around the glyph's outline (its control points') in layer points, relative to its origin,
    /// y down: what lets the cache skip glyphs that cannot be seen. Made when a text is laid out.
    func inkBox(_ key: GlyphKey) -> CGRect {
        if let box = inkBoxes[key] { return box }
        guard let face = faces[key.face] else { return .null }
        let b = face.outline(of: key.glyph).boundingBox
        let s = CGFloat(key.scale)
        let box = b.isNull ? CGRect.null : CGRect(x: b.minX * s, y: -b.maxY * s, width: b.width * s, height: b.height * s)
        if inkBoxes.count > 4096 { inkBoxes.removeAll(keepingCapacity: true) }
        inkBoxes[key] = box
        return box
    }

    /// The glyph's outline in layer points, origin on the baseline, y down (as TextLayout.paths places it).
    func outline(_ key: GlyphKey) -> Path {
        if let path = outlines[key] { return path }
        guard let face = faces[key.face] else { return Path() }
        let s = CGFloat(key.scale)
        var path = Path()
        let place = { (p: CGPoint) in CGPoint(x: p.x * s, y: 0 - p.y * s) }
        for element in face.outline(of: key.glyph).elements {
            switch element {
            case .move(let p): path.move(to: place(p))
            case .line(let p): path.line(to: place(p))
            case .quadCurve(let p, let c): path.quadCurve(to: place(p), control: place(c))
            case .curve(let p, let c1, let c2): path.curve(to: place(p), control1: place(c1), control2: place(c2))
            case .close: path.close()
            }
        }
        // Outlines are only needed on a mask miss; bounded like the text cache.
        if outlines.count > 4096 { outlines.removeAll(keepingCapacity: true) }
        outlines[key] = path
        return path
    }
}

extension LayerRenderer {
    /// Glyph outlines in the layer's bounds space, one path per colour (the exact fill), the same runs as
    /// placed glyphs (the cached road), and the box they cover.
    struct LaidOutText {
        var paths: [(path: Path, color: CGColor)]
        var runs: [[PlacedGlyph]]
        var extent: CGRect?
    }

    struct TextKey: Hashable {
        var text: LayerText
        var bounds: CGRect
    }

    func laidOutText(_ s: LayerState) -> LaidOutText? {
        guard let text = s.text, !text.isEmpty else { return nil }
        let key = TextKey(text: text, bounds: s.bounds)
        if let cached = textCache[key] { return cached }
        let layout = TextLayout(text, width: s.bounds.width)
        // UILabel centres its block of lines vertically; CATextLayer starts at the top.
        let top = text.verticalPlacement == .center ? (s.bounds.height - layout.size.height) / 2 : 0
        let place = Transform2D.translation(Double(s.bounds.minX), Double(s.bounds.minY + top))
        var extent: CGRect?
        let paths = layout.paths().map { piece -> (path: Path, color: CGColor) in
            let box = piece.path.boundingBox
            if !box.isNull && !box.isEmpty {
                let placed = box.offsetBy(dx: s.bounds.minX, dy: s.bounds.minY + top)
                extent = extent.map { $0.union(placed) } ?? placed
            }
            return (rasterPath(piece.path).applying(place), piece.color)
        }
        // The glyphs of TextLayout.paths()'s pieces: a new run where the colour changes after a glyph
        // with ink (blanks add no outline, so they join the next piece there too).
        var runs: [[PlacedGlyph]] = []
        var current: [PlacedGlyph] = []
        var hasInk = false
        var color: CGColor?
        let ox = Double(s.bounds.minX), oy = Double(s.bounds.minY + top)
        for line in layout.lines {
            for glyph in line.glyphs {
                let runColor = layout.text.runs[glyph.runIndex].color
                if let c = color, c != runColor, hasInk { runs.append(current); current = []; hasInk = false }
                color = runColor
                let key = glyphs.key(glyph)
                current.append(PlacedGlyph(key: key, x: ox + Double(glyph.position.x), y: oy + Double(glyph.position.y),
                                           inkBox: glyphs.inkBox(key)))
                if !glyph.font.face.outline(of: glyph.glyph).elements.isEmpty { hasInk = true }
            }
        }
        if hasInk { runs.append(current) }
        let result = LaidOutText(paths: paths, runs: runs, extent: extent)
        // A frame's texts are few; a long clip of changing strings must not grow memory without bound.
        if textCache.count > 512 { textCache.removeAll(keepingCapacity: true) }
        textCache[key] = result
        return result
    }

    func drawText(_ s: LayerState, placement: Transform2D, into canvas: inout Canvas, clip: Clip, opacity: Double) {
        guard let laidOut = laidOutText(s), !laidOut.paths.isEmpty else { return }
        let localClip = canvas.local(mask(clip, within: canvas.fullBounds))
        let cached = glyphs.enabled && GlyphCache.accepts(placement) && laidOut.runs.count == laidOut.paths.count
        for (k, (path, color)) in laidOut.paths.enumerated() where color.alpha > 0 {
            if cached && canvas.buffer.fillGlyphs(laidOut.runs[k], placement: placement, cache: glyphs.cache,
                                                  outline: glyphs.outline, color: color, opacity: opacity, clip: localClip) {
                continue
            }
            canvas.buffer.fill(path.applying(placement), rule: .nonZero, with: .solid(color), opacity: opacity, clip: localClip)
        }
    }
}

extension TextLayout {
    /// A layer's text laid out by Text: fonts by name, NSParagraphStyle's names for alignment and breaks.
    package init(_ text: LayerText, width: CGFloat?) {
        let runs = text.runs.map { TextRun($0.string, font: .named($0.fontName, size: $0.fontSize), color: $0.color, kern: $0.kern) }
        let paragraph = ParagraphStyle(alignment: TextAlignment(rawValue: text.alignment.rawValue) ?? .natural,
                                       lineBreakMode: LineBreakMode(rawValue: text.lineBreak.rawValue) ?? .byTruncatingTail,
                                       lineSpacing: text.lineSpacing, maximumNumberOfLines: text.numberOfLines)
        self = TextLayout.make(AttributedText(runs: runs), paragraph: paragraph, width: width)
    }
}
