import CoreGraphics

// Whole-buffer operations for the modules above Raster that would otherwise reach for pointers of their
// own: the compositor's region copy and mask alpha, the touch overlay's blend over a finished frame, and
// the golden comparison's loops. Each is a plain loop over PixelMemory's views, so it runs at pointer speed
// in release builds and is bounds-checked in debug builds like every Raster kernel.

extension PixelBuffer {
    /// Copies `source` (exactly `region`'s size) over the pixels of `region`, which must lie inside the
    /// buffer; no blending.
    package mutating func replace(_ region: PixelRect, with source: PixelBuffer) {
        precondition(source.width == max(0, region.width) && source.height == max(0, region.height),
                     "replace: a \(source.width)×\(source.height) source for \(region)")
        guard !region.isEmpty else { return }
        precondition(region.x >= 0 && region.y >= 0 && region.maxX <= width && region.maxY <= height,
                     "replace: \(region) outside \(width)×\(height)")
        source.withPixels { from in
            withMutablePixels { to in
                for y in 0..<region.height {
                    to.row(region.y + y).update(region.x..<region.maxX, from: from.row(y).advanced(by: -region.x))
                }
            }
        }
    }

    /// Sets the pixels of `region` (clipped to the buffer) to `color`; no blending.
    package mutating func replace(_ region: PixelRect, with color: RGBA8) {
        let r = region.intersection(bounds)
        guard !r.isEmpty else { return }
        let word = color.word
        withMutablePixels { pixels in
            for y in r.y..<r.maxY { pixels.row(y).update(r.x..<r.maxX, repeating: word) }
        }
    }

    /// Source-over of a colour that varies from pixel to pixel, computed in Double and rounded once per
    /// channel: for each pixel (x, y) of `region` (clipped to the buffer), `source(x, y)` gives a straight
    /// colour (components 0…255) and an alpha (0…1; pixels with alpha ≤ 0 are left alone). A colour
    /// channel c becomes round(c·α + c_old·(1 − α)), alpha round(255·α + α_old·(1 − α)), halves away from
    /// zero. For overlays on finished frames (touch dots), whose colour is a function of position.
    package mutating func blendOver(
        in region: PixelRect,
        _ source: (_ x: Int, _ y: Int) -> (red: Double, green: Double, blue: Double, alpha: Double)
    ) {
        let r = region.intersection(bounds)
        guard !r.isEmpty else { return }
        withMutableBytes { bytes in
            for y in r.y..<r.maxY {
                let row = bytes.row(y)
                for x in r.x..<r.maxX {
                    let color = source(x, y), alpha = color.alpha
                    guard alpha > 0 else { continue }
                    let keep = 1 - alpha, i = x * 4
                    row[i] = UInt8((color.red * alpha + Double(row[i]) * keep).rounded())
                    row[i + 1] = UInt8((color.green * alpha + Double(row[i + 1]) * keep).rounded())
                    row[i + 2] = UInt8((color.blue * alpha + Double(row[i + 2]) * keep).rounded())
                    row[i + 3] = UInt8((255 * alpha + Double(row[i + 3]) * keep).rounded())
                }
            }
        }
    }

    /// Sets each pixel of `region` (clipped to both buffers, which share coordinates) to `transform` of
    /// `source`'s pixel at the same place. Pixels are words: r in the low byte, a in the high byte.
    package mutating func mapPixels(_ region: PixelRect, from source: PixelBuffer, _ transform: (_ word: UInt32) -> UInt32) {
        let r = region.intersection(bounds).intersection(source.bounds)
        guard !r.isEmpty else { return }
        source.withPixels { from in
            withMutablePixels { to in
                for y in r.y..<r.maxY {
                    let input = from.row(y), output = to.row(y)
                    for x in r.x..<r.maxX { output[x] = transform(input[x]) }
                }
            }
        }
    }

    /// Calls `body` for every pixel of the area both images have (top-left aligned) whose words differ
    /// (r in the low byte), row by row. Equal images cost one memcmp (none when they share storage), and
    /// rows whose bytes are equal one memcmp each. Returns how many pixels were looked at one by one.
    @discardableResult
    package static func forEachDifferingPixel(
        _ first: PixelBuffer, _ second: PixelBuffer,
        _ body: (_ x: Int, _ y: Int, _ first: UInt32, _ second: UInt32) -> Void
    ) -> Int {
        let w = min(first.width, second.width), h = min(first.height, second.height)
        guard w > 0, h > 0 else { return 0 }
        if first.width == second.width && first.height == second.height {
            first.checkSize(); second.checkSize()
            let count = first.bytes.count
            if first.bytes.withRow({ a in second.bytes.withRow { b in a.bytesEqual(b, over: 0..<count) } }) { return 0 }
        }
        return first.withPixels { a in
            second.withPixels { b in
                var examined = 0
                for y in 0..<h {
                    let p = a.row(y), q = b.row(y)
                    if p.bytesEqual(q, over: 0..<w) { continue }
                    examined += w
                    for x in 0..<w where p[x] != q[x] { body(x, y, p[x], q[x]) }
                }
                return examined
            }
        }
    }
}

extension CoverageMask {
    /// The alpha channel of `image` as a mask over the image's bounds (value at (x, y) = alpha of pixel
    /// (x, y)): a mask layer's composited picture used as a clip.
    package init(alphaOf image: PixelBuffer) {
        self.init(bounds: image.bounds)
        image.withBytes { pixels in
            withMutableValues { values in
                for y in 0..<image.height {
                    let from = pixels.row(y), to = values.row(y)
                    for x in 0..<image.width { to[x] = from[x * 4 + 3] }
                }
            }
        }
    }
}
