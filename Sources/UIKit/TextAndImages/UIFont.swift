import Foundation
internal import Text

/// A font: a face and a size. The system font is Inter (SF Pro cannot be redistributed), in the weights
/// iOS uses; `UIFont(name:size:)` finds fonts registered with `UIFont.register(contentsOf:)` (modelled on
/// CTFontManagerRegisterFontsForURL) by PostScript or full name.
public final class UIFont: NSObject, LayerFontNaming, @unchecked Sendable {
    let font: Font
    /// `.SystemFont-<weight>[-Italic]` for the system font, else the face's PostScript name.
    public let fontName: String

    init(font: Font, name: String) {
        self.font = font
        self.fontName = name
    }

    /// A registered or system face by PostScript name (`Inter-SemiBold`) or full name; nil when none.
    public convenience init?(name fontName: String, size fontSize: CGFloat) {
        guard let face = FontRegistry.shared.face(named: fontName) else { return nil }
        self.init(font: Font(face: face, size: fontSize), name: face.postScriptName)
    }

    public struct Weight: RawRepresentable, Hashable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        // UIKit's values (UIFontWeight constants).
        public static let ultraLight = Weight(rawValue: -0.8)
        public static let thin = Weight(rawValue: -0.6)
        public static let light = Weight(rawValue: -0.4)
        public static let regular = Weight(rawValue: 0)
        public static let medium = Weight(rawValue: 0.23)
        public static let semibold = Weight(rawValue: 0.3)
        public static let bold = Weight(rawValue: 0.4)
        public static let heavy = Weight(rawValue: 0.56)
        public static let black = Weight(rawValue: 0.62)

        /// The OpenType weight class (100–900) nearest this UIKit weight.
        var weightClass: Double {
            let table: [(CGFloat, Double)] = [(-0.8, 100), (-0.6, 200), (-0.4, 300), (0, 400), (0.23, 500), (0.3, 600),
                                              (0.4, 700), (0.56, 800), (0.62, 900)]
            return table.min { abs($0.0 - rawValue) < abs($1.0 - rawValue) }!.1
        }
    }

    public class func systemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        system(size: fontSize, weightClass: weight.weightClass, italic: false)
    }
    public class func systemFont(ofSize fontSize: CGFloat) -> UIFont { systemFont(ofSize: fontSize, weight: .regular) }
    public class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont { systemFont(ofSize: fontSize, weight: .bold) }
    public class func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont { system(size: fontSize, weightClass: 400, italic: true) }
    /// The system font; its digits are Inter's default (proportional) figures: a documented deviation.
    public class func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        systemFont(ofSize: fontSize, weight: weight)
    }

    static func system(size: CGFloat, weightClass: Double, italic: Bool) -> UIFont {
        UIFont(font: Font.system(size: size, weight: weightClass, italic: italic),
               name: Font.systemName(weight: weightClass, italic: italic))
    }

    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
        public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")
    }

    /// iOS's default (Large) Dynamic Type sizes and weights, from Apple's Human Interface Guidelines
    /// (Typography, "iOS, iPadOS Dynamic Type sizes").
    public class func preferredFont(forTextStyle style: TextStyle) -> UIFont {
        let (size, weight): (CGFloat, Weight)
        switch style {
        case .largeTitle: (size, weight) = (34, .regular)
        case .title1: (size, weight) = (28, .regular)
        case .title2: (size, weight) = (22, .regular)
        case .title3: (size, weight) = (20, .regular)
        case .headline: (size, weight) = (17, .semibold)
        case .callout: (size, weight) = (16, .regular)
        case .subheadline: (size, weight) = (15, .regular)
        case .footnote: (size, weight) = (13, .regular)
        case .caption1: (size, weight) = (12, .regular)
        case .caption2: (size, weight) = (11, .regular)
        default: (size, weight) = (17, .regular)
        }
        return systemFont(ofSize: size, weight: weight)
    }

    public func withSize(_ fontSize: CGFloat) -> UIFont { UIFont(font: Font(face: font.face, size: fontSize), name: fontName) }

    public var pointSize: CGFloat { font.pointSize }
    public var familyName: String { font.face.familyName }
    public var ascender: CGFloat { font.ascender }
    /// Negative, below the baseline.
    public var descender: CGFloat { font.descender }
    public var capHeight: CGFloat { font.capHeight }
    public var xHeight: CGFloat { font.xHeight }
    public var leading: CGFloat { font.leading }
    public var lineHeight: CGFloat { font.lineHeight }

    public var layerFontName: String { fontName }

    /// Registers the fonts in a .ttf, .otf or .ttc file, so `UIFont(name:size:)` finds them (as
    /// CTFontManagerRegisterFontsForURL does on iOS). Returns their PostScript names.
    @discardableResult
    public class func register(contentsOf url: URL) throws -> [String] {
        try FontRegistry.shared.register(contentsOf: url).map(\.postScriptName)
    }

    /// Makes the faces in these font files the system font (render-transition's own call, not UIKit's): SF Pro
    /// where your licence allows, so renders match the device's type. Weights and italics are matched by the
    /// faces' own OS/2 values; `systemFont(ofSize:weight:)` then picks the nearest.
    public class func useAsSystemFont(contentsOf urls: [URL]) throws {
        let faces = try urls.flatMap { try FontFace.faces(contentsOf: $0) }
        guard !faces.isEmpty else { throw TextError.notAFont(source: urls.map(\.path).joined(separator: ", "), reason: "no font files were given") }
        FontRegistry.shared.replaceSystemFont(with: faces)
    }

    /// Goes back to the shipped system font (Inter).
    public class func useShippedSystemFont() {
        FontRegistry.shared.replaceSystemFont(with: FontRegistry.shippedFaces)
    }

    public override var description: String { "<UIFont: \(fontName) \(pointSize) pt>" }
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIFont else { return false }
        return other.fontName == fontName && other.pointSize == pointSize
    }
    public override var hash: Int { fontName.hashValue ^ pointSize.hashValue }
}
