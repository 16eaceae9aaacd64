import CoreGraphics

/// A 4×4 homogeneous transform with Core Animation's layout: row vectors, a point maps as
/// `[x y z 1] · M`, so translation lives in m41…m43 and perspective in m34 (= −1/d).
public struct CATransform3D: Equatable, Hashable, Sendable {
    public var m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat
    public var m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat
    public var m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat
    public var m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat

    public init(m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat,
                m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
                m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat,
                m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }
    public init() { self = CATransform3DIdentity }

    /// The 16 entries, row by row.
    public var entries: [CGFloat] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }
    public init(entries e: [CGFloat]) {
        checkUsage(e.count == 16, "CATransform3D(entries:) takes 16 values")
        self.init(m11: e[0], m12: e[1], m13: e[2], m14: e[3], m21: e[4], m22: e[5], m23: e[6], m24: e[7],
                  m31: e[8], m32: e[9], m33: e[10], m34: e[11], m41: e[12], m42: e[13], m43: e[14], m44: e[15])
    }

    /// `a` then `b` (Core Animation's CATransform3DConcat(a, b) = a · b).
    static func multiply(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
        let x = a.entries, y = b.entries
        var r = [CGFloat](repeating: 0, count: 16)
        for i in 0..<4 { for j in 0..<4 { for k in 0..<4 { r[i * 4 + j] += x[i * 4 + k] * y[k * 4 + j] } } }
        return CATransform3D(entries: r)
    }

    /// Maps a point in the plane z = 0, with the perspective divide.
    public func apply(to point: CGPoint) -> CGPoint {
        let x = point.x * m11 + point.y * m21 + m41
        let y = point.x * m12 + point.y * m22 + m42
        let w = point.x * m14 + point.y * m24 + m44
        return w == 0 ? CGPoint(x: CGFloat.infinity, y: .infinity) : CGPoint(x: x / w, y: y / w)
    }
}

public let CATransform3DIdentity = CATransform3D(m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
                                                 m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)

public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool { t == CATransform3DIdentity }
public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool { a == b }
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    var t = CATransform3DIdentity; t.m41 = tx; t.m42 = ty; t.m43 = tz; return t
}
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    var t = CATransform3DIdentity; t.m11 = sx; t.m22 = sy; t.m33 = sz; return t
}
/// Rotation by `angle` radians about the axis (x, y, z); a zero axis gives the identity.
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    let length = (x * x + y * y + z * z).squareRoot()
    guard length > 0 else { return CATransform3DIdentity }
    let (u, v, w) = (x / length, y / length, z / length)
    let c = cos(angle), s = sin(angle), t = 1 - c
    return CATransform3D(m11: t * u * u + c, m12: t * u * v + s * w, m13: t * u * w - s * v, m14: 0,
                         m21: t * u * v - s * w, m22: t * v * v + c, m23: t * v * w + s * u, m24: 0,
                         m31: t * u * w + s * v, m32: t * v * w - s * u, m33: t * w * w + c, m34: 0,
                         m41: 0, m42: 0, m43: 0, m44: 1)
}
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D { .multiply(a, b) }
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    .multiply(CATransform3DMakeTranslation(tx, ty, tz), t)
}
public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    .multiply(CATransform3DMakeScale(sx, sy, sz), t)
}
public func CATransform3DRotate(_ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    .multiply(CATransform3DMakeRotation(angle, x, y, z), t)
}
/// The inverse, or the argument unchanged when it is not invertible (as Core Animation does).
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D {
    let m = t.entries.map(Double.init)
    var inv = [Double](repeating: 0, count: 16)
    inv[0] = m[5]*m[10]*m[15] - m[5]*m[11]*m[14] - m[9]*m[6]*m[15] + m[9]*m[7]*m[14] + m[13]*m[6]*m[11] - m[13]*m[7]*m[10]
    inv[4] = -m[4]*m[10]*m[15] + m[4]*m[11]*m[14] + m[8]*m[6]*m[15] - m[8]*m[7]*m[14] - m[12]*m[6]*m[11] + m[12]*m[7]*m[10]
    inv[8] = m[4]*m[9]*m[15] - m[4]*m[11]*m[13] - m[8]*m[5]*m[15] + m[8]*m[7]*m[13] + m[12]*m[5]*m[11] - m[12]*m[7]*m[9]
    inv[12] = -m[4]*m[9]*m[14] + m[4]*m[10]*m[13] + m[8]*m[5]*m[14] - m[8]*m[6]*m[13] - m[12]*m[5]*m[10] + m[12]*m[6]*m[9]
    inv[1] = -m[1]*m[10]*m[15] + m[1]*m[11]*m[14] + m[9]*m[2]*m[15] - m[9]*m[3]*m[14] - m[13]*m[2]*m[11] + m[13]*m[3]*m[10]
    inv[5] = m[0]*m[10]*m[15] - m[0]*m[11]*m[14] - m[8]*m[2]*m[15] + m[8]*m[3]*m[14] + m[12]*m[2]*m[11] - m[12]*m[3]*m[10]
    inv[9] = -m[0]*m[9]*m[15] + m[0]*m[11]*m[13] + m[8]*m[1]*m[15] - m[8]*m[3]*m[13] - m[12]*m[1]*m[11] + m[12]*m[3]*m[9]
    inv[13] = m[0]*m[9]*m[14] - m[0]*m[10]*m[13] - m[8]*m[1]*m[14] + m[8]*m[2]*m[13] + m[12]*m[1]*m[10] - m[12]*m[2]*m[9]
    inv[2] = m[1]*m[6]*m[15] - m[1]*m[7]*m[14] - m[5]*m[2]*m[15] + m[5]*m[3]*m[14] + m[13]*m[2]*m[7] - m[13]*m[3]*m[6]
    inv[6] = -m[0]*m[6]*m[15] + m[0]*m[7]*m[14] + m[4]*m[2]*m[15] - m[4]*m[3]*m[14] - m[12]*m[2]*m[7] + m[12]*m[3]*m[6]
    inv[10] = m[0]*m[5]*m[15] - m[0]*m[7]*m[13] - m[4]*m[1]*m[15] + m[4]*m[3]*m[13] + m[12]*m[1]*m[7] - m[12]*m[3]*m[5]
    inv[14] = -m[0]*m[5]*m[14] + m[0]*m[6]*m[13] + m[4]*m[1]*m[14] - m[4]*m[2]*m[13] - m[12]*m[1]*m[6] + m[12]*m[2]*m[5]
    inv[3] = -m[1]*m[6]*m[11] + m[1]*m[7]*m[10] + m[5]*m[2]*m[11] - m[5]*m[3]*m[10] - m[9]*m[2]*m[7] + m[9]*m[3]*m[6]
    inv[7] = m[0]*m[6]*m[11] - m[0]*m[7]*m[10] - m[4]*m[2]*m[11] + m[4]*m[3]*m[10] + m[8]*m[2]*m[7] - m[8]*m[3]*m[6]
    inv[11] = -m[0]*m[5]*m[11] + m[0]*m[7]*m[9] + m[4]*m[1]*m[11] - m[4]*m[3]*m[9] - m[8]*m[1]*m[7] + m[8]*m[3]*m[5]
    inv[15] = m[0]*m[5]*m[10] - m[0]*m[6]*m[9] - m[4]*m[1]*m[10] + m[4]*m[2]*m[9] + m[8]*m[1]*m[6] - m[8]*m[2]*m[5]
    let det = m[0] * inv[0] + m[1] * inv[4] + m[2] * inv[8] + m[3] * inv[12]
    guard det != 0, det.isFinite else { return t }
    return CATransform3D(entries: inv.map { CGFloat($0 / det) })
}
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool {
    t.m13 == 0 && t.m14 == 0 && t.m23 == 0 && t.m24 == 0 && t.m31 == 0 && t.m32 == 0 && t.m33 == 1 &&
        t.m34 == 0 && t.m43 == 0 && t.m44 == 1
}
public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D {
    CATransform3D(m11: m.a, m12: m.b, m13: 0, m14: 0, m21: m.c, m22: m.d, m23: 0, m24: 0,
                  m31: 0, m32: 0, m33: 1, m34: 0, m41: m.tx, m42: m.ty, m43: 0, m44: 1)
}
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform {
    CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
}

extension CATransform3D: Interpolatable {
    /// Interpolates as Core Animation does: by decomposition, not by matrix entries, so a rotation stays
    /// rigid on the way (a rotation from 0 to π/2 does not shrink through the diagonal). Two affine (2-D)
    /// transforms interpolate translation, scale, shear and the rotation angle (the shorter way round);
    /// anything 3-D interpolates translation, scale, shear and perspective linearly and the rotation as a
    /// quaternion (slerp). A matrix that cannot be decomposed (singular) falls back to entries.
    public static func interpolate(_ a: CATransform3D, _ b: CATransform3D, _ p: Double) -> CATransform3D {
        if p == 0 { return a }
        if p == 1 { return b }
        if CATransform3DIsAffine(a) && CATransform3DIsAffine(b),
           let da = Decomposed2D(a), let db = Decomposed2D(b) {
            return Decomposed2D.interpolate(da, db, p).matrix
        }
        if let da = Decomposed3D(a), let db = Decomposed3D(b) {
            return Decomposed3D.interpolate(da, db, p).matrix
        }
        return CATransform3D(entries: zip(a.entries, b.entries).map { $0 + ($1 - $0) * CGFloat(p) })
    }
    /// Additive transforms compose: `sum(base, delta)` applies `delta` in the layer's space, then `base`
    /// (CATransform3DConcat(delta, base)); `difference(a, b)` is the delta that takes `b` to `a`, so
    /// sum(b, difference(a, b)) = a. The identity is the additive zero.
    public static func sum(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D { CATransform3DConcat(b, a) }
    public static func difference(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
        CATransform3DConcat(a, CATransform3DInvert(b))
    }
}

/// An affine transform as translation · rotation · shear · scale, in Core Animation's row-vector layout:
/// the x axis maps to sx·(cos θ, sin θ), the y axis to shear·(cos θ, sin θ) + sy·(−sin θ, cos θ).
/// A reflection is carried by a negative scale (x when a < d, else y), so a flip interpolates as a squeeze.
package struct Decomposed2D: Equatable {
    package var tx: Double, ty: Double, angle: Double, sx: Double, sy: Double, shear: Double

    package init?(_ m: CATransform3D) {
        let a = Double(m.m11), b = Double(m.m12), c = Double(m.m21), d = Double(m.m22)
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return nil }
        var sx = (a * a + b * b).squareRoot()
        if det < 0 && a < d { sx = -sx }
        let ux = a / sx, uy = b / sx
        angle = atan2(uy, ux)
        let vx = -uy, vy = ux
        shear = c * ux + d * uy
        sy = c * vx + d * vy
        self.sx = sx
        tx = Double(m.m41); ty = Double(m.m42)
    }

    package init(tx: Double, ty: Double, angle: Double, sx: Double, sy: Double, shear: Double) {
        self.tx = tx; self.ty = ty; self.angle = angle; self.sx = sx; self.sy = sy; self.shear = shear
    }

    package var matrix: CATransform3D {
        let cs = cos(angle), sn = sin(angle)
        var m = CATransform3DIdentity
        m.m11 = CGFloat(sx * cs); m.m12 = CGFloat(sx * sn)
        m.m21 = CGFloat(shear * cs - sy * sn); m.m22 = CGFloat(shear * sn + sy * cs)
        m.m41 = CGFloat(tx); m.m42 = CGFloat(ty)
        return m
    }

    package static func interpolate(_ a: Decomposed2D, _ b: Decomposed2D, _ p: Double) -> Decomposed2D {
        var from = a.angle
        // The shorter way round: a matrix cannot tell θ from θ ± 2π.
        if b.angle - from > .pi { from += 2 * .pi } else if from - b.angle > .pi { from -= 2 * .pi }
        func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * p }
        return Decomposed2D(tx: mix(a.tx, b.tx), ty: mix(a.ty, b.ty), angle: mix(from, b.angle),
                            sx: mix(a.sx, b.sx), sy: mix(a.sy, b.sy), shear: mix(a.shear, b.shear))
    }
}

/// A 3-D transform as (linear part L, translation t) followed by a perspective part (p, w), in Core
/// Animation's row-vector layout: M = [[L, 0], [t, 1]] · [[I, p], [0, w]]. L = D · N · U with D the scales,
/// N a unit lower-triangular shear and U a rotation (kept as a unit quaternion).
package struct Decomposed3D {
    var translation: [Double]
    var scale: [Double]
    var shear: [Double]        // xy, xz, yz
    var quaternion: [Double]   // x, y, z, w
    var perspective: [Double]  // p (3) and w

    init(translation: [Double], scale: [Double], shear: [Double], quaternion: [Double], perspective: [Double]) {
        self.translation = translation; self.scale = scale; self.shear = shear
        self.quaternion = quaternion; self.perspective = perspective
    }

    package init?(_ matrix: CATransform3D) {
        let e = matrix.entries.map(Double.init)
        guard e.allSatisfy(\.isFinite) else { return nil }
        var rows = [[e[0], e[1], e[2]], [e[4], e[5], e[6]], [e[8], e[9], e[10]]]
        let det = Self.determinant(rows)
        guard det != 0 else { return nil }
        translation = [e[12], e[13], e[14]]
        // Perspective: the last column's top is L · p, its corner t · p + w.
        let column = [e[3], e[7], e[11]]
        let p = Self.solve(rows, column)
        perspective = p + [e[15] - (translation[0] * p[0] + translation[1] * p[1] + translation[2] * p[2])]
        // Gram–Schmidt on the rows.
        func dot(_ a: [Double], _ b: [Double]) -> Double { a[0] * b[0] + a[1] * b[1] + a[2] * b[2] }
        func length(_ a: [Double]) -> Double { dot(a, a).squareRoot() }
        func combine(_ a: [Double], _ b: [Double], _ k: Double) -> [Double] { [a[0] - k * b[0], a[1] - k * b[1], a[2] - k * b[2]] }
        var sx = length(rows[0])
        let u0 = rows[0].map { $0 / sx }
        var kxy = dot(u0, rows[1])
        rows[1] = combine(rows[1], u0, kxy)
        var sy = length(rows[1])
        let u1 = rows[1].map { $0 / sy }
        kxy /= sy
        var kxz = dot(u0, rows[2])
        rows[2] = combine(rows[2], u0, kxz)
        var kyz = dot(u1, rows[2])
        rows[2] = combine(rows[2], u1, kyz)
        var sz = length(rows[2])
        var u2 = rows[2].map { $0 / sz }
        kxz /= sz; kyz /= sz
        var us = [u0, u1, u2]
        if Self.determinant(us) < 0 {
            sx = -sx; sy = -sy; sz = -sz
            us = us.map { $0.map { -$0 } }
            u2 = us[2]
        }
        scale = [sx, sy, sz]
        shear = [kxy, kxz, kyz]
        quaternion = Self.quaternion(fromRows: us)
    }

    package var matrix: CATransform3D {
        let u = Self.rows(fromQuaternion: quaternion)
        let (sx, sy, sz) = (scale[0], scale[1], scale[2])
        let (kxy, kxz, kyz) = (shear[0], shear[1], shear[2])
        var l = [[Double]](repeating: [0, 0, 0], count: 3)
        for j in 0..<3 {
            l[0][j] = sx * u[0][j]
            l[1][j] = sy * (kxy * u[0][j] + u[1][j])
            l[2][j] = sz * (kxz * u[0][j] + kyz * u[1][j] + u[2][j])
        }
        let p = Array(perspective[0..<3]), w = perspective[3]
        let t = translation
        func row(_ r: [Double]) -> Double { r[0] * p[0] + r[1] * p[1] + r[2] * p[2] }
        let entries: [Double] = [
            l[0][0], l[0][1], l[0][2], row(l[0]),
            l[1][0], l[1][1], l[1][2], row(l[1]),
            l[2][0], l[2][1], l[2][2], row(l[2]),
            t[0], t[1], t[2], row(t) + w,
        ]
        return CATransform3D(entries: entries.map { CGFloat($0) })
    }

    package static func interpolate(_ a: Decomposed3D, _ b: Decomposed3D, _ p: Double) -> Decomposed3D {
        func mix(_ x: [Double], _ y: [Double]) -> [Double] { zip(x, y).map { $0 + ($1 - $0) * p } }
        return Decomposed3D(translation: mix(a.translation, b.translation), scale: mix(a.scale, b.scale),
                            shear: mix(a.shear, b.shear), quaternion: slerp(a.quaternion, b.quaternion, p),
                            perspective: mix(a.perspective, b.perspective))
    }

    static func slerp(_ a: [Double], _ b: [Double], _ p: Double) -> [Double] {
        var b = b
        var cosine = zip(a, b).map(*).reduce(0, +)
        if cosine < 0 { b = b.map { -$0 }; cosine = -cosine }   // the shorter arc
        if cosine > 1 - 1e-12 {
            let q = zip(a, b).map { $0 + ($1 - $0) * p }
            let n = q.map { $0 * $0 }.reduce(0, +).squareRoot()
            return q.map { $0 / n }
        }
        let theta = acos(min(cosine, 1)), s = sin(theta)
        let wa = sin((1 - p) * theta) / s, wb = sin(p * theta) / s
        return zip(a, b).map { wa * $0 + wb * $1 }
    }

    static func determinant(_ m: [[Double]]) -> Double {
        m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
    }

    /// p with L · p = c (Cramer's rule; L is invertible here).
    static func solve(_ l: [[Double]], _ c: [Double]) -> [Double] {
        let det = determinant(l)
        return (0..<3).map { k in
            var m = l
            for i in 0..<3 { m[i][k] = c[i] }
            return determinant(m) / det
        }
    }

    /// The unit quaternion of the rotation whose rows (images of the axes, row-vector layout) are `u`.
    static func quaternion(fromRows u: [[Double]]) -> [Double] {
        // Column-vector rotation R = uᵀ: R[i][j] = u[j][i].
        let r = { (i: Int, j: Int) in u[j][i] }
        let trace = r(0, 0) + r(1, 1) + r(2, 2)
        var q: [Double]
        if trace > 0 {
            let s = (trace + 1).squareRoot() * 2
            q = [(r(2, 1) - r(1, 2)) / s, (r(0, 2) - r(2, 0)) / s, (r(1, 0) - r(0, 1)) / s, s / 4]
        } else if r(0, 0) > r(1, 1) && r(0, 0) > r(2, 2) {
            let s = (1 + r(0, 0) - r(1, 1) - r(2, 2)).squareRoot() * 2
            q = [s / 4, (r(0, 1) + r(1, 0)) / s, (r(0, 2) + r(2, 0)) / s, (r(2, 1) - r(1, 2)) / s]
        } else if r(1, 1) > r(2, 2) {
            let s = (1 + r(1, 1) - r(0, 0) - r(2, 2)).squareRoot() * 2
            q = [(r(0, 1) + r(1, 0)) / s, s / 4, (r(1, 2) + r(2, 1)) / s, (r(0, 2) - r(2, 0)) / s]
        } else {
            let s = (1 + r(2, 2) - r(0, 0) - r(1, 1)).squareRoot() * 2
            q = [(r(0, 2) + r(2, 0)) / s, (r(1, 2) + r(2, 1)) / s, s / 4, (r(1, 0) - r(0, 1)) / s]
        }
        let n = q.map { $0 * $0 }.reduce(0, +).squareRoot()
        return q.map { $0 / n }
    }

    static func rows(fromQuaternion q: [Double]) -> [[Double]] {
        let (x, y, z, w) = (q[0], q[1], q[2], q[3])
        // Column-vector rotation matrix R; rows of the row-vector form are its columns.
        let r = [[1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
                 [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
                 [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)]]
        return (0..<3).map { i in (0..<3).map { j in r[j][i] } }
    }
}

/// The components Core Animation's key-value coding reads from a transform (`transform.scale.x`,
/// `transform.rotation.z`, …): row lengths for the scales, Euler angles (x, y, z) of the rotation part
/// (the rows divided by their lengths), and the transform rebuilt from them for key-value writes.
struct TransformDecomposition {
    var scale: [CGFloat]
    var rotation: [CGFloat]

    init(_ t: CATransform3D) {
        func length(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat) -> CGFloat { (a * a + b * b + c * c).squareRoot() }
        scale = [length(t.m11, t.m12, t.m13), length(t.m21, t.m22, t.m23), length(t.m31, t.m32, t.m33)]
        // A row of length 0 has no direction; dividing by 1 keeps the angle atan2 gives for zeros.
        let s = scale.map { $0 == 0 ? 1 : $0 }
        let (m11, m12, m13) = (t.m11 / s[0], t.m12 / s[0], t.m13 / s[0])
        let (m23, m33) = (t.m23 / s[1], t.m33 / s[2])
        rotation = [atan2(m23, m33), atan2(-m13, (m11 * m11 + m12 * m12).squareRoot()), atan2(m12, m11)]
    }

    /// `t` with its upper-left 3×3 rebuilt from these scales and angles (Rx · Ry · Rz in row-vector
    /// order, each row scaled): translation and perspective stay; shear is dropped.
    func replacingUpperLeft(of t: CATransform3D) -> CATransform3D {
        let r = CATransform3DConcat(CATransform3DConcat(CATransform3DMakeRotation(rotation[0], 1, 0, 0),
                                                        CATransform3DMakeRotation(rotation[1], 0, 1, 0)),
                                    CATransform3DMakeRotation(rotation[2], 0, 0, 1))
        var m = t
        m.m11 = r.m11 * scale[0]; m.m12 = r.m12 * scale[0]; m.m13 = r.m13 * scale[0]
        m.m21 = r.m21 * scale[1]; m.m22 = r.m22 * scale[1]; m.m23 = r.m23 * scale[1]
        m.m31 = r.m31 * scale[2]; m.m32 = r.m32 * scale[2]; m.m33 = r.m33 * scale[2]
        return m
    }
}
