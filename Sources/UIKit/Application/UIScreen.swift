/// The screen being rendered: its size in points, its scale, and the device's safe-area insets.
/// `UIScreen.main` is bound per scene run (see Stage), so parallel renders never share a screen.
public final class UIScreen: NSObject, @unchecked Sendable {
    @TaskLocal public static var main = UIScreen(bounds: CGRect(x: 0, y: 0, width: 393, height: 852), scale: 3,
                                                safeAreaInsets: UIEdgeInsets(top: 59, left: 0, bottom: 34, right: 0))

    public let bounds: CGRect
    public let scale: CGFloat
    public var nativeScale: CGFloat { scale }
    /// The insets a full-screen window reports (not a UIScreen property on iOS, where windows know them).
    public let displaySafeAreaInsets: UIEdgeInsets
    /// The status bar's height (`UIStatusBarManager.statusBarFrame`); the top inset unless given.
    public let statusBarHeight: CGFloat
    /// The system appearance: light or dark for the whole run (the screen's trait collection).
    public let userInterfaceStyle: UIUserInterfaceStyle

    public init(bounds: CGRect, scale: CGFloat, safeAreaInsets: UIEdgeInsets, statusBarHeight: CGFloat? = nil,
                userInterfaceStyle: UIUserInterfaceStyle = .light) {
        self.bounds = bounds; self.scale = scale; self.displaySafeAreaInsets = safeAreaInsets
        self.statusBarHeight = statusBarHeight ?? safeAreaInsets.top
        self.userInterfaceStyle = userInterfaceStyle == .unspecified ? .light : userInterfaceStyle
        super.init()
    }

    /// The screen's space, in points from its top left (the same as its windows' space: they fill it
    /// from the origin). Renders are portrait, so it is also `fixedCoordinateSpace`.
    public var coordinateSpace: UICoordinateSpace { screenSpace }
    public var fixedCoordinateSpace: UICoordinateSpace { screenSpace }
    private lazy var screenSpace = ScreenCoordinateSpace(bounds: bounds)
}

/// Something points and rectangles can be converted to and from: views and the screen.
public protocol UICoordinateSpace: NSObjectProtocol {
    func convert(_ point: CGPoint, to coordinateSpace: UICoordinateSpace) -> CGPoint
    func convert(_ point: CGPoint, from coordinateSpace: UICoordinateSpace) -> CGPoint
    func convert(_ rect: CGRect, to coordinateSpace: UICoordinateSpace) -> CGRect
    func convert(_ rect: CGRect, from coordinateSpace: UICoordinateSpace) -> CGRect
    var bounds: CGRect { get }
}

/// The screen's coordinate space: window coordinates. Conversions with a view go through the view
/// (which knows its window); between two screen spaces nothing changes.
private final class ScreenCoordinateSpace: NSObject, UICoordinateSpace, @unchecked Sendable {
    let bounds: CGRect
    init(bounds: CGRect) { self.bounds = bounds; super.init() }
    func convert(_ point: CGPoint, to coordinateSpace: UICoordinateSpace) -> CGPoint {
        (coordinateSpace as? UIView)?.convert(point, from: nil as UIView?) ?? point
    }
    func convert(_ point: CGPoint, from coordinateSpace: UICoordinateSpace) -> CGPoint {
        (coordinateSpace as? UIView)?.convert(point, to: nil as UIView?) ?? point
    }
    func convert(_ rect: CGRect, to coordinateSpace: UICoordinateSpace) -> CGRect {
        (coordinateSpace as? UIView)?.convert(rect, from: nil as UIView?) ?? rect
    }
    func convert(_ rect: CGRect, from coordinateSpace: UICoordinateSpace) -> CGRect {
        (coordinateSpace as? UIView)?.convert(rect, to: nil as UIView?) ?? rect
    }
}

public struct UIEdgeInsets: Equatable, Hashable, Sendable {
    public var top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    public static let zero = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

extension CGRect {
    /// The rectangle shrunk by the insets (UIKit's `inset(by:)`).
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        CGRect(x: minX + insets.left, y: minY + insets.top,
               width: width - insets.left - insets.right, height: height - insets.top - insets.bottom)
    }
}
