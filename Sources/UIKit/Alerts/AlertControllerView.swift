import Foundation

/// The alert controller's view: it fills the presentation's container (the dimming lies under it) and
/// holds the alert's platter, or the action sheet's two groups, laid out in `layoutSubviews`
/// (AlertControllerView+Layout.swift). Touches outside an action sheet's groups cancel it.
final class AlertControllerView: UIView {
    unowned let controller: UIAlertController
    /// The alert's platter, or the action sheet's group of actions (with the title and message on top).
    let platter = UIView(frame: .zero)
    let platterBackground = UIVisualEffectView(effect: nil)
    /// The action sheet's cancel button, apart below the platter (nil without a cancel action or on alerts).
    let cancelGroup = UIView(frame: .zero)
    /// Moves the action sheet's groups together (the slide); the alert's platter sits in it too.
    let content = UIView(frame: .zero)
    let titleLabel = UILabel(frame: .zero)
    let messageLabel = UILabel(frame: .zero)
    /// The text fields' rounded group (alerts only).
    let fieldGroup = UIView(frame: .zero)
    private(set) var buttons: [AlertActionButton] = []
    private(set) var cancelButton: AlertActionButton?
    /// Hairlines between buttons and between the text fields (re-made with the buttons).
    var separators: [UIView] = []
    var fieldSeparators: [UIView] = []
    /// The material now shown, so the blur is set again only when the appearance changes.
    private var shownMaterialIsDark: Bool?

    init(controller: UIAlertController) {
        self.controller = controller
        super.init(frame: .zero)
        UIView.performWithoutAnimation {
            platter.clipsToBounds = true
            cancelGroup.clipsToBounds = true
            cancelGroup.backgroundColor = AlertMetrics.sheetCancelBackground
            platter.addSubview(platterBackground)
            for label in [titleLabel, messageLabel] {
                label.numberOfLines = 0
                label.textAlignment = .center
                platter.addSubview(label)
            }
            fieldGroup.clipsToBounds = true
            fieldGroup.backgroundColor = AlertMetrics.textFieldBackground
            fieldGroup.layer.borderColor = AlertMetrics.separator.cgColor
            platter.addSubview(fieldGroup)
            content.addSubview(platter)
            content.addSubview(cancelGroup)
            addSubview(content)
            textChanged()
            textFieldsChanged()
            actionsChanged()
        }
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    var isAlert: Bool { controller.preferredStyle == .alert }

    /// The title and message changed: the labels take them, in the style's fonts and colours.
    func textChanged() {
        titleLabel.text = controller.title
        messageLabel.text = controller.message
        titleLabel.font = isAlert ? AlertMetrics.alertTitleFont : AlertMetrics.sheetTitleFont
        messageLabel.font = isAlert ? AlertMetrics.alertMessageFont : AlertMetrics.sheetMessageFont
        titleLabel.textColor = isAlert ? .label : .secondaryLabel
        messageLabel.textColor = isAlert ? .label : .secondaryLabel
        setNeedsLayout()
    }

    /// The text fields changed: they move into the rounded group, each with a hairline above all but the first.
    func textFieldsChanged() {
        for view in fieldGroup.subviews { view.removeFromSuperview() }
        fieldSeparators = []
        for (index, field) in (controller.textFields ?? []).enumerated() {
            if index > 0 {
                let line = UIView(frame: .zero)
                line.backgroundColor = AlertMetrics.separator
                fieldSeparators.append(line)
                fieldGroup.addSubview(line)
            }
            fieldGroup.addSubview(field)
        }
        setNeedsLayout()
    }

    /// The actions, their order, their emphasis or their enabled state changed: the buttons are made again.
    func actionsChanged() {
        for button in buttons { button.removeFromSuperview() }
        cancelButton?.removeFromSuperview()
        for line in separators { line.removeFromSuperview() }
        buttons = []
        cancelButton = nil
        separators = []
        let emphasized = controller.emphasizedAction
        let fontSize = isAlert ? AlertMetrics.alertButtonFontSize : AlertMetrics.sheetButtonFontSize
        for action in controller.actions {
            let button = AlertActionButton(action: action)
            button.configure(fontSize: fontSize, emphasized: action === emphasized)
            if !isAlert, action.style == .cancel {
                cancelButton = button
                cancelGroup.addSubview(button)
            } else {
                buttons.append(button)
                platter.addSubview(button)
            }
        }
        cancelGroup.isHidden = cancelButton == nil
        setNeedsLayout()
    }

    /// The buttons in the order they are drawn: on an alert, two side by side put the cancel action on
    /// the left, stacked ones put it last; on an action sheet the platter's are in the order added.
    var orderedButtons: [AlertActionButton] {
        guard isAlert else { return buttons }
        let cancel = buttons.filter { $0.action.style == .cancel }
        let others = buttons.filter { $0.action.style != .cancel }
        return buttonsSideBySide ? cancel + others : others + cancel
    }

    /// Every button, the cancel group's included.
    var allButtons: [AlertActionButton] { buttons + [cancelButton].compactMap { $0 } }

    /// The button whose area contains `point` (in this view), if any.
    func button(at point: CGPoint) -> AlertActionButton? {
        allButtons.first { !$0.isHidden && $0.bounds.contains($0.convert(point, from: self)) }
    }

    /// Two actions whose titles both fit half the alert's width sit side by side.
    var buttonsSideBySide: Bool {
        guard isAlert, buttons.count == 2 else { return false }
        let room = AlertMetrics.alertWidth / 2 - 2 * AlertMetrics.alertButtonTitlePadding
        return buttons.allSatisfy { $0.titleWidth <= room }
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let dark = traitCollection.userInterfaceStyle == .dark
        if shownMaterialIsDark != dark {
            shownMaterialIsDark = dark
            UIView.performWithoutAnimation { platterBackground.effect = UIBlurEffect(style: AlertMetrics.material(dark: dark)) }
        }
        if isAlert { layoutAlert() } else { layoutActionSheet() }
    }

    /// A touch lifted outside an action sheet's groups is its cancel action (nothing on an alert).
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesEnded(touches, with: event)
        guard !isAlert, let touch = touches.first else { return }
        let point = touch.location(in: content)
        let inside = platter.frame.contains(point) || (!cancelGroup.isHidden && cancelGroup.frame.contains(point))
        if !inside { controller.performCancelFromOutside() }
    }
}
