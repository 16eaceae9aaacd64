import Foundation

/// One line of editable text, as iOS 18 declares it. There is no keyboard offscreen: text comes from code
/// (`text = …`) or from `insertText(_:)`/`deleteBackward()` (UIKeyInput), which ask the delegate and send
/// `.editingChanged` as typing does; `becomeFirstResponder()` shows the editing look (caret, clear button
/// while editing) without a keyboard. The caret stays at the end of the text and does not blink.
///
/// Layout and drawing go through the open rect methods (`borderRect`, `textRect`, `editingRect`,
/// `placeholderRect`, `clearButtonRect`, `leftViewRect`, `rightViewRect`) and `drawText(in:)` /
/// `drawPlaceholder(in:)`, so subclasses that override them change what is drawn. Geometry and colours are
/// estimates from iOS 17 screenshots (docs/UIKIT-COMPATIBILITY.md, "Text input").
open class UITextField: UIControl, UIKeyInput {
    public enum BorderStyle: Int, Sendable { case none = 0, line, bezel, roundedRect }
    public enum ViewMode: Int, Sendable { case never = 0, whileEditing, unlessEditing, always }
    public enum DidEndEditingReason: Int, Sendable { case committed = 0 }

    public static let textDidBeginEditingNotification = Notification.Name("UITextFieldTextDidBeginEditingNotification")
    public static let textDidEndEditingNotification = Notification.Name("UITextFieldTextDidEndEditingNotification")
    public static let textDidChangeNotification = Notification.Name("UITextFieldTextDidChangeNotification")
    public static let didEndEditingReasonUserInfoKey = "UITextFieldDidEndEditingReason"

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
        isOpaque = false
        borderView.isUserInteractionEnabled = false
        textView.isUserInteractionEnabled = false
        textView.field = self
        caret.isUserInteractionEnabled = false
        caret.isHidden = true
        clearButton.isHidden = true
        addSubview(borderView)
        addSubview(textView)
        addSubview(caret)
        addSubview(clearButton)
        styleChanged()
    }

    // MARK: Text

    private var storedText = ""
    private var storedAttributedText: NSAttributedString?
    private var storedFont: UIFont = .systemFont(ofSize: UITextFieldMetrics.defaultFontSize)
    private var storedTextColor: UIColor = .label
    private var storedAlignment = NSTextAlignment.natural

    /// Never nil on read ("" when empty), as on iOS.
    open var text: String? {
        get { storedAttributedText?.string ?? storedText }
        set { storedText = newValue ?? ""; storedAttributedText = nil; contentChanged() }
    }
    /// The text with the field's font and colour where it has none of its own.
    open var attributedText: NSAttributedString? {
        get { storedAttributedText ?? NSAttributedString(string: storedText, attributes: defaultTextAttributes) }
        set { storedAttributedText = newValue; storedText = newValue?.string ?? ""; contentChanged() }
    }
    /// The system font at 17 pt by default; nil resets it.
    open var font: UIFont? {
        get { storedFont }
        set { storedFont = newValue ?? .systemFont(ofSize: UITextFieldMetrics.defaultFontSize); contentChanged() }
    }
    /// `.label` by default; nil resets it.
    open var textColor: UIColor? {
        get { storedTextColor }
        set { storedTextColor = newValue ?? .label; contentChanged() }
    }
    open var textAlignment: NSTextAlignment {
        get { storedAlignment }
        set { storedAlignment = newValue; contentChanged() }
    }
    /// The font, colour and alignment as attributes; setting it takes the font and colour it names.
    open var defaultTextAttributes: [NSAttributedString.Key: Any] {
        get {
            let paragraph = NSMutableParagraphStyle()
            paragraph.alignment = storedAlignment
            return [.font: storedFont, .foregroundColor: storedTextColor, .paragraphStyle: paragraph]
        }
        set {
            if let font = newValue[.font] as? UIFont { storedFont = font }
            if let color = newValue[.foregroundColor] as? UIColor { storedTextColor = color }
            if let style = newValue[.paragraphStyle] as? NSParagraphStyle { storedAlignment = style.alignment }
            contentChanged()
        }
    }
    /// Shown in `.placeholderText` while the field is empty.
    open var placeholder: String? {
        get { storedPlaceholder?.string }
        set { storedPlaceholder = newValue.map { NSAttributedString(string: $0) }; contentChanged() }
    }
    /// Runs without a font or colour take the field's font and `.placeholderText`.
    open var attributedPlaceholder: NSAttributedString? {
        get { storedPlaceholder }
        set { storedPlaceholder = newValue; contentChanged() }
    }
    private var storedPlaceholder: NSAttributedString?
    /// Whether beginning to edit empties the field.
    open var clearsOnBeginEditing = false
    /// Shrinks the font (down to `minimumFontSize`) until the text fits the text rect on one line.
    open var adjustsFontSizeToFitWidth = false { didSet { contentChanged() } }
    open var minimumFontSize: CGFloat = 0 { didSet { contentChanged() } }
    /// Inert: there is no edit menu offscreen to style text with; stored.
    open var allowsEditingTextAttributes = false
    /// The attributes of text typed next (`insertText(_:)`); nil while not editing, as on iOS.
    open var typingAttributes: [NSAttributedString.Key: Any]? {
        get { isEditing ? (storedTypingAttributes ?? defaultTextAttributes) : nil }
        set { storedTypingAttributes = newValue }
    }
    private var storedTypingAttributes: [NSAttributedString.Key: Any]?
    /// Whether inserting text replaces what is there (true after `clearsOnBeginEditing` would have).
    open var clearsOnInsertion = false

    open weak var delegate: UITextFieldDelegate?

    // MARK: Look

    /// `.none` by default, as a field made in code is on iOS.
    open var borderStyle: BorderStyle = .none { didSet { styleChanged() } }
    /// Stretched over the border rect (ignored with `.roundedRect`, as on iOS).
    open var background: UIImage? { didSet { styleChanged() } }
    /// Shown instead of `background` while the field is disabled.
    open var disabledBackground: UIImage? { didSet { styleChanged() } }
    open var clearButtonMode: ViewMode = .never { didSet { setNeedsLayout() } }
    open var leftView: UIView? {
        didSet { replaceSideView(oldValue, with: leftView) }
    }
    open var leftViewMode: ViewMode = .never { didSet { setNeedsLayout() } }
    open var rightView: UIView? {
        didSet { replaceSideView(oldValue, with: rightView) }
    }
    open var rightViewMode: ViewMode = .never { didSet { setNeedsLayout() } }

    open override var isEnabled: Bool {
        didSet { if isEnabled != oldValue { styleChanged() } }
    }

    private func replaceSideView(_ old: UIView?, with new: UIView?) {
        if let old, old !== new, old.superview === self { old.removeFromSuperview() }
        if let new { addSubview(new) }
        setNeedsLayout()
        invalidateIntrinsicContentSize()
    }

    // MARK: Editing

    /// True between beginning and ending editing (a forced `endEditing(true)` ends it without the
    /// delegate's calls: the responder is simply cleared).
    public var isEditing: Bool { editing && isFirstResponder }
    private var editing = false

    open override var canBecomeFirstResponder: Bool { isEnabled }

    /// Asks the delegate, then begins editing: the caret and the editing look, no keyboard. Order as iOS:
    /// `textFieldShouldBeginEditing`, (the text cleared if `clearsOnBeginEditing`), `textFieldDidBeginEditing`,
    /// `.editingDidBegin`, `textDidBeginEditingNotification`.
    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        if isFirstResponder { return true }
        guard canBecomeFirstResponder, delegate?.textFieldShouldBeginEditing(self) ?? true else { return false }
        guard super.becomeFirstResponder() else { return false }
        editing = true
        if clearsOnBeginEditing { storedText = ""; storedAttributedText = nil }
        contentChanged()
        delegate?.textFieldDidBeginEditing(self)
        sendActions(for: .editingDidBegin)
        NotificationCenter.default.post(name: Self.textDidBeginEditingNotification, object: self)
        return true
    }

    /// Asks the delegate, then ends editing: `textFieldShouldEndEditing`, `textFieldDidEndEditing(_:reason:)`,
    /// `.editingDidEnd`, `textDidEndEditingNotification`.
    @discardableResult
    open override func resignFirstResponder() -> Bool {
        guard isEditing else { return super.resignFirstResponder() }
        guard delegate?.textFieldShouldEndEditing(self) ?? true, super.resignFirstResponder() else { return false }
        editing = false
        contentChanged()
        delegate?.textFieldDidEndEditing(self, reason: .committed)
        sendActions(for: .editingDidEnd)
        NotificationCenter.default.post(name: Self.textDidEndEditingNotification, object: self,
                                        userInfo: [Self.didEndEditingReasonUserInfoKey: DidEndEditingReason.committed])
        return true
    }

    // MARK: UIKeyInput

    public var hasText: Bool { !storedText.isEmpty }

    /// Types `text` at the caret (the end): the delegate's `textField(_:shouldChangeCharactersIn:replacementString:)`
    /// decides; then `textFieldDidChangeSelection`, `.editingChanged`, `textDidChangeNotification`. A "\n" is
    /// the return key: `textFieldShouldReturn`, then `.editingDidEndOnExit` and `.primaryActionTriggered`
    /// (resigning when something listens for `.editingDidEndOnExit`, as on iOS).
    open func insertText(_ text: String) {
        if text == "\n" {
            guard delegate?.textFieldShouldReturn(self) ?? true else { return }
            let endsOnExit = allControlEvents.contains(.editingDidEndOnExit)
            sendActions(for: [.editingDidEndOnExit, .primaryActionTriggered])
            if endsOnExit { resignFirstResponder() }
            return
        }
        let current = storedText as NSString
        let range = clearsOnInsertion ? NSRange(location: 0, length: current.length) : NSRange(location: current.length, length: 0)
        replace(range, with: text)
    }

    /// Deletes the character before the caret (one grapheme), asking the delegate as typing does.
    open func deleteBackward() {
        guard let last = storedText.indices.last else { return }
        let range = NSRange(last..<storedText.endIndex, in: storedText)
        replace(range, with: "")
    }

    private func replace(_ range: NSRange, with string: String) {
        guard delegate?.textField(self, shouldChangeCharactersIn: range, replacementString: string) ?? true else { return }
        let attributes = storedTypingAttributes ?? defaultTextAttributes
        if let storedAttributedText {
            let changed = NSMutableAttributedString(attributedString: storedAttributedText)
            changed.replaceCharacters(in: range, with: NSAttributedString(string: string, attributes: attributes))
            self.storedAttributedText = changed
            storedText = changed.string
        } else {
            storedText = (storedText as NSString).replacingCharacters(in: range, with: string)
        }
        clearsOnInsertion = false
        contentChanged()
        textDidChangeByEditing()
    }

    private func textDidChangeByEditing() {
        delegate?.textFieldDidChangeSelection(self)
        sendActions(for: .editingChanged)
        NotificationCenter.default.post(name: Self.textDidChangeNotification, object: self)
    }

    /// The clear button's tap: `textFieldShouldClear`, editing begins if it had not, the text empties.
    func clearButtonTapped() {
        guard delegate?.textFieldShouldClear(self) ?? true else { return }
        if !isEditing { becomeFirstResponder() }
        guard !storedText.isEmpty else { return }
        storedText = ""
        storedAttributedText = nil
        contentChanged()
        textDidChangeByEditing()
    }

    /// A tap inside begins editing; one on the visible clear button clears.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesEnded(touches, with: event)
        guard let touch = touches.first, bounds.contains(touch.location(in: self)) else { return }
        if !clearButton.isHidden, clearButton.frame.insetBy(dx: -6, dy: -6).contains(touch.location(in: self)) {
            clearButtonTapped()
        } else {
            becomeFirstResponder()
        }
    }

    // MARK: UITextInputTraits

    private var traits = TextInputTraitStorage()
    open var autocapitalizationType: UITextAutocapitalizationType { get { traits.autocapitalizationType } set { traits.autocapitalizationType = newValue } }
    open var autocorrectionType: UITextAutocorrectionType { get { traits.autocorrectionType } set { traits.autocorrectionType = newValue } }
    open var spellCheckingType: UITextSpellCheckingType { get { traits.spellCheckingType } set { traits.spellCheckingType = newValue } }
    open var smartQuotesType: UITextSmartQuotesType { get { traits.smartQuotesType } set { traits.smartQuotesType = newValue } }
    open var smartDashesType: UITextSmartDashesType { get { traits.smartDashesType } set { traits.smartDashesType = newValue } }
    open var smartInsertDeleteType: UITextSmartInsertDeleteType { get { traits.smartInsertDeleteType } set { traits.smartInsertDeleteType = newValue } }
    open var inlinePredictionType: UITextInlinePredictionType { get { traits.inlinePredictionType } set { traits.inlinePredictionType = newValue } }
    open var mathExpressionCompletionType: UITextMathExpressionCompletionType { get { traits.mathExpressionCompletionType } set { traits.mathExpressionCompletionType = newValue } }
    open var keyboardType: UIKeyboardType { get { traits.keyboardType } set { traits.keyboardType = newValue } }
    open var keyboardAppearance: UIKeyboardAppearance { get { traits.keyboardAppearance } set { traits.keyboardAppearance = newValue } }
    open var returnKeyType: UIReturnKeyType { get { traits.returnKeyType } set { traits.returnKeyType = newValue } }
    open var enablesReturnKeyAutomatically: Bool { get { traits.enablesReturnKeyAutomatically } set { traits.enablesReturnKeyAutomatically = newValue } }
    /// Shows the text as bullets (•), one per character.
    open var isSecureTextEntry: Bool { get { traits.isSecureTextEntry } set { traits.isSecureTextEntry = newValue; contentChanged() } }
    open var textContentType: UITextContentType! { get { traits.textContentType } set { traits.textContentType = newValue } }

    /// Inert: there is no keyboard offscreen, so no input view is shown; stored.
    open override var inputView: UIView? {
        get { storedInputView }
        set { storedInputView = newValue }
    }
    private var storedInputView: UIView?
    /// Inert: there is no keyboard offscreen, so no accessory view is shown; stored.
    open override var inputAccessoryView: UIView? {
        get { storedInputAccessoryView }
        set { storedInputAccessoryView = newValue }
    }
    private var storedInputAccessoryView: UIView?

    // MARK: Rects (open: layout and drawing use them)

    /// The border and background: the bounds.
    open func borderRect(forBounds bounds: CGRect) -> CGRect { bounds }

    /// The text's rect when not editing: the bounds less the border's padding and the side views shown.
    open func textRect(forBounds bounds: CGRect) -> CGRect { contentRect(forBounds: bounds, editing: false) }
    /// The placeholder's rect: the text's (the editing one while editing).
    open func placeholderRect(forBounds bounds: CGRect) -> CGRect { contentRect(forBounds: bounds, editing: isEditing) }
    /// The text's rect while editing.
    open func editingRect(forBounds bounds: CGRect) -> CGRect { contentRect(forBounds: bounds, editing: true) }

    /// The clear button: 19 pt square at the trailing end, inside the right view if one is shown.
    open func clearButtonRect(forBounds bounds: CGRect) -> CGRect {
        let side = UITextFieldMetrics.clearButtonSize
        var trailing = bounds.maxX - UITextFieldMetrics.clearButtonTrailing(borderStyle)
        if shows(rightView, mode: rightViewMode) { trailing = rightViewRect(forBounds: bounds).minX }
        return CGRect(x: trailing - side, y: bounds.midY - side / 2, width: side, height: side)
    }
    /// The left view at its size, at the leading edge, centred vertically.
    open func leftViewRect(forBounds bounds: CGRect) -> CGRect {
        guard let leftView else { return .zero }
        let size = sideViewSize(leftView)
        let x = bounds.minX + UITextFieldMetrics.sideViewInset(borderStyle)
        return CGRect(x: x, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
    }
    /// The right view at its size, at the trailing edge, centred vertically.
    open func rightViewRect(forBounds bounds: CGRect) -> CGRect {
        guard let rightView else { return .zero }
        let size = sideViewSize(rightView)
        let x = bounds.maxX - UITextFieldMetrics.sideViewInset(borderStyle) - size.width
        return CGRect(x: x, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
    }

    private func sideViewSize(_ view: UIView) -> CGSize {
        if view.bounds.width > 0 || view.bounds.height > 0 { return view.bounds.size }
        let intrinsic = view.intrinsicContentSize
        return CGSize(width: max(intrinsic.width, 0), height: max(intrinsic.height, 0))
    }

    private func contentRect(forBounds bounds: CGRect, editing: Bool) -> CGRect {
        let padding = UITextFieldMetrics.textPadding(borderStyle)
        var minX = bounds.minX + padding
        var maxX = bounds.maxX - padding
        if shows(leftView, mode: leftViewMode, editing: editing) {
            minX = max(minX, leftViewRect(forBounds: bounds).maxX + UITextFieldMetrics.sideViewGap)
        }
        if shows(rightView, mode: rightViewMode, editing: editing) {
            maxX = min(maxX, rightViewRect(forBounds: bounds).minX - UITextFieldMetrics.sideViewGap)
        }
        if showsClearButton(editing: editing) {
            maxX = min(maxX, clearButtonRect(forBounds: bounds).minX)
        }
        let vertical = UITextFieldMetrics.verticalPadding(borderStyle)
        return CGRect(x: minX, y: bounds.minY + vertical, width: max(maxX - minX, 0), height: max(bounds.height - 2 * vertical, 0))
    }

    private func shows(_ view: UIView?, mode: ViewMode, editing: Bool? = nil) -> Bool {
        guard view != nil else { return false }
        return Self.modeShows(mode, editing: editing ?? isEditing)
    }
    static func modeShows(_ mode: ViewMode, editing: Bool) -> Bool {
        switch mode {
        case .never: false
        case .always: true
        case .whileEditing: editing
        case .unlessEditing: !editing
        }
    }
    /// The clear button shows for its mode when there is text to clear.
    private func showsClearButton(editing: Bool) -> Bool {
        !storedText.isEmpty && Self.modeShows(clearButtonMode, editing: editing)
    }

    // MARK: Drawing (open: the text view draws through them)

    /// Draws the text (bullets for secure entry) on one line, centred vertically in `rect`.
    open func drawText(in rect: CGRect) {
        let shown = displayedText()
        guard shown.length > 0 else { return }
        TextFieldDrawing.drawLine(shown, in: rect, alignment: storedAlignment,
                                  lineBreak: isEditing ? .byTruncatingHead : .byTruncatingTail)
    }
    /// Draws the placeholder in `.placeholderText`, centred vertically in `rect`.
    open func drawPlaceholder(in rect: CGRect) {
        guard let placeholder = storedPlaceholder, placeholder.length > 0 else { return }
        let styled = NSMutableAttributedString(attributedString: placeholder)
        styled.fillMissing([.font: fittedFont(for: placeholder.string, width: rect.width), .foregroundColor: placeholderColor])
        TextFieldDrawing.drawLine(styled, in: rect, alignment: storedAlignment, lineBreak: .byTruncatingTail)
    }

    /// The attributed text as drawn: the field's font (shrunk to fit when asked) and colour where runs have
    /// none; bullets for secure entry.
    private func displayedText() -> NSAttributedString {
        let source = isSecureTextEntry
            ? NSAttributedString(string: String(repeating: "\u{2022}", count: storedText.count))
            : (storedAttributedText ?? NSAttributedString(string: storedText))
        let styled = NSMutableAttributedString(attributedString: source)
        let width = (isEditing ? editingRect(forBounds: bounds) : textRect(forBounds: bounds)).width
        styled.fillMissing([.font: fittedFont(for: source.string, width: width), .foregroundColor: storedTextColor])
        return styled
    }

    /// The font, or a smaller one (not below `minimumFontSize`, nor 4 pt) when the text must fit `width`.
    func fittedFont(for string: String, width: CGFloat) -> UIFont {
        guard adjustsFontSizeToFitWidth, width > 0, !string.isEmpty else { return storedFont }
        let full = NSAttributedString(string: string, attributes: [.font: storedFont]).size().width
        guard full > width else { return storedFont }
        let size = max(storedFont.pointSize * width / full, minimumFontSize, 4).rounded(.down)
        return storedFont.withSize(min(size, storedFont.pointSize))
    }

    // MARK: Parts and layout

    /// A search field's filled look instead of the border style's (UISearchTextField).
    var drawsSearchFieldBackground: Bool { false }
    /// The placeholder's colour where its runs have none.
    var placeholderColor: UIColor = .placeholderText { didSet { contentChanged() } }

    private let borderView = TextFieldBorderView()
    /// Draws the text or placeholder through `drawText(in:)` / `drawPlaceholder(in:)`.
    private let textView = TextFieldTextView()
    private let caret = UIView()
    private let clearButton = TextFieldClearButton()
    /// The rect the text was last drawn in.
    private var drawnTextRect: CGRect?

    /// Whether the placeholder shows instead of the text (an empty field).
    var showsPlaceholder: Bool { storedText.isEmpty }

    private func contentChanged() {
        textView.setNeedsDisplay()
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    private func styleChanged() {
        borderView.configure(style: borderStyle, image: isEnabled ? background : (disabledBackground ?? background),
                             searchField: drawsSearchFieldBackground)
        contentChanged()
    }

    /// The text, placeholder, caret, side views and clear button at `alpha` (a search field fading as the
    /// navigation bar hides it); the border stays.
    func setContentAlpha(_ alpha: CGFloat) {
        for part in [textView, caret, clearButton, leftView, rightView].compactMap({ $0 }) where part.alpha != alpha { part.alpha = alpha }
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        caret.backgroundColor = tintColor
    }

    override func applyDynamicColors() {
        super.applyDynamicColors()
        textView.setNeedsDisplay()
        textView.layer.displayIfNeeded()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        borderView.frame = borderRect(forBounds: bounds)
        textView.frame = bounds
        if let leftView {
            leftView.isHidden = !shows(leftView, mode: leftViewMode)
            leftView.frame = leftViewRect(forBounds: bounds)
        }
        if let rightView {
            rightView.isHidden = !shows(rightView, mode: rightViewMode)
            rightView.frame = rightViewRect(forBounds: bounds)
        }
        clearButton.isHidden = !showsClearButton(editing: isEditing)
        if !clearButton.isHidden { clearButton.frame = clearButtonRect(forBounds: bounds) }
        layoutCaret()
        // Redrawn when the rect the text goes in moved (a side view or the clear button came or went, an
        // overridden rect method answers differently); content changes mark it themselves.
        let rect = showsPlaceholder ? placeholderRect(forBounds: bounds) : isEditing ? editingRect(forBounds: bounds) : textRect(forBounds: bounds)
        if rect != drawnTextRect {
            drawnTextRect = rect
            textView.setNeedsDisplay()
        }
        // Drawn now, not at the end of the turn, so a field measured and rendered in one pass shows its text.
        textView.layer.displayIfNeeded()
    }

    /// The caret: 2 pt wide in the tint colour, the font's line height tall, after the last character.
    private func layoutCaret() {
        caret.isHidden = !isEditing
        guard isEditing else { return }
        caret.backgroundColor = tintColor
        let rect = editingRect(forBounds: bounds)
        let lineHeight = storedFont.lineHeight
        let shown = showsPlaceholder ? NSAttributedString(string: "") : displayedText()
        let textWidth = min(shown.size().width, rect.width)
        let x: CGFloat
        switch storedAlignment {
        case .center: x = rect.midX + textWidth / 2
        case .right: x = rect.maxX
        default: x = rect.minX + textWidth
        }
        let width = UITextFieldMetrics.caretWidth
        caret.frame = CGRect(x: min(x, rect.maxX - width / 2) - width / 2 + 1, y: rect.midY - lineHeight / 2,
                             width: width, height: lineHeight)
    }

    /// The text's (or placeholder's) one line plus the border's padding, and the side views shown.
    open override var intrinsicContentSize: CGSize {
        let string = showsPlaceholder ? (storedPlaceholder?.string ?? "") : displayedText().string
        let measured = NSAttributedString(string: string.isEmpty ? " " : string, attributes: [.font: storedFont]).size()
        let scale = UIScreen.main.scale
        let lineHeight = (storedFont.lineHeight * scale).rounded(.up) / scale
        var width = string.isEmpty ? 0 : (measured.width * scale).rounded(.up) / scale
        width += 2 * UITextFieldMetrics.textPadding(borderStyle)
        if let leftView, shows(leftView, mode: leftViewMode) { width += sideViewSize(leftView).width + UITextFieldMetrics.sideViewGap }
        if let rightView, shows(rightView, mode: rightViewMode) { width += sideViewSize(rightView).width + UITextFieldMetrics.sideViewGap }
        if showsClearButton(editing: isEditing) { width += UITextFieldMetrics.clearButtonSize }
        let height = borderStyle == .roundedRect
            ? max(lineHeight + 2 * UITextFieldMetrics.verticalPadding(borderStyle), UITextFieldMetrics.roundedRectHeight * storedFont.pointSize / UITextFieldMetrics.defaultFontSize)
            : lineHeight + 2 * UITextFieldMetrics.verticalPadding(borderStyle)
        return CGSize(width: width, height: (height * scale).rounded(.up) / scale)
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }
}

/// The text field's delegate: every method optional (defaults below), as Apple's protocol.
public protocol UITextFieldDelegate: NSObjectProtocol {
    func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool
    func textFieldDidBeginEditing(_ textField: UITextField)
    func textFieldShouldEndEditing(_ textField: UITextField) -> Bool
    func textFieldDidEndEditing(_ textField: UITextField)
    /// Called instead of `textFieldDidEndEditing(_:)`; the default calls that.
    func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason)
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool
    func textFieldDidChangeSelection(_ textField: UITextField)
    func textFieldShouldClear(_ textField: UITextField) -> Bool
    func textFieldShouldReturn(_ textField: UITextField) -> Bool
}

extension UITextFieldDelegate {
    public func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool { true }
    public func textFieldDidBeginEditing(_ textField: UITextField) {}
    public func textFieldShouldEndEditing(_ textField: UITextField) -> Bool { true }
    public func textFieldDidEndEditing(_ textField: UITextField) {}
    public func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason) { textFieldDidEndEditing(textField) }
    public func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool { true }
    public func textFieldDidChangeSelection(_ textField: UITextField) {}
    public func textFieldShouldClear(_ textField: UITextField) -> Bool { true }
    public func textFieldShouldReturn(_ textField: UITextField) -> Bool { true }
}
