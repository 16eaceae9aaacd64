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
