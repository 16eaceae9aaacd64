import CoreGraphics
import QuartzCore
import Raster

// The backdrop: the canvas after the leading layers that did not change, reused between frames.
extension LayerRenderer {
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
    func backdropChain(_ root: LayerSnapshot) -> Chain {
        guard let previous = previousFrame?.root else { return Chain(levels: []) }
        var levels: [Chain.Level] = []
        var current = root, before = previous
        while isPlainContainer(current), current.state == before.state, current.mask == before.mask,
              !current.sublayers.contains(where: { $0.state.zPosition != 0 }) {
            let unchanged = zip(current.sublayers, before.sublayers).prefix { $0 == $1 }.count
            levels.append(Chain.Level(layer: current, split: unchanged))
            guard unchanged < current.sublayers.count, unchanged < before.sublayers.count else { break }
            current = current.sublayers[unchanged]
            before = before.sublayers[unchanged]
        }
        return Chain(levels: levels)
    }

    /// A layer the backdrop may be cut inside: it draws its background, then its children, nothing after and
    /// nothing over them. A mask would shape everything it draws, so a masked layer never is one (its
    /// children would be drawn unmasked, and a mask that changes alone would not even be noticed).
    func isPlainContainer(_ layer: LayerSnapshot) -> Bool {
        let s = layer.state
        return layer.mask == nil && !s.isHidden && s.isDoubleSided && s.opacity == 1 && !s.masksToBounds && !hasShadow(s) && s.activeBackdropFilter == nil && s.contents == nil && s.gradient == nil && s.text == nil && s.shape == nil &&
            s.borderWidth == 0 &&
            CATransform3DIsIdentity(s.transform) && CATransform3DIsIdentity(s.sublayerTransform) && s.zPosition == 0
    }

    /// Draws each level's own background and its backdrop children.
    func drawPrefix(of chain: Chain, placement: Space, into canvas: inout Canvas) {
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
    /// is copied (one pass over the frame instead of two), and the pixels its later opaque siblings
    /// overwrite are not copied at all.
    func drawRemainder(of chain: Chain, placement: Space, over image: PixelBuffer) -> PixelBuffer {
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
            // The opaque siblings' interiors are overwritten later: their pixels need no copy.
            canvas.buffer = image.copy(filling: solid.pieces.map { RoundedRect(rect: $0) }, with: .solid(solid.color),
                                       opacity: solid.opacity, overwritten: solid.holes, reusing: &storage)
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
}
