// UIImage from and to file data (PNG, JPEG, HEIF/HEIC, WebP, GIF decode; PNG, JPEG, HEIC encode),
// thumbnails and preparing for display, through the codecs a render installs (Media, as ImageIO backs
// UIImage on iOS). docs/IMAGES.md.
import CoreGraphics
import Foundation

extension UIImage.Orientation {
    /// UIKit's orientation for an EXIF/ImageIO orientation (1–8), as Apple's documentation pairs them.
    init(exif: Int) {
        switch exif {
        case 2: self = .upMirrored
        case 3: self = .down
        case 4: self = .downMirrored
        case 5: self = .leftMirrored
        case 6: self = .right
        case 7: self = .rightMirrored
        case 8: self = .left
        default: self = .up
        }
    }

    /// The EXIF/ImageIO orientation (1–8).
    var exif: Int {
        switch self {
        case .up: 1
        case .upMirrored: 2
        case .down: 3
        case .downMirrored: 4
        case .leftMirrored: 5
        case .right: 6
        case .rightMirrored: 7
        case .left: 8
        }
    }

    /// Whether the image is shown a quarter turn from its stored pixels (width and height swap).
    var swapsSides: Bool { exif >= 5 }
}

extension UIImage {
    /// An image decoded from `data` (PNG, JPEG, HEIF/HEIC, WebP or GIF's first frame, recognised by its
    /// first bytes), at scale 1, with the file's orientation; nil when the data is no image or is corrupt.
    public convenience init?(data: Data) { self.init(data: data, scale: 1) }

    /// As `init(data:)`, with `scale` pixels per point.
    public convenience init?(data: Data, scale: CGFloat) {
        guard let decode = CGImageDecoding.codecs?.decode, let decoded = try? decode([UInt8](data)) else { return nil }
        self.init(cgImage: decoded.image, scale: scale, orientation: Orientation(exif: decoded.orientation))
    }

    /// The image with its orientation applied to the pixels (`.up`): what a view shows.
    var uprightCGImage: CGImage? {
        guard let cgImage else { return nil }
        return imageOrientation == .up ? cgImage : cgImage.applyingEXIFOrientation(imageOrientation.exif)
    }

    /// A thumbnail of exactly `size` points (at this image's scale), upright, resampled by area averaging;
    /// nil for an image without a bitmap or an empty size. iOS documents only "at the specified size": as
    /// there, the aspect ratio is the caller's to keep.
    public func preparingThumbnail(of size: CGSize) -> UIImage? {
        guard let upright = uprightCGImage, let resize = CGImageDecoding.codecs?.resize,
              size.width.isFinite, size.height.isFinite else { return nil }
        let width = Int((size.width * scale).rounded()), height = Int((size.height * scale).rounded())
        guard width >= 1, height >= 1, RenderLimits.allowsImage(width: width, height: height) else { return nil }
        return UIImage(cgImage: resize(upright, width, height), scale: scale, orientation: .up)
    }

    /// `preparingThumbnail(of:)`, handed to `completionHandler`. Inert: there is no background thread to
    /// move the work to offscreen; the handler runs at once on the calling thread (a frame sees the
    /// result at the same clock time either way).
    public func prepareThumbnail(of size: CGSize, completionHandler: @escaping @Sendable (UIImage?) -> Void) {
        completionHandler(preparingThumbnail(of: size))
    }

    /// `preparingThumbnail(of:)`, asynchronously.
    public func byPreparingThumbnail(ofSize size: CGSize) async -> UIImage? { preparingThumbnail(of: size) }

    /// The image decoded and ready to draw: here every image is decoded when it is made, so this is the
    /// image itself (nil for one without a bitmap, as on iOS for images that cannot be prepared).
    public func preparingForDisplay() -> UIImage? { cgImage == nil ? nil : self }

    /// `preparingForDisplay()`, asynchronously.
    public func byPreparingForDisplay() async -> UIImage? { preparingForDisplay() }

    /// JPEG data of the upright image at `compressionQuality` 0 (smallest) … 1 (best), through libjpeg-turbo;
    /// transparent pixels come out black, as on iOS. nil without a bitmap or an installed encoder.
    public func jpegData(compressionQuality: CGFloat) -> Data? {
        guard let upright = uprightCGImage, let encode = CGImageDecoding.codecs?.encodeJPEG,
              let bytes = try? encode(upright, Double(compressionQuality)) else { return nil }
        return Data(bytes)
    }

    /// HEIC data of the upright image (libheif with x265, quality 0.75 as a camera writes); nil without a
    /// bitmap, or where libheif has no HEVC encoder.
    public func heicData() -> Data? {
        guard let upright = uprightCGImage, let encode = CGImageDecoding.codecs?.encodeHEIC,
              let bytes = try? encode(upright, 0.75) else { return nil }
        return Data(bytes)
    }

    /// An image of `images` playing over `duration` seconds: its bitmap, size and scale are the first
    /// frame's, `images` and `duration` hold the rest; nil for no frames.
    /// Inert: an image view shows the first frame and does not cycle (no frame changes on the clock).
    public class func animatedImage(with images: [UIImage], duration: TimeInterval) -> UIImage? {
        guard let first = images.first else { return nil }
        let image = first.cgImage.map { UIImage(cgImage: $0, scale: first.scale, orientation: first.imageOrientation) }
            ?? UIImage(symbol: first.symbol)
        image.images = images
        image.duration = duration
        return image
    }

    /// The frames NAME0, NAME1, … found by `UIImage(named:)`, as an animated image (see
    /// `animatedImage(with:duration:)`); nil when NAME0 is missing.
    /// Inert: shown as its first frame, as above.
    public class func animatedImageNamed(_ name: String, duration: TimeInterval) -> UIImage? {
        var frames: [UIImage] = []
        while frames.count < 1024, let frame = UIImage(named: "\(name)\(frames.count)") { frames.append(frame) }
        return animatedImage(with: frames, duration: duration)
    }
}
