import CoreGraphics
import QuartzCore
import Raster

// A layer's contents image: the part `contentsRect` shows, placed by `contentsGravity`, with nine-part
// scaling by `contentsCenter` (Core Animation's rules; UIKit's resizable images set `contentsCenter`).

extension LayerRenderer {
    /// The image placed by contentsGravity in the bounds (not clipped by the corners unless masksToBounds).
    func drawContents(_ image: CGImage, _ s: LayerState, placement: Transform2D, into canvas: inout Canvas,
                      clip: Clip, opacity: Double) {
        let rect = contentsPlacement(image, s)
        guard rect.width > 0, rect.height > 0, rect.width.isFinite, rect.height.isFinite else { return }
        let source = shownPixels(of: image, s)
        guard source.width > 0, source.height > 0 else { return }
        let pixels: PixelBuffer
        let imageToLayer: Transform2D
        if let nine = ninePartImage(image, s, source: source, size: rect.size) {
            // Drawn once at the destination size in whole pixels (the patches meet without seams), then
            // placed like any image.
            pixels = nine
            imageToLayer = Transform2D(a: Double(rect.width) / Double(nine.width), b: 0, c: Double(rect.minX),
                                       d: 0, e: Double(rect.height) / Double(nine.height), f: Double(rect.minY))
        } else {
            pixels = imageBuffer(image)
            // Image pixel space → layer space: the shown part fills the placed rect.
            let sx = Double(rect.width) / Double(source.width), sy = Double(rect.height) / Double(source.height)
            imageToLayer = Transform2D(a: sx, b: 0, c: Double(rect.minX) - Double(source.minX) * sx,
                                       d: 0, e: sy, f: Double(rect.minY) - Double(source.minY) * sy)
        }
        guard let deviceToImage = imageToLayer.then(placement).inverse else { return }
        let path = Path(roundedRect: rect, radii: .zero, curve: .circular).applying(placement)
        canvas.buffer.fill(path, with: ImagePaint(image: pixels, deviceToImage: deviceToImage), opacity: opacity,
                           clip: canvas.local(mask(clip, within: canvas.fullBounds)))
    }

    func imageBuffer(_ image: CGImage) -> PixelBuffer {
        if let cached = imageCache[ObjectIdentifier(image)], cached.0 === image { return cached.1 }
        var buffer = PixelBuffer(width: image.width, height: image.height)
        buffer.bytes = image.premultipliedRGBA
        imageCache[ObjectIdentifier(image)] = (image, buffer)
        return buffer
    }

    /// Where contentsGravity puts the shown part of the image in the bounds (layer space). Gravity names
    /// assume a y-up space; in UIKit's flipped layers `top` is at the top of the screen, as on iOS.
    func contentsPlacement(_ image: CGImage, _ s: LayerState) -> CGRect {
        let b = s.bounds
        let natural = s.shownContentsSize(of: image)
        switch s.contentsGravity {
        case .resize: return b
        case .resizeAspect, .resizeAspectFill:
            guard natural.width > 0, natural.height > 0 else { return .zero }
            let fit = s.contentsGravity == .resizeAspect
            let k = fit ? min(b.width / natural.width, b.height / natural.height) : max(b.width / natural.width, b.height / natural.height)
            let size = CGSize(width: natural.width * k, height: natural.height * k)
            return CGRect(x: b.midX - size.width / 2, y: b.midY - size.height / 2, width: size.width, height: size.height)
        default:
            let g = s.contentsGravity.rawValue.lowercased()
            let x = g.contains("left") ? b.minX : g.contains("right") ? b.maxX - natural.width : b.midX - natural.width / 2
            let y = g.contains("top") ? b.minY : g.contains("bottom") ? b.maxY - natural.height : b.midY - natural.height / 2
            return CGRect(origin: CGPoint(x: x, y: y), size: natural)
        }
    }

    /// The image's shown part in its pixel space: `contentsRect` (unit coordinates) scaled to the image.
    /// A rect with a negative size counts by its extent (Core Animation standardises it).
    func shownPixels(of image: CGImage, _ s: LayerState) -> CGRect {
        let r = s.contentsRect.standardized
        return CGRect(x: r.minX * CGFloat(image.width), y: r.minY * CGFloat(image.height),
                      width: r.width * CGFloat(image.width), height: r.height * CGFloat(image.height))
    }

    /// The largest nine-part image drawn at destination size (pixels); bigger ones are drawn stretched whole.
    static let ninePartPixelLimit = 4096 * 4096

    /// The shown part scaled to `size` points with `contentsCenter`'s nine-part rule — the caps outside
    /// the centre keep their natural size (both shrunk in proportion when they do not fit), the centre
    /// stretches — drawn at the renderer's scale with each patch on whole pixels. nil when the centre is
    /// the whole image (plain scaling), or the result would be too large. Cached per image and size.
    func ninePartImage(_ image: CGImage, _ s: LayerState, source: CGRect, size: CGSize) -> PixelBuffer? {
        let c = s.contentsCenter.standardized
        guard c != CGRect(x: 0, y: 0, width: 1, height: 1) else { return nil }
        let width = Int((Double(size.width) * Double(scale)).rounded(.up)), height = Int((Double(size.height) * Double(scale)).rounded(.up))
        guard width > 0, height > 0, width * height <= Self.ninePartPixelLimit else { return nil }
        let key = NinePartKey(image: ObjectIdentifier(image), source: source, center: c, width: width, height: height,
                              contentsScale: s.contentsScale)
        if let cached = ninePartCache[key], cached.image === image { return cached.pixels }
        let pixels = imageBuffer(image)
        // Source edges (image pixels) and destination edges (pixels of the result), per axis.
        func edges(start: CGFloat, length: CGFloat, lo: CGFloat, hi: CGFloat, destination: Int) -> (source: [Double], destination: [Int]) {
            let low = max(0, min(lo, 1)), high = max(low, min(hi, 1))
            let s0 = Double(start), s1 = Double(start + length * low), s2 = Double(start + length * high), s3 = Double(start + length)
            // The caps' natural sizes in result pixels (image pixels → points → result pixels).
            let perPixel = Double(scale) / Double(s.contentsScale)
            var first = (s1 - s0) * perPixel, last = (s3 - s2) * perPixel
            if first + last > Double(destination) {
                let k = Double(destination) / (first + last)
                first *= k; last *= k
            }
            let d1 = min(destination, Int(first.rounded())), d2 = max(d1, destination - Int(last.rounded()))
            return ([s0, s1, s2, s3], [0, d1, d2, destination])
        }
        let xs = edges(start: source.minX, length: source.width, lo: c.minX, hi: c.maxX, destination: width)
        let ys = edges(start: source.minY, length: source.height, lo: c.minY, hi: c.maxY, destination: height)
        var result = PixelBuffer(width: width, height: height)
        for row in 0..<3 {
            for column in 0..<3 {
                let dx0 = xs.destination[column], dx1 = xs.destination[column + 1]
                let dy0 = ys.destination[row], dy1 = ys.destination[row + 1]
                let sx0 = xs.source[column], sx1 = xs.source[column + 1], sy0 = ys.source[row], sy1 = ys.source[row + 1]
                guard dx1 > dx0, dy1 > dy0, sx1 > sx0, sy1 > sy0 else { continue }
                // Result pixel space → image pixel space for this patch.
                let kx = (sx1 - sx0) / Double(dx1 - dx0), ky = (sy1 - sy0) / Double(dy1 - dy0)
                let toImage = Transform2D(a: kx, b: 0, c: sx0 - Double(dx0) * kx, d: 0, e: ky, f: sy0 - Double(dy0) * ky)
                let patch = Path(roundedRect: CGRect(x: dx0, y: dy0, width: dx1 - dx0, height: dy1 - dy0), radii: .zero, curve: .circular)
                result.fill(patch, with: ImagePaint(image: pixels, deviceToImage: toImage))
            }
        }
        noteOffscreen(width * height)
        ninePartCache[key] = (image, result)
        return result
    }
}

/// What a nine-part image depends on, besides the image itself.
struct NinePartKey: Hashable {
    let image: ObjectIdentifier
    let source: CGRect
    let center: CGRect
    let width: Int, height: Int
    let contentsScale: CGFloat
}
