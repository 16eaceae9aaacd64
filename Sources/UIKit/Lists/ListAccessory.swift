import Foundation
import QuartzCore

/// The system accessories of list rows, drawn as iOS 17/18 draws them (shared by table view cells and
/// collection view list cells). Sizes and colours are estimated from iOS 18 screenshots at iPhone 16 @3x:
/// the disclosure chevron 8×13 pt in `tertiaryLabel` (semibold), the checkmark 14×13 pt in the tint
/// (semibold), the detail (info) button 22 pt in the tint, the delete and insert controls 22 pt circles in
/// `systemRed`/`systemGreen` with a white 10×2 pt bar (and cross bar), the reorder grip three 17×1.5 pt bars
/// 5 pt apart in `systemGray2`.
enum ListAccessory: Hashable, Sendable {
    case disclosureIndicator, checkmark, detailButton, delete, insert, reorder

    /// The accessory's size in points.
    var size: CGSize {
        switch self {
        case .disclosureIndicator: CGSize(width: 8, height: 13)
        case .checkmark: CGSize(width: 14, height: 13)
        case .detailButton, .delete, .insert: CGSize(width: 22, height: 22)
        case .reorder: CGSize(width: 17, height: 11.5)
        }
    }
    /// The space between an accessory and the next one (or the content), in points.
    static let spacing: CGFloat = 12

    /// A view drawing the accessory at its `size`, tinted with `tint` where iOS tints it.
    func makeView(tint: UIColor = .systemBlue) -> UIView {
        let frame = CGRect(origin: .zero, size: size)
        switch self {
        case .disclosureIndicator:
            return symbol("chevron.forward", weight: .semibold, color: .tertiaryLabel, frame: frame)
        case .checkmark:
            return symbol("checkmark", weight: .semibold, color: tint, frame: frame)
        case .detailButton:
            return symbol("info.circle", weight: .regular, color: tint, frame: frame)
        case .delete, .insert:
            let circle = UIView(frame: frame)
            circle.backgroundColor = self == .delete ? .systemRed : .systemGreen
            circle.layer.cornerRadius = size.width / 2
            circle.isUserInteractionEnabled = false
            let bar = UIView(frame: CGRect(x: 6, y: 10, width: 10, height: 2))
            bar.backgroundColor = .white
            circle.addSubview(bar)
            if self == .insert {
                let cross = UIView(frame: CGRect(x: 10, y: 6, width: 2, height: 10))
                cross.backgroundColor = .white
                circle.addSubview(cross)
            }
            return circle
        case .reorder:
            let grip = UIView(frame: frame)
            grip.isUserInteractionEnabled = false
            for i in 0..<3 {
                let bar = UIView(frame: CGRect(x: 0, y: CGFloat(i) * 5, width: 17, height: 1.5))
                bar.backgroundColor = .systemGray2
                bar.layer.cornerRadius = 0.75
                grip.addSubview(bar)
            }
            return grip
        }
    }

    private func symbol(_ name: String, weight: UIImage.SymbolWeight, color: UIColor, frame: CGRect) -> UIView {
        let configuration = UIImage.SymbolConfiguration(pointSize: frame.height, weight: weight)
        let view = UIImageView(image: UIImage(systemName: name, withConfiguration: configuration))
        view.frame = frame
        view.contentMode = .scaleAspectFit
        view.tintColor = color
        return view
    }
}
