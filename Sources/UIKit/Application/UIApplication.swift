import Foundation

/// The app: its windows and its one window scene. `UIApplication.shared` is bound per scene run (as
/// `UIScreen.main` is), so it holds the windows of the run in progress and parallel renders never share
/// one; windows join the app that is current when they are made.
open class UIApplication: UIResponder, @unchecked Sendable {
    @TaskLocal public static var shared = UIApplication()

    /// The app's one scene (iOS apps may have several; a render has one screen).
    public let windowScene: UIWindowScene
    private let lock = NSLock()
    private var windowRefs: [WeakWindow] = []
    private struct WeakWindow { weak var window: UIWindow? }

    public override init() {
        windowScene = UIWindowScene()
        super.init()
        windowScene.application = self
    }

    func register(_ window: UIWindow) {
        lock.lock(); defer { lock.unlock() }
        windowRefs.removeAll { $0.window == nil }
        windowRefs.append(WeakWindow(window: window))
    }

    /// The app's windows that still exist, in the order they were made.
    @available(iOS, deprecated: 15.0, message: "Use UIWindowScene.windows on a relevant window scene instead")
    public var windows: [UIWindow] { liveWindows }
    var liveWindows: [UIWindow] {
        lock.lock(); defer { lock.unlock() }
        return windowRefs.compactMap(\.window)
    }
    /// The window made key last (`makeKeyAndVisible()`, `makeKey()`).
    @available(iOS, deprecated: 13.0, message: "Should not be used for applications that support multiple scenes")
    public var keyWindow: UIWindow? { liveWindows.last { $0.isKeyWindow } }
    public var connectedScenes: Set<UIScene> { [windowScene] }
    public var supportsMultipleScenes: Bool { false }
    public var applicationState: State { .active }
    public enum State: Int, Sendable { case active, inactive, background }
    /// The status bar's frame in screen coordinates (zero while the key window's controller hides it).
    @available(iOS, deprecated: 13.0, message: "Use the statusBarManager property of the window scene instead")
    public var statusBarFrame: CGRect { windowScene.statusBarManager?.statusBarFrame ?? .zero }
    /// The style the status bar shows now.
    @available(iOS, deprecated: 13.0, message: "Use the statusBarManager property of the window scene instead")
    public var statusBarStyle: UIStatusBarStyle { windowScene.statusBarManager?.statusBarStyle ?? .default }
    public var userInterfaceLayoutDirection: UIUserInterfaceLayoutDirection { .leftToRight }
}

public enum UIUserInterfaceLayoutDirection: Int, Sendable { case leftToRight, rightToLeft }

/// A scene: here always connected, active and in the foreground.
open class UIScene: UIResponder, @unchecked Sendable {
    public enum ActivationState: Int, Sendable { case unattached = -1, foregroundActive, foregroundInactive, background }
    public var activationState: ActivationState { .foregroundActive }
    public var title: String!
}

/// The scene of the app's windows on the render's screen.
open class UIWindowScene: UIScene, UITraitEnvironment, @unchecked Sendable {
    weak var application: UIApplication?
    public var screen: UIScreen { UIScreen.main }
    public var windows: [UIWindow] { application?.liveWindows ?? [] }
    public var keyWindow: UIWindow? { windows.last { $0.isKeyWindow } }
    public var interfaceOrientation: UIInterfaceOrientation { .portrait }
    public var traitCollection: UITraitCollection { screen.traitCollection }
    public func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}
    public var statusBarManager: UIStatusBarManager? { UIStatusBarManager(scene: self) }
}

public enum UIInterfaceOrientation: Int, Sendable {
    case unknown = 0, portrait, portraitUpsideDown, landscapeLeft, landscapeRight
    public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
}

/// The status bar of a window scene, as its key window's controllers decide it.
public final class UIStatusBarManager: NSObject, @unchecked Sendable {
    private weak var scene: UIWindowScene?
    init(scene: UIWindowScene) { self.scene = scene; super.init() }

    private var keyWindow: UIWindow? { scene?.keyWindow ?? scene?.windows.last }
    public var isStatusBarHidden: Bool {
        keyWindow?.rootViewController?.statusBarStyleOwner.prefersStatusBarHidden ?? false
    }
    /// The style the key window's deciding controller asks for.
    public var statusBarStyle: UIStatusBarStyle { keyWindow?.statusBarStyle ?? .default }
    /// The full width of the screen by the status bar's height (the device's: 54 pt under a Dynamic
    /// Island, 47 under a notch, 20 on a home-button phone); zero while hidden.
    public var statusBarFrame: CGRect {
        guard !isStatusBarHidden else { return .zero }
        let screen = scene?.screen ?? UIScreen.main
        return CGRect(x: 0, y: 0, width: screen.bounds.width, height: screen.statusBarHeight)
    }
}
