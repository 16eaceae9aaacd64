import CoreGraphics
import QuartzCore
import Raster

// Backdrop filters (UIVisualEffectView's blur): a layer that filters what was drawn behind it.
//
// What is behind a layer is every pixel drawn before it in the frame, inside its bounds (the bounding box
// of its placed bounds, in whole device pixels, within the frame): its *region*. Inside an offscreen group
// (opacity, mask, shadow from content) that is the canvas the group will be composited onto with the group
// drawn so far over it, as Core Animation's backdrop layers sample the content behind them, not their group.
// The region is blurred with its edges extended (Raster's BackdropFilter.swift), saturated and tinted, and
// the result is composited over the canvas through the layer's shape and clips, with the inherited opacity.
//
// The filter's pixels depend on every pixel of its region, so the caches make room for it:
// - damage: a damaged rectangle that touches a filter's region grows to cover the whole region;
// - occlusion: pixels under a later opaque sibling are not skipped when a filter is drawn in between;
// - backdrop chain: a layer with a filter is never taken for a plain container.
// Every filtered pixel is then a pure function of the tree, so incremental frames equal fresh ones.
extension LayerRenderer {
    /// A canvas an offscreen group will be composited onto (and what lies under that one).
    final class CanvasBelow {
        let buffer: PixelBuffer
        let originX: Int, originY: Int
        let below: CanvasBelow?
        init(_ canvas: Canvas) {
            buffer = canvas.buffer; originX = canvas.originX; originY = canvas.originY; below = canvas.below
        }
    }

    /// Whether any layer of the tree (masks aside) filters its backdrop.
    func containsBackdropFilter(_ layer: LayerSnapshot) -> Bool {
        let s = layer.state
        guard !s.isHidden, s.opacity > 0 else { return false }
        return s.activeBackdropFilter != nil || layer.sublayers.contains { containsBackdropFilter($0) }
    }

    /// The device pixels a filter reads and writes: its placed bounds' box, rounded out, within the frame.
    func backdropRegion(_ s: LayerState, placement: Transform2D, canvas: Canvas) -> PixelRect {
        let device = box(s.bounds, placement).offsetBy(dx: CGFloat(canvas.originX), dy: CGFloat(canvas.originY))
        return PixelRect(enclosing: device).intersection(frameBounds)
    }

    /// Every filter's region in the tree, in device pixels (for damage).
    func backdropRegions(_ layer: LayerSnapshot, parent: Space, into regions: inout [PixelRect]) {
        let s = layer.state
        guard !s.isHidden, s.opacity > 0 else { return }
        let placement = layerTransform(s, parent: parent)
        guard placementIsDrawable(placement, s) else { return }
        if s.activeBackdropFilter != nil {
            let region = backdropRegion(s, placement: placement, canvas: Canvas(buffer: PixelBuffer(width: 0, height: 0), originX: 0, originY: 0))
            if !region.isEmpty { regions.append(region) }
        }
        let content = contentTransform(s, layer: placement)
        for child in layer.sublayers { backdropRegions(child, parent: content, into: &regions) }
    }

    /// The damage grown until it contains every filter region it touches.
    func damage(_ damage: CGRect, grownForFiltersIn root: LayerSnapshot, parent: Space) -> CGRect {
        var regions: [PixelRect] = []
        backdropRegions(root, parent: parent, into: &regions)
        var grown = PixelRect(enclosing: damage)
        var changed = true
        while changed {
            changed = false
            for region in regions where !region.intersection(grown).isEmpty && region.union(grown) != grown {
                grown = grown.union(region)
                changed = true
            }
        }
        return CGRect(x: grown.x, y: grown.y, width: grown.width, height: grown.height)
    }

    /// The layer's filter drawn over the canvas, clipped by its shape and `clip`.
    func drawBackdropFilter(_ s: LayerState, placement: Transform2D, into canvas: inout Canvas, clip: Clip, opacity: Double) {
        guard let filter = s.activeBackdropFilter else { return }
        let region = backdropRegion(s, placement: placement, canvas: canvas)
        guard !region.isEmpty, !region.intersection(canvas.deviceBounds).isEmpty else { return }
        // The layer's own shape limits the result; a whole-pixel square rectangle without a clip needs no mask.
        var inner = clip
        let own = ownClip(s, placement: placement, canvas: canvas)
        if case .none = clip, case .shape(let shape) = own, shape.radii == .zero,
           shape.rect == CGRect(x: region.x, y: region.y, width: region.width, height: region.height) {
            inner = .none
        } else {
            inner = intersect(clip, own, limit: canvas.fullBounds)
        }
        if let bounds = inner.bounds, bounds.intersection(region).isEmpty { return }
        let sigma = Double(filter.blurRadius) * localScale(placement, at: CGPoint(x: s.bounds.midX, y: s.bounds.midY))
        extremes.filterSigma = max(extremes.filterSigma, sigma)
        noteOffscreen(region.width * region.height)
        let parameters = BackdropFilterParameters(sigma: sigma, saturation: Double(filter.saturation), tint: filter.tintColor)
        let filtered = backdropPixels(region, canvas: canvas).backdropFiltered(parameters)
        canvas.buffer.composite(filtered, atX: region.x - canvas.originX, y: region.y - canvas.originY, opacity: opacity,
                                clip: canvas.local(mask(inner, within: canvas.fullBounds)))
    }

    /// What is behind `region` (device pixels): the canvases under the current group, outermost first,
    /// composited source-over.
    func backdropPixels(_ region: PixelRect, canvas: Canvas) -> PixelBuffer {
        var levels = [(canvas.buffer, canvas.originX, canvas.originY)]
        var next = canvas.below
        while let level = next {
            levels.append((level.buffer, level.originX, level.originY))
            next = level.below
        }
        var pixels = PixelBuffer(width: region.width, height: region.height)
        for (buffer, x, y) in levels.reversed() {
            pixels.composite(buffer, atX: x - region.x, y: y - region.y, opacity: 1)
        }
        return pixels
    }
}
