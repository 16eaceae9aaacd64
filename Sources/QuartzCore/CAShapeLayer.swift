import Foundation
import CoreGraphics

/// What a shape layer draws: its path filled, then stroked, in the layer's bounds space.
public struct ShapeContent: Hashable, Sendable {
    /// nil draws nothing.
    public var path: CGPath?
    public var fillColor: CGColor? = .black
    public var fillRule: CAShapeLayerFillRule = .nonZero
    public var strokeColor: CGColor?
    public var lineWidth: CGFloat = 1
    public var lineCap: CAShapeLayerLineCap = .butt
    public var lineJoin: CAShapeLayerLineJoin = .miter
    public var miterLimit: CGFloat = 10
    public var lineDashPhase: CGFloat = 0
    public var lineDashPattern: [CGFloat]?
    public var strokeStart: CGFloat = 0
    public var strokeEnd: CGFloat = 1

    public init(path: CGPath? = nil) { self.path = path }

    /// The stroke's area as a path to fill non-zero (trimmed to strokeStart…strokeEnd, then dashed, then
    /// stroked, as Core Animation orders them), or nil when nothing is stroked.
    public var strokeOutline: CGPath? {
        guard let path, let color = strokeColor, color.alpha > 0, lineWidth > 0, strokeEnd > strokeStart else { return nil }
        var stroked = path.trimmed(from: strokeStart, to: strokeEnd)
        if let pattern = lineDashPattern, !pattern.isEmpty {
            stroked = stroked.copy(dashingWithPhase: lineDashPhase, lengths: pattern)
        }
        return stroked.copy(strokingWithWidth: lineWidth, lineCap: lineCap.cgLineCap, lineJoin: lineJoin.cgLineJoin,
                            miterLimit: miterLimit)
    }
}

public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}

public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    public static let square = CAShapeLayerLineCap(rawValue: "square")
    var cgLineCap: CGLineCap { self == .round ? .round : self == .square ? .square : .butt }
}

public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
    public static let round = CAShapeLayerLineJoin(rawValue: "round")
    public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
    var cgLineJoin: CGLineJoin { self == .round ? .round : self == .bevel ? .bevel : .miter }
}

/// Draws a path, filled and stroked, as Core Animation's CAShapeLayer does: fill (default opaque black)
/// under stroke (default none), in the layer's coordinates, above its background and below its sublayers.
/// `path` (between paths with the same elements), `strokeStart`, `strokeEnd`, `lineWidth`, `lineDashPhase`,
/// `miterLimit`, `fillColor` and `strokeColor` animate (AnimatableKeys.swift).
open class CAShapeLayer: CALayer {
    public required init() {
        super.init()
        updateModel { $0.shape = ShapeContent() }
    }
    public required init(layer: Any) {
        super.init(layer: layer)
        if modelState.shape == nil { updateModel { $0.shape = ShapeContent() } }
    }

    private var content: ShapeContent { modelState.shape ?? ShapeContent() }

    /// Writes one shape value, running the layer's action for `key` first (as every animatable property does).
    private func change(_ key: String?, _ update: (inout ShapeContent) -> Void) {
        if let key { runAction(forKey: key) }
        var shape = content
        update(&shape)
        updateModel { $0.shape = shape }
    }

    open var path: CGPath? {
        get { content.path }
        set { change("path") { $0.path = newValue } }
    }
    open var fillColor: CGColor? {
        get { content.fillColor }
        set { change("fillColor") { $0.fillColor = newValue } }
    }
    open var fillRule: CAShapeLayerFillRule {
        get { content.fillRule }
        set { change(nil) { $0.fillRule = newValue } }
    }
    open var strokeColor: CGColor? {
        get { content.strokeColor }
        set { change("strokeColor") { $0.strokeColor = newValue } }
    }
    open var lineWidth: CGFloat {
        get { content.lineWidth }
        set { change("lineWidth") { $0.lineWidth = newValue } }
    }
    open var lineCap: CAShapeLayerLineCap {
        get { content.lineCap }
        set { change(nil) { $0.lineCap = newValue } }
    }
    open var lineJoin: CAShapeLayerLineJoin {
        get { content.lineJoin }
        set { change(nil) { $0.lineJoin = newValue } }
    }
    open var miterLimit: CGFloat {
        get { content.miterLimit }
        set { change("miterLimit") { $0.miterLimit = newValue } }
    }
    open var lineDashPhase: CGFloat {
        get { content.lineDashPhase }
        set { change("lineDashPhase") { $0.lineDashPhase = newValue } }
    }
    open var lineDashPattern: [NSNumber]? {
        get { content.lineDashPattern?.map { NSNumber(value: Double($0)) } }
        set { change(nil) { $0.lineDashPattern = newValue?.map { CGFloat($0.doubleValue) } } }
    }
    open var strokeStart: CGFloat {
        get { content.strokeStart }
        set { change("strokeStart") { $0.strokeStart = newValue } }
    }
    open var strokeEnd: CGFloat {
        get { content.strokeEnd }
        set { change("strokeEnd") { $0.strokeEnd = newValue } }
    }
}
