import Foundation
import CoreGraphics

/// A font a text layer can name: a PostScript name as a String, or a font object (UIKit's UIFont) that
/// says its name. Core Animation takes a CTFont, CGFont or font name here.
public protocol LayerFontNaming {
    var layerFontName: String { get }
}

extension String: LayerFontNaming {
    public var layerFontName: String { self }
}

/// Draws a string in its bounds, from the top left, as Core Animation's CATextLayer does.
open class CATextLayer: CALayer {
    public required init() {
        super.init()
        syncText()
    }
    public required init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CATextLayer {
            string = other.string; font = other.font; fontSize = other.fontSize; foregroundColor = other.foregroundColor
            isWrapped = other.isWrapped; truncationMode = other.truncationMode; alignmentMode = other.alignmentMode
        }
    }

    public struct TruncationMode: RawRepresentable, Equatable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let none = TruncationMode(rawValue: "none")
        public static let start = TruncationMode(rawValue: "start")
        public static let end = TruncationMode(rawValue: "end")
        public static let middle = TruncationMode(rawValue: "middle")
    }
    public struct AlignmentMode: RawRepresentable, Equatable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let natural = AlignmentMode(rawValue: "natural")
        public static let left = AlignmentMode(rawValue: "left")
        public static let right = AlignmentMode(rawValue: "right")
        public static let center = AlignmentMode(rawValue: "center")
        public static let justified = AlignmentMode(rawValue: "justified")
    }

    /// A String (attributed strings are not supported here; UILabel's attributedText is).
    open var string: Any? { didSet { syncText() } }
    /// A font name or a font object naming one (UIFont); nil: the system font (Core Animation's Helvetica).
    open var font: LayerFontNaming? { didSet { syncText() } }
    /// Core Animation's default is 36 points.
    open var fontSize: CGFloat = 36 { didSet { syncText() } }
    /// Core Animation's default is opaque white.
    open var foregroundColor: CGColor? = CGColor(red: 1, green: 1, blue: 1, alpha: 1) { didSet { syncText() } }
    open var isWrapped = false { didSet { syncText() } }
    open var truncationMode: TruncationMode = .none { didSet { syncText() } }
    open var alignmentMode: AlignmentMode = .natural { didSet { syncText() } }

    /// The system font at regular weight, by the name text layers use for it (`.SystemFont-<weight>`).
    public static let systemFontName = ".SystemFont-400"

    private func syncText() {
        let text = (string as? String) ?? (string.map { "\($0)" } ?? "")
        let lineBreak: LayerText.LineBreak
        switch truncationMode {
        case .start: lineBreak = .byTruncatingHead
        case .middle: lineBreak = .byTruncatingMiddle
        case .end: lineBreak = .byTruncatingTail
        default: lineBreak = isWrapped ? .byWordWrapping : .byClipping
        }
        let alignment = LayerText.Alignment(rawValue: alignmentMode.rawValue) ?? .natural
        let color = foregroundColor ?? CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        updateModel { state in
            state.text = text.isEmpty ? nil : LayerText(
                runs: [LayerText.Run(text, fontName: font?.layerFontName ?? Self.systemFontName, fontSize: fontSize, color: color)],
                alignment: alignment, lineBreak: lineBreak, numberOfLines: isWrapped ? 0 : 1, verticalPlacement: .top)
        }
    }
}
