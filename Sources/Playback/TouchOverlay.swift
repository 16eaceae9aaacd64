import Foundation
import Raster

/// The touch indicator screen recordings show: a translucent light-grey disc, 44 pt across, with a soft
/// edge, over each finger that is down. Drawn on the finished frame, outside the layer tree, so layer-tree
/// dumps and the renderer's frame-to-frame caches never see it.
enum TouchOverlay {
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

    /// Draws one disc per location (points) onto `image` (`scale` pixels per point).
    static func draw(_ locations: [CGPoint], scale: Double, on image: inout PixelBuffer) {
        let radius = diameter / 2 * scale, soft = softEdge * scale
        let rimStart = radius - rimWidth * scale, rimBlend = Self.rimBlend * scale
        for location in locations {
            let cx = Double(location.x) * scale, cy = Double(location.y) * scale
            let x0 = max(0, Int((cx - radius).rounded(.down))), x1 = min(image.width, Int((cx + radius).rounded(.up)))
            let y0 = max(0, Int((cy - radius).rounded(.down))), y1 = min(image.height, Int((cy + radius).rounded(.up)))
            guard x0 < x1, y0 < y1 else { continue }
            let width = image.width
            image.bytes.withUnsafeMutableBufferPointer { bytes in
                for y in y0..<y1 {
                    for x in x0..<x1 {
                        // Distance from the pixel centre; the opacity ramps down linearly across the soft edge.
                        let dx = Double(x) + 0.5 - cx, dy = Double(y) + 0.5 - cy
                        let d = (dx * dx + dy * dy).squareRoot()
                        let alpha = opacity * min(max((radius - d) / soft, 0), 1)
                        guard alpha > 0 else { continue }
                        let i = (y * width + x) * 4
                        // Source-over in premultiplied 8-bit values, rounded to nearest.
                        let rim = min(max((d - rimStart) / rimBlend, 0), 1)
                        let keep = 1 - alpha, src = (fillGrey + (rimGrey - fillGrey) * rim) * alpha
                        for c in 0..<3 { bytes[i + c] = UInt8((src + Double(bytes[i + c]) * keep).rounded()) }
                        bytes[i + 3] = UInt8((255 * alpha + Double(bytes[i + 3]) * keep).rounded())
                    }
                }
            }
        }
    }
}
