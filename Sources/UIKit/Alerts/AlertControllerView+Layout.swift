import Foundation

/// Where everything goes: the alert's platter in the middle of the screen, the action sheet's groups at its
/// bottom (numbers: AlertMetrics).
extension AlertControllerView {
    private var hasTitle: Bool { !(controller.title ?? "").isEmpty }
    private var hasMessage: Bool { !(controller.message ?? "").isEmpty }

    /// Lays the title and message out from `y` across `width` at `x`; returns the y under them (or `y`
    /// when there are neither).
    private func layoutHeader(x: CGFloat, y top: CGFloat, width: CGFloat, titleToMessage: CGFloat) -> CGFloat {
        var y = top
        titleLabel.isHidden = !hasTitle
        messageLabel.isHidden = !hasMessage
        if hasTitle {
            let height = titleLabel.sizeThatFits(CGSize(width: width, height: 0)).height
            titleLabel.frame = CGRect(x: x, y: y, width: width, height: height)
            y += height
        }
        if hasMessage {
            if hasTitle { y += titleToMessage }
            let height = messageLabel.sizeThatFits(CGSize(width: width, height: 0)).height
            messageLabel.frame = CGRect(x: x, y: y, width: width, height: height)
            y += height
        }
        return y
    }

    /// As many hairlines as asked for, made or dropped, on top of the platter's buttons.
    private func useSeparators(_ count: Int) {
        while separators.count > count { separators.removeLast().removeFromSuperview() }
        while separators.count < count {
            let line = UIView(frame: .zero)
            line.backgroundColor = AlertMetrics.separator
            platter.addSubview(line)
            separators.append(line)
        }
        for line in separators { platter.bringSubviewToFront(line) }
    }

    // MARK: Alert

    /// 270 pt wide, centred: title and message, the text fields' group, then the buttons (two side by
    /// side, otherwise stacked), 44 pt each under hairlines.
    func layoutAlert() {
        content.bounds = bounds
        content.center = CGPoint(x: bounds.midX, y: bounds.midY)
        cancelGroup.isHidden = true
        let width = AlertMetrics.alertWidth, side = AlertMetrics.alertSideInset
        let textWidth = width - 2 * side
        let hasHeader = hasTitle || hasMessage
        var y = layoutHeader(x: side, y: hasHeader ? AlertMetrics.alertTopInset : 0, width: textWidth,
                             titleToMessage: AlertMetrics.alertTitleToMessage)
        let fields = controller.textFields ?? []
        fieldGroup.isHidden = fields.isEmpty
        if !fields.isEmpty {
            y += AlertMetrics.textFieldSpacing
            let line = AlertMetrics.hairline
            let groupHeight = CGFloat(fields.count) * AlertMetrics.textFieldHeight + CGFloat(fields.count - 1) * line
            fieldGroup.frame = CGRect(x: side, y: y, width: textWidth, height: groupHeight)
            fieldGroup.layer.cornerRadius = AlertMetrics.textFieldGroupCornerRadius
            fieldGroup.layer.borderWidth = line
            fieldGroup.layer.borderColor = AlertMetrics.separator.resolvedColor(with: traitCollection).cgColor
            var fieldY: CGFloat = 0
            for (index, field) in fields.enumerated() {
                if index > 0 {
                    fieldSeparators[index - 1].frame = CGRect(x: 0, y: fieldY, width: textWidth, height: line)
                    fieldY += line
                }
                field.frame = CGRect(x: AlertMetrics.textFieldInset, y: fieldY,
                                     width: textWidth - 2 * AlertMetrics.textFieldInset, height: AlertMetrics.textFieldHeight)
                fieldY += AlertMetrics.textFieldHeight
            }
            y += groupHeight + AlertMetrics.textFieldSpacing
        } else if hasHeader {
            y += AlertMetrics.alertHeaderBottomInset
        }

        let ordered = orderedButtons, line = AlertMetrics.hairline, buttonHeight = AlertMetrics.alertButtonHeight
        let hasTopLine = y > 0
        if buttonsSideBySide {
            useSeparators(hasTopLine ? 2 : 1)
            for (index, button) in ordered.enumerated() {
                button.frame = CGRect(x: CGFloat(index) * width / 2, y: y, width: width / 2, height: buttonHeight)
            }
            if hasTopLine { separators[1].frame = CGRect(x: 0, y: y, width: width, height: line) }
            separators[0].frame = CGRect(x: width / 2, y: y, width: line, height: buttonHeight)
            y += buttonHeight
        } else {
            let lines = hasTopLine ? ordered.count : max(0, ordered.count - 1)
            useSeparators(lines)
            var next = 0
            for (index, button) in ordered.enumerated() {
                if index > 0 || hasTopLine {
                    separators[next].frame = CGRect(x: 0, y: y, width: width, height: line)
                    next += 1
                }
                button.frame = CGRect(x: 0, y: y, width: width, height: buttonHeight)
                y += buttonHeight
            }
        }
        let height = y
        let center = CGPoint(x: bounds.midX, y: bounds.midY)
        // The transform (the pop) stays; only bounds and centre are set, as frame would be skewed by it.
        platter.bounds = CGRect(x: 0, y: 0, width: width, height: height)
        platter.center = CGPoint(x: (center.x * 3).rounded() / 3, y: ((center.y - height / 2) * 3).rounded() / 3 + height / 2)
        platter.layer.cornerRadius = AlertMetrics.alertCornerRadius
        platterBackground.frame = platter.bounds
    }

    // MARK: Action sheet

    /// Inset 8 pt from the screen's sides: the cancel button in its own group at the bottom (above the
    /// home indicator), the other actions in a group 8 pt above it with the title and message on top;
    /// rows 57 pt under hairlines.
    func layoutActionSheet() {
        content.bounds = bounds
        content.center = CGPoint(x: bounds.midX, y: bounds.midY)
        fieldGroup.isHidden = true
        let margin = AlertMetrics.sheetSideMargin, width = bounds.width - 2 * margin
        let hasHeader = hasTitle || hasMessage
        let inset = AlertMetrics.sheetHeaderVerticalInset
        var y = layoutHeader(x: AlertMetrics.sheetHeaderSideInset, y: hasHeader ? inset : 0,
                             width: width - 2 * AlertMetrics.sheetHeaderSideInset, titleToMessage: AlertMetrics.sheetTitleToMessage)
        if hasHeader { y += inset }
        let rowHeight = AlertMetrics.sheetRowHeight, line = AlertMetrics.hairline
        useSeparators(hasHeader ? buttons.count : max(0, buttons.count - 1))
        var next = 0
        for (index, button) in buttons.enumerated() {
            if index > 0 || hasHeader {
                separators[next].frame = CGRect(x: 0, y: y, width: width, height: line)
                next += 1
            }
            button.frame = CGRect(x: 0, y: y, width: width, height: rowHeight)
            y += rowHeight
        }
        let bottomInset = safeAreaInsets.bottom > 0 ? safeAreaInsets.bottom : AlertMetrics.sheetBottomMargin
        var maxY = bounds.height - bottomInset
        if let cancelButton {
            cancelGroup.frame = CGRect(x: margin, y: maxY - rowHeight, width: width, height: rowHeight)
            cancelGroup.layer.cornerRadius = AlertMetrics.sheetCornerRadius
            cancelButton.frame = cancelGroup.bounds
            maxY -= rowHeight + AlertMetrics.sheetCancelGap
        }
        platter.isHidden = y == 0
        platter.bounds = CGRect(x: 0, y: 0, width: width, height: y)
        platter.center = CGPoint(x: margin + width / 2, y: maxY - y / 2)
        platter.layer.cornerRadius = AlertMetrics.sheetCornerRadius
        platterBackground.frame = platter.bounds
    }

    /// How far the action sheet's groups must move down to be off screen (the slide's distance).
    var sheetSlideDistance: CGFloat {
        let top = min(platter.isHidden ? .greatestFiniteMagnitude : platter.frame.minY,
                      cancelGroup.isHidden ? .greatestFiniteMagnitude : cancelGroup.frame.minY)
        return top == .greatestFiniteMagnitude ? 0 : bounds.height - top
    }
}
