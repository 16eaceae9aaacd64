/// The fill rule of a path fill or clip (Apple's `CGPathFillRule`).
public enum CGPathFillRule: Int, Sendable {
    case winding, evenOdd
}

/// What `drawPath(using:)` paints (Apple's `CGPathDrawingMode`).
public enum CGPathDrawingMode: Int32, Sendable {
    case fill, eoFill, stroke, fillStroke, eoFillStroke
}

/// A drawing destination (Apple's `CGContext`), here a *recording*: every drawing call is kept as a
/// display-list item in the context's base space — points, y down, origin at the top left of what the
/// context covers — with the colour, alpha and clip in force when it was made. No pixels are made here:
/// `makeImage()` hands the recording to the rasterizer that a pixel module installs (the Compositor), the
/// way the image decoder is installed (`CGImageDecoding`). So a drawing is exact at any scale, and the same
/// calls give the same bytes on every run.
///
/// Strokes become fills of the outline they cover (CGPath's stroker, the dash applied first), so fills are
/// all the rasterizer has to know; layer trees drawn with `CALayer.render(in:)` are kept as one item and
/// drawn by the renderer that draws frames.
public final class CGContext {
    /// One recorded drawing operation, in base space.
    package enum Item {
        /// Source-over fill of a path with a colour.
        case fill(CGPath, rule: CGPathFillRule, color: CGColor, alpha: CGFloat, clip: [Clip])
        /// An image whose pixel space maps to base space by `imageToBase` (pixel (0, 0) is the image's top left).
        case image(CGImage, imageToBase: CGAffineTransform, alpha: CGFloat, clip: [Clip])
        /// The covered pixels become transparent (`clear(_:)`), in proportion to the coverage.
        case clear(CGPath, clip: [Clip])
        /// Content of a higher module (a layer tree), placed by `toBase` from its own space.
        case content(any Sendable, toBase: CGAffineTransform, alpha: CGFloat, clip: [Clip])
        /// A gradient painted over the clip, its geometry in the user space that `userToBase` maps.
        case gradient(GradientDrawing, userToBase: CGAffineTransform, alpha: CGFloat, clip: [Clip])
    }

    /// One clip of the clip stack: a path in base space filled with a rule. The clip is their intersection.
    package struct Clip: Sendable {
        package var path: CGPath
        package var rule: CGPathFillRule
    }

    /// The recording and what it covers.
    package struct Recording: Sendable {
        /// The context's size in points.
        package var size: CGSize
        /// Image pixels per point.
        package var scale: CGFloat
        /// Whether the bitmap starts opaque black rather than transparent (`UIGraphicsImageRendererFormat.opaque`).
        package var opaque: Bool
        package var items: [Item]
    }

    package typealias Rasterizer = @Sendable (Recording) -> CGImage?
    /// Turns a recording into premultiplied sRGB RGBA8 pixels, `round(size × scale)` large. Installed once
    /// per process by the Compositor (`LayerRenderer.installContextRasterizer()`), which a scene session
    /// and every renderer call; CoreGraphics cannot draw pixels itself.
    package static var rasterizer: Rasterizer? { installedRasterizer.value }
    private static let installedRasterizer = InstalledOnce<Rasterizer>()
    /// Installs the rasterizer (the first installation wins).
    package static func installRasterizer(_ rasterizer: @escaping Rasterizer) { installedRasterizer.install(rasterizer) }

    private struct GState {
        var ctm = CGAffineTransform.identity
        var fillColor = CGColor.black
        var strokeColor = CGColor.black
        var lineWidth: CGFloat = 1
        var lineCap = CGLineCap.butt
        var lineJoin = CGLineJoin.miter
        var miterLimit: CGFloat = 10
        var dashPhase: CGFloat = 0
        var dashLengths: [CGFloat] = []
        var alpha: CGFloat = 1
        var clip: [Clip] = []
        var shouldAntialias = true
    }

    private var state = GState()
    private var stack: [GState] = []
    /// The current path, in base space (points are transformed by the CTM as they are added, as in Core Graphics).
    private var path = CGMutablePath()
    package private(set) var recording: Recording
    /// Base space → device pixels.
    private let baseToDevice: CGAffineTransform

    /// A context covering `size` points at `scale` pixels per point. The CTM starts at the identity:
    /// user space is base space (UIKit's flipped coordinates, as a UIKit image context has them).
    package init(size: CGSize, scale: CGFloat, opaque: Bool) {
        recording = Recording(size: size, scale: scale, opaque: opaque, items: [])
        baseToDevice = CGAffineTransform(scaleX: scale, y: scale)
    }

    // MARK: Graphics state

    public func saveGState() { stack.append(state) }
    /// Restores the last saved state; an unbalanced call does nothing (Core Graphics logs it).
    public func restoreGState() { if let saved = stack.popLast() { state = saved } }

    /// User space → device pixels, as in Core Graphics (here y points down, as in a UIKit image context).
    public var ctm: CGAffineTransform { state.ctm.concatenating(baseToDevice) }
    /// User space → device space (the same as `ctm`).
    public var userSpaceToDeviceSpaceTransform: CGAffineTransform { ctm }

    public func translateBy(x tx: CGFloat, y ty: CGFloat) { state.ctm = CGAffineTransform(translationX: tx, y: ty).concatenating(state.ctm) }
    public func scaleBy(x sx: CGFloat, y sy: CGFloat) { state.ctm = CGAffineTransform(scaleX: sx, y: sy).concatenating(state.ctm) }
    public func rotate(by angle: CGFloat) { state.ctm = CGAffineTransform(rotationAngle: angle).concatenating(state.ctm) }
    public func concatenate(_ transform: CGAffineTransform) { state.ctm = transform.concatenating(state.ctm) }

    public func setFillColor(_ color: CGColor) { state.fillColor = color }
    public func setStrokeColor(_ color: CGColor) { state.strokeColor = color }
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.fillColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }
    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.strokeColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }
    public func setFillColor(gray: CGFloat, alpha: CGFloat) { state.fillColor = CGColor(gray: gray, alpha: alpha) }
    public func setStrokeColor(gray: CGFloat, alpha: CGFloat) { state.strokeColor = CGColor(gray: gray, alpha: alpha) }
    public func setLineWidth(_ width: CGFloat) { state.lineWidth = max(width, 0) }
    public func setLineCap(_ cap: CGLineCap) { state.lineCap = cap }
    public func setLineJoin(_ join: CGLineJoin) { state.lineJoin = join }
    public func setMiterLimit(_ limit: CGFloat) { state.miterLimit = limit }
    /// An empty `lengths` turns dashing off.
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) { state.dashPhase = phase; state.dashLengths = lengths }
    /// A global alpha multiplying everything drawn (clamped to 0…1).
    public func setAlpha(_ alpha: CGFloat) { state.alpha = min(max(alpha, 0), 1) }
    /// Accepted; drawing is always anti-aliased with exact area coverage.
    public func setShouldAntialias(_ shouldAntialias: Bool) { state.shouldAntialias = shouldAntialias }
    public func setAllowsAntialiasing(_ allowsAntialiasing: Bool) {}
    /// Accepted; images are sampled bilinearly.
    public var interpolationQuality: CGInterpolationQuality = .default

    // MARK: The current path

    public func beginPath() { path = CGMutablePath() }
    public var isPathEmpty: Bool { path.isEmpty }
    /// The current path's bounding box in user space.
    public var boundingBoxOfPath: CGRect { path.mapped(by: state.ctm.inverted()).boundingBox }
    public var currentPointOfPath: CGPoint { path.currentPoint.applying(state.ctm.inverted()) }

    public func move(to point: CGPoint) { path.move(to: point, transform: state.ctm) }
    public func addLine(to point: CGPoint) { path.addLine(to: point, transform: state.ctm) }
    public func addLines(between points: [CGPoint]) {
        guard let first = points.first else { return }
        move(to: first)
        for point in points.dropFirst() { addLine(to: point) }
    }
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        path.addCurve(to: end, control1: control1, control2: control2, transform: state.ctm)
    }
    public func addQuadCurve(to end: CGPoint, control: CGPoint) { path.addQuadCurve(to: end, control: control, transform: state.ctm) }
    /// As in Core Graphics, `clockwise` is in the y-up sense: in UIKit's flipped space `clockwise: true`
    /// sweeps counter-clockwise on screen.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise, transform: state.ctm)
    }
    public func addRect(_ rect: CGRect) { path.addRect(rect, transform: state.ctm) }
    public func addRects(_ rects: [CGRect]) { for rect in rects { addRect(rect) } }
    public func addEllipse(in rect: CGRect) { path.addEllipse(in: rect, transform: state.ctm) }
    public func addPath(_ path: CGPath) { self.path.addPath(path, transform: state.ctm) }
    public func closePath() { path.closeSubpath() }

    // MARK: Painting

    /// Fills the current path and clears it.
    public func fillPath(using rule: CGPathFillRule = .winding) {
        let filled = path.copy()
        beginPath()
        fill(filled, rule: rule)
    }

    /// Strokes the current path with the line width, caps, joins and dash in force (in user space) and
    /// clears it.
    public func strokePath() {
        let stroked = path.copy()
        beginPath()
        stroke(stroked)
    }

    public func drawPath(using mode: CGPathDrawingMode) {
        let current = path.copy()
        beginPath()
        switch mode {
        case .fill: fill(current, rule: .winding)
        case .eoFill: fill(current, rule: .evenOdd)
        case .stroke: stroke(current)
        case .fillStroke: fill(current, rule: .winding); stroke(current)
        case .eoFillStroke: fill(current, rule: .evenOdd); stroke(current)
        }
    }

    public func fill(_ rect: CGRect) { fill(CGPath(rect: rect, transform: nil).mapped(by: state.ctm), rule: .winding) }
    public func fill(_ rects: [CGRect]) {
        let all = CGMutablePath()
        for rect in rects { all.addRect(rect, transform: state.ctm) }
        fill(all, rule: .winding)
    }
    public func fillEllipse(in rect: CGRect) {
        let ellipse = CGMutablePath()
        ellipse.addEllipse(in: rect, transform: state.ctm)
        fill(ellipse, rule: .winding)
    }
    public func stroke(_ rect: CGRect) { stroke(CGPath(rect: rect, transform: nil).mapped(by: state.ctm)) }
    public func stroke(_ rect: CGRect, width: CGFloat) {
        saveGState(); setLineWidth(width); stroke(rect); restoreGState()
    }
    public func strokeEllipse(in rect: CGRect) {
        let ellipse = CGMutablePath()
        ellipse.addEllipse(in: rect, transform: state.ctm)
        stroke(ellipse)
    }
    /// Strokes each pair of points as its own segment.
    public func strokeLineSegments(between points: [CGPoint]) {
        let segments = CGMutablePath()
        var index = 0
        while index + 1 < points.count {
            segments.move(to: points[index], transform: state.ctm)
            segments.addLine(to: points[index + 1], transform: state.ctm)
            index += 2
        }
        stroke(segments)
    }

    /// Makes the pixels of `rect` transparent (Core Graphics' `clear`, which ignores alpha).
    public func clear(_ rect: CGRect) {
        recording.items.append(.clear(CGPath(rect: rect, transform: nil).mapped(by: state.ctm), clip: state.clip))
    }

    /// Draws `image` into `rect` in Core Graphics' y-up convention: the image's first row goes to the
    /// rect's maximum y. In a UIKit context (y down) the image therefore appears upside down, as on iOS;
    /// `UIImage.draw(in:)` draws it upright.
    public func draw(_ image: CGImage, in rect: CGRect) {
        let imageToUser = CGAffineTransform(a: rect.width / CGFloat(image.width), b: 0, c: 0,
                                            d: -rect.height / CGFloat(image.height), tx: rect.minX, ty: rect.maxY)
        drawImage(image, imageToUser: imageToUser)
    }

    /// Paints the clip with a gradient along start → end (user space): each point takes the colour of its
    /// projection onto the axis. Before the start and after the end nothing is drawn unless `options`
    /// extend the end colours there.
    public func drawLinearGradient(_ gradient: CGGradient, start startPoint: CGPoint, end endPoint: CGPoint,
                                   options: CGGradientDrawingOptions) {
        recording.items.append(.gradient(GradientDrawing(gradient: gradient, geometry: .linear(start: startPoint, end: endPoint),
                                                         options: options),
                                         userToBase: state.ctm, alpha: state.alpha, clip: state.clip))
    }

    /// Paints the clip with a gradient between two circles (user space): the circles interpolated from
    /// the start circle to the end circle, each in its colour, later ones over earlier ones. Inside the
    /// start circle's sweep backwards and beyond the end circle nothing is drawn unless `options` say so.
    public func drawRadialGradient(_ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat, endCenter: CGPoint,
                                   endRadius: CGFloat, options: CGGradientDrawingOptions) {
        let geometry = GradientDrawing.Geometry.radial(startCenter: startCenter, startRadius: max(startRadius, 0),
                                                       endCenter: endCenter, endRadius: max(endRadius, 0))
        recording.items.append(.gradient(GradientDrawing(gradient: gradient, geometry: geometry, options: options),
                                         userToBase: state.ctm, alpha: state.alpha, clip: state.clip))
    }

    // MARK: Clipping

    /// Intersects the clip with the current path and clears the path.
    public func clip(using rule: CGPathFillRule = .winding) {
        state.clip.append(Clip(path: path.copy(), rule: rule))
        beginPath()
    }
    public func clip(to rect: CGRect) {
        state.clip.append(Clip(path: CGPath(rect: rect, transform: nil).mapped(by: state.ctm), rule: .winding))
    }
    public func clip(to rects: [CGRect]) {
        let all = CGMutablePath()
        for rect in rects { all.addRect(rect, transform: state.ctm) }
        state.clip.append(Clip(path: all, rule: .winding))
    }
    public func resetClip() { state.clip = [] }
    /// The clip's bounding box in user space (the whole context when nothing clips).
    public var boundingBoxOfClipPath: CGRect {
        var box = CGRect(origin: .zero, size: recording.size)
        for clip in state.clip { box = box.intersection(clip.path.boundingBox) }
        return box.applying(state.ctm.inverted())
    }

    // MARK: Results

    /// The pixels drawn so far, through the installed rasterizer (nil when none is installed or the
    /// context is empty).
    public func makeImage() -> CGImage? { Self.rasterizer?(recording) }

    // MARK: For the modules above (UIKit, QuartzCore)

    /// Draws an image whose pixel space maps into user space by `imageToUser` (pixel (0, 0) at the top left).
    package func drawImage(_ image: CGImage, imageToUser: CGAffineTransform) {
        recording.items.append(.image(image, imageToBase: imageToUser.concatenating(state.ctm), alpha: state.alpha, clip: state.clip))
    }

    /// Records content that a higher module draws (a layer tree), placed by the CTM from its own space.
    package func drawContent(_ content: any Sendable) {
        recording.items.append(.content(content, toBase: state.ctm, alpha: state.alpha, clip: state.clip))
    }

    package var fillColor: CGColor { state.fillColor }
    package var currentAlpha: CGFloat { state.alpha }

    package func fill(_ basePath: CGPath, rule: CGPathFillRule) {
        recording.items.append(.fill(basePath, rule: rule, color: state.fillColor, alpha: state.alpha, clip: state.clip))
    }

    /// Strokes a path given in base space: taken back to user space, outlined there (so the width, caps
    /// and dash are in user units), and mapped forward again.
    private func stroke(_ basePath: CGPath) {
        guard state.lineWidth > 0 else { return }
        let ctm = state.ctm
        let user = basePath.mapped(by: ctm.inverted())
        let dashed = state.dashLengths.contains(where: { $0 > 0 })
            ? user.copy(dashingWithPhase: state.dashPhase, lengths: state.dashLengths) : user
        let outline = dashed.copy(strokingWithWidth: state.lineWidth, lineCap: state.lineCap, lineJoin: state.lineJoin,
                                  miterLimit: state.miterLimit)
        recording.items.append(.fill(outline.mapped(by: ctm), rule: .winding, color: state.strokeColor, alpha: state.alpha,
                                     clip: state.clip))
    }
}

/// Compositing operations (Apple's CGBlendMode). Only `.normal` is drawn; the others draw as normal.
public enum CGBlendMode: Int32, Sendable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight, difference,
         exclusion, hue, saturation, color, luminosity, clear, copy, sourceIn, sourceOut, sourceAtop, destinationOver,
         destinationIn, destinationOut, destinationAtop, xor, plusDarker, plusLighter
}

/// Accepted for source compatibility; sampling is always bilinear here.
public enum CGInterpolationQuality: Int32, Sendable {
    case `default`, none, low, medium, high
}

extension CGPath {
    /// The path mapped by an affine transform.
    package func mapped(by transform: CGAffineTransform) -> CGPath { CGPath(elements: transformed(by: transform)) }
}
