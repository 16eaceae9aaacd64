import CoreGraphics
import QuartzCore
import Raster

/// Draws a presentation snapshot into pixels, following Core Animation's per-layer order:
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
    var backdrop: Backdrop?
    /// The last frame's tree and background, and its image — which is also the caller's frame until the
    /// caller drops it.
    var previousFrame: (root: LayerSnapshot, background: RGBA8)?
    var previousImage: PixelBuffer?
    /// Frame buffers no longer needed during this render (the previous frame, a replaced backdrop): the
    /// storage of the new ones. A buffer the caller still holds is not overwritten (Raster checks), so
    /// a frame loop that drops each frame after use draws every frame into the same memory.
    var spares: [PixelBuffer] = []
    /// The damaged region's canvas, kept for the next damaged region (only the renderer holds it).
    var regionScratch = PixelBuffer(width: 0, height: 0)
    /// The whole frame, in device pixels (offscreen regions are limited by it, not by the canvas in use).
    var frameBounds = PixelRect(x: 0, y: 0, width: 0, height: 0)
    /// Whether this frame's tree has a backdrop filter (the caches then make room for it).
    var frameHasBackdropFilter = false

    /// Whether fills skip pixels that a later opaque draw overwrites (never changes a byte; tests turn it
    /// off to compare with the general path).
    var skipsOverdraw = true
    /// This render's coverage masks (see `MaskStore`).
    var masks = MaskStore()
    /// Laid-out texts by their text and bounds: a label is drawn every frame.
    var textCache: [TextKey: LaidOutText] = [:]
    /// Glyph coverage masks, made once per glyph, size and subpixel phase (LayerRenderer+Text.swift).
    let glyphs = GlyphState()
    var shapeCache: [ShapeContent: DrawnShape] = [:]
    /// Decoded images by identity: a scene's images are drawn every frame.
    var imageCache: [ObjectIdentifier: (CGImage, PixelBuffer)] = [:]
    /// Nine-part images drawn at a destination size (LayerRenderer+Contents.swift); cleared when it
    /// grows past `ninePartCacheLimit` (a size animating makes a new one each frame).
    var ninePartCache: [NinePartKey: (image: CGImage, pixels: PixelBuffer)] = [:] {
        didSet { if ninePartCache.count > Self.ninePartCacheLimit { ninePartCache.removeAll() } }
    }
    static let ninePartCacheLimit = 32

    /// The largest sizes this renderer has worked with, which the tree validator promises stay inside
    /// `RenderLimits` (tests hold them to it): offscreen pixels alive at once, and shadow reaches and blurs in
    /// device pixels.
    struct Extremes {
        var offscreenPixels = 0
        var shadowReach = 0.0, shadowSigma = 0.0, filterSigma = 0.0
    }
    var extremes = Extremes()
    /// Pixels of the offscreen groups being drawn now.
    var offscreenInUse = 0
    /// Notes a buffer of `pixels` made while the groups being drawn are alive.
    func noteOffscreen(_ pixels: Int) {
        extremes.offscreenPixels = max(extremes.offscreenPixels, offscreenInUse + pixels)
    }

    public init(scale: CGFloat) {
        self.scale = scale
        Self.installContextRasterizer()
    }

    /// Renders `root` onto an opaque canvas of `size` points filled with `background`.
    ///
    /// The returned frame's storage is reused for a later frame once the caller has dropped every copy of
    /// it; a frame the caller keeps never changes.
    public func render(_ root: LayerSnapshot, size: CGSize, background: CGColor = .black) -> PixelBuffer {
        let width = pixelCount(size.width, scale: scale), height = pixelCount(size.height, scale: scale)
        let fill = RGBA8(background)
        let rootPlacement = Space(placement: .scale(Double(scale), Double(scale)))
        frameBounds = PixelRect(x: 0, y: 0, width: width, height: height)
        frameHasBackdropFilter = containsBackdropFilter(root)
        // Spares not used by this frame are released (memory stays bounded).
        masks.beginRender()
        defer { spares.removeAll(); masks.endRender() }
        if let previous = previousFrame, previous.background == fill,
           previousImage?.width == width, previousImage?.height == height {
            var damage = damageRect(previous.root, root, parent: rootPlacement)
            if frameHasBackdropFilter, let d = damage { damage = self.damage(d, grownForFiltersIn: root, parent: rootPlacement) }
            let region = damage.map { PixelRect(enclosing: $0).intersection(frameBounds) }
            if region == nil || region!.isEmpty {
                previousFrame = (root, fill)
                return previousImage!
            }
            if let region, region.width * region.height * 2 < width * height {
                // The region stands for the whole frame: masks, offscreen groups and Raster's choices
                // (`canvasBounds`) are the full render's, so the region's pixels are too.
                var canvas = Canvas(buffer: PixelBuffer(width: region.width, height: region.height, fill: fill, reusing: &regionScratch),
                                    originX: region.x, originY: region.y, frame: frameBounds)
                canvas.buffer.canvasBounds = PixelRect(x: frameBounds.x - region.x, y: frameBounds.y - region.y,
                                                     width: frameBounds.width, height: frameBounds.height)
                draw(root, parent: rootPlacement.then(.translation(Double(-region.x), Double(-region.y))),
                     into: &canvas, clip: .none, opacity: 1)
                // Taken out of `previousImage`, the frame is changed in place when the caller has dropped it
                // (only the region is written); when the caller keeps it, copy-on-write copies it first.
                var image = previousImage.take()!
                image.replace(region, with: canvas.buffer)
                canvas.buffer.canvasBounds = nil
                regionScratch = canvas.buffer
                return remember(image, root: root, background: fill)
            }
        }
        if let image = previousImage.take() { spares.append(image) }
        let image = renderWithBackdrop(root, width: width, height: height, fill: fill, placement: rootPlacement)
        return remember(image, root: root, background: fill)
    }

    func remember(_ image: PixelBuffer, root: LayerSnapshot, background: RGBA8) -> PixelBuffer {
        previousFrame = (root, background)
        previousImage = image
        return image
    }

    /// Storage for a new full-size buffer: a spare (reused when nobody else holds it) or nothing.
    func spare() -> PixelBuffer { spares.popLast() ?? PixelBuffer(width: 0, height: 0) }

    func renderWithBackdrop(_ root: LayerSnapshot, width: Int, height: Int, fill: RGBA8,
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
}
