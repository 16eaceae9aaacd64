import Foundation

/// A phone's sheet numbers. Apple publishes none of them; each is an estimate, with its source in
/// docs/UIKIT-COMPATIBILITY.md ("Sheets").
enum SheetMetrics {
    /// The large detent's top sits this far below the top safe area (iOS 13–18 screenshots; react-navigation's
    /// `forModalPresentationIOS` uses the same 10 pt).
    static let topGap: CGFloat = 10
    /// The sheet's top corner radius (react-navigation: 10 pt; iOS 17/18 screenshots).
    static let cornerRadius: CGFloat = 10
    /// The receded presenter's corner radius (react-navigation: 10 pt).
    static let presenterCornerRadius: CGFloat = 10
    /// A receded card is narrower by this much on each side: scale 1 − 20/width (react-navigation).
    static let recedeInset: CGFloat = 10
    /// The dimming's black at full strength (react-navigation's overlay: 0.3).
    static let dimmingOpacity: CGFloat = 0.3
    /// The grabber: a 36 × 5 pt capsule 5 pt below the sheet's top, in tertiary label grey (screenshots).
    static let grabberSize = CGSize(width: 36, height: 5)
    static let grabberTop: CGFloat = 5
}

/// The resolved detents of a sheet in its container, and where each puts the sheet and what is behind it.
struct SheetLayout {
    /// Active detents, smallest value first.
    let detents: [(identifier: UISheetPresentationController.Detent.Identifier, value: CGFloat)]
    let containerHeight: CGFloat
    let bottomInset: CGFloat

    init(detents: [(UISheetPresentationController.Detent.Identifier, CGFloat)], containerHeight: CGFloat, bottomInset: CGFloat,
         maximumValue: CGFloat? = nil) {
        self.maximumValue = maximumValue
        // Apple asks for smallest to largest; a stable sort keeps equal values in the given order.
        self.detents = detents.enumerated().sorted { ($0.element.1, $0.offset) < ($1.element.1, $1.offset) }
            .map { (identifier: $0.element.0, value: $0.element.1) }
        self.containerHeight = containerHeight
        self.bottomInset = bottomInset
    }

    /// A detent's value is the height within the sheet's safe area: the edge-attached sheet is that plus the
    /// bottom inset tall (Apple's header).
    func top(forValue value: CGFloat) -> CGFloat { containerHeight - (value + bottomInset) }
    func top(of identifier: UISheetPresentationController.Detent.Identifier) -> CGFloat? {
        detents.first { $0.identifier == identifier }.map { top(forValue: $0.value) }
    }
    /// The tops of the detents, largest detent (smallest top) first.
    var tops: [CGFloat] { detents.reversed().map { top(forValue: $0.value) } }
    var largestTop: CGFloat { tops.first ?? containerHeight }
    var smallestTop: CGFloat { tops.last ?? containerHeight }
    /// Off screen: where a dismissed sheet goes.
    var dismissedTop: CGFloat { containerHeight }

    /// The sheet's frame for a top edge at `top`: down to the container's bottom, but never shorter than at
    /// the smallest detent (below it the sheet slides away whole).
    static func frame(top: CGFloat, in bounds: CGRect, smallestTop: CGFloat) -> CGRect {
        CGRect(x: bounds.minX, y: top, width: bounds.width, height: max(bounds.maxY - min(top, smallestTop), 0))
    }

    /// What is behind a sheet whose top is at `top`. Dimming: full at every detent above the largest
    /// undimmed one, none at or below it, in between proportionally (down to the bottom edge when every
    /// detent is dimmed). Receding: only for a sheet whose largest detent is full height; full there, none
    /// at the next smaller detent (or off screen), in between proportionally.
    func chrome(atTop top: CGFloat, largestUndimmed: UISheetPresentationController.Detent.Identifier?) -> SheetChrome.State {
        let undimmedIndex = largestUndimmed.flatMap { id in detents.firstIndex { $0.identifier == id } }
        let dimmed = undimmedIndex.map { Array(detents[($0 + 1)...]) } ?? detents
        var dim: CGFloat = 0
        if let smallestDimmed = dimmed.first {
            let full = self.top(forValue: smallestDimmed.value)
            let none = undimmedIndex.map { self.top(forValue: detents[$0].value) } ?? dismissedTop
            dim = Self.progress(top, from: none, to: full)
        }
        var recede: CGFloat = 0
        if let largest = detents.last, let maximum = maximumValue, largest.value >= maximum - 0.5, !dimmed.isEmpty,
           dimmed.last?.identifier == largest.identifier {
            let full = self.top(forValue: largest.value)
            let below = detents.count > 1 ? self.top(forValue: detents[detents.count - 2].value) : dismissedTop
            recede = Self.progress(top, from: below, to: full)
        }
        return SheetChrome.State(recede: recede, dim: dim)
    }

    /// The large detent's value (the maximum), when known.
    let maximumValue: CGFloat?

    /// 0 at `from`, 1 at `to`, clamped (a top above `to` is 1).
    static func progress(_ top: CGFloat, from: CGFloat, to: CGFloat) -> CGFloat {
        guard from != to else { return top <= to ? 1 : 0 }
        return min(max((from - top) / (from - to), 0), 1)
    }
}

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

/// The sheet's spring: UIKit's system spring (mass 3, stiffness 1000, damping 500, critically damped, about
/// 0.5 s; react-navigation's `TransitionIOSSpec` uses the same numbers for iOS modals), with a release velocity.
enum SheetMotion {
    static func timing(velocity: CGFloat) -> UISpringTimingParameters {
        UISpringTimingParameters(mass: 3, stiffness: 1000, damping: 500, initialVelocity: CGVector(dx: velocity, dy: velocity))
    }

    /// Runs `body` on the spring; `velocity` is relative (1 = the whole distance per second).
    @discardableResult
    static func animate(velocity: CGFloat, _ body: @escaping () -> Void, completion: (() -> Void)? = nil) -> UIViewPropertyAnimator {
        let animator = UIViewPropertyAnimator(duration: 0.5, timingParameters: timing(velocity: velocity))
        animator.addAnimations(body)
        if let completion { animator.addCompletion { _ in completion() } }
        animator.startAnimation()
        return animator
    }
}

/// A kept popover on a phone: drawn as a sheet at the large detent (from 10 pt below the top safe area to
/// the bottom, top corners rounded), without detents, dimming or a receding presenter.
enum PlainSheet {
    static func frame(in container: UIView?) -> CGRect {
        guard let container else { return .zero }
        return SheetLayout.frame(top: container.safeAreaInsets.top + SheetMetrics.topGap, in: container.bounds,
                                 smallestTop: container.bounds.height)
    }
    static func round(_ view: UIView) {
        view.layer.cornerRadius = SheetMetrics.cornerRadius
        view.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
        view.clipsToBounds = true
    }
    /// Keeps the sheet in place when the container lays out, except while it is moving in or out.
    static func relayout(_ view: UIView?, of presented: UIViewController, in container: UIView?, to frame: CGRect) {
        guard let view, view.superview === container, !presented.isBeingPresented, !presented.isBeingDismissed else { return }
        view.frame = frame
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
