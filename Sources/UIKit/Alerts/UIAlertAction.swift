import Foundation

/// A button of an alert or action sheet: its title, its style (default, cancel or destructive), whether it
/// can be tapped, and the block run when it is. The handler runs once the alert has been dismissed (in the
/// dismissal's completion), as UIKit runs it.
open class UIAlertAction: NSObject, NSCopying {
    /// How the button is drawn and placed: `.cancel` goes last (stacked) or left (two side by side) and
    /// is bold; `.destructive` is red.
    public enum Style: Int, Sendable {
        case `default` = 0, cancel, destructive
    }

    /// The button's text.
    open private(set) var title: String?
    open private(set) var style: Style
    /// false: the button is drawn grey and a tap on it does nothing. Changing it while the alert is on
    /// screen redraws the button.
    open var isEnabled = true {
        didSet { if isEnabled != oldValue { alertController?.actionEnabledChanged(self) } }
    }
    /// Run with the action when the user taps its button, after the dismissal.
    let handler: ((UIAlertAction) -> Void)?
    /// The alert the action was added to.
    weak var alertController: UIAlertController?

    public init(title: String?, style: Style, handler: ((UIAlertAction) -> Void)? = nil) {
        self.title = title
        self.style = style
        self.handler = handler
        super.init()
    }

    /// A new action with the same title, style, handler and enabled state, in no alert.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = UIAlertAction(title: title, style: style, handler: handler)
        copy.isEnabled = isEnabled
        return copy
    }
}
