import CoreGraphics
import Foundation

/// Every property of a layer that affects what is drawn: the model values of a `CALayer`, or its
/// presentation values at some time. A plain value, so a whole frame can be snapshotted and rendered
/// without touching the live tree.
public struct LayerState: Equatable, Sendable {
    public var bounds: CGRect = .zero
    public var position: CGPoint = .zero
    public var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    public var zPosition: CGFloat = 0
    public var transform = CATransform3DIdentity
    /// Applied to the sublayers, about this layer's anchor point (perspective lives here: m34 = −1/d).
    public var sublayerTransform = CATransform3DIdentity
    public var isHidden = false
    /// false: the layer (with its sublayers, flattened into it) is not drawn while it faces away from the
    /// viewer under a 3-D transform.
    public var isDoubleSided = true
    public var opacity: Float = 1
    public var allowsGroupOpacity = true
    public var masksToBounds = false
    public var backgroundColor: CGColor?
    public var cornerRadius: CGFloat = 0
    public var maskedCorners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
    public var cornerCurve: CALayerCornerCurve = .circular
    /// The layer's image, drawn above the background and below sublayers.
    public var contents: CGImage?
    public var contentsGravity: CALayerContentsGravity = .resize
    /// Image pixels per point (UIKit sets the screen scale for images it loads at @2x/@3x).
    public var contentsScale: CGFloat = 1
    public var shadowColor: CGColor? = .black
    public var shadowOpacity: Float = 0
    /// Core Animation's default points up (−3): it comes from the Mac's y-up origin.
    public var shadowOffset = CGSize(width: 0, height: -3)
    public var shadowRadius: CGFloat = 3
    /// The shape of the shadow, in the layer's bounds space; nil: the layer's composited alpha.
    public var shadowPath: CGPath?
    /// Drawn inside the bounds, above contents and sublayers, following the corner radius.
    public var borderWidth: CGFloat = 0
    /// Core Animation's default is opaque black.
    public var borderColor: CGColor? = .black
    /// Set for CAGradientLayer: an axial gradient filling the bounds.
    public var gradient: Gradient?
    /// Set for CATextLayer (and UILabel): text drawn above the contents, below the sublayers.
    public var text: LayerText?
    /// Set for CAShapeLayer (and symbol images): a path filled and stroked above the contents and text,
    /// below the sublayers.
    public var shape: ShapeContent?
    /// Set for UIVisualEffectView's blur: what is drawn behind the layer (within its bounds and clips) is
    /// blurred, saturated and tinted, under the background and everything else the layer draws.
    public var backdropFilter: BackdropFilter?
    /// How much of `backdropFilter` is applied, 0…1 (the blur radius, the saturation's change and the tint's
    /// alpha scale with it): what an effect animates from nil to a material. Animatable as "backdropStrength".
    public var backdropStrength: CGFloat = 1

    public struct Gradient: Equatable, Sendable {
        public var colors: [CGColor]
        public var locations: [CGFloat]?
        /// Unit coordinates of the bounds: (0,0) top-left, (1,1) bottom-right.
        public var startPoint: CGPoint
        public var endPoint: CGPoint
        public init(colors: [CGColor], locations: [CGFloat]?, startPoint: CGPoint, endPoint: CGPoint) {
            self.colors = colors; self.locations = locations; self.startPoint = startPoint; self.endPoint = endPoint
        }
    }

    public init() {}

    /// The shape's animatable values, reachable as key paths (`strokeEnd`, `lineWidth`, …) for animations;
    /// writes are ignored when the layer has no shape.
    public var strokeStart: CGFloat {
        get { shape?.strokeStart ?? 0 }
        set { shape?.strokeStart = newValue }
    }
    public var strokeEnd: CGFloat {
        get { shape?.strokeEnd ?? 1 }
        set { shape?.strokeEnd = newValue }
    }
    public var lineWidth: CGFloat {
        get { shape?.lineWidth ?? 1 }
        set { shape?.lineWidth = newValue }
    }
    public var shapeFillColor: CGColor? {
        get { shape?.fillColor }
        set { shape?.fillColor = newValue }
    }
    public var shapeStrokeColor: CGColor? {
        get { shape?.strokeColor }
        set { shape?.strokeColor = newValue }
    }
    public var shapePath: CGPath? {
        get { shape?.path }
        set { shape?.path = newValue }
    }

    /// What Core Animation draws for values an animation can push out of range (a spring overshooting a
    /// corner radius of 0, an opacity of 1, a size of 0): radii, sizes and opacities clamped.
    public func clampedForRendering() -> LayerState {
        var s = self
        s.cornerRadius = max(s.cornerRadius, 0)
        s.shadowRadius = max(s.shadowRadius, 0)
        s.borderWidth = max(s.borderWidth, 0)
        s.opacity = min(max(s.opacity, 0), 1)
        s.shadowOpacity = min(max(s.shadowOpacity, 0), 1)
        s.bounds.size = CGSize(width: max(s.bounds.width, 0), height: max(s.bounds.height, 0))
        s.backdropStrength = min(max(s.backdropStrength, 0), 1)
        if var shape = s.shape {
            shape.strokeStart = min(max(shape.strokeStart, 0), 1)
            shape.strokeEnd = min(max(shape.strokeEnd, 0), 1)
            shape.lineWidth = max(shape.lineWidth, 0)
            s.shape = shape
        }
        return s
    }

    /// `frame` as Core Animation derives it: position − anchorPoint ⊙ size with an identity transform,
    /// otherwise the bounding box of the transformed bounds.
    public var frame: CGRect {
        let untransformed = CGRect(x: position.x - anchorPoint.x * bounds.width, y: position.y - anchorPoint.y * bounds.height,
                                   width: bounds.width, height: bounds.height)
        guard !CATransform3DIsIdentity(transform) else { return untransformed }
        let corners = [CGPoint(x: 0, y: 0), CGPoint(x: bounds.width, y: 0), CGPoint(x: 0, y: bounds.height),
                       CGPoint(x: bounds.width, y: bounds.height)].map { corner in
            toSuperlayer.apply(to: CGPoint(x: corner.x + bounds.minX, y: corner.y + bounds.minY))
        }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    /// The sublayerTransform applied about the anchor point, as Core Animation applies it to sublayers:
    /// T(−A) · sublayerTransform · T(A), A = anchorPoint ⊙ size + bounds.origin (row-vector order).
    public var sublayerTransformAboutAnchor: CATransform3D {
        guard !CATransform3DIsIdentity(sublayerTransform) else { return CATransform3DIdentity }
        let ax = anchorPoint.x * bounds.width + bounds.minX, ay = anchorPoint.y * bounds.height + bounds.minY
        return CATransform3DConcat(CATransform3DConcat(CATransform3DMakeTranslation(-ax, -ay, 0), sublayerTransform),
                                   CATransform3DMakeTranslation(ax, ay, 0))
    }

    /// Maps this layer's bounds space into its superlayer's bounds space (before the superlayer's
    /// sublayerTransform): T(position) · transform · T(−anchor ⊙ size − bounds.origin), in row-vector order.
    public var toSuperlayer: CATransform3D {
        let anchor = CATransform3DMakeTranslation(-anchorPoint.x * bounds.width - bounds.minX,
                                                  -anchorPoint.y * bounds.height - bounds.minY, 0)
        return CATransform3DConcat(CATransform3DConcat(anchor, transform), CATransform3DMakeTranslation(position.x, position.y, zPosition))
    }
}

/// An animation's value as the property's type. Core Animation takes any number for a scalar property
/// (`fromValue = 0`, `0.5`, an NSNumber), so numbers convert to CGFloat or Float properties.
private func coerce<Value>(_ value: Any?, _ type: Value.Type) -> Value? {
    if let exact = value as? Value { return exact }
    if let boxed = value as? NSValue, !(boxed is NSNumber) { return unbox(boxed, type) }
    let number: Double?
    switch value {
    case let v as Double: number = v
    case let v as CGFloat: number = Double(v)
    case let v as Float: number = Double(v)
    case let v as Int: number = Double(v)
    case let v as NSNumber: number = v.doubleValue
    default: number = nil
    }
    guard let number else { return nil }
    if type == CGFloat.self { return CGFloat(number) as? Value }
    if type == Float.self { return Float(number) as? Value }
    return nil
}

/// The struct an NSValue holds (`NSValue(caTransform3D:)`, `NSValue(cgPoint:)`, …), when it is `type`.
private func unbox<Value>(_ boxed: NSValue, _ type: Value.Type) -> Value? {
    let encoding = String(cString: boxed.objCType)
    if type == CATransform3D.self, encoding == CATransform3D.objCTypeEncoding {
        var t = CATransform3DIdentity
        boxed.getValue(&t)
        return t as? Value
    }
    if type == CGPoint.self, encoding == String(cString: NSValue(point: .zero).objCType) { return boxed.pointValue as? Value }
    if type == CGSize.self, encoding == String(cString: NSValue(size: .zero).objCType) { return boxed.sizeValue as? Value }
    if type == CGRect.self, encoding == String(cString: NSValue(rect: .zero).objCType) { return boxed.rectValue as? Value }
    return nil
}

/// One property a layer animation can drive: how to read and write it on a state, by key path name.
struct AnimatableProperty {
    let apply: (_ state: inout LayerState, _ from: Any?, _ to: Any?, _ progress: Double, _ additive: Bool, _ model: LayerState) -> Void
    let read: (LayerState) -> Any?
    /// `a − b` for additive animations (nil when the values are not of the property's type).
    let difference: (Any, Any) -> Any?
    let isEqual: (Any?, Any?) -> Bool
    /// Σ weightᵢ · valueᵢ, for values in a vector space (numbers, points, sizes, rects): what cubic keyframes
    /// need. nil for other types (transforms, colours), which then interpolate linearly.
    var combine: (([Any?], [Double]) -> Any?)? = nil
    /// The Euclidean distance between two values of a vector type (paced keyframes); nil otherwise.
    var distance: ((Any?, Any?) -> Double?)? = nil

    init<Value: VectorInterpolatable & Equatable>(_ keyPath: WritableKeyPath<LayerState, Value>) {
        self.init(general: keyPath)
        combine = { values, weights in
            let vectors = values.compactMap { coerce($0, Value.self) }
            guard vectors.count == values.count, let first = vectors.first else { return nil }
            var total = Value.difference(first, first)
            for (vector, weight) in zip(vectors, weights) { total = Value.sum(total, Value.scaled(vector, weight)) }
            return total
        }
        distance = { a, b in
            guard let a = coerce(a, Value.self), let b = coerce(b, Value.self) else { return nil }
            return Value.length(Value.difference(a, b))
        }
    }

    init<Value: Interpolatable & Equatable>(_ keyPath: WritableKeyPath<LayerState, Value>) { self.init(general: keyPath) }

    private init<Value: Interpolatable & Equatable>(general keyPath: WritableKeyPath<LayerState, Value>) {
        read = { $0[keyPath: keyPath] }
        difference = { a, b in coerce(a, Value.self).flatMap { a in coerce(b, Value.self).map { Value.difference(a, $0) } } }
        isEqual = { coerce($0, Value.self) == coerce($1, Value.self) }
        apply = { state, from, to, progress, additive, model in
            let base = model[keyPath: keyPath]
            let a = coerce(from, Value.self) ?? (additive ? Value.difference(base, base) : base)
            let b = coerce(to, Value.self) ?? (additive ? Value.difference(base, base) : base)
            let value = Value.interpolate(a, b, progress)
            state[keyPath: keyPath] = additive ? Value.sum(state[keyPath: keyPath], value) : value
        }
    }

    /// A transform value function (`transform.rotation.z`, `transform.scale`, …): the animation interpolates
    /// the function's input and the layer shows the transform it makes (replacing the model's transform; an
    /// additive animation puts it before the model's). Reading gives the model transform's component.
    init(transformFunction make: @escaping (Any?) -> CATransform3D?, read component: @escaping (CATransform3D) -> Any,
         interpolate: @escaping (Any?, Any?, Double) -> Any?) {
        read = { component($0.transform) }
        difference = { _, _ in nil }
        isEqual = { a, b in
            guard let a, let b, let ta = make(a), let tb = make(b) else { return a == nil && b == nil }
            return CATransform3DEqualToTransform(ta, tb)
        }
        apply = { state, from, to, progress, additive, model in
            let current = component(model.transform)
            guard let value = interpolate(from ?? current, to ?? current, progress), let transform = make(value) else { return }
            state.transform = additive ? CATransform3DConcat(transform, state.transform) : transform
        }
    }

    /// A shape's path: paths with the same elements interpolate point by point, as Core Animation does;
    /// for others (Apple: "the results are undefined") the path switches half way.
    init(path keyPath: WritableKeyPath<LayerState, CGPath?>) {
        read = { $0[keyPath: keyPath] }
        difference = { _, _ in nil }
        isEqual = { ($0 as? CGPath) == ($1 as? CGPath) }
        apply = { state, from, to, progress, _, model in
            let base = model[keyPath: keyPath]
            let a = (from as? CGPath) ?? base, b = (to as? CGPath) ?? base
            guard let a, let b else { state[keyPath: keyPath] = progress < 0.5 ? a : b; return }
            state[keyPath: keyPath] = CGPath.interpolate(a, b, progress) ?? (progress < 0.5 ? a : b)
        }
    }

    init(_ keyPath: WritableKeyPath<LayerState, CGColor?>) {
        read = { $0[keyPath: keyPath] }
        difference = { _, _ in nil }
        isEqual = { ($0 as? CGColor) == ($1 as? CGColor) }
        apply = { state, from, to, progress, _, model in
            let base = model[keyPath: keyPath] ?? .clear
            let a = (from as? CGColor) ?? base, b = (to as? CGColor) ?? base
            state[keyPath: keyPath] = CGColor.interpolate(a, b, progress)
        }
    }

    /// The key paths layers can animate: whole properties, and the struct members Core Animation's key-value
    /// coding reaches (`position.x`, `bounds.size.width`, …). Transform value functions
    /// (`transform.rotation.z`, …) are not supported.
    static let all: [String: AnimatableProperty] = [
        "bounds": .init(\.bounds), "position": .init(\.position), "anchorPoint": .init(\.anchorPoint),
        "zPosition": .init(\.zPosition), "opacity": .init(\.opacity),
        "transform": .init(\.transform), "sublayerTransform": .init(\.sublayerTransform), "cornerRadius": .init(\.cornerRadius),
        "backgroundColor": .init(\.backgroundColor), "shadowColor": .init(\.shadowColor),
        "shadowOpacity": .init(\.shadowOpacity), "shadowOffset": .init(\.shadowOffset),
        "shadowRadius": .init(\.shadowRadius), "borderWidth": .init(\.borderWidth), "borderColor": .init(\.borderColor),
        "position.x": .init(\.position.x), "position.y": .init(\.position.y),
        "anchorPoint.x": .init(\.anchorPoint.x), "anchorPoint.y": .init(\.anchorPoint.y),
        "bounds.origin": .init(\.bounds.origin), "bounds.size": .init(\.bounds.size),
        "bounds.origin.x": .init(\.bounds.origin.x), "bounds.origin.y": .init(\.bounds.origin.y),
        "bounds.size.width": .init(\.bounds.size.width), "bounds.size.height": .init(\.bounds.size.height),
        "shadowOffset.width": .init(\.shadowOffset.width), "shadowOffset.height": .init(\.shadowOffset.height),
        "strokeStart": .init(\.strokeStart), "strokeEnd": .init(\.strokeEnd), "lineWidth": .init(\.lineWidth),
        "fillColor": .init(\.shapeFillColor), "strokeColor": .init(\.shapeStrokeColor), "path": .init(path: \.shapePath),
        "backdropStrength": .init(\.backdropStrength),
    ].merging(valueFunctions) { a, _ in a }

    /// Core Animation's transform value functions (CAValueFunction): rotations in radians about one axis,
    /// scales (a number scales x, y and z alike), translations (a number moves along one axis; `translation`
    /// takes a CGSize).
    static let valueFunctions: [String: AnimatableProperty] = {
        func scalar(_ v: Any?) -> CGFloat? { coerce(v, CGFloat.self) }
        func lerpScalar(_ a: Any?, _ b: Any?, _ p: Double) -> Any? {
            guard let a = scalar(a), let b = scalar(b) else { return nil }
            return CGFloat.interpolate(a, b, p)
        }
        func lerpSize(_ a: Any?, _ b: Any?, _ p: Double) -> Any? {
            guard let a = a as? CGSize ?? scalar(a).map({ CGSize(width: $0, height: $0) }),
                  let b = b as? CGSize ?? scalar(b).map({ CGSize(width: $0, height: $0) }) else { return nil }
            return CGSize.interpolate(a, b, p)
        }
        let d = { (t: CATransform3D) in TransformDecomposition(t) }
        var table: [String: AnimatableProperty] = [:]
        for (axis, index) in [("x", 0), ("y", 1), ("z", 2)] {
            table["transform.rotation.\(axis)"] = AnimatableProperty(
                transformFunction: { v in scalar(v).map { CATransform3DMakeRotation($0, index == 0 ? 1 : 0, index == 1 ? 1 : 0, index == 2 ? 1 : 0) } },
                read: { t in d(t).rotation[index] }, interpolate: lerpScalar)
            table["transform.scale.\(axis)"] = AnimatableProperty(
                transformFunction: { v in scalar(v).map { CATransform3DMakeScale(index == 0 ? $0 : 1, index == 1 ? $0 : 1, index == 2 ? $0 : 1) } },
                read: { t in d(t).scale[index] }, interpolate: lerpScalar)
            table["transform.translation.\(axis)"] = AnimatableProperty(
                transformFunction: { v in scalar(v).map { CATransform3DMakeTranslation(index == 0 ? $0 : 0, index == 1 ? $0 : 0, index == 2 ? $0 : 0) } },
                read: { t in [t.m41, t.m42, t.m43][index] }, interpolate: lerpScalar)
        }
        table["transform.rotation"] = table["transform.rotation.z"]
        table["transform.scale"] = AnimatableProperty(
            transformFunction: { v in scalar(v).map { CATransform3DMakeScale($0, $0, $0) } },
            read: { t in d(t).scale[0] }, interpolate: lerpScalar)
        table["transform.translation"] = AnimatableProperty(
            transformFunction: { v in (v as? CGSize).map { CATransform3DMakeTranslation($0.width, $0.height, 0) } },
            read: { t in CGSize(width: t.m41, height: t.m42) }, interpolate: lerpSize)
        return table
    }()
}

/// What UIKit needs to know about animatable key paths to build animations from property changes.
public enum AnimatableKeyPath {
    public static func isAnimatable(_ key: String) -> Bool { AnimatableProperty.all[key] != nil }
    /// Keys UIKit animates additively, so a new animation adds to a running one instead of jumping
    /// (UIKit's additive animations, WWDC 2014 session 236).
    public static func isAdditive(_ key: String) -> Bool { ["bounds", "position", "cornerRadius"].contains(key) }
    /// `a − b` for values of the key's type; nil when they are not subtractable.
    public static func difference(_ key: String, _ a: Any, _ b: Any) -> Any? { AnimatableProperty.all[key]?.difference(a, b) }
    public static func areEqual(_ key: String, _ a: Any?, _ b: Any?) -> Bool { AnimatableProperty.all[key]?.isEqual(a, b) ?? false }
    /// The value of `key` in a state (model or presentation).
    public static func value(_ key: String, in state: LayerState) -> Any? { AnimatableProperty.all[key]?.read(state) }
    /// The additive identity of the key's type ("no change": zero, or the identity transform).
    public static func zero(_ key: String, like value: Any) -> Any? { AnimatableProperty.all[key]?.difference(value, value) }
}

extension CALayer {
    /// The model value of an animatable key path (Core Animation's key-value coding, for animatable keys).
    public func value(forKey key: String) -> Any? { AnimatableProperty.all[key]?.read(model) }
    public func value(forKeyPath keyPath: String) -> Any? { value(forKey: keyPath) }

    /// Sets an animatable key path through its property setter (so delegate actions run, as with key-value
    /// coding on iOS). A value of the wrong type is a programmer error, as KVC raises on iOS.
    public func setValue(_ value: Any?, forKey key: String) {
        guard let setter = Self.setters[key] else {
            misuse("CALayer.setValue(_:forKey:): '\(key)' is not an animatable key path of CALayer here")
        }
        setter(self, value)
    }
    public func setValue(_ value: Any?, forKeyPath keyPath: String) { setValue(value, forKey: keyPath) }

    private static func typed<T>(_ key: String, _ value: Any?) -> T {
        // Numbers convert between Float, CGFloat, Double and Int, as NSNumber does for key-value coding.
        if T.self == CGFloat.self || T.self == Float.self, let number = Self.number(value) {
            return (T.self == Float.self ? Float(number) as Any : CGFloat(number) as Any) as! T
        }
        guard let typed = value as? T else {
            misuse("CALayer.setValue(_:forKey:): '\(key)' takes a \(T.self), not \(value.map { "\(type(of: $0))" } ?? "nil")")
        }
        return typed
    }

    private static func number(_ value: Any?) -> Double? {
        switch value {
        case let v as CGFloat: return Double(v)
        case let v as Float: return Double(v)
        case let v as Double: return v
        case let v as Int: return Double(v)
        case let v as NSNumber: return v.doubleValue
        default: return nil
        }
    }

    private static let setters: [String: (CALayer, Any?) -> Void] = [
        "bounds": { $0.bounds = typed("bounds", $1) }, "position": { $0.position = typed("position", $1) },
        "anchorPoint": { $0.anchorPoint = typed("anchorPoint", $1) }, "zPosition": { $0.zPosition = typed("zPosition", $1) },
        "opacity": { $0.opacity = typed("opacity", $1) }, "transform": { $0.transform = typed("transform", $1) },
        "sublayerTransform": { $0.sublayerTransform = typed("sublayerTransform", $1) },
        "cornerRadius": { $0.cornerRadius = typed("cornerRadius", $1) },
        "backgroundColor": { $0.backgroundColor = $1.map { typed("backgroundColor", $0) } },
        "shadowColor": { $0.shadowColor = $1.map { typed("shadowColor", $0) } },
        "shadowOpacity": { $0.shadowOpacity = typed("shadowOpacity", $1) },
        "shadowOffset": { $0.shadowOffset = typed("shadowOffset", $1) },
        "shadowRadius": { $0.shadowRadius = typed("shadowRadius", $1) },
        "borderWidth": { $0.borderWidth = typed("borderWidth", $1) },
        "borderColor": { $0.borderColor = $1.map { typed("borderColor", $0) } },
        "position.x": { $0.position.x = typed("position.x", $1) }, "position.y": { $0.position.y = typed("position.y", $1) },
        "anchorPoint.x": { $0.anchorPoint.x = typed("anchorPoint.x", $1) },
        "anchorPoint.y": { $0.anchorPoint.y = typed("anchorPoint.y", $1) },
        "bounds.origin": { $0.bounds.origin = typed("bounds.origin", $1) }, "bounds.size": { $0.bounds.size = typed("bounds.size", $1) },
        "bounds.origin.x": { $0.bounds.origin.x = typed("bounds.origin.x", $1) },
        "bounds.origin.y": { $0.bounds.origin.y = typed("bounds.origin.y", $1) },
        "bounds.size.width": { $0.bounds.size.width = typed("bounds.size.width", $1) },
        "bounds.size.height": { $0.bounds.size.height = typed("bounds.size.height", $1) },
        "shadowOffset.width": { $0.shadowOffset.width = typed("shadowOffset.width", $1) },
        "shadowOffset.height": { $0.shadowOffset.height = typed("shadowOffset.height", $1) },
        "backdropStrength": { $0.backdropStrength = typed("backdropStrength", $1) },
    ]
}
