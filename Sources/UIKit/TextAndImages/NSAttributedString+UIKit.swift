import Foundation
internal import Text

// The attributed-string pieces UIKit adds to Foundation: the attribute keys text uses, paragraph styles,
// and measuring.

extension NSAttributedString.Key {
    /// A UIFont; the system font at 12 points when absent (as UIKit's string drawing assumes).
    public static let font = NSAttributedString.Key("NSFont")
    /// A UIColor; black when absent.
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    /// Extra space after each character, in points (an NSNumber or CGFloat).
    public static let kern = NSAttributedString.Key("NSKern")
    /// An NSParagraphStyle: alignment, line breaks, line spacing (the first one of the string applies).
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
}

/// How paragraphs of attributed text are laid out.
open class NSParagraphStyle: NSObject, @unchecked Sendable {
    public static let `default` = NSParagraphStyle()
    public internal(set) var alignment: NSTextAlignment = .natural
    public internal(set) var lineBreakMode: NSLineBreakMode = .byWordWrapping
    public internal(set) var lineSpacing: CGFloat = 0
    public override init() { super.init() }
}

open class NSMutableParagraphStyle: NSParagraphStyle, @unchecked Sendable {
    open override var alignment: NSTextAlignment { get { super.alignment } set { super.alignment = newValue } }
    open override var lineBreakMode: NSLineBreakMode { get { super.lineBreakMode } set { super.lineBreakMode = newValue } }
    open override var lineSpacing: CGFloat { get { super.lineSpacing } set { super.lineSpacing = newValue } }
}

/// Options of `boundingRect(with:options:…)`: without `.usesLineFragmentOrigin` the text is one line.
public struct NSStringDrawingOptions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let usesLineFragmentOrigin = NSStringDrawingOptions(rawValue: 1 << 0)
    public static let usesFontLeading = NSStringDrawingOptions(rawValue: 1 << 1)
    public static let usesDeviceMetrics = NSStringDrawingOptions(rawValue: 1 << 3)
    public static let truncatesLastVisibleLine = NSStringDrawingOptions(rawValue: 1 << 5)
}

/// Accepted for signature compatibility; nothing is reported back through it.
open class NSStringDrawingContext: NSObject {}

extension NSAttributedString {
    /// Runs of the string with their font, colour and kern (UIKit's defaults where an attribute is absent),
    /// and the first paragraph style.
    func textRuns(defaultFont: UIFont, defaultColor: UIColor) -> (runs: [(String, UIFont, UIColor, CGFloat)], paragraph: NSParagraphStyle?) {
        var runs: [(String, UIFont, UIColor, CGFloat)] = []
        var paragraph: NSParagraphStyle?
        let whole = NSRange(location: 0, length: length)
        enumerateAttributes(in: whole, options: []) { attributes, range, _ in
            let piece = (string as NSString).substring(with: range)
            let font = attributes[.font] as? UIFont ?? defaultFont
            let color = attributes[.foregroundColor] as? UIColor ?? defaultColor
            let kern = (attributes[.kern] as? NSNumber).map { CGFloat($0.doubleValue) } ?? (attributes[.kern] as? CGFloat) ?? 0
            if paragraph == nil { paragraph = attributes[.paragraphStyle] as? NSParagraphStyle }
            runs.append((piece, font, color, kern))
        }
        return (runs, paragraph)
    }

    /// The size of the string on one line (fractional; UIKit's callers round up).
    public func size() -> CGSize { measure(width: nil, lines: 1) }

    /// The box the string takes; with `.usesLineFragmentOrigin` it wraps to `size.width`, otherwise it is
    /// one line. The origin is zero.
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [], context: NSStringDrawingContext?) -> CGRect {
        let wraps = options.contains(.usesLineFragmentOrigin) && size.width > 0 && size.width.isFinite
        return CGRect(origin: .zero, size: measure(width: wraps ? size.width : nil, lines: wraps ? 0 : 1))
    }

    func measure(width: CGFloat?, lines: Int) -> CGSize {
        let (runs, style) = textRuns(defaultFont: .systemFont(ofSize: 12), defaultColor: .black)
        let text = AttributedText(runs: runs.map { TextRun($0.0, font: $0.1.font, color: $0.2.cgColor, kern: $0.3) })
        let paragraph = ParagraphStyle(alignment: .natural, lineBreakMode: .byWordWrapping, lineSpacing: style?.lineSpacing ?? 0,
                                       maximumNumberOfLines: lines)
        return TextLayout.make(text, paragraph: paragraph, width: width).size
    }
}

extension String {
    /// The size of the string on one line with `attributes`.
    public func size(withAttributes attributes: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        NSAttributedString(string: self, attributes: attributes).size()
    }

    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [], attributes: [NSAttributedString.Key: Any]? = nil,
                             context: NSStringDrawingContext?) -> CGRect {
        NSAttributedString(string: self, attributes: attributes).boundingRect(with: size, options: options, context: context)
    }
}
