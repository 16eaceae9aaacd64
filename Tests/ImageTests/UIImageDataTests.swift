import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit
import Compositor
import Media
import Raster
import TransitionTesting

/// UIImage's data API over the codecs a render installs.
@Suite struct UIImageDataTests {
    init() { PNGCodec.installAsImageCodec() }

    static func image(_ name: String, scale: CGFloat = 1) -> UIImage? {
        UIImage(data: Data(Fixtures.bytes(name)), scale: scale)
    }

    @Test("UIImage(data:) of a rotated JPEG: orientation from EXIF, size turned, CGImage as stored", arguments: 1...8)
    func orientation(_ value: Int) throws {
        let image = try #require(Self.image("orientation-\(value).jpg"))
        let expected: [UIImage.Orientation] = [.up, .upMirrored, .down, .downMirrored, .leftMirrored, .right, .rightMirrored, .left]
        #expect(image.imageOrientation == expected[value - 1])
        #expect(image.size == (value >= 5 ? CGSize(width: 16, height: 32) : CGSize(width: 32, height: 16)))
        #expect(image.cgImage?.width == 32 && image.cgImage?.height == 16)
    }

    @Test("Every format loads through UIImage(data:) and UIImage(contentsOfFile:)", arguments: [
        "gradient.png", "gradient.jpg", "lossless.webp", "animated.gif", "gradient.heic", "p3.png",
    ])
    func everyFormat(_ name: String) throws {
        let size = Fixtures.entry(name)["size"] as! [Int]
        let fromData = try #require(Self.image(name))
        #expect(fromData.size == CGSize(width: size[0], height: size[1]))
        let fromFile = try #require(UIImage(contentsOfFile: Fixtures.url(name).path))
        #expect(fromFile.cgImage == fromData.cgImage)
    }

    @Test("Bad data and missing files give nil")
    func failures() {
        #expect(UIImage(data: Data("not an image".utf8)) == nil)
        #expect(UIImage(data: Data(Fixtures.bytes("gradient.jpg").prefix(300))) == nil)
        #expect(UIImage(contentsOfFile: "/no/such/photo.jpg") == nil)
    }

    @Test("init(data:scale:) divides the size by the scale")
    func scale() throws {
        let image = try #require(Self.image("gradient.jpg", scale: 2))
        #expect(image.scale == 2)
        #expect(image.size == CGSize(width: 20, height: 15))
    }

    @Test("A thumbnail has the requested size in points, is upright and averages its source")
    func thumbnail() throws {
        let rotated = try #require(Self.image("orientation-6.jpg"))          // shown 16 × 32
        let thumbnail = try #require(rotated.preparingThumbnail(of: CGSize(width: 4, height: 8)))
        #expect(thumbnail.imageOrientation == .up)
        #expect(thumbnail.size == CGSize(width: 4, height: 8))
        #expect(thumbnail.cgImage?.width == 4 && thumbnail.cgImage?.height == 8)
        // Upright, the top-left quarter is the stored bottom-left (blue), as Pillow's exif_transpose shows.
        var buffer = PixelBuffer(width: 4, height: 8)
        buffer.bytes = thumbnail.cgImage!.premultipliedRGBA
        #expect(close(straight(buffer, 0, 0), [30, 60, 220, 255], 16))
        #expect(close(straight(buffer, 3, 7), [30, 200, 40, 255], 16))
        #expect(rotated.preparingThumbnail(of: .zero) == nil)
        #expect(UIImage().preparingThumbnail(of: CGSize(width: 4, height: 4)) == nil)
    }

    @Test("The thumbnail callbacks hand over the same thumbnail")
    func thumbnailCallbacks() async throws {
        let image = try #require(Self.image("gradient.png"))
        let direct = image.preparingThumbnail(of: CGSize(width: 6, height: 4))
        let viaAsync = await image.byPreparingThumbnail(ofSize: CGSize(width: 6, height: 4))
        #expect(viaAsync == direct)
        nonisolated(unsafe) var handed: UIImage?
        image.prepareThumbnail(of: CGSize(width: 6, height: 4)) { handed = $0 }
        #expect(handed == direct)
        #expect(image.preparingForDisplay() === image)
        #expect(UIImage().preparingForDisplay() == nil)
    }

    @Test("jpegData round-trips, and a lower quality makes a smaller file")
    func jpegData() throws {
        let image = try #require(Self.image("photo-p3.jpg"))
        let best = try #require(image.jpegData(compressionQuality: 1))
        let small = try #require(image.jpegData(compressionQuality: 0.2))
        #expect(small.count < best.count)
        let back = try #require(UIImage(data: best))
        #expect(back.size == image.size)
        var a = PixelBuffer(width: 150, height: 100), b = PixelBuffer(width: 150, height: 100)
        a.bytes = image.cgImage!.premultipliedRGBA; b.bytes = back.cgImage!.premultipliedRGBA
        // Mean difference over every channel of every pixel (JPEG's 4:2:0 blurs single pixels' colour).
        let total = zip(a.bytes, b.bytes).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        #expect(Double(total) / Double(a.bytes.count) < 3, "mean difference \(Double(total) / Double(a.bytes.count))")
    }

    @Test("jpegData and heicData write the image upright")
    func encodedUpright() throws {
        let rotated = try #require(Self.image("orientation-6.jpg"))
        let jpegData = try #require(rotated.jpegData(compressionQuality: 0.9))
        let jpeg = try #require(UIImage(data: jpegData))
        #expect(jpeg.size == CGSize(width: 16, height: 32) && jpeg.imageOrientation == .up)
        let heic = try #require(rotated.heicData(), "Debian's libheif has x265: heicData should write")
        let back = try #require(UIImage(data: heic))
        #expect(back.size == CGSize(width: 16, height: 32))
    }

    @Test("An animated image keeps its frames and duration and shows as its first frame")
    func animated() throws {
        let first = try #require(Self.image("photo-rotated.jpg")), second = try #require(Self.image("photo-p3.jpg"))
        let animated = try #require(UIImage.animatedImage(with: [first, second], duration: 0.5))
        #expect(animated.images == [first, second])
        #expect(animated.duration == 0.5)
        #expect(animated.size == first.size && animated.cgImage == first.cgImage)
        #expect(first.images == nil && first.duration == 0)
        #expect(UIImage.animatedImage(with: [], duration: 1) == nil)
    }

    @Test("An image view shows a rotated photo upright, sized as shown")
    func imageViewUpright() throws {
        let rotated = try #require(Self.image("orientation-8.jpg"))
        let view = UIImageView(image: rotated)
        #expect(view.bounds.size == CGSize(width: 16, height: 32))
        #expect(view.intrinsicContentSize == CGSize(width: 16, height: 32))
        let contents = try #require(view.layer.contents as? CGImage)
        #expect(contents.width == 16 && contents.height == 32)
    }
}

/// UIImageViews with a photo stored sideways (EXIF orientation 6) and a Display P3 photo beside the same
/// numbers read as sRGB, light and dark: looked at before recording.
@Suite struct ImageViewGoldenTests {
    init() { PNGCodec.installAsImageCodec() }

    static func render(style: UIUserInterfaceStyle) -> PixelBuffer {
        let clock = Timeline()
        return Timeline.$current.withValue(clock) {
            let size = CGSize(width: 240, height: 170)
            let window = UIWindow(frame: CGRect(origin: .zero, size: size))
            window.overrideUserInterfaceStyle = style
            window.backgroundColor = .systemBackground
            // Left: the cat, stored sideways with orientation 6, shown upright (100 × 150 points).
            let rotated = UIImageView(image: UIImage(data: Data(Fixtures.bytes("photo-rotated.jpg"))))
            rotated.frame = CGRect(x: 10, y: 10, width: 100, height: 150)
            // Right: the Display P3 coffee cup converted to sRGB (top), and its numbers taken as sRGB (bottom,
            // duller: P3 numbers mean more saturated colours).
            let p3 = UIImageView(image: UIImage(data: Data(Fixtures.bytes("photo-p3.jpg"))))
            p3.frame = CGRect(x: 120, y: 10, width: 110, height: 73)
            let untagged = UIImageView(image: UIImage(data: Data(Self.withoutProfile(Fixtures.bytes("photo-p3.jpg")))))
            untagged.frame = CGRect(x: 120, y: 87, width: 110, height: 73)
            for view in [rotated, p3, untagged] {
                view.contentMode = .scaleAspectFill
                view.layer.cornerRadius = 10
                view.clipsToBounds = true
                window.addSubview(view)
            }
            window.layoutIfNeeded()
            return LayerRenderer(scale: 2).render(window.layer.snapshot(at: 0), size: size,
                                                  background: style == .dark ? .black : .white)
        }
    }

    /// The JPEG with its ICC profile segments (APP2 ICC_PROFILE) removed: the same numbers, read as sRGB.
    static func withoutProfile(_ bytes: [UInt8]) -> [UInt8] {
        var out = Array(bytes[0..<2]), at = 2
        while at + 4 <= bytes.count, bytes[at] == 0xFF, bytes[at + 1] != 0xDA {
            let length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            let segment = bytes[at..<at + 2 + length]
            let isICC = bytes[at + 1] == 0xE2 && String(decoding: bytes[at + 4..<at + 15], as: UTF8.self) == "ICC_PROFILE"
            if !isICC { out += segment }
            at += 2 + length
        }
        return out + bytes[at...]
    }

    @Test("A sideways photo and a Display P3 photo in image views, light") func light() {
        assertImageSnapshot(Self.render(style: .light), named: "image-views-light")
    }
    @Test("A sideways photo and a Display P3 photo in image views, dark") func dark() {
        assertImageSnapshot(Self.render(style: .dark), named: "image-views-dark")
    }
}
