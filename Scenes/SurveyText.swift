import Foundation
import UIKit

// The survey screens' text, in iOS's text styles (Settings-like lists: body rows, secondary values,
// footnote section headers).

/// A one-line label in a font and colour.
func makeLabel(_ text: String, font: UIFont, color: UIColor = .label, alignment: NSTextAlignment = .natural) -> UILabel {
    let label = UILabel()
    label.text = text
    label.font = font
    label.textColor = color
    label.textAlignment = alignment
    return label
}

/// A grouped list's section header: footnote, uppercase, secondary grey.
func makeSectionHeader(_ text: String) -> UILabel {
    makeLabel(text.uppercased(), font: .preferredFont(forTextStyle: .footnote), color: .secondaryLabel)
}

extension UILabel {
    /// Places the label at `x`, its line centred on `centerY`, `width` wide (nil: its own width).
    func place(x: CGFloat, centerY: CGFloat, width: CGFloat? = nil) {
        let size = intrinsicContentSize
        frame = CGRect(x: x, y: (centerY - size.height / 2).rounded(), width: width ?? size.width, height: size.height)
    }
}

/// A list row's disclosure chevron (`chevron.forward`, 13 pt semibold, tertiary grey): two rounded strokes.
final class DisclosureChevron: UIView {
    static let size = CGSize(width: 8, height: 14)

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    init(color: UIColor = UIColor(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.3)) {
        super.init(frame: CGRect(origin: .zero, size: Self.size))
        isUserInteractionEnabled = false
        let stroke: CGFloat = 2.2
        let apex = CGPoint(x: Self.size.width - stroke / 2 - 0.3, y: Self.size.height / 2)
        for direction: CGFloat in [-1, 1] {
            let end = CGPoint(x: stroke / 2 + 0.3, y: apex.y + direction * (Self.size.height / 2 - stroke / 2 - 0.3))
            let dx = apex.x - end.x, dy = apex.y - end.y
            let bar = UIView()
            bar.bounds = CGRect(x: 0, y: 0, width: (dx * dx + dy * dy).squareRoot() + stroke, height: stroke)
            bar.center = CGPoint(x: (apex.x + end.x) / 2, y: (apex.y + end.y) / 2)
            bar.backgroundColor = color
            bar.layer.cornerRadius = stroke / 2
            bar.transform = CGAffineTransform(rotationAngle: atan2(dy, dx))
            addSubview(bar)
        }
    }
}
