import Foundation

// UIKit's NSValue boxes for geometry (Foundation on Linux has them as point/size/rect); animations unbox them.
extension NSValue {
    public convenience init(cgPoint point: CGPoint) { self.init(point: point) }
    public convenience init(cgSize size: CGSize) { self.init(size: size) }
    public convenience init(cgRect rect: CGRect) { self.init(rect: rect) }
    public convenience init(cgAffineTransform transform: CGAffineTransform) {
        self.init(caTransform3D: CATransform3DMakeAffineTransform(transform))
    }
    public var cgPointValue: CGPoint { pointValue }
    public var cgSizeValue: CGSize { sizeValue }
    public var cgRectValue: CGRect { rectValue }
}

/// The device a scene renders on: an iPhone in portrait (`userInterfaceIdiom` is always `.phone`).
public final class UIDevice: NSObject, @unchecked Sendable {
    public enum Orientation: Int, Sendable {
        case unknown, portrait, portraitUpsideDown, landscapeLeft, landscapeRight, faceUp, faceDown
        public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
        public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
    }
    public static let current = UIDevice()
    public var orientation: Orientation { .portrait }
    public var userInterfaceIdiom: UIUserInterfaceIdiom { .phone }
    public var model: String { "iPhone" }
    public var name: String { "iPhone" }
    public var systemName: String { "iOS" }
    /// The iOS version whose look the renderer follows.
    public var systemVersion: String { "18.0" }
    /// `UIDevice()` is public on iOS too (NSObject's `init()`); it describes the same phone.
    public override init() { super.init() }
}

public enum UIUserInterfaceIdiom: Int, Sendable {
    case unspecified = -1, phone = 0, pad, tv, carPlay, mac = 5, vision
}
