import CoreGraphics
import Raster

/// Draws a presentation snapshot into pixels, following Core Animation's per-layer order (reference §6):
/// shadow, background, sublayers by zPosition, with masksToBounds clipping sublayers and the layer's own
/// shadow, and group opacity compositing a subtree as one image.
///
/// Geometry is in points; pixels appear only here, through `scale`. Transforms are not rendered yet:
/// layers are placed by position, anchorPoint and bounds.
public struct LayerRenderer {
    public var scale: CGFloat

    public init(scale: CGFloat) { self.scale = scale }

    /// Renders `root` onto an opaque canvas of `size` points filled with `background`.
    public func render(_ root: LayerSnapshot, size: CGSize, background: CGColor = .black) -> PixelBuffer {
        let width = Int((size.width * scale).rounded()), height = Int((size.height * scale).rounded())
        var canvas = Canvas(buffer: PixelBuffer(width: width, height: height, fill: RGBA8(background)), originX: 0, originY: 0)
        draw(root, parentOffset: .zero, into: &canvas, clip: nil, opacity: 1)
        return canvas.buffer
    }

    /// A buffer whose pixel (0,0) is device pixel (originX, originY). Clips are kept in device pixels.
    struct Canvas {
        var buffer: PixelBuffer
        let originX: Int, originY: Int
        var deviceBounds: PixelRect { PixelRect(x: originX, y: originY, width: buffer.width, height: buffer.height) }
        func local(_ mask: CoverageMask?) -> CoverageMask? { mask?.offsetBy(dx: -originX, dy: -originY) }
        func local(_ rect: CGRect, scale: CGFloat) -> CGRect {
            CGRect(x: rect.minX * scale - CGFloat(originX), y: rect.minY * scale - CGFloat(originY),
                   width: rect.width * scale, height: rect.height * scale)
        }
    }

    private func deviceRect(_ rect: CGRect) -> CGRect {
        CGRect(x: rect.minX * scale, y: rect.minY * scale, width: rect.width * scale, height: rect.height * scale)
    }

    private func hasShadow(_ s: LayerState) -> Bool { s.shadowOpacity > 0 && (s.shadowColor?.alpha ?? 0) > 0 }

    /// How far a layer's shadow reaches beyond its content, in device pixels.
    private func shadowReach(_ s: LayerState) -> CGFloat {
        3.5 * s.shadowRadius * scale + max(abs(s.shadowOffset.width), abs(s.shadowOffset.height)) * scale + 1
    }

    /// `parentOffset`: where the parent's bounds-space origin lands, in device points.
    private func draw(_ layer: LayerSnapshot, parentOffset: CGPoint, into canvas: inout Canvas,
                      clip: CoverageMask?, opacity: Double) {
        let s = layer.state
        guard !s.isHidden, s.opacity > 0, opacity > 0 else { return }
        let frame = s.frame.offsetBy(dx: parentOffset.x, dy: parentOffset.y)
        let layerOpacity = Double(s.opacity) * opacity
        let shadow = hasShadow(s)
        let group = shadow || (s.opacity < 1 && s.allowsGroupOpacity && !layer.sublayers.isEmpty)
        guard group else {
            drawContent(layer, frame: frame, into: &canvas, clip: clip, opacity: layerOpacity)
            return
        }
        // Render the layer's content once, at full opacity, into an offscreen image: it is both what the
        // shadow is cast from (its composited alpha) and what gets composited with the group opacity.
        guard let extent = contentExtent(layer, frame: frame) else { return }
        var limit = canvas.deviceBounds
        if let clip { limit = limit.intersection(clip.bounds) }
        if shadow {
            let reach = Int(shadowReach(s).rounded(.up))
            limit = PixelRect(x: limit.x - reach, y: limit.y - reach, width: limit.width + 2 * reach, height: limit.height + 2 * reach)
        }
        let region = PixelRect(enclosing: deviceRect(extent)).intersection(limit)
        guard !region.isEmpty else { return }
        var offscreen = Canvas(buffer: PixelBuffer(width: region.width, height: region.height), originX: region.x, originY: region.y)
        drawContent(layer, frame: frame, into: &offscreen, clip: nil, opacity: 1)
        let dx = offscreen.originX - canvas.originX, dy = offscreen.originY - canvas.originY
        if shadow, let color = s.shadowColor {
            // masksToBounds clips the layer's own shadow too, as on iOS.
            var shadowClip = clip
            if s.masksToBounds {
                let own = CoverageMask(roundedShape(s, frame: deviceRect(frame)), within: canvas.deviceBounds)
                shadowClip = shadowClip.map { $0.intersected(with: own) } ?? own
            }
            canvas.buffer.drawShadow(of: offscreen.buffer, atX: dx, y: dy,
                                     offset: CGPoint(x: s.shadowOffset.width * scale, y: s.shadowOffset.height * scale),
                                     sigma: Double(s.shadowRadius * scale), color: color,
                                     opacity: Double(s.shadowOpacity) * layerOpacity, clip: canvas.local(shadowClip))
        }
        canvas.buffer.composite(offscreen.buffer, atX: dx, y: dy, opacity: layerOpacity, clip: canvas.local(clip))
    }

    private func roundedShape(_ s: LayerState, frame deviceFrame: CGRect) -> RoundedRect {
        RoundedRect(rect: deviceFrame, radii: CornerRadii(all: Double(s.cornerRadius * scale)))
    }

    /// Background, gradient and sublayers (clipped by masksToBounds), without the layer's own shadow.
    private func drawContent(_ layer: LayerSnapshot, frame: CGRect, into canvas: inout Canvas,
                             clip: CoverageMask?, opacity: Double) {
        let s = layer.state
        let localFrame = canvas.local(frame, scale: scale)
        let shape = RoundedRect(rect: localFrame, radii: CornerRadii(all: Double(s.cornerRadius * scale)))
        let localClip = canvas.local(clip)
        if let background = s.backgroundColor, background.alpha > 0 {
            canvas.buffer.fill(shape, with: .solid(background), opacity: opacity, clip: localClip)
        }
        if let gradient = s.gradient {
            canvas.buffer.fill(shape, with: paint(for: gradient, in: localFrame), opacity: opacity, clip: localClip)
        }
        guard !layer.sublayers.isEmpty else { return }
        var childClip = clip
        if s.masksToBounds {
            var limit = canvas.deviceBounds
            if let clip { limit = limit.intersection(clip.bounds) }
            let own = CoverageMask(roundedShape(s, frame: deviceRect(frame)), within: limit)
            childClip = clip.map { $0.intersected(with: own) } ?? own
            if own.bounds.isEmpty { return }
        }
        let contentOffset = CGPoint(x: frame.minX - s.bounds.minX, y: frame.minY - s.bounds.minY)
        for child in sortedByZ(layer.sublayers) {
            draw(child, parentOffset: contentOffset, into: &canvas, clip: childClip, opacity: opacity)
        }
    }

    private func paint(for gradient: LayerState.Gradient, in rect: CGRect) -> Paint {
        let count = gradient.colors.count
        let stops = gradient.colors.enumerated().map { index, color in
            GradientStop(location: Double(gradient.locations?[safe: index]
                                          ?? (count > 1 ? CGFloat(index) / CGFloat(count - 1) : 0)), color: color)
        }
        func point(_ unit: CGPoint) -> CGPoint {
            CGPoint(x: rect.minX + unit.x * rect.width, y: rect.minY + unit.y * rect.height)
        }
        return .axialGradient(start: point(gradient.startPoint), end: point(gradient.endPoint), stops: stops)
    }

    /// Ascending zPosition, ties in array order.
    private func sortedByZ(_ layers: [LayerSnapshot]) -> [LayerSnapshot] {
        guard layers.contains(where: { $0.state.zPosition != 0 }) else { return layers }
        return layers.enumerated().sorted {
            $0.element.state.zPosition != $1.element.state.zPosition
                ? $0.element.state.zPosition < $1.element.state.zPosition : $0.offset < $1.offset
        }.map(\.element)
    }

    /// The area (device points) the layer's content covers, excluding its own shadow but including its
    /// sublayers' shadows; limited to its bounds when it masks. nil when nothing is drawn.
    private func contentExtent(_ layer: LayerSnapshot, frame: CGRect) -> CGRect? {
        let s = layer.state
        guard !s.isHidden, s.opacity > 0 else { return nil }
        var extent: CGRect? = (s.backgroundColor?.alpha ?? 0) > 0 || s.gradient != nil ? frame : nil
        let contentOffset = CGPoint(x: frame.minX - s.bounds.minX, y: frame.minY - s.bounds.minY)
        for child in layer.sublayers {
            let childFrame = child.state.frame.offsetBy(dx: contentOffset.x, dy: contentOffset.y)
            guard var childExtent = contentExtent(child, frame: childFrame) else { continue }
            if hasShadow(child.state) {
                let reach = shadowReach(child.state) / scale
                childExtent = childExtent.insetBy(dx: -reach, dy: -reach)
            }
            extent = extent.map { $0.union(childExtent) } ?? childExtent
        }
        if s.masksToBounds { extent = extent?.intersection(frame) }
        if let e = extent, e.isNull || e.isEmpty { return nil }
        return extent
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
