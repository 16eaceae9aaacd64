import Foundation

// UIImage's variants: resizable images (cap insets, drawn nine-part by image views through the layer's
// `contentsCenter` and by `draw(in:)`), alignment insets, mirrored orientation, baselines, configurations,
// and the remaining members of Apple's interface.

extension UIImage {
    /// How a resizable image's middle fills extra space. iOS tiles a middle wider or taller than one pixel
    /// and stretches a one-pixel one; here the middle always stretches (docs/UIKIT-COMPATIBILITY.md).
    public enum ResizingMode: Int, Sendable {
        case tile = 0, stretch = 1
    }

    /// This image with edges that keep their size when it is drawn larger: an image view (or `draw(in:)`)
    /// stretches only the middle. Insets are in points, clamped to the image.
    public func resizableImage(withCapInsets capInsets: UIEdgeInsets) -> UIImage {
        resizableImage(withCapInsets: capInsets, resizingMode: .tile)
    }
    public func resizableImage(withCapInsets capInsets: UIEdgeInsets, resizingMode: ResizingMode) -> UIImage {
        let image = copy(symbol: symbol)
        image.images = images?.map { $0.resizableImage(withCapInsets: capInsets, resizingMode: resizingMode) }
        image.duration = duration
        image.capInsets = Self.clamped(capInsets, to: size)
        image.resizingMode = resizingMode
        return image
    }

    /// Cap insets within the image: each negative or non-finite inset is 0, and opposite insets together
    /// never exceed the image's side.
    static func clamped(_ insets: UIEdgeInsets, to size: CGSize) -> UIEdgeInsets {
        func valid(_ v: CGFloat) -> CGFloat { v.isFinite ? max(0, v) : 0 }
        var result = UIEdgeInsets(top: valid(insets.top), left: valid(insets.left), bottom: valid(insets.bottom), right: valid(insets.right))
        if result.left + result.right > size.width, result.left + result.right > 0 {
            let k = size.width / (result.left + result.right)
            result.left *= k; result.right *= k
        }
        if result.top + result.bottom > size.height, result.top + result.bottom > 0 {
            let k = size.height / (result.top + result.bottom)
            result.top *= k; result.bottom *= k
        }
        return result
    }

    /// The deprecated form: a stretchable image whose caps are `leftCapWidth` and `topCapHeight` points,
    /// the other caps the rest less one point (the one-point middle stretches), as iOS defines it.
    public func stretchableImage(withLeftCapWidth leftCapWidth: Int, topCapHeight: Int) -> UIImage {
        let left = CGFloat(max(0, leftCapWidth)), top = CGFloat(max(0, topCapHeight))
        let insets = UIEdgeInsets(top: top, left: left,
                                  bottom: top > 0 ? max(0, size.height - top - 1) : 0,
                                  right: left > 0 ? max(0, size.width - left - 1) : 0)
        return resizableImage(withCapInsets: insets, resizingMode: .stretch)
    }
    /// The left cap of a stretchable image (`stretchableImage(withLeftCapWidth:topCapHeight:)`); 0 otherwise.
    public var leftCapWidth: Int { Int(capInsets.left) }
    /// The top cap of a stretchable image; 0 otherwise.
    public var topCapHeight: Int { Int(capInsets.top) }

    /// The frames NAME0, NAME1, … as a resizable animated image (see `animatedImageNamed(_:duration:)`).
    public class func animatedResizableImageNamed(_ name: String, capInsets: UIEdgeInsets, duration: TimeInterval) -> UIImage? {
        animatedResizableImageNamed(name, capInsets: capInsets, resizingMode: .tile, duration: duration)
    }
    public class func animatedResizableImageNamed(_ name: String, capInsets: UIEdgeInsets, resizingMode: ResizingMode,
                                                  duration: TimeInterval) -> UIImage? {
        animatedImageNamed(name, duration: duration)?.resizableImage(withCapInsets: capInsets, resizingMode: resizingMode)
    }

    /// This image with insets to the part Auto Layout aligns (an image view's alignment rect follows them).
    public func withAlignmentRectInsets(_ alignmentInsets: UIEdgeInsets) -> UIImage {
        let image = copy(symbol: symbol)
        image.alignmentRectInsets = alignmentInsets
        return image
    }

    /// This image, marked to be drawn mirrored in a right-to-left layout. Inert: layouts here are left to
    /// right, so nothing mirrors it; the mark is kept and read back.
    public func imageFlippedForRightToLeftLayoutDirection() -> UIImage {
        let image = copy(symbol: symbol)
        image.flipsForRightToLeftLayoutDirection = true
        return image
    }

    /// This image mirrored left to right (its orientation's mirror: `.up` ↔ `.upMirrored`, `.left` ↔
    /// `.rightMirrored`, …). A symbol image is returned as it is (symbols here have no mirrored drawing).
    public func withHorizontallyFlippedOrientation() -> UIImage {
        guard symbol == nil, cgImage != nil else { return self }
        let mirrored: Orientation
        switch imageOrientation {
        case .up: mirrored = .upMirrored
        case .upMirrored: mirrored = .up
        case .down: mirrored = .downMirrored
        case .downMirrored: mirrored = .down
        case .left: mirrored = .rightMirrored
        case .rightMirrored: mirrored = .left
        case .right: mirrored = .leftMirrored
        case .leftMirrored: mirrored = .right
        }
        return copy(symbol: nil, orientation: mirrored)
    }

    /// This image with a text baseline `baselineOffset` points above its bottom (for images in text).
    public func withBaselineOffset(fromBottom baselineOffset: CGFloat) -> UIImage {
        let image = copy(symbol: symbol)
        image.baselineOffsetFromBottom = baselineOffset
        return image
    }
    /// This image without a baseline.
    public func imageWithoutBaseline() -> UIImage {
        let image = copy(symbol: symbol)
        image.baselineOffsetFromBottom = nil
        return image
    }

    /// The image's configuration: the one given by `withConfiguration(_:)`, else, for an image with traits
    /// to describe (an asset catalog's), one with its trait collection; nil otherwise.
    public var configuration: UIImage.Configuration? {
        storedConfiguration ?? (imageAsset != nil ? UIImage.Configuration(traitCollection: traitCollection) : nil)
    }
    /// This image for `configuration`: an asset catalog's image is resolved again for the configuration's
    /// traits (keeping this image's rendering mode, as UIKit documents); any other keeps its pixels and
    /// carries the configuration.
    public func withConfiguration(_ configuration: UIImage.Configuration) -> UIImage {
        let base = imageAsset.map { $0.image(with: configuration) } ?? self
        let image = base.copy(symbol: base.symbol)
        image.renderingMode = renderingMode
        image.fixedTintColor = fixedTintColor
        image.storedConfiguration = configuration
        return image
    }

    /// The traits the image is for: its scale as the display scale.
    public var traitCollection: UITraitCollection {
        storedConfiguration?.traitCollection.map { UITraitCollection(traitsFrom: [UITraitCollection(displayScale: scale), $0]) }
            ?? UITraitCollection(displayScale: scale)
    }

    /// A renderer format that keeps this image's scale (pixels are always 8-bit sRGB here).
    public var imageRendererFormat: UIGraphicsImageRendererFormat {
        let format = UIGraphicsImageRendererFormat()
        format.scale = scale
        return format
    }

    /// `UIImage(systemName:)`; the traits do not change how a symbol is drawn here.
    public convenience init?(systemName name: String, compatibleWith traitCollection: UITraitCollection?) {
        self.init(systemName: name, withConfiguration: nil)
    }

    /// `preparingForDisplay()`, handed to `completionHandler`. Inert: there is no background thread to move
    /// the work to offscreen; the handler runs at once on the calling thread.
    public func prepareForDisplay(completionHandler: @escaping @Sendable (UIImage?) -> Void) {
        completionHandler(preparingForDisplay())
    }

    /// Always false: images here are 8-bit sRGB (decoders convert to it).
    public var isHighDynamicRange: Bool { false }
    /// The image itself: it is standard dynamic range already.
    public func imageRestrictedToStandardDynamicRange() -> UIImage { self }

    /// `contentsCenter` for this image's upright bitmap of `width` × `height` pixels: the part inside the
    /// cap insets, in unit coordinates; the unit rect for an image that is not resizable.
    func contentsCenter(pixelWidth width: Int, pixelHeight height: Int) -> CGRect {
        guard capInsets != .zero, width > 0, height > 0 else { return CGRect(x: 0, y: 0, width: 1, height: 1) }
        let w = CGFloat(width), h = CGFloat(height)
        let left = capInsets.left * scale / w, right = capInsets.right * scale / w
        let top = capInsets.top * scale / h, bottom = capInsets.bottom * scale / h
        return CGRect(x: left, y: top, width: max(0, 1 - left - right), height: max(0, 1 - top - bottom))
    }
}
