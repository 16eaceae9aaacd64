// Fills laid-out glyph paths with Raster: a card's "TODAY / Card title / body" at 3×. Set TEXT_SAMPLE_PNG
// to a path to keep the picture and look at it.
import CoreGraphics
import Foundation
import Media
import Raster
import Testing
import TestSupport
@testable import Text

/// Our CGPath in points → Raster's Path in pixels at `scale`, moved by `origin` points.
private func pixelPath(_ path: CGPath, scale: CGFloat, origin: CGPoint) -> Path {
    var result = Path()
    let p = { (q: CGPoint) in CGPoint(x: (origin.x + q.x) * scale, y: (origin.y + q.y) * scale) }
    for element in path.elements {
        switch element {
        case .move(let to): result.move(to: p(to))
        case .line(let to): result.line(to: p(to))
        case .quadCurve(let to, let c): result.quadCurve(to: p(to), control: p(c))
        case .curve(let to, let c1, let c2): result.curve(to: p(to), control1: p(c1), control2: p(c2))
        case .close: result.close()
        }
    }
    return result
}

func renderSample(scale: CGFloat = 3) -> PixelBuffer {
    let width: CGFloat = 300
    let grey = CGColor(red: 0.45, green: 0.45, blue: 0.5, alpha: 1)
    let blocks: [(AttributedText, ParagraphStyle)] = [
        (AttributedText("TODAY", font: .system(size: 13, weight: 600), color: grey, kern: 0.5), ParagraphStyle()),
        (AttributedText("Card title", font: .system(size: 28, weight: 700)), ParagraphStyle()),
        (AttributedText("Body text wraps at spaces across lines, and the last line is truncated with an ellipsis when it runs out of room.",
                        font: .system(size: 17), color: CGColor(gray: 0.2, alpha: 1)),
         ParagraphStyle(lineBreakMode: .byTruncatingTail, lineSpacing: 2, maximumNumberOfLines: 3)),
        (AttributedText("Centered · Ärger → office AVATAR", font: .system(size: 15, italic: true)),
         ParagraphStyle(alignment: .center)),
    ]
    let margin: CGFloat = 16
    var layouts: [(TextLayout, CGFloat)] = []
    var y = margin
    for (text, style) in blocks {
        let layout = TextLayout.make(text, paragraph: style, width: width)
        layouts.append((layout, y))
        y += layout.size.height + 6
    }
    var canvas = PixelBuffer(width: Int((width + 2 * margin) * scale), height: Int((y + margin) * scale),
                             fill: RGBA8(r: 255, g: 255, b: 255, a: 255))
    for (layout, top) in layouts {
        for (path, color) in layout.paths() {
            canvas.fill(pixelPath(path, scale: scale, origin: CGPoint(x: margin, y: top)), with: .solid(color))
        }
    }
    return canvas
}

@Suite struct SampleRenderTests {
    @Test func rendersTheCardSample() throws {
        let image = renderSample()
        #expect(image == renderSample())   // deterministic pixels
        // Some ink, mostly paper.
        var dark = 0
        for y in 0..<image.height { for x in 0..<image.width where image[x, y].r < 128 { dark += 1 } }
        #expect(dark > 1000 && dark < image.width * image.height / 4)
        if let path = ProcessInfo.processInfo.environment["TEXT_SAMPLE_PNG"] {
            try Data(PNGCodec.encode(image)).write(to: URL(fileURLWithPath: path))
        }
    }
}
