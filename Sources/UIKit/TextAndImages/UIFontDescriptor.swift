import Foundation
internal import Text

/// A description of a font by its attributes (family, name, size, weight, slant, text style), from which
/// `UIFont(descriptor:size:)` makes a font: Apple's UIFontDescriptor, kept to the attributes our fonts have.
///
/// The system font is described by its internal name (`.SystemFont-600`, the `fontName` UIFont reports) and
/// the family of the faces behind it (Inter, or the faces given to `useAsSystemFont`). A descriptor resolves
/// to the nearest face there is: asking for a bold italic system font gives the italic the shipped faces have.
public final class UIFontDescriptor: NSObject, @unchecked Sendable {
    public struct AttributeName: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// A String: the family ("Inter").
        public static let family = AttributeName(rawValue: "NSFontFamilyAttribute")
        /// A String: the PostScript name, or `.SystemFont-<weight>[-Italic]` for the system font.
        public static let name = AttributeName(rawValue: "NSFontNameAttribute")
        /// A CGFloat: the point size.
        public static let size = AttributeName(rawValue: "NSFontSizeAttribute")
        /// A `[UIFontDescriptor.TraitKey: Any]`: `.weight` (a CGFloat, UIFont.Weight's scale) and `.symbolic`
        /// (a UInt32 of SymbolicTraits).
        public static let traits = AttributeName(rawValue: "NSCTFontTraitsAttribute")
        /// A String: the UIFont.TextStyle a preferred font was made for.
        public static let textStyle = AttributeName(rawValue: "NSCTFontUIUsageAttribute")
    }

    public struct TraitKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let symbolic = TraitKey(rawValue: "NSCTFontSymbolicTrait")
        public static let weight = TraitKey(rawValue: "NSCTFontWeightTrait")
    }

    public struct SymbolicTraits: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        // Core Text's trait bits (kCTFontItalicTrait, kCTFontBoldTrait, …).
        public static let traitItalic = SymbolicTraits(rawValue: 1 << 0)
        public static let traitBold = SymbolicTraits(rawValue: 1 << 1)
        public static let traitExpanded = SymbolicTraits(rawValue: 1 << 5)
        public static let traitCondensed = SymbolicTraits(rawValue: 1 << 6)
        public static let traitMonoSpace = SymbolicTraits(rawValue: 1 << 10)
    }

    /// The system font's designs. Only `.default` exists here: the others (SF Rounded, New York, SF Mono)
    /// have no faces, so `withDesign` answers nil for them, as iOS does for a design a font lacks.
    public struct SystemDesign: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let `default` = SystemDesign(rawValue: "NSCTFontUIFontDesignDefault")
        public static let rounded = SystemDesign(rawValue: "NSCTFontUIFontDesignRounded")
        public static let serif = SystemDesign(rawValue: "NSCTFontUIFontDesignSerif")
        public static let monospaced = SystemDesign(rawValue: "NSCTFontUIFontDesignMonospaced")
    }

    public let fontAttributes: [AttributeName: Any]

    public init(fontAttributes attributes: [AttributeName: Any] = [:]) {
        fontAttributes = attributes
        super.init()
    }

    public convenience init(name fontName: String, size: CGFloat) {
        self.init(fontAttributes: [.name: fontName, .size: size])
    }

    public convenience init(name fontName: String, matrix: CGAffineTransform) {
        self.init(fontAttributes: [.name: fontName])
    }

    /// The size attribute; 0 when the descriptor has none.
    public var pointSize: CGFloat { fontAttributes[.size] as? CGFloat ?? 0 }

    /// The name of the font this descriptor resolves to.
    public var postscriptName: String { UIFont.resolve(self, size: 0).fontName }

    /// The traits asked for: the symbolic traits attribute if there is one, else those of the face the
    /// descriptor resolves to.
    public var symbolicTraits: SymbolicTraits {
        if let raw = traitsAttribute[.symbolic] as? UInt32 { return SymbolicTraits(rawValue: raw) }
        return UIFont.resolve(self, size: 0).symbolicTraits
    }

    var traitsAttribute: [TraitKey: Any] { fontAttributes[.traits] as? [TraitKey: Any] ?? [:] }

    public func withSize(_ newPointSize: CGFloat) -> UIFontDescriptor { adding([.size: newPointSize]) }

    public func addingAttributes(_ attributes: [AttributeName: Any]) -> UIFontDescriptor { adding(attributes) }

    /// The same font with these symbolic traits instead of its own. Bold asks for weight `.bold` (and
    /// dropping bold for `.regular`); nil when no face of the family has the bold and italic asked for, as
    /// on iOS (the shipped Inter has an italic only in the regular weight).
    public func withSymbolicTraits(_ symbolicTraits: SymbolicTraits) -> UIFontDescriptor? {
        let current = UIFont.resolve(self, size: 0)
        var traits = traitsAttribute
        traits[.symbolic] = symbolicTraits.rawValue
        let wasBold = current.symbolicTraits.contains(.traitBold)
        if symbolicTraits.contains(.traitBold) && !wasBold {
            traits[.weight] = UIFont.Weight.bold.rawValue
        } else if !symbolicTraits.contains(.traitBold) && wasBold {
            traits[.weight] = UIFont.Weight.regular.rawValue
        }
        var attributes = fontAttributes
        attributes[.traits] = traits
        if attributes[.name] == nil && attributes[.textStyle] == nil { attributes[.name] = current.fontName }
        let result = UIFontDescriptor(fontAttributes: attributes)
        let resolved = UIFont.resolve(result, size: 0)
        let faceTraits: SymbolicTraits = [.traitBold, .traitItalic]
        guard resolved.familyName == current.familyName,
              resolved.symbolicTraits.intersection(faceTraits) == symbolicTraits.intersection(faceTraits) else { return nil }
        return result
    }

    /// `.default` gives this descriptor; other designs have no faces here, so nil.
    public func withDesign(_ design: SystemDesign) -> UIFontDescriptor? { design == .default ? self : nil }

    /// The descriptor of a text style's font at the default (Large) Dynamic Type size.
    public class func preferredFontDescriptor(withTextStyle style: UIFont.TextStyle) -> UIFontDescriptor {
        let font = UIFont.preferredFont(forTextStyle: style)
        return font.fontDescriptor.adding([.textStyle: style.rawValue])
    }

    private func adding(_ attributes: [AttributeName: Any]) -> UIFontDescriptor {
        UIFontDescriptor(fontAttributes: fontAttributes.merging(attributes) { $1 })
    }

    public override var description: String {
        let parts = fontAttributes.map { "\($0.key.rawValue): \($0.value)" }.sorted()
        return "UIFontDescriptor(\(parts.joined(separator: ", ")))"
    }

    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIFontDescriptor else { return false }
        return other.description == description
    }
    public override var hash: Int { description.hashValue }
}

extension UIFont {
    /// What this font is: family, name, size, weight and traits.
    public var fontDescriptor: UIFontDescriptor {
        UIFontDescriptor(fontAttributes: [
            .family: familyName, .name: fontName, .size: pointSize,
            .traits: [UIFontDescriptor.TraitKey.weight: weight.rawValue,
                      UIFontDescriptor.TraitKey.symbolic: symbolicTraits.rawValue] as [UIFontDescriptor.TraitKey: Any],
        ])
    }

    /// The font a descriptor describes, at `pointSize` (0: the descriptor's size, else 12 as UIKit's
    /// default).
    public convenience init(descriptor: UIFontDescriptor, size pointSize: CGFloat) {
        let resolved = UIFont.resolve(descriptor, size: pointSize)
        self.init(font: resolved.font, name: resolved.fontName)
    }

    /// The face's weight on UIKit's scale (the nearest UIFont.Weight to its OpenType weight class).
    var weight: UIFont.Weight { Weight.nearest(toWeightClass: Double(font.face.weight)) }

    /// Italic from the face; bold from weight 600 (semibold) up, as iOS reports it for the headline style.
    var symbolicTraits: UIFontDescriptor.SymbolicTraits {
        var traits: UIFontDescriptor.SymbolicTraits = []
        if font.face.isItalic { traits.insert(.traitItalic) }
        if font.face.weight >= 600 { traits.insert(.traitBold) }
        return traits
    }

    /// The font a descriptor resolves to: a named face (its family's face with the asked weight and slant
    /// when traits are given), else a text style's font, else a family's nearest face, else the system font.
    static func resolve(_ descriptor: UIFontDescriptor, size: CGFloat) -> UIFont {
        let attributes = descriptor.fontAttributes
        let pointSize = size > 0 ? size : (descriptor.pointSize > 0 ? descriptor.pointSize : 12)
        let traits = descriptor.traitsAttribute
        let symbolic = (traits[.symbolic] as? UInt32).map(UIFontDescriptor.SymbolicTraits.init(rawValue:))
        let askedWeight = (traits[.weight] as? CGFloat).map { UIFont.Weight(rawValue: $0).weightClass }

        if let name = attributes[.name] as? String {
            let base: UIFont
            if name.hasPrefix(Font.systemNamePrefix) {
                let font = Font.named(name, size: pointSize)
                base = UIFont(font: font, name: name)
            } else if let named = UIFont(name: name, size: pointSize) {
                base = named
            } else {
                base = UIFont.systemFont(ofSize: pointSize)
            }
            guard symbolic != nil || askedWeight != nil else { return base }
            return face(like: base, weightClass: askedWeight, symbolic: symbolic, size: pointSize)
        }
        if let style = attributes[.textStyle] as? String {
            let base = UIFont.preferredFont(forTextStyle: UIFont.TextStyle(rawValue: style)).withSize(pointSize)
            guard symbolic != nil || askedWeight != nil else { return base }
            return face(like: base, weightClass: askedWeight, symbolic: symbolic, size: pointSize)
        }
        let system = UIFont.systemFont(ofSize: pointSize)
        if let family = attributes[.family] as? String, family != system.familyName,
           let any = FontRegistry.shared.fallbackFaces.first(where: { $0.familyName == family }) {
            let base = UIFont(font: Font(face: any, size: pointSize), name: any.postScriptName)
            return face(like: base, weightClass: askedWeight ?? 400, symbolic: symbolic, size: pointSize)
        }
        return face(like: system, weightClass: askedWeight ?? 400, symbolic: symbolic, size: pointSize)
    }

    /// The face of `base`'s family nearest the asked weight (or bold's 700 / the base's own weight) and
    /// slant (italic trait, or the base's slant).
    private static func face(like base: UIFont, weightClass: Double?, symbolic: UIFontDescriptor.SymbolicTraits?,
                             size: CGFloat) -> UIFont {
        let italic = symbolic.map { $0.contains(.traitItalic) } ?? base.font.face.isItalic
        var weight = weightClass ?? Double(base.font.face.weight)
        if weightClass == nil, let symbolic {
            if symbolic.contains(.traitBold) && weight < 600 { weight = 700 }
            if !symbolic.contains(.traitBold) && weight >= 600 { weight = 400 }
        }
        if base.fontName.hasPrefix(Font.systemNamePrefix) {
            return UIFont.system(size: size, weightClass: weight, italic: italic)
        }
        let family = FontRegistry.shared.fallbackFaces.filter { $0.familyName == base.familyName }
        let slanted = family.filter { $0.isItalic == italic }
        let pool = slanted.isEmpty ? family : slanted
        guard let best = pool.min(by: { abs(Double($0.weight) - weight) < abs(Double($1.weight) - weight) }) else { return base }
        return UIFont(font: Font(face: best, size: size), name: best.postScriptName)
    }
}

extension UIFont.Weight {
    /// The UIKit weight nearest an OpenType weight class (100–900).
    static func nearest(toWeightClass weightClass: Double) -> UIFont.Weight {
        let table: [(Double, UIFont.Weight)] = [(100, .ultraLight), (200, .thin), (300, .light), (400, .regular), (500, .medium),
                                                (600, .semibold), (700, .bold), (800, .heavy), (900, .black)]
        return table.min { abs($0.0 - weightClass) < abs($1.0 - weightClass) }!.1
    }
}
