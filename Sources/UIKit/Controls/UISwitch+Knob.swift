/// The white round knob of switches and sliders (and the segmented control's pill): a capsule with a soft shadow below it. Its look is an
/// estimate from iOS 17/18 screenshots (docs/UIKIT-COMPATIBILITY.md, "Controls"): a wide shadow
/// (black, 15 %, radius 4 pt, 3 pt down) and a hairline one close to the edge (black, 6 %, radius 0.5 pt).
final class ControlKnob: UIView {
    private let hairline = UIView()

    required init?(coder: NSCoder) { misuse("ControlKnob is UIKit's own and is not made from an archive") }
    init() {
        super.init(frame: .zero)
        isUserInteractionEnabled = false
        layer.shadowColor = CGColor(gray: 0, alpha: 1)
        layer.shadowOpacity = 0.15
        layer.shadowRadius = 4
        layer.shadowOffset = CGSize(width: 0, height: 3)
        hairline.isUserInteractionEnabled = false
        hairline.layer.shadowColor = CGColor(gray: 0, alpha: 1)
        hairline.layer.shadowOpacity = 0.06
        hairline.layer.shadowRadius = 0.5
        hairline.layer.shadowOffset = CGSize(width: 0, height: 0.5)
        addSubview(hairline)
        color = .white
    }

    /// The knob's fill (white unless a thumb tint is set).
    var color: UIColor = .white {
        didSet { backgroundColor = color; hairline.backgroundColor = color }
    }

    /// Places the knob; by default the capsule's radius follows its height, so a stretched knob stays
    /// round-ended (the segmented control's pill passes its own radius).
    func place(_ frame: CGRect, cornerRadius: CGFloat? = nil) {
        self.frame = frame
        layer.cornerRadius = cornerRadius ?? min(frame.width, frame.height) / 2
        hairline.frame = bounds
        hairline.layer.cornerRadius = layer.cornerRadius
    }
}
