// Points to pixels: the one rounding rule of the package for lengths and coordinates on the pixel grid
// (canvas and screen sizes, bezel widths, snapped layout edges). Round to nearest, halves away from zero,
// as `rounded()` does: a 390.5-pixel width is 391, a −0.5 px edge is −1. Here, below every module that
// converts, so a frame's size, its document's size and its views' edges cannot disagree by a pixel.

/// `points × scale` rounded to whole pixels (nearest, halves away from zero), as a Double: for callers
/// that check the range before converting.
@inline(__always)
package func roundedPixels(_ points: Double, scale: Double) -> Double {
    (points * scale).rounded(.toNearestOrAwayFromZero)
}

/// `roundedPixels` as an Int (traps outside Int's range, as any conversion does).
@inline(__always)
package func pixelCount(_ points: Double, scale: Double) -> Int {
    Int(roundedPixels(points, scale: scale))
}

/// `points` moved to the nearest pixel boundary at `scale` (in points).
@inline(__always)
package func pixelAligned(_ points: Double, scale: Double) -> Double {
    roundedPixels(points, scale: scale) / scale
}
