import Foundation

/// A search field in a bar, as iOS 17/18 draws one: a 36 pt filled rounded field (`searchTextField`) in a
/// 56 pt bar, the prompt above it, the Cancel button beside it, the scope bar under it. Its text, editing
/// and delegate calls go through the field (no keyboard offscreen: text comes from code or
/// `searchTextField.insertText(_:)`). Numbers are estimates (docs/UIKIT-COMPATIBILITY.md, "Text input").
open class UISearchBar: UIView, UITextInputTraits {
    public enum Style: UInt, Sendable {
        /// A bar background behind the field (iOS 13+: the same look as `.prominent`).
        case `default` = 0
        case prominent
        /// The field alone, on whatever is behind the bar.
        case minimal
    }
    public enum Icon: Int, Sendable { case search = 0, clear, bookmark, resultsList }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }
    public convenience init() { self.init(frame: .zero) }
    /// See `UIView.init?(coder:)`: nothing is decoded.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }
    private func setUp() {
        isOpaque = false
        relay.bar = self
        background.isUserInteractionEnabled = false
        hairline.isUserInteractionEnabled = false
        addSubview(background)
        addSubview(hairline)
        searchTextField.placeholder = "Search"
        searchTextField.delegate = relay
        searchTextField.addAction(UIAction { [weak self] _ in self?.textChangedByEditing() }, for: .editingChanged)
        addSubview(searchTextField)
        promptLabel.font = .systemFont(ofSize: 13)
        promptLabel.textColor = .secondaryLabel
        promptLabel.textAlignment = .center
        promptLabel.isHidden = true
        addSubview(promptLabel)
        cancelButton.alpha = 0
        cancelButton.isHidden = true
        cancelButton.tapped = { [weak self] in
            guard let self else { return }
            self.delegate?.searchBarCancelButtonClicked(self)
            self.cancelButtonTappedHook?()
        }
        addSubview(cancelButton)
        scopeBar.isHidden = true
        scopeBar.selected = { [weak self] index in self?.scopeTapped(index) }
        addSubview(scopeBar)
        updateBackground()
    }

    // MARK: Parts

    /// The field: its text, placeholder, editing and clear button are the bar's.
    public let searchTextField = UISearchTextField()
    private let background = UIView()
    private let hairline = UIView()
    private let promptLabel = UILabel()
    private let cancelButton = SearchBarCancelButton()
    private let scopeBar = SearchScopeBar()
    /// Turns the field's delegate calls into the bar's.
    private let relay = SearchBarFieldRelay()

    open weak var delegate: UISearchBarDelegate?
    /// What a search controller does on Cancel (deactivates), after the delegate hears it.
    var cancelButtonTappedHook: (() -> Void)?

    open var text: String? {
        get { searchTextField.text }
        set { searchTextField.text = newValue }
    }
    open var placeholder: String? {
        get { searchTextField.placeholder }
        set { searchTextField.placeholder = newValue }
    }
    /// One line of 13 pt text centred above the field; the bar grows by 30 pt for it (estimate).
    open var prompt: String? {
        didSet {
            promptLabel.text = prompt
            promptLabel.isHidden = prompt == nil
            invalidateIntrinsicContentSize()
            setNeedsLayout()
        }
    }

    /// `.default` by default.
    open var searchBarStyle: Style = .default { didSet { updateBackground() } }
    /// Fills the bar behind the field (`.default` and `.prominent` styles).
    open var barTintColor: UIColor? { didSet { updateBackground() } }
    open var isTranslucent = true { didSet { updateBackground() } }
    /// Inert: the bar draws its background from `searchBarStyle` and `barTintColor` (no images); stored.
    open var backgroundImage: UIImage?
    /// Inert: the scope bar draws its own background; stored.
    open var scopeBarBackgroundImage: UIImage?
    /// Inert: the field's text is placed by its own rects; stored.
    open var searchTextPositionAdjustment = UIOffset(horizontal: 0, vertical: 0)
    /// Inert: the field is placed by the bar's layout; stored.
    open var searchFieldBackgroundPositionAdjustment = UIOffset(horizontal: 0, vertical: 0)

    /// Whether the bar and its field take touches and editing.
    open var isEnabled: Bool {
        get { searchTextField.isEnabled }
        set { searchTextField.isEnabled = newValue; cancelButton.isEnabled = newValue; scopeBar.isUserInteractionEnabled = newValue }
    }
    /// Inert: there is no dictation offscreen; stored.
    open var isLookToDictateEnabled = false

    // MARK: Buttons

    open var showsCancelButton: Bool {
        get { storedShowsCancelButton }
        set { setShowsCancelButton(newValue, animated: false) }
    }
    private var storedShowsCancelButton = false
    /// Slides the Cancel button in from the trailing edge (the field narrows) or out; animated over 0.3 s
    /// (estimate) with UIKit's ease-in-out, on the virtual clock.
    open func setShowsCancelButton(_ showsCancelButton: Bool, animated: Bool) {
        guard showsCancelButton != storedShowsCancelButton else { return }
        storedShowsCancelButton = showsCancelButton
        if showsCancelButton { cancelButton.isHidden = false }
        let change = { [self] in
            layoutParts()
            // The field's own parts (its fill, clear button) move inside the same animation.
            searchTextField.layoutIfNeeded()
            cancelButton.alpha = showsCancelButton ? 1 : 0
        }
        if animated && window != nil {
            UIView.animate(withDuration: SearchFieldMetrics.cancelDuration, delay: 0, options: [.curveEaseInOut], animations: change) { [weak self] _ in
                guard let self else { return }
                self.cancelButton.isHidden = !self.storedShowsCancelButton
            }
        } else {
            UIView.performWithoutAnimation(change)
            cancelButton.isHidden = !showsCancelButton
        }
    }
    /// Inert: the bookmark glyph is not drawn (no book symbol offscreen); stored, and
    /// `searchBarBookmarkButtonClicked(_:)` is never called.
    open var showsBookmarkButton = false
    /// Inert: the results-list glyph is not drawn; stored.
    open var showsSearchResultsButton = false
    /// Inert: the results-list glyph is not drawn; stored.
    open var isSearchResultsButtonSelected = false

    // MARK: Scope bar

    /// The scope bar's titles (a segmented row under the field while `showsScopeBar`).
    open var scopeButtonTitles: [String]? {
        didSet { scopeBar.titles = scopeButtonTitles ?? []; invalidateIntrinsicContentSize(); setNeedsLayout() }
    }
    open var selectedScopeButtonIndex = 0 {
        didSet { scopeBar.selectedIndex = selectedScopeButtonIndex }
    }
    /// Shows the scope bar under the field; the bar grows by 44 pt (estimate).
    open var showsScopeBar: Bool {
        get { storedShowsScopeBar }
        set { setShowsScope(newValue, animated: false) }
    }
    private var storedShowsScopeBar = false
    open func setShowsScope(_ show: Bool, animated: Bool) {
        guard show != storedShowsScopeBar else { return }
        storedShowsScopeBar = show
        scopeBar.isHidden = !show
        invalidateIntrinsicContentSize()
        setNeedsLayout()
        superview?.setNeedsLayout()
    }

    private func scopeTapped(_ index: Int) {
        guard index != selectedScopeButtonIndex else { return }
        selectedScopeButtonIndex = index
        delegate?.searchBar(self, selectedScopeButtonIndexDidChange: index)
    }

    // MARK: Images (stored; the bar draws the system look)

    private var iconImages: [Int: UIImage] = [:]
    /// Inert: the field draws the system glyphs; the image is stored and read back.
    open func setImage(_ iconImage: UIImage?, for icon: Icon, state: UIControl.State) { iconImages[icon.rawValue] = iconImage }
    /// Inert: the image set for `icon`, if any.
    open func image(for icon: Icon, state: UIControl.State) -> UIImage? { iconImages[icon.rawValue] }
    private var fieldBackgrounds: [UInt: UIImage] = [:]
    /// Inert: the field draws its filled rounded rect; the image is stored and read back.
    open func setSearchFieldBackgroundImage(_ backgroundImage: UIImage?, for state: UIControl.State) { fieldBackgrounds[state.rawValue] = backgroundImage }
    /// Inert: the image set for `state`, if any.
    open func searchFieldBackgroundImage(for state: UIControl.State) -> UIImage? { fieldBackgrounds[state.rawValue] }
    private var iconAdjustments: [Int: UIOffset] = [:]
    /// Inert: the glyphs sit where the field places them; stored.
    open func setPositionAdjustment(_ adjustment: UIOffset, for icon: Icon) { iconAdjustments[icon.rawValue] = adjustment }
    open func positionAdjustment(for icon: Icon) -> UIOffset { iconAdjustments[icon.rawValue] ?? UIOffset(horizontal: 0, vertical: 0) }

    // MARK: UITextInputTraits (the field's)

    open var autocapitalizationType: UITextAutocapitalizationType { get { searchTextField.autocapitalizationType } set { searchTextField.autocapitalizationType = newValue } }
    open var autocorrectionType: UITextAutocorrectionType { get { searchTextField.autocorrectionType } set { searchTextField.autocorrectionType = newValue } }
    open var spellCheckingType: UITextSpellCheckingType { get { searchTextField.spellCheckingType } set { searchTextField.spellCheckingType = newValue } }
    open var smartQuotesType: UITextSmartQuotesType { get { searchTextField.smartQuotesType } set { searchTextField.smartQuotesType = newValue } }
    open var smartDashesType: UITextSmartDashesType { get { searchTextField.smartDashesType } set { searchTextField.smartDashesType = newValue } }
    open var smartInsertDeleteType: UITextSmartInsertDeleteType { get { searchTextField.smartInsertDeleteType } set { searchTextField.smartInsertDeleteType = newValue } }
    open var inlinePredictionType: UITextInlinePredictionType { get { searchTextField.inlinePredictionType } set { searchTextField.inlinePredictionType = newValue } }
    open var mathExpressionCompletionType: UITextMathExpressionCompletionType { get { searchTextField.mathExpressionCompletionType } set { searchTextField.mathExpressionCompletionType = newValue } }
    open var keyboardType: UIKeyboardType { get { searchTextField.keyboardType } set { searchTextField.keyboardType = newValue } }
    open var keyboardAppearance: UIKeyboardAppearance { get { searchTextField.keyboardAppearance } set { searchTextField.keyboardAppearance = newValue } }
    open var returnKeyType: UIReturnKeyType { get { searchTextField.returnKeyType } set { searchTextField.returnKeyType = newValue } }
    open var enablesReturnKeyAutomatically: Bool { get { searchTextField.enablesReturnKeyAutomatically } set { searchTextField.enablesReturnKeyAutomatically = newValue } }
    open var isSecureTextEntry: Bool { get { searchTextField.isSecureTextEntry } set { searchTextField.isSecureTextEntry = newValue } }
    open var textContentType: UITextContentType! { get { searchTextField.textContentType } set { searchTextField.textContentType = newValue } }
    /// Inert: there is no keyboard offscreen, so no accessory view is shown; stored.
    open override var inputAccessoryView: UIView? {
        get { searchTextField.inputAccessoryView }
        set { searchTextField.inputAccessoryView = newValue }
    }

    /// The bar's editing is its field's.
    open override var canBecomeFirstResponder: Bool { searchTextField.canBecomeFirstResponder }
    @discardableResult
    open override func becomeFirstResponder() -> Bool { searchTextField.becomeFirstResponder() }
    @discardableResult
    open override func resignFirstResponder() -> Bool { searchTextField.resignFirstResponder() }
    open override var isFirstResponder: Bool { searchTextField.isFirstResponder }

    // MARK: Delegate relay

    fileprivate func textChangedByEditing() {
        delegate?.searchBar(self, textDidChange: searchTextField.text ?? "")
    }
    fileprivate func didBeginEditing() { delegate?.searchBarTextDidBeginEditing(self) }

    // MARK: Look and layout

    /// A search bar in a navigation bar (or a search controller's) draws no background of its own.
    var drawsBackground = true { didSet { updateBackground() } }

    /// `.default`/`.prominent`: the bar's fill (`barTintColor`, else the system bar colour) and a
    /// hairline below; `.minimal`: nothing behind the field.
    private func updateBackground() {
        let shows = drawsBackground && searchBarStyle != .minimal
        background.isHidden = !shows
        hairline.isHidden = !shows
        guard shows else { return }
        background.backgroundColor = barTintColor.map { isTranslucent ? $0.withAlphaComponent(0.94) : $0 } ?? BarChrome.background
        hairline.backgroundColor = BarChrome.hairline
    }

    /// 56 pt (more with a prompt or the scope bar), and no intrinsic width.
    open override var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: preferredHeight)
    }
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width.isFinite && size.width < .greatestFiniteMagnitude ? size.width : bounds.width, height: preferredHeight)
    }
    var preferredHeight: CGFloat {
        SearchFieldMetrics.barHeight + (prompt != nil ? SearchFieldMetrics.promptHeight : 0)
            + (storedShowsScopeBar && !(scopeButtonTitles ?? []).isEmpty ? SearchFieldMetrics.scopeBarHeight : 0)
    }

    /// Where the field's row begins (under the prompt).
    private var fieldRowTop: CGFloat { prompt != nil ? SearchFieldMetrics.promptHeight : 0 }

    /// The field's inset from the bar's sides: 8 pt standalone, the layout margins in a navigation bar.
    var fieldSideInset: CGFloat = SearchFieldMetrics.barSideInset { didSet { setNeedsLayout() } }
    /// In a navigation bar: the search row's visible height (52 pt at rest, less as the content scrolls up
    /// and the bar hides it). The field keeps a 10 pt margin below it and shrinks from the top, its glyph
    /// and text fading as it goes (estimates).
    var navigationVisibleRow: CGFloat? { didSet { if navigationVisibleRow != oldValue { setNeedsLayout() } } }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutParts()
    }

    private func layoutParts() {
        let width = bounds.width
        background.frame = CGRect(x: 0, y: 0, width: width, height: bounds.height)
        hairline.frame = CGRect(x: 0, y: bounds.height, width: width, height: 1.0 / 3)
        promptLabel.frame = CGRect(x: fieldSideInset, y: 0, width: max(width - 2 * fieldSideInset, 0), height: SearchFieldMetrics.promptHeight)
        let inset = fieldSideInset
        let cancelWidth = cancelButton.preferredWidth
        let trailing = storedShowsCancelButton ? width - inset - cancelWidth - SearchFieldMetrics.cancelGap : width - inset
        let full = SearchFieldMetrics.fieldHeight
        let rowHeight: CGFloat, fieldBottom: CGFloat, height: CGFloat
        if let row = navigationVisibleRow {
            rowHeight = row
            let margin = SearchFieldMetrics.navigationFieldBottomMargin
            height = min(max(row - SearchFieldMetrics.navigationFieldTopMargin - margin, 0), full)
            fieldBottom = fieldRowTop + max(row - margin, height)
            searchTextField.setContentAlpha(min(max((height - SearchFieldMetrics.fadedFieldHeight) / (full - SearchFieldMetrics.fadedFieldHeight), 0), 1))
            searchTextField.isHidden = height <= 0
        } else {
            rowHeight = SearchFieldMetrics.barHeight
            height = full
            fieldBottom = fieldRowTop + rowHeight / 2 + full / 2
        }
        searchTextField.frame = CGRect(x: inset, y: fieldBottom - height, width: max(trailing - inset, 0), height: height)
        // Cancel is centred on the field at rest (it does not shrink with it).
        cancelButton.frame = CGRect(x: storedShowsCancelButton ? width - inset - cancelWidth : width, y: fieldBottom - full,
                                    width: cancelWidth, height: full)
        // In a navigation bar the row does not grow for a scope bar, so none is shown there.
        scopeBar.isHidden = !storedShowsScopeBar || navigationVisibleRow != nil
        scopeBar.frame = CGRect(x: inset, y: fieldRowTop + rowHeight - 4, width: max(width - 2 * inset, 0), height: SearchFieldMetrics.scopeTrackHeight)
    }
}

/// The field's delegate while it is a search bar's: its calls become the bar delegate's.
final class SearchBarFieldRelay: NSObject, UITextFieldDelegate {
    weak var bar: UISearchBar?

    func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool {
        guard let bar else { return true }
        return bar.delegate?.searchBarShouldBeginEditing(bar) ?? true
    }
    func textFieldDidBeginEditing(_ textField: UITextField) { bar?.didBeginEditing() }
    func textFieldShouldEndEditing(_ textField: UITextField) -> Bool {
        guard let bar else { return true }
        return bar.delegate?.searchBarShouldEndEditing(bar) ?? true
    }
    func textFieldDidEndEditing(_ textField: UITextField) {
        guard let bar else { return }
        bar.delegate?.searchBarTextDidEndEditing(bar)
    }
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
        guard let bar else { return true }
        return bar.delegate?.searchBar(bar, shouldChangeTextIn: range, replacementText: string) ?? true
    }
    /// Return is the Search key.
    func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        guard let bar else { return true }
        bar.delegate?.searchBarSearchButtonClicked(bar)
        return true
    }
}

/// "Cancel" in the tint colour, 17 pt.
final class SearchBarCancelButton: UIControl {
    private let label = UILabel()
    var tapped: (() -> Void)?

    override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        label.text = "Cancel"
        label.font = .systemFont(ofSize: 17)
        label.isUserInteractionEnabled = false
        addSubview(label)
        addAction(UIAction { [weak self] _ in self?.tapped?() }, for: .touchUpInside)
    }
    required init?(coder: NSCoder) { misuse("SearchBarCancelButton is UIKit's own and is not made from an archive") }

    var preferredWidth: CGFloat { label.intrinsicContentSize.width }

    override func tintColorDidChange() {
        super.tintColorDidChange()
        label.textColor = tintColor
    }
    override func didMoveToWindow() {
        super.didMoveToWindow()
        label.textColor = tintColor
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        label.textColor = tintColor
        let size = label.intrinsicContentSize
        label.frame = CGRect(x: 0, y: (bounds.height - size.height) / 2, width: size.width, height: size.height)
    }
}

/// The scope bar: a segmented track (`tertiarySystemFill`, 9 pt corners) with the selected segment raised
/// on a white (light) or grey (dark) pill, 13 pt titles (estimates, after iOS 17's segmented control).
final class SearchScopeBar: UIView {
    var titles: [String] = [] { didSet { rebuild() } }
    var selectedIndex = 0 { didSet { setNeedsLayout() } }
    var selected: ((Int) -> Void)?
    private var labels: [UILabel] = []
    private let pill = UIView()

    override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        backgroundColor = .tertiarySystemFill
        layer.cornerRadius = 9
        pill.backgroundColor = UIColor { $0.userInterfaceStyle == .dark ? UIColor(white: 0.39, alpha: 1) : .white }
        pill.layer.cornerRadius = 7
        pill.layer.shadowColor = CGColor(gray: 0, alpha: 1)
        pill.layer.shadowOpacity = 0.12
        pill.layer.shadowRadius = 4
        pill.layer.shadowOffset = CGSize(width: 0, height: 3)
        pill.isUserInteractionEnabled = false
        addSubview(pill)
    }
    required init?(coder: NSCoder) { misuse("SearchScopeBar is UIKit's own and is not made from an archive") }

    private func rebuild() {
        labels.forEach { $0.removeFromSuperview() }
        labels = titles.map { title in
            let label = UILabel()
            label.text = title
            label.textAlignment = .center
            label.isUserInteractionEnabled = false
            addSubview(label)
            return label
        }
        setNeedsLayout()
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first, !titles.isEmpty else { return }
        let point = touch.location(in: self)
        guard bounds.contains(point) else { return }
        selected?(min(Int(point.x / (bounds.width / CGFloat(titles.count))), titles.count - 1))
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        guard !titles.isEmpty else { pill.isHidden = true; return }
        let width = bounds.width / CGFloat(titles.count)
        for (index, label) in labels.enumerated() {
            label.font = .systemFont(ofSize: 13, weight: index == selectedIndex ? .semibold : .medium)
            label.frame = CGRect(x: CGFloat(index) * width, y: 0, width: width, height: bounds.height)
        }
        pill.isHidden = !(0..<titles.count).contains(selectedIndex)
        pill.frame = CGRect(x: CGFloat(selectedIndex) * width + 2, y: 2, width: width - 4, height: bounds.height - 4)
    }
}

/// The search bar's delegate: every method optional (defaults below), as Apple's protocol.
public protocol UISearchBarDelegate: NSObjectProtocol {
    func searchBarShouldBeginEditing(_ searchBar: UISearchBar) -> Bool
    func searchBarTextDidBeginEditing(_ searchBar: UISearchBar)
    func searchBarShouldEndEditing(_ searchBar: UISearchBar) -> Bool
    func searchBarTextDidEndEditing(_ searchBar: UISearchBar)
    func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String)
    func searchBar(_ searchBar: UISearchBar, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool
    func searchBarSearchButtonClicked(_ searchBar: UISearchBar)
    /// Never called: the bookmark button is not drawn.
    func searchBarBookmarkButtonClicked(_ searchBar: UISearchBar)
    func searchBarCancelButtonClicked(_ searchBar: UISearchBar)
    /// Never called: the results-list button is not drawn.
    func searchBarResultsListButtonClicked(_ searchBar: UISearchBar)
    func searchBar(_ searchBar: UISearchBar, selectedScopeButtonIndexDidChange selectedScope: Int)
}

extension UISearchBarDelegate {
    public func searchBarShouldBeginEditing(_ searchBar: UISearchBar) -> Bool { true }
    public func searchBarTextDidBeginEditing(_ searchBar: UISearchBar) {}
    public func searchBarShouldEndEditing(_ searchBar: UISearchBar) -> Bool { true }
    public func searchBarTextDidEndEditing(_ searchBar: UISearchBar) {}
    public func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) {}
    public func searchBar(_ searchBar: UISearchBar, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool { true }
    public func searchBarSearchButtonClicked(_ searchBar: UISearchBar) {}
    public func searchBarBookmarkButtonClicked(_ searchBar: UISearchBar) {}
    public func searchBarCancelButtonClicked(_ searchBar: UISearchBar) {}
    public func searchBarResultsListButtonClicked(_ searchBar: UISearchBar) {}
    public func searchBar(_ searchBar: UISearchBar, selectedScopeButtonIndexDidChange selectedScope: Int) {}
}
