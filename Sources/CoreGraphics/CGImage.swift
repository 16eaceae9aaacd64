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
}

/// Where image files become CGImages. CoreGraphics cannot see libpng; Media installs its PNG codec
/// (`PNGCodec.installAsImageCodec()`, which every scene session calls) before any scene runs, the way
/// ImageIO backs UIImage on iOS. Installed once per process; read from any thread.
public enum CGImageDecoding {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        public init(_ description: String) { self.description = description }
    }
    package typealias Decoder = @Sendable (_ data: [UInt8]) throws -> CGImage
    package typealias Encoder = @Sendable (_ image: CGImage) throws -> [UInt8]

    private static let codec = InstalledOnce<(decode: Decoder, encode: Encoder)>()

    /// Installs the PNG decoder and encoder (the first installation wins).
    package static func install(decodePNG: @escaping Decoder, encodePNG: @escaping Encoder) {
        codec.install((decodePNG, encodePNG))
    }
    package static var decodePNG: Decoder? { codec.value?.decode }
    /// The PNG encoder (`UIImage.pngData()`), installed with the decoder.
    package static var encodePNG: Encoder? { codec.value?.encode }

    public static func image(contentsOf url: URL) throws -> CGImage {
        guard let decode = decodePNG else { throw Failure("no image decoder is installed (images load inside a render)") }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw Failure("cannot read image \(url.path): \(error.localizedDescription)")
        }
        return try decode([UInt8](data))
    }
}
