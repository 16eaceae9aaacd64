/// An sRGB colour (straight alpha), bridging to CGColor; or a dynamic colour that picks one per trait
/// collection (the system colours, `init(dynamicProvider:)`, a colour set of an asset catalog).
///
/// A dynamic colour becomes fixed where it meets a layer: `cgColor` resolves with
/// `UITraitCollection.current`, and views resolve the colours they are given with their own trait
/// collection, re-applying them when it changes (see UIView.traitCollection).
///
/// Components outside 0…1 (`init(red:green:blue:alpha:)` with 1.2, a Display P3 colour outside sRGB's
/// gamut) are kept as extended sRGB, as on iOS: `getRed` reports them; the CGColor (what is drawn) clamps
/// them to the sRGB output. Alpha clamps to 0…1 as UIKit's does.
public final class UIColor: NSObject, @unchecked Sendable {
    private let fixed: CGColor
    /// The extended sRGB components of a fixed colour (the CGColor's, unclamped).
    private let components: (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat)
    private let provider: ((UITraitCollection) -> UIColor)?
    /// A system colour's name (its description, and equality between resolutions).
    private let name: String?

    /// The colour as a CGColor: a dynamic colour resolves with `UITraitCollection.current`, as on iOS.
    public var cgColor: CGColor { provider.map { $0(.current).cgColor } ?? fixed }

    public init(cgColor: CGColor) {
        fixed = cgColor; components = (cgColor.red, cgColor.green, cgColor.blue, cgColor.alpha); provider = nil; name = nil
        super.init()
    }
    /// A colour that asks `dynamicProvider` for the colour to show under each trait collection.
    public init(dynamicProvider: @escaping (UITraitCollection) -> UIColor) {
        fixed = CGColor(gray: 0, alpha: 0); components = (0, 0, 0, 0); provider = dynamicProvider; name = nil
        super.init()
    }
    /// A system colour: its variants picked by style, contrast and level (`SystemVariants`).
    private init(system name: String, variants: SystemVariants) {
        fixed = variants.light.fixed; components = variants.light.components; self.name = name
        provider = { variants.pick($0) }
        super.init()
    }
    /// A dynamic colour with another alpha: named after its base, so two made alike are equal.
    private init(name: String?, provider: @escaping (UITraitCollection) -> UIColor) {
        fixed = CGColor(gray: 0, alpha: 0); components = (0, 0, 0, 0); self.name = name; self.provider = provider
        super.init()
    }
    /// A colour set of an asset catalog (`UIColor(named:)`): dynamic, named "named:FOLDER" so that two
    /// lookups of one colour set are equal.
    convenience init(assetName: String, provider: @escaping (UITraitCollection) -> UIColor) {
        self.init(name: "named:\(assetName)", provider: provider)
    }
    /// Extended sRGB: components outside 0…1 are kept (see the type's comment); NaN counts as 0.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        func keep(_ v: CGFloat) -> CGFloat { v.isNaN ? 0 : v }
        fixed = CGColor(red: red, green: green, blue: blue, alpha: alpha)
        components = (keep(red), keep(green), keep(blue), fixed.alpha); provider = nil; name = nil
        super.init()
    }
    /// A Display P3 colour, converted to (extended) sRGB: the sRGB transfer function undone, the linear
    /// P3 → sRGB matrix (D65 both; `ColorSpaceConversion.p3ToSRGBLinear`, built from the published
    /// primaries), the transfer function applied again. A colour outside sRGB's gamut keeps its
    /// extended components (`getRed`) and is drawn clamped to the sRGB output.
    public convenience init(displayP3Red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        let (r, g, b) = ColorSpaceConversion.displayP3ToSRGB(displayP3Red, green, blue)
        self.init(red: r, green: g, blue: b, alpha: alpha)
    }
    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }
    /// A colour from hue, saturation and brightness (HSB, all 0…1; a hue of 1 is red again), in sRGB: the
    /// usual hexcone conversion (Smith, "Color Gamut Transform Pairs", SIGGRAPH 1978), as UIKit's.
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let (r, g, b) = hsbToRGB(hue: hue, saturation: saturation, brightness: brightness)
        self.init(red: r, green: g, blue: b, alpha: alpha)
    }
    /// A colour from a 0xRRGGBB literal (not an Apple initialiser; handy for scenes).
    public convenience init(rgb: UInt32, alpha: CGFloat = 1) {
        self.init(red: CGFloat((rgb >> 16) & 0xFF) / 255, green: CGFloat((rgb >> 8) & 0xFF) / 255,
                  blue: CGFloat(rgb & 0xFF) / 255, alpha: alpha)
    }

    /// Whether the colour depends on traits (system colours, `init(dynamicProvider:)`).
    var isDynamic: Bool { provider != nil }

    /// The fixed colour this one shows under `traitCollection` (itself when it is not dynamic). A trait
    /// collection without a style resolves as light, as UIKit does.
    public func resolvedColor(with traitCollection: UITraitCollection) -> UIColor {
        guard let provider else { return self }
        return provider(traitCollection).resolvedColor(with: traitCollection)
    }

    /// The colour with another alpha; a dynamic colour stays dynamic.
    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        if let provider {
            return UIColor(name: name.map { "\($0).withAlphaComponent(\(alpha))" }, provider: { provider($0).withAlphaComponent(alpha) })
        }
        return UIColor(red: components.red, green: components.green, blue: components.blue, alpha: alpha)
    }

    /// Writes the extended sRGB components (a dynamic colour resolves with `UITraitCollection.current`);
    /// true, as for any colour UIKit can convert to RGB. Any pointer may be nil.
    @discardableResult
    public func getRed(_ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
                       blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        let c = resolvedColor(with: .current).components
        red?.pointee = c.red; green?.pointee = c.green; blue?.pointee = c.blue; alpha?.pointee = c.alpha
        return true
    }
    /// Writes hue, saturation and brightness (and alpha); true. A grey has hue 0 and saturation 0.
    @discardableResult
    public func getHue(_ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
                       brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        let c = cgColor
        let (h, s, b) = rgbToHSB(red: c.red, green: c.green, blue: c.blue)
        hue?.pointee = h; saturation?.pointee = s; brightness?.pointee = b; alpha?.pointee = c.alpha
        return true
    }
    /// Writes the grey level (Rec. 601 luma of the sRGB components, as a grey colour returns its own white)
    /// and alpha; true.
    @discardableResult
    public func getWhite(_ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        let c = cgColor
        white?.pointee = c.red == c.green && c.green == c.blue ? c.red : 0.299 * c.red + 0.587 * c.green + 0.114 * c.blue
        alpha?.pointee = c.alpha
        return true
    }

    // UIKit's fixed colours (sRGB components as UIKit defines them).
    public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    public static let green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
    public static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
    public static let cyan = UIColor(red: 0, green: 1, blue: 1, alpha: 1)
    public static let yellow = UIColor(red: 1, green: 1, blue: 0, alpha: 1)
    public static let magenta = UIColor(red: 1, green: 0, blue: 1, alpha: 1)
    public static let orange = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
    public static let purple = UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)
    public static let brown = UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)
    public static let black = UIColor(white: 0, alpha: 1)
    public static let white = UIColor(white: 1, alpha: 1)
    public static let clear = UIColor(white: 0, alpha: 0)
    public static let darkGray = UIColor(white: 1.0 / 3, alpha: 1)
    public static let lightGray = UIColor(white: 2.0 / 3, alpha: 1)
    public static let gray = UIColor(white: 0.5, alpha: 1)

    // The system colours: light, dark, and where iOS has them, the Increase Contrast variants (light and
    // dark) and the elevated variants (dark only: sheets and popovers lift their backgrounds; light
    // elevated equals light). Tints and grays: Apple's Human Interface Guidelines colour tables
    // (developer.apple.com/design/human-interface-guidelines/color, "System colors" and "iOS, iPadOS
    // system gray colors", columns Default and Increased contrast, light and dark; the iOS 17/18 edition).
    // Backgrounds (base, elevated, increased contrast) and the element colours: as UIKit's iOS 13–18
    // `UIColor` resolves them (docs/UIKIT-COMPATIBILITY.md, "Asset catalogs and named colours").
    private static func system(_ name: String, _ light: UInt32, _ dark: UInt32, high: (UInt32, UInt32)? = nil,
                               elevated: UInt32? = nil, elevatedHigh: UInt32? = nil) -> UIColor {
        let light = UIColor(rgb: light), dark = UIColor(rgb: dark)
        let highLight = high.map { UIColor(rgb: $0.0) } ?? light, highDark = high.map { UIColor(rgb: $0.1) } ?? dark
        let elevatedDark = elevated.map { UIColor(rgb: $0) } ?? dark
        return UIColor(system: name, variants: SystemVariants(light: light, dark: dark, highLight: highLight, highDark: highDark,
                                                              elevatedDark: elevatedDark,
                                                              elevatedHighDark: elevatedHigh.map { UIColor(rgb: $0) } ?? (elevated == nil ? highDark : elevatedDark)))
    }
    private static func system(_ name: String, _ light: UIColor, _ dark: UIColor) -> UIColor {
        UIColor(system: name, variants: SystemVariants(light: light, dark: dark, highLight: light, highDark: dark,
                                                       elevatedDark: dark, elevatedHighDark: dark))
    }
    private static func rgba(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat) -> UIColor {
        UIColor(red: r / 255, green: g / 255, blue: b / 255, alpha: a)
    }

    /// The six colours a system colour may show, and which one a trait collection picks.
    private struct SystemVariants {
        let light, dark, highLight, highDark, elevatedDark, elevatedHighDark: UIColor
        func pick(_ traits: UITraitCollection) -> UIColor {
            let high = traits.accessibilityContrast == .high
            guard traits.userInterfaceStyle == .dark else { return high ? highLight : light }
            if traits.userInterfaceLevel == .elevated { return high ? elevatedHighDark : elevatedDark }
            return high ? highDark : dark
        }
    }

    // Backgrounds: in dark mode an elevated level (a sheet) lifts each one a step.
    public static let systemBackground = system("systemBackground", 0xFFFFFF, 0x000000, high: (0xFFFFFF, 0x000000),
                                                elevated: 0x1C1C1E, elevatedHigh: 0x242426)
    public static let secondarySystemBackground = system("secondarySystemBackground", 0xF2F2F7, 0x1C1C1E, high: (0xEBEBF0, 0x242426),
                                                         elevated: 0x2C2C2E, elevatedHigh: 0x363638)
    public static let tertiarySystemBackground = system("tertiarySystemBackground", 0xFFFFFF, 0x2C2C2E, high: (0xFFFFFF, 0x363638),
                                                        elevated: 0x3A3A3C, elevatedHigh: 0x444446)
    public static let systemGroupedBackground = system("systemGroupedBackground", 0xF2F2F7, 0x000000, high: (0xEBEBF0, 0x000000),
                                                       elevated: 0x1C1C1E, elevatedHigh: 0x242426)
    public static let secondarySystemGroupedBackground = system("secondarySystemGroupedBackground", 0xFFFFFF, 0x1C1C1E, high: (0xFFFFFF, 0x242426),
                                                                elevated: 0x2C2C2E, elevatedHigh: 0x363638)
    public static let tertiarySystemGroupedBackground = system("tertiarySystemGroupedBackground", 0xF2F2F7, 0x2C2C2E, high: (0xEBEBF0, 0x363638),
                                                               elevated: 0x3A3A3C, elevatedHigh: 0x444446)
    // Text.
    public static let label = system("label", .black, .white)
    public static let secondaryLabel = system("secondaryLabel", rgba(60, 60, 67, 0.6), rgba(235, 235, 245, 0.6))
    public static let tertiaryLabel = system("tertiaryLabel", rgba(60, 60, 67, 0.3), rgba(235, 235, 245, 0.3))
    public static let quaternaryLabel = system("quaternaryLabel", rgba(60, 60, 67, 0.18), rgba(235, 235, 245, 0.16))
    public static let placeholderText = system("placeholderText", rgba(60, 60, 67, 0.3), rgba(235, 235, 245, 0.3))
    public static let link = system("link", 0x007AFF, 0x0984FF)
    // Separators.
    public static let separator = system("separator", rgba(60, 60, 67, 0.29), rgba(84, 84, 88, 0.6))
    public static let opaqueSeparator = system("opaqueSeparator", 0xC6C6C8, 0x38383A)
    // The fills for thin and small shapes.
    public static let systemFill = system("systemFill", rgba(120, 120, 128, 0.2), rgba(120, 120, 128, 0.36))
    public static let secondarySystemFill = system("secondarySystemFill", rgba(120, 120, 128, 0.16), rgba(120, 120, 128, 0.32))
    public static let tertiarySystemFill = system("tertiarySystemFill", rgba(118, 118, 128, 0.12), rgba(118, 118, 128, 0.24))
    public static let quaternarySystemFill = system("quaternarySystemFill", rgba(116, 116, 128, 0.08), rgba(118, 118, 128, 0.18))
    // Tints: a little brighter in dark mode; Increase Contrast darkens them in light mode, lightens them in dark.
    /// iOS 15's tint as a colour. On iOS it resolves to the tint of the view that draws it; here it is
    /// the default tint, systemBlue, in every view (a view's own `tintColor` is not looked up:
    /// docs/UIKIT-COMPATIBILITY.md). Views' `tintColor` itself works as on iOS.
    public static var tintColor: UIColor { .systemBlue }
    public static let systemBlue = system("systemBlue", 0x007AFF, 0x0A84FF, high: (0x0040DD, 0x409CFF))
    public static let systemRed = system("systemRed", 0xFF3B30, 0xFF453A, high: (0xD70015, 0xFF6961))
    public static let systemGreen = system("systemGreen", 0x34C759, 0x30D158, high: (0x248A3D, 0x30DB5B))
    public static let systemOrange = system("systemOrange", 0xFF9500, 0xFF9F0A, high: (0xC93400, 0xFFB340))
    public static let systemPink = system("systemPink", 0xFF2D55, 0xFF375F, high: (0xD30F45, 0xFF6482))
    public static let systemPurple = system("systemPurple", 0xAF52DE, 0xBF5AF2, high: (0x8944AB, 0xDA8FFF))
    public static let systemTeal = system("systemTeal", 0x30B0C7, 0x40C8E0, high: (0x008299, 0x5DE6FF))
    public static let systemIndigo = system("systemIndigo", 0x5856D6, 0x5E5CE6, high: (0x3634A3, 0x7D7AFF))
    public static let systemYellow = system("systemYellow", 0xFFCC00, 0xFFD60A, high: (0xB25000, 0xFFD426))
    public static let systemMint = system("systemMint", 0x00C7BE, 0x63E6E2, high: (0x0C817B, 0x63E6E2))
    public static let systemCyan = system("systemCyan", 0x32ADE6, 0x64D2FF, high: (0x0071A4, 0x70D7FF))
    public static let systemBrown = system("systemBrown", 0xA2845E, 0xAC8E68, high: (0x7F6545, 0xB59469))
    // Grays: systemGray is the same in both; 2–6 darken in dark mode.
    public static let systemGray = system("systemGray", 0x8E8E93, 0x8E8E93, high: (0x6C6C70, 0xAEAEB2))
    public static let systemGray2 = system("systemGray2", 0xAEAEB2, 0x636366, high: (0x8E8E93, 0x7C7C80))
    public static let systemGray3 = system("systemGray3", 0xC7C7CC, 0x48484A, high: (0xAEAEB2, 0x545456))
    public static let systemGray4 = system("systemGray4", 0xD1D1D6, 0x3A3A3C, high: (0xBCBCC0, 0x444446))
    public static let systemGray5 = system("systemGray5", 0xE5E5EA, 0x2C2C2E, high: (0xD8D8DC, 0x363638))
    public static let systemGray6 = system("systemGray6", 0xF2F2F7, 0x1C1C1E, high: (0xEBEBF0, 0x242426))

    /// The system colour called `name` (`systemBlue`, `label`…), for colour sets that refer to one.
    static func systemColor(named name: String) -> UIColor? {
        let table: [String: UIColor] = [
            "systemBackground": .systemBackground, "secondarySystemBackground": .secondarySystemBackground,
            "tertiarySystemBackground": .tertiarySystemBackground, "systemGroupedBackground": .systemGroupedBackground,
            "secondarySystemGroupedBackground": .secondarySystemGroupedBackground,
            "tertiarySystemGroupedBackground": .tertiarySystemGroupedBackground,
            "label": .label, "secondaryLabel": .secondaryLabel, "tertiaryLabel": .tertiaryLabel, "quaternaryLabel": .quaternaryLabel,
            "placeholderText": .placeholderText, "link": .link, "separator": .separator, "opaqueSeparator": .opaqueSeparator,
            "systemFill": .systemFill, "secondarySystemFill": .secondarySystemFill, "tertiarySystemFill": .tertiarySystemFill,
            "quaternarySystemFill": .quaternarySystemFill, "systemBlue": .systemBlue, "systemRed": .systemRed,
            "systemGreen": .systemGreen, "systemOrange": .systemOrange, "systemPink": .systemPink, "systemPurple": .systemPurple,
            "systemTeal": .systemTeal, "systemIndigo": .systemIndigo, "systemYellow": .systemYellow, "systemMint": .systemMint,
            "systemCyan": .systemCyan, "systemBrown": .systemBrown, "systemGray": .systemGray, "systemGray2": .systemGray2,
            "systemGray3": .systemGray3, "systemGray4": .systemGray4, "systemGray5": .systemGray5, "systemGray6": .systemGray6,
            "black": .black, "white": .white, "clear": .clear, "red": .red, "green": .green, "blue": .blue, "gray": .gray,
            "darkGray": .darkGray, "lightGray": .lightGray, "cyan": .cyan, "yellow": .yellow, "magenta": .magenta,
            "orange": .orange, "purple": .purple, "brown": .brown,
        ]
        return table[name]
    }
    /// Fixed colours are equal when their components are; a dynamic colour equals itself (and a system
    /// colour another instance of the same name).
    public override func isEqual(_ object: Any?) -> Bool {
        guard let r = object as? UIColor else { return false }
        switch (provider, r.provider) {
        case (nil, nil):
            let a = components, b = r.components
            return a.red == b.red && a.green == b.green && a.blue == b.blue && a.alpha == b.alpha
        case (.some, .some): return self === r || (name != nil && name == r.name)
        default: return false
        }
    }
    public override var hash: Int {
        var h = Hasher()
        if provider == nil { h.combine(fixed) } else if let name { h.combine(name) } else { h.combine(ObjectIdentifier(self)) }
        return h.finalize()
    }
    public override var description: String {
        if let name { return "UIColor.\(name)" }
        return provider == nil ? "UIColor(\(fixed))" : "UIColor(dynamicProvider:)"
    }
}

/// HSB → RGB on the hexcone: the hue picks one of six sectors, saturation and brightness place the point.
func hsbToRGB(hue: CGFloat, saturation: CGFloat, brightness: CGFloat) -> (CGFloat, CGFloat, CGFloat) {
    let s = min(max(saturation, 0), 1), v = min(max(brightness, 0), 1)
    var h = hue.truncatingRemainder(dividingBy: 1)
    if h < 0 { h += 1 }
    let sector = h * 6, i = Int(sector.rounded(.down)) % 6, f = sector - sector.rounded(.down)
    let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
    switch i {
    case 0: return (v, t, p)
    case 1: return (q, v, p)
    case 2: return (p, v, t)
    case 3: return (p, q, v)
    case 4: return (t, p, v)
    default: return (v, p, q)
    }
}

/// RGB → HSB, the inverse of `hsbToRGB` (hue in 0..<1).
func rgbToHSB(red r: CGFloat, green g: CGFloat, blue b: CGFloat) -> (CGFloat, CGFloat, CGFloat) {
    let maxC = max(r, g, b), minC = min(r, g, b), delta = maxC - minC
    guard maxC > 0, delta > 0 else { return (0, 0, maxC) }
    var h: CGFloat
    if maxC == r { h = (g - b) / delta } else if maxC == g { h = 2 + (b - r) / delta } else { h = 4 + (r - g) / delta }
    h /= 6
    if h < 0 { h += 1 }
    return (h, delta / maxC, maxC)
}
