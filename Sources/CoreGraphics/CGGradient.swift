/// Whether a gradient drawing extends past its ends (Apple's `CGGradientDrawingOptions`). Without an
/// option nothing is drawn before the start (the start line or circle) or after the end.
public struct CGGradientDrawingOptions: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Fill before the start with the first colour.
    public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1 << 0)
    /// Fill after the end with the last colour.
    public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 1 << 1)
}

/// Colours at locations from 0 to 1 (Apple's `CGGradient`), drawn by `CGContext.drawLinearGradient` and
/// `drawRadialGradient`. Colours are kept as sRGB (see `CGColorSpace`) and interpolated in their encoded
/// values with straight alpha, as `CAGradientLayer` is drawn.
public final class CGGradient: CustomStringConvertible, Sendable {
    /// The stops as (location, colour), in the order given.
    package let stops: [(location: CGFloat, color: CGColor)]
    public let colorSpace: CGColorSpace

    /// `colors` holds `CGColor`s (on Linux `CFArray` is `[Any]`, so `[a, b] as CFArray` still compiles);
    /// `locations` has one value in 0…1 per colour, or nil to space the colours evenly from 0 to 1.
    /// Nil for an empty array or an element that is not a `CGColor`.
    public convenience init?(colorsSpace space: CGColorSpace?, colors: CFArray, locations: UnsafePointer<CGFloat>?) {
        var cgColors: [CGColor] = []
        for element in colors {
            guard let color = element as? CGColor else { return nil }
            cgColors.append(color)
        }
        self.init(space: space ?? .deviceRGB, colors: cgColors, locations: locations)
    }

    /// `components` holds `count` colours of the space's components and alpha (four numbers each for
    /// RGB, two for gray); `locations` as above. Nil when `count` is not positive or the space is
    /// neither RGB nor gray.
    public convenience init?(colorSpace space: CGColorSpace, colorComponents components: UnsafePointer<CGFloat>,
                             locations: UnsafePointer<CGFloat>?, count: Int) {
        guard count > 0, space.model == .rgb || space.model == .monochrome else { return nil }
        let stride = space.numberOfComponents + 1
        var colors: [CGColor] = []
        for index in 0..<count {
            let values = (0..<stride).map { components[index * stride + $0] }
            guard let color = space.color(components: values) else { return nil }
            colors.append(color)
        }
        self.init(space: space, colors: colors, locations: locations)
    }

    private init?(space: CGColorSpace, colors: [CGColor], locations: UnsafePointer<CGFloat>?) {
        guard !colors.isEmpty else { return nil }
        let count = colors.count
        stops = colors.indices.map { index in
            // Core Graphics requires locations in 0…1; values outside are clamped, NaN counts as 0.
            let given = locations.map { $0[index] } ?? (count == 1 ? 0 : CGFloat(index) / CGFloat(count - 1))
            return (given.isNaN ? 0 : min(max(given, 0), 1), colors[index])
        }
        colorSpace = space
    }

    public var description: String { "CGGradient(\(stops.map { "\($0.location): \($0.color)" }.joined(separator: ", ")))" }
}

/// A gradient drawn by a context: the gradient, its geometry in user space and its options.
package struct GradientDrawing: Sendable {
    package enum Geometry: Sendable {
        case linear(start: CGPoint, end: CGPoint)
        case radial(startCenter: CGPoint, startRadius: CGFloat, endCenter: CGPoint, endRadius: CGFloat)
    }
    package var gradient: CGGradient
    package var geometry: Geometry
    package var options: CGGradientDrawingOptions
}
