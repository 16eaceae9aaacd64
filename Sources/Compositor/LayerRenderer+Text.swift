import CoreGraphics
import QuartzCore
import Raster
import Text

// Text: a layer's LayerText laid out in its bounds through Text and filled as glyph outlines, like any
// other path (exact coverage, the layer's clips and opacity).
extension LayerRenderer {
    /// Glyph outlines in the layer's bounds space, one path per colour, and the box they cover.
    struct LaidOutText {
        var paths: [(path: Path, color: CGColor)]
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
        let result = LaidOutText(paths: paths, extent: extent)
        // A frame's texts are few; a long clip of changing strings must not grow memory without bound.
        if textCache.count > 512 { textCache.removeAll(keepingCapacity: true) }
        textCache[key] = result
        return result
    }

    func drawText(_ s: LayerState, placement: Transform2D, into canvas: inout Canvas, clip: Clip, opacity: Double) {
        guard let laidOut = laidOutText(s), !laidOut.paths.isEmpty else { return }
        let localClip = canvas.local(mask(clip, within: canvas.deviceBounds))
        for (path, color) in laidOut.paths where color.alpha > 0 {
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
