import Foundation

/// The variants of one image for different traits (light and dark, contrast, scale): an image set of an
/// asset catalog, or images registered with `register(_:with:)`. An image view showing an image with an
/// asset shows the variant for its own traits, and switches when they change (`overrideUserInterfaceStyle`,
/// a dark render).
open class UIImageAsset: NSObject, NSSecureCoding, @unchecked Sendable {
    /// The image set behind an asset from a catalog (nil for one built by registering images).
    private let imageSet: AssetImageSet?
    private let lock = NSLock()
    /// Decoded catalog variants, by entry: each file is decoded once per asset.
    private var decoded: [Int: UIImage] = [:]
    private var registered: [(traits: UITraitCollection, image: UIImage)] = []

    public override init() { imageSet = nil; super.init() }
    init(imageSet: AssetImageSet) { self.imageSet = imageSet; super.init() }

    /// See `UIView.init?(coder:)`: nothing is decoded; the asset starts empty.
    public required init?(coder: NSCoder) { imageSet = nil; super.init() }
    /// Inert: assets are not archived offscreen; nothing is written.
    open func encode(with coder: NSCoder) {}
    public static var supportsSecureCoding: Bool { true }

    /// The variant for `traitCollection` (unspecified traits: the screen's). Registered images come first;
    /// then the catalog's choice (docs/ASSETS.md, "Which file is shown"). An asset with neither gives an
    /// empty image, as iOS does.
    open func image(with traitCollection: UITraitCollection) -> UIImage {
        let traits = UITraitCollection(traitsFrom: [UIScreen.main.traitCollection, traitCollection])
        if let image = registeredImage(for: traits) { return image }
        if let imageSet, let image = try? catalogImage(imageSet, traits: traits) { return image }
        return UIImage()
    }

    /// Adds (or replaces) the variant for `traitCollection`; the image's `imageAsset` becomes this asset.
    open func register(_ image: UIImage, with traitCollection: UITraitCollection) {
        lock.withLock {
            registered.removeAll { $0.traits == traitCollection }
            registered.append((traitCollection, image))
        }
        image.imageAsset = self
    }
    /// Removes the variant registered for exactly `traitCollection` (catalog variants stay).
    open func unregisterImage(with traitCollection: UITraitCollection) {
        lock.withLock { registered.removeAll { $0.traits == traitCollection } }
    }

    /// The variant for the configuration's traits.
    open func image(with configuration: UIImage.Configuration) -> UIImage {
        image(with: configuration.traitCollection ?? UITraitCollection())
    }
    open func register(_ image: UIImage, with configuration: UIImage.Configuration) {
        register(image, with: configuration.traitCollection ?? UITraitCollection())
    }
    open func unregisterImage(with configuration: UIImage.Configuration) {
        unregisterImage(with: configuration.traitCollection ?? UITraitCollection())
    }

    /// The catalog variant for `traits`, decoded once; a problem (a missing or broken file) is thrown.
    func catalogImage(_ imageSet: AssetImageSet, traits: UITraitCollection) throws(AssetProblem) -> UIImage {
        guard let entry = imageSet.bestEntry(for: traits), let index = imageSet.entries.firstIndex(of: entry) else {
            throw AssetProblem(file: imageSet.folder.appendingPathComponent("Contents.json").path,
                               "lists no image file for an iPhone (idiom \"universal\" or \"iphone\")")
        }
        if let image = lock.withLock({ decoded[index] }) { return image }
        let image = try imageSet.image(for: entry)
        image.imageAsset = self
        lock.withLock { decoded[index] = image }
        return image
    }

    /// The registered image whose traits fit best: every trait it specifies that `traits` also specifies
    /// must agree; among those, the one agreeing on most traits wins (earlier registrations first on a
    /// tie). When none fits, the one that disagrees least.
    private func registeredImage(for traits: UITraitCollection) -> UIImage? {
        let list = lock.withLock { registered }
        guard !list.isEmpty else { return nil }
        let query = traits.values
        func score(_ r: UITraitCollection) -> (mismatches: Int, matches: Int) {
            let v = r.values
            var mismatches = 0, matches = 0
            func check<T: Equatable>(_ a: T, _ b: T, unspecified: T) {
                guard a != unspecified, b != unspecified else { return }
                if a == b { matches += 1 } else { mismatches += 1 }
            }
            check(v.userInterfaceStyle, query.userInterfaceStyle, unspecified: .unspecified)
            check(v.accessibilityContrast, query.accessibilityContrast, unspecified: .unspecified)
            check(v.userInterfaceLevel, query.userInterfaceLevel, unspecified: .unspecified)
            check(v.displayScale, query.displayScale, unspecified: 0)
            check(v.userInterfaceIdiom, query.userInterfaceIdiom, unspecified: .unspecified)
            check(v.displayGamut, query.displayGamut, unspecified: .unspecified)
            check(v.layoutDirection, query.layoutDirection, unspecified: .unspecified)
            check(v.horizontalSizeClass, query.horizontalSizeClass, unspecified: .unspecified)
            check(v.verticalSizeClass, query.verticalSizeClass, unspecified: .unspecified)
            return (mismatches, matches)
        }
        return list.enumerated().min { a, b in
            let sa = score(a.element.traits), sb = score(b.element.traits)
            if sa.mismatches != sb.mismatches { return sa.mismatches < sb.mismatches }
            if sa.matches != sb.matches { return sa.matches > sb.matches }
            return a.offset < b.offset
        }?.element.image
    }

    /// Whether the variants may differ between trait collections (an image view re-resolves only then).
    var hasVariants: Bool { imageSet != nil || lock.withLock { registered.count > 1 } }
}

extension UIImage {
    /// What an image's look depends on besides its bitmap (UIKit's `UIImageConfiguration`): the traits
    /// to pick an asset variant for. `UIImage.SymbolConfiguration` here is a type of its own, not a
    /// subclass (docs/UIKIT-COMPATIBILITY.md, "Asset catalogs and named colours").
    open class Configuration: NSObject, NSCopying, @unchecked Sendable {
        public private(set) var traitCollection: UITraitCollection?
        /// Inert: images are looked up in one language; the locale is kept.
        public private(set) var locale: Locale?

        public required override init() { super.init() }
        /// A configuration with traits (iOS 17's class method).
        public convenience init(traitCollection: UITraitCollection?) { self.init(); self.traitCollection = traitCollection }
        /// Inert: see `locale`.
        public convenience init(locale: Locale?) { self.init(); self.locale = locale }

        public func withTraitCollection(_ traitCollection: UITraitCollection?) -> Self {
            let copy = Self.init(); copy.traitCollection = traitCollection; copy.locale = locale
            return copy
        }
        /// Inert: see `locale`.
        public func withLocale(_ locale: Locale?) -> Self {
            let copy = Self.init(); copy.traitCollection = traitCollection; copy.locale = locale
            return copy
        }
        /// This configuration with `other`'s specified values over it (its traits laid over these).
        public func applying(_ other: UIImage.Configuration?) -> Self {
            let copy = Self.init()
            copy.locale = other?.locale ?? locale
            switch (traitCollection, other?.traitCollection) {
            case let (mine?, theirs?): copy.traitCollection = UITraitCollection(traitsFrom: [mine, theirs])
            case let (mine, theirs): copy.traitCollection = theirs ?? mine
            }
            return copy
        }
        public func copy(with zone: NSZone? = nil) -> Any { applying(nil) }
    }
}
