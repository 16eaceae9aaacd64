// The page of `.partialCurl` (and of `UIView.transition`'s curls): the presenter's rendering lifted from the bottom-right corner towards the
// top-left as a flat fold, the one approximation of a real page curl (a cylinder warp would need a
// compositor primitive that maps one layer's rendering through a warp). The model, per `progress`:
//
// - the fold is a straight line at a fixed slant that moves along its normal from the bottom-right corner
//   (progress 0, nothing lifted) to its resting place (progress 1), where it crosses the left edge at
//   `restingLeft` and the right edge at `restingRight` of the height (estimates, not measured);
// - the page is cut along the fold: below it the presented view shows, with a soft shadow the curl casts;
// - the lifted paper's back is the page mirrored across the fold, washed lighter and shaded like a roll,
//   shown only within `bandDepth` of the fold (the rest of the lifted paper is rolled up out of sight).
//
// Every moving part is a translation along the fold's normal, so each frame is exact at any time of the
// animation (UIView.animate interpolates positions linearly) and the same on every run.

/// Draws the curled page; hit only on the page (above the fold), where a tap calls `onTap`.
final class PageCurlView: UIView {
    /// Where the fold rests, as fractions of the height at which it crosses the left and right edges.
    static let restingLeft: CGFloat = 0.62
    static let restingRight: CGFloat = 0.40
    /// How far the visible back of the lifted paper reaches from the fold, as a fraction of the height.
    static let bandFraction: CGFloat = 0.15
    /// How far the curl's shadow falls on the revealed view, in points.
    static let shadowDepth: CGFloat = 22

    /// 0: the page lies flat; 1: lifted to its resting place. Animatable inside `UIView.animate`.
    var progress: CGFloat = 0 { didSet { placeFold() } }
    var onTap: (() -> Void)?

    /// Unit vector along the fold (left to right) and the unit normal towards the page (up and left).
    let along: CGPoint
    let normal: CGPoint
    /// How far the fold travels along the normal from the bottom-right corner.
    let travel: CGFloat

    private let page: UIView
    private let pageMask = UIView()
    private let shadow = UIView()
    private let flap = UIView()
    private let flapMask = UIView()
    private let mirror = UIView()
    private let shade = UIView()
    private let shadowGradient = CAGradientLayer()
    private let shadeGradient = CAGradientLayer()
    private let band: CGFloat
    private let span: CGFloat

    /// `page`: the rendering to curl (a snapshot as large as `frame`); `dark`: the back of the paper in dark
    /// mode; `liftsOff`: at progress 1 the page and its back have left the screen past the top-left corner
    /// (`UIView.transition`'s curls) instead of resting part way (the partial curl).
    init(frame: CGRect, page: UIView, dark: Bool, liftsOff: Bool = false) {
        let size = frame.size
        let direction = CGPoint(x: size.width, y: (Self.restingRight - Self.restingLeft) * size.height)
        let length = max(hypot(direction.x, direction.y), 1)
        along = CGPoint(x: direction.x / length, y: direction.y / length)
        normal = CGPoint(x: along.y, y: -along.x)
        band = Self.bandFraction * size.height
        // Resting: the fold passes through (width, restingRight · height). Lifting off: it passes the top-left
        // corner by the band's depth, so nothing of the page is left on screen.
        travel = liftsOff ? -size.width * normal.x - size.height * normal.y + band + 1
                          : (Self.restingRight - 1) * size.height * normal.y
        span = 3 * hypot(size.width, size.height)
        self.page = page
        super.init(frame: frame)
        let angle = atan2(along.y, along.x)

        page.frame = bounds
        page.isUserInteractionEnabled = false
        pageMask.backgroundColor = .black
        pageMask.bounds = CGRect(x: 0, y: 0, width: span, height: span)
        pageMask.transform = CGAffineTransform(rotationAngle: angle)
        page.mask = pageMask

        shadow.layer.addSublayer(shadowGradient)
        shadow.bounds = CGRect(x: 0, y: 0, width: span, height: Self.shadowDepth)
        shadow.transform = CGAffineTransform(rotationAngle: angle)
        shadowGradient.frame = shadow.bounds
        // The strip's top edge lies on the fold (its local up is the fold's normal).
        shadowGradient.colors = [UIColor(white: 0, alpha: 0.28).cgColor, UIColor(white: 0, alpha: 0).cgColor]

        flap.frame = bounds
        flap.isUserInteractionEnabled = false
        flapMask.backgroundColor = .black
        flapMask.bounds = CGRect(x: 0, y: 0, width: span, height: band)
        flapMask.transform = CGAffineTransform(rotationAngle: angle)
        flap.mask = flapMask
        // The back of the paper: the page mirrored across the fold (a reflection whose line moves with it),
        // under a wash that makes it lighter.
        mirror.bounds = CGRect(origin: .zero, size: size)
        mirror.layer.contents = page.layer.contents
        mirror.layer.contentsScale = page.layer.contentsScale
        mirror.layer.contentsGravity = .resize
        mirror.backgroundColor = dark ? UIColor(white: 0.12, alpha: 1) : .white
        let (ux, uy) = (along.x, along.y)
        mirror.transform = CGAffineTransform(a: 2 * ux * ux - 1, b: 2 * ux * uy, c: 2 * ux * uy, d: 2 * uy * uy - 1, tx: 0, ty: 0)
        flap.addSubview(mirror)
        // Shading across the band like the light on a roll: darker at the crease, brightest a third of the
        // way out, dimmer again where the paper turns away at the band's far edge (local top).
        shade.layer.addSublayer(shadeGradient)
        shade.bounds = flapMask.bounds
        shade.transform = flapMask.transform
        shadeGradient.frame = shade.bounds
        let wash = dark ? (0.34, 0.42, 0.26) : (0.80, 0.97, 0.74)
        let alpha = dark ? (0.84, 0.80, 0.88) : (0.86, 0.80, 0.90)
        shadeGradient.colors = [UIColor(white: wash.2, alpha: alpha.2).cgColor, UIColor(white: wash.1, alpha: alpha.1).cgColor,
                                UIColor(white: wash.0, alpha: alpha.0).cgColor]
        shadeGradient.locations = [0, 0.66, 1]
        flap.addSubview(shade)

        addSubview(shadow)
        addSubview(page)
        addSubview(flap)
        addGestureRecognizer(UITapGestureRecognizer { [weak self] (_: UITapGestureRecognizer) in self?.onTap?() })
        placeFold()
    }

    /// See `UIView.init?(coder:)`: a curl is made only by the partial-curl animator.
    required init?(coder: NSCoder) { fatalError("PageCurlView is made by the partial-curl transition only") }

    /// A point on the fold now: the bottom-right corner moved along the normal.
    var foldPoint: CGPoint {
        let d = progress * travel
        return CGPoint(x: bounds.width + d * normal.x, y: bounds.height + d * normal.y)
    }

    /// How far `point` lies on the page's side of the fold (negative: on the revealed side).
    func distanceAboveFold(_ point: CGPoint) -> CGFloat {
        let p = foldPoint
        return (point.x - p.x) * normal.x + (point.y - p.y) * normal.y
    }

    /// Only the page takes touches; the revealed view below the fold gets the rest.
    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        bounds.contains(point) && distanceAboveFold(point) > 0
    }

    private func placeFold() {
        let p = foldPoint
        func offset(_ distance: CGFloat) -> CGPoint { CGPoint(x: p.x + distance * normal.x, y: p.y + distance * normal.y) }
        pageMask.center = page.convert(offset(span / 2), from: self)
        shadow.center = offset(-Self.shadowDepth / 2)
        flapMask.center = offset(band / 2)
        shade.center = offset(band / 2)
        // The page's centre mirrored across the fold.
        let c = CGPoint(x: bounds.midX, y: bounds.midY)
        let above = distanceAboveFold(c)
        mirror.center = CGPoint(x: c.x - 2 * above * normal.x, y: c.y - 2 * above * normal.y)
    }
}
