import CoreGraphics

/// Text a layer draws as its contents (CATextLayer's, and UILabel's through it): styled runs, laid out in
/// the layer's bounds when the layer is drawn. Fonts are named (PostScript names, or the system font), so
/// a layer-tree document carries text as text and draws the same pixels wherever the fonts are the same.
public struct LayerText: Hashable, Sendable {
    public struct Run: Hashable, Sendable {
        public var string: String
        /// A PostScript name (`Inter-SemiBold`), or `.SystemFont-<weight>[-Italic]` for the system font.
        public var fontName: String
        public var fontSize: CGFloat
        public var color: CGColor
        /// Extra space after each character, in points.
        public var kern: CGFloat
        public init(_ string: String, fontName: String, fontSize: CGFloat, color: CGColor, kern: CGFloat = 0) {
            self.string = string; self.fontName = fontName; self.fontSize = fontSize; self.color = color; self.kern = kern
        }
    }
    public enum Alignment: String, Sendable { case left, center, right, natural, justified }
    /// The names of NSLineBreakMode's cases.
    public enum LineBreak: String, Sendable {
        case byWordWrapping, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle
    }
    /// Where the block of lines sits in the bounds: at the top (CATextLayer) or centred (UILabel).
    public enum VerticalPlacement: String, Sendable { case top, center }

    public var runs: [Run]
    public var alignment: Alignment
    public var lineBreak: LineBreak
    /// 0: as many lines as fit the text.
    public var numberOfLines: Int
    public var lineSpacing: CGFloat
    public var verticalPlacement: VerticalPlacement

    public init(runs: [Run], alignment: Alignment = .natural, lineBreak: LineBreak = .byTruncatingTail, numberOfLines: Int = 1,
                lineSpacing: CGFloat = 0, verticalPlacement: VerticalPlacement = .center) {
        self.runs = runs; self.alignment = alignment; self.lineBreak = lineBreak; self.numberOfLines = numberOfLines
        self.lineSpacing = lineSpacing; self.verticalPlacement = verticalPlacement
    }

    public var string: String { runs.map(\.string).joined() }
    public var isEmpty: Bool { runs.allSatisfy { $0.string.isEmpty } }
}
