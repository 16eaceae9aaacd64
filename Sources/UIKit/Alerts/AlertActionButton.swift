import Foundation

/// One action's button in an alert or action sheet: its title centred, tinted (red when destructive, grey
/// when disabled, bold when emphasized), and a highlight laid over it while the finger is on it. As on iOS
/// the finger may slide from one button to another: the button under it is highlighted (exactly its own
/// area, without UIControl's 70 pt of slack), and the one it is lifted on performs its action through the
/// alert controller; lifted elsewhere, nothing happens.
final class AlertActionButton: UIControl {
    let action: UIAlertAction
    let titleLabel = UILabel(frame: .zero)
    private let highlightView = UIView(frame: .zero)
    private var fontSize: CGFloat = AlertMetrics.alertButtonFontSize
    private(set) var emphasized = false

    init(action: UIAlertAction) {
        self.action = action
        super.init(frame: .zero)
        highlightView.backgroundColor = AlertMetrics.highlight
        highlightView.isHidden = true
        highlightView.isUserInteractionEnabled = false
        addSubview(highlightView)
        titleLabel.text = action.title
        titleLabel.textAlignment = .center
        titleLabel.lineBreakMode = .byTruncatingMiddle
        addSubview(titleLabel)
        update()
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    /// Sets the title's size and weight and redraws.
    func configure(fontSize: CGFloat, emphasized: Bool) {
        self.fontSize = fontSize
        self.emphasized = emphasized
        update()
    }

    /// Reads the action again (its enabled state may have changed).
    func update() {
        isEnabled = action.isEnabled
        titleLabel.font = .systemFont(ofSize: fontSize, weight: emphasized ? .semibold : .regular)
        titleLabel.textColor = titleColor
        highlightView.isHidden = !(isHighlighted && isEnabled)
    }

    /// The width the title needs on one line.
    var titleWidth: CGFloat { titleLabel.sizeThatFits(CGSize(width: 0, height: 0)).width }

    private var titleColor: UIColor {
        if !action.isEnabled { return AlertMetrics.disabledTitle }
        return action.style == .destructive ? .systemRed : tintColor
    }

    override var isHighlighted: Bool {
        didSet { highlightView.isHidden = !(isHighlighted && isEnabled) }
    }

    /// The alert's view this button is in.
    private var alertView: AlertControllerView? {
        var view = superview
        while let current = view, !(current is AlertControllerView) { view = current.superview }
        return view as? AlertControllerView
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first, let alertView else { return super.touchesMoved(touches, with: event) }
        let target = alertView.button(at: touch.location(in: alertView))
        for button in alertView.allButtons { button.isHighlighted = button === target }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first, let alertView else { return super.touchesEnded(touches, with: event) }
        let target = alertView.button(at: touch.location(in: alertView))
        for button in alertView.allButtons { button.isHighlighted = false }
        // The control's own tracking ends without a touch-up-inside: the target performs instead.
        super.touchesCancelled(touches, with: event)
        if let target { target.action.alertController?.perform(target.action) }
    }

    override func tintColorDidChange() {
        super.tintColorDidChange()
        titleLabel.textColor = titleColor
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        highlightView.frame = bounds
        let height = titleLabel.sizeThatFits(CGSize(width: 0, height: 0)).height
        titleLabel.frame = CGRect(x: AlertMetrics.alertButtonTitlePadding, y: ((bounds.height - height) / 2).rounded(),
                                  width: max(0, bounds.width - 2 * AlertMetrics.alertButtonTitlePadding), height: height)
    }
}
