import CoreGraphics

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
    /// Set for CAGradientLayer: an axial gradient filling the bounds.
    public var gradient: Gradient?

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

    /// What Core Animation draws for values an animation can push out of range (a spring overshooting a
    /// corner radius of 0, an opacity of 1, a size of 0): radii, sizes and opacities clamped.
    public func clampedForRendering() -> LayerState {
        var s = self
        s.cornerRadius = max(s.cornerRadius, 0)
        s.shadowRadius = max(s.shadowRadius, 0)
        s.opacity = min(max(s.opacity, 0), 1)
        s.shadowOpacity = min(max(s.shadowOpacity, 0), 1)
        s.bounds.size = CGSize(width: max(s.bounds.width, 0), height: max(s.bounds.height, 0))
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

/// One property a layer animation can drive: how to read and write it on a state, by key path name.
struct AnimatableProperty {
    let apply: (_ state: inout LayerState, _ from: Any?, _ to: Any?, _ progress: Double, _ additive: Bool, _ model: LayerState) -> Void
    let read: (LayerState) -> Any?
    /// `a − b` for additive animations (nil when the values are not of the property's type).
    let difference: (Any, Any) -> Any?
    let isEqual: (Any?, Any?) -> Bool

    init<Value: Interpolatable & Equatable>(_ keyPath: WritableKeyPath<LayerState, Value>) {
        read = { $0[keyPath: keyPath] }
        difference = { a, b in (a as? Value).flatMap { a in (b as? Value).map { Value.difference(a, $0) } } }
        isEqual = { ($0 as? Value) == ($1 as? Value) }
        apply = { state, from, to, progress, additive, model in
            let base = model[keyPath: keyPath]
            let a = (from as? Value) ?? (additive ? Value.difference(base, base) : base)
            let b = (to as? Value) ?? (additive ? Value.difference(base, base) : base)
            let value = Value.interpolate(a, b, progress)
            state[keyPath: keyPath] = additive ? Value.sum(state[keyPath: keyPath], value) : value
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

    /// The key paths layers can animate. Sub-paths like `position.x` are not supported yet.
    static let all: [String: AnimatableProperty] = [
        "bounds": .init(\.bounds), "position": .init(\.position), "anchorPoint": .init(\.anchorPoint),
        "zPosition": .init(\.zPosition), "opacity": .init(\.opacity),
        "transform": .init(\.transform), "sublayerTransform": .init(\.sublayerTransform), "cornerRadius": .init(\.cornerRadius),
        "backgroundColor": .init(\.backgroundColor), "shadowColor": .init(\.shadowColor),
        "shadowOpacity": .init(\.shadowOpacity), "shadowOffset": .init(\.shadowOffset),
        "shadowRadius": .init(\.shadowRadius),
    ]
}

/// What UIKit needs to know about animatable key paths to build animations from property changes.
public enum AnimatableKeyPath {
    public static func isAnimatable(_ key: String) -> Bool { AnimatableProperty.all[key] != nil }
    /// Keys UIKit animates additively, so a new animation adds to a running one instead of jumping
    /// (reference §3, "Interruption").
    public static func isAdditive(_ key: String) -> Bool { ["bounds", "position", "cornerRadius"].contains(key) }
    /// `a − b` for values of the key's type; nil when they are not subtractable.
    public static func difference(_ key: String, _ a: Any, _ b: Any) -> Any? { AnimatableProperty.all[key]?.difference(a, b) }
    public static func areEqual(_ key: String, _ a: Any?, _ b: Any?) -> Bool { AnimatableProperty.all[key]?.isEqual(a, b) ?? false }
}

extension CALayer {
    /// The model value of an animatable key path (Core Animation's key-value coding, for animatable keys).
    public func value(forKey key: String) -> Any? { AnimatableProperty.all[key]?.read(model) }
}
