/// iOS's activity indicator drawing (iOS 13+ style): eight rounded spokes around a centre, the head one
/// opaque and the others fading behind it, turning one spoke at a time while it animates (a discrete
/// keyframe animation on the virtual clock, so frames are the same on every run). The one spinner drawing:
/// UIRefreshControl and UIActivityIndicatorView both show it. Numbers: SpinnerMetrics; other diameters
/// scale the medium spinner's spokes.
final class ActivitySpinnerView: UIView {
    /// Holds the spokes; it is what turns.
    let spokes = CALayer()
    private var spokeLayers: [CALayer] = []
    private(set) var isAnimating = false
    /// How many spokes show (0…8): a refresh control shows them one by one as the content is pulled.
    var visibleSpokes = SpinnerMetrics.spokeCount {
        didSet { if visibleSpokes != oldValue { updateSpokes() } }
    }
    var color: UIColor = SpinnerMetrics.defaultColor {
        didSet { updateSpokes() }
    }

    required init?(coder: NSCoder) { misuse("ActivitySpinnerView is UIKit's own and is not made from an archive") }
    init(diameter: CGFloat = SpinnerMetrics.diameter) {
        super.init(frame: CGRect(x: 0, y: 0, width: diameter, height: diameter))
        isUserInteractionEnabled = false
        isOpaque = false
        spokes.frame = bounds
        layer.addSublayer(spokes)
        let scale = diameter / SpinnerMetrics.diameter
        let width = SpinnerMetrics.spokeWidth * scale, length = SpinnerMetrics.spokeLength * scale
        let inner = SpinnerMetrics.innerRadius * scale
        let centre = CGPoint(x: diameter / 2, y: diameter / 2)
        for index in 0..<SpinnerMetrics.spokeCount {
            // Spoke 0 points up; the rest follow clockwise, each 45° on.
            let spoke = CALayer()
            spoke.bounds = CGRect(x: 0, y: 0, width: width, height: length)
            spoke.cornerRadius = width / 2
            let angle = CGFloat(index) * 2 * .pi / CGFloat(SpinnerMetrics.spokeCount)
            let distance = inner + length / 2
            spoke.position = CGPoint(x: centre.x + distance * sin(angle), y: centre.y - distance * cos(angle))
            spoke.setAffineTransform(CGAffineTransform(rotationAngle: angle))
            spokes.addSublayer(spoke)
            spokeLayers.append(spoke)
        }
        updateSpokes()
    }

    /// The head spoke is opaque; each one behind it (anticlockwise) is fainter.
    private func updateSpokes() {
        let resolved = color.resolvedColor(with: traitCollection)
        for (index, spoke) in spokeLayers.enumerated() {
            let behind = (SpinnerMetrics.spokeCount - index) % SpinnerMetrics.spokeCount
            let alpha = SpinnerMetrics.headOpacity - CGFloat(behind) * SpinnerMetrics.opacityStep
            spoke.backgroundColor = resolved.withAlphaComponent(resolved.cgColor.alpha * alpha).cgColor
            spoke.isHidden = index >= visibleSpokes
        }
    }

    /// Turns a spoke's width every `period / 8` seconds, from now, for ever.
    func startAnimating() {
        guard !isAnimating else { return }
        isAnimating = true
        let turn = CAKeyframeAnimation(keyPath: "transform.rotation.z")
        let count = SpinnerMetrics.spokeCount
        turn.values = (0..<count).map { CGFloat($0) * 2 * .pi / CGFloat(count) }
        turn.keyTimes = (0...count).map { NSNumber(value: Double($0) / Double(count)) }
        turn.calculationMode = .discrete
        turn.duration = SpinnerMetrics.period
        turn.repeatCount = .infinity
        spokes.add(turn, forKey: "spin")
    }

    func stopAnimating() {
        guard isAnimating else { return }
        isAnimating = false
        spokes.removeAnimation(forKey: "spin")
    }

    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        updateSpokes()
    }
}

/// The activity indicator's numbers (Apple publishes none): the medium style's 20 pt box and the large
/// style's 37 pt box are the sizes UIActivityIndicatorView reports on iOS; the spokes' proportions, opacities and speed are estimates from
/// iOS 17/18's look (docs/UIKIT-COMPATIBILITY.md, "Insets, large titles and scroll-edge bars").
enum SpinnerMetrics {
    static let spokeCount = 8
    static let diameter: CGFloat = 20
    static let largeDiameter: CGFloat = 37
    static let spokeWidth: CGFloat = 2.5
    static let spokeLength: CGFloat = 5.5
    static let innerRadius: CGFloat = 4.25
    static let headOpacity: CGFloat = 1
    static let opacityStep: CGFloat = 0.1
    /// One full turn (eight steps).
    static let period: CFTimeInterval = 1
    static let defaultColor: UIColor = .systemGray
}
