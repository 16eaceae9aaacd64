import CoreGraphics

/// A face at a point size (UIFont's role). Metrics are in points, y up: the descender is negative.
public struct Font: Hashable, Sendable {
    public let face: FontFace
    public let pointSize: CGFloat

    public init(face: FontFace, size: CGFloat) {
        self.face = face
        pointSize = size
    }

    /// The system face nearest `weight` (100–900) at `size`.
    public static func system(size: CGFloat, weight: Double = 400, italic: Bool = false,
                              registry: FontRegistry = .shared) -> Font {
        Font(face: registry.systemFace(weight: weight, italic: italic), size: size)
    }

    /// A font by the name layers and labels give it: `.SystemFont-<weight>[-Italic]` for the system font at
    /// a weight class (100–900), else a registered or system face's PostScript or full name; a name nothing
    /// answers to gets the system font.
    public static func named(_ name: String, size: CGFloat, registry: FontRegistry = .shared) -> Font {
        if name.hasPrefix(systemNamePrefix) {
            let parts = name.dropFirst(systemNamePrefix.count).split(separator: "-")
            return system(size: size, weight: parts.first.flatMap { Double($0) } ?? 400, italic: parts.contains("Italic"),
                          registry: registry)
        }
        return Font(face: registry.face(named: name) ?? registry.systemFace(weight: 400), size: size)
    }

    /// The name of the system font at a weight class: `.SystemFont-600`, `.SystemFont-400-Italic`.
    public static func systemName(weight: Double, italic: Bool) -> String {
        systemNamePrefix + "\(Int(weight))" + (italic ? "-Italic" : "")
    }

    /// What every system font name starts with.
    public static let systemNamePrefix = ".SystemFont-"

    /// Points per font unit.
    public var scale: CGFloat { pointSize / CGFloat(face.unitsPerEm) }
    public var ascender: CGFloat { CGFloat(face.ascender) * scale }
    public var descender: CGFloat { CGFloat(face.descender) * scale }
    public var leading: CGFloat { CGFloat(face.lineGap) * scale }
    /// ascender − descender + leading (hhea), the height of one line of this font.
    public var lineHeight: CGFloat { ascender - descender + leading }
    public var capHeight: CGFloat { CGFloat(face.capHeight) * scale }
    public var xHeight: CGFloat { CGFloat(face.xHeight) * scale }
}

/// A stretch of text with one set of attributes.
public struct TextRun: Hashable, Sendable {
    public var string: String
    public var font: Font
    public var color: CGColor
    /// Extra space after each character, in points (NSAttributedString's kern).
    public var kern: CGFloat

    public init(_ string: String, font: Font, color: CGColor = .black, kern: CGFloat = 0) {
        self.string = string; self.font = font; self.color = color; self.kern = kern
    }
}

/// Text with attributes by run (NSAttributedString's role, reduced to what layout needs).
public struct AttributedText: Hashable, Sendable {
    public var runs: [TextRun]

    public init(runs: [TextRun] = []) { self.runs = runs }
    public init(_ string: String, font: Font, color: CGColor = .black, kern: CGFloat = 0) {
        runs = [TextRun(string, font: font, color: color, kern: kern)]
    }

    public var string: String { runs.map(\.string).joined() }
    public mutating func append(_ run: TextRun) { runs.append(run) }
}

public enum TextAlignment: String, Sendable {
    /// `natural` is left for left-to-right text. `justified` is laid out as left for now.
    case left, center, right, natural, justified
}

public enum LineBreakMode: String, Sendable {
    case byWordWrapping, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle
}

/// How lines are broken and placed (NSParagraphStyle with UILabel's numberOfLines).
public struct ParagraphStyle: Hashable, Sendable {
    public var alignment: TextAlignment
    public var lineBreakMode: LineBreakMode
    /// Extra space between lines, in points.
    public var lineSpacing: CGFloat
    /// 0: as many lines as the text needs.
    public var maximumNumberOfLines: Int

    public init(alignment: TextAlignment = .natural, lineBreakMode: LineBreakMode = .byWordWrapping,
                lineSpacing: CGFloat = 0, maximumNumberOfLines: Int = 0) {
        self.alignment = alignment; self.lineBreakMode = lineBreakMode
        self.lineSpacing = lineSpacing; self.maximumNumberOfLines = maximumNumberOfLines
    }
}
