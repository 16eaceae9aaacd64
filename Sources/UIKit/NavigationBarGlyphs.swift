import Foundation

// The navigation bar's glyphs, drawn from rounded bars until vector symbols exist. Each glyph is made by one
// function, so it can become `UIImage(systemName:)` in one place.

/// The back button's chevron (`chevron.backward`): two 3 pt rounded strokes meeting at 44° in a 13 × 21 pt
/// box; its ink is about 12 × 20.5 pt, as a 17 pt semibold chevron on iOS 17 screenshots.
func makeBackChevron(tintColor: UIColor) -> UIView {
    let size = NavigationBarMetrics.chevronSize
    let stroke: CGFloat = 3
    let apex = CGPoint(x: stroke / 2 + 0.5, y: size.height / 2)
    let reach = CGSize(width: 9, height: 8.75)
    let chevron = UIView(frame: CGRect(origin: .zero, size: size))
    chevron.isOpaque = false
    for direction in [-1.0, 1.0] {
        let end = CGPoint(x: apex.x + reach.width, y: apex.y + CGFloat(direction) * reach.height)
        chevron.addSubview(makeStroke(from: apex, to: end, width: stroke, color: tintColor))
    }
    return chevron
}

/// A system item's glyph in the tint colour: `plus`, `xmark.circle.fill` (grey, as UIKit draws the close
/// item), `square.and.arrow.up`; other system glyphs are an empty 22 pt square (no symbols yet).
func makeBarGlyph(_ item: UIBarButtonItem.SystemItem, tintColor: UIColor) -> UIView {
    switch item {
    case .add:
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 22, height: 22))
        view.addSubview(makeStroke(from: CGPoint(x: 2, y: 11), to: CGPoint(x: 20, y: 11), width: 2.2, color: tintColor))
        view.addSubview(makeStroke(from: CGPoint(x: 11, y: 2), to: CGPoint(x: 11, y: 20), width: 2.2, color: tintColor))
        return view
    case .close:
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 30, height: 30))
        view.backgroundColor = UIColor(red: 118 / 255, green: 118 / 255, blue: 128 / 255, alpha: 0.12)
        view.layer.cornerRadius = 15
        let grey = UIColor(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.6)
        view.addSubview(makeStroke(from: CGPoint(x: 11, y: 11), to: CGPoint(x: 19, y: 19), width: 2.4, color: grey))
        view.addSubview(makeStroke(from: CGPoint(x: 19, y: 11), to: CGPoint(x: 11, y: 19), width: 2.4, color: grey))
        return view
    case .action:
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 26))
        let w: CGFloat = 2
        let tray: [(CGPoint, CGPoint)] = [
            (CGPoint(x: 1, y: 10), CGPoint(x: 1, y: 25)), (CGPoint(x: 19, y: 10), CGPoint(x: 19, y: 25)),
            (CGPoint(x: 1, y: 25), CGPoint(x: 19, y: 25)),
            (CGPoint(x: 1, y: 10), CGPoint(x: 6, y: 10)), (CGPoint(x: 14, y: 10), CGPoint(x: 19, y: 10)),
            (CGPoint(x: 10, y: 1.5), CGPoint(x: 10, y: 17)),
            (CGPoint(x: 10, y: 1.5), CGPoint(x: 5.5, y: 6)), (CGPoint(x: 10, y: 1.5), CGPoint(x: 14.5, y: 6)),
        ]
        for (from, to) in tray { view.addSubview(makeStroke(from: from, to: to, width: w, color: tintColor)) }
        return view
    default:
        return UIView(frame: CGRect(x: 0, y: 0, width: 22, height: 22))
    }
}

/// A straight stroke with round caps from `start` to `end`: a rounded bar turned about its middle.
private func makeStroke(from start: CGPoint, to end: CGPoint, width: CGFloat, color: UIColor) -> UIView {
    let dx = end.x - start.x, dy = end.y - start.y
    let length = (dx * dx + dy * dy).squareRoot() + width
    let bar = UIView()
    bar.isUserInteractionEnabled = false
    bar.bounds = CGRect(x: 0, y: 0, width: length, height: width)
    bar.center = CGPoint(x: (start.x + end.x) / 2, y: (start.y + end.y) / 2)
    bar.backgroundColor = color
    bar.layer.cornerRadius = width / 2
    bar.transform = CGAffineTransform(rotationAngle: atan2(dy, dx))
    return bar
}
