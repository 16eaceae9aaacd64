import Foundation

/// What a sheet draws outside itself, and its own look: the dimming over what is behind, the presenter
/// receding into a card (its live view, scaled, moved up to the top safe area and rounded; a black backdrop
/// behind it), the light status bar while it recedes, and the sheet's rounded top corners and grabber.
final class SheetChrome {
    /// How far the presenter has receded (0 in place, 1 a card) and how dimmed it is (0 clear, 1 full).
    struct State: Equatable {
        var recede: CGFloat
        var dim: CGFloat
        static let hidden = State(recede: 0, dim: 0)
    }

    let dimming = UIView()
    private(set) var state = State.hidden
    /// Whether what is behind takes touches (no dimming at this detent).
    var isUndimmed: Bool { state.dim == 0 }
    /// The presenter is pushed back far enough for the status bar to sit on black (light content).
    private(set) var pushesBack = false

    private weak var container: UIView?
    private weak var presenterView: UIView?
    /// A sheet receding behind another sheet keeps its own corners and needs no backdrop.
    private var presenterIsSheet = false
    private var backdrop: UIView?
    private var saved: (cornerRadius: CGFloat, masked: CACornerMask, clips: Bool, transform: CGAffineTransform)?
    private var grabber: UIView?
    private var safeTop: CGFloat = 0

    func install(in container: UIView, presenter: UIViewController, sheet: UISheetPresentationController) {
        self.container = container
        safeTop = container.safeAreaInsets.top
        UIView.performWithoutAnimation {
            dimming.frame = container.bounds
            dimming.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            dimming.backgroundColor = UIColor.black.withAlphaComponent(SheetMetrics.dimmingOpacity)
            dimming.alpha = 0
            container.insertSubview(dimming, at: 0)
        }
        guard let view = presenter.viewIfLoaded, let superview = view.superview else { return }
        presenterView = view
        presenterIsSheet = presenter.currentPresentationController is UISheetPresentationController
        saved = (view.layer.cornerRadius, view.layer.maskedCorners, view.clipsToBounds, view.transform)
        UIView.performWithoutAnimation {
            view.clipsToBounds = true
            view.layer.cornerCurve = .continuous
            guard !presenterIsSheet else { return }
            let black = UIView(frame: superview.bounds)
            black.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            black.backgroundColor = .black
            black.isUserInteractionEnabled = false
            superview.insertSubview(black, belowSubview: view)
            backdrop = black
        }
    }

    /// Puts what is behind in `state` (inside an animation block it animates).
    func apply(_ state: State) {
        self.state = state
        dimming.alpha = state.dim
        dimming.isUserInteractionEnabled = state.dim > 0
        if let view = presenterView {
            let bounds = view.bounds, center = view.center
            let scale = 1 - state.recede * 2 * SheetMetrics.recedeInset / max(bounds.width, 1)
            let top0 = center.y - bounds.height / 2
            let top = top0 + state.recede * (safeTop - top0)
            view.transform = CGAffineTransform(a: scale, b: 0, c: 0, d: scale, tx: 0, ty: top - (center.y - scale * bounds.height / 2))
            if !presenterIsSheet {
                view.layer.cornerRadius = state.recede * SheetMetrics.presenterCornerRadius
            }
        }
        let pushed = state.recede >= 0.5 && !presenterIsSheet
        if pushed != pushesBack {
            pushesBack = pushed
            container?.window?.updateStatusBarAppearance()
        }
    }

    /// Everything outside the sheet back as it was (the dismissal completed, or the presentation was cancelled).
    func uninstall() {
        UIView.performWithoutAnimation {
            apply(.hidden)
            dimming.removeFromSuperview()
            backdrop?.removeFromSuperview()
            backdrop = nil
            if let view = presenterView, let saved {
                view.transform = saved.transform
                view.layer.cornerRadius = saved.cornerRadius
                view.layer.maskedCorners = saved.masked
                view.clipsToBounds = saved.clips
            }
        }
        saved = nil
        presenterView = nil
        // The status bar goes back to the presenter's style without a fade (it was shown already).
        container?.window?.updateStatusBarAppearance()
    }

    /// The sheet's rounded top corners and its grabber.
    func styleSheet(_ view: UIView, cornerRadius: CGFloat, grabber wantsGrabber: Bool) {
        view.layer.cornerRadius = cornerRadius
        view.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
        view.layer.cornerCurve = .continuous
        view.clipsToBounds = true
        if wantsGrabber {
            let grabber: UIView
            if let existing = self.grabber {
                grabber = existing
            } else {
                grabber = UIView(frame: CGRect(origin: .zero, size: SheetMetrics.grabberSize))
                UIView.performWithoutAnimation {
                    grabber.backgroundColor = .tertiaryLabel
                    grabber.layer.cornerRadius = SheetMetrics.grabberSize.height / 2
                    grabber.isUserInteractionEnabled = false
                    grabber.alpha = 0
                }
            }
            self.grabber = grabber
            if grabber.superview !== view {
                UIView.performWithoutAnimation {
                    view.addSubview(grabber)
                    grabber.frame.origin = CGPoint(x: (view.bounds.width - SheetMetrics.grabberSize.width) / 2, y: SheetMetrics.grabberTop)
                }
            }
            view.bringSubviewToFront(grabber)
            grabber.frame.origin = CGPoint(x: (view.bounds.width - SheetMetrics.grabberSize.width) / 2, y: SheetMetrics.grabberTop)
            grabber.alpha = 1
        } else if let grabber {
            grabber.alpha = 0
        }
    }

    /// The sheet's view as it was before it was presented (it may be presented again in another style).
    func unstyleSheet(_ view: UIView) {
        UIView.performWithoutAnimation {
            view.layer.cornerRadius = 0
            view.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
            view.clipsToBounds = false
            grabber?.removeFromSuperview()
            grabber = nil
        }
    }
}

extension UIViewController {
    /// A sheet presented above this controller (or further up its chain) pushes its presenter back: the
    /// status bar then sits on black and shows light content, as iOS shows it.
    var presentedSheetPushesBack: Bool {
        var current = presentedViewController
        while let presented = current {
            if (presented.currentPresentationController as? UISheetPresentationController)?.chrome.pushesBack == true { return true }
            current = presented.presentedViewController
        }
        return false
    }
}

extension UIWindow {
    /// The home indicator's ink while a sheet pushes its presenter back (the status bar then sits on black
    /// but the indicator on the sheet): dark on a light sheet, light on a dark one. nil otherwise (it follows
    /// the status bar).
    package var homeIndicatorLightness: CGFloat? {
        guard let root = rootViewController, root.presentedSheetPushesBack else { return nil }
        var top = root
        while let presented = top.presentedViewController { top = presented }
        return top.traitCollection.userInterfaceStyle == .dark ? 1 : 0
    }
}
