import CoreGraphics

/// What a layer does to the content behind it (Core Animation's private backdrop layers, which
/// UIVisualEffectView uses): a Gaussian blur, a saturation change and a tint laid over the result.
public struct BackdropFilter: Hashable, Sendable {
    /// The Gaussian's standard deviation, in the layer's points (it scales with the layer's transform and
    /// the screen scale).
    public var blurRadius: CGFloat
    /// The saturation factor: 1 unchanged, above 1 more vivid, 0 grey.
    public var saturation: CGFloat
    /// Laid over the blurred, saturated backdrop (straight alpha); nil for none.
    public var tintColor: CGColor?

    public init(blurRadius: CGFloat, saturation: CGFloat = 1, tintColor: CGColor? = nil) {
        self.blurRadius = blurRadius; self.saturation = saturation; self.tintColor = tintColor
    }

    /// The filter at a fraction of its strength: radius × t, saturation 1 + (k − 1)·t, tint alpha × t.
    public func scaled(by t: CGFloat) -> BackdropFilter {
        let t = min(max(t, 0), 1)
        return BackdropFilter(blurRadius: blurRadius * t, saturation: 1 + (saturation - 1) * t,
                              tintColor: tintColor.map { $0.copy(alpha: $0.alpha * t) ?? $0 })
    }
}

extension LayerState {
    /// The filter as drawn (scaled by the strength), or nil when it changes nothing.
    public var activeBackdropFilter: BackdropFilter? {
        guard let filter = backdropFilter, backdropStrength > 0 else { return nil }
        let scaled = filter.scaled(by: backdropStrength)
        if scaled.blurRadius <= 0, scaled.saturation == 1, (scaled.tintColor?.alpha ?? 0) <= 0 { return nil }
        return scaled
    }
}
