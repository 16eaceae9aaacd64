/// A bitmap with a scale: `size` is in points (pixels ÷ scale).
public final class UIImage: Equatable {
    public let cgImage: CGImage?
    public let scale: CGFloat
    public enum Orientation: Int, Sendable { case up, down, left, right, upMirrored, downMirrored, leftMirrored, rightMirrored }
    public let imageOrientation: Orientation

    public init(cgImage: CGImage, scale: CGFloat = 1, orientation: Orientation = .up) {
        self.cgImage = cgImage; self.scale = scale > 0 ? scale : 1; imageOrientation = orientation
    }
    public convenience init(cgImage: CGImage) { self.init(cgImage: cgImage, scale: 1, orientation: .up) }

    /// Loads a PNG; a name ending in @2x/@3x sets the scale, as UIKit does.
    public convenience init?(contentsOfFile path: String) {
        guard let image = try? CGImageDecoding.image(contentsOf: URL(fileURLWithPath: path)) else { return nil }
        self.init(cgImage: image, scale: Self.scale(fromFileName: path), orientation: .up)
    }

    /// Looks for NAME@3x.png, NAME@2x.png, NAME.png (best for the screen first) in `bundle`'s resources.
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) {
        let bundle = bundle ?? .main
        let screenScale = Int(UIScreen.main.scale)
        let base = name.hasSuffix(".png") ? String(name.dropLast(4)) : name
        let suffixes = ([screenScale] + [3, 2, 1]).map { $0 == 1 ? "" : "@\($0)x" }
        for suffix in suffixes {
            if let path = bundle.path(forResource: base + suffix, ofType: "png") {
                self.init(contentsOfFile: path)
                return
            }
        }
        return nil
    }
    public convenience init?(named name: String) { self.init(named: name, in: nil, compatibleWith: nil) }

    public var size: CGSize {
        guard let cgImage else { return .zero }
        return CGSize(width: CGFloat(cgImage.width) / scale, height: CGFloat(cgImage.height) / scale)
    }

    static func scale(fromFileName path: String) -> CGFloat {
        let name = (path as NSString).deletingPathExtension
        if name.hasSuffix("@3x") { return 3 }
        if name.hasSuffix("@2x") { return 2 }
        return 1
    }

    public static func == (l: UIImage, r: UIImage) -> Bool { l.cgImage == r.cgImage && l.scale == r.scale }
}

/// Traits are not modelled; the type exists so Apple's signatures compile.
public final class UITraitCollection {
    public init() {}
}

extension UIView {
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

/// Shows an image through its layer's contents.
open class UIImageView: UIView {
    public var image: UIImage? {
        didSet { showImage() }
    }
    private func showImage() {
        layer.contents = image?.cgImage
        layer.contentsScale = image?.scale ?? 1
    }
    public var contentMode: UIView.ContentMode = .scaleToFill {
        didSet { layer.contentsGravity = contentMode.gravity }
    }

    public init(image: UIImage?) {
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        isUserInteractionEnabled = false
        self.image = image
        showImage()
    }
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }
}

/// UIKit's path object over CGPath. Angles and `clockwise` follow UIKit's flipped space.
public final class UIBezierPath {
    private let path = CGMutablePath()
    public var cgPath: CGPath { path.copy() }

    public init() {}
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
}
