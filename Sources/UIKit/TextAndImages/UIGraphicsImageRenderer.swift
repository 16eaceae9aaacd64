import Foundation

// Image renderers and UIKit's current-context stack. A context records what is drawn (CGContext is a
// display list); the image is made when the drawing block returns, by the rasterizer the renderer of
// frames installs, so images have real pixels at the format's scale.

/// The settings of a graphics renderer (Apple's base class).
open class UIGraphicsRendererFormat: NSObject {
    /// The area drawn into, in points.
    public internal(set) var bounds: CGRect = .zero
    public override init() { super.init() }
}

/// An image renderer's settings: scale (pixels per point; the screen's by default), opacity, colour range.
open class UIGraphicsImageRendererFormat: UIGraphicsRendererFormat {
    public enum Range: Int, Sendable {
        case unspecified = -1, automatic = 0, extended = 1, standard = 2
    }
    /// Pixels per point (the screen's scale by default).
    public var scale: CGFloat
    /// An opaque bitmap starts black and keeps no alpha.
    public var opaque: Bool = false
    /// Stored only: pixels are always 8-bit sRGB here.
    public var preferredRange: Range = .automatic
    /// Stored only (deprecated in iOS 12 for `preferredRange`).
    public var prefersExtendedRange: Bool = false

    public override init() {
        scale = UIScreen.main.scale
        super.init()
    }
    /// The format for the current device (Apple's `preferred()`).
    public class func preferred() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
    /// The format for the current device (Apple's deprecated `default()`).
    public class func `default`() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
}

/// The context a drawing block receives.
open class UIGraphicsRendererContext: NSObject {
    public let cgContext: CGContext
    public let format: UIGraphicsRendererFormat
    init(cgContext: CGContext, format: UIGraphicsRendererFormat) { self.cgContext = cgContext; self.format = format; super.init() }

    /// Fills `rect` with the current fill colour.
    public func fill(_ rect: CGRect) { cgContext.fill(rect) }
    /// Strokes `rect` with the current stroke colour and line width.
    public func stroke(_ rect: CGRect) { cgContext.stroke(rect) }
    /// Intersects the clip with `rect`.
    public func clip(to rect: CGRect) { cgContext.clip(to: rect) }
}

public final class UIGraphicsImageRendererContext: UIGraphicsRendererContext {
    /// What has been drawn so far.
    public var currentImage: UIImage { UIGraphicsImageRenderer.image(of: cgContext, format: imageFormat) }
    var imageFormat: UIGraphicsImageRendererFormat { format as! UIGraphicsImageRendererFormat }
}

/// Draws into an image: `image { context in … }` (Apple's UIGraphicsImageRenderer).
open class UIGraphicsImageRenderer: NSObject {
    public let format: UIGraphicsImageRendererFormat
    /// Always true: every renderer makes images.
    public var allowsImageOutput: Bool { true }

    public convenience init(size: CGSize) { self.init(size: size, format: UIGraphicsImageRendererFormat()) }
    public convenience init(size: CGSize, format: UIGraphicsImageRendererFormat) {
        self.init(bounds: CGRect(origin: .zero, size: size), format: format)
    }
    public convenience init(bounds: CGRect) { self.init(bounds: bounds, format: UIGraphicsImageRendererFormat()) }
    /// `bounds` is the drawing area in the context's coordinates: its origin is the image's top left.
    public init(bounds: CGRect, format: UIGraphicsImageRendererFormat) {
        let copy = UIGraphicsImageRendererFormat()
        copy.scale = format.scale; copy.opaque = format.opaque
        copy.preferredRange = format.preferredRange; copy.prefersExtendedRange = format.prefersExtendedRange
        copy.bounds = bounds
        self.format = copy
    }

    /// Runs `actions` with a fresh context (also UIKit's current context meanwhile) and returns the image.
    public func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
        let context = makeContext()
        UIGraphicsPushContext(context.cgContext)
        actions(context)
        UIGraphicsPopContext()
        return Self.image(of: context.cgContext, format: format)
    }

    /// The image as PNG data (nil when no PNG encoder is installed, i.e. outside a render).
    public func pngData(actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
        image(actions: actions).pngData() ?? Data()
    }

    private func makeContext() -> UIGraphicsImageRendererContext {
        let bounds = format.bounds
        let cg = CGContext(size: bounds.size, scale: format.scale, opaque: format.opaque)
        cg.translateBy(x: -bounds.minX, y: -bounds.minY)
        return UIGraphicsImageRendererContext(cgContext: cg, format: format)
    }

    static func image(of context: CGContext, format: UIGraphicsImageRendererFormat) -> UIImage {
        guard CGContext.rasterizer != nil else {
            fatalError("UIGraphicsImageRenderer: no rasterizer is installed; images are drawn inside a render "
                       + "(a scene session or a LayerRenderer installs it)")
        }
        guard let image = context.makeImage() else { return UIImage(emptyWithScale: format.scale) }
        return UIImage(cgImage: image, scale: format.scale, orientation: .up)
    }
}

// MARK: UIKit's current context

/// UIKit's stack of current contexts, per thread (a drawing block runs on one thread from begin to end).
private final class ContextStack {
    var contexts: [(context: CGContext, imageScale: CGFloat?)] = []

    static var current: ContextStack {
        let key = "render-transition.UIGraphicsContextStack"
        if let stack = Thread.current.threadDictionary[key] as? ContextStack { return stack }
        let stack = ContextStack()
        Thread.current.threadDictionary[key] = stack
        return stack
    }
}

/// The context drawing calls go to (the top of UIKit's stack), nil outside any drawing.
public func UIGraphicsGetCurrentContext() -> CGContext? { ContextStack.current.contexts.last?.context }

public func UIGraphicsPushContext(_ context: CGContext) { ContextStack.current.contexts.append((context, nil)) }

public func UIGraphicsPopContext() { _ = ContextStack.current.contexts.popLast() }

/// Starts an image context of `size` points; `scale` 0 means the screen's scale. An opaque context
/// starts black.
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
    let pixelsPerPoint = scale > 0 ? scale : UIScreen.main.scale
    let context = CGContext(size: size, scale: pixelsPerPoint, opaque: opaque)
    ContextStack.current.contexts.append((context, pixelsPerPoint))
}

/// An image context at scale 1, transparent.
public func UIGraphicsBeginImageContext(_ size: CGSize) { UIGraphicsBeginImageContextWithOptions(size, false, 1) }

/// The image drawn so far in the current image context (nil when the current context is not one).
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
    guard let top = ContextStack.current.contexts.last, let scale = top.imageScale else { return nil }
    let format = UIGraphicsImageRendererFormat()
    format.scale = scale
    return UIGraphicsImageRenderer.image(of: top.context, format: format)
}

/// Ends the current image context.
public func UIGraphicsEndImageContext() {
    let stack = ContextStack.current
    if stack.contexts.last?.imageScale != nil { stack.contexts.removeLast() }
}

/// Fills `rect` in the current context with its fill colour.
public func UIRectFill(_ rect: CGRect) { UIGraphicsGetCurrentContext()?.fill(rect) }

/// Strokes the outline of `rect` (1 pt) in the current context with its stroke colour.
public func UIRectFrame(_ rect: CGRect) { UIGraphicsGetCurrentContext()?.stroke(rect) }

// MARK: Drawing helpers of UIKit's classes

extension UIColor {
    /// The current context's fill colour becomes this colour.
    public func setFill() { UIGraphicsGetCurrentContext()?.setFillColor(cgColor) }
    /// The current context's stroke colour becomes this colour.
    public func setStroke() { UIGraphicsGetCurrentContext()?.setStrokeColor(cgColor) }
    /// Both fill and stroke colours.
    public func set() { setFill(); setStroke() }
}

extension UIImage {
    /// An image with no pixels (what an empty renderer makes).
    convenience init(emptyWithScale scale: CGFloat) {
        self.init(symbol: nil)
    }

    /// Draws the image upright, stretched into `rect`, in the current context.
    public func draw(in rect: CGRect) { draw(in: rect, alpha: 1) }

    /// Draws the image at its size with its top left at `point`.
    public func draw(at point: CGPoint) { draw(in: CGRect(origin: point, size: size)) }

    /// Draws the image into `rect` with an extra opacity; only the normal blend mode is supported.
    public func draw(in rect: CGRect, blendMode: CGBlendMode, alpha: CGFloat) { draw(in: rect, alpha: alpha) }

    /// Draws the image at `point` with an extra opacity; only the normal blend mode is supported.
    public func draw(at point: CGPoint, blendMode: CGBlendMode, alpha: CGFloat) {
        draw(in: CGRect(origin: point, size: size), alpha: alpha)
    }

    private func draw(in rect: CGRect, alpha: CGFloat) {
        guard let context = UIGraphicsGetCurrentContext(), let cgImage = uprightCGImage, cgImage.width > 0, cgImage.height > 0 else { return }
        context.saveGState()
        context.setAlpha(alpha * context.currentAlpha)
        for (part, destination) in ninePartPatches(of: cgImage, in: rect) {
            let imageToUser = CGAffineTransform(a: destination.width / CGFloat(part.width), b: 0, c: 0,
                                                d: destination.height / CGFloat(part.height), tx: destination.minX, ty: destination.minY)
            context.drawImage(part, imageToUser: imageToUser)
        }
        context.restoreGState()
    }

    /// The pieces of the upright bitmap and where they go in `rect`: the whole image stretched, or for a
    /// resizable image its nine parts, the caps at their size (shrunk together when `rect` is smaller)
    /// and the middle stretched.
    func ninePartPatches(of bitmap: CGImage, in rect: CGRect) -> [(CGImage, CGRect)] {
        guard capInsets != .zero else { return [(bitmap, rect)] }
        func axis(_ lo: CGFloat, _ hi: CGFloat, pixels: Int, start: CGFloat, length: CGFloat) -> (source: [CGFloat], destination: [CGFloat]) {
            let p0 = 0.0, p1 = (lo * scale).rounded(), p3 = CGFloat(pixels), p2 = max(p1, p3 - (hi * scale).rounded())
            var first = lo, last = hi
            if first + last > length, first + last > 0 { let k = length / (first + last); first *= k; last *= k }
            return ([p0, p1, p2, p3], [start, start + first, start + length - last, start + length])
        }
        let xs = axis(capInsets.left, capInsets.right, pixels: bitmap.width, start: rect.minX, length: rect.width)
        let ys = axis(capInsets.top, capInsets.bottom, pixels: bitmap.height, start: rect.minY, length: rect.height)
        var patches: [(CGImage, CGRect)] = []
        for row in 0..<3 {
            for column in 0..<3 {
                let source = CGRect(x: xs.source[column], y: ys.source[row],
                                    width: xs.source[column + 1] - xs.source[column], height: ys.source[row + 1] - ys.source[row])
                let destination = CGRect(x: xs.destination[column], y: ys.destination[row],
                                         width: xs.destination[column + 1] - xs.destination[column],
                                         height: ys.destination[row + 1] - ys.destination[row])
                guard source.width >= 1, source.height >= 1, destination.width > 0, destination.height > 0,
                      let part = bitmap.cropping(to: source) else { continue }
                patches.append((part, destination))
            }
        }
        return patches
    }

    /// Fills `rect` with copies of the image at its size, from `rect`'s top left (Core Graphics patterns
    /// start at the context's origin; here the first copy sits at the rect's corner).
    public func drawAsPattern(in rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext(), size.width > 0, size.height > 0,
              rect.width.isFinite, rect.height.isFinite, rect.width > 0, rect.height > 0 else { return }
        let columns = Int((rect.width / size.width).rounded(.up)), rows = Int((rect.height / size.height).rounded(.up))
        guard columns * rows <= 100_000 else { return }
        context.saveGState()
        context.clip(to: rect)
        for row in 0..<rows {
            for column in 0..<columns {
                draw(in: CGRect(x: rect.minX + CGFloat(column) * size.width, y: rect.minY + CGFloat(row) * size.height,
                                width: size.width, height: size.height), alpha: 1)
            }
        }
        context.restoreGState()
    }

    /// The image as PNG data (straight alpha, sRGB), through the encoder a render installs; nil without
    /// one, or for an image without pixels.
    public func pngData() -> Data? {
        guard let cgImage, let encode = CGImageDecoding.encodePNG, let bytes = try? encode(cgImage) else { return nil }
        return Data(bytes)
    }
}

extension UIView {
    /// Draws the view's visible content (its layer tree as shown now, animations included) into `rect` of
    /// the current context, scaled from the bounds. With `afterScreenUpdates`, pending layout runs first.
    /// Returns false when there is no current context.
    public func drawHierarchy(in rect: CGRect, afterScreenUpdates afterUpdates: Bool) -> Bool {
        guard let context = UIGraphicsGetCurrentContext() else { return false }
        if afterUpdates { layoutForSnapshot() }
        let tree = layer.snapshot(at: CACurrentMediaTime()).placedInOwnBoundsSpace()
        let b = bounds
        guard b.width > 0, b.height > 0 else { return true }
        context.saveGState()
        context.translateBy(x: rect.minX, y: rect.minY)
        context.scaleBy(x: rect.width / b.width, y: rect.height / b.height)
        context.translateBy(x: -b.minX, y: -b.minY)
        context.drawContent(tree)
        context.restoreGState()
        return true
    }

    /// The window's pending layout and drawing (or the view's, outside a window), as a screen update would run them.
    func layoutForSnapshot() {
        if let window { window.layoutIfNeeded() } else { layoutIfNeeded() }
        ((window ?? self) as UIView).displayPendingContent()
    }

    /// Runs the pending `draw(_:)` calls of the view's tree (layers marked by `setNeedsDisplay()`), as
    /// the end of a run-loop turn does after layout.
    package func displayPendingContent() { layer.displayTreeIfNeeded() }
}
