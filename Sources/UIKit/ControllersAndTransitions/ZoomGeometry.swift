/// Where the zoom's pieces are at one moment, in the transition container's coordinates: the clipping
/// shape the zoomed view shows through, the zoomed view's centre and scale, the dimming over the source's
/// screen (0 clear … 1 full) and the zoomed view's opacity (below 1 only in the fallback).
struct ZoomFrame: Equatable {
    var clip: CGRect
    var cornerRadius: CGFloat
    var contentCenter: CGPoint
    var contentScale: CGFloat
    var dimming: CGFloat
    var alpha: CGFloat

    /// The frame a fraction `t` of the way from `a` to `b` (every value linear in `t`, as one spring
    /// drives them all, so the content stays registered with its clipping shape throughout).
    static func mix(_ a: ZoomFrame, _ b: ZoomFrame, _ t: CGFloat) -> ZoomFrame {
        func m(_ x: CGFloat, _ y: CGFloat) -> CGFloat { x + (y - x) * t }
        return ZoomFrame(
            clip: CGRect(x: m(a.clip.minX, b.clip.minX), y: m(a.clip.minY, b.clip.minY),
                         width: m(a.clip.width, b.clip.width), height: m(a.clip.height, b.clip.height)),
            cornerRadius: m(a.cornerRadius, b.cornerRadius),
            contentCenter: CGPoint(x: m(a.contentCenter.x, b.contentCenter.x), y: m(a.contentCenter.y, b.contentCenter.y)),
            contentScale: m(a.contentScale, b.contentScale), dimming: m(a.dimming, b.dimming), alpha: m(a.alpha, b.alpha))
    }
}

/// The two ends of a zoom and the finger-driven states between them.
///
/// Zoomed in, the zoomed view fills its frame. Zoomed out, it is scaled so that its alignment rectangle
/// (the whole view unless `alignmentRectProvider` names a part of it) covers the source view's frame
/// (aspect-fill, centred on it) and is clipped to that frame with the source's corner radius: a photo
/// whose cell shows a square crop of it continues seamlessly out of the cell. Without a source (the
/// provider returned nil or a view outside a window) the zoomed view grows from half its size at its
/// own centre and fades in (the fallback; an estimate of what iOS shows).
struct ZoomGeometry: Equatable {
    /// The zoomed view's frame at rest (its final frame in the container).
    let zoomed: CGRect
    /// The source view's frame in the container; nil: the fallback.
    let source: CGRect?
    /// The part of the zoomed view that lines up with the source, in the zoomed view's bounds.
    let alignment: CGRect
    /// The source view's own corner radius.
    let sourceCornerRadius: CGFloat
    /// The radius the zoomed view's corners take while it is not at rest (the display's corners).
    let displayCornerRadius: CGFloat

    /// The fallback's scale: the zoomed view grows from (and shrinks to) half its size.
    static let fallbackScale: CGFloat = 0.5

    init(zoomed: CGRect, source: CGRect?, alignment: CGRect?, sourceCornerRadius: CGFloat, displayCornerRadius: CGFloat) {
        self.zoomed = zoomed
        self.source = source.flatMap { $0.isNull || $0.isInfinite || $0.width <= 0 || $0.height <= 0 ? nil : $0 }
        let whole = CGRect(origin: .zero, size: zoomed.size)
        self.alignment = alignment.flatMap { $0.isNull || $0.isInfinite || $0.width <= 0 || $0.height <= 0 ? nil : $0 } ?? whole
        self.sourceCornerRadius = sourceCornerRadius
        self.displayCornerRadius = displayCornerRadius
    }

    /// At rest, zoomed in.
    var expanded: ZoomFrame {
        ZoomFrame(clip: zoomed, cornerRadius: displayCornerRadius, contentCenter: CGPoint(x: zoomed.midX, y: zoomed.midY),
                  contentScale: 1, dimming: 1, alpha: 1)
    }

    /// Zoomed out: in the source's place (or the fallback's).
    var collapsed: ZoomFrame {
        guard let source else {
            let s = Self.fallbackScale
            let center = CGPoint(x: zoomed.midX, y: zoomed.midY)
            let clip = CGRect(x: center.x - zoomed.width * s / 2, y: center.y - zoomed.height * s / 2,
                              width: zoomed.width * s, height: zoomed.height * s)
            return ZoomFrame(clip: clip, cornerRadius: displayCornerRadius * s, contentCenter: center, contentScale: s,
                             dimming: 0, alpha: 0)
        }
        let s = max(source.width / alignment.width, source.height / alignment.height)
        // The alignment rectangle's centre lands on the source's centre.
        let offset = CGPoint(x: alignment.midX - zoomed.width / 2, y: alignment.midY - zoomed.height / 2)
        let center = CGPoint(x: source.midX - s * offset.x, y: source.midY - s * offset.y)
        return ZoomFrame(clip: source, cornerRadius: sourceCornerRadius, contentCenter: center, contentScale: s,
                         dimming: 0, alpha: 1)
    }

    /// `progress` 0 (collapsed) … 1 (expanded).
    func frame(at progress: CGFloat) -> ZoomFrame { ZoomFrame.mix(collapsed, expanded, progress) }

    // MARK: The interactive dismissal

    /// How far the zoomed view shrinks as a finger drags it `distance` points: 1 − ½·d/(d + 400), so 0.94
    /// at 50 pt, 0.79 at 300 pt, towards ½ (an estimate from iOS 18 screen recordings of Photos-style
    /// zooms: the view keeps shrinking, ever more slowly, the further it is dragged).
    static func dragScale(distance: CGFloat) -> CGFloat {
        let d = max(distance, 0)
        return 1 - 0.5 * d / (d + 400)
    }

    /// A pinch's scale as the view shows it: as pinched while closing (down to 0.2), rubber-banded to a
    /// third of the excess while opening past 1.
    static func pinchScale(_ scale: CGFloat) -> CGFloat {
        scale >= 1 ? 1 + (scale - 1) / 3 : max(scale, 0.2)
    }

    /// The dismissal's progress (0 at rest … 1 all the way) for a view shrunk to `scale`: the dimming
    /// clears and the transition's alongside animations advance with it. Half size counts as all the way.
    static func dismissProgress(scale: CGFloat) -> CGFloat { min(max((1 - scale) / 0.5, 0), 1) }

    /// The zoomed view as a finger holds it: scaled by `scale` about `anchor` (where the finger came down,
    /// so the point under it stays under it) and moved by `translation`, with the display's corners.
    func interactive(translation: CGVector, scale: CGFloat, anchor: CGPoint) -> ZoomFrame {
        func place(_ p: CGPoint) -> CGPoint {
            CGPoint(x: anchor.x + scale * (p.x - anchor.x) + translation.dx, y: anchor.y + scale * (p.y - anchor.y) + translation.dy)
        }
        let origin = place(zoomed.origin)
        let clip = CGRect(x: origin.x, y: origin.y, width: zoomed.width * scale, height: zoomed.height * scale)
        return ZoomFrame(clip: clip, cornerRadius: displayCornerRadius, contentCenter: place(CGPoint(x: zoomed.midX, y: zoomed.midY)),
                         contentScale: scale, dimming: 1 - Self.dismissProgress(scale: scale), alpha: 1)
    }

    /// The display's corner radius for a screen of `size` points: iPhones' published screen sizes mapped
    /// to the radii of `UIScreen._displayCornerRadius` as community code tabulates them (0 for the
    /// home-button phones; 55 for an unknown size, the iPhone 15/16's).
    static func displayCornerRadius(forScreen size: CGSize) -> CGFloat {
        let portrait = CGSize(width: min(size.width, size.height), height: max(size.width, size.height))
        switch (portrait.width, portrait.height) {
        case (375, 667), (414, 736), (320, 568): return 0
        case (375, 812): return 44
        case (390, 844), (428, 926): return 47.33
        case (414, 896): return 41.5
        case (393, 852), (430, 932): return 55
        case (402, 874), (440, 956): return 62
        default: return 55
        }
    }
}
