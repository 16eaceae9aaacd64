/// Apple's UIBarAppearance: the background that the navigation bar's and the toolbar's appearances share
/// (iOS 13's appearance API, its background part) — the default (the bar chrome: a translucent fill and a
/// hairline), opaque, or transparent.
open class UIBarAppearance {
    /// The fill; nil: none.
    public var backgroundColor: UIColor?
    /// The hairline along the edge that meets the content; nil or clear: none.
    public var shadowColor: UIColor?
    /// Inert: bar backgrounds draw no blur here (the translucent fill stands for it); stored.
    public var backgroundEffect: UIBlurEffect?
    /// Inert: bar backgrounds draw colours only; stored.
    public var backgroundImage: UIImage?
    /// Inert: bar backgrounds draw colours only; stored.
    public var shadowImage: UIImage?

    public required init() { configureWithDefaultBackground() }

    /// A copy of `barAppearance`'s background (what a navigation bar's appearance made from a toolbar's keeps).
    public required init(barAppearance: UIBarAppearance) {
        backgroundColor = barAppearance.backgroundColor
        shadowColor = barAppearance.shadowColor
        backgroundEffect = barAppearance.backgroundEffect
        backgroundImage = barAppearance.backgroundImage
        shadowImage = barAppearance.shadowImage
    }

    /// iOS draws a blur with a light (or dark) tint here; without blur it is the tint alone.
    public func configureWithDefaultBackground() {
        backgroundColor = BarChrome.background
        shadowColor = BarChrome.hairline
    }
    public func configureWithOpaqueBackground() {
        backgroundColor = .systemBackground
        shadowColor = BarChrome.hairline
    }
    public func configureWithTransparentBackground() {
        backgroundColor = nil
        shadowColor = nil
    }

    public func copy() -> Self { Self(barAppearance: self) }
}
