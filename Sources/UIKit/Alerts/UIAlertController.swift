import Foundation

/// How serious an alert is. Mac Catalyst draws a critical alert with a caution icon.
///
/// Inert: UIKit ignores the severity on iOS (Apple's documentation), so it changes nothing here.
public enum UIAlertControllerSeverity: Int, Sendable {
    case `default` = 0, critical
}

/// An alert (a platter in the middle of the screen) or an action sheet (groups of buttons at the bottom),
/// presented with `present(_:animated:completion:)` as on iOS:
///
///     let alert = UIAlertController(title: "Delete Photo?", message: "It will be removed.", preferredStyle: .alert)
///     alert.addAction(UIAlertAction(title: "Delete", style: .destructive) { _ in … })
///     alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
///     present(alert, animated: true)
///
/// It presents itself through its own presentation controller and animators (the alert pops in from 1.2×
/// and fades out; the sheet slides up and down; both over a dimming), so `modalPresentationStyle` reads
/// `.custom`, as on an iPhone, and setting it changes nothing. A tap on a button highlights it while the
/// finger is down, dismisses the alert, and runs the action's handler when the dismissal has finished; a
/// tap outside an action sheet does the same with its cancel action (and nothing when it has none).
///
/// UIKit raises an exception for a second cancel action, a text field on an action sheet and a preferred
/// action that is not one of the actions; here each is a warning (`UIKit: …` on standard error) and the
/// call is ignored. Geometry, fonts, colours and timing: docs/UIKIT-COMPATIBILITY.md, "Alerts and action
/// sheets".
open class UIAlertController: UIViewController {
    /// `.actionSheet` (0, what `UIAlertController()` gives, as on iOS) or `.alert`.
    public enum Style: Int, Sendable {
        case actionSheet = 0, alert
    }

    public private(set) var preferredStyle: Style = .actionSheet
    /// The actions in the order they were added (the layout may show them in another: see the type).
    open var actions: [UIAlertAction] { storedActions }
    private var storedActions: [UIAlertAction] = []
    /// The action whose button is bold (instead of the cancel action's) on an alert; one of `actions` or
    /// nil. Action sheets ignore it, as on iOS.
    open var preferredAction: UIAlertAction? {
        get { storedPreferredAction }
        set {
            if let newValue, !storedActions.contains(where: { $0 === newValue }) {
                UIKitWarnings.warn("The preferredAction of an alert controller must be contained in the actions array or be nil; \"\(newValue.title ?? "")\" was not added with addAction(_:), so it is ignored.")
                return
            }
            storedPreferredAction = newValue
            alertViewIfLoaded?.actionsChanged()
        }
    }
    private var storedPreferredAction: UIAlertAction?
    /// The text fields added with `addTextField(configurationHandler:)`, in order (empty when none).
    open var textFields: [UITextField]? { storedTextFields }
    private var storedTextFields: [UITextField] = []
    /// The smaller text under the title.
    open var message: String? {
        didSet { alertViewIfLoaded?.textChanged() }
    }
    /// The alert's title (the view controller's title).
    open override var title: String? {
        didSet { alertViewIfLoaded?.textChanged() }
    }
    /// Inert: UIKit ignores the severity on iOS (Apple's documentation); stored.
    open var severity: UIAlertControllerSeverity = .default
    /// Inert: there is no drag and drop offscreen, so no spring-loaded activation; stored.
    open var isSpringLoaded = false

    /// Always `.custom`, as an iPhone reports for both styles: the alert brings its own presentation
    /// controller. Setting it changes nothing (UIKit keeps its own value too).
    open override var modalPresentationStyle: UIModalPresentationStyle {
        get { .custom }
        set {}
    }

    /// The presentation controller and animators of the alert (kept here: `transitioningDelegate` is weak).
    private let ownedTransitioningDelegate = AlertTransitioningDelegate()
    /// Set by the first accepted tap: later taps (on another button, outside) do nothing.
    private(set) var isDismissingForAction = false

    /// An alert or action sheet with a title and a message (either may be nil).
    public convenience init(title: String?, message: String?, preferredStyle: Style) {
        self.init(nibName: nil, bundle: nil)
        self.title = title
        self.message = message
        self.preferredStyle = preferredStyle
    }

    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        transitioningDelegate = ownedTransitioningDelegate
    }

    /// See `UIViewController.init?(coder:)`: nothing is decoded.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        transitioningDelegate = ownedTransitioningDelegate
    }

    /// Adds a button. A second `.cancel` action is refused (UIKit raises; here a warning).
    open func addAction(_ action: UIAlertAction) {
        if action.style == .cancel, storedActions.contains(where: { $0.style == .cancel }) {
            UIKitWarnings.warn("UIAlertController can only have one action with a style of UIAlertAction.Style.cancel; \"\(action.title ?? "")\" is ignored. Give it the .default style, or drop the other cancel action.")
            return
        }
        action.alertController = self
        storedActions.append(action)
        alertViewIfLoaded?.actionsChanged()
    }

    /// Adds a text field (13 pt, in the alert's rounded group), then lets `configurationHandler` set it up
    /// (placeholder, secure entry, text). Alerts only: an action sheet refuses it (UIKit raises; here a
    /// warning).
    open func addTextField(configurationHandler: ((UITextField) -> Void)? = nil) {
        guard preferredStyle == .alert else {
            UIKitWarnings.warn("Text fields can only be added to an alert controller of style UIAlertController.Style.alert; the text field is ignored.")
            return
        }
        let field = UITextField(frame: .zero)
        field.font = .systemFont(ofSize: AlertMetrics.textFieldFontSize)
        field.borderStyle = .none
        configurationHandler?(field)
        storedTextFields.append(field)
        alertViewIfLoaded?.textFieldsChanged()
    }

    open override func loadView() {
        view = AlertControllerView(controller: self)
    }

    // MARK: Taps

    var alertViewIfLoaded: AlertControllerView? { viewIfLoaded as? AlertControllerView }

    /// The emphasized (bold) action: the preferred action on an alert, else the cancel action.
    var emphasizedAction: UIAlertAction? {
        if preferredStyle == .alert, let storedPreferredAction { return storedPreferredAction }
        return storedActions.first { $0.style == .cancel }
    }

    /// A tap on an enabled action's button: the alert is dismissed (animated) and the action's handler
    /// runs in the dismissal's completion, as UIKit orders them. Taps after the first do nothing.
    func perform(_ action: UIAlertAction) {
        guard action.isEnabled, !isDismissingForAction else { return }
        isDismissingForAction = true
        guard let presenter = presentingViewController else {
            action.handler?(action)
            return
        }
        presenter.dismiss(animated: true) { [self] in
            isDismissingForAction = false
            action.handler?(action)
        }
    }

    /// A tap outside an action sheet: its cancel action, if it has one (otherwise nothing, as on iPhone).
    func performCancelFromOutside() {
        guard preferredStyle == .actionSheet, let cancel = storedActions.first(where: { $0.style == .cancel }) else { return }
        perform(cancel)
    }

    func actionEnabledChanged(_ action: UIAlertAction) { alertViewIfLoaded?.actionsChanged() }
}
