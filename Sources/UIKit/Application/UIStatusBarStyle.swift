/// The status bar's content colour. `.default` follows the owner's user interface style (dark content
/// in light mode, light content in dark mode), as iOS's does.
public enum UIStatusBarStyle: Int, Sendable {
    case `default` = 0, lightContent = 1, darkContent = 3
}

extension UIViewController {
    /// Which controller's `preferredStatusBarStyle` iOS uses for this one: a full-screen presented controller
    /// (or one that captures the status bar's appearance) decides over its presenter, and containers defer to
    /// `childForStatusBarStyle`.
    package var statusBarStyleOwner: UIViewController {
        if let presented = presentedViewController {
            switch presented.modalPresentationStyle {
            case .fullScreen, .overFullScreen: return presented.statusBarStyleOwner
            default: if presented.modalPresentationCapturesStatusBarAppearance { return presented.statusBarStyleOwner }
            }
        }
        if let child = childForStatusBarStyle { return child.statusBarStyleOwner }
        return self
    }

    /// Which controller's `prefersStatusBarHidden` iOS uses for this one: the same presentation rule as
    /// the style's, with containers deferring to `childForStatusBarHidden`.
    package var statusBarHiddenOwner: UIViewController {
        if let presented = presentedViewController {
            switch presented.modalPresentationStyle {
            case .fullScreen, .overFullScreen: return presented.statusBarHiddenOwner
            default: if presented.modalPresentationCapturesStatusBarAppearance { return presented.statusBarHiddenOwner }
            }
        }
        if let child = childForStatusBarHidden { return child.statusBarHiddenOwner }
        return self
    }
}

/// The status bar as a window shows it: the style it applied last, and how light its content is now
/// (0: dark content, 1: light content). The lightness is animatable: `setNeedsStatusBarAppearanceUpdate()`
/// inside `UIView.animate` (or a property animator's block) moves it over the block's duration and curve,
/// as iOS cross-fades the status bar then; outside an animation it jumps.
package final class StatusBarAppearance {
    /// Carries the lightness as its layer's opacity: a view outside the window's tree, so animation blocks
    /// record and animate it like any view property, on the same clock (pausing, scrubbing and reversing
    /// with a property animator too), and nothing draws it.
    private let carrier = UIView(frame: .zero)
    /// The style applied last (what the status bar shows, or is fading to).
    package private(set) var style: UIStatusBarStyle = .default

    init() { UIView.performWithoutAnimation { carrier.alpha = 0 } }

    /// Whether `.default` showed light content (its owner was dark) when applied last.
    private(set) var defaultIsLight = false

    static func lightness(of style: UIStatusBarStyle, onDark dark: Bool) -> CGFloat {
        style == .lightContent || (style == .default && dark) ? 1 : 0
    }
    /// The lightness shown last (the target of a fade).
    var targetLightness: CGFloat { Self.lightness(of: style, onDark: defaultIsLight) }

    /// Shows `style` (`.default` resolved for a dark owner or not): animated when called inside an
    /// animation block, at once otherwise.
    func apply(_ style: UIStatusBarStyle, onDark dark: Bool) {
        self.style = style
        defaultIsLight = dark
        carrier.alpha = Self.lightness(of: style, onDark: dark)
    }

    /// Shows `style` at once, ending any fade.
    func snap(to style: UIStatusBarStyle, onDark dark: Bool) {
        carrier.layer.removeAllAnimations()
        UIView.performWithoutAnimation { apply(style, onDark: dark) }
    }

    /// How light the content is at media time `time`: 0 dark, 1 light, in between while fading.
    package func lightness(at time: CFTimeInterval) -> CGFloat {
        CGFloat(carrier.layer.presentationState(at: time).opacity)
    }
}

extension UIWindow {
    /// The status bar style the root controller's owner asks for now (see `statusBarStyleOwner`).
    package var statusBarStyle: UIStatusBarStyle {
        let owner = rootViewController?.statusBarStyleOwner
        // A sheet pushing its presenter back leaves the status bar on black (unless the sheet captures it).
        if rootViewController?.presentedSheetPushesBack == true, owner?.modalPresentationCapturesStatusBarAppearance != true {
            return .lightContent
        }
        return owner?.preferredStatusBarStyle ?? .default
    }

    /// Whether the controller deciding the status bar is in dark mode (`.default` shows light content then).
    var statusBarOwnerIsDark: Bool {
        (rootViewController?.statusBarStyleOwner.traitCollection ?? traitCollection).userInterfaceStyle == .dark
    }

    /// Asks the owner for its style again and shows it (what `setNeedsStatusBarAppearanceUpdate()` does).
    func updateStatusBarAppearance() {
        statusBarAppearance.apply(statusBarStyle, onDark: statusBarOwnerIsDark)
    }

    /// The end of a run-loop turn: a style that changed without an update being asked for (a new owner
    /// after a presentation or a push, or a changed preference) is shown at once.
    package func settleStatusBarAppearance() {
        let style = statusBarStyle, dark = statusBarOwnerIsDark
        if style != statusBarAppearance.style
            || StatusBarAppearance.lightness(of: style, onDark: dark) != statusBarAppearance.targetLightness {
            statusBarAppearance.snap(to: style, onDark: dark)
        }
    }
}
