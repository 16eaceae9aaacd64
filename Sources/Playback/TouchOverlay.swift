import Foundation
import Raster

/// The touch indicator screen recordings show: a translucent light-grey disc, 44 pt across, with a soft
/// edge, over each finger that is down, that stays a moment where a finger lifts and fades out, so a tap
/// (down and up within a frame or a few) is seen. Drawn on the finished frame, outside the layer tree, so
/// layer-tree dumps and the renderer's frame-to-frame caches never see it.
enum TouchOverlay {
    /// After a lift the dot stays at full strength for `holdAfterLift`, then fades linearly to nothing over
    /// `fadeAfterLift`: 0.25 s in all, on the virtual clock. Long enough that a 0.1 s tap shows for a third
    /// of a second (about 20 frames at 60 fps, 7 in a 30 fps GIF), short enough that it is gone before the
    /// transition it started has moved far.
    static let holdAfterLift: Double = 0.05
    static let fadeAfterLift: Double = 0.2
    static var afterLift: Double { holdAfterLift + fadeAfterLift }

    /// The strength (0…1, multiplying the opacity) of a dot `age` seconds after its finger lifted.
    static func strength(sinceLift age: Double) -> Double {
        guard age >= 0 else { return 0 }
        if age <= holdAfterLift { return 1 }
        return max(0, 1 - (age - holdAfterLift) / fadeAfterLift)
    }

    static let diameter: Double = 44
    /// Peak opacity of the disc (iOS recordings show about 0.35–0.5).
    static let opacity: Double = 0.42
    /// Width of the edge over which the opacity falls to zero, in points.
    static let softEdge: Double = 3
    /// A light grey disc with a darker rim, so the dot reads on light and dark screens alike.
    static let fillGrey: Double = 225
    static let rimGrey: Double = 130
    /// The rim: the outer 3 pt blend from the fill to the rim grey over 1.5 pt.
    static let rimWidth: Double = 3, rimBlend: Double = 1.5

    /// Draws one disc per dot (location in points, strength 0…1) onto `image` (`scale` pixels per point).
    static func draw(_ dots: [(location: CGPoint, opacity: Double)], scale: Double, on image: inout PixelBuffer) {
        let radius = diameter / 2 * scale, soft = softEdge * scale
        let rimStart = radius - rimWidth * scale, rimBlend = Self.rimBlend * scale
        for (location, strength) in dots where strength > 0 {
            let opacity = Self.opacity * min(strength, 1)
            let cx = Double(location.x) * scale, cy = Double(location.y) * scale
            let x0 = max(0, Int((cx - radius).rounded(.down))), x1 = min(image.width, Int((cx + radius).rounded(.up)))
            let y0 = max(0, Int((cy - radius).rounded(.down))), y1 = min(image.height, Int((cy + radius).rounded(.up)))
            guard x0 < x1, y0 < y1 else { continue }
            image.blendOver(in: PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)) { x, y in
                // Distance from the pixel centre; the opacity ramps down linearly across the soft edge.
                let dx = Double(x) + 0.5 - cx, dy = Double(y) + 0.5 - cy
                let d = (dx * dx + dy * dy).squareRoot()
                let alpha = opacity * min(max((radius - d) / soft, 0), 1)
                let rim = min(max((d - rimStart) / rimBlend, 0), 1)
                let grey = fillGrey + (rimGrey - fillGrey) * rim
                return (grey, grey, grey, alpha)
            }
        }
    }
}
