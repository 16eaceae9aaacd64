import CoreGraphics
import QuartzCore
import Raster

// Canvases and clips: shapes while they stay shapes, coverage masks otherwise.
extension LayerRenderer {
    /// A buffer whose pixel (0,0) is device pixel (originX, originY). Clips are kept in device pixels.
    struct Canvas {
        var buffer: PixelBuffer
        let originX: Int, originY: Int
        /// Set while an offscreen group is drawn: the canvas it will be composited onto (what a backdrop
        /// filter inside the group sees behind it).
        var below: CanvasBelow? = nil
        /// A damaged region's canvas: the whole frame (the canvas a full render draws into instead).
        var frame: PixelRect? = nil
        var deviceBounds: PixelRect { PixelRect(x: originX, y: originY, width: buffer.width, height: buffer.height) }
        /// The device pixels this canvas stands for in a full render: its own, or the frame for a damaged
        /// region. Clip masks and offscreen groups are limited by these, never by the region, so a region
        /// redraw makes the masks and groups a full render makes and draws the same pixels into them.
        var fullBounds: PixelRect { frame ?? deviceBounds }
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
    func mask(_ clip: Clip, within limit: PixelRect) -> CoverageMask? {
        switch clip {
        case .none: nil
        case .shape(let shape): masks.mask(of: shape, within: limit).mask
        case .mask(let mask, _): mask
        }
    }

    /// Both clips at once (the pointwise product of their masks), made once per render for each pair.
    func intersect(_ a: Clip, _ b: Clip, limit: PixelRect) -> Clip {
        switch (a, b) {
        case (.none, _): return b
        case (_, .none): return a
        default: return masks.intersection(a, b, limit: limit)
        }
    }

    /// The coverage masks of one render, each made once per render; a mask the next render needs again
    /// (a clip that did not move) is handed over as it is, and the memory of masks no render reused is
    /// written by later ones (a 3× full-frame mask is 3 MB: fresh memory would cost ~750 page faults).
    /// Masks are known by their recipe — the shape bit for bit with its limit, or the pair of recipes
    /// intersected — so a mask found by recipe is exactly the one that would be made.
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
        /// How a mask was made; the same recipe gives the same bytes in every render.
        indirect enum Recipe: Hashable {
            case shape(ShapeKey)
            case pair(Recipe, Recipe, PixelRect)
        }

        /// Whether masks are cached and their memory reused (tests turn it off to compare with fresh masks).
        var enabled = true
        private(set) var made: [CoverageMask] = []
        /// The recipe of each of `made`, and the index of each recipe in it.
        private var recipes: [Recipe] = []
        private var index: [Recipe: Int] = [:]
        /// The previous render's masks that this render has not asked for (yet).
        private var previous: [Recipe: CoverageMask] = [:]
        /// Memory of masks that no render reused.
        private var spares: [[UInt8]] = []

        /// Called at the start of a render: last render's masks wait to be reused.
        mutating func beginRender() {
            previous.removeAll(keepingCapacity: true)
            for (k, recipe) in recipes.enumerated() { previous[recipe] = made[k] }
            made.removeAll(keepingCapacity: true)
            recipes.removeAll(keepingCapacity: true)
            index.removeAll(keepingCapacity: true)
        }
        /// Called at the end of a render: the previous render's masks this one did not use become memory for
        /// the next render's (memory stays bounded: two renders' masks at most).
        mutating func endRender() {
            spares = previous.values.map(\.values)
            previous.removeAll()
        }

        private mutating func storage() -> [UInt8] { spares.popLast() ?? [] }

        /// The mask of `recipe`: this render's, else last render's, else `make` in spare memory.
        private mutating func mask(_ recipe: Recipe, make: (inout [UInt8]) -> CoverageMask) -> (mask: CoverageMask, id: Int) {
            if let k = index[recipe] { return (made[k], k) }
            let mask: CoverageMask
            if let kept = previous.removeValue(forKey: recipe) {
                mask = kept
            } else {
                var memory = storage()
                mask = make(&memory)
            }
            made.append(mask)
            recipes.append(recipe)
            index[recipe] = made.count - 1
            return (mask, made.count - 1)
        }

        mutating func mask(of shape: RoundedRect, within limit: PixelRect) -> (mask: CoverageMask, id: Int?) {
            guard enabled else { return (CoverageMask(shape, within: limit), nil) }
            let result = mask(.shape(ShapeKey(shape, limit))) { CoverageMask(shape, within: limit, reusing: &$0) }
            return (result.mask, result.id)
        }

        private mutating func operand(_ clip: Clip, limit: PixelRect) -> (mask: CoverageMask, recipe: Recipe?) {
            switch clip {
            case .none: preconditionFailure("no mask for .none")
            case .shape(let shape):
                let m = mask(of: shape, within: limit)
                return (m.mask, m.id.map { recipes[$0] })
            case .mask(let mask, let id): return (mask, id.map { recipes[$0] })
            }
        }

        mutating func intersection(_ a: Clip, _ b: Clip, limit: PixelRect) -> Clip {
            let x = operand(a, limit: limit), y = operand(b, limit: limit)
            guard enabled, let ra = x.recipe, let rb = y.recipe else { return .mask(x.mask.intersected(with: y.mask), id: nil) }
            let result = mask(.pair(ra, rb, limit)) { x.mask.intersected(with: y.mask, reusing: &$0) }
            return .mask(result.mask, id: result.id)
        }
    }
}
