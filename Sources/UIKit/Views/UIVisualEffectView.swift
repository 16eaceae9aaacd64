import CoreGraphics
import Foundation
import QuartzCore

/// The base of the effects a UIVisualEffectView shows.
open class UIVisualEffect: NSObject {
    public override init() { super.init() }
}

/// A blur of the content behind the effect view, with the saturation and tint of an iOS style or material.
///
/// The numbers (a Gaussian's standard deviation in points, a saturation factor, a tint) are not published
/// by Apple for UIBlurEffect. `.extraLight`, `.light` and `.dark` use those of Apple's UIImageEffects
/// sample code (WWDC 2013, `applyExtraLightEffect` / `applyLightEffect` / `applyDarkEffect`), which was
/// written to reproduce the iOS 7 blurs these styles kept. The materials (iOS 13) are estimates that keep
/// their documented order — ultra thin is the most translucent, thick the least — with the same blur and
/// saturation (docs/UIKIT-COMPATIBILITY.md lists them). Traits are not modelled, so the adaptive styles
/// (`.regular`, `.prominent`, the materials without `Light`/`Dark`) are their light versions.
open class UIBlurEffect: UIVisualEffect {
    /// Apple's raw values.
    public enum Style: Int, Sendable, CaseIterable {
        case extraLight = 0, light = 1, dark = 2, regular = 4, prominent = 5
        case systemUltraThinMaterial = 6, systemThinMaterial = 7, systemMaterial = 8, systemThickMaterial = 9
        case systemChromeMaterial = 10
        case systemUltraThinMaterialLight = 11, systemThinMaterialLight = 12, systemMaterialLight = 13
        case systemThickMaterialLight = 14, systemChromeMaterialLight = 15
        case systemUltraThinMaterialDark = 16, systemThinMaterialDark = 17, systemMaterialDark = 18
        case systemThickMaterialDark = 19, systemChromeMaterialDark = 20
    }

    let style: Style

    public init(style: Style) {
        self.style = style
        super.init()
    }

    /// What the style does to the backdrop.
    var filter: BackdropFilter { Self.filter(for: style) }

    /// The table of styles: blur (standard deviation, points), saturation, tint (white level, alpha).
    package static func filter(for style: Style) -> BackdropFilter {
        func make(_ radius: CGFloat, _ white: CGFloat, _ alpha: CGFloat) -> BackdropFilter {
            BackdropFilter(blurRadius: radius, saturation: 1.8, tintColor: CGColor(red: white, green: white, blue: white, alpha: alpha))
        }
        switch style {
        // UIImageEffects.
        case .extraLight: return make(20, 0.97, 0.82)
        case .light: return make(30, 1.0, 0.3)
        case .dark: return make(20, 0.11, 0.73)
        // Materials (estimates): light tints of near-white, dark tints of near-black.
        case .systemUltraThinMaterial, .systemUltraThinMaterialLight: return make(30, 0.97, 0.35)
        case .systemThinMaterial, .systemThinMaterialLight: return make(30, 0.97, 0.55)
        case .systemMaterial, .systemMaterialLight, .regular: return make(30, 0.97, 0.72)
        case .systemThickMaterial, .systemThickMaterialLight, .prominent: return make(30, 0.97, 0.86)
        case .systemChromeMaterial, .systemChromeMaterialLight: return make(30, 0.98, 0.78)
        case .systemUltraThinMaterialDark: return make(30, 0.11, 0.45)
        case .systemThinMaterialDark: return make(30, 0.11, 0.6)
        case .systemMaterialDark: return make(30, 0.11, 0.73)
        case .systemThickMaterialDark: return make(30, 0.11, 0.86)
        case .systemChromeMaterialDark: return make(30, 0.13, 0.8)
        }
    }
}

/// How strongly vibrant content shows (Apple's names).
public enum UIVibrancyEffectStyle: Int, Sendable, CaseIterable {
    case label, secondaryLabel, tertiaryLabel, quaternaryLabel, fill, secondaryFill, tertiaryFill, separator
}

/// Vibrancy for content inside a blur view's contentView — an approximation: iOS blends the content with
/// the blurred backdrop in special blend modes; here the content is drawn as one group at a fixed opacity
/// per style over the blurred backdrop, so it takes on the backdrop's colour to a degree that falls from
/// `.label` to `.quaternaryLabel`.
open class UIVibrancyEffect: UIVisualEffect {
    let blurEffect: UIBlurEffect
    let style: UIVibrancyEffectStyle

    public init(blurEffect: UIBlurEffect, style: UIVibrancyEffectStyle) {
        self.blurEffect = blurEffect
        self.style = style
        super.init()
    }
    public convenience init(blurEffect: UIBlurEffect) { self.init(blurEffect: blurEffect, style: .label) }

    /// The content's group opacity.
    var contentOpacity: CGFloat {
        switch style {
        case .label: 0.75
        case .secondaryLabel: 0.55
        case .tertiaryLabel: 0.4
        case .quaternaryLabel: 0.3
        case .fill: 0.5
        case .secondaryFill: 0.35
        case .tertiaryFill: 0.25
        case .separator: 0.3
        }
    }
}

/// A view that shows a visual effect over what is behind it: a blur (the content behind its bounds
/// blurred, saturated and tinted as the style does) or vibrancy for its content. Put subviews in
/// `contentView`.
///
/// Setting `effect` inside an animation block or a property animator animates it as sheets and menus do:
/// from nil to a blur the blur radius, saturation and tint grow from none to full together (the layer's
/// `backdropStrength` animates 0 → 1, interruptible and scrubbable like any property); back to nil they
/// shrink to none. Between two blur styles the style changes at once (iOS cross-fades).
open class UIVisualEffectView: UIView {
    /// Add subviews here, not to the effect view itself.
    public let contentView: UIView
    /// Holds `contentView`; its alpha is the vibrancy's group opacity.
    private let contentHost: UIView
    private var storedEffect: UIVisualEffect?

    public init(effect: UIVisualEffect?) {
        contentView = UIView(frame: .zero)
        contentHost = UIView(frame: .zero)
        super.init(frame: .zero)
        setUp(effect: effect)
    }
    /// See `UIView.init?(coder:)`: nothing is decoded.
    public required init?(coder: NSCoder) {
        contentView = UIView(frame: .zero)
        contentHost = UIView(frame: .zero)
        super.init(coder: coder)
        setUp(effect: nil)
    }
    private func setUp(effect: UIVisualEffect?) {
        UIView.performWithoutAnimation {
            layer.backdropStrength = 0
            contentHost.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            contentHost.addSubview(contentView)
            addSubview(contentHost)
        }
        apply(effect)
    }

    public convenience override init(frame: CGRect) {
        self.init(effect: nil)
        self.frame = frame
    }

    open var effect: UIVisualEffect? {
        get { storedEffect }
        set { apply(newValue) }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        contentHost.frame = bounds
        contentView.frame = contentHost.bounds
    }

    private func apply(_ effect: UIVisualEffect?) {
        storedEffect = effect
        switch effect {
        case let blur as UIBlurEffect:
            // The material is set at once; its strength is what animates.
            layer.backdropFilter = blur.filter
            layer.backdropStrength = 1
            contentHost.alpha = 1
        case let vibrancy as UIVibrancyEffect:
            layer.backdropStrength = 0
            contentHost.alpha = vibrancy.contentOpacity
        default:
            layer.backdropStrength = 0
            contentHost.alpha = 1
        }
    }
}
