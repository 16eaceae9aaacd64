import Raster

// Pictures for failure reports. Every picture covers the union of the two images (both top-left
// aligned); the part only one of them has is magenta, a colour neither picture otherwise uses for that.
extension ImageDiff {
    /// Magenta: where only one image has pixels.
    package static let outsideColor = RGBA8(r: 255, g: 0, b: 255, a: 255)

    /// |expected − actual| per channel, opaque, black where equal. Scaled automatically so the largest
    /// difference maps to 255 (a difference of 1 shows as brightly as one of 200 would alone): the
    /// picture shows *where* and the relative size; `ImageComparison` gives the numbers. Each colour
    /// channel shows max(|Δchannel|, |Δalpha|), so a change of alpha alone (transparent black vs opaque
    /// black) is not black.
    package static func difference(_ expected: PixelBuffer, _ actual: PixelBuffer) -> PixelBuffer {
        checkSize(expected); checkSize(actual)
        var out = unionCanvas(expected, actual, fill: RGBA8(r: 0, g: 0, b: 0, a: 255))
        var raw: [(offset: Int, r: Int, g: Int, b: Int)] = []
        var largest = 0
        let width = out.width
        forEachChangedPixel(expected, actual) { x, y, e, a in
            let da = abs(byte(e, 3) - byte(a, 3))
            let r = Swift.max(abs(byte(e, 0) - byte(a, 0)), da), g = Swift.max(abs(byte(e, 1) - byte(a, 1)), da)
            let b = Swift.max(abs(byte(e, 2) - byte(a, 2)), da)
            largest = Swift.max(largest, r, g, b)
            raw.append(((y * width + x) * 4, r, g, b))
        }
        guard largest > 0 else { return out }
        let gain = 255 / Double(largest)
        func scaled(_ v: Int) -> UInt8 { UInt8(Swift.min(255, (Double(v) * gain).rounded())) }
        for p in raw {
            out.bytes[p.offset] = scaled(p.r); out.bytes[p.offset + 1] = scaled(p.g); out.bytes[p.offset + 2] = scaled(p.b)
        }
        return out
    }

    /// Within-tolerance changes: blue, far from the yellow→red ramp of failures.
    package static let withinToleranceColor = RGBA8(r: 40, g: 130, b: 255, a: 255)
    /// The frame drawn around the pixels over the tolerance, so a single pixel shows at a glance.
    package static let frameColor = RGBA8(r: 255, g: 255, b: 255, a: 255)

    /// The actual image as dim, low-contrast grey, with every changed pixel painted: blue when within the
    /// tolerance, and on a yellow → orange → red ramp by magnitude when over it (lightness falls along the
    /// ramp). The ramp has a fixed scale, so heat maps of different runs read alike: the square root of
    /// the largest channel difference / 255, or for perceptual tolerances of ΔE / 50 (ΔE 50 and more are
    /// red). A 1-pixel white frame, 3 pixels out, surrounds the pixels over the tolerance.
    package static func heatMap(_ expected: PixelBuffer, _ actual: PixelBuffer,
                                tolerance: SnapshotTolerance = .exact) -> PixelBuffer {
        checkSize(expected); checkSize(actual)
        var out = unionCanvas(expected, actual, fill: RGBA8(r: 0, g: 0, b: 0, a: 255))
        // The common part of the two images; the rest of the union stays magenta.
        let common = PixelRect(x: 0, y: 0, width: Swift.min(expected.width, actual.width),
                               height: Swift.min(expected.height, actual.height))
        out.mapPixels(common, from: actual) { word in
            // Luma over white (Rec. 709 weights on encoded values: for display, not a measure).
            let clear = 255 - byte(word, 3)
            let luma = (2126 * (byte(word, 0) + clear) + 7152 * (byte(word, 1) + clear)
                + 722 * (byte(word, 2) + clear)) / 10_000
            let grey = UInt32(64 + Swift.min(255, luma) / 4)
            return grey | grey << 8 | grey << 16 | 0xFF00_0000
        }
        var judge = PixelJudge(tolerance)
        var painted: [(x: Int, y: Int, color: RGBA8)] = []
        var over = BoundingBox()
        forEachChangedPixel(expected, actual) { x, y, e, a in
            let verdict = judge.judge(e, a)
            guard verdict.counts else {
                painted.append((x, y, withinToleranceColor)); return
            }
            let t = verdict.deltaE.map { ($0 / 50).squareRoot() } ?? (Double(verdict.channel) / 255).squareRoot()
            painted.append((x, y, ramp(Swift.min(1, t))))
            over.add(x, y)
        }
        if let r = over.region {
            drawFrame(&out, x0: r.x - 3, y0: r.y - 3, x1: r.x + r.width + 2, y1: r.y + r.height + 2)
        }
        for p in painted { out[p.x, p.y] = p.color }
        return out
    }

    /// Yellow (t = 0) → orange → red (t = 1).
    static func ramp(_ t: Double) -> RGBA8 {
        let stops: [(Double, Double, Double)] = [(255, 230, 0), (255, 128, 0), (200, 0, 0)]
        let s = Swift.min(Swift.max(t, 0), 1) * 2
        let i = Swift.min(Int(s), 1), f = s - Double(i)
        func mix(_ a: Double, _ b: Double) -> UInt8 { UInt8((a + (b - a) * f).rounded()) }
        let (a, b) = (stops[i], stops[i + 1])
        return RGBA8(r: mix(a.0, b.0), g: mix(a.1, b.1), b: mix(a.2, b.2), a: 255)
    }

    /// The outline of the rectangle [x0, x1] × [y0, y1], clipped to the image.
    static func drawFrame(_ image: inout PixelBuffer, x0: Int, y0: Int, x1: Int, y1: Int) {
        func put(_ x: Int, _ y: Int) {
            if x >= 0 && x < image.width && y >= 0 && y < image.height { image[x, y] = frameColor }
        }
        for x in x0...x1 { put(x, y0); put(x, y1) }
        for y in y0...y1 { put(x0, y); put(x1, y) }
    }

    /// The images in a row, top-aligned, `gap` pixels apart, composited over `background` (so
    /// transparency shows as the background). Sizes may differ; the row is as tall as the tallest.
    package static func sideBySide(_ images: [PixelBuffer], gap: Int = 8,
                                   background: RGBA8 = RGBA8(r: 128, g: 128, b: 128, a: 255)) -> PixelBuffer {
        precondition(gap >= 0, "sideBySide: gap must be 0 or more, not \(gap)")
        images.forEach(checkSize)
        let width = images.reduce(0) { $0 + $1.width } + gap * Swift.max(0, images.count - 1)
        let height = images.map(\.height).max() ?? 0
        var out = PixelBuffer(width: width, height: height, fill: background)
        var x = 0
        for image in images {
            out.composite(image, atX: x, y: 0)
            x += image.width + gap
        }
        return out
    }

    /// The union's canvas filled with `fill`, magenta outside the common part.
    static func unionCanvas(_ expected: PixelBuffer, _ actual: PixelBuffer, fill: RGBA8) -> PixelBuffer {
        let w = Swift.max(expected.width, actual.width), h = Swift.max(expected.height, actual.height)
        let cw = Swift.min(expected.width, actual.width), ch = Swift.min(expected.height, actual.height)
        var out = PixelBuffer(width: w, height: h, fill: outsideColor)
        out.replace(PixelRect(x: 0, y: 0, width: cw, height: ch), with: fill)
        return out
    }
}
