// UIView's built-in view transitions: `transition(with:…)` animates a change of a view's content with a
// cross-dissolve, a flip or a page curl, and `transition(from:to:…)` swaps one view for another that way.
// UIKit runs a CATransition over the container's rendering; here the old rendering is a snapshot laid over
// the container (fading out, turning away with the container in a flip, or curling off) while the new
// content is live beneath it; a curl down lays a snapshot of the new content over the old one.

extension UIView.AnimationOptions {
    public static let transitionFlipFromLeft = UIView.AnimationOptions(rawValue: 1 << 20)
    public static let transitionFlipFromRight = UIView.AnimationOptions(rawValue: 2 << 20)
    public static let transitionCurlUp = UIView.AnimationOptions(rawValue: 3 << 20)
    public static let transitionCurlDown = UIView.AnimationOptions(rawValue: 4 << 20)
    public static let transitionCrossDissolve = UIView.AnimationOptions(rawValue: 5 << 20)
    public static let transitionFlipFromTop = UIView.AnimationOptions(rawValue: 6 << 20)
    public static let transitionFlipFromBottom = UIView.AnimationOptions(rawValue: 7 << 20)

    /// The transition bits (UIKit keeps them in bits 20–23).
    var viewTransition: Int { Int((rawValue >> 20) & 0xF) }
}

extension UIView {
    /// Runs `animations` (changes to `view`'s content) at once and animates from the old rendering to the new
    /// with the options' transition: cross-dissolve, or a flip about the vertical (left/right) or horizontal
    /// (top/bottom) axis — the old content turns away for the first half, the new turns in for the second, in
    /// perspective; curl up lifts the old content off from the bottom-right corner to the top-left, curl down
    /// lays the new content down over the old the other way (the partial curl's flat fold, `PageCurlView`).
    public class func transition(with view: UIView, duration: TimeInterval, options: UIView.AnimationOptions = [],
                                 animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        let kind = options.viewTransition
        guard kind != 0, duration > 0, view.window != nil, let old = view.snapshotView(afterScreenUpdates: false) else {
            UIView.performWithoutAnimation { animations?() }
            Timeline.current.schedule(at: CACurrentMediaTime()) { completion?(true) }
            return
        }
        UIView.performWithoutAnimation { animations?() }
        old.frame = view.bounds
        old.isUserInteractionEnabled = false
        let curve = options.curve.timingFunction
        if kind == 3 || kind == 4 {
            curl(view, old: old, up: kind == 3, duration: duration, options: options, completion: completion)
            return
        }
        view.addSubview(old)
        let finish: (Bool) -> Void = { finished in
            old.removeFromSuperview()
            completion?(finished)
        }
        switch kind {
        case 1, 2, 6, 7:
            // Turn the container through 90° with the old content on top, then from −90° back with the new.
            let vertical = kind == 1 || kind == 2
            let sign: CGFloat = (kind == 1 || kind == 6) ? 1 : -1
            var perspective = CATransform3DIdentity
            perspective.m34 = -1 / 1000
            func turned(_ angle: CGFloat) -> NSValue {
                let rotation = vertical ? CATransform3DMakeRotation(angle, 0, 1, 0) : CATransform3DMakeRotation(angle, 1, 0, 0)
                return NSValue(caTransform3D: CATransform3DConcat(rotation, perspective))
            }
            let flip = CAKeyframeAnimation(keyPath: "transform")
            flip.values = [turned(0), turned(sign * .pi / 2), turned(-sign * .pi / 2), turned(0)]
            flip.keyTimes = [0, 0.5, 0.5, 1]
            flip.timingFunction = curve
            flip.duration = duration
            let swap = CAKeyframeAnimation(keyPath: "opacity")
            swap.values = [1, 0]
            swap.keyTimes = [0, 0.5, 1]
            swap.calculationMode = .discrete
            swap.timingFunction = curve
            swap.duration = duration
            swap.fillMode = .forwards
            swap.isRemovedOnCompletion = false
            let group = AnimationCompletionGroup(completion: finish)
            group.pending = 1
            flip.delegate = group
            view.layer.add(flip, forKey: "viewTransition")
            old.layer.add(swap, forKey: "viewTransition")
        default:
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 1
            fade.toValue = 0
            fade.duration = duration
            fade.timingFunction = curve
            fade.fillMode = .forwards
            fade.isRemovedOnCompletion = false
            let group = AnimationCompletionGroup(completion: finish)
            group.pending = 1
            fade.delegate = group
            old.layer.add(fade, forKey: "viewTransition")
        }
    }

    /// A curl over `view`, whose new content is in place: up, the old rendering lifts off; down, the new
    /// rendering (a snapshot) is laid down over the old one.
    private class func curl(_ view: UIView, old: UIView, up: Bool, duration: TimeInterval, options: UIView.AnimationOptions,
                            completion: ((Bool) -> Void)?) {
        let dark = view.traitCollection.userInterfaceStyle == .dark
        let page: UIView
        if up {
            page = old
        } else {
            guard let new = view.snapshotView(afterScreenUpdates: true) else { completion?(true); return }
            new.frame = view.bounds
            page = new
            view.addSubview(old)
        }
        let curl = PageCurlView(frame: view.bounds, page: page, dark: dark, liftsOff: true)
        curl.isUserInteractionEnabled = false
        curl.progress = up ? 0 : 1
        view.addSubview(curl)
        let curve = options.subtracting(UIView.AnimationOptions(rawValue: 0xF << 20))
        UIView.animate(withDuration: duration, delay: 0, options: curve, animations: { curl.progress = up ? 1 : 0 }) { finished in
            curl.removeFromSuperview()
            old.removeFromSuperview()
            completion?(finished)
        }
    }

    /// Replaces `fromView` with `toView` in `fromView`'s superview (or, with `.showHideTransitionViews`, hides
    /// one and shows the other) inside `transition(with:)` on that superview.
    public class func transition(from fromView: UIView, to toView: UIView, duration: TimeInterval,
                                 options: UIView.AnimationOptions = [], completion: ((Bool) -> Void)? = nil) {
        guard let container = fromView.superview else {
            completion?(true)
            return
        }
        transition(with: container, duration: duration, options: options, animations: {
            if options.contains(.showHideTransitionViews) {
                fromView.isHidden = true
                toView.isHidden = false
            } else {
                container.insertSubview(toView, aboveSubview: fromView)
                fromView.removeFromSuperview()
            }
        }, completion: completion)
    }
}
