import Foundation

/// The text field's numbers. Apple publishes none but the rounded-rect field's 34 pt default height (the
/// height Interface Builder gives one with the 17 pt system font); the rest are estimates measured on
/// iOS 17 screenshots (docs/UIKIT-COMPATIBILITY.md, "Text input").
enum UITextFieldMetrics {
    static let defaultFontSize: CGFloat = 17
    /// A rounded-rect field's height with the 17 pt system font (scales with the font size).
    static let roundedRectHeight: CGFloat = 34
    /// The rounded rect's corner radius and hairline border (estimates).
    static let roundedRectCornerRadius: CGFloat = 5
    static let roundedRectBorderWidth: CGFloat = 0.5
    /// Between the border and the text, horizontally (estimates: 7 pt inside a rounded rect, 2 pt inside a
    /// line or bezel, none without a border).
    static func textPadding(_ style: UITextField.BorderStyle) -> CGFloat {
        switch style {
        case .none: 0
        case .line, .bezel: 2
        case .roundedRect: 7
        }
    }
    /// Between the border and the text, vertically (what the intrinsic height adds to one line).
    static func verticalPadding(_ style: UITextField.BorderStyle) -> CGFloat {
        switch style {
        case .none: 0
        case .line, .bezel: 2
        case .roundedRect: 6
        }
    }
    /// The side views' inset from the edges (estimate: flush without a border, else the text padding).
    static func sideViewInset(_ style: UITextField.BorderStyle) -> CGFloat { style == .roundedRect ? 6 : textPadding(style) }
    /// Between a side view and the text (estimate).
    static let sideViewGap: CGFloat = 4
    /// The clear button's square and its trailing inset (estimates; the ⓧ inside is 15 pt across).
    static let clearButtonSize: CGFloat = 19
    static let clearGlyphDiameter: CGFloat = 15
    static func clearButtonTrailing(_ style: UITextField.BorderStyle) -> CGFloat { style == .none ? 0 : 5 }
    /// The caret's width (2 pt, as iOS draws it).
    static let caretWidth: CGFloat = 2
}

/// The border and background a text field's style draws, under its text.
final class TextFieldBorderView: UIView {
    private var style = UITextField.BorderStyle.none
    private var searchField = false
    private let imageView = UIImageView()
    /// The bezel's darker top edge.
    private let bezelTop = UIView()

    override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        imageView.isUserInteractionEnabled = false
        addSubview(imageView)
        addSubview(bezelTop)
    }
    required init?(coder: NSCoder) { misuse("TextFieldBorderView is UIKit's own and is not made from an archive") }

    func configure(style: UITextField.BorderStyle, image: UIImage?, searchField: Bool) {
        self.style = style
        self.searchField = searchField
        // iOS ignores the background image of a rounded-rect field.
        imageView.image = style == .roundedRect ? nil : image
        imageView.isHidden = imageView.image == nil
        bezelTop.isHidden = style != .bezel
        applyStyle()
        setNeedsLayout()
    }

    /// Fills and borders: white (dark grey in dark mode) with a light grey hairline and 5 pt corners for a
    /// rounded rect; a 1 pt line in the label colour; a grey bezel with a darker top edge.
    private func applyStyle() {
        if searchField {
            backgroundColor = .tertiarySystemFill
            layer.borderWidth = 0
            layer.cornerRadius = SearchFieldMetrics.cornerRadius
            return
        }
        switch style {
        case .none:
            backgroundColor = nil
            layer.borderWidth = 0
            layer.cornerRadius = 0
        case .line:
            backgroundColor = nil
            layer.borderWidth = 1
            layer.borderColor = resolve(.label)
            layer.cornerRadius = 0
        case .bezel:
            backgroundColor = nil
            layer.borderWidth = 1
            layer.borderColor = resolve(.systemGray)
            layer.cornerRadius = 0
            bezelTop.backgroundColor = .secondaryLabel
        case .roundedRect:
            backgroundColor = .tertiarySystemBackground
            layer.borderWidth = UITextFieldMetrics.roundedRectBorderWidth
            layer.borderColor = resolve(.opaqueSeparator)
            layer.cornerRadius = UITextFieldMetrics.roundedRectCornerRadius
        }
    }

    override func applyDynamicColors() {
        super.applyDynamicColors()
        applyStyle()
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        imageView.frame = bounds
        // A search field shrinking in a navigation bar keeps round ends.
        if searchField { layer.cornerRadius = min(SearchFieldMetrics.cornerRadius, bounds.height / 2) }
        // Inside the border (a layer's border is drawn over its sublayers).
        bezelTop.frame = CGRect(x: 1, y: 1, width: max(bounds.width - 2, 0), height: 1)
    }
}

/// Draws a text field's text or placeholder through the field's open drawing methods, in the field's
/// coordinates (it covers the field's bounds).
final class TextFieldTextView: UIView {
    weak var field: UITextField?

    override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        contentMode = .redraw
    }
    required init?(coder: NSCoder) { misuse("TextFieldTextView is UIKit's own and is not made from an archive") }

    override func draw(_ rect: CGRect) {
        guard let field else { return }
        if field.showsPlaceholder {
            field.drawPlaceholder(in: field.placeholderRect(forBounds: bounds))
        } else {
            field.drawText(in: field.isEditing ? field.editingRect(forBounds: bounds) : field.textRect(forBounds: bounds))
        }
    }
}

/// The ⓧ: a grey disc with a cross cut out of it (drawn in the field's background colour).
final class TextFieldClearButton: UIView {
    private let disc = UIView()
    private let cross = CAShapeLayer()

    override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        disc.isUserInteractionEnabled = false
        addSubview(disc)
        disc.layer.addSublayer(cross)
        cross.lineWidth = 1.6
        cross.lineCap = .round
        cross.fillColor = nil
        applyColors()
    }
    required init?(coder: NSCoder) { misuse("TextFieldClearButton is UIKit's own and is not made from an archive") }

    private func applyColors() {
        disc.backgroundColor = .tertiaryLabel
        cross.strokeColor = resolve(.tertiarySystemBackground)
    }

    override func applyDynamicColors() {
        super.applyDynamicColors()
        applyColors()
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let d = UITextFieldMetrics.clearGlyphDiameter
        disc.frame = CGRect(x: bounds.midX - d / 2, y: bounds.midY - d / 2, width: d, height: d)
        disc.layer.cornerRadius = d / 2
        cross.frame = disc.bounds
        let arm = d * 0.19, c = d / 2
        let path = CGMutablePath()
        path.move(to: CGPoint(x: c - arm, y: c - arm))
        path.addLine(to: CGPoint(x: c + arm, y: c + arm))
        path.move(to: CGPoint(x: c + arm, y: c - arm))
        path.addLine(to: CGPoint(x: c - arm, y: c + arm))
        cross.path = path
    }
}

/// One line of attributed text drawn into the current context, centred vertically in a rect: recorded as
/// a text layer, so it is laid out and filled as a label's text is.
enum TextFieldDrawing {
    static func drawLine(_ text: NSAttributedString, in rect: CGRect, alignment: NSTextAlignment, lineBreak: NSLineBreakMode) {
        guard let context = UIGraphicsGetCurrentContext(), rect.width > 0, rect.height > 0 else { return }
        let (runs, _) = text.textRuns(defaultFont: .systemFont(ofSize: UITextFieldMetrics.defaultFontSize), defaultColor: .label)
        guard runs.contains(where: { !$0.0.isEmpty }) else { return }
        let height = runs.map { $0.1.lineHeight }.max() ?? 0
        var state = LayerState()
        state.bounds = CGRect(x: 0, y: 0, width: rect.width, height: height)
        state.anchorPoint = .zero
        state.position = CGPoint(x: rect.minX, y: rect.midY - height / 2)
        state.masksToBounds = true
        let layerAlignment: LayerText.Alignment = switch alignment {
        case .left: .left
        case .center: .center
        case .right: .right
        case .justified: .justified
        case .natural: .natural
        }
        let layerBreak: LayerText.LineBreak = switch lineBreak {
        case .byTruncatingHead: .byTruncatingHead
        case .byTruncatingMiddle: .byTruncatingMiddle
        case .byClipping: .byClipping
        default: .byTruncatingTail
        }
        state.text = LayerText(runs: runs.map { LayerText.Run($0.0, fontName: $0.1.fontName, fontSize: $0.1.pointSize, color: $0.2.cgColor, kern: $0.3) },
                               alignment: layerAlignment, lineBreak: layerBreak, numberOfLines: 1,
                               lineSpacing: 0, verticalPlacement: .top)
        context.drawContent(LayerSnapshot(name: "text", state: state))
    }
}

extension NSMutableAttributedString {
    /// Gives `attributes` to the ranges that have none of each.
    func fillMissing(_ attributes: [NSAttributedString.Key: Any]) {
        let whole = NSRange(location: 0, length: length)
        for (key, value) in attributes {
            var gaps: [NSRange] = []
            enumerateAttribute(key, in: whole, options: []) { existing, range, _ in
                if existing == nil { gaps.append(range) }
            }
            for gap in gaps { addAttribute(key, value: value, range: gap) }
        }
    }
}
