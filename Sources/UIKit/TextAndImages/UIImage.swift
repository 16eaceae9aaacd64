/// A bitmap with a scale: `size` is in points (pixels ÷ scale).
public final class UIImage: NSObject {
    public let cgImage: CGImage?
    public let scale: CGFloat
    public enum Orientation: Int, Sendable { case up, down, left, right, upMirrored, downMirrored, leftMirrored, rightMirrored }
    public let imageOrientation: Orientation
    /// Set for symbol images (`UIImage(systemName:)`), which are vectors drawn at any size.
    let symbol: Symbol?
    /// Symbols default to template rendering: drawn in the tint of the view showing them.
    public internal(set) var renderingMode: RenderingMode = .automatic
    /// The colour given by `withTintColor`.
    var fixedTintColor: UIColor?
    /// The frames of an image made by `animatedImage(with:duration:)`; nil for any other image.
    public internal(set) var images: [UIImage]?
    /// How long an animated image's frames take to play once, in seconds; 0 for any other image.
    public internal(set) var duration: TimeInterval = 0
    /// The variants this image is one of (a catalog image set, or images registered together).
    public internal(set) var imageAsset: UIImageAsset?
    /// The edges that keep their size when the image is drawn larger (`resizableImage(withCapInsets:)`);
    /// zero for an image that is not resizable.
    public internal(set) var capInsets: UIEdgeInsets = .zero
    /// How the middle fills a resizable image's extra space (`.tile` by default, as on iOS).
    public internal(set) var resizingMode: ResizingMode = .tile
    /// Insets from the image's edges to the part layout aligns (`withAlignmentRectInsets(_:)`).
    public internal(set) var alignmentRectInsets: UIEdgeInsets = .zero
    /// Set by `imageFlippedForRightToLeftLayoutDirection()`.
    public internal(set) var flipsForRightToLeftLayoutDirection = false
    /// Points from the bottom of the image to its text baseline; nil without a baseline.
    public internal(set) var baselineOffsetFromBottom: CGFloat?
    /// The configuration given by `withConfiguration(_:)` (a symbol image's is `symbolConfiguration`).
    var storedConfiguration: UIImage.Configuration?

    public init(cgImage: CGImage, scale: CGFloat = 1, orientation: Orientation = .up) {
        self.cgImage = cgImage; self.scale = scale > 0 ? scale : 1; imageOrientation = orientation; symbol = nil
        super.init()
    }
    init(symbol: Symbol?) {
        cgImage = nil; scale = 1; imageOrientation = .up; self.symbol = symbol
        super.init()
    }
    /// An empty image: no bitmap, size zero, scale 1 (as `UIImage()` on iOS).
    public override convenience init() { self.init(symbol: nil) }
    public convenience init(cgImage: CGImage) { self.init(cgImage: cgImage, scale: 1, orientation: .up) }

    /// Loads a PNG, JPEG, HEIF/HEIC, WebP or GIF (recognised by content, not by extension) with the file's
    /// orientation; a name ending in @2x/@3x sets the scale, as UIKit does. nil for a missing, unreadable
    /// or corrupt file.
    public convenience init?(contentsOfFile path: String) {
        guard let decoded = try? CGImageDecoding.decoded(contentsOf: URL(fileURLWithPath: path)) else { return nil }
        self.init(cgImage: decoded.image, scale: Self.scale(fromFileName: path), orientation: Orientation(exif: decoded.orientation))
    }

    public var size: CGSize {
        if let symbol { return symbol.size }
        guard let cgImage else { return .zero }
        // Shown a quarter turn from the stored pixels (.left, .right and their mirrors): the sides swap.
        let width = CGFloat(imageOrientation.swapsSides ? cgImage.height : cgImage.width)
        let height = CGFloat(imageOrientation.swapsSides ? cgImage.width : cgImage.height)
        return CGSize(width: width / scale, height: height / scale)
    }

    static func scale(fromFileName path: String) -> CGFloat {
        let name = (path as NSString).deletingPathExtension
        if name.hasSuffix("@3x") { return 3 }
        if name.hasSuffix("@2x") { return 2 }
        return 1
    }

    /// Images with the same bitmap (or symbol and configuration), scale, rendering mode and tint are equal.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let r = object as? UIImage else { return false }
        return cgImage == r.cgImage && scale == r.scale && symbol?.name == r.symbol?.name
            && symbol?.configuration == r.symbol?.configuration && renderingMode == r.renderingMode
            && fixedTintColor == r.fixedTintColor
    }
    public override var hash: Int {
        var h = Hasher()
        h.combine(scale); h.combine(symbol?.name); h.combine(cgImage?.width); h.combine(cgImage?.height)
        return h.finalize()
    }
}

extension UIView {
    /// Every case of UIKit's; `.redraw` places content as `.scaleToFill` does.
    public enum ContentMode: Int, Sendable {
        case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right
        case topLeft, topRight, bottomLeft, bottomRight

        var gravity: CALayerContentsGravity {
            switch self {
            case .scaleToFill, .redraw: .resize
            case .scaleAspectFit: .resizeAspect
            case .scaleAspectFill: .resizeAspectFill
            case .center: .center
            case .top: .top
            case .bottom: .bottom
            case .left: .left
            case .right: .right
            case .topLeft: .topLeft
            case .topRight: .topRight
            case .bottomLeft: .bottomLeft
            case .bottomRight: .bottomRight
            }
        }
    }
}

/// Shows an image through its layer's contents; a symbol image as a filled vector shape in the tint colour
/// (or the image's own colour from `withTintColor`), placed by the content mode.
open class UIImageView: UIView {
    private var shownImage: UIImage?
    open var image: UIImage? {
        get { shownImage }
        set {
            let oldSize = shownImage?.size
            shownImage = newValue
            showImage()
            if newValue?.size != oldSize { invalidateIntrinsicContentSize() }
        }
    }
    private var outlineCache: (image: UIImage, outline: CGPath)?
    /// The last template bitmap filled with its colour (AssetCatalog+Named.swift), kept across layouts.
    var tintedBitmap: (source: CGImage, color: CGColor, tinted: CGImage)?
    /// A symbol image is placed again by the new mode (bitmaps follow the layer's gravity).
    open override var contentMode: UIView.ContentMode {
        get { super.contentMode }
        set { super.contentMode = newValue; showImage() }
    }
    /// The image's size less its alignment insets (Auto Layout sizes the alignment rect).
    open override var intrinsicContentSize: CGSize {
        guard let image else { return CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
        let insets = image.alignmentRectInsets
        return CGSize(width: image.size.width - insets.left - insets.right, height: image.size.height - insets.top - insets.bottom)
    }
    /// The image's alignment insets (`withAlignmentRectInsets(_:)`), as on iOS.
    open override var alignmentRectInsets: UIEdgeInsets { image?.alignmentRectInsets ?? .zero }

    public init(image: UIImage?) {
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        isUserInteractionEnabled = false
        self.image = image
    }
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }
    /// See `UIView.init?(coder:)`: nothing is decoded.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        isUserInteractionEnabled = false
    }
    /// Kept for code that sets it; the view shows `image` whatever `isHighlighted` says (nothing here
    /// highlights an image view: it takes no touches).
    open var highlightedImage: UIImage?
    open var isHighlighted = false
    /// An image view showing `image` (`highlightedImage` is kept, see above).
    public convenience init(image: UIImage?, highlightedImage: UIImage?) {
        self.init(image: image)
        self.highlightedImage = highlightedImage
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        if imageDependsOnView { showImage() }
    }
    open override func layoutSubviews() {
        super.layoutSubviews()
        if image?.isSymbolImage == true { showImage() }
    }
    override func applyDynamicColors() {
        super.applyDynamicColors()
        if imageDependsOnView { showImage() }
    }

    private func showImage() {
        guard let image, let symbol = image.symbol else {
            layer.setShape(nil)
            let bitmap = image.map(displayedBitmap(for:))   // upright: the file's orientation applied, as iOS shows it
            layer.contents = bitmap?.cgImage
            layer.contentsScale = bitmap?.scale ?? 1
            // A resizable image keeps its caps: Core Animation's nine-part scaling, as UIKit does it.
            var center = CGRect(x: 0, y: 0, width: 1, height: 1)
            if let image, let pixels = bitmap?.cgImage { center = image.contentsCenter(pixelWidth: pixels.width, pixelHeight: pixels.height) }
            layer.contentsCenter = center
            return
        }
        layer.contents = nil
        layer.contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
        // The outline is stroked once per image; layout passes only move it.
        if outlineCache?.image !== image { outlineCache = (image, symbol.outline) }
        let placed = Self.rect(for: symbol.size, in: bounds, mode: contentMode)
        let fit = CGAffineTransform(a: placed.width / max(symbol.size.width, 1e-9), b: 0, c: 0,
                                    d: placed.height / max(symbol.size.height, 1e-9), tx: placed.minX, ty: placed.minY)
        let path = CGMutablePath()
        path.addPath(outlineCache!.outline, transform: fit)
        var shape = ShapeContent(path: path)
        shape.fillColor = resolve(image.symbolColor(tint: tintColor))
        layer.setShape(shape)
    }

    /// Where an image of `size` goes in `bounds` under a content mode (Core Animation's gravity rules).
    static func rect(for size: CGSize, in bounds: CGRect, mode: UIView.ContentMode) -> CGRect {
        let w = size.width, h = size.height
        switch mode {
        case .scaleToFill, .redraw: return bounds
        case .scaleAspectFit, .scaleAspectFill:
            guard w > 0, h > 0 else { return bounds }
            let k = mode == .scaleAspectFit ? min(bounds.width / w, bounds.height / h) : max(bounds.width / w, bounds.height / h)
            return CGRect(x: bounds.midX - w * k / 2, y: bounds.midY - h * k / 2, width: w * k, height: h * k)
        default:
            let x: CGFloat, y: CGFloat
            switch mode {
            case .left, .topLeft, .bottomLeft: x = bounds.minX
            case .right, .topRight, .bottomRight: x = bounds.maxX - w
            default: x = bounds.midX - w / 2
            }
            switch mode {
            case .top, .topLeft, .topRight: y = bounds.minY
            case .bottom, .bottomLeft, .bottomRight: y = bounds.maxY - h
            default: y = bounds.midY - h / 2
            }
            return CGRect(x: x, y: y, width: w, height: h)
        }
    }
}

/// UIKit's path object over CGPath. Angles and `clockwise` follow UIKit's flipped space.
public final class UIBezierPath: NSObject {
    private var path = CGMutablePath()
    public var cgPath: CGPath { path.copy() }

    public override init() { super.init() }
    public convenience init(rect: CGRect) { self.init(); path.addRect(rect) }
    public convenience init(ovalIn rect: CGRect) { self.init(); path.addEllipse(in: rect) }
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init()
        path.addRoundedRect(in: rect, cornerWidth: cornerRadius, cornerHeight: cornerRadius)
    }
    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        self.init()
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }
    public convenience init(cgPath: CGPath) { self.init(); path.addPath(cgPath) }

    public func move(to point: CGPoint) { path.move(to: point) }
    public func addLine(to point: CGPoint) { path.addLine(to: point) }
    public func addCurve(to point: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        path.addCurve(to: point, control1: controlPoint1, control2: controlPoint2)
    }
    public func addQuadCurve(to point: CGPoint, controlPoint: CGPoint) { path.addQuadCurve(to: point, control: controlPoint) }
    public func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }
    public func append(_ bezierPath: UIBezierPath) { path.addPath(bezierPath.path) }
    public func close() { path.closeSubpath() }
    public var bounds: CGRect { path.boundingBox }
    public var isEmpty: Bool { path.isEmpty }
    public var currentPoint: CGPoint { path.currentPoint }
    public func removeAllPoints() { path = CGMutablePath() }
    public func apply(_ transform: CGAffineTransform) { path = path.mapped(by: transform).mutableCopy() }

    // Drawing into the current context (with UIKit's defaults: 1 pt, butt caps, miter joins).
    public var lineWidth: CGFloat = 1
    public var lineCapStyle: CGLineCap = .butt
    public var lineJoinStyle: CGLineJoin = .miter
    public var miterLimit: CGFloat = 10
    public var usesEvenOddFillRule = false
    private var dashPattern: [CGFloat] = [], dashPhase: CGFloat = 0

    public func setLineDash(_ pattern: UnsafePointer<CGFloat>?, count: Int, phase: CGFloat) {
        dashPattern = pattern.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
        dashPhase = phase
    }

    /// Fills the path with the current context's fill colour.
    public func fill() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.beginPath()
        context.addPath(path)
        context.fillPath(using: usesEvenOddFillRule ? .evenOdd : .winding)
        context.restoreGState()
    }

    /// Strokes the path with its line width, caps, joins and dash in the current context's stroke colour.
    public func stroke() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.setLineWidth(lineWidth)
        context.setLineCap(lineCapStyle)
        context.setLineJoin(lineJoinStyle)
        context.setMiterLimit(miterLimit)
        context.setLineDash(phase: dashPhase, lengths: dashPattern)
        context.beginPath()
        context.addPath(path)
        context.strokePath()
        context.restoreGState()
    }

    public func fill(with blendMode: CGBlendMode, alpha: CGFloat) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState(); context.setAlpha(alpha); fill(); context.restoreGState()
    }

    public func stroke(with blendMode: CGBlendMode, alpha: CGFloat) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState(); context.setAlpha(alpha); stroke(); context.restoreGState()
    }

    /// Intersects the current context's clip with the path.
    public func addClip() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.beginPath()
        context.addPath(path)
        context.clip(using: usesEvenOddFillRule ? .evenOdd : .winding)
    }
}
