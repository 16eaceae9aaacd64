import Foundation

// Symbol images: `UIImage(systemName:)` for a small set of simple vector icons drawn as paths. They are our
// own drawings in the spirit of the SF Symbols of the same names (Apple's symbol art cannot be shipped),
// sized and weighted as UIKit sizes symbols: by point size, weight and scale.

extension UIImage {
    /// How a symbol is sized and weighted (UIKit's `UIImage.SymbolConfiguration`). Unset values fall back to
    /// the body text style's 17 pt, regular weight, medium scale.
    public final class SymbolConfiguration: Equatable, Sendable {
        public let pointSize: CGFloat?
        public let weight: SymbolWeight?
        public let scale: SymbolScale?

        init(pointSize: CGFloat?, weight: SymbolWeight?, scale: SymbolScale?) {
            self.pointSize = pointSize; self.weight = weight; self.scale = scale
        }
        public convenience init(pointSize: CGFloat) { self.init(pointSize: pointSize, weight: nil, scale: nil) }
        public convenience init(pointSize: CGFloat, weight: SymbolWeight) { self.init(pointSize: pointSize, weight: weight, scale: nil) }
        public convenience init(pointSize: CGFloat, weight: SymbolWeight, scale: SymbolScale) {
            self.init(pointSize: pointSize as CGFloat?, weight: weight, scale: scale)
        }
        public convenience init(weight: SymbolWeight) { self.init(pointSize: nil, weight: weight, scale: nil) }
        public convenience init(scale: SymbolScale) { self.init(pointSize: nil, weight: nil, scale: scale) }
        /// The text style's font size and weight at the default (Large) Dynamic Type size.
        public convenience init(textStyle: UIFont.TextStyle) { self.init(textStyle: textStyle, scale: .default) }
        public convenience init(textStyle: UIFont.TextStyle, scale: SymbolScale) {
            let font = UIFont.preferredFont(forTextStyle: textStyle)
            self.init(pointSize: font.pointSize, weight: SymbolWeight(weightClass: font.font.face.weight), scale: scale)
        }
        /// The font's size and weight.
        public convenience init(font: UIFont) { self.init(font: font, scale: .default) }
        public convenience init(font: UIFont, scale: SymbolScale) {
            self.init(pointSize: font.pointSize, weight: SymbolWeight(weightClass: font.font.face.weight), scale: scale)
        }

        /// This configuration with `other`'s set values taking precedence.
        public func applying(_ other: SymbolConfiguration?) -> SymbolConfiguration {
            guard let other else { return self }
            return SymbolConfiguration(pointSize: other.pointSize ?? pointSize, weight: other.weight ?? weight,
                                       scale: other.scale == nil || other.scale == .unspecified ? scale : other.scale)
        }

        public static func == (l: SymbolConfiguration, r: SymbolConfiguration) -> Bool {
            l.pointSize == r.pointSize && l.weight == r.weight && l.scale == r.scale
        }
    }

    public enum SymbolWeight: Int, Sendable, CaseIterable {
        case unspecified = 0, ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

        /// The weight nearest an OpenType weight class (100 ultralight … 900 black).
        init(weightClass: Int) {
            self = SymbolWeight(rawValue: min(max((weightClass + 50) / 100, 1), 9)) ?? .regular
        }

        /// Stroke width relative to regular. SF Symbols' weights follow SF Pro's stems; these ratios are
        /// our approximation of those stems (ultralight hairlines to black's doubled strokes).
        var strokeFactor: CGFloat {
            switch self {
            case .ultraLight: 0.3
            case .thin: 0.45
            case .light: 0.7
            case .unspecified, .regular: 1
            case .medium: 1.15
            case .semibold: 1.3
            case .bold: 1.5
            case .heavy: 1.75
            case .black: 2
            }
        }
    }

    public enum SymbolScale: Int, Sendable, CaseIterable {
        case `default` = -1, unspecified = 0, small = 1, medium = 2, large = 3

        /// Size relative to medium. Apple documents the scales only as smaller and larger than medium; these
        /// ratios match SF Symbols' small and large variants as the SF Symbols app shows them (about 0.78
        /// and 1.29 of medium).
        var sizeFactor: CGFloat {
            switch self {
            case .small: 0.78
            case .large: 1.29
            default: 1
            }
        }
    }

    public enum RenderingMode: Int, Sendable {
        case automatic = 0, alwaysOriginal, alwaysTemplate
    }

    /// One of the system symbols this renderer draws (see `UIImage.systemSymbolNames`), or nil for a name
    /// it does not know, as UIKit returns nil for an unknown symbol.
    public convenience init?(systemName name: String) { self.init(systemName: name, withConfiguration: nil) }

    public convenience init?(systemName name: String, withConfiguration configuration: SymbolConfiguration?) {
        guard let art = SystemSymbol.art(named: name) else { return nil }
        self.init(symbol: Symbol(name: name, art: art, configuration: configuration ?? SymbolConfiguration(pointSize: nil, weight: nil, scale: nil)))
    }

    /// The names `UIImage(systemName:)` knows.
    public static var systemSymbolNames: [String] { SystemSymbol.names }

    public var isSymbolImage: Bool { symbol != nil }
    public var symbolConfiguration: SymbolConfiguration? { symbol?.configuration }

    /// The same symbol with `configuration`'s set values replacing this one's.
    public func withConfiguration(_ configuration: SymbolConfiguration) -> UIImage {
        guard var symbol else { return self }
        symbol.configuration = symbol.configuration.applying(configuration)
        return copy(symbol: symbol)
    }
    public func applyingSymbolConfiguration(_ configuration: SymbolConfiguration) -> UIImage? {
        symbol == nil ? nil : withConfiguration(configuration)
    }
    /// The image drawn in `color` wherever it is shown (an image view's tint no longer applies).
    public func withTintColor(_ color: UIColor) -> UIImage { withTintColor(color, renderingMode: .alwaysOriginal) }
    public func withTintColor(_ color: UIColor, renderingMode: RenderingMode) -> UIImage {
        let image = copy(symbol: symbol)
        image.fixedTintColor = color
        image.renderingMode = renderingMode
        return image
    }
    public func withRenderingMode(_ renderingMode: RenderingMode) -> UIImage {
        let image = copy(symbol: symbol)
        image.fixedTintColor = fixedTintColor
        image.renderingMode = renderingMode
        return image
    }

    /// This image with another symbol (or orientation); everything else it carries is kept.
    func copy(symbol: Symbol?, orientation: Orientation? = nil) -> UIImage {
        let image = symbol.map(UIImage.init(symbol:))
            ?? (cgImage.map { UIImage(cgImage: $0, scale: scale, orientation: orientation ?? imageOrientation) } ?? UIImage(symbol: nil))
        image.renderingMode = renderingMode
        image.fixedTintColor = fixedTintColor
        image.imageAsset = imageAsset
        image.capInsets = capInsets
        image.resizingMode = resizingMode
        image.alignmentRectInsets = alignmentRectInsets
        image.flipsForRightToLeftLayoutDirection = flipsForRightToLeftLayoutDirection
        image.baselineOffsetFromBottom = baselineOffsetFromBottom
        image.storedConfiguration = storedConfiguration
        return image
    }

    /// The colour a symbol is drawn in: its own (withTintColor) unless it is a template, else the view's tint.
    func symbolColor(tint: UIColor) -> UIColor {
        if renderingMode == .alwaysTemplate { return tint }
        return fixedTintColor ?? tint
    }

    /// A symbol as drawn: its art at the configuration's size and weight, with its size in points.
    struct Symbol {
        let name: String
        let art: SystemSymbol
        var configuration: SymbolConfiguration

        /// Points per design unit: the art is drawn for 17 pt (the body size) at medium scale.
        var factor: CGFloat {
            let size = configuration.pointSize ?? 17
            return size / 17 * (configuration.scale ?? .medium).sizeFactor
        }
        var size: CGSize { CGSize(width: art.size.width * factor, height: art.size.height * factor) }
        /// The filled outline in points, origin at the image's top left (fill non-zero).
        var outline: CGPath {
            let weight = configuration.weight ?? .regular
            return art.outline(factor: factor, strokeWidth: SystemSymbol.regularStroke * weight.strokeFactor * factor)
        }
    }
}

/// Our drawings of the symbols scenes and bars need. Each is designed at 17 pt, medium scale: strokes (drawn
/// with round caps and joins at the configuration's weight) and solid parts, in a box of `size` points.
struct SystemSymbol {
    /// A regular-weight stroke at 17 pt, about the stem of 17 pt regular text.
    static let regularStroke: CGFloat = 1.6

    let size: CGSize
    /// Open or closed polylines and curves, stroked.
    var strokes: [CGPath] = []
    /// Solid shapes (dots, fills).
    var fills: [CGPath] = []

    func outline(factor: CGFloat, strokeWidth: CGFloat) -> CGPath {
        let result = CGMutablePath()
        let scale = CGAffineTransform(scaleX: factor, y: factor)
        for stroke in strokes {
            let scaled = CGMutablePath()
            scaled.addPath(stroke, transform: scale)
            result.addPath(scaled.copy(strokingWithWidth: strokeWidth, lineCap: .round, lineJoin: .round, miterLimit: 10))
        }
        // The stroke pieces wind clockwise on screen; solid parts are added the same way round, so the
        // non-zero fill of the whole is their union.
        for fill in fills {
            let scaled = CGMutablePath()
            scaled.addPath(fill, transform: scale)
            result.addPath(scaled.woundClockwise())
        }
        return result
    }

    static func art(named name: String) -> SystemSymbol? { all[aliases[name] ?? name] }
    static var names: [String] { (Array(all.keys) + Array(aliases.keys)).sorted() }

    static let aliases = ["chevron.left": "chevron.backward", "chevron.right": "chevron.forward",
                          "line.horizontal.3": "line.3.horizontal"]

    private static func polyline(_ points: [(CGFloat, CGFloat)], closed: Bool = false) -> CGPath {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: points[0].0, y: points[0].1))
        for p in points.dropFirst() { path.addLine(to: CGPoint(x: p.0, y: p.1)) }
        if closed { path.closeSubpath() }
        return path
    }
    private static func circle(_ x: CGFloat, _ y: CGFloat, _ r: CGFloat) -> CGPath {
        let path = CGMutablePath()
        path.addEllipse(in: CGRect(x: x - r, y: y - r, width: 2 * r, height: 2 * r))
        return path
    }
    private static func roundedRect(_ rect: CGRect, _ radius: CGFloat) -> CGPath {
        let path = CGMutablePath()
        path.addRoundedRect(in: rect, cornerWidth: radius, cornerHeight: radius)
        return path
    }
    private static func star(center: CGPoint, outer: CGFloat, inner: CGFloat) -> [(CGFloat, CGFloat)] {
        (0..<10).map { i in
            let angle = -CGFloat.pi / 2 + CGFloat(i) * .pi / 5
            let r = i % 2 == 0 ? outer : inner
            return (center.x + r * cos(angle), center.y + r * sin(angle))
        }
    }

    static let all: [String: SystemSymbol] = {
        var s: [String: SystemSymbol] = [:]
        s["chevron.backward"] = SystemSymbol(size: CGSize(width: 10, height: 17), strokes: [polyline([(8.2, 1.3), (1.8, 8.5), (8.2, 15.7)])])
        s["chevron.forward"] = SystemSymbol(size: CGSize(width: 10, height: 17), strokes: [polyline([(1.8, 1.3), (8.2, 8.5), (1.8, 15.7)])])
        s["chevron.down"] = SystemSymbol(size: CGSize(width: 17, height: 10), strokes: [polyline([(1.3, 1.8), (8.5, 8.2), (15.7, 1.8)])])
        s["chevron.up"] = SystemSymbol(size: CGSize(width: 17, height: 10), strokes: [polyline([(1.3, 8.2), (8.5, 1.8), (15.7, 8.2)])])
        s["xmark"] = SystemSymbol(size: CGSize(width: 14, height: 14),
                                  strokes: [polyline([(1.5, 1.5), (12.5, 12.5)]), polyline([(12.5, 1.5), (1.5, 12.5)])])
        s["plus"] = SystemSymbol(size: CGSize(width: 16, height: 16),
                                 strokes: [polyline([(8, 1.2), (8, 14.8)]), polyline([(1.2, 8), (14.8, 8)])])
        s["minus"] = SystemSymbol(size: CGSize(width: 16, height: 16), strokes: [polyline([(1.2, 8), (14.8, 8)])])
        s["checkmark"] = SystemSymbol(size: CGSize(width: 16, height: 15), strokes: [polyline([(1.5, 8), (6, 13), (14.5, 1.8)])])
        s["ellipsis"] = SystemSymbol(size: CGSize(width: 19, height: 5),
                                     fills: [circle(2.5, 2.5, 1.7), circle(9.5, 2.5, 1.7), circle(16.5, 2.5, 1.7)])
        s["ellipsis.circle"] = SystemSymbol(size: CGSize(width: 21, height: 21), strokes: [circle(10.5, 10.5, 9.4)],
                                            fills: [circle(6.3, 10.5, 1.35), circle(10.5, 10.5, 1.35), circle(14.7, 10.5, 1.35)])
        s["info.circle"] = SystemSymbol(size: CGSize(width: 21, height: 21),
                                        strokes: [circle(10.5, 10.5, 9.4), polyline([(10.5, 9.6), (10.5, 15.4)])],
                                        fills: [circle(10.5, 6.4, 1.3)])
        s["square.and.arrow.up"] = SystemSymbol(size: CGSize(width: 16, height: 21), strokes: [
            polyline([(5.2, 7.8), (1.3, 7.8), (1.3, 19.7), (14.7, 19.7), (14.7, 7.8), (10.8, 7.8)]),
            polyline([(8, 1.3), (8, 13.2)]), polyline([(4.8, 4.5), (8, 1.3), (11.2, 4.5)]),
        ])
        s["magnifyingglass"] = SystemSymbol(size: CGSize(width: 18, height: 18),
                                            strokes: [circle(7.4, 7.4, 6.1), polyline([(11.9, 11.9), (16.6, 16.6)])])
        s["line.3.horizontal"] = SystemSymbol(size: CGSize(width: 18, height: 13), strokes: [
            polyline([(1.2, 1.5), (16.8, 1.5)]), polyline([(1.2, 6.5), (16.8, 6.5)]), polyline([(1.2, 11.5), (16.8, 11.5)]),
        ])
        let starPoints = star(center: CGPoint(x: 9.5, y: 9.6), outer: 8.4, inner: 3.6)
        s["star"] = SystemSymbol(size: CGSize(width: 19, height: 18), strokes: [polyline(starPoints, closed: true)])
        s["star.fill"] = SystemSymbol(size: CGSize(width: 19, height: 18), strokes: [polyline(starPoints, closed: true)],
                                      fills: [polyline(starPoints, closed: true)])
        s["house"] = SystemSymbol(size: CGSize(width: 21, height: 18), strokes: [
            polyline([(1.3, 8.8), (10.5, 1.3), (19.7, 8.8)]), polyline([(4.2, 6.8), (4.2, 16.7), (16.8, 16.7), (16.8, 6.8)]),
        ])
        s["person.crop.circle"] = SystemSymbol(size: CGSize(width: 21, height: 21), strokes: {
            let shoulders = CGMutablePath()
            // Ends just inside the ring (8.6 from the centre), so the round caps stay within it.
            shoulders.move(to: CGPoint(x: 4.87, y: 17))
            shoulders.addQuadCurve(to: CGPoint(x: 16.13, y: 17), control: CGPoint(x: 10.5, y: 10.6))
            return [circle(10.5, 10.5, 9.4), circle(10.5, 8.2, 3.3), shoulders]
        }())
        s["doc.text.image"] = SystemSymbol(size: CGSize(width: 18, height: 21),
                                           strokes: [roundedRect(CGRect(x: 1.3, y: 1.3, width: 15.4, height: 18.4), 3),
                                                     polyline([(4.6, 13.4), (13.4, 13.4)]), polyline([(4.6, 16.4), (10.8, 16.4)])],
                                           fills: [roundedRect(CGRect(x: 4, y: 4.2, width: 10, height: 6), 1.2)])
        s["gamecontroller"] = SystemSymbol(size: CGSize(width: 26, height: 17), strokes: [
            roundedRect(CGRect(x: 1.3, y: 1.3, width: 23.4, height: 14.4), 7.2),
            polyline([(7.6, 5.6), (7.6, 11.4)]), polyline([(4.7, 8.5), (10.5, 8.5)]),
        ], fills: [circle(17.6, 7, 1.35), circle(20.2, 10, 1.35)])
        s["square.stack.3d.up"] = SystemSymbol(size: CGSize(width: 20, height: 21), strokes: [
            polyline([(10, 1.3), (18.7, 5.8), (10, 10.3), (1.3, 5.8)], closed: true),
            polyline([(1.3, 10.3), (10, 14.8), (18.7, 10.3)]),
            polyline([(1.3, 14.8), (10, 19.3), (18.7, 14.8)]),
        ])
        return s
    }()
}
