import Foundation

// `UIImage(named:)` and `UIColor(named:)`: the asset catalogs of a bundle first, then (images) the loose
// files NAME@3x.png, NAME@2x.png, NAME.png. A name that does not resolve gives nil, as on iOS; when a
// catalog had the name but could not deliver it (broken JSON, a missing file), a warning says why.

extension UIImage {
    /// The image `name` for `traitCollection` (unspecified traits: the screen's): an image set of an
    /// asset catalog in `bundle` (nil: the main bundle and the resource bundles beside it; see
    /// docs/ASSETS.md), else a loose PNG file. A catalog image carries its `imageAsset`, so an image view
    /// shows the variant for its own traits; its rendering mode is the set's template rendering intent.
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) {
        guard let image = UIImage.lookUp(named: name, in: bundle, traits: traitCollection) else { return nil }
        guard let cgImage = image.cgImage else { return nil }
        self.init(cgImage: cgImage, scale: image.scale, orientation: image.imageOrientation)
        renderingMode = image.renderingMode
        imageAsset = image.imageAsset
    }
    public convenience init?(named name: String) { self.init(named: name, in: nil, compatibleWith: nil) }
    /// As `init(named:in:compatibleWith:)` with the configuration's traits.
    public convenience init?(named name: String, in bundle: Bundle?, with configuration: UIImage.Configuration?) {
        self.init(named: name, in: bundle, compatibleWith: configuration?.traitCollection)
    }
    /// As `init(named:in:compatibleWith:)`; a symbol configuration does not change a bitmap (here
    /// `SymbolConfiguration` is not a `Configuration`, so this overload takes it).
    public convenience init?(named name: String, in bundle: Bundle?, with configuration: UIImage.SymbolConfiguration?) {
        self.init(named: name, in: bundle, compatibleWith: nil)
    }

    /// The catalog image, or the loose file, for `name`; problems with a catalog that has the name are
    /// reported as warnings.
    static func lookUp(named name: String, in bundle: Bundle?, traits: UITraitCollection?) -> UIImage? {
        let call = "UIImage(named: \"\(name)\")"
        var problems: [AssetProblem] = []
        let resolvedTraits = UITraitCollection(traitsFrom: [UIScreen.main.traitCollection] + (traits.map { [$0] } ?? []))
        if let found = AssetCatalog.find(name, kind: .image, in: AssetCatalog.catalogs(in: bundle), problems: &problems) {
            do {
                let set = try AssetImageSet.read(found.folder)
                return try UIImageAsset(imageSet: set).catalogImage(set, traits: resolvedTraits)
            } catch {
                problems.append(error)
            }
            AssetDiagnostics.report(call + " returns nil", problems)
            return nil
        }
        if let loose = looseImage(named: name, in: bundle ?? .main) { return loose }
        AssetDiagnostics.report(call, problems)
        return nil
    }

    /// NAME@3x.png, NAME@2x.png, NAME.png (the screen's scale first) among `bundle`'s resources.
    private static func looseImage(named name: String, in bundle: Bundle) -> UIImage? {
        let screenScale = Int(UIScreen.main.scale)
        let base = name.hasSuffix(".png") ? String(name.dropLast(4)) : name
        let suffixes = ([screenScale] + [3, 2, 1]).map { $0 == 1 ? "" : "@\($0)x" }
        for suffix in suffixes {
            if let path = bundle.path(forResource: base + suffix, ofType: "png") { return UIImage(contentsOfFile: path) }
        }
        return nil
    }
}

extension UIColor {
    /// The colour set `name` of an asset catalog in `bundle` (nil: the main bundle and the resource
    /// bundles beside it): a dynamic colour that shows its dark and high-contrast variants where a view's
    /// traits ask for them. With `traitCollection`, the variant for those traits, fixed (as iOS loads
    /// the variant those traits pick). nil when no catalog has the name, with a warning when one has it
    /// but cannot be read.
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) {
        var problems: [AssetProblem] = []
        let call = "UIColor(named: \"\(name)\")"
        guard let found = AssetCatalog.find(name, kind: .color, in: AssetCatalog.catalogs(in: bundle), problems: &problems) else {
            AssetDiagnostics.report(call, problems)
            return nil
        }
        let set: AssetColorSet
        do { set = try AssetColorSet.read(found.folder) } catch {
            AssetDiagnostics.report(call + " returns nil", problems + [error])
            return nil
        }
        if let traitCollection {
            let traits = UITraitCollection(traitsFrom: [UIScreen.main.traitCollection, traitCollection])
            let color = set.entry(for: traits).color.resolvedColor(with: traits)
            var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
            traits.withCurrent { _ = color.getRed(&r, green: &g, blue: &b, alpha: &a) }
            self.init(red: r, green: g, blue: b, alpha: a)
            return
        }
        // Named by its folder: two lookups of one colour set are equal, same-named sets of two catalogs are not.
        self.init(assetName: found.folder.path) { set.entry(for: $0).color }
    }
    public convenience init?(named name: String) { self.init(named: name, in: nil, compatibleWith: nil) }
}

extension UIImageView {
    /// The bitmap an image view shows for `image`: the asset's variant for the view's traits, and for a
    /// template image (or one given a colour with `withTintColor`) its shape filled with the colour.
    func displayedBitmap(for image: UIImage) -> (cgImage: CGImage?, scale: CGFloat) {
        var bitmap = image
        if let asset = image.imageAsset, asset.hasVariants {
            let variant = asset.image(with: traitCollection)
            if variant.cgImage != nil { bitmap = variant }
        }
        guard let cgImage = bitmap.uprightCGImage else { return (nil, bitmap.scale) }
        let color: UIColor? = image.renderingMode == .alwaysTemplate ? tintColor : image.fixedTintColor
        guard let color else { return (cgImage, bitmap.scale) }
        let fill = resolve(color)
        if let cache = tintedBitmap, cache.source === cgImage, cache.color == fill { return (cache.tinted, bitmap.scale) }
        let tinted = Self.tinted(cgImage, with: fill)
        tintedBitmap = (cgImage, fill, tinted)
        return (tinted, bitmap.scale)
    }

    /// Whether the shown bitmap depends on the view's traits or tint (so a trait or tint change redraws).
    var imageDependsOnView: Bool {
        guard let image else { return false }
        return image.isSymbolImage || image.imageAsset?.hasVariants == true || image.renderingMode == .alwaysTemplate
            || image.fixedTintColor != nil
    }

    /// `image`'s coverage (its alpha) filled with `color`: what UIKit draws for a template image.
    static func tinted(_ image: CGImage, with color: CGColor) -> CGImage {
        let source = image.premultipliedRGBA
        var pixels = [UInt8](repeating: 0, count: source.count)
        let r = Double(color.red), g = Double(color.green), b = Double(color.blue), a = Double(color.alpha)
        for i in stride(from: 0, to: source.count, by: 4) {
            let coverage = Double(source[i + 3]) / 255 * a
            pixels[i] = UInt8((r * coverage * 255).rounded())
            pixels[i + 1] = UInt8((g * coverage * 255).rounded())
            pixels[i + 2] = UInt8((b * coverage * 255).rounded())
            pixels[i + 3] = UInt8((coverage * 255).rounded())
        }
        return CGImage(width: image.width, height: image.height, premultipliedRGBA: pixels)!
    }
}
