import CoreGraphics

// Where a layer lands: one projective map per layer, and the rules that go with it (which layers are drawn,
// how far a shadow reaches). The renderer places and sizes every layer with these, and the tree validator
// checks trees with the same ones, so what it accepts is what the renderer computes.

/// A layer's bounds space → the canvas: a projective 3×3 map of the layer's plane,
/// X = a·x + b·y + c, Y = d·x + e·y + f, W = g·x + h·y + i (the point is (X/W, Y/W)). Affine when
/// g = h = 0 and i = 1.
package struct ProjectiveMap: Equatable, Sendable {
    package var a = 1.0, b = 0.0, c = 0.0, d = 0.0, e = 1.0, f = 0.0, g = 0.0, h = 0.0, i = 1.0

    package static let identity = ProjectiveMap()
    package static func translation(_ x: Double, _ y: Double) -> ProjectiveMap { ProjectiveMap(c: x, f: y) }
    package static func scale(_ sx: Double, _ sy: Double) -> ProjectiveMap { ProjectiveMap(a: sx, e: sy) }

    package init(a: Double = 1, b: Double = 0, c: Double = 0, d: Double = 0, e: Double = 1, f: Double = 0,
                 g: Double = 0, h: Double = 0, i: Double = 1) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.e = e; self.f = f; self.g = g; self.h = h; self.i = i
    }

    /// The plane z = 0 of a 3-D transform (row vectors), flattened into the superlayer's plane.
    package init(_ t: CATransform3D) {
        self.init(a: Double(t.m11), b: Double(t.m21), c: Double(t.m41), d: Double(t.m12), e: Double(t.m22),
                  f: Double(t.m42), g: Double(t.m14), h: Double(t.m24), i: Double(t.m44))
    }

    package var isAffine: Bool { g == 0 && h == 0 && i == 1 }

    /// This map, then `next`.
    package func then(_ next: ProjectiveMap) -> ProjectiveMap {
        ProjectiveMap(a: a * next.a + d * next.b + g * next.c, b: b * next.a + e * next.b + h * next.c,
                      c: c * next.a + f * next.b + i * next.c,
                      d: a * next.d + d * next.e + g * next.f, e: b * next.d + e * next.e + h * next.f,
                      f: c * next.d + f * next.e + i * next.f,
                      g: a * next.g + d * next.h + g * next.i, h: b * next.g + e * next.h + h * next.i,
                      i: c * next.g + f * next.h + i * next.i)
    }

    /// W at a point: at or below `eye` the point is at or behind the eye.
    package func w(_ p: CGPoint) -> Double { g * Double(p.x) + h * Double(p.y) + i }
    package func apply(_ p: CGPoint) -> (x: Double, y: Double) {
        let x = Double(p.x), y = Double(p.y)
        let px = a * x + b * y + c, py = d * x + e * y + f
        if isAffine { return (px, py) }
        let w = g * x + h * y + i
        return (px / w, py / w)
    }

    /// √|det J| at a point: how much the map scales lengths there.
    package func localScale(at p: CGPoint) -> Double {
        if isAffine { return abs(a * e - b * d).squareRoot() }
        let step = 0.5, o = apply(p)
        let px = apply(CGPoint(x: Double(p.x) + step, y: Double(p.y))), py = apply(CGPoint(x: Double(p.x), y: Double(p.y) + step))
        return abs(((px.x - o.x) * (py.y - o.y) - (px.y - o.y) * (py.x - o.x)) / (step * step)).squareRoot()
    }

    /// The smallest W a point may have to be drawn: nearer the eye (or behind it) Core Animation draws
    /// nothing sensible, and a layer with such a corner is skipped with its sublayers.
    package static let eye = 1e-6

    /// Whether every corner of `rect` lies in front of the eye (always, for an affine map).
    package func keepsInFront(_ rect: CGRect) -> Bool {
        isAffine || rect.corners.allSatisfy { w($0) > Self.eye }
    }
}

extension CGRect {
    /// The four corners: top-left, top-right, bottom-left, bottom-right.
    package var corners: [CGPoint] {
        [CGPoint(x: minX, y: minY), CGPoint(x: maxX, y: minY), CGPoint(x: minX, y: maxY), CGPoint(x: maxX, y: maxY)]
    }
}

extension LayerState {
    /// The layer's bounds space → the canvas, given where its superlayer's content goes (`parent`) and the
    /// superlayer's sublayerTransform about its anchor (`sublayer`, identity for none): position, anchor
    /// point and bounds origin, then the transform in 3-D, flattened into the superlayer's plane.
    package func placement(in parent: ProjectiveMap, sublayer: CATransform3D) -> ProjectiveMap {
        if CATransform3DIsIdentity(transform) && CATransform3DIsIdentity(sublayer) {
            let origin = CGPoint(x: position.x - anchorPoint.x * bounds.width - bounds.minX,
                                 y: position.y - anchorPoint.y * bounds.height - bounds.minY)
            return ProjectiveMap.translation(Double(origin.x), Double(origin.y)).then(parent)
        }
        return ProjectiveMap(CATransform3DConcat(toSuperlayer, sublayer)).then(parent)
    }

    /// Whether the layer casts a shadow.
    package var hasShadow: Bool { shadowOpacity > 0 && (shadowColor?.alpha ?? 0) > 0 }

    /// How far the shadow's blur reaches past what casts it, in the layer's points (3.5 σ: beyond it the
    /// Gaussian is below half a level of 8 bits).
    package var shadowBlurReach: CGFloat { 3.5 * shadowRadius }

    /// How far the shadow reaches beyond what casts it on the canvas, under `placement`: its blur and its
    /// offset, scaled as the layer is at its centre.
    package func shadowSpread(placement: ProjectiveMap) -> Double {
        let k = placement.localScale(at: CGPoint(x: bounds.midX, y: bounds.midY))
        return (3.5 * Double(shadowRadius) + Double(max(abs(shadowOffset.width), abs(shadowOffset.height)))) * k
    }
}
