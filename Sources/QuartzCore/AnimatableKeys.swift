import CoreGraphics
import Foundation

// The one table of animatable keys. Each entry knows how to read its value from a layer state, write it
// through the layer's property setter (so the delegate's action runs and the setter clamps, as key-value
// coding does on iOS), interpolate it for an animation, and which layer class declares it. Animations,
// key-value coding on CALayer and UIKit's recorders and property animators all go through it, so a key
// one of them knows is a key all of them know.

/// The type of a key's value, so callers (and tests) know what a key takes without reading it.
package enum AnimatableValueKind: Sendable {
    case number, point, size, rect, transform, color, path
}

/// One animatable key path of a layer.
package struct AnimatableProperty: Sendable {
    package let key: String
    package let kind: AnimatableValueKind
    /// The class that declares the property: CALayer, or CAShapeLayer for the shape's keys. On other
    /// layers the key is an arbitrary key-value coding key, as on iOS.
    package let layerClass: CALayer.Type
    private let declares: @Sendable (CALayer) -> Bool
    /// The value in a state (model or presentation).
    package let read: @Sendable (LayerState) -> Any?
    /// Sets the value through the layer's property setter; a value of the wrong type is a programmer
    /// error (key-value coding raises on iOS).
    package let write: @Sendable (CALayer, Any?) -> Void
    let apply: @Sendable (_ state: inout LayerState, _ from: Any?, _ to: Any?, _ progress: Double, _ additive: Bool, _ model: LayerState) -> Void
    /// `a − b` for additive animations (nil when the values are not of the property's type).
    let difference: @Sendable (Any, Any) -> Any?
    let isEqual: @Sendable (Any?, Any?) -> Bool
    /// Σ weightᵢ · valueᵢ, for values in a vector space (numbers, points, sizes, rects): what cubic keyframes
    /// need. nil for other types (transforms, colours), which then interpolate linearly.
    private(set) var combine: (@Sendable ([Any?], [Double]) -> Any?)? = nil
    /// The Euclidean distance between two values of a vector type (paced keyframes); nil otherwise.
    private(set) var distance: (@Sendable (Any?, Any?) -> Double?)? = nil

    /// Whether `layer`'s class declares this key.
    package func isDeclared(by layer: CALayer) -> Bool { declares(layer) }

    // MARK: Kinds of entry

    /// A property of a vector type (numbers, points, sizes, rects).
    private init<Layer: CALayer, Value: VectorInterpolatable & Equatable>(
        _ key: String, _ layer: any ReferenceWritableKeyPath<Layer, Value> & Sendable, _ state: any WritableKeyPath<LayerState, Value> & Sendable
    ) {
        self.init(general: key, layer, state)
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

    /// A property of another interpolatable type (transforms).
    private init<Layer: CALayer, Value: Interpolatable & Equatable>(
        _ key: String, _ layer: any ReferenceWritableKeyPath<Layer, Value> & Sendable, _ state: any WritableKeyPath<LayerState, Value> & Sendable
    ) {
        self.init(general: key, layer, state)
    }

    private init<Layer: CALayer, Value: Interpolatable & Equatable>(
        general key: String, _ layer: any ReferenceWritableKeyPath<Layer, Value> & Sendable, _ state: any WritableKeyPath<LayerState, Value> & Sendable
    ) {
        self.key = key
        kind = Value.self == CGPoint.self ? .point : Value.self == CGSize.self ? .size : Value.self == CGRect.self ? .rect
            : Value.self == CATransform3D.self ? .transform : .number
        layerClass = Layer.self
        declares = { $0 is Layer }
        read = { $0[keyPath: state] }
        write = { target, value in
            guard let coerced = coerce(value, Value.self) else { wrongType(key, Value.self, value) }
            (target as! Layer)[keyPath: layer] = coerced
        }
        difference = { a, b in coerce(a, Value.self).flatMap { a in coerce(b, Value.self).map { Value.difference(a, $0) } } }
        isEqual = { coerce($0, Value.self) == coerce($1, Value.self) }
        apply = { s, from, to, progress, additive, model in
            let base = model[keyPath: state]
            let a = coerce(from, Value.self) ?? (additive ? Value.difference(base, base) : base)
            let b = coerce(to, Value.self) ?? (additive ? Value.difference(base, base) : base)
            let value = Value.interpolate(a, b, progress)
            s[keyPath: state] = additive ? Value.sum(s[keyPath: state], value) : value
        }
    }

    /// A colour (nil draws nothing, and animates as clear).
    private init<Layer: CALayer>(color key: String, _ layer: any ReferenceWritableKeyPath<Layer, CGColor?> & Sendable,
                                 _ state: any WritableKeyPath<LayerState, CGColor?> & Sendable) {
        self.key = key
        kind = .color
        layerClass = Layer.self
        declares = { $0 is Layer }
        read = { $0[keyPath: state] }
        write = { target, value in
            guard value == nil || value is CGColor else { wrongType(key, CGColor.self, value) }
            (target as! Layer)[keyPath: layer] = value as? CGColor
        }
        difference = { _, _ in nil }
        isEqual = { ($0 as? CGColor) == ($1 as? CGColor) }
        apply = { s, from, to, progress, _, model in
            let base = model[keyPath: state] ?? .clear
            let a = (from as? CGColor) ?? base, b = (to as? CGColor) ?? base
            s[keyPath: state] = CGColor.interpolate(a, b, progress)
        }
    }

    /// A path: paths with the same elements interpolate point by point, as Core Animation does; for others
    /// (Apple: "the results are undefined") the path switches half way.
    private init<Layer: CALayer>(path key: String, _ layer: any ReferenceWritableKeyPath<Layer, CGPath?> & Sendable,
                                 _ state: any WritableKeyPath<LayerState, CGPath?> & Sendable) {
        self.key = key
        kind = .path
        layerClass = Layer.self
        declares = { $0 is Layer }
        read = { $0[keyPath: state] }
        write = { target, value in
            guard value == nil || value is CGPath else { wrongType(key, CGPath.self, value) }
            (target as! Layer)[keyPath: layer] = value as? CGPath
        }
        difference = { _, _ in nil }
        isEqual = { ($0 as? CGPath) == ($1 as? CGPath) }
        apply = { s, from, to, progress, _, model in
            let base = model[keyPath: state]
            let a = (from as? CGPath) ?? base, b = (to as? CGPath) ?? base
            guard let a, let b else { s[keyPath: state] = progress < 0.5 ? a : b; return }
            s[keyPath: state] = CGPath.interpolate(a, b, progress) ?? (progress < 0.5 ? a : b)
        }
    }

    /// A transform value function (`transform.rotation.z`, `transform.scale`, …). Animated, the animation
    /// interpolates the function's input and the layer shows the transform it makes (replacing the model's
    /// transform; an additive animation puts it before the model's). Read, it is the model transform's
    /// component; written, that component of the model transform is replaced (`replace`).
    private init(function key: String, kind: AnimatableValueKind,
                 make: @escaping @Sendable (Any?) -> CATransform3D?,
                 component: @escaping @Sendable (CATransform3D) -> Any,
                 replace: @escaping @Sendable (CATransform3D, Any?) -> CATransform3D?,
                 interpolate: @escaping @Sendable (Any?, Any?, Double) -> Any?) {
        self.key = key
        self.kind = kind
        layerClass = CALayer.self
        declares = { _ in true }
        read = { component($0.transform) }
        write = { target, value in
            guard let transform = replace(target.transform, value) else {
                wrongType(key, kind == .size ? CGSize.self : CGFloat.self, value)
            }
            target.transform = transform
        }
        difference = { _, _ in nil }
        isEqual = { a, b in
            guard let a, let b, let ta = make(a), let tb = make(b) else { return a == nil && b == nil }
            return CATransform3DEqualToTransform(ta, tb)
        }
        apply = { s, from, to, progress, additive, model in
            let current = component(model.transform)
            guard let value = interpolate(from ?? current, to ?? current, progress), let transform = make(value) else { return }
            s.transform = additive ? CATransform3DConcat(transform, s.transform) : transform
        }
    }

    // MARK: The table

    /// Every animatable key, in a stable order (documentation and tests walk it).
    package static let list: [AnimatableProperty] = [
        .init("bounds", \CALayer.bounds, \.bounds), .init("position", \CALayer.position, \.position),
        .init("anchorPoint", \CALayer.anchorPoint, \.anchorPoint), .init("zPosition", \CALayer.zPosition, \.zPosition),
        .init("opacity", \CALayer.opacity, \.opacity),
        .init("transform", \CALayer.transform, \.transform), .init("sublayerTransform", \CALayer.sublayerTransform, \.sublayerTransform),
        .init("cornerRadius", \CALayer.cornerRadius, \.cornerRadius),
        .init(color: "backgroundColor", \CALayer.backgroundColor, \.backgroundColor),
        .init(color: "shadowColor", \CALayer.shadowColor, \.shadowColor),
        .init("shadowOpacity", \CALayer.shadowOpacity, \.shadowOpacity), .init("shadowOffset", \CALayer.shadowOffset, \.shadowOffset),
        .init("shadowRadius", \CALayer.shadowRadius, \.shadowRadius), .init("borderWidth", \CALayer.borderWidth, \.borderWidth),
        .init(color: "borderColor", \CALayer.borderColor, \.borderColor),
        .init("backdropStrength", \CALayer.backdropStrength, \.backdropStrength),
        .init("contentsRect", \CALayer.contentsRect, \.contentsRect), .init("contentsCenter", \CALayer.contentsCenter, \.contentsCenter),
        // Struct members, as Core Animation's key-value coding reaches them.
        .init("position.x", \CALayer.position.x, \.position.x), .init("position.y", \CALayer.position.y, \.position.y),
        .init("anchorPoint.x", \CALayer.anchorPoint.x, \.anchorPoint.x), .init("anchorPoint.y", \CALayer.anchorPoint.y, \.anchorPoint.y),
        .init("bounds.origin", \CALayer.bounds.origin, \.bounds.origin), .init("bounds.size", \CALayer.bounds.size, \.bounds.size),
        .init("bounds.origin.x", \CALayer.bounds.origin.x, \.bounds.origin.x),
        .init("bounds.origin.y", \CALayer.bounds.origin.y, \.bounds.origin.y),
        .init("bounds.size.width", \CALayer.bounds.size.width, \.bounds.size.width),
        .init("bounds.size.height", \CALayer.bounds.size.height, \.bounds.size.height),
        .init("shadowOffset.width", \CALayer.shadowOffset.width, \.shadowOffset.width),
        .init("shadowOffset.height", \CALayer.shadowOffset.height, \.shadowOffset.height),
        // CAShapeLayer's animatable properties.
        .init("strokeStart", \CAShapeLayer.strokeStart, \.strokeStart), .init("strokeEnd", \CAShapeLayer.strokeEnd, \.strokeEnd),
        .init("lineWidth", \CAShapeLayer.lineWidth, \.lineWidth),
        .init("lineDashPhase", \CAShapeLayer.lineDashPhase, \.lineDashPhase),
        .init("miterLimit", \CAShapeLayer.miterLimit, \.miterLimit),
        .init(color: "fillColor", \CAShapeLayer.fillColor, \.shapeFillColor),
        .init(color: "strokeColor", \CAShapeLayer.strokeColor, \.shapeStrokeColor),
        .init(path: "path", \CAShapeLayer.path, \.shapePath),
    ] + valueFunctions

    /// The table by key.
    package static let all: [String: AnimatableProperty] = Dictionary(uniqueKeysWithValues: list.map { ($0.key, $0) })

    /// Core Animation's transform value functions (CAValueFunction): rotations in radians about one axis,
    /// scales (a number scales x, y and z alike), translations (a number moves along one axis; `translation`
    /// takes a CGSize). Reading `transform.scale` gives the mean of the three scales, as Apple documents.
    private static let valueFunctions: [AnimatableProperty] = {
        @Sendable func scalar(_ v: Any?) -> CGFloat? { coerce(v, CGFloat.self) }
        @Sendable func size(_ v: Any?) -> CGSize? { coerce(v, CGSize.self) ?? scalar(v).map { CGSize(width: $0, height: $0) } }
        @Sendable func lerpScalar(_ a: Any?, _ b: Any?, _ p: Double) -> Any? {
            guard let a = scalar(a), let b = scalar(b) else { return nil }
            return CGFloat.interpolate(a, b, p)
        }
        @Sendable func lerpSize(_ a: Any?, _ b: Any?, _ p: Double) -> Any? {
            guard let a = size(a), let b = size(b) else { return nil }
            return CGSize.interpolate(a, b, p)
        }
        func unit(_ index: Int) -> (CGFloat, CGFloat, CGFloat) { (index == 0 ? 1 : 0, index == 1 ? 1 : 0, index == 2 ? 1 : 0) }
        var table: [AnimatableProperty] = []
        for (axis, index) in [("x", 0), ("y", 1), ("z", 2)] {
            let (ux, uy, uz) = unit(index)
            let rotation = { @Sendable (key: String) in
                AnimatableProperty(
                    function: key, kind: .number,
                    make: { v in scalar(v).map { CATransform3DMakeRotation($0, ux, uy, uz) } },
                    component: { TransformDecomposition($0).rotation[index] },
                    replace: { t, v in
                        scalar(v).map { angle in
                            var d = TransformDecomposition(t)
                            d.rotation[index] = angle
                            return d.replacingUpperLeft(of: t)
                        }
                    },
                    interpolate: lerpScalar)
            }
            table.append(rotation("transform.rotation.\(axis)"))
            if axis == "z" { table.append(rotation("transform.rotation")) }
            table.append(AnimatableProperty(
                function: "transform.scale.\(axis)", kind: .number,
                make: { v in scalar(v).map { CATransform3DMakeScale(ux == 1 ? $0 : 1, uy == 1 ? $0 : 1, uz == 1 ? $0 : 1) } },
                component: { TransformDecomposition($0).scale[index] },
                replace: { t, v in
                    scalar(v).map { factor in
                        var d = TransformDecomposition(t)
                        d.scale[index] = factor
                        return d.replacingUpperLeft(of: t)
                    }
                },
                interpolate: lerpScalar))
            table.append(AnimatableProperty(
                function: "transform.translation.\(axis)", kind: .number,
                make: { v in scalar(v).map { CATransform3DMakeTranslation(ux * $0, uy * $0, uz * $0) } },
                component: { t in [t.m41, t.m42, t.m43][index] },
                replace: { t, v in
                    scalar(v).map { offset in
                        var t = t
                        switch index { case 0: t.m41 = offset; case 1: t.m42 = offset; default: t.m43 = offset }
                        return t
                    }
                },
                interpolate: lerpScalar))
        }
        table.append(AnimatableProperty(
            function: "transform.scale", kind: .number,
            make: { v in scalar(v).map { CATransform3DMakeScale($0, $0, $0) } },
            component: { t in TransformDecomposition(t).scale.reduce(0, +) / 3 },
            replace: { t, v in
                scalar(v).map { factor in
                    var d = TransformDecomposition(t)
                    d.scale = [factor, factor, factor]
                    return d.replacingUpperLeft(of: t)
                }
            },
            interpolate: lerpScalar))
        table.append(AnimatableProperty(
            function: "transform.translation", kind: .size,
            make: { v in size(v).map { CATransform3DMakeTranslation($0.width, $0.height, 0) } },
            component: { t in CGSize(width: t.m41, height: t.m42) },
            replace: { t, v in
                size(v).map { offset in
                    var t = t
                    t.m41 = offset.width; t.m42 = offset.height
                    return t
                }
            },
            interpolate: lerpSize))
        return table
    }()
}

private func wrongType(_ key: String, _ type: Any.Type, _ value: Any?) -> Never {
    misuse("CALayer.setValue(_:forKeyPath:): '\(key)' takes a \(type), not \(value.map { "\(Swift.type(of: $0))" } ?? "nil")")
}

/// What UIKit needs to know about animatable key paths to build animations from property changes.
package enum AnimatableKeyPath {
    package static func isAnimatable(_ key: String) -> Bool { AnimatableProperty.all[key] != nil }
    /// Keys UIKit animates additively, so a new animation adds to a running one instead of jumping
    /// (UIKit's additive animations, WWDC 2014 session 236).
    package static func isAdditive(_ key: String) -> Bool { ["bounds", "position", "cornerRadius"].contains(key) }
    /// `a − b` for values of the key's type; nil when they are not subtractable.
    package static func difference(_ key: String, _ a: Any, _ b: Any) -> Any? { AnimatableProperty.all[key]?.difference(a, b) }
    package static func areEqual(_ key: String, _ a: Any?, _ b: Any?) -> Bool { AnimatableProperty.all[key]?.isEqual(a, b) ?? false }
    /// The value of `key` in a state (model or presentation).
    package static func value(_ key: String, in state: LayerState) -> Any? { AnimatableProperty.all[key]?.read(state) }
    /// The additive identity of the key's type ("no change": zero, or the identity transform).
    package static func zero(_ key: String, like value: Any) -> Any? { AnimatableProperty.all[key]?.difference(value, value) }
}

// MARK: Key-value coding

extension CALayer {
    /// Core Animation's key-value coding. An animatable key path of the layer's class (the table above)
    /// reads the model value; any other key reads what `setValue(_:forKey:)` stored for it, or nil: CALayer
    /// is a key-value coding container class (Apple's Core Animation Programming Guide, "Key-Value Coding
    /// Extensions"), so it keeps values for arbitrary keys.
    public func value(forKey key: String) -> Any? {
        if let property = AnimatableProperty.all[key], property.isDeclared(by: self) { return property.read(modelState) }
        return arbitraryValues[key]
    }
    /// As `value(forKey:)`: a key path (`position.x`, `transform.rotation.z`) is one key of the table.
    public func value(forKeyPath keyPath: String) -> Any? { value(forKey: keyPath) }

    /// Sets an animatable key path through its property setter (so delegate actions run, as with key-value
    /// coding on iOS); a value of the wrong type is a programmer error, as key-value coding raises on iOS.
    /// Any other key is stored for `value(forKey:)` and changes nothing drawn — except the names of
    /// properties the table does not reach (`hidden`, `masksToBounds`, `contents`, …), which stop with a
    /// message to set the property itself rather than be silently stored.
    public func setValue(_ value: Any?, forKey key: String) {
        if let property = AnimatableProperty.all[key], property.isDeclared(by: self) {
            property.write(self, value)
            return
        }
        checkUsage(!Self.propertiesOutsideTheTable.contains(key),
                   "CALayer.setValue(_:forKey:): '\(key)' is a layer property that key-value coding does not reach here; set the property itself")
        arbitraryValues[key] = value
    }
    public func setValue(_ value: Any?, forKeyPath keyPath: String) { setValue(value, forKey: keyPath) }

    /// Declared, not animatable here: key-value coding on iOS would set them, so storing them as arbitrary
    /// keys would silently do nothing.
    private static let propertiesOutsideTheTable: Set<String> = [
        "hidden", "isHidden", "masksToBounds", "doubleSided", "isDoubleSided", "allowsGroupOpacity", "contents",
        "contentsGravity", "contentsScale", "cornerCurve", "maskedCorners", "shadowPath", "mask", "name", "sublayers",
        "frame", "beginTime", "speed", "timeOffset", "backdropFilter", "shouldRasterize", "rasterizationScale",
        "fillRule", "lineCap", "lineJoin", "lineDashPattern", "colors", "locations", "startPoint", "endPoint",
    ]
}

// MARK: Values of any type

/// A value as the property's type. Core Animation takes any number for a scalar property (`fromValue = 0`,
/// `0.5`, an NSNumber), so numbers convert to CGFloat or Float properties; structs may come boxed in NSValue.
func coerce<Value>(_ value: Any?, _ type: Value.Type) -> Value? {
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

