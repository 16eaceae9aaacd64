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
/// with the view. `attributedText` is not supported yet (a documented deviation).
open class UILabel: UIView {
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        isOpaque = false
        updateLayerText()
    }

    // Computed over private storage, so setting them in an initializer (where Swift runs no observers)
    // still updates the layer.
    private var storedText: String?
    private var storedFont = UIFont.systemFont(ofSize: 17)
    private var storedTextColor: UIColor = .label
    private var storedAlignment = NSTextAlignment.natural
    private var storedLines = 1
    private var storedLineBreak = NSLineBreakMode.byTruncatingTail

    open var text: String? {
        get { storedText }
        set { storedText = newValue; textChanged() }
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

    /// The size of the text on one line, or wrapped to `preferredMaxLayoutWidth` when multi-line; rounded
    /// up to the screen's pixels, as UIKit does.
    open var preferredMaxLayoutWidth: CGFloat = 0 { didSet { textChanged() } }

    open override var intrinsicContentSize: CGSize {
        let width: CGFloat? = numberOfLines != 1 && preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : nil
        return measure(width: width)
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let width: CGFloat? = numberOfLines != 1 && size.width > 0 && size.width.isFinite ? size.width : nil
        return measure(width: width)
    }

    private func measure(width: CGFloat?) -> CGSize {
        guard let text = storedText, !text.isEmpty else { return .zero }
        let paragraph = ParagraphStyle(alignment: TextAlignment(rawValue: layerAlignment.rawValue) ?? .natural,
                                       lineBreakMode: LineBreakMode(rawValue: layerLineBreak.rawValue) ?? .byTruncatingTail,
                                       maximumNumberOfLines: storedLines)
        let layout = TextLayout.make(AttributedText(text, font: storedFont.font), paragraph: paragraph, width: width)
        let scale = UIScreen.main.scale
        return CGSize(width: (layout.size.width * scale).rounded(.up) / scale, height: (layout.size.height * scale).rounded(.up) / scale)
    }

    private func textChanged() {
        updateLayerText()
        invalidateIntrinsicContentSize()
    }

    private func updateLayerText() { layer.setText(makeLayerText()) }

    private var layerAlignment: LayerText.Alignment {
        switch storedAlignment {
        case .left: .left
        case .center: .center
        case .right: .right
        case .justified: .justified
        case .natural: .natural
        }
    }

    private var layerLineBreak: LayerText.LineBreak {
        switch storedLineBreak {
        case .byWordWrapping: .byWordWrapping
        case .byCharWrapping: .byCharWrapping
        case .byClipping: .byClipping
        case .byTruncatingHead: .byTruncatingHead
        case .byTruncatingTail: .byTruncatingTail
        case .byTruncatingMiddle: .byTruncatingMiddle
        }
    }

    private func makeLayerText() -> LayerText? {
        guard let text = storedText, !text.isEmpty else { return nil }
        return LayerText(runs: [LayerText.Run(text, fontName: storedFont.fontName, fontSize: storedFont.pointSize,
                                              color: storedTextColor.cgColor)],
                         alignment: layerAlignment, lineBreak: layerLineBreak, numberOfLines: storedLines, verticalPlacement: .center)
    }
}
