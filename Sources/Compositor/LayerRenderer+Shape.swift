import CoreGraphics
import QuartzCore
import Raster

// Shapes: a layer's ShapeContent (CAShapeLayer, symbol images) filled with its fill rule, then its stroke
// outline filled non-zero, both with exact coverage under the layer's clips and opacity.
extension LayerRenderer {
    /// A shape's fill and stroke as raster paths in the layer's bounds space, and the box they cover.
    struct DrawnShape {
        var fill: (path: Path, rule: FillRule, color: CGColor)?
        var stroke: (path: Path, color: CGColor)?
        var extent: CGRect?
    }

    func drawnShape(_ s: LayerState) -> DrawnShape? {
        guard let shape = s.shape, let path = shape.path, !path.isEmpty else { return nil }
        if let cached = shapeCache[shape] { return cached }
        var drawn = DrawnShape()
        if let color = shape.fillColor, color.alpha > 0 {
            drawn.fill = (rasterPath(path), shape.fillRule == .evenOdd ? .evenOdd : .nonZero, color)
            drawn.extent = path.boundingBox
        }
        if let outline = shape.strokeOutline, !outline.isEmpty, let color = shape.strokeColor {
            drawn.stroke = (rasterPath(outline), color)
            let box = outline.boundingBox
            drawn.extent = drawn.extent.map { $0.union(box) } ?? box
        }
        // An animated stroke (strokeEnd) makes a new shape every frame: keep the cache bounded.
        if shapeCache.count > 256 { shapeCache.removeAll(keepingCapacity: true) }
        shapeCache[shape] = drawn
        return drawn
    }

    func drawShape(_ s: LayerState, placement: Transform2D, into canvas: inout Canvas, clip: Clip, opacity: Double) {
        guard let drawn = drawnShape(s), drawn.fill != nil || drawn.stroke != nil else { return }
        let localClip = canvas.local(mask(clip, within: canvas.fullBounds))
        if let fill = drawn.fill {
            canvas.buffer.fill(fill.path.applying(placement), rule: fill.rule, with: .solid(fill.color), opacity: opacity, clip: localClip)
        }
        if let stroke = drawn.stroke {
            canvas.buffer.fill(stroke.path.applying(placement), rule: .nonZero, with: .solid(stroke.color), opacity: opacity, clip: localClip)
        }
    }
}
