import CoreGraphics
import QuartzCore
import Raster

// Geometry: from a layer's bounds space to canvas pixels. The placement, the behind-the-eye rule and the
// shadow's reach are QuartzCore's (`LayerGeometry.swift`), shared with the tree validator; here they are
// put in Raster's terms.
extension Transform2D {
    init(_ m: ProjectiveMap) { self.init(a: m.a, b: m.b, c: m.c, d: m.d, e: m.e, f: m.f, g: m.g, h: m.h, i: m.i) }
    var projective: ProjectiveMap { ProjectiveMap(a: a, b: b, c: c, d: d, e: e, f: f, g: g, h: h, i: i) }
}

extension LayerRenderer {
    /// Points of the layer's plane (z = 0), flattened into the superlayer's plane.
    func transform2D(_ t: CATransform3D) -> Transform2D { Transform2D(ProjectiveMap(t)) }

    /// Where sublayers go: the superlayer's bounds space → canvas (2-D), and the superlayer's
    /// sublayerTransform (about its anchor), which applies in 3-D before the sublayer is flattened into
    /// the superlayer's plane — that is where perspective (m34) comes from.
    struct Space {
        var placement: Transform2D
        var sublayer: CATransform3D = CATransform3DIdentity
        func then(_ t: Transform2D) -> Space { Space(placement: placement.then(t), sublayer: sublayer) }
    }

    /// The layer's bounds space → canvas pixels.
    func layerTransform(_ s: LayerState, parent: Space) -> Transform2D {
        Transform2D(s.placement(in: parent.placement.projective, sublayer: parent.sublayer))
    }

    /// The space the layer's sublayers are placed in.
    func contentTransform(_ s: LayerState, layer: Transform2D) -> Space {
        Space(placement: layer, sublayer: s.sublayerTransformAboutAnchor)
    }

    func hasShadow(_ s: LayerState) -> Bool { s.hasShadow }

    /// How far a shadow reaches beyond what casts it, in device pixels (one more for the blur's last
    /// partly covered pixel).
    func shadowReach(_ s: LayerState, placement: Transform2D) -> Double {
        s.shadowSpread(placement: placement.projective) + 1
    }

    /// √|det J| of the map at a point: how much it scales lengths there.
    func localScale(_ t: Transform2D, at p: CGPoint) -> Double { t.projective.localScale(at: p) }

    /// The bounds as a device rectangle, when the map is axis-aligned.
    func deviceRect(_ bounds: CGRect, _ t: Transform2D) -> CGRect {
        let p = t.apply(CGPoint(x: bounds.minX, y: bounds.minY)), q = t.apply(CGPoint(x: bounds.maxX, y: bounds.maxY))
        return CGRect(x: min(p.x, q.x), y: min(p.y, q.y), width: abs(q.x - p.x), height: abs(q.y - p.y))
    }

    /// Per-corner radii in the layer's space, honouring maskedCorners (in UIKit's flipped space MinXMinY is
    /// the top-left corner).
    func radii(_ s: LayerState, factor: Double) -> CornerRadii {
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

    func shape(_ s: LayerState, placement: Transform2D) -> Shape {
        let uniform = abs(abs(placement.a) - abs(placement.e)) < 1e-9
        if placement.isAxisAligned && (s.cornerRadius == 0 || (uniform && s.cornerCurve == .circular)) {
            return .rect(RoundedRect(rect: deviceRect(s.bounds, placement), radii: radii(s, factor: abs(placement.a))))
        }
        let curve: CornerCurve = s.cornerCurve == .continuous ? .continuous : .circular
        return .path(Path(roundedRect: s.bounds, radii: radii(s, factor: 1), curve: curve).applying(placement))
    }
}
