import CoreGraphics
import Foundation

/// Every property of a layer that affects what is drawn: the model values of a `CALayer`, or its
/// presentation values at some time. A plain value, so a whole frame can be snapshotted and rendered
/// without touching the live tree. Package-level: the renderer, documents and diagnostics read it; a
/// user's code reads a layer's values through its properties and `presentation()`.
package struct LayerState: Equatable, Sendable {
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
    /// The part of `contents` shown and its stretchable middle, in unit coordinates (CALayer's).
    public var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    public var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
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
    public var lineDashPhase: CGFloat {
        get { shape?.lineDashPhase ?? 0 }
        set { shape?.lineDashPhase = newValue }
    }
    public var miterLimit: CGFloat {
        get { shape?.miterLimit ?? 10 }
        set { shape?.miterLimit = newValue }
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

extension LayerState {
    /// The natural size in points of the part of `image` that `contentsRect` shows (the whole image by
    /// default); the gravity places it as it would the whole image.
    package func shownContentsSize(of image: CGImage) -> CGSize {
        CGSize(width: CGFloat(image.width) / contentsScale * abs(contentsRect.width),
               height: CGFloat(image.height) / contentsScale * abs(contentsRect.height))
    }
}
