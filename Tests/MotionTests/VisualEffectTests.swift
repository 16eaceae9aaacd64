import Testing
@testable import QuartzCore
@testable import UIKit

/// UIVisualEffectView's effect: the material it puts on its layer, and how nil ↔ blur animates.
@Suite struct VisualEffects {
    @Test func effectSetsTheMaterialAndStrength() {
        onFreshClock { _ in
            let none = UIVisualEffectView(effect: nil)
            #expect(none.effect == nil && none.layer.modelState.activeBackdropFilter == nil)
            let view = UIVisualEffectView(effect: UIBlurEffect(style: .light))
            #expect(view.layer.backdropStrength == 1)
            // UIImageEffects' applyLightEffect: blur 30, saturation 1.8, white at 30 %.
            let filter = view.layer.backdropFilter
            #expect(filter?.blurRadius == 30 && filter?.saturation == 1.8 && filter?.tintColor == CGColor(red: 1, green: 1, blue: 1, alpha: 0.3))
            view.effect = nil
            #expect(view.effect == nil && view.layer.modelState.activeBackdropFilter == nil)
            // contentView fills the effect view.
            view.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
            view.layoutIfNeeded()
            #expect(view.contentView.convert(view.contentView.bounds, to: view) == view.bounds)
            // Every style has a filter that blurs, saturates and tints.
            for style in UIBlurEffect.Style.allCases {
                let f = UIBlurEffect.filter(for: style)
                #expect(f.blurRadius > 0 && f.saturation > 1 && (f.tintColor?.alpha ?? 0) > 0, "\(style)")
            }
        }
    }

    /// nil → blur in an animation block: the strength runs 0 → 1 on the block's curve, so half way through a
    /// linear second the blur radius, the saturation's change and the tint's alpha are all at half.
    @Test func nilToBlurAnimatesTheStrength() {
        onFreshClock { clock in
            let view = UIVisualEffectView(effect: nil)
            view.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                view.effect = UIBlurEffect(style: .systemMaterial)
            })
            #expect(view.layer.backdropStrength == 1)
            #expect(view.layer.presentation()?.backdropStrength == 0)
            clock.advance(to: 0.5)
            let mid = try! #require(view.layer.presentation()?.modelState.activeBackdropFilter)
            #expect(abs(mid.blurRadius - 15) < 1e-9)
            #expect(abs(mid.saturation - 1.4) < 1e-9)
            #expect(abs((mid.tintColor?.alpha ?? 0) - 0.36) < 1e-9)
            clock.advance(to: 1.5)
            #expect(view.layer.presentation()?.backdropStrength == 1)
            // And back to nil: the strength falls to 0, the material stays until then.
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.effect = nil })
            clock.advance(to: 2.25)
            #expect(abs((view.layer.presentation()?.backdropStrength ?? 0) - 0.25) < 1e-9)
            clock.advance(to: 3)
            #expect(view.layer.presentation()?.modelState.activeBackdropFilter == nil)
        }
    }

    /// A property animator scrubs the effect like any property (what interactive sheets do).
    @Test func propertyAnimatorScrubsTheEffect() {
        onFreshClock { clock in
            let view = UIVisualEffectView(effect: nil)
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.effect = UIBlurEffect(style: .dark) }
            animator.pauseAnimation()
            animator.fractionComplete = 0.3
            clock.advance(to: 0.1)
            #expect(abs((view.layer.presentation()?.backdropStrength ?? 0) - 0.3) < 1e-9)
            animator.fractionComplete = 0.8
            #expect(abs((view.layer.presentation()?.backdropStrength ?? 0) - 0.8) < 1e-9)
            animator.continueAnimation(withTimingParameters: nil, durationFactor: 1)
            clock.advance(to: 2)
            #expect(view.layer.presentation()?.backdropStrength == 1)
        }
    }

    /// Vibrancy: the content drawn as a group at the style's opacity (an approximation, documented).
    @Test func vibrancyFadesTheContent() {
        onFreshClock { _ in
            let blur = UIBlurEffect(style: .systemThinMaterial)
            let vibrancy = UIVisualEffectView(effect: UIVibrancyEffect(blurEffect: blur, style: .secondaryLabel))
            #expect(vibrancy.layer.modelState.activeBackdropFilter == nil)
            #expect(abs((vibrancy.contentView.superview?.alpha ?? 0) - 0.55) < 1e-6)
            vibrancy.effect = UIVibrancyEffect(blurEffect: blur)
            #expect(vibrancy.contentView.superview?.alpha == 0.75)
        }
    }
}
