import CoreGraphics

/// A value Core Animation can interpolate. Additive animations also need `+` and `−`. The key table's
/// closures capture the type (`Value.self`), so its metatype must be sendable (`SendableMetatype`).
public protocol Interpolatable: SendableMetatype {
    static func interpolate(_ from: Self, _ to: Self, _ progress: Double) -> Self
    /// `a + b` and `a − b`, for additive animations; components beyond any clamp are allowed.
    static func sum(_ a: Self, _ b: Self) -> Self
    static func difference(_ a: Self, _ b: Self) -> Self
}

/// A value in a vector space: it scales and has a length, so cubic keyframes can blend several values and
/// paced keyframes can measure the distance between them.
public protocol VectorInterpolatable: Interpolatable {
    static func scaled(_ value: Self, _ factor: Double) -> Self
    static func length(_ value: Self) -> Double
}

extension CGFloat: VectorInterpolatable {
    public static func scaled(_ v: CGFloat, _ k: Double) -> CGFloat { v * CGFloat(k) }
    public static func length(_ v: CGFloat) -> Double { Double(Swift.abs(v)) }
}
extension Float: VectorInterpolatable {
    public static func scaled(_ v: Float, _ k: Double) -> Float { Float(Double(v) * k) }
    public static func length(_ v: Float) -> Double { Double(Swift.abs(v)) }
}
extension CGPoint: VectorInterpolatable {
    public static func scaled(_ v: CGPoint, _ k: Double) -> CGPoint { CGPoint(x: v.x * CGFloat(k), y: v.y * CGFloat(k)) }
    public static func length(_ v: CGPoint) -> Double { Double((v.x * v.x + v.y * v.y).squareRoot()) }
}
extension CGSize: VectorInterpolatable {
    public static func scaled(_ v: CGSize, _ k: Double) -> CGSize { CGSize(width: v.width * CGFloat(k), height: v.height * CGFloat(k)) }
    public static func length(_ v: CGSize) -> Double { Double((v.width * v.width + v.height * v.height).squareRoot()) }
}
extension CGRect: VectorInterpolatable {
    public static func scaled(_ v: CGRect, _ k: Double) -> CGRect {
        CGRect(origin: .scaled(v.origin, k), size: .scaled(v.size, k))
    }
    public static func length(_ v: CGRect) -> Double {
        Double((v.minX * v.minX + v.minY * v.minY + v.width * v.width + v.height * v.height).squareRoot())
    }
}

extension CGFloat: Interpolatable {
    public static func interpolate(_ a: CGFloat, _ b: CGFloat, _ p: Double) -> CGFloat { a + (b - a) * CGFloat(p) }
    public static func sum(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a + b }
    public static func difference(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a - b }
}

extension Float: Interpolatable {
    public static func interpolate(_ a: Float, _ b: Float, _ p: Double) -> Float { Float(Double(a) + Double(b - a) * p) }
    public static func sum(_ a: Float, _ b: Float) -> Float { a + b }
    public static func difference(_ a: Float, _ b: Float) -> Float { a - b }
}

extension CGPoint: Interpolatable {
    public static func interpolate(_ a: CGPoint, _ b: CGPoint, _ p: Double) -> CGPoint {
        CGPoint(x: .interpolate(a.x, b.x, p), y: .interpolate(a.y, b.y, p))
    }
    public static func sum(_ a: CGPoint, _ b: CGPoint) -> CGPoint { CGPoint(x: a.x + b.x, y: a.y + b.y) }
    public static func difference(_ a: CGPoint, _ b: CGPoint) -> CGPoint { CGPoint(x: a.x - b.x, y: a.y - b.y) }
}

extension CGSize: Interpolatable {
    public static func interpolate(_ a: CGSize, _ b: CGSize, _ p: Double) -> CGSize {
        CGSize(width: .interpolate(a.width, b.width, p), height: .interpolate(a.height, b.height, p))
    }
    public static func sum(_ a: CGSize, _ b: CGSize) -> CGSize { CGSize(width: a.width + b.width, height: a.height + b.height) }
    public static func difference(_ a: CGSize, _ b: CGSize) -> CGSize { CGSize(width: a.width - b.width, height: a.height - b.height) }
}

extension CGRect: Interpolatable {
    public static func interpolate(_ a: CGRect, _ b: CGRect, _ p: Double) -> CGRect {
        CGRect(origin: .interpolate(a.origin, b.origin, p), size: .interpolate(a.size, b.size, p))
    }
    public static func sum(_ a: CGRect, _ b: CGRect) -> CGRect { CGRect(origin: .sum(a.origin, b.origin), size: .sum(a.size, b.size)) }
    public static func difference(_ a: CGRect, _ b: CGRect) -> CGRect {
        CGRect(origin: .difference(a.origin, b.origin), size: .difference(a.size, b.size))
    }
}

extension CGColor: Interpolatable {
    /// Colours interpolate per straight-alpha sRGB component.
    public static func interpolate(_ a: CGColor, _ b: CGColor, _ p: Double) -> Self {
        Self(red: .interpolate(a.red, b.red, p), green: .interpolate(a.green, b.green, p),
             blue: .interpolate(a.blue, b.blue, p), alpha: .interpolate(a.alpha, b.alpha, p))
    }
    // Colour components are clamped, so colour animations are never additive (UIKit never makes them so).
    public static func sum(_ a: CGColor, _ b: CGColor) -> Self { Self(red: a.red + b.red, green: a.green + b.green, blue: a.blue + b.blue, alpha: a.alpha + b.alpha) }
    public static func difference(_ a: CGColor, _ b: CGColor) -> Self { Self(red: a.red - b.red, green: a.green - b.green, blue: a.blue - b.blue, alpha: a.alpha - b.alpha) }
}

extension CGPath {
    /// The path between `a` and `b` at `p`, element by element, when both have the same elements in the same
    /// order (what Core Animation interpolates); nil otherwise.
    static func interpolate(_ a: CGPath, _ b: CGPath, _ p: Double) -> CGPath? {
        guard a.elements.count == b.elements.count else { return nil }
        func mix(_ x: CGPoint, _ y: CGPoint) -> CGPoint { CGPoint.interpolate(x, y, p) }
        var elements: [CGPathElementValue] = []
        elements.reserveCapacity(a.elements.count)
        for (x, y) in zip(a.elements, b.elements) {
            switch (x, y) {
            case (.move(let p0), .move(let p1)): elements.append(.move(to: mix(p0, p1)))
            case (.line(let p0), .line(let p1)): elements.append(.line(to: mix(p0, p1)))
            case (.quadCurve(let p0, let c0), .quadCurve(let p1, let c1)): elements.append(.quadCurve(to: mix(p0, p1), control: mix(c0, c1)))
            case (.curve(let p0, let a0, let b0), .curve(let p1, let a1, let b1)):
                elements.append(.curve(to: mix(p0, p1), control1: mix(a0, a1), control2: mix(b0, b1)))
            case (.close, .close): elements.append(.close)
            default: return nil
            }
        }
        return CGPath(elements: elements)
    }
}
