import Foundation

// The navigation bar's glyphs: symbol images in the bar's tint, each made by one function.

/// The back button's chevron: `chevron.backward` at 17 pt semibold, large scale (about 12.9 × 21.9 pt, as the
/// chevron of iOS 17 screenshots), centred in its 13 × 21 pt box.
func makeBackChevron(tintColor: UIColor) -> UIView {
    let configuration = UIImage.SymbolConfiguration(pointSize: 17, weight: .semibold, scale: .large)
    return symbolView("chevron.backward", configuration, in: NavigationBarMetrics.chevronSize, tint: tintColor)
}

/// A system item's glyph in the tint colour: `plus`, `xmark` on a grey disc (as UIKit draws the close item),
/// `square.and.arrow.up`; other system items without words are an empty 22 pt square.
func makeBarGlyph(_ item: UIBarButtonItem.SystemItem, tintColor: UIColor) -> UIView {
    switch item {
    case .add:
        return symbolView("plus", UIImage.SymbolConfiguration(pointSize: 17, weight: .medium, scale: .large),
                          in: CGSize(width: 22, height: 22), tint: tintColor)
    case .close:
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 30, height: 30))
        view.backgroundColor = UIColor(red: 118 / 255, green: 118 / 255, blue: 128 / 255, alpha: 0.12)
        view.layer.cornerRadius = 15
        let grey = UIColor(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.6)
        view.addSubview(symbolView("xmark", UIImage.SymbolConfiguration(pointSize: 12, weight: .bold), in: view.bounds.size, tint: grey))
        return view
    case .action:
        return symbolView("square.and.arrow.up", UIImage.SymbolConfiguration(pointSize: 17, weight: .medium, scale: .large),
                          in: CGSize(width: 20, height: 26), tint: tintColor)
    default:
        return UIView(frame: CGRect(x: 0, y: 0, width: 22, height: 22))
    }
}

private func symbolView(_ name: String, _ configuration: UIImage.SymbolConfiguration, in size: CGSize, tint: UIColor) -> UIView {
    let view = UIImageView(image: UIImage(systemName: name, withConfiguration: configuration))
    view.frame = CGRect(origin: .zero, size: size)
    view.contentMode = .center
    view.tintColor = tint
    return view
}
