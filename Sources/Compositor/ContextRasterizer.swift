import CoreGraphics
import QuartzCore
import Raster

// CGContext's rasterizer: a recorded drawing (fills, images, clears, layer trees) → pixels, through the
// same Raster calls and layer drawing that make frames, so a drawing is exact and deterministic.
extension LayerRenderer {
    /// Installs the rasterizer that turns `CGContext` recordings into bitmaps (once per process; a scene
    /// session and every renderer do it, so image renderers work wherever frames can be made).
    public static func installContextRasterizer() { _ = contextRasterizerInstallation }

    private static let contextRasterizerInstallation: Void = {
        CGContext.installRasterizer { LayerRenderer.rasterize($0) }
    }()

    /// The recording drawn into a bitmap of `round(size × scale)` pixels: transparent to start, or opaque
    /// black for an opaque format.
    static func rasterize(_ recording: CGContext.Recording) -> CGImage? {
        let scale = Double(recording.scale)
        let width = pixelCount(recording.size.width, scale: scale), height = pixelCount(recording.size.height, scale: scale)
        guard width > 0, height > 0 else { return nil }
        let renderer = LayerRenderer(scale: recording.scale)
        renderer.frameBounds = PixelRect(x: 0, y: 0, width: width, height: height)
        var canvas = Canvas(buffer: PixelBuffer(width: width, height: height, fill: recording.opaque ? RGBA8(r: 0, g: 0, b: 0, a: 255) : .clear),
                            originX: 0, originY: 0)
        let toDevice = Transform2D.scale(scale, scale)
        for item in recording.items {
            renderer.draw(item, toDevice: toDevice, into: &canvas)
        }
        if recording.opaque { canvas.buffer.makeOpaque() }
        return CGImage(width: width, height: height, premultipliedRGBA: canvas.buffer.bytes)
    }

    private func draw(_ item: CGContext.Item, toDevice: Transform2D, into canvas: inout Canvas) {
        let bounds = canvas.deviceBounds
        switch item {
        case .fill(let path, let rule, let color, let alpha, let clip):
            guard color.alpha > 0, alpha > 0 else { return }
            let clipMask = mask(of: clip, toDevice: toDevice, within: bounds)
            canvas.buffer.fill(rasterPath(path).applying(toDevice), rule: rule.raster, with: .solid(color), opacity: Double(alpha),
                               clip: clipMask)
        case .image(let image, let imageToBase, let alpha, let clip):
            guard alpha > 0 else { return }
            let imageToDevice = transform2D(imageToBase).then(toDevice)
            guard let deviceToImage = imageToDevice.inverse else { return }
            let outline = Path(roundedRect: CGRect(x: 0, y: 0, width: image.width, height: image.height), radii: .zero, curve: .circular)
                .applying(imageToDevice)
            canvas.buffer.fill(outline, with: ImagePaint(image: imageBuffer(image), deviceToImage: deviceToImage),
                               opacity: Double(alpha), clip: mask(of: clip, toDevice: toDevice, within: bounds))
        case .clear(let path, let clip):
            var coverage = CoverageMask(rasterPath(path).applying(toDevice), within: bounds)
            if let clipMask = mask(of: clip, toDevice: toDevice, within: bounds) { coverage = coverage.intersected(with: clipMask) }
            canvas.buffer.erase(coverage)
        case .content(let content, let toBase, let alpha, let clip):
            guard let tree = content as? LayerSnapshot, alpha > 0 else { return }
            let placement = transform2D(toBase).then(toDevice)
            let limit: Clip = mask(of: clip, toDevice: toDevice, within: bounds).map { .mask($0, id: nil) } ?? .none
            draw(tree, parent: Space(placement: placement), into: &canvas, clip: limit, opacity: Double(alpha))
        case .gradient(let drawing, let userToBase, let alpha, let clip):
            guard alpha > 0, let deviceToUser = transform2D(userToBase).then(toDevice).inverse else { return }
            canvas.buffer.fill(Self.shading(drawing), deviceToShading: deviceToUser, opacity: Double(alpha),
                               clip: mask(of: clip, toDevice: toDevice, within: bounds))
        }
    }

    /// A context's gradient as Raster's shading, in the user space it was drawn in.
    static func shading(_ drawing: GradientDrawing) -> Shading {
        let stops = drawing.gradient.stops.map { GradientStop(location: Double($0.location), color: $0.color) }
        let geometry: Shading.Geometry = switch drawing.geometry {
        case .linear(let start, let end): .axial(start: start, end: end)
        case .radial(let c0, let r0, let c1, let r1): .radial(startCenter: c0, startRadius: Double(r0), endCenter: c1, endRadius: Double(r1))
        }
        return Shading(geometry, stops: stops, extendsStart: drawing.options.contains(.drawsBeforeStartLocation),
                       extendsEnd: drawing.options.contains(.drawsAfterEndLocation))
    }

    /// The intersection of a clip stack's paths, in device pixels (nil: nothing clips).
    private func mask(of clip: [CGContext.Clip], toDevice: Transform2D, within bounds: PixelRect) -> CoverageMask? {
        var result: CoverageMask?
        for entry in clip {
            let coverage = CoverageMask(rasterPath(entry.path).applying(toDevice), rule: entry.rule.raster, within: bounds)
            result = result.map { $0.intersected(with: coverage) } ?? coverage
        }
        return result
    }

    private func transform2D(_ t: CGAffineTransform) -> Transform2D {
        Transform2D(a: Double(t.a), b: Double(t.c), c: Double(t.tx), d: Double(t.b), e: Double(t.d), f: Double(t.ty))
    }
}

extension CGPathFillRule {
    var raster: FillRule { self == .evenOdd ? .evenOdd : .nonZero }
}

extension PixelBuffer {
    /// Core Graphics' clear: each covered pixel keeps (1 − coverage) of itself (premultiplied, rounded to
    /// nearest), so a fully covered pixel becomes transparent black.
    mutating func erase(_ coverage: CoverageMask) {
        let area = coverage.bounds.intersection(bounds)
        guard !area.isEmpty else { return }
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX {
                let c = Int(coverage[x, y])
                guard c > 0 else { continue }
                let keep = 255 - c, i = (y * width + x) * 4
                for k in 0..<4 { bytes[i + k] = UInt8((Int(bytes[i + k]) * keep + 127) / 255) }
            }
        }
    }

    /// Every pixel's alpha set to 255 (an opaque bitmap has no alpha; its colour is the premultiplied value).
    mutating func makeOpaque() {
        for i in stride(from: 3, to: bytes.count, by: 4) { bytes[i] = 255 }
    }
}
