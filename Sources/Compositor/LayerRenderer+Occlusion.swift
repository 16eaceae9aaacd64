import CoreGraphics
import QuartzCore
import Raster

// Occlusion: pixels a later opaque sibling certainly covers are not filled first.
extension LayerRenderer {
    /// Draws siblings in order. A plain solid rectangle (a dimming layer, a backdrop) skips the pixels that a
    /// later opaque sibling certainly covers: they would be overwritten byte for byte.
    func drawChildren(_ children: [LayerSnapshot], parent: Space, into canvas: inout Canvas, clip: Clip, opacity: Double) {
        var occluders: SiblingOccluders?
        for (index, child) in children.enumerated() {
            if let solid = occludedSolidFill(children, at: index, parent: parent, clip: clip, opacity: opacity, occluders: &occluders) {
                for piece in solid.pieces {
                    fill(.rect(RoundedRect(rect: piece, radii: .zero)), paint: .solid(solid.color),
                         paintSpace: .identity, into: &canvas, clip: clip, opacity: solid.opacity)
                }
                continue
            }
            draw(child, parent: parent, into: &canvas, clip: clip, opacity: opacity)
        }
    }

    func occludedSolidFill(_ children: [LayerSnapshot], at index: Int, parent: Space, clip: Clip,
                           opacity: Double) -> (pieces: [CGRect], color: CGColor, opacity: Double, holes: [PixelRect])? {
        var occluders: SiblingOccluders?
        return occludedSolidFill(children, at: index, parent: parent, clip: clip, opacity: opacity, occluders: &occluders)
    }

    /// The child at `index` when it is a plain solid rectangle: the pieces of it not covered by later
    /// opaque siblings (all of it when none is), which draw the same pixels as the layer, and the holes
    /// (those siblings' opaque interiors, which they overwrite whatever is below). Unclipped only:
    /// under a clip the pieces would be masked, which rounds differently from the clipped whole rectangle.
    ///
    /// Any set of later opaque siblings gives the same pixels (each only saves work), so among many
    /// siblings only a bounded number are looked at (`SiblingOccluders`): the cost stays linear in the
    /// number of siblings. `occluders` is built on first use and kept across one sibling list.
    func occludedSolidFill(_ children: [LayerSnapshot], at index: Int, parent: Space, clip: Clip,
                           opacity: Double, occluders: inout SiblingOccluders?) -> (pieces: [CGRect], color: CGColor, opacity: Double, holes: [PixelRect])? {
        guard skipsOverdraw, opacity == 1, case .none = clip, let fill = plainSolidRect(children[index], parent: parent) else { return nil }
        if occluders == nil { occluders = SiblingOccluders(children, renderer: self, parent: parent) }
        let area = PixelRect(enclosing: fill.shape.rect)
        let holes = occluders!.holes(after: index, over: area)
        return (subtract(holes, from: fill.shape.rect), fill.color, Double(children[index].state.opacity), holes)
    }

    /// Where `clip` lets a fill through at full weight, in canvas pixels: .some(nil) everywhere (no clip),
    /// .some(rect) inside the clip shape's interior; nil when unknown (a coverage mask).
    func fullWeight(_ clip: Clip, canvas: Canvas) -> PixelRect?? {
        switch clip {
        case .none: return .some(nil)
        case .shape(let shape): return .some(opaqueInterior(shape.offsetBy(dx: -canvas.originX, dy: -canvas.originY)))
        case .mask: return nil
        }
    }

    /// The whole canvas pixels that drawing `layer` (opacity 1, no clip) certainly overwrites with an opaque
    /// colour at full weight, whatever was there: its opaque background or gradient, or a sublayer's cover
    /// (limited to its own shape when it masks). nil when none is known.
    func opaqueCover(of layer: LayerSnapshot, parent: Space) -> PixelRect? {
        let s = layer.state
        // Offscreen groups (shadow from content, mask) are left out: their pixels arrive by compositing.
        guard !s.isHidden, s.isDoubleSided, s.opacity == 1, layer.mask == nil, !hasShadow(s) || s.shadowPath != nil || castsOwnShape(layer) else { return nil }
        let placement = layerTransform(s, parent: parent)
        guard placement.isAxisAligned, placementIsDrawable(placement, s), case .rect(let own) = shape(s, placement: placement) else { return nil }
        let interior = opaqueInterior(own)
        guard !interior.isEmpty else { return nil }
        let opaqueGradient = s.gradient.map { !$0.colors.isEmpty && $0.colors.allSatisfy { $0.alpha >= 1 } } ?? false
        if s.backgroundColor?.alpha ?? 0 >= 1 || opaqueGradient { return interior }
        return sublayerCover(of: layer, placement: placement, interior: interior)
    }

    /// The largest cover among the sublayers (limited to `interior` when the layer masks).
    func sublayerCover(of layer: LayerSnapshot, placement: Transform2D, interior: PixelRect) -> PixelRect? {
        let content = contentTransform(layer.state, layer: placement)
        var best: PixelRect?
        for child in layer.sublayers {
            guard var cover = opaqueCover(of: child, parent: content) else { continue }
            if layer.state.masksToBounds { cover = cover.intersection(interior) }
            if !cover.isEmpty, cover.width * cover.height > (best.map { $0.width * $0.height } ?? 0) { best = cover }
        }
        return best
    }

    /// A layer that draws only a solid, square-cornered, axis-aligned rectangle.
    func plainSolidRect(_ layer: LayerSnapshot, parent: Space) -> (shape: RoundedRect, color: CGColor)? {
        let s = layer.state
        guard !s.isHidden, s.isDoubleSided, s.opacity > 0, layer.sublayers.isEmpty, layer.mask == nil, !hasShadow(s), s.activeBackdropFilter == nil, s.contents == nil, s.text == nil && s.shape == nil,
              s.gradient == nil, s.borderWidth == 0 || (s.borderColor?.alpha ?? 0) == 0,
              s.cornerRadius == 0 || s.maskedCorners.isEmpty, let color = s.backgroundColor, color.alpha > 0 else { return nil }
        let placement = layerTransform(s, parent: parent)
        guard placement.isAxisAligned, placementIsDrawable(placement, s) else { return nil }
        return (RoundedRect(rect: deviceRect(s.bounds, placement), radii: .zero), color)
    }

    /// The whole pixels a sibling certainly paints opaque: an axis-aligned layer at full opacity with an
    /// opaque background, inset by its corner radius and rounded inward.
    func opaqueInterior(of layer: LayerSnapshot, parent: Space) -> PixelRect? {
        let s = layer.state
        guard !s.isHidden, s.isDoubleSided, s.opacity == 1, layer.mask == nil, let color = s.backgroundColor, color.alpha == 1 else { return nil }
        let placement = layerTransform(s, parent: parent)
        guard placement.isAxisAligned, placementIsDrawable(placement, s) else { return nil }
        let radius = CGFloat(s.cornerRadius) * CGFloat(max(abs(placement.a), abs(placement.e)))
        let r = deviceRect(s.bounds, placement).insetBy(dx: radius, dy: radius)
        guard r.width > 2, r.height > 2 else { return nil }
        let x0 = Int(r.minX.rounded(.up)), y0 = Int(r.minY.rounded(.up))
        let interior = PixelRect(x: x0, y: y0, width: Int(r.maxX.rounded(.down)) - x0, height: Int(r.maxY.rounded(.down)) - y0)
        return interior.isEmpty ? nil : interior
    }

    /// `rect` without the holes, as rectangles cut along whole-pixel lines (so each pixel's coverage by
    /// the pieces is its coverage by `rect`).
    func subtract(_ holes: [PixelRect], from rect: CGRect) -> [CGRect] {
        var pieces = [rect]
        for hole in holes {
            let h = CGRect(x: hole.x, y: hole.y, width: hole.width, height: hole.height)
            pieces = pieces.flatMap { piece -> [CGRect] in
                guard piece.intersects(h) else { return [piece] }
                var out: [CGRect] = []
                if piece.minY < h.minY { out.append(CGRect(x: piece.minX, y: piece.minY, width: piece.width, height: h.minY - piece.minY)) }
                if piece.maxY > h.maxY { out.append(CGRect(x: piece.minX, y: h.maxY, width: piece.width, height: piece.maxY - h.maxY)) }
                let top = max(piece.minY, h.minY), bottom = min(piece.maxY, h.maxY)
                if piece.minX < h.minX { out.append(CGRect(x: piece.minX, y: top, width: h.minX - piece.minX, height: bottom - top)) }
                if piece.maxX > h.maxX { out.append(CGRect(x: h.maxX, y: top, width: piece.maxX - h.maxX, height: bottom - top)) }
                return out.filter { $0.width > 0 && $0.height > 0 }
            }
        }
        return pieces
    }
}

/// The opaque interiors of one list of siblings, worked out once per list, and which of them a solid
/// rectangle looks at. With few later siblings it looks at all of them; with many, at the
/// `nearby` siblings right after it and the `nearby` next large ones, and keeps at most `maxHoles` that
/// overlap it — so a list of n siblings costs O(n), where looking at every later sibling cost O(n²).
struct SiblingOccluders {
    static let nearby = 256
    static let maxHoles = 64
    /// Area in pixels from which an interior is large: it is looked at from anywhere before it.
    static let largeArea = 256 * 256

    /// Each sibling's opaque interior in canvas pixels, or nil.
    let interiors: [PixelRect?]
    /// For each sibling, the index of the first later sibling with a backdrop filter (which reads the
    /// pixels below it, so nothing after it may be skipped before it), or the count.
    let stops: [Int]
    /// Indices of the siblings with large interiors, ascending.
    let large: [Int]

    init(_ children: [LayerSnapshot], renderer: LayerRenderer, parent: LayerRenderer.Space) {
        let interiors = children.map { renderer.opaqueInterior(of: $0, parent: parent) }
        self.interiors = interiors
        var stops = [Int](repeating: children.count, count: children.count)
        if renderer.frameHasBackdropFilter {
            var next = children.count
            for index in children.indices.reversed() {
                stops[index] = next
                if renderer.containsBackdropFilter(children[index]) { next = index }
            }
        }
        self.stops = stops
        large = interiors.indices.filter { interiors[$0].map { $0.width * $0.height >= Self.largeArea } ?? false }
    }

    /// Later siblings' interiors that overlap `area`, in sibling order.
    func holes(after index: Int, over area: PixelRect) -> [PixelRect] {
        let end = stops[index]
        var candidates: [Int]
        if end - index - 1 <= 2 * Self.nearby {
            candidates = Array((index + 1)..<max(index + 1, end))
        } else {
            candidates = Array((index + 1)..<(index + 1 + Self.nearby))
            // The large ones further on: binary search for the first after the nearby window.
            var low = 0, high = large.count
            while low < high { let mid = (low + high) / 2; if large[mid] < index + 1 + Self.nearby { low = mid + 1 } else { high = mid } }
            candidates += large[low..<min(large.count, low + Self.nearby)].filter { $0 < end }
        }
        var holes: [PixelRect] = []
        for j in candidates {
            guard let interior = interiors[j], !interior.intersection(area).isEmpty else { continue }
            holes.append(interior)
            if holes.count == Self.maxHoles { break }
        }
        return holes
    }
}
