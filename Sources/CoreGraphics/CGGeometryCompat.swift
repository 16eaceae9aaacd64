import Foundation

// The Swift overlay's comparison helpers that older iOS code still calls (`CGRectEqualToRect` and friends in
// Swift spelling). Foundation on Linux has CGRect's other helpers (contains, intersects, union,
// intersection, insetBy, offsetBy, integral, standardized, isNull, isInfinite, divided, .null, .infinite).

extension CGPoint {
    /// Whether the two points are equal (`==`).
    public func equalTo(_ point2: CGPoint) -> Bool { self == point2 }
}

extension CGSize {
    /// Whether the two sizes are equal (`==`).
    public func equalTo(_ size2: CGSize) -> Bool { self == size2 }
}

extension CGRect {
    /// Whether the two rectangles are equal after standardizing, as Core Graphics' `CGRectEqualToRect`
    /// compares them (a rectangle with a negative width equals its flipped twin).
    public func equalTo(_ rect2: CGRect) -> Bool {
        if isNull || rect2.isNull { return isNull && rect2.isNull }
        return standardized == rect2.standardized
    }
}

/// A transform's parts (iOS 16): applied as scale, then horizontal shear, then rotation, then translation.
public struct CGAffineTransformComponents: Equatable, Sendable {
    public var scale: CGSize
    /// x' = x + horizontalShear · y, applied after the scale.
    public var horizontalShear: CGFloat
    /// Radians, applied after the shear.
    public var rotation: CGFloat
    public var translation: CGVector

    public init() { self.init(scale: CGSize(width: 1, height: 1), horizontalShear: 0, rotation: 0, translation: .zero) }
    public init(scale: CGSize, horizontalShear: CGFloat, rotation: CGFloat, translation: CGVector) {
        self.scale = scale; self.horizontalShear = horizontalShear; self.rotation = rotation; self.translation = translation
    }
}

extension CGAffineTransform {
    /// The transform made from its parts: scale · shear · rotation, then the translation.
    public init(_ components: CGAffineTransformComponents) {
        let scale = CGAffineTransform(scaleX: components.scale.width, y: components.scale.height)
        let shear = CGAffineTransform(a: 1, b: 0, c: components.horizontalShear, d: 1, tx: 0, ty: 0)
        var result = scale.concatenating(shear).concatenating(CGAffineTransform(rotationAngle: components.rotation))
        result.tx = components.translation.dx
        result.ty = components.translation.dy
        self = result
    }

    /// The parts `init(_:)` rebuilds this transform from: the x scale is never negative, so a reflection
    /// shows as a negative y scale.
    public func decomposed() -> CGAffineTransformComponents {
        let sx = (a * a + b * b).squareRoot()
        let angle = sx == 0 ? 0 : atan2(b, a)
        let (cosine, sine) = (cos(angle), sin(angle))
        let sy = d * cosine - c * sine
        let shear = sy == 0 ? 0 : (c * cosine + d * sine) / sy
        return CGAffineTransformComponents(scale: CGSize(width: sx, height: sy), horizontalShear: shear,
                                           rotation: angle, translation: CGVector(dx: tx, dy: ty))
    }
}
