import CoreGraphics
import Raster
import QuartzCore

/// Draws a presentation snapshot into pixels, following Core Animation's per-layer order (reference §6):
/// shadow, background, contents, sublayers by zPosition, border; `mask` and `masksToBounds` clip the
/// contents, sublayers and border (masksToBounds also the layer's own shadow); opacity < 1 composites a
/// subtree as one image unless `allowsGroupOpacity` is false.
///
/// Geometry is in points; pixels appear only here, through `scale`. Each layer is placed by a projective
/// map from its bounds space to the canvas (position, anchorPoint, bounds origin, transform, and the
/// superlayer's sublayerTransform, flattened into the superlayer's plane as Core Animation does).
/// Axis-aligned layers use Raster's exact analytic rounded rectangles; others are filled as paths.
///
/// A renderer remembers the previous frame, so consecutive frames cost what changed:
/// - damage: when only some layers changed, it redraws just the region they covered before and cover now
///   (shadows included) on top of the previous frame;
/// - backdrop: when a change covers much of the screen (a dimming fade), it reuses the canvas as it was after
///   the leading layers that did not change, so a card expanding over a still list redraws only the card.
/// Neither changes a pixel: every draw is a pure function of the tree and the pixel, and offscreen shadow
/// sources are sized against the whole frame, never the redrawn region.
///
/// Frame memory is reused: a new frame is drawn in the storage of an earlier one once the caller has
/// dropped it (fresh memory for a 3× frame costs ~3000 page faults and the kernel's zeroing), and a
/// damaged region is written into the previous frame in place. A loop that drops each frame after use
/// allocates no frame memory after the first frames.
public final class LayerRenderer {
    public let scale: CGFloat
    private var backdrop: Backdrop?
    /// The last frame's tree and background, and its image — which is also the caller's frame until the
    /// caller drops it.
    private var previousFrame: (root: LayerSnapshot, background: RGBA8)?
    private var previousImage: PixelBuffer?
    /// Frame buffers no longer needed during this render (the previous frame, a replaced backdrop): the
    /// storage of the new ones. A buffer the caller still holds is not overwritten (Raster checks), so
    /// a frame loop that drops each frame after use draws every frame into the same memory.
    private var spares: [PixelBuffer] = []
    /// The damaged region's canvas, kept for the next damaged region (only the renderer holds it).
    private var regionScratch = PixelBuffer(width: 0, height: 0)
    /// The whole frame, in device pixels (offscreen regions are limited by it, not by the canvas in use).
    private var frameBounds = PixelRect(x: 0, y: 0, width: 0, height: 0)

    /// Whether fills skip pixels that a later opaque draw overwrites (never changes a byte; tests turn it
    /// off to compare with the general path).
    var skipsOverdraw = true
    /// This render's coverage masks (see `MaskStore`).
    var masks = MaskStore()

    public init(scale: CGFloat) { self.scale = scale }

    /// Renders `root` onto an opaque canvas of `size` points filled with `background`.
    ///
    /// The returned frame's storage is reused for a later frame once the caller has dropped every copy of
    /// it; a frame the caller keeps never changes.
    public func render(_ root: LayerSnapshot, size: CGSize, background: CGColor = .black) -> PixelBuffer {
        let width = Int((size.width * scale).rounded()), height = Int((size.height * scale).rounded())
        let fill = RGBA8(background)
        let rootPlacement = Space(placement: .scale(Double(scale), Double(scale)))
        frameBounds = PixelRect(x: 0, y: 0, width: width, height: height)
        // Spares not used by this frame are released (memory stays bounded).
        masks.beginRender()
        defer { spares.removeAll(); masks.endRender() }
        if let previous = previousFrame, previous.background == fill,
           previousImage?.width == width, previousImage?.height == height {
            let damage = damageRect(previous.root, root, parent: rootPlacement)
            let region = damage.map { PixelRect(enclosing: $0).intersection(frameBounds) }
            if region == nil || region!.isEmpty {
                previousFrame = (root, fill)
                return previousImage!
            }
            if let region, region.width * region.height * 2 < width * height {
                var canvas = Canvas(buffer: PixelBuffer(width: region.width, height: region.height, fill: fill, reusing: &regionScratch),
                                    originX: region.x, originY: region.y)
                draw(root, parent: rootPlacement.then(.translation(Double(-region.x), Double(-region.y))),
                     into: &canvas, clip: .none, opacity: 1)
                // Taken out of `previousImage`, the frame is changed in place when the caller has dropped it
                // (only the region is written); when the caller keeps it, copy-on-write copies it first.
                var image = previousImage.take()!
                image.replace(region, with: canvas.buffer)
                regionScratch = canvas.buffer
                return remember(image, root: root, background: fill)
            }
        }
        if let image = previousImage.take() { spares.append(image) }
        let image = renderWithBackdrop(root, width: width, height: height, fill: fill, placement: rootPlacement)
        return remember(image, root: root, background: fill)
    }

    private func remember(_ image: PixelBuffer, root: LayerSnapshot, background: RGBA8) -> PixelBuffer {
        previousFrame = (root, background)
        previousImage = image
        return image
    }

    /// Storage for a new full-size buffer: a spare (reused when nobody else holds it) or nothing.
    private func spare() -> PixelBuffer { spares.popLast() ?? PixelBuffer(width: 0, height: 0) }

    private func renderWithBackdrop(_ root: LayerSnapshot, width: Int, height: Int, fill: RGBA8,
                                    placement rootPlacement: Space) -> PixelBuffer {
        // Walk down the chain of plain containers whose first children are unchanged since the last frame.
        let chain = backdropChain(root)
        if let cached = backdrop, cached.width == width, cached.height == height, cached.background == fill,
           cached.matches(chain) {
            return drawRemainder(of: chain, placement: rootPlacement, over: cached.image)
        }
        if let old = backdrop.take() { spares.append(old.image) }
        var storage = spare()
        var canvas = Canvas(buffer: PixelBuffer(width: width, height: height, fill: fill, reusing: &storage), originX: 0, originY: 0)
        if chain.levels.isEmpty {
            draw(root, parent: rootPlacement, into: &canvas, clip: .none, opacity: 1)
        } else {
            drawPrefix(of: chain, placement: rootPlacement, into: &canvas)
            backdrop = Backdrop(width: width, height: height, background: fill, key: chain.key, image: canvas.buffer)
            canvas.buffer = drawRemainder(of: chain, placement: rootPlacement, over: canvas.buffer)
        }
        return canvas.buffer
    }

    // MARK: Backdrop cache

    /// A path from the root through containers that draw nothing but their background and children
    /// (no transform, clip, group, mask or shadow): at each level, the children before `split` are the
    /// backdrop, and the child at `split` is the next level (or, at the last level, the first that draws).
    struct Chain {
        struct Level { var layer: LayerSnapshot; var split: Int }
        var levels: [Level]
        /// What must be equal for the cached backdrop to be reused: each level's own state and its
        /// children before the split.
        var key: [(LayerState, [LayerSnapshot])] { levels.map { ($0.layer.state, Array($0.layer.sublayers[..<$0.split])) } }
    }

    struct Backdrop {
        let width: Int, height: Int, background: RGBA8
        let key: [(LayerState, [LayerSnapshot])]
        let image: PixelBuffer
        /// Whether every level's state and backdrop children are what the cached image shows.
        func matches(_ chain: Chain) -> Bool {
            let now = chain.key
            guard now.count == key.count, !now.isEmpty else { return false }
            return zip(now, key).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        }
    }

    /// Chooses the split at each level: the leading children equal to the previous frame's form the
    /// backdrop; the first changed child is the next level when it is a plain container too. Without a
    /// previous frame there is no chain (the first frame is drawn in full).
    private func backdropChain(_ root: LayerSnapshot) -> Chain {
        guard let previous = previousFrame?.root else { return Chain(levels: []) }
        var levels: [Chain.Level] = []
        var current = root, before = previous
        while isPlainContainer(current.state), current.state == before.state,
              !current.sublayers.contains(where: { $0.state.zPosition != 0 }) {
            let unchanged = zip(current.sublayers, before.sublayers).prefix { $0 == $1 }.count
            levels.append(Chain.Level(layer: current, split: unchanged))
            guard unchanged < current.sublayers.count, unchanged < before.sublayers.count else { break }
            current = current.sublayers[unchanged]
            before = before.sublayers[unchanged]
        }
        return Chain(levels: levels)
    }

    private func isPlainContainer(_ s: LayerState) -> Bool {
        !s.isHidden && s.opacity == 1 && !s.masksToBounds && !hasShadow(s) && s.contents == nil && s.gradient == nil &&
            s.borderWidth == 0 &&
            CATransform3DIsIdentity(s.transform) && CATransform3DIsIdentity(s.sublayerTransform) && s.zPosition == 0
    }

    /// Draws each level's own background and its backdrop children.
    private func drawPrefix(of chain: Chain, placement: Space, into canvas: inout Canvas) {
        var parent = placement
        for level in chain.levels {
            let s = level.layer.state
            let toCanvas = layerTransform(s, parent: parent)
            drawBackground(s, placement: toCanvas, into: &canvas, clip: .none, opacity: 1)
            let content = contentTransform(s, layer: toCanvas)
            drawChildren(Array(level.layer.sublayers[..<level.split]), parent: content, into: &canvas, clip: .none, opacity: 1)
            parent = content
        }
    }

    /// The backdrop with, from the deepest level up, the children at and after each split drawn over it.
    /// When the first of them is a plain solid rectangle (a dimming layer), it is filled while the backdrop
    /// is copied (one pass over the frame instead of two).
    private func drawRemainder(of chain: Chain, placement: Space, over image: PixelBuffer) -> PixelBuffer {
        var contents: [Space] = []
        var parent = placement
        for level in chain.levels {
            let content = contentTransform(level.layer.state, layer: layerTransform(level.layer.state, parent: parent))
            contents.append(content)
            parent = content
        }
        let last = chain.levels.count - 1
        var deepest = Array(chain.levels[last].layer.sublayers.dropFirst(chain.levels[last].split))
        // The backdrop stays cached: the frame is a copy of it, made in a spare buffer.
        var storage = spare()
        var canvas = Canvas(buffer: PixelBuffer(width: 0, height: 0), originX: 0, originY: 0)
        if !deepest.isEmpty, let solid = occludedSolidFill(deepest, at: 0, parent: contents[last], clip: .none, opacity: 1) {
            canvas.buffer = image.copy(filling: solid.pieces.map { RoundedRect(rect: $0) }, with: .solid(solid.color),
                                       opacity: solid.opacity, reusing: &storage)
            deepest.removeFirst()
        } else {
            canvas.buffer = image.copy(reusing: &storage)
        }
        for (index, level) in chain.levels.enumerated().reversed() {
            let children = index == last ? deepest : Array(level.layer.sublayers.dropFirst(level.split + 1))
            drawChildren(children, parent: contents[index], into: &canvas, clip: .none, opacity: 1)
        }
        return canvas.buffer
    }

    // MARK: Damage

    /// The canvas area (pixels) that differs between two trees: for every subtree whose own properties,
    /// mask or list of sublayers changed, where it drew before and where it draws now, shadows included.
    /// nil when nothing changed.
    private func damageRect(_ old: LayerSnapshot, _ new: LayerSnapshot, parent: Space) -> CGRect? {
        if old.state != new.state || old.mask != new.mask || old.sublayers.count != new.sublayers.count || old.name != new.name {
            let before = visualExtent(old, placement: layerTransform(old.state, parent: parent))
            let after = visualExtent(new, placement: layerTransform(new.state, parent: parent))
            switch (before, after) {
            case (nil, nil): return nil
            case (let a?, nil): return a
            case (nil, let b?): return b
            case (let a?, let b?): return a.union(b)
            }
        }
        // Same properties, same placement: only the sublayers can differ.
        let content = contentTransform(new.state, layer: layerTransform(new.state, parent: parent))
        var damage: CGRect?
        for (a, b) in zip(old.sublayers, new.sublayers) where a != b {
            if let d = damageRect(a, b, parent: content) { damage = damage.map { $0.union(d) } ?? d }
        }
        return damage
    }

    /// Everything a layer can touch: its content and, when it casts one, its shadow (a generous bound).
    private func visualExtent(_ layer: LayerSnapshot, placement: Transform2D) -> CGRect? {
        guard placementIsDrawable(placement, layer.state), var extent = contentExtent(layer, placement: placement) else { return nil }
        if hasShadow(layer.state) {
            let reach = CGFloat(shadowReach(layer.state, placement: placement))
            if let path = layer.state.shadowPath { extent = extent.union(box(path.boundingBox, placement)) }
            extent = extent.insetBy(dx: -reach, dy: -reach)
        }
        return extent.insetBy(dx: -1, dy: -1)
    }

    // MARK: Canvas and clips

    /// A buffer whose pixel (0,0) is device pixel (originX, originY). Clips are kept in device pixels.
    struct Canvas {
        var buffer: PixelBuffer
        let originX: Int, originY: Int
        var deviceBounds: PixelRect { PixelRect(x: originX, y: originY, width: buffer.width, height: buffer.height) }
        func local(_ mask: CoverageMask?) -> CoverageMask? { mask?.offsetBy(dx: -originX, dy: -originY) }
    }

    /// What limits drawing: nothing, an axis-aligned rounded rectangle (kept as a shape so fills inside or
    /// around it need no mask), or a coverage mask. All in device pixels. A mask made by `masks` carries
    /// its index there (what intersections are cached under); other masks carry nil.
    enum Clip {
        case none
        case shape(RoundedRect)
        case mask(CoverageMask, id: Int?)

        var bounds: PixelRect? {
            switch self {
            case .none: nil
            case .shape(let shape): shape.pixelBounds
            case .mask(let mask, _): mask.bounds
            }
        }
    }

    /// The clip's coverage within `limit` (nil for no clip). A shape's mask is made once per render for each
    /// shape and limit.
    private func mask(_ clip: Clip, within limit: PixelRect) -> CoverageMask? {
        switch clip {
        case .none: nil
        case .shape(let shape): masks.mask(of: shape, within: limit).mask
        case .mask(let mask, _): mask
        }
    }

    /// Both clips at once (the pointwise product of their masks), made once per render for each pair.
    private func intersect(_ a: Clip, _ b: Clip, limit: PixelRect) -> Clip {
        switch (a, b) {
        case (.none, _): return b
        case (_, .none): return a
        default: return masks.intersection(a, b, limit: limit)
        }
    }

    /// The coverage masks of one render, each made once and kept until the next render, whose masks are
    /// written in their memory (a 3× full-frame mask is 3 MB: fresh memory would cost ~750 page faults).
    /// Keys compare shapes bit for bit, so a cached mask is exactly the one that would be made.
    struct MaskStore {
        struct ShapeKey: Hashable {
            var bits: [UInt64]
            init(_ shape: RoundedRect, _ limit: PixelRect) {
                let r = shape.rect, c = shape.radii
                bits = [Double(r.minX), Double(r.minY), Double(r.width), Double(r.height),
                        c.topLeft, c.topRight, c.bottomLeft, c.bottomRight].map(\.bitPattern)
                    + [limit.x, limit.y, limit.width, limit.height].map { UInt64(bitPattern: Int64($0)) }
            }
        }
        enum Operand: Hashable { case shape(ShapeKey), mask(Int) }
        struct PairKey: Hashable { var a: Operand, b: Operand, limit: PixelRect }

        /// Whether masks are cached and their memory reused (tests turn it off to compare with fresh masks).
        var enabled = true
        private(set) var made: [CoverageMask] = []
        private var shapes: [ShapeKey: Int] = [:]
        private var pairs: [PairKey: Int] = [:]
        private var spares: [[UInt8]] = []

        /// Called at the start of a render: last render's masks become storage for this one's.
        mutating func beginRender() {
            spares = made.map(\.values)
            made.removeAll(keepingCapacity: true)
            shapes.removeAll(keepingCapacity: true)
            pairs.removeAll(keepingCapacity: true)
        }
        /// Called at the end of a render: storage this render did not use is released (memory stays bounded).
        mutating func endRender() { spares.removeAll() }

        private mutating func storage() -> [UInt8] { spares.popLast() ?? [] }

        private mutating func add(_ mask: CoverageMask) -> (mask: CoverageMask, id: Int) {
            made.append(mask)
            return (mask, made.count - 1)
        }

        mutating func mask(of shape: RoundedRect, within limit: PixelRect) -> (mask: CoverageMask, id: Int?) {
            guard enabled else { return (CoverageMask(shape, within: limit), nil) }
            let key = ShapeKey(shape, limit)
            if let index = shapes[key] { return (made[index], index) }
            var memory = storage()
            let result = add(CoverageMask(shape, within: limit, reusing: &memory))
            shapes[key] = result.id
            return result
        }

        private mutating func operand(_ clip: Clip, limit: PixelRect) -> (mask: CoverageMask, key: Operand?) {
            switch clip {
            case .none: preconditionFailure("no mask for .none")
            case .shape(let shape):
                let m = mask(of: shape, within: limit)
                return (m.mask, enabled ? .shape(ShapeKey(shape, limit)) : nil)
            case .mask(let mask, let id): return (mask, id.map { .mask($0) })
            }
        }

        mutating func intersection(_ a: Clip, _ b: Clip, limit: PixelRect) -> Clip {
            let x = operand(a, limit: limit), y = operand(b, limit: limit)
            guard enabled, let ka = x.key, let kb = y.key else { return .mask(x.mask.intersected(with: y.mask), id: nil) }
            let key = PairKey(a: ka, b: kb, limit: limit)
            if let index = pairs[key] { return .mask(made[index], id: index) }
            var memory = storage()
            let result = add(x.mask.intersected(with: y.mask, reusing: &memory))
            pairs[key] = result.id
            return .mask(result.mask, id: result.id)
        }
    }

    // MARK: Geometry

    private func transform2D(_ t: CATransform3D) -> Transform2D {
        // Points of the layer's plane (z = 0), flattened into the superlayer's plane.
        Transform2D(a: Double(t.m11), b: Double(t.m21), c: Double(t.m41), d: Double(t.m12), e: Double(t.m22),
                    f: Double(t.m42), g: Double(t.m14), h: Double(t.m24), i: Double(t.m44))
    }

    /// Where sublayers go: the superlayer's bounds space → canvas (2-D), and the superlayer's
    /// sublayerTransform (about its anchor), which applies in 3-D before the sublayer is flattened into
    /// the superlayer's plane — that is where perspective (m34) comes from.
    struct Space {
        var placement: Transform2D
        var sublayer: CATransform3D = CATransform3DIdentity
        func then(_ t: Transform2D) -> Space { Space(placement: placement.then(t), sublayer: sublayer) }
    }

    /// The layer's bounds space → canvas pixels.
    private func layerTransform(_ s: LayerState, parent: Space) -> Transform2D {
        if CATransform3DIsIdentity(s.transform) && CATransform3DIsIdentity(parent.sublayer) {
            let origin = CGPoint(x: s.position.x - s.anchorPoint.x * s.bounds.width - s.bounds.minX,
                                 y: s.position.y - s.anchorPoint.y * s.bounds.height - s.bounds.minY)
            return Transform2D.translation(Double(origin.x), Double(origin.y)).then(parent.placement)
        }
        return transform2D(CATransform3DConcat(s.toSuperlayer, parent.sublayer)).then(parent.placement)
    }

    /// The space the layer's sublayers are placed in.
    private func contentTransform(_ s: LayerState, layer: Transform2D) -> Space {
        Space(placement: layer, sublayer: s.sublayerTransformAboutAnchor)
    }

    private func hasShadow(_ s: LayerState) -> Bool { s.shadowOpacity > 0 && (s.shadowColor?.alpha ?? 0) > 0 }

    /// How far a shadow reaches beyond what casts it, in device pixels.
    private func shadowReach(_ s: LayerState, placement: Transform2D) -> Double {
        let k = localScale(placement, at: CGPoint(x: s.bounds.midX, y: s.bounds.midY))
        return (3.5 * Double(s.shadowRadius) + Double(max(abs(s.shadowOffset.width), abs(s.shadowOffset.height)))) * k + 1
    }

    /// √|det J| of the map at a point: how much it scales lengths there.
    private func localScale(_ t: Transform2D, at p: CGPoint) -> Double {
        if t.isAffine { return abs(t.a * t.e - t.b * t.d).squareRoot() }
        let h = 0.5, x = Double(p.x), y = Double(p.y)
        let o = t.apply(p), px = t.apply(CGPoint(x: x + h, y: y)), py = t.apply(CGPoint(x: x, y: y + h))
        let det = (Double(px.x - o.x) * Double(py.y - o.y) - Double(px.y - o.y) * Double(py.x - o.x)) / (h * h)
        return abs(det).squareRoot()
    }

    /// The bounds as a device rectangle, when the map is axis-aligned.
    private func deviceRect(_ bounds: CGRect, _ t: Transform2D) -> CGRect {
        let p = t.apply(CGPoint(x: bounds.minX, y: bounds.minY)), q = t.apply(CGPoint(x: bounds.maxX, y: bounds.maxY))
        return CGRect(x: min(p.x, q.x), y: min(p.y, q.y), width: abs(q.x - p.x), height: abs(q.y - p.y))
    }

    /// Per-corner radii in the layer's space, honouring maskedCorners (in UIKit's flipped space MinXMinY is
    /// the top-left corner).
    private func radii(_ s: LayerState, factor: Double) -> CornerRadii {
        let r = Double(s.cornerRadius) * factor
        func corner(_ c: CACornerMask) -> Double { s.maskedCorners.contains(c) ? r : 0 }
        return CornerRadii(topLeft: corner(.layerMinXMinYCorner), topRight: corner(.layerMaxXMinYCorner),
                           bottomLeft: corner(.layerMinXMaxYCorner), bottomRight: corner(.layerMaxXMaxYCorner))
    }

    /// The layer's shape on the canvas: an exact analytic rounded rectangle when the map is axis-aligned
    /// with equal scales and the corners are circular; otherwise a path.
    enum Shape {
        case rect(RoundedRect)
        case path(Path)
    }

    private func shape(_ s: LayerState, placement: Transform2D) -> Shape {
        let uniform = abs(abs(placement.a) - abs(placement.e)) < 1e-9
        if placement.isAxisAligned && (s.cornerRadius == 0 || (uniform && s.cornerCurve == .circular)) {
            return .rect(RoundedRect(rect: deviceRect(s.bounds, placement), radii: radii(s, factor: abs(placement.a))))
        }
        let curve: CornerCurve = s.cornerCurve == .continuous ? .continuous : .circular
        return .path(Path(roundedRect: s.bounds, radii: radii(s, factor: 1), curve: curve).applying(placement))
    }

    // MARK: Drawing

    // MARK: Occlusion

    /// Draws siblings in order. A plain solid rectangle (a dimming layer, a backdrop) skips the pixels that a
    /// later opaque sibling certainly covers: they would be overwritten byte for byte.
    private func drawChildren(_ children: [LayerSnapshot], parent: Space, into canvas: inout Canvas, clip: Clip, opacity: Double) {
        for (index, child) in children.enumerated() {
            if let solid = occludedSolidFill(children, at: index, parent: parent, clip: clip, opacity: opacity) {
                for piece in solid.pieces {
                    fill(.rect(RoundedRect(rect: piece, radii: .zero)), paint: .solid(solid.color),
                         paintSpace: .identity, into: &canvas, clip: clip, opacity: solid.opacity)
                }
                continue
            }
            draw(child, parent: parent, into: &canvas, clip: clip, opacity: opacity)
        }
    }

    /// The child at `index` when it is a plain solid rectangle: the pieces of it not covered by later
    /// opaque siblings (all of it when none is), which draw the same pixels as the layer. Unclipped only:
    /// under a clip the pieces would be masked, which rounds differently from the clipped whole rectangle.
    private func occludedSolidFill(_ children: [LayerSnapshot], at index: Int, parent: Space, clip: Clip,
                                   opacity: Double) -> (pieces: [CGRect], color: CGColor, opacity: Double)? {
        guard skipsOverdraw, opacity == 1, case .none = clip, let fill = plainSolidRect(children[index], parent: parent) else { return nil }
        let holes = children[(index + 1)...].compactMap { opaqueInterior(of: $0, parent: parent) }
            .filter { !$0.intersection(PixelRect(enclosing: fill.shape.rect)).isEmpty }
        return (subtract(holes, from: fill.shape.rect), fill.color, Double(children[index].state.opacity))
    }

    /// Where `clip` lets a fill through at full weight, in canvas pixels: .some(nil) everywhere (no clip),
    /// .some(rect) inside the clip shape's interior; nil when unknown (a coverage mask).
    private func fullWeight(_ clip: Clip, canvas: Canvas) -> PixelRect?? {
        switch clip {
        case .none: return .some(nil)
        case .shape(let shape): return .some(opaqueInterior(shape.offsetBy(dx: -canvas.originX, dy: -canvas.originY)))
        case .mask: return nil
        }
    }

    /// The whole canvas pixels that drawing `layer` (opacity 1, no clip) certainly overwrites with an opaque
    /// colour at full weight, whatever was there: its opaque background or gradient, or a sublayer's cover
    /// (limited to its own shape when it masks). nil when none is known.
    private func opaqueCover(of layer: LayerSnapshot, parent: Space) -> PixelRect? {
        let s = layer.state
        // Offscreen groups (shadow from content, mask) are left out: their pixels arrive by compositing.
        guard !s.isHidden, s.opacity == 1, layer.mask == nil, !hasShadow(s) || s.shadowPath != nil || castsOwnShape(layer) else { return nil }
        let placement = layerTransform(s, parent: parent)
        guard placement.isAxisAligned, placementIsDrawable(placement, s), case .rect(let own) = shape(s, placement: placement) else { return nil }
        let interior = opaqueInterior(own)
        guard !interior.isEmpty else { return nil }
        let opaqueGradient = s.gradient.map { !$0.colors.isEmpty && $0.colors.allSatisfy { $0.alpha >= 1 } } ?? false
        if s.backgroundColor?.alpha ?? 0 >= 1 || opaqueGradient { return interior }
        return sublayerCover(of: layer, placement: placement, interior: interior)
    }

    /// The largest cover among the sublayers (limited to `interior` when the layer masks).
    private func sublayerCover(of layer: LayerSnapshot, placement: Transform2D, interior: PixelRect) -> PixelRect? {
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
    private func plainSolidRect(_ layer: LayerSnapshot, parent: Space) -> (shape: RoundedRect, color: CGColor)? {
        let s = layer.state
        guard !s.isHidden, s.opacity > 0, layer.sublayers.isEmpty, layer.mask == nil, !hasShadow(s), s.contents == nil,
              s.gradient == nil, s.borderWidth == 0 || (s.borderColor?.alpha ?? 0) == 0,
              s.cornerRadius == 0 || s.maskedCorners.isEmpty, let color = s.backgroundColor, color.alpha > 0 else { return nil }
        let placement = layerTransform(s, parent: parent)
        guard placement.isAxisAligned, placementIsDrawable(placement, s) else { return nil }
        return (RoundedRect(rect: deviceRect(s.bounds, placement), radii: .zero), color)
    }

    /// The whole pixels a sibling certainly paints opaque: an axis-aligned layer at full opacity with an
    /// opaque background, inset by its corner radius and rounded inward.
    private func opaqueInterior(of layer: LayerSnapshot, parent: Space) -> PixelRect? {
        let s = layer.state
        guard !s.isHidden, s.opacity == 1, layer.mask == nil, let color = s.backgroundColor, color.alpha == 1 else { return nil }
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
    private func subtract(_ holes: [PixelRect], from rect: CGRect) -> [CGRect] {
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

    /// `parent`: the superlayer's content space → canvas pixels.
    private func draw(_ layer: LayerSnapshot, parent: Space, into canvas: inout Canvas, clip: Clip, opacity: Double) {
        let s = layer.state
        guard !s.isHidden, s.opacity > 0, opacity > 0 else { return }
        let placement = layerTransform(s, parent: parent)
        guard placementIsDrawable(placement, s) else { return }
        let layerOpacity = Double(s.opacity) * opacity
        let shadow = hasShadow(s)
        let shadowFromContent = shadow && s.shadowPath == nil && !castsOwnShape(layer)
        let group = shadowFromContent || layer.mask != nil ||
            (s.opacity < 1 && s.allowsGroupOpacity && drawsMoreThanOneThing(layer))
        guard group else {
            if shadow { drawShadow(layer, placement: placement, into: &canvas, clip: clip, opacity: layerOpacity, source: nil) }
            drawContent(layer, placement: placement, into: &canvas, clip: clip, opacity: layerOpacity)
            return
        }
        // Draw the layer once, at full opacity, into an offscreen image: what the shadow is cast from (its
        // composited alpha) and what is composited with the group opacity and the mask.
        let margin = shadowFromContent ? Int(shadowReach(s, placement: placement).rounded(.up)) : 0
        guard let offscreen = renderOffscreen(layer, placement: placement, canvas: canvas, clip: clip, margin: margin) else { return }
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
                                opacity: layerOpacity, clip: canvas.local(mask(clip, within: canvas.deviceBounds)))
    }

    private func placementIsDrawable(_ t: Transform2D, _ s: LayerState) -> Bool {
        guard t.isAffine else {
            // Behind the eye (w ≤ 0 at a corner) Core Animation draws nothing sensible; skip the layer.
            let corners = [CGPoint(x: s.bounds.minX, y: s.bounds.minY), CGPoint(x: s.bounds.maxX, y: s.bounds.minY),
                           CGPoint(x: s.bounds.minX, y: s.bounds.maxY), CGPoint(x: s.bounds.maxX, y: s.bounds.maxY)]
            return corners.allSatisfy { t.g * Double($0.x) + t.h * Double($0.y) + t.i > 1e-6 }
        }
        return abs(t.a * t.e - t.b * t.d) > 1e-12
    }

    /// Whether the layer's composited alpha is exactly its own opaque shape, so its shadow can be cast from
    /// the shape without drawing the layer first: an opaque background and every descendant inside it.
    private func castsOwnShape(_ layer: LayerSnapshot) -> Bool {
        let s = layer.state
        guard let background = s.backgroundColor, background.alpha == 1, s.opacity == 1,
              s.contents == nil || s.masksToBounds, CATransform3DIsIdentity(s.sublayerTransform) else { return false }
        return layer.sublayers.allSatisfy { child in
            let c = child.state
            if c.isHidden || c.opacity == 0 { return true }
            guard CATransform3DIsIdentity(c.transform), !hasShadow(c), c.contents == nil || c.masksToBounds else { return false }
            // The child's frame is in this layer's bounds space.
            return (c.masksToBounds || child.sublayers.isEmpty) && contains(s, child: c)
        }
    }

    /// Whether a child's rounded rect (in the layer's bounds space) lies inside the layer's shape. Exact for
    /// circular corners (per corner, honouring maskedCorners); continuous corners answer no, and the
    /// shadow is then cast from the drawn layer, which is always right.
    private func contains(_ s: LayerState, child c: LayerState) -> Bool {
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

    private func drawsMoreThanOneThing(_ layer: LayerSnapshot) -> Bool {
        let s = layer.state
        let own = [(s.backgroundColor?.alpha ?? 0) > 0, s.gradient != nil, s.contents != nil,
                   s.borderWidth > 0 && (s.borderColor?.alpha ?? 0) > 0].filter { $0 }.count
        return own + layer.sublayers.count > 1
    }

    /// The layer (without its own shadow) drawn at full opacity into an offscreen buffer covering what it
    /// draws within the canvas (grown by `margin` pixels).
    private func renderOffscreen(_ layer: LayerSnapshot, placement: Transform2D, canvas: Canvas, clip: Clip,
                                 margin: Int) -> Canvas? {
        guard let extent = contentExtent(layer, placement: placement) else { return nil }
        // Shadow sources are limited by the whole frame, so a redrawn region sees the same shadow.
        var limit = margin > 0 ? frameBounds : canvas.deviceBounds
        if let clipBounds = clip.bounds, margin == 0 { limit = limit.intersection(clipBounds) }
        limit = PixelRect(x: limit.x - margin, y: limit.y - margin, width: limit.width + 2 * margin, height: limit.height + 2 * margin)
        let region = PixelRect(enclosing: extent.offsetBy(dx: CGFloat(canvas.originX), dy: CGFloat(canvas.originY))).intersection(limit)
        guard !region.isEmpty else { return nil }
        var offscreen = Canvas(buffer: PixelBuffer(width: region.width, height: region.height), originX: region.x, originY: region.y)
        let shift = Transform2D.translation(Double(canvas.originX - region.x), Double(canvas.originY - region.y))
        drawContent(layer, placement: placement.then(shift), into: &offscreen, clip: .none, opacity: 1)
        return offscreen
    }

    /// The layer's shadow: from `shadowPath`, from its own shape when that is all it casts, or from
    /// `source` (the layer drawn offscreen: its composited alpha).
    private func drawShadow(_ layer: LayerSnapshot, placement: Transform2D, into canvas: inout Canvas, clip: Clip,
                            opacity: Double, source: Canvas?) {
        let s = layer.state
        guard let color = s.shadowColor else { return }
        // The offset and blur live in the layer's space and transform with it.
        let origin = placement.apply(.zero), moved = placement.apply(CGPoint(x: s.shadowOffset.width, y: s.shadowOffset.height))
        let offset = CGPoint(x: moved.x - origin.x, y: moved.y - origin.y)
        let sigma = Double(s.shadowRadius) * localScale(placement, at: CGPoint(x: s.bounds.midX, y: s.bounds.midY))
        let opacity = Double(s.shadowOpacity) * opacity
        // masksToBounds clips the layer's own shadow too, as on iOS.
        var shadowClip = clip
        if s.masksToBounds {
            shadowClip = intersect(shadowClip, ownClip(s, placement: placement, canvas: canvas), limit: canvas.deviceBounds)
        }
        let localClip = canvas.local(mask(shadowClip, within: canvas.deviceBounds))
        if source == nil, s.shadowPath == nil, case .rect(let shape) = shape(s, placement: placement) {
            canvas.buffer.drawRoundedRectShadow(shape, offset: offset, sigma: sigma, color: color, opacity: opacity,
                                                clip: localClip, skipInterior: s.masksToBounds ? nil : opaqueInterior(shape))
            return
        }
        let reach = Int(shadowReach(s, placement: placement).rounded(.up))
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
    private func opaqueInterior(_ shape: RoundedRect) -> PixelRect {
        let r = max(shape.radii.topLeft, shape.radii.topRight, shape.radii.bottomLeft, shape.radii.bottomRight)
        let inner = shape.rect.insetBy(dx: CGFloat(r), dy: CGFloat(r))
        guard inner.width > 2, inner.height > 2 else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        return PixelRect(x: Int(inner.minX.rounded(.up)), y: Int(inner.minY.rounded(.up)),
                         width: Int(inner.maxX.rounded(.down)) - Int(inner.minX.rounded(.up)),
                         height: Int(inner.maxY.rounded(.down)) - Int(inner.minY.rounded(.up)))
    }

    /// A CGPath (in the layer's space) filled opaque into an offscreen buffer, for shadows.
    private func pathCanvas(_ path: CGPath, placement: Transform2D, canvas: Canvas, margin: Int) -> Canvas? {
        let device = rasterPath(path).applying(placement)
        let box = device.bounds.offsetBy(dx: CGFloat(canvas.originX), dy: CGFloat(canvas.originY))
        let limit = PixelRect(x: frameBounds.x - margin, y: frameBounds.y - margin,
                              width: frameBounds.width + 2 * margin, height: frameBounds.height + 2 * margin)
        let region = PixelRect(enclosing: box).intersection(limit)
        guard !region.isEmpty else { return nil }
        var offscreen = Canvas(buffer: PixelBuffer(width: region.width, height: region.height), originX: region.x, originY: region.y)
        let shift = Transform2D.translation(Double(canvas.originX - region.x), Double(canvas.originY - region.y))
        offscreen.buffer.fill(device.applying(shift), with: .solid(.black))
        return offscreen
    }

    private func rasterPath(_ path: CGPath) -> Path {
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
    private func ownClip(_ s: LayerState, placement: Transform2D, canvas: Canvas) -> Clip {
        let toDevice = placement.then(.translation(Double(canvas.originX), Double(canvas.originY)))
        switch shape(s, placement: toDevice) {
        case .rect(let rect): return .shape(rect)
        case .path(let path): return .mask(CoverageMask(path, within: canvas.deviceBounds), id: nil)
        }
    }

    /// Background, gradient, contents, sublayers (clipped by masksToBounds), without the layer's shadow.
    private func drawContent(_ layer: LayerSnapshot, placement: Transform2D, into canvas: inout Canvas, clip: Clip, opacity: Double) {
        let s = layer.state
        // Background pixels that an opaque sublayer overwrites anyway are not filled.
        var covered: PixelRect?
        if skipsOverdraw, opacity == 1, !layer.sublayers.isEmpty, let full = fullWeight(clip, canvas: canvas),
           case .rect(let own) = shape(s, placement: placement) {
            covered = sublayerCover(of: layer, placement: placement, interior: opaqueInterior(own)).map { full.map($0.intersection) ?? $0 }
        }
        drawBackground(s, placement: placement, into: &canvas, clip: clip, opacity: opacity, skipping: covered)
        var inner = clip
        if s.masksToBounds {
            inner = intersect(clip, ownClip(s, placement: placement, canvas: canvas), limit: canvas.deviceBounds)
            if let bounds = inner.bounds, bounds.intersection(canvas.deviceBounds).isEmpty { return }
        }
        if let image = s.contents { drawContents(image, s, placement: placement, into: &canvas, clip: inner, opacity: opacity) }
        if !layer.sublayers.isEmpty {
            let content = contentTransform(s, layer: placement)
            drawChildren(sortedByZ(layer.sublayers), parent: content, into: &canvas, clip: inner, opacity: opacity)
        }
        drawBorder(s, placement: placement, into: &canvas, clip: inner, opacity: opacity)
    }

    /// The border: inside the bounds, above contents and sublayers, following the corners (the inner edge's
    /// radii are the outer ones less the width).
    private func drawBorder(_ s: LayerState, placement: Transform2D, into canvas: inout Canvas, clip: Clip, opacity: Double) {
        guard s.borderWidth > 0, let color = s.borderColor, color.alpha > 0 else { return }
        let w = min(s.borderWidth, min(s.bounds.width, s.bounds.height) / 2)
        var inner = s
        inner.bounds = s.bounds.insetBy(dx: w, dy: w)
        inner.cornerRadius = max(s.cornerRadius - w, 0)
        let localClip = canvas.local(mask(clip, within: canvas.deviceBounds))
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
    private func drawBackground(_ s: LayerState, placement: Transform2D, into canvas: inout Canvas, clip: Clip, opacity: Double,
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
    private func fill(_ shape: Shape, paint: Paint, paintSpace: Transform2D, into canvas: inout Canvas, clip: Clip, opacity: Double,
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
                                       clip: canvas.local(mask(clip, within: canvas.deviceBounds)), skipping: skip)
                }
            case .mask(let mask, _):
                canvas.buffer.fill(rect, with: devicePaint, opacity: opacity, clip: canvas.local(mask), skipping: skip)
            }
        case .path(let path):
            canvas.buffer.fill(path, with: paint, paintTransform: paintSpace.inverse ?? .identity, opacity: opacity,
                               clip: canvas.local(mask(clip, within: canvas.deviceBounds)))
        }
    }

    private func gradientPaint(_ gradient: LayerState.Gradient, bounds: CGRect) -> Paint {
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

    /// The image placed by contentsGravity in the bounds (not clipped by the corners unless masksToBounds).
    private func drawContents(_ image: CGImage, _ s: LayerState, placement: Transform2D, into canvas: inout Canvas,
                              clip: Clip, opacity: Double) {
        let rect = contentsRect(image, s)
        guard rect.width > 0, rect.height > 0 else { return }
        let pixels = imageBuffer(image)
        // Image pixel space → layer space → canvas; sampling needs the inverse.
        let imageToLayer = Transform2D(a: Double(rect.width) / Double(image.width), b: 0, c: Double(rect.minX),
                                       d: 0, e: Double(rect.height) / Double(image.height), f: Double(rect.minY))
        guard let deviceToImage = imageToLayer.then(placement).inverse else { return }
        let path = Path(roundedRect: rect, radii: .zero, curve: .circular).applying(placement)
        canvas.buffer.fill(path, with: ImagePaint(image: pixels, deviceToImage: deviceToImage), opacity: opacity,
                           clip: canvas.local(mask(clip, within: canvas.deviceBounds)))
    }

    private var imageCache: [ObjectIdentifier: (CGImage, PixelBuffer)] = [:]

    private func imageBuffer(_ image: CGImage) -> PixelBuffer {
        if let cached = imageCache[ObjectIdentifier(image)], cached.0 === image { return cached.1 }
        var buffer = PixelBuffer(width: image.width, height: image.height)
        buffer.bytes = image.premultipliedRGBA
        imageCache[ObjectIdentifier(image)] = (image, buffer)
        return buffer
    }

    /// Where contentsGravity puts the image in the bounds (layer space). Gravity names assume a y-up
    /// space; in UIKit's flipped layers `top` is at the top of the screen, as on iOS.
    private func contentsRect(_ image: CGImage, _ s: LayerState) -> CGRect {
        let b = s.bounds
        let natural = CGSize(width: CGFloat(image.width) / s.contentsScale, height: CGFloat(image.height) / s.contentsScale)
        switch s.contentsGravity {
        case .resize: return b
        case .resizeAspect, .resizeAspectFill:
            let fit = s.contentsGravity == .resizeAspect
            let k = fit ? min(b.width / natural.width, b.height / natural.height) : max(b.width / natural.width, b.height / natural.height)
            let size = CGSize(width: natural.width * k, height: natural.height * k)
            return CGRect(x: b.midX - size.width / 2, y: b.midY - size.height / 2, width: size.width, height: size.height)
        default:
            let g = s.contentsGravity.rawValue.lowercased()
            let x = g.contains("left") ? b.minX : g.contains("right") ? b.maxX - natural.width : b.midX - natural.width / 2
            let y = g.contains("top") ? b.minY : g.contains("bottom") ? b.maxY - natural.height : b.midY - natural.height / 2
            return CGRect(origin: CGPoint(x: x, y: y), size: natural)
        }
    }

    /// Multiplies `image` (whose pixel (0,0) is device (originX, originY)) by the mask layer's composited
    /// alpha. `placement` maps the owner's bounds space (where the mask layer lives) into the image.
    private func applyMask(_ mask: LayerSnapshot, placement: Transform2D, to image: inout PixelBuffer, originX: Int, originY: Int) {
        var maskCanvas = Canvas(buffer: PixelBuffer(width: image.width, height: image.height), originX: originX, originY: originY)
        draw(mask, parent: Space(placement: placement), into: &maskCanvas, clip: .none, opacity: 1)
        var alpha = CoverageMask(bounds: PixelRect(x: 0, y: 0, width: image.width, height: image.height))
        maskCanvas.buffer.bytes.withUnsafeBufferPointer { pixels in
            alpha.values.withUnsafeMutableBufferPointer { values in
                for i in 0..<values.count { values[i] = pixels[i * 4 + 3] }
            }
        }
        var masked = PixelBuffer(width: image.width, height: image.height)
        masked.composite(image, atX: 0, y: 0, opacity: 1, clip: alpha)
        image = masked
    }

    /// Ascending zPosition, ties in array order.
    private func sortedByZ(_ layers: [LayerSnapshot]) -> [LayerSnapshot] {
        guard layers.contains(where: { $0.state.zPosition != 0 }) else { return layers }
        return layers.enumerated().sorted {
            $0.element.state.zPosition != $1.element.state.zPosition
                ? $0.element.state.zPosition < $1.element.state.zPosition : $0.offset < $1.offset
        }.map(\.element)
    }

    /// The canvas-space box the layer's content covers (its own shape, sublayers and their shadows), without
    /// its own shadow; limited to its shape when it masks. nil when nothing is drawn.
    private func contentExtent(_ layer: LayerSnapshot, placement: Transform2D) -> CGRect? {
        let s = layer.state
        guard !s.isHidden, s.opacity > 0 else { return nil }
        let own = box(s.bounds, placement)
        let drawsOwnShape = (s.backgroundColor?.alpha ?? 0) > 0 || s.gradient != nil || s.contents != nil ||
            (s.borderWidth > 0 && (s.borderColor?.alpha ?? 0) > 0)
        var extent: CGRect? = drawsOwnShape ? own : nil
        if let image = s.contents { extent = extent.map { $0.union(box(contentsRect(image, s), placement)) } }
        let content = contentTransform(s, layer: placement)
        for child in layer.sublayers {
            let childPlacement = layerTransform(child.state, parent: content)
            guard placementIsDrawable(childPlacement, child.state), var childExtent = contentExtent(child, placement: childPlacement) else { continue }
            if hasShadow(child.state) {
                let reach = CGFloat(shadowReach(child.state, placement: childPlacement))
                childExtent = childExtent.insetBy(dx: -reach, dy: -reach)
            }
            extent = extent.map { $0.union(childExtent) } ?? childExtent
        }
        if s.masksToBounds { extent = extent?.intersection(own) }
        if let e = extent, e.isNull || e.isEmpty { return nil }
        return extent
    }

    private func box(_ rect: CGRect, _ t: Transform2D) -> CGRect {
        let points = [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                      CGPoint(x: rect.minX, y: rect.maxY), CGPoint(x: rect.maxX, y: rect.maxY)].map(t.apply)
        let xs = points.map(\.x), ys = points.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }
}

extension PixelBuffer {
    /// Copies `source` over the pixels of `region` (no blending).
    mutating func replace(_ region: PixelRect, with source: PixelBuffer) {
        let rowBytes = region.width * 4, width = self.width
        bytes.withUnsafeMutableBufferPointer { target in
            source.bytes.withUnsafeBufferPointer { rows in
                for y in 0..<region.height {
                    let to = ((region.y + y) * width + region.x) * 4
                    UnsafeMutableRawPointer(target.baseAddress! + to)
                        .copyMemory(from: rows.baseAddress! + y * rowBytes, byteCount: rowBytes)
                }
            }
        }
    }
}

extension Paint {
    /// The paint with its geometry mapped by an affine transform (gradient end points).
    func mapped(by t: Transform2D) -> Paint {
        switch self {
        case .solid: self
        case .axialGradient(let start, let end, let stops): .axialGradient(start: t.apply(start), end: t.apply(end), stops: stops)
        }
    }
}

extension RoundedRect {
    func offsetBy(dx: Int, dy: Int) -> RoundedRect {
        RoundedRect(rect: rect.offsetBy(dx: CGFloat(dx), dy: CGFloat(dy)), radii: radii)
    }
    /// Whether `other` (a rounded rect) covers all of this shape: this shape's rectangle inside the other's
    /// rectangle with the other's corners no rounder where they meet (conservative).
    func contains(_ other: RoundedRect) -> Bool {
        guard rect.minX <= other.rect.minX, rect.minY <= other.rect.minY,
              rect.maxX >= other.rect.maxX, rect.maxY >= other.rect.maxY else { return false }
        let mine = [radii.topLeft, radii.topRight, radii.bottomLeft, radii.bottomRight]
        return mine.allSatisfy { $0 == 0 } || (rect == other.rect &&
            zip(mine, [other.radii.topLeft, other.radii.topRight, other.radii.bottomLeft, other.radii.bottomRight]).allSatisfy { $0 <= $1 })
    }
    /// Whether the rectangle `r` lies inside this shape: both are convex, so it does when its four corners do.
    func safelyContains(_ r: CGRect) -> Bool {
        guard rect.minX <= r.minX, rect.minY <= r.minY, rect.maxX >= r.maxX, rect.maxY >= r.maxY else { return false }
        func inside(_ p: CGPoint, _ radius: Double, _ cx: CGFloat, _ cy: CGFloat) -> Bool {
            let dx = Double(p.x - cx), dy = Double(p.y - cy)
            return dx * dx + dy * dy <= radius * radius + 1e-9
        }
        let (tl, tr, bl, br) = (radii.topLeft, radii.topRight, radii.bottomLeft, radii.bottomRight)
        let checks: [(CGPoint, Double, CGFloat, CGFloat, Bool)] = [
            (CGPoint(x: r.minX, y: r.minY), tl, rect.minX + CGFloat(tl), rect.minY + CGFloat(tl), r.minX < rect.minX + CGFloat(tl) && r.minY < rect.minY + CGFloat(tl)),
            (CGPoint(x: r.maxX, y: r.minY), tr, rect.maxX - CGFloat(tr), rect.minY + CGFloat(tr), r.maxX > rect.maxX - CGFloat(tr) && r.minY < rect.minY + CGFloat(tr)),
            (CGPoint(x: r.minX, y: r.maxY), bl, rect.minX + CGFloat(bl), rect.maxY - CGFloat(bl), r.minX < rect.minX + CGFloat(bl) && r.maxY > rect.maxY - CGFloat(bl)),
            (CGPoint(x: r.maxX, y: r.maxY), br, rect.maxX - CGFloat(br), rect.maxY - CGFloat(br), r.maxX > rect.maxX - CGFloat(br) && r.maxY > rect.maxY - CGFloat(br)),
        ]
        return checks.allSatisfy { point, radius, cx, cy, inCornerBox in !inCornerBox || inside(point, radius, cx, cy) }
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
