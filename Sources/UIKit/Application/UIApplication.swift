import Foundation

/// The app: its windows and its one window scene. `UIApplication.shared` is bound per scene run (as
/// `UIScreen.main` is), so it holds the windows of the run in progress and parallel renders never share
/// one; windows join the app that is current when they are made.
open class UIApplication: UIResponder, @unchecked Sendable {
    @TaskLocal public static var shared = UIApplication()
    /// The responder `becomeFirstResponder()` made first (held weakly, as it leaves with its view).
    weak var firstResponder: UIResponder?

    /// The app's one scene (iOS apps may have several; a render has one screen).
    public let windowScene: UIWindowScene
    /// The accessibility settings of the run (`UIAccessibility` reads them).
    package var accessibilitySettings: AccessibilitySettings = []
    private let lock = NSLock()
    private var windowRefs: [WeakWindow] = []
    private struct WeakWindow { weak var window: UIWindow? }
    private var animationsEnabledStorage = true
    /// `UIView.areAnimationsEnabled` for this run.
    var animationsEnabled: Bool {
        get { lock.withLock { animationsEnabledStorage } }
        set { lock.withLock { animationsEnabledStorage = newValue } }
    }

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
    /// The Dynamic Type size: the default, as every render uses.
    public var preferredContentSizeCategory: UIContentSizeCategory { .large }

    /// Inert: a render has no idle timer or screen lock; stored.
    public var isIdleTimerDisabled = false
    /// Inert: shaking the device does not exist offscreen; stored.
    public var applicationSupportsShakeToEdit = true
    /// Protected data is always available (the device is never locked here).
    public var isProtectedDataAvailable: Bool { true }
    /// Inert: a render opens no other app or URL; the completion handler is called with false on the
    /// virtual clock's next turn.
    public func open(_ url: URL, options: [UIApplication.OpenExternalURLOptionsKey: Any] = [:],
                     completionHandler completion: ((Bool) -> Void)? = nil) {
        guard let completion else { return }
        _ = Timeline.current.schedule(at: CACurrentMediaTime()) { completion(false) }
    }
    /// Inert: a render opens no other app or URL; always false.
    public func canOpenURL(_ url: URL) -> Bool { false }
    /// Inert: renders are portrait; answers an iPhone's default.
    public func supportedInterfaceOrientations(for window: UIWindow?) -> UIInterfaceOrientationMask { .allButUpsideDown }
    /// The Settings app's URL string (opening it is inert).
    public static let openSettingsURLString = "app-settings:"
    public static let openNotificationSettingsURLString = "app-settings:notifications"

    public struct OpenExternalURLOptionsKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let universalLinksOnly = OpenExternalURLOptionsKey(rawValue: "UIApplicationOpenURLOptionUniversalLinksOnly")
    }

    // MARK: Life-cycle notifications

    public static let didFinishLaunchingNotification = Notification.Name("UIApplicationDidFinishLaunchingNotification")
    public static let didBecomeActiveNotification = Notification.Name("UIApplicationDidBecomeActiveNotification")
    public static let willResignActiveNotification = Notification.Name("UIApplicationWillResignActiveNotification")
    public static let didEnterBackgroundNotification = Notification.Name("UIApplicationDidEnterBackgroundNotification")
    public static let willEnterForegroundNotification = Notification.Name("UIApplicationWillEnterForegroundNotification")
    public static let willTerminateNotification = Notification.Name("UIApplicationWillTerminateNotification")
    public static let didReceiveMemoryWarningNotification = Notification.Name("UIApplicationDidReceiveMemoryWarningNotification")
    public static let significantTimeChangeNotification = Notification.Name("UIApplicationSignificantTimeChangeNotification")
    public static let userDidTakeScreenshotNotification = Notification.Name("UIApplicationUserDidTakeScreenshotNotification")
    public static let backgroundRefreshStatusDidChangeNotification = Notification.Name("UIApplicationBackgroundRefreshStatusDidChangeNotification")
    public static let protectedDataWillBecomeUnavailableNotification = Notification.Name("UIApplicationProtectedDataWillBecomeUnavailable")
    public static let protectedDataDidBecomeAvailableNotification = Notification.Name("UIApplicationProtectedDataDidBecomeAvailable")

    /// Whether the launch notifications were posted (once per app, that is per scene run).
    private var launched = false
    /// A scene's life here is one launch into the foreground: when the app's first window is shown
    /// (`makeKeyAndVisible()`), `didFinishLaunchingNotification` is posted before its root controller
    /// appears and `didBecomeActiveNotification` after its `viewDidAppear`, on `NotificationCenter.default`
    /// with this app as the object. Nothing else is posted: a render never resigns, backgrounds or ends.
    func windowWillShow() {
        guard !launched else { return }
        launched = true
        NotificationCenter.default.post(name: Self.didFinishLaunchingNotification, object: self)
    }
    func windowDidShow() {
        guard !postedActive else { return }
        postedActive = true
        NotificationCenter.default.post(name: Self.didBecomeActiveNotification, object: self)
    }
    private var postedActive = false
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

/// The orientations a controller supports. Renders are portrait, so the answers are never consulted.
public struct UIInterfaceOrientationMask: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let portrait = UIInterfaceOrientationMask(rawValue: 1 << 1)
    public static let landscapeLeft = UIInterfaceOrientationMask(rawValue: 1 << 4)
    public static let landscapeRight = UIInterfaceOrientationMask(rawValue: 1 << 3)
    public static let portraitUpsideDown = UIInterfaceOrientationMask(rawValue: 1 << 2)
    public static let landscape: UIInterfaceOrientationMask = [.landscapeLeft, .landscapeRight]
    public static let all: UIInterfaceOrientationMask = [.portrait, .landscapeLeft, .landscapeRight, .portraitUpsideDown]
    public static let allButUpsideDown: UIInterfaceOrientationMask = [.portrait, .landscapeLeft, .landscapeRight]
}

/// The status bar of a window scene, as its key window's controllers decide it.
public final class UIStatusBarManager: NSObject, @unchecked Sendable {
    private weak var scene: UIWindowScene?
    init(scene: UIWindowScene) { self.scene = scene; super.init() }

    private var keyWindow: UIWindow? { scene?.keyWindow ?? scene?.windows.last }
    public var isStatusBarHidden: Bool {
        keyWindow?.rootViewController?.statusBarHiddenOwner.prefersStatusBarHidden ?? false
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
