import Foundation
import UIKit
import Compositor
import Raster

/// Words drawn into pictures the tools make for people (the comparison clip's column titles, the plot's
/// axes): a `CATextLayer` in the system font, rendered like any layer, so captions are exact and the same on
/// every machine.
package enum Caption {
    /// `text` at `fontSize` px in `color`, in a box `width` × `height` px filled with `background`, aligned
    /// in it as asked. Drawn at 1 px per point.
    package static func image(_ text: String, width: Int, height: Int, fontSize: CGFloat = 15,
                              color: CGColor = CGColor(gray: 0.2, alpha: 1), background: CGColor = CGColor(gray: 1, alpha: 1),
                              alignment: CATextLayer.AlignmentMode = .center) -> PixelBuffer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: CGFloat(width), height: CGFloat(height))
        root.backgroundColor = background
        let label = CATextLayer()
        label.string = text
        label.fontSize = fontSize
        label.foregroundColor = color
        label.alignmentMode = alignment
        label.truncationMode = .end
        // One line, centred vertically: the line box is about 1.2 × the font size.
        let line = (fontSize * 1.25).rounded(.up)
        label.frame = CGRect(x: 4, y: ((CGFloat(height) - line) / 2).rounded(), width: CGFloat(width) - 8, height: line)
        root.addSublayer(label)
        return LayerRenderer(scale: 1).render(root.snapshot(at: 0), size: root.bounds.size, background: background)
    }

    /// Titles over columns of the given widths with `gap` px between them (as `sideBySide` lays images out).
    package static func titles(_ texts: [String], widths: [Int], gap: Int, height: Int = 28,
                               background: CGColor = CGColor(gray: 0.5, alpha: 1)) -> PixelBuffer {
        let total = widths.reduce(0, +) + gap * max(0, widths.count - 1)
        var out = PixelBuffer(width: total, height: height, fill: RGBA8(background))
        var x = 0
        for (text, width) in zip(texts, widths) {
            out.composite(image(text, width: width, height: height, color: CGColor(gray: 1, alpha: 1), background: background),
                          atX: x, y: 0)
            x += width + gap
        }
        return out
    }
}
