import Foundation

/// A `.colorset` folder: its `Contents.json` `colors` entries, each converted to (extended) sRGB, and the
/// dynamic colour that picks one per trait collection as iOS does.
struct AssetColorSet {
    struct Entry {
        var color: UIColor
        var idiom: String
        var luminosity: String?
        var highContrast = false
    }
    let entries: [Entry]

    static func read(_ folder: URL) throws(AssetProblem) -> AssetColorSet {
        let file = folder.appendingPathComponent("Contents.json")
        let json = try AssetCatalog.readContents(file)
        guard let colors = json["colors"] as? [Any] else {
            throw AssetProblem(file: file.path, "has no \"colors\" list; a colour set lists its colours there")
        }
        var entries: [Entry] = []
        for (index, raw) in colors.enumerated() {
            let where_ = "colors[\(index)]"
            guard let object = raw as? [String: Any] else { throw AssetProblem(file: file.path, "\(where_) is not an object") }
            guard let color = object["color"] as? [String: Any] else {
                throw AssetProblem(file: file.path, "\(where_) has no \"color\" object")
            }
            var entry = Entry(color: try Self.color(color, file: file.path, at: where_), idiom: (object["idiom"] as? String) ?? "universal")
            (entry.luminosity, entry.highContrast) = try AssetAppearances.read(object, file: file.path, at: where_)
            if AssetImageSet.phoneIdioms.contains(entry.idiom) { entries.append(entry) }
        }
        guard !entries.isEmpty else { throw AssetProblem(file: file.path, "has no colour for an iPhone (idiom \"universal\" or \"iphone\")") }
        return AssetColorSet(entries: entries)
    }

    /// The entry for `traits`, by the rules images use (appearance, contrast, idiom; see AssetImageSet).
    func entry(for traits: UITraitCollection) -> Entry {
        func rank(_ e: Entry) -> [Int] {
            AssetAppearances.rank(luminosity: e.luminosity, highContrast: e.highContrast, for: traits) + [e.idiom == "iphone" ? 0 : 1]
        }
        return entries.enumerated().min { a, b in
            let ra = rank(a.element), rb = rank(b.element)
            return ra != rb ? ra.lexicographicallyPrecedes(rb) : a.offset < b.offset
        }!.element
    }

    /// One `color` object: `{"color-space": …, "components": {…}}`, or a system colour reference
    /// (`{"platform": "ios", "reference": "systemBlueColor"}`).
    static func color(_ object: [String: Any], file: String, at where_: String) throws(AssetProblem) -> UIColor {
        if let reference = object["reference"] as? String {
            let name = reference.hasSuffix("Color") ? String(reference.dropLast(5)) : reference
            guard let color = UIColor.systemColor(named: name) else {
                throw AssetProblem(file: file, "\(where_) refers to system colour \"\(reference)\", which is not one UIKit has")
            }
            return color
        }
        let space = (object["color-space"] as? String) ?? "srgb"
        guard let components = object["components"] as? [String: Any] else {
            throw AssetProblem(file: file, "\(where_).color has no \"components\"")
        }
        func component(_ key: String, isAlpha: Bool = false) throws(AssetProblem) -> CGFloat {
            guard let raw = components[key] else {
                if isAlpha { return 1 }
                throw AssetProblem(file: file, "\(where_).color.components has no \"\(key)\" (a \(space) colour needs it)")
            }
            guard let value = parseComponent(raw, isAlpha: isAlpha) else {
                throw AssetProblem(file: file, "\(where_).color.components.\(key) is \(raw); write a number as Xcode does: \"0.5\", \"128\" (0–255) or \"0x80\"")
            }
            return value
        }
        let alpha = try component("alpha", isAlpha: true)
        switch space {
        case "srgb", "extended-srgb":
            return UIColor(red: try component("red"), green: try component("green"), blue: try component("blue"), alpha: alpha)
        case "display-p3":
            return UIColor(displayP3Red: try component("red"), green: try component("green"), blue: try component("blue"), alpha: alpha)
        case "extended-linear-srgb":
            let encode = ColorSpaceConversion.sRGBEncode
            return UIColor(red: encode(try component("red")), green: encode(try component("green")), blue: encode(try component("blue")), alpha: alpha)
        case "gray-gamma-22":
            return UIColor(white: ColorSpaceConversion.sRGBEncode(ColorSpaceConversion.gamma22Decode(try component("white"))), alpha: alpha)
        case "extended-gray":
            return UIColor(white: try component("white"), alpha: alpha)
        default:
            throw AssetProblem(file: file, "\(where_) has color-space \"\(space)\"; known: srgb, extended-srgb, extended-linear-srgb, display-p3, gray-gamma-22, extended-gray")
        }
    }

    /// A component as Xcode writes it: a string with a point ("0.502") or a JSON number is the value
    /// itself; a whole number string ("128") is out of 255; "0x80" is hexadecimal out of 255. Alpha is
    /// written as a fraction even in 8-bit mode, so a whole-number alpha ("1") is the value itself.
    static func parseComponent(_ raw: Any, isAlpha: Bool) -> CGFloat? {
        if let number = raw as? NSNumber, !(raw is Bool) { return finite(CGFloat(number.doubleValue)) }
        guard let text = (raw as? String)?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        if text.lowercased().hasPrefix("0x") {
            guard let value = Int(text.dropFirst(2), radix: 16), value <= 0xFFFF else { return nil }
            return CGFloat(value) / 255
        }
        if !isAlpha, text.allSatisfy(\.isNumber) || (text.first == "-" && text.dropFirst().allSatisfy(\.isNumber) && text.count > 1) {
            return Double(text).map { CGFloat($0) / 255 }
        }
        return Double(text).flatMap { finite(CGFloat($0)) }
    }
    private static func finite(_ v: CGFloat) -> CGFloat? { v.isFinite ? v : nil }
}

/// Colour-space conversions to the output's sRGB (every layer is composited in sRGB; docs/ASSETS.md).
enum ColorSpaceConversion {
    /// sRGB's transfer function (IEC 61966-2-1), decoding: encoded → linear. Extended: negative values
    /// mirror the curve, as Core Graphics' extended sRGB does.
    static func sRGBDecode(_ c: CGFloat) -> CGFloat {
        let a = abs(c)
        let l = a <= 0.04045 ? a / 12.92 : pow((a + 0.055) / 1.055, 2.4)
        return c < 0 ? -l : l
    }
    /// sRGB's transfer function, encoding: linear → encoded (mirrored for negative values).
    static func sRGBEncode(_ l: CGFloat) -> CGFloat {
        let a = abs(l)
        let c = a <= 0.0031308 ? a * 12.92 : 1.055 * pow(a, 1 / 2.4) - 0.055
        return l < 0 ? -c : c
    }
    /// Gray Gamma 2.2 (Xcode's "gray-gamma-22"): a pure power curve.
    static func gamma22Decode(_ c: CGFloat) -> CGFloat { c < 0 ? -pow(-c, 2.2) : pow(c, 2.2) }

    /// Display P3 → extended sRGB, both encoded: Display P3 uses the sRGB transfer function and D65 white
    /// (Apple, "Display P3" ICC profile; SMPTE EG 432-1 for the DCI-P3 primaries), so the conversion is
    /// decode, one linear 3×3 map between the two primary sets, encode. Values outside sRGB's gamut come
    /// out below 0 or above 1 (extended sRGB, what `getRed` reports on iOS); they clamp where drawn.
    static func displayP3ToSRGB(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat) -> (CGFloat, CGFloat, CGFloat) {
        let m = p3ToSRGBLinear
        let lr = sRGBDecode(r), lg = sRGBDecode(g), lb = sRGBDecode(b)
        return (sRGBEncode(m[0] * lr + m[1] * lg + m[2] * lb),
                sRGBEncode(m[3] * lr + m[4] * lg + m[5] * lb),
                sRGBEncode(m[6] * lr + m[7] * lg + m[8] * lb))
    }

    /// Linear Display P3 → linear sRGB, row-major: (sRGB's RGB→XYZ)⁻¹ · (P3's RGB→XYZ), each built from
    /// its primaries' chromaticities and the D65 white point (SMPTE RP 177-1993, "Derivation of Basic
    /// Television Color Equations"). Primaries: sRGB, IEC 61966-2-1 (0.64, 0.33), (0.30, 0.60),
    /// (0.15, 0.06); Display P3, SMPTE EG 432-1 (0.680, 0.320), (0.265, 0.690), (0.150, 0.060); D65
    /// (0.3127, 0.3290). No chromatic adaptation: both share the white point.
    static let p3ToSRGBLinear: [CGFloat] = {
        let d65 = (0.3127, 0.3290)
        let srgb = rgbToXYZ(r: (0.64, 0.33), g: (0.30, 0.60), b: (0.15, 0.06), white: d65)
        let p3 = rgbToXYZ(r: (0.680, 0.320), g: (0.265, 0.690), b: (0.150, 0.060), white: d65)
        return multiply(invert(srgb), p3).map { CGFloat($0) }
    }()

    /// RGB → XYZ for primaries and a white point given as xy chromaticities (RP 177: the primaries' XYZ
    /// columns scaled so that RGB (1, 1, 1) is the white at Y = 1).
    static func rgbToXYZ(r: (Double, Double), g: (Double, Double), b: (Double, Double), white: (Double, Double)) -> [Double] {
        func xyz(_ p: (Double, Double)) -> [Double] { [p.0 / p.1, 1, (1 - p.0 - p.1) / p.1] }
        let pr = xyz(r), pg = xyz(g), pb = xyz(b), w = xyz(white)
        let primaries = [pr[0], pg[0], pb[0], pr[1], pg[1], pb[1], pr[2], pg[2], pb[2]]
        let s = apply(invert(primaries), w)
        return [pr[0] * s[0], pg[0] * s[1], pb[0] * s[2], pr[1] * s[0], pg[1] * s[1], pb[1] * s[2], pr[2] * s[0], pg[2] * s[1], pb[2] * s[2]]
    }
    static func apply(_ m: [Double], _ v: [Double]) -> [Double] {
        (0..<3).map { i in m[3 * i] * v[0] + m[3 * i + 1] * v[1] + m[3 * i + 2] * v[2] }
    }
    static func multiply(_ a: [Double], _ b: [Double]) -> [Double] {
        (0..<9).map { k in let i = k / 3, j = k % 3; return a[3 * i] * b[j] + a[3 * i + 1] * b[3 + j] + a[3 * i + 2] * b[6 + j] }
    }
    /// A 3×3 inverse by cofactors (the matrices here are well conditioned).
    static func invert(_ m: [Double]) -> [Double] {
        let c = [m[4] * m[8] - m[5] * m[7], m[2] * m[7] - m[1] * m[8], m[1] * m[5] - m[2] * m[4],
                 m[5] * m[6] - m[3] * m[8], m[0] * m[8] - m[2] * m[6], m[2] * m[3] - m[0] * m[5],
                 m[3] * m[7] - m[4] * m[6], m[1] * m[6] - m[0] * m[7], m[0] * m[4] - m[1] * m[3]]
        let det = m[0] * c[0] + m[1] * c[3] + m[2] * c[6]
        return c.map { $0 / det }
    }
}
