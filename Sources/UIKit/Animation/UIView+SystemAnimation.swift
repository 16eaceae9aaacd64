import Foundation

// Switching animations off, UIKit's system animations, and repeat modifiers.
extension UIView {
    /// Whether animation blocks animate (per run: bound to the app). While false, their changes apply at once.
    public class var areAnimationsEnabled: Bool { UIApplication.shared.animationsEnabled }

    /// Turns animation blocks' animations on or off for the run (animations already running go on).
    public class func setAnimationsEnabled(_ enabled: Bool) { UIApplication.shared.animationsEnabled = enabled }

    /// UIKit's system animations.
    public enum SystemAnimation: UInt, Sendable {
        /// The views fade out and are removed from their superviews.
        case delete
    }

    /// Runs a system animation on `views` with `parallelAnimations` beside it. `.delete` fades the views
    /// out over 0.3 s on the options' curve and removes them from their superviews when it ends, their
    /// alpha restored (Apple does not publish the system animation's duration).
    public class func perform(_ animation: SystemAnimation, on views: [UIView], options: AnimationOptions = [],
                              animations parallelAnimations: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        let alphas = views.map(\.alpha)
        UIView.animate(withDuration: 0.3, delay: 0, options: options, animations: {
            for view in views { view.alpha = 0 }
            parallelAnimations?()
        }, completion: { finished in
            for (view, alpha) in zip(views, alphas) {
                view.removeFromSuperview()
                UIView.performWithoutAnimation { view.alpha = alpha }
            }
            completion?(finished)
        })
    }

    /// Runs `animations` (inside an animation block) with its animations repeated `count` times and
    /// autoreversed. Repeats are not applied here, as for `.repeat` and `.autoreverse` options: the block's
    /// changes animate once (docs/UIKIT-COMPATIBILITY.md).
    public class func modifyAnimations(withRepeatCount count: CGFloat, autoreverses: Bool, animations: () -> Void) {
        animations()
    }
}
