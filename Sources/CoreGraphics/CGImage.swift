/// A bitmap: premultiplied sRGB RGBA8 pixels, row-major without padding (the only format here).
public final class CGImage: Equatable, Hashable, @unchecked Sendable {
    public let width: Int
    public let height: Int
    /// Premultiplied RGBA8, `width × height × 4` bytes.
    public let premultipliedRGBA: [UInt8]
    public var bitsPerComponent: Int { 8 }
    public var bitsPerPixel: Int { 32 }
    public var bytesPerRow: Int { width * 4 }

    /// Our initialiser: Apple builds CGImages from data providers and contexts.
    public init?(width: Int, height: Int, premultipliedRGBA: [UInt8]) {
        guard width > 0, height > 0, premultipliedRGBA.count == width * height * 4 else { return nil }
        self.width = width; self.height = height; self.premultipliedRGBA = premultipliedRGBA
    }

    public static func == (l: CGImage, r: CGImage) -> Bool {
        l === r || (l.width == r.width && l.height == r.height && l.premultipliedRGBA == r.premultipliedRGBA)
    }
    public func hash(into h: inout Hasher) { h.combine(width); h.combine(height); h.combine(premultipliedRGBA.count) }

    /// The pixels inside `rect` (in pixels, from the top left), as a new image: the rect is made integral
    /// and clipped to the image, as Core Graphics does; nil when nothing of the image is inside it.
    public func cropping(to rect: CGRect) -> CGImage? {
        guard rect.minX.isFinite, rect.minY.isFinite, rect.width.isFinite, rect.height.isFinite else { return nil }
        let r = rect.standardized.integral.intersection(CGRect(x: 0, y: 0, width: width, height: height))
        guard !r.isNull, r.width >= 1, r.height >= 1 else { return nil }
        let x = Int(r.minX), y = Int(r.minY), w = Int(r.width), h = Int(r.height)
        if x == 0, y == 0, w == width, h == height { return self }
        var bytes = [UInt8]()
        bytes.reserveCapacity(w * h * 4)
        for row in y..<(y + h) {
            let start = (row * width + x) * 4
            bytes.append(contentsOf: premultipliedRGBA[start..<(start + w * 4)])
        }
        return CGImage(width: w, height: h, premultipliedRGBA: bytes)
    }
}

/// Where image files become CGImages. CoreGraphics cannot see the C decoders; Media installs its codecs
/// (`PNGCodec.installAsImageCodec()`, which every scene session calls) before any scene runs, the way
/// ImageIO backs UIImage on iOS. Installed once per process; read from any thread.
public enum CGImageDecoding {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        public init(_ description: String) { self.description = description }
    }

    /// A decoded file: its stored pixels (converted to sRGB) and the EXIF orientation (1–8) it asks to be
    /// shown with, as ImageIO's `kCGImagePropertyOrientation`.
    package struct Decoded: Sendable {
        package let image: CGImage
        package let orientation: Int
        package init(image: CGImage, orientation: Int) { self.image = image; self.orientation = orientation }
    }
    package typealias Decoder = @Sendable (_ data: [UInt8]) throws -> CGImage
    package typealias Encoder = @Sendable (_ image: CGImage) throws -> [UInt8]

    /// What Media installs: a decoder of every format it knows (chosen by content), encoders, and the
    /// resampler thumbnails use.
    package struct Codecs: Sendable {
        package var decode: @Sendable (_ data: [UInt8]) throws -> Decoded
        package var encodePNG: Encoder
        /// JPEG at a quality in 0...1.
        package var encodeJPEG: @Sendable (_ image: CGImage, _ quality: Double) throws -> [UInt8]
        /// HEIC at a quality in 0...1; nil when no HEVC encoder is present.
        package var encodeHEIC: (@Sendable (_ image: CGImage, _ quality: Double) throws -> [UInt8])?
        /// The image resampled to exactly width × height (area average when shrinking).
        package var resize: @Sendable (_ image: CGImage, _ width: Int, _ height: Int) -> CGImage
        package init(decode: @escaping @Sendable (_ data: [UInt8]) throws -> Decoded, encodePNG: @escaping Encoder,
                     encodeJPEG: @escaping @Sendable (_ image: CGImage, _ quality: Double) throws -> [UInt8],
                     encodeHEIC: (@Sendable (_ image: CGImage, _ quality: Double) throws -> [UInt8])?,
                     resize: @escaping @Sendable (_ image: CGImage, _ width: Int, _ height: Int) -> CGImage) {
            self.decode = decode; self.encodePNG = encodePNG; self.encodeJPEG = encodeJPEG
            self.encodeHEIC = encodeHEIC; self.resize = resize
        }
    }

    private static let codec = InstalledOnce<Codecs>()

    /// Installs the codecs (the first installation wins).
    package static func install(_ codecs: Codecs) { codec.install(codecs) }
    package static var codecs: Codecs? { codec.value }
    /// The decoder of every installed format, pixels only (orientation dropped).
    package static var decodePNG: Decoder? {
        guard let decode = codec.value?.decode else { return nil }
        return { @Sendable bytes in try decode(bytes).image }
    }
    /// The PNG encoder (`UIImage.pngData()`), installed with the decoder.
    package static var encodePNG: Encoder? { codec.value?.encodePNG }

    /// The file at `url` decoded, with its orientation; errors say what, where and why.
    package static func decoded(contentsOf url: URL) throws -> Decoded {
        guard let codecs = codec.value else {
            throw Failure("no image decoder is installed (images load inside a render)")
        }
        let path = url.path
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber,
           size.intValue > RenderLimits.imageFileBytes {
            throw Failure("cannot read image \(path): it is \(size.intValue) bytes, over the limit of"
                          + " \(RenderLimits.imageFileBytes) bytes for an image file")
        }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw Failure("cannot read image \(path): \(error.localizedDescription)")
        }
        do { return try codecs.decode([UInt8](data)) } catch {
            throw Failure("cannot decode image \(path): \(error)")
        }
    }

    public static func image(contentsOf url: URL) throws -> CGImage { try decoded(contentsOf: url).image }
}

extension CGImage {
    /// The stored pixels turned upright for EXIF orientation `exif` (1–8; anything else is 1): the exact
    /// pixel permutation that shows the image as its file asks (rows and columns swap for 5–8).
    package func applyingEXIFOrientation(_ exif: Int) -> CGImage {
        guard (2...8).contains(exif) else { return self }
        let w = width, h = height
        let swaps = exif >= 5
        let ow = swaps ? h : w, oh = swaps ? w : h
        var out = [UInt8](repeating: 0, count: w * h * 4)
        let src = premultipliedRGBA   // safe indexing: an oriented photo is turned once when shown
        for oy in 0..<oh {
            for ox in 0..<ow {
                // The source pixel shown at (ox, oy) of the upright image.
                let sx: Int, sy: Int
                switch exif {
                case 2: sx = w - 1 - ox; sy = oy                    // mirrored left-right
                case 3: sx = w - 1 - ox; sy = h - 1 - oy            // rotated 180°
                case 4: sx = ox; sy = h - 1 - oy                    // mirrored top-bottom
                case 5: sx = oy; sy = ox                            // transposed
                case 6: sx = oy; sy = h - 1 - ox                    // rotated 90° clockwise to show
                case 7: sx = w - 1 - oy; sy = h - 1 - ox            // transversed
                default: sx = w - 1 - oy; sy = ox                   // 8: rotated 90° anticlockwise
                }
                let s = (sy * w + sx) * 4, d = (oy * ow + ox) * 4
                out[d] = src[s]; out[d + 1] = src[s + 1]; out[d + 2] = src[s + 2]; out[d + 3] = src[s + 3]
            }
        }
        return CGImage(width: ow, height: oh, premultipliedRGBA: out)!
    }
}
