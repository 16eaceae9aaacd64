import Testing
import Foundation
import CoreGraphics
import Media
import Raster

/// The fixtures and what Pillow (scripts/fixtures/make-image-fixtures.py) says they hold.
enum Fixtures {
    static let folder = Bundle.module.resourceURL!.appendingPathComponent("Fixtures")
    static func url(_ name: String) -> URL { folder.appendingPathComponent(name) }
    static func bytes(_ name: String) -> [UInt8] { [UInt8](try! Data(contentsOf: url(name))) }
    static let expected: [String: Any] = {
        let data = try! Data(contentsOf: url("expected.json"))
        return try! JSONSerialization.jsonObject(with: data) as! [String: Any]
    }()
    static func entry(_ name: String) -> [String: Any] { expected[name] as! [String: Any] }
    /// (x, y, straight RGBA) samples of an entry's key.
    static func samples(_ name: String, _ key: String = "pixels") -> [(x: Int, y: Int, rgba: [Int])] {
        (entry(name)[key] as! [[Any]]).map { ($0[0] as! Int, $0[1] as! Int, $0[2] as! [Int]) }
    }
}

/// A pixel of premultiplied RGBA8 as straight RGBA (exact for opaque pixels).
func straight(_ buffer: PixelBuffer, _ x: Int, _ y: Int) -> [Int] {
    let i = (y * buffer.width + x) * 4
    let a = Int(buffer.bytes[i + 3])
    guard a > 0 else { return [0, 0, 0, 0] }
    return (0..<3).map { (Int(buffer.bytes[i + $0]) * 255 + a / 2) / a } + [a]
}

/// Whether every channel of `got` is within `tolerance` of `want` (only alpha when `want` is transparent:
/// a transparent pixel has no colour once premultiplied).
func close(_ got: [Int], _ want: [Int], _ tolerance: Int) -> Bool {
    if want.count == 4, want[3] == 0 { return got[3] == 0 }
    return zip(got, want).allSatisfy { abs($0 - $1) <= tolerance }
}

@Suite struct DecodingTests {
    @Test("Each format decodes to Pillow's size and pixels", arguments: [
        "gradient.png", "gradient.jpg", "progressive.jpg", "grey.jpg", "lossless.webp", "lossy.webp",
        "animated.webp", "animated.gif", "gradient.heic", "cmyk.jpg", "p3-nclx.heic",
    ])
    func decodesLikePillow(_ name: String) throws {
        let image = try ImageDecoder.decode(Fixtures.bytes(name), source: name)
        let entry = Fixtures.entry(name)
        #expect([image.pixels.width, image.pixels.height] == entry["size"] as! [Int])
        let tolerance = entry["tolerance"] as! Int
        for sample in Fixtures.samples(name) {
            let got = straight(image.pixels, sample.x, sample.y)
            #expect(close(got, sample.rgba, tolerance), "\(name) at (\(sample.x), \(sample.y)): \(got), Pillow \(sample.rgba) ±\(tolerance)")
        }
        #expect(image.orientation == 1)
    }

    @Test("The format is chosen by content, not by the file's name")
    func sniffsContent() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("image-sniff-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A JPEG named .png and a WebP named .jpg.
        let misnamed = folder.appendingPathComponent("photo.png")
        try Data(Fixtures.bytes("gradient.jpg")).write(to: misnamed)
        #expect(try ImageDecoder.decode(contentsOf: misnamed).format == .jpeg)
        let webp = folder.appendingPathComponent("picture.jpg")
        try Data(Fixtures.bytes("lossless.webp")).write(to: webp)
        #expect(try ImageDecoder.decode(contentsOf: webp).format == .webp)
        #expect(ImageFormat.sniff(Fixtures.bytes("gradient.heic")) == .heif)
        #expect(ImageFormat.sniff(Fixtures.bytes("animated.gif")) == .gif)
        #expect(ImageFormat.sniff(Array("<svg></svg>".utf8)) == nil)
    }

    @Test("Pixels are premultiplied: a transparent GIF pixel is 0,0,0,0 and an opaque one keeps its colour")
    func premultiplied() throws {
        let image = try ImageDecoder.decode(Fixtures.bytes("animated.gif"))
        #expect(image.pixels.bytes[((8 * 12) + 8) * 4 ..< ((8 * 12) + 8) * 4 + 4] == [0, 0, 0, 0])
        let png = try ImageDecoder.decode(Fixtures.bytes("gradient.png"))
        #expect(png.pixels.bytes[0..<4] == [0, 0, 0, 0])
    }
}

@Suite struct OrientationTests {
    @Test("EXIF orientation 1–8 is reported and the stored pixels stay as stored", arguments: 1...8)
    func jpegOrientation(_ value: Int) throws {
        let name = "orientation-\(value).jpg"
        let image = try ImageDecoder.decode(Fixtures.bytes(name))
        #expect(image.orientation == value)
        #expect(image.pixels.width == 32 && image.pixels.height == 16)   // not turned
        // The stored top-left quarter is red whatever the orientation.
        #expect(close(straight(image.pixels, 3, 3), [220, 30, 30, 255], 12))
    }

    @Test("Turning the stored pixels by the orientation shows what Pillow's exif_transpose shows", arguments: [
        "orientation-1.jpg", "orientation-2.jpg", "orientation-3.jpg", "orientation-4.jpg", "orientation-5.jpg",
        "orientation-6.jpg", "orientation-7.jpg", "orientation-8.jpg", "orientation-6.png",
        "orientation-3.heic", "orientation-5.heic", "orientation-6.heic", "orientation-7.heic",
    ])
    func upright(_ name: String) throws {
        let image = try ImageDecoder.decode(Fixtures.bytes(name))
        let entry = Fixtures.entry(name)
        let cg = CGImage(width: image.pixels.width, height: image.pixels.height, premultipliedRGBA: image.pixels.bytes)!
        let shown = cg.applyingEXIFOrientation(image.orientation)
        #expect([shown.width, shown.height] == entry["upright"] as! [Int])
        var buffer = PixelBuffer(width: shown.width, height: shown.height)
        buffer.bytes = shown.premultipliedRGBA
        let tolerance = entry["tolerance"] as! Int
        for corner in Fixtures.samples(name, "corners") {
            let got = straight(buffer, corner.x, corner.y)
            #expect(close(got, corner.rgba, tolerance), "\(name) at (\(corner.x), \(corner.y)): \(got), Pillow \(corner.rgba)")
        }
    }

    @Test("HEIF's irot/imir become the EXIF orientation libheif wrote them from; the CGImage is as stored", arguments: 1...8)
    func heifOrientation(_ value: Int) throws {
        let name = "orientation-\(value).heic"
        let image = try ImageDecoder.decode(Fixtures.bytes(name))
        #expect(image.orientation == value)
        #expect(image.pixels.width == 32 && image.pixels.height == 16)
        #expect(close(straight(image.pixels, 3, 3), [220, 30, 30, 255], 16), "\(straight(image.pixels, 3, 3))")
        #expect(close(straight(image.pixels, 28, 12), [250, 250, 250, 255], 16), "\(straight(image.pixels, 28, 12))")
    }
}

@Suite struct ColorManagementTests {
    @Test("Display P3 pixels become the sRGB values Little CMS gives Pillow (±1)")
    func displayP3PNG() throws {
        let image = try ImageDecoder.decode(Fixtures.bytes("p3.png"))
        #expect(image.colorSource == "Display P3")
        for sample in Fixtures.samples("p3.png") {
            let got = straight(image.pixels, sample.x, sample.y)
            #expect(close(got, sample.rgba, 1), "P3 \(sample.x): \(got), Pillow/ImageCms \(sample.rgba)")
        }
        // A P3 colour inside sRGB's gamut moves: P3 (200, 100, 50) is sRGB (215, 93, 31).
        #expect(close(straight(image.pixels, 4, 0), [215, 93, 31, 255], 1))
    }

    @Test("A JPEG's ICC profile (APP2) is applied")
    func displayP3JPEG() throws {
        let image = try ImageDecoder.decode(Fixtures.bytes("p3.jpg"))
        #expect(image.colorSource == "Display P3")
        for sample in Fixtures.samples("p3.jpg") {
            let got = straight(image.pixels, sample.x, sample.y)
            #expect(close(got, sample.rgba, 2), "\(sample.x),\(sample.y): \(got), Pillow \(sample.rgba)")
        }
    }

    @Test("HEIF's nclx box (primaries 12: Display P3) converts as the same P3 ICC profile does")
    func nclx() throws {
        let image = try ImageDecoder.decode(Fixtures.bytes("p3-nclx.heic"))
        #expect(image.colorSource == "Display P3 (nclx)")
        // P3 (200, 100, 50) → sRGB (215, 93, 31), as from the ICC-tagged PNG (±4: HEVC's rounding).
        #expect(close(straight(image.pixels, 8, 8), [215, 93, 31, 255], 4), "\(straight(image.pixels, 8, 8))")
    }

    @Test("Untagged images are sRGB and pass through unchanged")
    func untagged() throws {
        let image = try ImageDecoder.decode(Fixtures.bytes("gradient.png"))
        #expect(image.colorSource == "sRGB (untagged)")
    }

    @Test("A broken ICC profile is ignored, not fatal")
    func brokenProfile() throws {
        var bytes = Fixtures.bytes("p3.jpg")
        // Overwrite the profile's signature 'acsp' inside the APP2 segment.
        let signature = Array("acsp".utf8)
        let at = (0..<bytes.count - 4).first { Array(bytes[$0..<$0 + 4]) == signature }!
        bytes[at] = 0x58
        let image = try ImageDecoder.decode(bytes)
        #expect(image.colorSource.contains("unreadable"))
        #expect(image.pixels.width == 40)
    }
}

@Suite struct HostileInputTests {
    static func error(_ bytes: [UInt8]) -> String? {
        do { _ = try ImageDecoder.decode(bytes, source: "photo"); return nil } catch { return "\(error)" }
    }

    @Test("Truncated files of every format are refused with a message naming the file and format", arguments: [
        "gradient.png", "gradient.jpg", "progressive.jpg", "lossless.webp", "lossy.webp", "gradient.heic",
    ])
    func truncated(_ name: String) throws {
        let bytes = Fixtures.bytes(name)
        for keep in [bytes.count / 2, bytes.count * 3 / 4, 20] {
            let message = Self.error(Array(bytes.prefix(keep)))
            #expect(message != nil, "\(name) cut to \(keep) bytes decoded")
            #expect(message?.contains("photo") == true, "\(message ?? "")")
        }
    }

    @Test("A GIF cut inside its first image is refused; one cut after it shows the first frame, as on iOS")
    func truncatedGIF() throws {
        let bytes = Fixtures.bytes("animated.gif")
        for keep in [20, 60, 90] {
            #expect(Self.error(Array(bytes.prefix(keep)))?.contains("truncated") == true, "cut to \(keep)")
        }
        // The second frame starts after the first image's data: cut one byte into it.
        let whole = try ImageDecoder.decode(bytes)
        let firstFrameOnly = try ImageDecoder.decode(Array(bytes.prefix(bytes.count - 5)))
        #expect(firstFrameOnly.pixels == whole.pixels)
    }

    @Test("Empty data and unknown formats say what was expected")
    func unknown() {
        #expect(Self.error([])?.contains("empty") == true)
        let message = Self.error(Array("hello, world".utf8))
        #expect(message?.contains("PNG, JPEG, HEIF/HEIC, WebP and GIF") == true)
    }

    @Test("Oversized headers are refused before any pixel is allocated")
    func oversized() throws {
        // A GIF whose logical screen is 65535 × 65535 (4.3 billion pixels).
        var gif = Fixtures.bytes("animated.gif")
        gif[6] = 0xFF; gif[7] = 0xFF; gif[8] = 0xFF; gif[9] = 0xFF
        #expect(Self.error(gif)?.contains("over the limit") == true)
        // A JPEG whose frame header says 60000 × 60000.
        var jpeg = Fixtures.bytes("gradient.jpg")
        let sof = (2..<jpeg.count - 9).first { jpeg[$0] == 0xFF && (jpeg[$0 + 1] == 0xC0 || jpeg[$0 + 1] == 0xC2) }!
        jpeg[sof + 5] = 0xEA; jpeg[sof + 6] = 0x60; jpeg[sof + 7] = 0xEA; jpeg[sof + 8] = 0x60
        #expect(Self.error(jpeg)?.contains("over the limit") == true)
        // A PNG whose header says 40000 × 40000 (its CRC no longer matches: either refusal is right).
        var png = Fixtures.bytes("gradient.png")
        png[16...23] = [0, 0, 0x9C, 0x40, 0, 0, 0x9C, 0x40]
        #expect(Self.error(png) != nil)
    }

    @Test("Corrupt bytes inside the data are refused or decode at the header's size, never a crash")
    func corruptMiddles() {
        for name in ["gradient.png", "gradient.jpg", "lossy.webp", "animated.gif", "gradient.heic"] {
            var damaged = Fixtures.bytes(name)
            // Deterministic damage: every 7th byte after the first 24 flipped.
            var i = 24
            while i < damaged.count { damaged[i] ^= 0x5A; i += 7 }
            if let image = try? ImageDecoder.decode(damaged) {
                #expect([image.pixels.width, image.pixels.height] == Fixtures.entry(name)["size"] as! [Int])
            }
        }
    }

    @Test("A 388-byte WebP declaring a 15016×15855 canvas (a fuzzing finding) is refused under a pixel budget")
    func pixelBudget() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus/images/finding-webp-huge-canvas.webp")
        let bytes = [UInt8](try Data(contentsOf: url))
        let message = ImageDecoder.$maximumPixels.withValue(1 << 22) { Self.error(bytes) }
        #expect(message?.contains("15016×15855") == true, "\(message ?? "decoded")")
        #expect(message?.contains("4194304 pixels") == true)
    }

    /// The fuzzer's seeds and past findings (Fuzz/Corpus/images): each is refused or decodes consistently.
    @Test("Every fuzzing seed and finding is refused cleanly or decodes consistently")
    func fuzzCorpus() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus/images")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
        #expect(names.count >= 13)
        for name in names {
            let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
            do {
                // The fuzzer's pixel budget (Fuzz/Images): a finding may declare a huge, legal canvas.
                let image = try ImageDecoder.$maximumPixels.withValue(1 << 22) { try ImageDecoder.decode(bytes, source: name) }
                #expect(image.pixels.bytes.count == image.pixels.width * image.pixels.height * 4, "\(name)")
                #expect(!name.hasPrefix("finding-refused"), "\(name) should be refused")
            } catch {
                #expect("\(error)".contains(name), "\(name): \(error)")
            }
        }
    }
}
