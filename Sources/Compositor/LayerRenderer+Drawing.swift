import CoreGraphics
import QuartzCore
import Raster

// Drawing: one layer in Core Animation's order — shadow, background, contents, sublayers, border.
extension LayerRenderer {
    /// `parent`: the superlayer's content space → canvas pixels.
    func draw(_ layer: LayerSnapshot, parent: Space, into canvas: inout Canvas, clip: Clip, opacity: Double) {
        let s = layer.state
        guard !s.isHidden, s.opacity > 0, opacity > 0 else { return }
        let placement = layerTransform(s, parent: parent)
        guard placementIsDrawable(placement, s), s.isDoubleSided || facesViewer(placement, s) else { return }
        let layerOpacity = Double(s.opacity) * opacity
        let shadow = hasShadow(s)
        let shadowFromContent = shadow && s.shadowPath == nil && !castsOwnShape(layer)
        // A shadow belongs to its layer's opacity group: a faded layer does not show its shadow through itself.
        let fadedShadow = shadow && layerOpacity < 1
        let group = shadowFromContent || fadedShadow || layer.mask != nil ||
            (s.opacity < 1 && s.allowsGroupOpacity && drawsMoreThanOneThing(layer))
        guard group else {
            if shadow { drawShadow(layer, placement: placement, into: &canvas, clip: clip, opacity: layerOpacity, source: nil, bodyFollows: true) }
            drawContent(layer, placement: placement, into: &canvas, clip: clip, opacity: layerOpacity)
            return
        }
        // Draw the layer once, at full opacity, into an offscreen image: what the shadow is cast from (its
        // composited alpha) and what is composited with the group opacity and the mask.
        let margin = shadowFromContent ? Int(shadowReach(s, placement: placement).rounded(.up)) : 0
        guard let offscreen = renderOffscreen(layer, placement: placement, canvas: canvas, clip: clip, margin: margin) else { return }
        defer { offscreenInUse -= offscreen.buffer.width * offscreen.buffer.height }
        if fadedShadow {
            drawFadedWithShadow(layer, offscreen: offscreen, placement: placement, into: &canvas, clip: clip, opacity: layerOpacity,
                                shadowFromContent: shadowFromContent)
            return
        }
        if shadow {
            drawShadow(layer, placement: placement, into: &canvas, clip: clip, opacity: layerOpacity,
                       source: shadowFromContent ? offscreen : nil)
        }
        var image = offscreen.buffer
        if let mask = layer.mask {
            let inImage = placement.then(.translation(Double(canvas.originX - offscreen.originX), Double(canvas.originY - offscreen.originY)))
            applyMask(mask, placement: inImage, to: &image, originX: offscreen.originX, originY: offscreen.originY)
        }
        canvas.buffer.composite(image, atX: offscreen.originX - canvas.originX, y: offscreen.originY - canvas.originY,
                                opacity: layerOpacity, clip: canvas.local(mask(clip, within: canvas.fullBounds)))
    }

    /// Shadow and layer (masked) drawn at full strength into one offscreen image, then composited with the
    /// layer's opacity, as Core Animation composites a layer and its shadow as one group.
    private func drawFadedWithShadow(_ layer: LayerSnapshot, offscreen: Canvas, placement: Transform2D, into canvas: inout Canvas,
                                     clip: Clip, opacity: Double, shadowFromContent: Bool) {
        let reach = Int(shadowReach(layer.state, placement: placement).rounded(.up))
        var region = PixelRect(x: offscreen.originX - reach, y: offscreen.originY - reach,
                               width: offscreen.buffer.width + 2 * reach, height: offscreen.buffer.height + 2 * reach)
            .intersection(canvas.fullBounds)
        if let clipBounds = clip.bounds { region = region.intersection(clipBounds) }
        guard !region.isEmpty else { return }
        noteOffscreen(region.width * region.height)
        var grouped = Canvas(buffer: PixelBuffer(width: region.width, height: region.height), originX: region.x, originY: region.y)
        let shift = Transform2D.translation(Double(canvas.originX - region.x), Double(canvas.originY - region.y))
        drawShadow(layer, placement: placement.then(shift), into: &grouped, clip: .none, opacity: 1,
                   source: shadowFromContent ? offscreen : nil)
        var image = offscreen.buffer
        if let mask = layer.mask {
            let inImage = placement.then(.translation(Double(canvas.originX - offscreen.originX), Double(canvas.originY - offscreen.originY)))
            applyMask(mask, placement: inImage, to: &image, originX: offscreen.originX, originY: offscreen.originY)
        }
        grouped.buffer.composite(image, atX: offscreen.originX - region.x, y: offscreen.originY - region.y, opacity: 1, clip: nil)
        canvas.buffer.composite(grouped.buffer, atX: region.x - canvas.originX, y: region.y - canvas.originY,
                                opacity: opacity, clip: canvas.local(mask(clip, within: canvas.fullBounds)))
    }

    /// Whether the layer's front faces the viewer: its bounds keep their winding on screen (a layer turned
    /// past 90° about x or y, or mirrored, shows its back).
    func facesViewer(_ t: Transform2D, _ s: LayerState) -> Bool {
        let corners = [CGPoint(x: s.bounds.minX, y: s.bounds.minY), CGPoint(x: s.bounds.maxX, y: s.bounds.minY),
                       CGPoint(x: s.bounds.maxX, y: s.bounds.maxY), CGPoint(x: s.bounds.minX, y: s.bounds.maxY)].map(t.apply)
        var area: Double = 0
        for i in 0..<4 {
            let a = corners[i], b = corners[(i + 1) % 4]
            area += Double(a.x * b.y - b.x * a.y)
        }
        return area > 0
    }

    /// Whether the layer is drawn at all: not with a corner at or behind the eye (the rule the tree
    /// validator applies too), nor flattened to a line.
    func placementIsDrawable(_ t: Transform2D, _ s: LayerState) -> Bool {
        guard t.isAffine else { return t.projective.keepsInFront(s.bounds) }
        return abs(t.a * t.e - t.b * t.d) > 1e-12
    }

    /// Whether the layer's composited alpha is exactly its own opaque shape, so its shadow can be cast from
    /// the shape without drawing the layer first: an opaque background and every descendant inside it.
    func castsOwnShape(_ layer: LayerSnapshot) -> Bool {
        let s = layer.state
        guard let background = s.backgroundColor, background.alpha == 1, s.opacity == 1,
              (s.contents == nil && s.text == nil && s.shape == nil) || s.masksToBounds, CATransform3DIsIdentity(s.sublayerTransform) else { return false }
        return layer.sublayers.allSatisfy { child in
            let c = child.state
            if c.isHidden || c.opacity == 0 { return true }
            guard CATransform3DIsIdentity(c.transform), !hasShadow(c), (c.contents == nil && c.text == nil && c.shape == nil) || c.masksToBounds else { return false }
            // The child's frame is in this layer's bounds space.
            return (c.masksToBounds || child.sublayers.isEmpty) && contains(s, child: c)
        }
    }

    /// Whether a child's rounded rect (in the layer's bounds space) lies inside the layer's shape. Exact for
    /// circular corners (per corner, honouring maskedCorners); continuous corners answer no, and the
    /// shadow is then cast from the drawn layer, which is always right.
    func contains(_ s: LayerState, child c: LayerState) -> Bool {
        let parentRadii = radii(s, factor: 1)
        let rounded = [parentRadii.topLeft, parentRadii.topRight, parentRadii.bottomLeft, parentRadii.bottomRight].contains { $0 > 0 }
        if rounded && s.cornerCurve != .circular { return false }
        let shape = RoundedRect(rect: s.bounds, radii: parentRadii)
        if c.frame == s.bounds, c.cornerCurve == .circular {
            // The same rectangle: inside when each of the child's corners is at least as round.
            let childRadii = radii(c, factor: 1)
            if zip([childRadii.topLeft, childRadii.topRight, childRadii.bottomLeft, childRadii.bottomRight],
                   [parentRadii.topLeft, parentRadii.topRight, parentRadii.bottomLeft, parentRadii.bottomRight]).allSatisfy({ $0 >= $1 }) {
                return true
            }
        }
        return shape.safelyContains(c.frame)
    }

    func drawsMoreThanOneThing(_ layer: LayerSnapshot) -> Bool {
        let s = layer.state
        let own = [(s.backgroundColor?.alpha ?? 0) > 0, s.activeBackdropFilter != nil, s.gradient != nil, s.contents != nil, s.text != nil, s.shape != nil,
                   s.borderWidth > 0 && (s.borderColor?.alpha ?? 0) > 0].filter { $0 }.count
        return own + layer.sublayers.count > 1
    }

    /// The layer (without its own shadow) drawn at full opacity into an offscreen buffer covering what it
    /// draws within the canvas (grown by `margin` pixels).
    func renderOffscreen(_ layer: LayerSnapshot, placement: Transform2D, canvas: Canvas, clip: Clip,
                                 margin: Int) -> Canvas? {
        guard let extent = contentExtent(layer, placement: placement) else { return nil }
        // Shadow sources are limited by the whole frame, so a redrawn region sees the same shadow.
        var limit = margin > 0 ? frameBounds : canvas.fullBounds
        if let clipBounds = clip.bounds, margin == 0 { limit = limit.intersection(clipBounds) }
        limit = PixelRect(x: limit.x - margin, y: limit.y - margin, width: limit.width + 2 * margin, height: limit.height + 2 * margin)
        let region = PixelRect(enclosing: extent.offsetBy(dx: CGFloat(canvas.originX), dy: CGFloat(canvas.originY))).intersection(limit)
        guard !region.isEmpty else { return nil }
        // Alive until the caller has composited it (`draw` gives it back).
        noteOffscreen(region.width * region.height)
        offscreenInUse += region.width * region.height
        var offscreen = Canvas(buffer: PixelBuffer(width: region.width, height: region.height), originX: region.x, originY: region.y)
        let shift = Transform2D.translation(Double(canvas.originX - region.x), Double(canvas.originY - region.y))
        if frameHasBackdropFilter { offscreen.below = CanvasBelow(canvas) }
        drawContent(layer, placement: placement.then(shift), into: &offscreen, clip: .none, opacity: 1)
        // Dropped before the caller draws into `canvas` again, which would otherwise copy it.
        offscreen.below = nil
        return offscreen
    }

    /// The layer's shadow: from `shadowPath`, from its own shape when that is all it casts, or from
    /// `source` (the layer drawn offscreen: its composited alpha). `bodyFollows`: the layer itself is drawn
    /// next into the same canvas with the same clip, at full opacity.
    func drawShadow(_ layer: LayerSnapshot, placement: Transform2D, into canvas: inout Canvas, clip: Clip,
                            opacity: Double, source: Canvas?, bodyFollows: Bool = false) {
        let s = layer.state
        guard let color = s.shadowColor else { return }
        // The offset and blur live in the layer's space and transform with it.
        let origin = placement.apply(.zero), moved = placement.apply(CGPoint(x: s.shadowOffset.width, y: s.shadowOffset.height))
        let offset = CGPoint(x: moved.x - origin.x, y: moved.y - origin.y)
        let sigma = Double(s.shadowRadius) * localScale(placement, at: CGPoint(x: s.bounds.midX, y: s.bounds.midY))
        extremes.shadowSigma = max(extremes.shadowSigma, sigma)
        let opacity = Double(s.shadowOpacity) * opacity
        // masksToBounds clips the layer's own shadow too, as on iOS.
        var shadowClip = clip
        if s.masksToBounds {
            shadowClip = intersect(shadowClip, ownClip(s, placement: placement, canvas: canvas), limit: canvas.fullBounds)
        }
        let localClip = canvas.local(mask(shadowClip, within: canvas.fullBounds))
        if source == nil, s.shadowPath == nil, case .rect(let shape) = shape(s, placement: placement) {
            // Unclipped, the layer's opaque background (or its opaque cover) overwrites every pixel its shape
            // covers entirely: the shadow need not be drawn there (unless a backdrop filter reads it first).
            let covered = bodyFollows && localClip == nil && !s.masksToBounds && s.activeBackdropFilter == nil ? shape : nil
            canvas.buffer.drawRoundedRectShadow(shape, offset: offset, sigma: sigma, color: color, opacity: opacity,
                                                clip: localClip, skipInterior: s.masksToBounds ? nil : opaqueInterior(shape),
                                                skipCovered: covered)
            return
        }
        let spread = shadowReach(s, placement: placement)
        extremes.shadowReach = max(extremes.shadowReach, spread)
        let reach = Int(spread.rounded(.up))
        let caster: Canvas?
        if let path = s.shadowPath {
            caster = pathCanvas(path, placement: placement, canvas: canvas, margin: reach)
        } else if let source {
            caster = source
        } else {
            caster = pathCanvas(CGPath(roundedRect: s.bounds, cornerWidth: s.cornerRadius, cornerHeight: s.cornerRadius, transform: nil),
                                placement: placement, canvas: canvas, margin: reach)
        }
        guard let caster else { return }
        canvas.buffer.drawShadow(of: caster.buffer, atX: caster.originX - canvas.originX, y: caster.originY - canvas.originY,
                                 offset: offset, sigma: sigma, color: color, opacity: opacity, clip: localClip)
    }

    /// The pixels certainly under the opaque body of an axis-aligned rounded rect (its rect inset by the
    /// largest radius), which a shadow below need not touch.
    func opaqueInterior(_ shape: RoundedRect) -> PixelRect {
        let r = max(shape.radii.topLeft, shape.radii.topRight, shape.radii.bottomLeft, shape.radii.bottomRight)
        let inner = shape.rect.insetBy(dx: CGFloat(r), dy: CGFloat(r))
        guard inner.width > 2, inner.height > 2 else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        return PixelRect(x: Int(inner.minX.rounded(.up)), y: Int(inner.minY.rounded(.up)),
                         width: Int(inner.maxX.rounded(.down)) - Int(inner.minX.rounded(.up)),
                         height: Int(inner.maxY.rounded(.down)) - Int(inner.minY.rounded(.up)))
    }

    /// A CGPath (in the layer's space) filled opaque into an offscreen buffer, for shadows.
    func pathCanvas(_ path: CGPath, placement: Transform2D, canvas: Canvas, margin: Int) -> Canvas? {
        let device = rasterPath(path).applying(placement)
        let box = device.bounds.offsetBy(dx: CGFloat(canvas.originX), dy: CGFloat(canvas.originY))
        let limit = PixelRect(x: frameBounds.x - margin, y: frameBounds.y - margin,
                              width: frameBounds.width + 2 * margin, height: frameBounds.height + 2 * margin)
        let region = PixelRect(enclosing: box).intersection(limit)
        guard !region.isEmpty else { return nil }
        noteOffscreen(region.width * region.height)
        var offscreen = Canvas(buffer: PixelBuffer(width: region.width, height: region.height), originX: region.x, originY: region.y)
        let shift = Transform2D.translation(Double(canvas.originX - region.x), Double(canvas.originY - region.y))
        offscreen.buffer.fill(device.applying(shift), with: .solid(.black))
        return offscreen
    }

    func rasterPath(_ path: CGPath) -> Path {
        var result = Path()
        for element in path.elements {
            switch element {
            case .move(let p): result.move(to: p)
            case .line(let p): result.line(to: p)
            case .quadCurve(let p, let c): result.quadCurve(to: p, control: c)
            case .curve(let p, let c1, let c2): result.curve(to: p, control1: c1, control2: c2)
            case .close: result.close()
            }
        }
        return result
    }

    /// The layer's own clip (masksToBounds), in device pixels.
    func ownClip(_ s: LayerState, placement: Transform2D, canvas: Canvas) -> Clip {
        let toDevice = placement.then(.translation(Double(canvas.originX), Double(canvas.originY)))
        switch shape(s, placement: toDevice) {
        case .rect(let rect): return .shape(rect)
        case .path(let path): return .mask(CoverageMask(path, within: canvas.fullBounds), id: nil)
        }
    }

    /// Background, gradient, contents, sublayers (clipped by masksToBounds), without the layer's shadow.
    func drawContent(_ layer: LayerSnapshot, placement: Transform2D, into canvas: inout Canvas, clip: Clip, opacity: Double) {
        let s = layer.state
        // Background pixels that an opaque sublayer overwrites anyway are not filled.
        var covered: PixelRect?
        let filters = frameHasBackdropFilter && layer.sublayers.contains { containsBackdropFilter($0) }
        if skipsOverdraw, opacity == 1, !filters, !layer.sublayers.isEmpty, let full = fullWeight(clip, canvas: canvas),
           case .rect(let own) = shape(s, placement: placement) {
            covered = sublayerCover(of: layer, placement: placement, interior: opaqueInterior(own)).map { full.map($0.intersection) ?? $0 }
        }
        if s.backdropFilter != nil { drawBackdropFilter(s, placement: placement, into: &canvas, clip: clip, opacity: opacity) }
        drawBackground(s, placement: placement, into: &canvas, clip: clip, opacity: opacity, skipping: covered)
        var inner = clip
        if s.masksToBounds {
            inner = intersect(clip, ownClip(s, placement: placement, canvas: canvas), limit: canvas.fullBounds)
            if let bounds = inner.bounds, bounds.intersection(canvas.deviceBounds).isEmpty { return }
        }
        if let image = s.contents { drawContents(image, s, placement: placement, into: &canvas, clip: inner, opacity: opacity) }
        if s.shape != nil { drawShape(s, placement: placement, into: &canvas, clip: inner, opacity: opacity) }
        if s.text != nil { drawText(s, placement: placement, into: &canvas, clip: inner, opacity: opacity) }
        if !layer.sublayers.isEmpty {
            let content = contentTransform(s, layer: placement)
            drawChildren(sortedByZ(layer.sublayers), parent: content, into: &canvas, clip: inner, opacity: opacity)
        }
        // The border lies inside the layer's own shape: clipping it by that shape again would square its edge coverage.
        drawBorder(s, placement: placement, into: &canvas, clip: clip, opacity: opacity)
    }

    /// The border: inside the bounds, above contents and sublayers, following the corners (the inner edge's
    /// radii are the outer ones less the width).
    func drawBorder(_ s: LayerState, placement: Transform2D, into canvas: inout Canvas, clip: Clip, opacity: Double) {
        guard s.borderWidth > 0, let color = s.borderColor, color.alpha > 0 else { return }
        let w = min(s.borderWidth, min(s.bounds.width, s.bounds.height) / 2)
        var inner = s
        inner.bounds = s.bounds.insetBy(dx: w, dy: w)
        inner.cornerRadius = max(s.cornerRadius - w, 0)
        let localClip = canvas.local(mask(clip, within: canvas.fullBounds))
        switch (shape(s, placement: placement), shape(inner, placement: placement)) {
        case (.rect(let outer), .rect(let hole)):
            canvas.buffer.fillRing(outer: outer, inner: hole, with: .solid(color), opacity: opacity, clip: localClip)
        default:
            let curve: CornerCurve = s.cornerCurve == .continuous ? .continuous : .circular
            var ring = Path(roundedRect: s.bounds, radii: radii(s, factor: 1), curve: curve)
            ring.append(Path(roundedRect: inner.bounds, radii: radii(inner, factor: 1), curve: curve))
            canvas.buffer.fill(ring.applying(placement), rule: .evenOdd, with: .solid(color), opacity: opacity, clip: localClip)
        }
    }

    /// Fills the layer's shape with its background colour, then its gradient.
    func drawBackground(_ s: LayerState, placement: Transform2D, into canvas: inout Canvas, clip: Clip, opacity: Double,
                                skipping: PixelRect? = nil) {
        let paints: [Paint] = [s.backgroundColor.flatMap { $0.alpha > 0 ? Paint.solid($0) : nil },
                               s.gradient.map { gradientPaint($0, bounds: s.bounds) }].compactMap { $0 }
        guard !paints.isEmpty else { return }
        let layerShape = shape(s, placement: placement)
        for paint in paints {
            fill(layerShape, paint: paint, paintSpace: placement, into: &canvas, clip: clip, opacity: opacity, skipping: skipping)
        }
    }

    /// A fill of `shape` with a paint defined in the layer's bounds space (`paintSpace` maps it to the canvas).
    /// Pixels of `skipping` (canvas pixels, rounded-rect shapes only) are left alone.
    func fill(_ shape: Shape, paint: Paint, paintSpace: Transform2D, into canvas: inout Canvas, clip: Clip, opacity: Double,
                      skipping: PixelRect? = nil) {
        switch shape {
        case .rect(let rect):
            let devicePaint = paint.mapped(by: paintSpace)
            let skip = skipping ?? PixelRect(x: 0, y: 0, width: 0, height: 0)
            switch clip {
            case .none:
                canvas.buffer.fill(rect, with: devicePaint, opacity: opacity, skipping: skip)
            case .shape(let clipShape):
                let local = clipShape.offsetBy(dx: -canvas.originX, dy: -canvas.originY)
                if rect.contains(local) {
                    // The fill covers the whole clip shape: filling the clip shape is the same, without a mask.
                    canvas.buffer.fill(local, with: devicePaint, opacity: opacity, skipping: skip)
                } else if local.safelyContains(rect.rect) {
                    canvas.buffer.fill(rect, with: devicePaint, opacity: opacity, skipping: skip)
                } else {
                    canvas.buffer.fill(rect, with: devicePaint, opacity: opacity,
                                       clip: canvas.local(mask(clip, within: canvas.fullBounds)), skipping: skip)
                }
            case .mask(let mask, _):
                canvas.buffer.fill(rect, with: devicePaint, opacity: opacity, clip: canvas.local(mask), skipping: skip)
            }
        case .path(let path):
            canvas.buffer.fill(path, with: paint, paintTransform: paintSpace.inverse ?? .identity, opacity: opacity,
                               clip: canvas.local(mask(clip, within: canvas.fullBounds)))
        }
    }

    func gradientPaint(_ gradient: LayerState.Gradient, bounds: CGRect) -> Paint {
        let count = gradient.colors.count
        let stops = gradient.colors.enumerated().map { index, color in
            GradientStop(location: Double(gradient.locations?[safe: index]
                                          ?? (count > 1 ? CGFloat(index) / CGFloat(count - 1) : 0)), color: color)
        }
        func point(_ unit: CGPoint) -> CGPoint {
            CGPoint(x: bounds.minX + unit.x * bounds.width, y: bounds.minY + unit.y * bounds.height)
        }
        return .axialGradient(start: point(gradient.startPoint), end: point(gradient.endPoint), stops: stops)
    }

    /// Multiplies `image` (whose pixel (0,0) is device (originX, originY)) by the mask layer's composited
    /// alpha. `placement` maps the owner's bounds space (where the mask layer lives) into the image.
    func applyMask(_ mask: LayerSnapshot, placement: Transform2D, to image: inout PixelBuffer, originX: Int, originY: Int) {
        // The mask's image and the masked copy, beside the group's image.
        noteOffscreen(2 * image.width * image.height)
        var maskCanvas = Canvas(buffer: PixelBuffer(width: image.width, height: image.height), originX: originX, originY: originY)
        draw(mask, parent: Space(placement: placement), into: &maskCanvas, clip: .none, opacity: 1)
        let alpha = CoverageMask(alphaOf: maskCanvas.buffer)
        var masked = PixelBuffer(width: image.width, height: image.height)
        masked.composite(image, atX: 0, y: 0, opacity: 1, clip: alpha)
        image = masked
    }

    /// Ascending zPosition, ties in array order.
    func sortedByZ(_ layers: [LayerSnapshot]) -> [LayerSnapshot] {
        guard layers.contains(where: { $0.state.zPosition != 0 }) else { return layers }
        return layers.enumerated().sorted {
            $0.element.state.zPosition != $1.element.state.zPosition
                ? $0.element.state.zPosition < $1.element.state.zPosition : $0.offset < $1.offset
        }.map(\.element)
    }

    /// The canvas-space box the layer's content covers (its own shape, sublayers and their shadows), without
    /// its own shadow; limited to its shape when it masks. nil when nothing is drawn.
    func contentExtent(_ layer: LayerSnapshot, placement: Transform2D) -> CGRect? {
        let s = layer.state
        guard !s.isHidden, s.opacity > 0 else { return nil }
        let own = box(s.bounds, placement)
        let drawsOwnShape = (s.backgroundColor?.alpha ?? 0) > 0 || s.activeBackdropFilter != nil || s.gradient != nil || s.contents != nil ||
            (s.borderWidth > 0 && (s.borderColor?.alpha ?? 0) > 0)
        var extent: CGRect? = drawsOwnShape ? own : nil
        if let image = s.contents { extent = extent.map { $0.union(box(contentsPlacement(image, s), placement)) } }
        if let text = laidOutText(s)?.extent {
            // Glyphs may reach past the bounds (overhangs, an unclipped label): they count where they are.
            let glyphs = box(text, placement)
            extent = extent.map { $0.union(glyphs) } ?? glyphs
        }
        if let shape = drawnShape(s)?.extent {
            let drawn = box(shape, placement)
            extent = extent.map { $0.union(drawn) } ?? drawn
        }
        let content = contentTransform(s, layer: placement)
        for child in layer.sublayers {
            let childPlacement = layerTransform(child.state, parent: content)
            guard placementIsDrawable(childPlacement, child.state), let childExtent = shadowedExtent(child, placement: childPlacement) else { continue }
            extent = extent.map { $0.union(childExtent) } ?? childExtent
        }
        if s.masksToBounds { extent = extent?.intersection(own) }
        if let e = extent, e.isNull || e.isEmpty { return nil }
        return extent
    }

    /// What a layer draws with its shadow (cast from `shadowPath` where it has one, which may lie anywhere).
    func shadowedExtent(_ layer: LayerSnapshot, placement: Transform2D) -> CGRect? {
        guard var extent = contentExtent(layer, placement: placement) else { return nil }
        if hasShadow(layer.state) {
            let reach = CGFloat(shadowReach(layer.state, placement: placement))
            if let path = layer.state.shadowPath, !path.isEmpty { extent = extent.union(box(path.boundingBox, placement)) }
            extent = extent.insetBy(dx: -reach, dy: -reach)
        }
        return extent
    }

    /// The box of a rectangle of the layer's space on the canvas. A rectangle that reaches to or behind the
    /// eye has no meaningful box (its corners' images wrap around): it counts as everywhere.
    func box(_ rect: CGRect, _ t: Transform2D) -> CGRect {
        if !t.projective.keepsInFront(rect) {
            return CGRect(x: -1e9, y: -1e9, width: 2e9, height: 2e9)
        }
        let points = [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                      CGPoint(x: rect.minX, y: rect.maxY), CGPoint(x: rect.maxX, y: rect.maxY)].map(t.apply)
        let xs = points.map(\.x), ys = points.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }
}
