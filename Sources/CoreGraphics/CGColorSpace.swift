/// Stands in for Core Foundation's string type, which swift-corelibs-foundation does not expose on
/// Linux: colour-space names are Swift strings, so `CGColorSpace(name: CGColorSpace.sRGB)` and
/// `"kCGColorSpaceSRGB" as CFString` compile unchanged.
public typealias CFString = String

/// Stands in for Core Foundation's array type (not exposed on Linux), so iOS's
/// `CGGradient(colorsSpace:colors: [c1, c2] as CFArray, locations:)` compiles unchanged.
public typealias CFArray = [Any]

/// How a colour space's components are read (Apple's `CGColorSpaceModel`).
public enum CGColorSpaceModel: Int32, Sendable {
    case unknown = -1, monochrome, rgb, cmyk, lab, deviceN, indexed, pattern, XYZ
}

/// A colour space (Apple's `CGColorSpace`). Pixels here are always 8-bit sRGB, so every RGB space is
/// drawn as sRGB — its components are taken as sRGB-encoded values, with no conversion (Display P3's
/// wider gamut and the linear spaces' encoding are not honoured) — and every gray space as gray with the
/// sRGB curve. Gradients interpolate the encoded components, as the rest of the renderer blends.
public final class CGColorSpace: Equatable, Hashable, CustomStringConvertible, Sendable {
    public let model: CGColorSpaceModel
    /// The name it was made with (nil for the device spaces, as on Apple's platforms).
    public let name: CFString?

    private init(model: CGColorSpaceModel, name: CFString?) { self.model = model; self.name = name }

    /// A named space; nil for a name Core Graphics does not define.
    public convenience init?(name: CFString) {
        if Self.rgbNames.contains(name) {
            self.init(model: .rgb, name: name)
        } else if Self.grayNames.contains(name) {
            self.init(model: .monochrome, name: name)
        } else {
            return nil
        }
    }

    /// Colour components per colour, without alpha (3 for RGB, 1 for gray).
    public var numberOfComponents: Int { model == .monochrome ? 1 : 3 }
    public var isWideGamutRGB: Bool { name == Self.displayP3 || name == Self.extendedSRGB || name == Self.extendedLinearSRGB }
    public var supportsOutput: Bool { true }

    public static let sRGB: CFString = "kCGColorSpaceSRGB"
    public static let extendedSRGB: CFString = "kCGColorSpaceExtendedSRGB"
    public static let linearSRGB: CFString = "kCGColorSpaceLinearSRGB"
    public static let extendedLinearSRGB: CFString = "kCGColorSpaceExtendedLinearSRGB"
    public static let displayP3: CFString = "kCGColorSpaceDisplayP3"
    public static let genericRGBLinear: CFString = "kCGColorSpaceGenericRGBLinear"
    public static let genericGrayGamma2_2: CFString = "kCGColorSpaceGenericGrayGamma2_2"
    public static let linearGray: CFString = "kCGColorSpaceLinearGray"
    public static let extendedGray: CFString = "kCGColorSpaceExtendedGray"

    private static let rgbNames: Set<CFString> = [sRGB, extendedSRGB, linearSRGB, extendedLinearSRGB, displayP3, genericRGBLinear]
    private static let grayNames: Set<CFString> = [genericGrayGamma2_2, linearGray, extendedGray]

    /// The device RGB space (sRGB here).
    package static let deviceRGB = CGColorSpace(model: .rgb, name: nil)
    /// The device gray space.
    package static let deviceGray = CGColorSpace(model: .monochrome, name: nil)

    /// Components in this space (alpha last) → an sRGB colour; nil when the count is wrong.
    package func color(components: [CGFloat]) -> CGColor? {
        switch (model, components.count) {
        case (.monochrome, 2): CGColor(gray: components[0], alpha: components[1])
        case (.rgb, 4): CGColor(red: components[0], green: components[1], blue: components[2], alpha: components[3])
        default: nil
        }
    }

    public static func == (l: CGColorSpace, r: CGColorSpace) -> Bool { l.model == r.model && l.name == r.name }
    public func hash(into h: inout Hasher) { h.combine(model); h.combine(name) }
    public var description: String { "CGColorSpace(\(name ?? (model == .monochrome ? "device gray" : "device RGB")))" }
}

/// The device RGB space (sRGB here; Apple's `CGColorSpaceCreateDeviceRGB()`).
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { .deviceRGB }
/// The device gray space (Apple's `CGColorSpaceCreateDeviceGray()`).
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace { .deviceGray }
