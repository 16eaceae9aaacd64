import UIKit

/// A view backed by a CAGradientLayer: the scenes' stand-in for photos and artwork.
final class GradientView: UIView {
    override class var layerClass: AnyClass { CAGradientLayer.self }
    var gradientLayer: CAGradientLayer { layer as! CAGradientLayer }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    init(colors: [UIColor], start: CGPoint = CGPoint(x: 0, y: 0), end: CGPoint = CGPoint(x: 1, y: 1)) {
        super.init(frame: .zero)
        gradientLayer.colors = colors.map(\.cgColor)
        gradientLayer.startPoint = start
        gradientLayer.endPoint = end
    }
}

/// A rounded bar standing in for a line of text (no text rendering yet).
final class TextPlaceholder: UIView {
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    init(color: UIColor, frame: CGRect = .zero) {
        super.init(frame: frame)
        backgroundColor = color
        layer.cornerRadius = min(frame.height / 2, 6)
    }
    override var frame: CGRect {
        didSet { layer.cornerRadius = min(frame.height / 2, 6) }
    }
}
