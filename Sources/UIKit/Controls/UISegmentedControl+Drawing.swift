/// How the segmented control draws: its metrics and colours (estimates from iOS 17/18 screenshots unless
/// noted; docs/UIKIT-COMPATIBILITY.md, "Controls"), segment widths, and placing the parts.
extension UISegmentedControl {
    /// The control's height (Apple's default, 32 pt since iOS 13).
    static let height: CGFloat = 32
    /// Space on each side of a segment's title or image (estimate).
    static let segmentPadding: CGFloat = 12
    /// The track's corner radius, the pill's inset from it and the pill's radius (estimates).
    static let trackRadius: CGFloat = 9
    static let pillInset: CGFloat = 2
    static let pillRadius: CGFloat = 7
    /// Dividers: 1 pt wide, 16 pt tall, centred (estimate).
    static let dividerSize = CGSize(width: 1, height: 16)
    /// The pill's slide after a tap: a critically damped spring of perceptual duration 0.35 s (estimate).
    static let slideDuration: TimeInterval = 0.35
    /// How quickly a held segment dims and comes back (estimate).
    static let dimDuration: TimeInterval = 0.15
    /// A held segment's content alpha (estimate).
    static let heldAlpha: CGFloat = 0.35
    /// A picked-up pill's scale, and how quickly it shrinks and grows back (estimates from iOS 17 screen
    /// recordings).
    static let pressedPillScale: CGFloat = 0.95
    static let pressDuration: TimeInterval = 0.25

    /// The track: the system's tertiary fill (118,118,128 at 12 % light, 24 % dark) — #EEEEEF over white.
    static let trackColor = UIColor.tertiarySystemFill
    /// The pill: white in light; in dark an elevated grey (#636366, systemGray2's dark value).
    static let pillColor = UIColor { traits in
        traits.userInterfaceStyle == .dark ? UIColor(red: 99 / 255, green: 99 / 255, blue: 102 / 255, alpha: 1) : .white
    }
    static let dividerColor = UIColor.systemGray4

    func setUpParts() {
        canvas.isUserInteractionEnabled = false
        addSubview(canvas)
        track.isUserInteractionEnabled = false
        track.backgroundColor = Self.trackColor
        track.layer.cornerRadius = Self.trackRadius
        canvas.addSubview(track)
        pill.layer.shadowOpacity = 0.12
        canvas.addSubview(pill)
        updateAppearance()
    }

    /// The font of a segment's title: 13 pt, semibold when selected, or the attributes' font.
    func titleFont(selected: Bool) -> UIFont {
        let state: UIControl.State = selected ? .selected : .normal
        if let font = titleTextAttributes(for: state)?[.font] as? UIFont { return font }
        if selected, let font = titleTextAttributes(for: .normal)?[.font] as? UIFont { return font }
        return .systemFont(ofSize: 13, weight: selected ? .semibold : .regular)
    }

    func titleColor(selected: Bool, enabled: Bool) -> UIColor {
        if !enabled, let color = titleTextAttributes(for: .disabled)?[.foregroundColor] as? UIColor { return color }
        if selected, let color = titleTextAttributes(for: .selected)?[.foregroundColor] as? UIColor { return color }
        if let color = titleTextAttributes(for: .normal)?[.foregroundColor] as? UIColor { return color }
        return enabled ? .label : .tertiaryLabel
    }

    /// Makes the segments' views again after the segments changed.
    func rebuildSegments() {
        for view in contents + dividers { view.removeFromSuperview() }
        contents = items.map { item in
            if let image = item.image {
                let view = UIImageView(image: image)
                view.contentMode = .center
                return view
            }
            let label = UILabel()
            label.text = item.title
            label.textAlignment = .center
            return label
        }
        dividers = (0..<max(items.count - 1, 0)).map { _ in
            let divider = UIView()
            divider.isUserInteractionEnabled = false
            divider.backgroundColor = Self.dividerColor
            return divider
        }
        for divider in dividers { canvas.insertSubview(divider, belowSubview: pill) }
        for view in contents { canvas.addSubview(view) }
        if storedSelectionIsOutOfRange { selectedSegmentIndex = UISegmentedControl.noSegment }
        updateAppearance()
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }
    private var storedSelectionIsOutOfRange: Bool {
        selectedSegmentIndex != UISegmentedControl.noSegment && !items.indices.contains(selectedSegmentIndex)
    }

    /// Colours, fonts and alphas for the state: the selection, the held segment, disabled segments.
    func updateAppearance() {
        pill.color = selectedSegmentTintColor ?? Self.pillColor
        canvas.alpha = isEnabled ? 1 : 0.5
        for (index, view) in contents.enumerated() {
            let selected = index == selectedSegmentIndex
            let enabled = items[index].isEnabled
            if let label = view as? UILabel {
                label.font = titleFont(selected: selected)
                label.textColor = titleColor(selected: selected, enabled: enabled)
            } else {
                view.tintColor = titleColor(selected: selected, enabled: enabled)
            }
            view.alpha = index == heldIndex && !selected ? Self.heldAlpha : 1
        }
    }

    /// Each segment's width when the control has its natural size: its content plus padding, or (not
    /// apportioned) the widest segment's; a width set with `setWidth` wins.
    func naturalWidths() -> [CGFloat] {
        let content: [CGFloat] = items.map { item in
            if let image = item.image { return image.size.width + 2 * Self.segmentPadding }
            // Measured in the selected font, so a segment does not grow when selected.
            let probe = UILabel()
            probe.font = titleFont(selected: true)
            probe.text = item.title
            return ceil(probe.intrinsicContentSize.width) + 2 * Self.segmentPadding
        }
        let widest = content.max() ?? 0
        return items.indices.map { index in
            items[index].width > 0 ? items[index].width : (apportionsSegmentWidthsByContent ? content[index] : widest)
        }
    }

    /// The segments' frames across `width`: fixed widths as set, the rest sharing what is left (equally, or
    /// by content when apportioned).
    func segmentFrames(width: CGFloat) -> [CGRect] {
        let natural = naturalWidths()
        let fixed = items.indices.filter { items[$0].width > 0 }
        let flexible = items.indices.filter { items[$0].width <= 0 }
        let left = max(width - fixed.reduce(0) { $0 + items[$1].width }, 0)
        let naturalFlexible = flexible.reduce(0) { $0 + natural[$1] }
        var x: CGFloat = 0
        return items.indices.map { index in
            let w: CGFloat
            if items[index].width > 0 { w = items[index].width }
            else if apportionsSegmentWidthsByContent, naturalFlexible > 0 { w = left * natural[index] / naturalFlexible }
            else { w = left / CGFloat(flexible.count) }
            defer { x += w }
            return CGRect(x: x, y: 0, width: w, height: bounds.height)
        }
    }

    /// Places the track, the segments' contents, the pill and the dividers in the bounds.
    func layoutParts() {
        canvas.frame = bounds
        track.frame = bounds
        let frames = segmentFrames(width: bounds.width)
        for (index, view) in contents.enumerated() {
            let offset = items[index].contentOffset
            view.frame = frames[index].offsetBy(dx: offset.width, dy: offset.height)
        }
        placeSelection()
    }

    /// The segment under `point` (nil outside the segments).
    func segmentAt(_ point: CGPoint) -> Int? {
        segmentFrames(width: bounds.width).firstIndex { $0.minX <= point.x && point.x < $0.maxX }
    }

    /// Puts the pill under the selected segment (or the one it is dragged over, shrunk while picked up;
    /// hidden without one) and hides the dividers beside it.
    func placeSelection() {
        let frames = segmentFrames(width: bounds.width)
        let selected = pillDragIndex ?? selectedSegmentIndex
        if frames.indices.contains(selected) {
            var frame = frames[selected].insetBy(dx: Self.pillInset, dy: Self.pillInset)
            if pillDragIndex != nil {
                frame = frame.insetBy(dx: frame.width * (1 - Self.pressedPillScale) / 2, dy: frame.height * (1 - Self.pressedPillScale) / 2)
            }
            pill.place(frame, cornerRadius: Self.pillRadius * (pillDragIndex != nil ? Self.pressedPillScale : 1))
            pill.alpha = 1
        } else {
            pill.alpha = 0
        }
        for (index, divider) in dividers.enumerated() {
            let x = frames[index].maxX
            divider.frame = CGRect(x: x - Self.dividerSize.width / 2, y: (bounds.height - Self.dividerSize.height) / 2,
                                   width: Self.dividerSize.width, height: Self.dividerSize.height)
            divider.alpha = index == selected || index + 1 == selected ? 0 : 1
        }
    }
}
