import Foundation
internal import Text

/// How text lines up in its box (Apple's NSTextAlignment; `natural` is left for left-to-right text).
public enum NSTextAlignment: Int, Sendable {
    case left = 0, center, right, justified, natural
}

/// How a line that does not fit is broken or shortened (Apple's NSLineBreakMode).
public enum NSLineBreakMode: Int, Sendable {
    case byWordWrapping = 0, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle
}

/// A view that draws text: its lines laid out in its bounds and centred vertically, as UILabel does.
/// The text goes into the layer tree like any content, so it animates, clips, fades and casts shadows
/// with the view.
open class UILabel: UIView {
    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }
    /// See `UIView.init?(coder:)`: nothing is decoded.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }
    private func setUp() {
        isUserInteractionEnabled = false
        isOpaque = false
        updateLayerText()
    }

    // Computed over private storage, so setting them in an initializer (where Swift runs no observers)
    // still updates the layer.
    private var storedText: String?
    private var storedAttributedText: NSAttributedString?
    private var storedFont = UIFont.systemFont(ofSize: 17)
    private var storedTextColor: UIColor = .label
    private var storedAlignment = NSTextAlignment.natural
    private var storedLines = 1
    private var storedLineBreak = NSLineBreakMode.byTruncatingTail

    open var text: String? {
        get { storedAttributedText?.string ?? storedText }
        set { storedText = newValue; storedAttributedText = nil; textChanged() }
    }
    /// Runs with their own `.font`, `.foregroundColor`, `.kern`; the label's font and colour where a run has
    /// none, and the first `.paragraphStyle`'s alignment, line breaks and spacing in place of the label's.
    open var attributedText: NSAttributedString? {
        get {
            if let storedAttributedText { return storedAttributedText }
            return storedText.map { NSAttributedString(string: $0, attributes: [.font: storedFont, .foregroundColor: storedTextColor]) }
        }
        set { storedAttributedText = newValue; storedText = newValue?.string; textChanged() }
    }
    /// UIKit's default is the system font at 17 points; nil resets it.
    open var font: UIFont! {
        get { storedFont }
        set { storedFont = newValue ?? UIFont.systemFont(ofSize: 17); textChanged() }
    }
    /// UIKit's default is `.label` (black in light mode); nil resets it.
    open var textColor: UIColor! {
        get { storedTextColor }
        set { storedTextColor = newValue ?? .label; updateLayerText() }
    }
    open var textAlignment: NSTextAlignment {
        get { storedAlignment }
        set { storedAlignment = newValue; updateLayerText() }
    }
    /// 0: as many lines as the text needs.
    open var numberOfLines: Int {
        get { storedLines }
        set { storedLines = max(newValue, 0); textChanged() }
    }
    open var lineBreakMode: NSLineBreakMode {
        get { storedLineBreak }
        set { storedLineBreak = newValue; textChanged() }
    }

    /// The width a multi-line label wraps to when it reports its intrinsic size.
    open var preferredMaxLayoutWidth: CGFloat {
        get { storedMaxLayoutWidth }
        set { storedMaxLayoutWidth = newValue; textChanged() }
    }
    private var storedMaxLayoutWidth: CGFloat = 0

    /// The size of the text on one line, or wrapped to `preferredMaxLayoutWidth` when multi-line; rounded
    /// up to the screen's pixels, as UIKit does.
    open override var intrinsicContentSize: CGSize {
        let width: CGFloat? = numberOfLines != 1 && preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : nil
        return measure(width: width)
    }

    /// Multi-line without a preferred width: Auto Layout measures the height at the width it solved.
    override var intrinsicHeightDependsOnWidth: Bool { storedLines != 1 && storedMaxLayoutWidth == 0 }

    /// The text block sits centred in the bounds; its first baseline is one ascender below its top, its
    /// last one line's descent above its bottom.
    override func baselineOffsetFromCenter(last: Bool) -> CGFloat? {
        let font = storedFont
        let height = intrinsicHeightDependsOnWidth && bounds.width > 0
            ? cachedIntrinsicSize(width: bounds.width).height : cachedIntrinsicSize(width: nil).height
        return last ? height / 2 - (font.lineHeight - font.ascender) : -height / 2 + font.ascender
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let width: CGFloat? = numberOfLines != 1 && size.width > 0 && size.width.isFinite ? size.width : nil
        return measure(width: width)
    }

    private func measure(width: CGFloat?) -> CGSize {
        let (runs, style) = styledRuns()
        guard runs.contains(where: { !$0.0.isEmpty }) else { return .zero }
        let paragraph = ParagraphStyle(alignment: TextAlignment(rawValue: alignment(style).rawValue) ?? .natural,
                                       lineBreakMode: LineBreakMode(rawValue: lineBreak(style).rawValue) ?? .byTruncatingTail,
                                       lineSpacing: style?.lineSpacing ?? 0, maximumNumberOfLines: storedLines)
        let text = AttributedText(runs: runs.map { TextRun($0.0, font: $0.1.font, color: $0.2.cgColor, kern: $0.3) })
        let layout = TextLayout.make(text, paragraph: paragraph, width: width)
        let scale = UIScreen.main.scale
        return CGSize(width: (layout.size.width * scale).rounded(.up) / scale, height: (layout.size.height * scale).rounded(.up) / scale)
    }

    private func textChanged() {
        updateLayerText()
        invalidateIntrinsicContentSize()
    }

    /// The text's colours resolve with the label's traits (and again when they change).
    private func updateLayerText() { layer.setText(traitCollection.withCurrent { makeLayerText() }) }

    override func applyDynamicColors() {
        super.applyDynamicColors()
        updateLayerText()
    }

    /// The text's runs (one run of the label's font and colour for plain text) and its paragraph style.
    private func styledRuns() -> (runs: [(String, UIFont, UIColor, CGFloat)], paragraph: NSParagraphStyle?) {
        if let storedAttributedText { return storedAttributedText.textRuns(defaultFont: storedFont, defaultColor: storedTextColor) }
        guard let storedText else { return ([], nil) }
        return ([(storedText, storedFont, storedTextColor, 0)], nil)
    }

    private func alignment(_ style: NSParagraphStyle?) -> LayerText.Alignment {
        switch style?.alignment ?? storedAlignment {
        case .left: .left
        case .center: .center
        case .right: .right
        case .justified: .justified
        case .natural: .natural
        }
    }

    private func lineBreak(_ style: NSParagraphStyle?) -> LayerText.LineBreak {
        // A paragraph style's word wrapping is the default of every paragraph style: the label's mode wins then.
        let mode = style.map { $0.lineBreakMode == .byWordWrapping ? storedLineBreak : $0.lineBreakMode } ?? storedLineBreak
        switch mode {
        case .byWordWrapping: return .byWordWrapping
        case .byCharWrapping: return .byCharWrapping
        case .byClipping: return .byClipping
        case .byTruncatingHead: return .byTruncatingHead
        case .byTruncatingTail: return .byTruncatingTail
        case .byTruncatingMiddle: return .byTruncatingMiddle
        }
    }

    private func makeLayerText() -> LayerText? {
        let (runs, style) = styledRuns()
        guard runs.contains(where: { !$0.0.isEmpty }) else { return nil }
        return LayerText(runs: runs.map { LayerText.Run($0.0, fontName: $0.1.fontName, fontSize: $0.1.pointSize, color: $0.2.cgColor, kern: $0.3) },
                         alignment: alignment(style), lineBreak: lineBreak(style), numberOfLines: storedLines,
                         lineSpacing: style?.lineSpacing ?? 0, verticalPlacement: .center)
    }
}
