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
}
