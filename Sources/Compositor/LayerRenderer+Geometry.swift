import CoreGraphics
import QuartzCore
import Raster

// Geometry: from a layer's bounds space to canvas pixels.
extension LayerRenderer {
    func transform2D(_ t: CATransform3D) -> Transform2D {
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
    func layerTransform(_ s: LayerState, parent: Space) -> Transform2D {
        if CATransform3DIsIdentity(s.transform) && CATransform3DIsIdentity(parent.sublayer) {
            let origin = CGPoint(x: s.position.x - s.anchorPoint.x * s.bounds.width - s.bounds.minX,
                                 y: s.position.y - s.anchorPoint.y * s.bounds.height - s.bounds.minY)
            return Transform2D.translation(Double(origin.x), Double(origin.y)).then(parent.placement)
        }
        return transform2D(CATransform3DConcat(s.toSuperlayer, parent.sublayer)).then(parent.placement)
    }

    /// The space the layer's sublayers are placed in.
    func contentTransform(_ s: LayerState, layer: Transform2D) -> Space {
        Space(placement: layer, sublayer: s.sublayerTransformAboutAnchor)
    }

    func hasShadow(_ s: LayerState) -> Bool { s.shadowOpacity > 0 && (s.shadowColor?.alpha ?? 0) > 0 }

    /// How far a shadow reaches beyond what casts it, in device pixels.
    func shadowReach(_ s: LayerState, placement: Transform2D) -> Double {
        let k = localScale(placement, at: CGPoint(x: s.bounds.midX, y: s.bounds.midY))
        return (3.5 * Double(s.shadowRadius) + Double(max(abs(s.shadowOffset.width), abs(s.shadowOffset.height)))) * k + 1
    }

    /// √|det J| of the map at a point: how much it scales lengths there.
    func localScale(_ t: Transform2D, at p: CGPoint) -> Double {
        if t.isAffine { return abs(t.a * t.e - t.b * t.d).squareRoot() }
        let h = 0.5, x = Double(p.x), y = Double(p.y)
        let o = t.apply(p), px = t.apply(CGPoint(x: x + h, y: y)), py = t.apply(CGPoint(x: x, y: y + h))
        let det = (Double(px.x - o.x) * Double(py.y - o.y) - Double(px.y - o.y) * Double(py.x - o.x)) / (h * h)
        return abs(det).squareRoot()
    }

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
