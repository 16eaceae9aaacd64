import Foundation
internal import Text

/// The region a text view lays its text out in (TextKit's NSTextContainer, the part a text view needs):
/// its size, the padding at each end of every line fragment, and how many lines fit.
open class NSTextContainer: NSObject {
    public init(size: CGSize) { self.size = size; super.init() }
    public override convenience init() { self.init(size: .zero) }
    /// See `UIView.init?(coder:)`: nothing is decoded.
    public required init?(coder: NSCoder) { size = .zero; super.init() }
    /// The text view sets the width from its bounds while `widthTracksTextView` (the default there).
    open var size: CGSize { didSet { textView?.textLayoutChanged() } }
    /// Space at each end of each line: 5 pt, as on iOS.
    open var lineFragmentPadding: CGFloat = 5 { didSet { textView?.textLayoutChanged() } }
    /// 0: as many lines as the text needs.
    open var maximumNumberOfLines = 0 { didSet { textView?.textLayoutChanged() } }
    /// How the last line that fits breaks when `maximumNumberOfLines` cuts the text.
    open var lineBreakMode: NSLineBreakMode = .byWordWrapping { didSet { textView?.textLayoutChanged() } }
    open var widthTracksTextView = false
    open var heightTracksTextView = false
    /// Inert: text flows around no paths offscreen (no exclusion layout); stored.
    open var exclusionPaths: [UIBezierPath] = []
    /// Whether the container is a plain rectangle (always: exclusion paths are not laid out).
    open var isSimpleRectangularTextContainer: Bool { true }

    weak var textView: UITextView?
}

/// Scrolling, wrapping text, as iOS 18 declares UITextView. The text is laid out by the same code as
/// UILabel's (a label inside, one line fragment wide), inset by `textContainerInset` (8, 0, 8, 0) and the
/// container's 5 pt line-fragment padding; `contentSize` is the laid-out text's, so it scrolls. With
/// scrolling disabled it sizes itself: its intrinsic height is the text's at its width, as iOS does in
/// Auto Layout. There is no keyboard offscreen: text is set by code or `insertText(_:)`; an editable view
/// shows a caret at the end of its text while it is first responder.
open class UITextView: UIScrollView, UIKeyInput {
    public static let textDidBeginEditingNotification = Notification.Name("UITextViewTextDidBeginEditingNotification")
    public static let textDidChangeNotification = Notification.Name("UITextViewTextDidChangeNotification")
    public static let textDidEndEditingNotification = Notification.Name("UITextViewTextDidEndEditingNotification")

    public convenience init(frame: CGRect, textContainer: NSTextContainer?) {
        self.init(frame: frame)
        if let textContainer {
            self.textContainer = textContainer
            textContainer.textView = self
            textLayoutChanged()
        }
    }
    public override init(frame: CGRect) {
        textContainer = NSTextContainer(size: CGSize(width: frame.width, height: .greatestFiniteMagnitude))
        super.init(frame: frame)
        setUp()
    }
    /// See `UIView.init?(coder:)`: nothing is decoded.
    public required init?(coder: NSCoder) {
        textContainer = NSTextContainer(size: .zero)
        super.init(coder: coder)
        setUp()
    }
    private func setUp() {
        textContainer.widthTracksTextView = true
        textContainer.textView = self
        backgroundColor = .systemBackground
        textLabel.numberOfLines = 0
        textLabel.lineBreakMode = .byWordWrapping
        textLabel.font = storedFont
        textLabel.isUserInteractionEnabled = false
        caret.isHidden = true
        caret.isUserInteractionEnabled = false
        addSubview(textLabel)
        addSubview(caret)
        textLayoutChanged()
    }

    /// The text's layout region; its padding and line limit are used.
    public private(set) var textContainer: NSTextContainer

    // MARK: Text

    private var storedText = ""
    private var storedAttributedText: NSAttributedString?
    private var storedFont: UIFont = .systemFont(ofSize: 12)
    private var storedTextColor: UIColor = .label
    private var storedAlignment = NSTextAlignment.natural

    /// "" when empty, as on iOS.
    open var text: String! {
        get { storedAttributedText?.string ?? storedText }
        set { storedText = newValue ?? ""; storedAttributedText = nil; textLayoutChanged() }
    }
    open var attributedText: NSAttributedString! {
        get { storedAttributedText ?? NSAttributedString(string: storedText, attributes: typingAttributes) }
        set { storedAttributedText = newValue; storedText = newValue?.string ?? ""; textLayoutChanged() }
    }
    /// The system font at 12 pt by default, as a text view made in code has on iOS; nil resets it.
    open var font: UIFont? {
        get { storedFont }
        set { storedFont = newValue ?? .systemFont(ofSize: 12); textLayoutChanged() }
    }
    /// `.label` by default; nil resets it.
    open var textColor: UIColor? {
        get { storedTextColor }
        set { storedTextColor = newValue ?? .label; textLayoutChanged() }
    }
    open var textAlignment: NSTextAlignment {
        get { storedAlignment }
        set { storedAlignment = newValue; textLayoutChanged() }
    }
    /// The selection (UTF-16 offsets); it stays at the end of the text after typing.
    open var selectedRange = NSRange(location: 0, length: 0)
    open var isEditable = true
    /// Inert: there is no selection interaction offscreen; stored.
    open var isSelectable = true
    /// Inert: nothing is detected or linked offscreen; stored.
    open var dataDetectorTypes: UIDataDetectorTypes = []
    /// Inert: there is no edit menu offscreen to style text with; stored.
    open var allowsEditingTextAttributes = false
    /// The attributes of text typed next: the font, colour and alignment unless set.
    open var typingAttributes: [NSAttributedString.Key: Any] {
        get {
            if let storedTypingAttributes { return storedTypingAttributes }
            let paragraph = NSMutableParagraphStyle()
            paragraph.alignment = storedAlignment
            return [.font: storedFont, .foregroundColor: storedTextColor, .paragraphStyle: paragraph]
        }
        set { storedTypingAttributes = newValue }
    }
    private var storedTypingAttributes: [NSAttributedString.Key: Any]?
    /// Inert: there are no links to tap offscreen; stored.
    open var linkTextAttributes: [NSAttributedString.Key: Any]! = [:]
    open var clearsOnInsertion = false
    /// Inert: text is laid out at its size (no Mac-style scaling); stored.
    open var usesStandardTextScaling = false
    /// Inert: there is no find panel offscreen; stored.
    open var isFindInteractionEnabled = false

    /// Between the view's edges and the text container: 8 pt above and below, as on iOS.
    open var textContainerInset = UIEdgeInsets(top: 8, left: 0, bottom: 8, right: 0) {
        didSet { textLayoutChanged() }
    }

    open override var contentInset: UIEdgeInsets {
        didSet { invalidateIntrinsicContentSize() }
    }

    /// Self-sizing when scrolling is off (the intrinsic height follows the width).
    open override var isScrollEnabled: Bool {
        didSet { if isScrollEnabled != oldValue { invalidateIntrinsicContentSize() } }
    }

    /// The text view's delegate: the scroll view's `delegate` read as a UITextViewDelegate (Swift cannot
    /// narrow the inherited property's type; set `delegate` as on iOS).
    var textViewDelegate: UITextViewDelegate? { delegate as? UITextViewDelegate }

    // MARK: Layout

    /// Draws the text, one line-fragment width wide.
    private let textLabel = UILabel()
    private let caret = UIView()

    func textLayoutChanged() {
        textLabel.attributedText = displayedText()
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    /// The text with the view's font, colour and alignment where runs have none; the container's break mode.
    private func displayedText() -> NSAttributedString? {
        guard !storedText.isEmpty else { return nil }
        let styled = NSMutableAttributedString(attributedString: storedAttributedText ?? NSAttributedString(string: storedText))
        let paragraph = NSMutableParagraphStyle()
        paragraph.alignment = storedAlignment
        paragraph.lineBreakMode = .byWordWrapping
        styled.fillMissing([.font: storedFont, .foregroundColor: storedTextColor, .paragraphStyle: paragraph])
        return styled
    }

    /// The line fragments' width at the view's `width`.
    private func fragmentWidth(forViewWidth width: CGFloat) -> CGFloat {
        let container = textContainer.widthTracksTextView ? width - textContainerInset.left - textContainerInset.right : textContainer.size.width
        return max(container - 2 * textContainer.lineFragmentPadding, 0)
    }

    /// The text's laid-out height at `width` (one line of the font when empty).
    private func textHeight(forViewWidth width: CGFloat) -> CGFloat {
        textLabel.numberOfLines = textContainer.maximumNumberOfLines
        guard !storedText.isEmpty else {
            let scale = UIScreen.main.scale
            return (storedFont.lineHeight * scale).rounded(.up) / scale
        }
        return textLabel.sizeThatFits(CGSize(width: fragmentWidth(forViewWidth: width), height: .greatestFiniteMagnitude)).height
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let width = bounds.width
        let fragment = fragmentWidth(forViewWidth: width)
        let height = textHeight(forViewWidth: width)
        let x = textContainerInset.left + textContainer.lineFragmentPadding
        let frame = CGRect(x: x, y: textContainerInset.top, width: fragment, height: storedText.isEmpty ? 0 : height)
        if textLabel.frame != frame { textLabel.frame = frame }
        let size = CGSize(width: width, height: height + textContainerInset.top + textContainerInset.bottom)
        if contentSize != size { contentSize = size }
        layoutCaret(fragment: fragment)
    }

    /// The caret after the last character while editing: 2 pt in the tint colour, a line tall.
    private func layoutCaret(fragment: CGFloat) {
        caret.isHidden = !(isFirstResponder && isEditable)
        guard !caret.isHidden else { return }
        caret.backgroundColor = tintColor
        let end = lineRect(containingScalar: storedText.unicodeScalars.count, fragment: fragment)
        caret.frame = CGRect(x: min(end.maxX, textLabel.frame.maxX) - 1, y: end.minY, width: UITextFieldMetrics.caretWidth, height: end.height)
    }

    /// The laid-out text at the fragment width (Text's layout, as the label draws it).
    private func layout(fragment: CGFloat) -> TextLayout? {
        guard let shown = displayedText() else { return nil }
        let (runs, style) = shown.textRuns(defaultFont: storedFont, defaultColor: storedTextColor)
        let text = AttributedText(runs: runs.map { TextRun($0.0, font: $0.1.font, color: $0.2.cgColor, kern: $0.3) })
        let paragraph = ParagraphStyle(alignment: Self.textAlignment(style?.alignment ?? storedAlignment),
                                       lineBreakMode: .byWordWrapping, lineSpacing: style?.lineSpacing ?? 0,
                                       maximumNumberOfLines: textContainer.maximumNumberOfLines)
        return TextLayout.make(text, paragraph: paragraph, width: fragment)
    }

    private static func textAlignment(_ alignment: NSTextAlignment) -> TextAlignment {
        switch alignment {
        case .left: .left
        case .center: .center
        case .right: .right
        case .justified: .justified
        case .natural: .natural
        }
    }

    /// The rect (content coordinates) of the line showing the scalar at `offset`, up to that scalar; the
    /// first line's start for empty text.
    private func lineRect(containingScalar offset: Int, fragment: CGFloat) -> CGRect {
        let origin = CGPoint(x: textContainerInset.left + textContainer.lineFragmentPadding, y: textContainerInset.top)
        guard let layout = layout(fragment: fragment), let last = layout.lines.last else {
            return CGRect(x: origin.x, y: origin.y, width: 0, height: storedFont.lineHeight)
        }
        let line = layout.lines.first { $0.scalarRange.contains(offset) } ?? last
        let glyphX = line.glyphs.first { $0.scalarOffset >= offset }?.position.x ?? (line.x + line.width)
        return CGRect(x: origin.x + line.x, y: origin.y + line.top, width: max(glyphX - line.x, 0), height: line.height)
    }

    /// Scrolls so the lines of `range` (UTF-16 offsets) are visible.
    open func scrollRangeToVisible(_ range: NSRange) {
        layoutIfNeeded()
        let fragment = fragmentWidth(forViewWidth: bounds.width)
        // Any range (NSNotFound, past the end) is clamped to the text, never trapped on.
        let range = Self.clamped(range, length: (storedText as NSString).length)
        guard let start = Range(NSRange(location: range.location, length: 0), in: storedText)?.lowerBound else { return }
        let endLocation = range.location + range.length
        let end = Range(NSRange(location: endLocation, length: 0), in: storedText)?.lowerBound ?? storedText.endIndex
        let first = lineRect(containingScalar: storedText.unicodeScalars.distance(from: storedText.unicodeScalars.startIndex, to: start), fragment: fragment)
        let last = lineRect(containingScalar: storedText.unicodeScalars.distance(from: storedText.unicodeScalars.startIndex, to: end), fragment: fragment)
        // The first and last lines bring the container's inset with them, so the ends scroll fully in.
        let top = first.minY <= textContainerInset.top ? 0 : first.minY
        let bottom = last.maxY >= contentSize.height - textContainerInset.bottom - 0.5 ? contentSize.height : last.maxY
        let rect = CGRect(x: 0, y: top, width: bounds.width, height: max(bottom - top, first.height))
        scrollRectToVisible(rect, animated: false)
    }

    /// With scrolling disabled: the text's height at the view's width (Auto Layout asks at the width it
    /// solved); the width has no intrinsic value. Scrolling: no intrinsic size, as on iOS.
    open override var intrinsicContentSize: CGSize {
        guard !isScrollEnabled else { return CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
        let width = bounds.width > 0 ? bounds.width : .greatestFiniteMagnitude
        return CGSize(width: UIView.noIntrinsicMetric, height: sizeThatFits(CGSize(width: width, height: .greatestFiniteMagnitude)).height)
    }
    override var intrinsicHeightDependsOnWidth: Bool { !isScrollEnabled }

    /// The width given (or the text's one-line width when unbounded) and the text's height at it, with the
    /// insets and padding.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let horizontal = textContainerInset.left + textContainerInset.right + 2 * textContainer.lineFragmentPadding
        let vertical = textContainerInset.top + textContainerInset.bottom
        if size.width.isFinite && size.width < .greatestFiniteMagnitude && size.width > 0 {
            return CGSize(width: size.width, height: textHeight(forViewWidth: size.width) + vertical)
        }
        let single = displayedText()?.size() ?? CGSize(width: 0, height: storedFont.lineHeight)
        let scale = UIScreen.main.scale
        let width = (single.width * scale).rounded(.up) / scale + horizontal
        return CGSize(width: width, height: textHeight(forViewWidth: width) + vertical)
    }


    // MARK: Editing

    open override var canBecomeFirstResponder: Bool { isEditable || isSelectable }

    /// Asks the delegate and begins editing (caret shown, no keyboard): `textViewShouldBeginEditing`,
    /// `textViewDidBeginEditing`, `textDidBeginEditingNotification`.
    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        if isFirstResponder { return true }
        guard canBecomeFirstResponder, textViewDelegate?.textViewShouldBeginEditing(self) ?? true,
              super.becomeFirstResponder() else { return false }
        selectedRange = NSRange(location: (storedText as NSString).length, length: 0)
        setNeedsLayout()
        textViewDelegate?.textViewDidBeginEditing(self)
        NotificationCenter.default.post(name: Self.textDidBeginEditingNotification, object: self)
        return true
    }

    @discardableResult
    open override func resignFirstResponder() -> Bool {
        guard isFirstResponder else { return super.resignFirstResponder() }
        guard textViewDelegate?.textViewShouldEndEditing(self) ?? true, super.resignFirstResponder() else { return false }
        setNeedsLayout()
        textViewDelegate?.textViewDidEndEditing(self)
        NotificationCenter.default.post(name: Self.textDidEndEditingNotification, object: self)
        return true
    }

    public var hasText: Bool { !storedText.isEmpty }

    /// Types `text` at the selection ("\n" is a new line): `textView(_:shouldChangeTextIn:replacementText:)`,
    /// then `textViewDidChangeSelection`, `textViewDidChange`, `textDidChangeNotification`.
    open func insertText(_ text: String) {
        let length = (storedText as NSString).length
        let range = clearsOnInsertion ? NSRange(location: 0, length: length)
            : NSRange(location: min(selectedRange.location, length), length: min(selectedRange.length, length - min(selectedRange.location, length)))
        replace(range, with: text)
    }

    /// Deletes the selection, or the character before the caret.
    open func deleteBackward() {
        let string = storedText
        if selectedRange.length > 0 { replace(selectedRange, with: ""); return }
        guard selectedRange.location > 0, let caret = Range(NSRange(location: min(selectedRange.location, (string as NSString).length), length: 0), in: string)?.lowerBound,
              caret > string.startIndex else { return }
        let previous = string.index(before: caret)
        replace(NSRange(previous..<caret, in: string), with: "")
    }

    /// `range` inside 0…`length` (a selection set past the end, or NSNotFound, must not trap).
    static func clamped(_ range: NSRange, length: Int) -> NSRange {
        let location = min(max(range.location, 0), length)
        return NSRange(location: location, length: min(max(range.length, 0), length - location))
    }

    private func replace(_ range: NSRange, with string: String) {
        let range = Self.clamped(range, length: (storedText as NSString).length)
        guard isEditable, textViewDelegate?.textView(self, shouldChangeTextIn: range, replacementText: string) ?? true else { return }
        if let storedAttributedText {
            let changed = NSMutableAttributedString(attributedString: storedAttributedText)
            changed.replaceCharacters(in: range, with: NSAttributedString(string: string, attributes: typingAttributes))
            self.storedAttributedText = changed
            storedText = changed.string
        } else {
            storedText = (storedText as NSString).replacingCharacters(in: range, with: string)
        }
        clearsOnInsertion = false
        selectedRange = NSRange(location: range.location + (string as NSString).length, length: 0)
        textLayoutChanged()
        textViewDelegate?.textViewDidChangeSelection(self)
        textViewDelegate?.textViewDidChange(self)
        NotificationCenter.default.post(name: Self.textDidChangeNotification, object: self)
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
    /// Inert: a text view shows its text as is (iOS ignores secure entry for text views too); stored.
    open var isSecureTextEntry: Bool { get { traits.isSecureTextEntry } set { traits.isSecureTextEntry = newValue } }
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
}

/// Kinds of data a text view could turn into links (Apple's UIDataDetectorTypes).
///
/// Inert: nothing is detected offscreen; the value is stored.
public struct UIDataDetectorTypes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let phoneNumber = UIDataDetectorTypes(rawValue: 1 << 0)
    public static let link = UIDataDetectorTypes(rawValue: 1 << 1)
    public static let address = UIDataDetectorTypes(rawValue: 1 << 2)
    public static let calendarEvent = UIDataDetectorTypes(rawValue: 1 << 3)
    public static let shipmentTrackingNumber = UIDataDetectorTypes(rawValue: 1 << 4)
    public static let flightNumber = UIDataDetectorTypes(rawValue: 1 << 5)
    public static let lookupSuggestion = UIDataDetectorTypes(rawValue: 1 << 6)
    public static let money = UIDataDetectorTypes(rawValue: 1 << 7)
    public static let physicalValue = UIDataDetectorTypes(rawValue: 1 << 8)
    public static let all = UIDataDetectorTypes(rawValue: .max)
}

/// The text view's delegate (a scroll view delegate too): every method optional, defaults below.
public protocol UITextViewDelegate: UIScrollViewDelegate {
    func textViewShouldBeginEditing(_ textView: UITextView) -> Bool
    func textViewShouldEndEditing(_ textView: UITextView) -> Bool
    func textViewDidBeginEditing(_ textView: UITextView)
    func textViewDidEndEditing(_ textView: UITextView)
    func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool
    func textViewDidChange(_ textView: UITextView)
    func textViewDidChangeSelection(_ textView: UITextView)
}

extension UITextViewDelegate {
    public func textViewShouldBeginEditing(_ textView: UITextView) -> Bool { true }
    public func textViewShouldEndEditing(_ textView: UITextView) -> Bool { true }
    public func textViewDidBeginEditing(_ textView: UITextView) {}
    public func textViewDidEndEditing(_ textView: UITextView) {}
    public func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool { true }
    public func textViewDidChange(_ textView: UITextView) {}
    public func textViewDidChangeSelection(_ textView: UITextView) {}
}
