import Testing
import Foundation
@testable import UIKit
import TestSupport

/// Broken catalogs: `named:` returns nil, as on iOS, and a warning names the file and what is wrong.
@Suite struct HostileCatalogTests {
    /// A bundle folder holding Assets.xcassets with `files` (relative path → contents).
    static func bundle(_ files: [String: Data], _ name: String = #function) throws -> (Bundle, TemporaryDirectory) {
        let dir = try TemporaryDirectory(name)
        for (path, data) in files {
            let url = dir.path("Assets.xcassets/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        return (try #require(Bundle(url: dir.url)), dir)
    }
    static func json(_ text: String) -> Data { Data(text.utf8) }
    static let png: Data = {
        let url = fixtures.bundleURL.appendingPathComponent("Assets.xcassets/Icons/star.imageset/star.png")
        return try! Data(contentsOf: url)
    }()

    func lookUpImage(_ files: [String: Data], _ name: String = "x", function: String = #function) throws -> (UIImage?, [String]) {
        let (bundle, dir) = try Self.bundle(files, function)
        defer { dir.cleanUp() }
        _ = fixtures
        return onScreen { UIImage(named: name, in: bundle, compatibleWith: nil) }
    }

    @Test func malformedJSONNamesTheFile() throws {
        let (image, warnings) = try lookUpImage(["x.imageset/Contents.json": Self.json("{ \"images\": [ { \"filename\": ")])
        #expect(image == nil)
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("x.imageset/Contents.json is not valid JSON") == true, "\(warnings)")
        #expect(warnings.first?.contains("UIImage(named: \"x\") returns nil") == true)
    }

    @Test func aMissingFileIsNamed() throws {
        let (image, warnings) = try lookUpImage(["x.imageset/Contents.json": Self.json(#"{"images":[{"filename":"gone@3x.png","idiom":"universal","scale":"3x"}]}"#)])
        #expect(image == nil)
        #expect(warnings.first?.contains("names \"gone@3x.png\", which is not in x.imageset") == true, "\(warnings)")
    }

    @Test func unknownKeysAreIgnoredButUnknownValuesAreRefused() throws {
        let tolerant = try lookUpImage([
            "x.imageset/Contents.json": Self.json(#"{"images":[{"filename":"x.png","idiom":"universal","compression-type":"lossless"}],"info":{"version":1},"something-new":[1,2]}"#),
            "x.imageset/x.png": Self.png,
        ])
        #expect(tolerant.0 != nil && tolerant.1.isEmpty, "\(tolerant.1)")
        let strict = try lookUpImage(["x.imageset/Contents.json": Self.json(#"{"images":[{"filename":"x.png","idiom":"universal","scale":"4x"}]}"#),
                                      "x.imageset/x.png": Self.png])
        #expect(strict.0 == nil)
        #expect(strict.1.first?.contains("images[0] has scale 4x; use \"1x\", \"2x\" or \"3x\"") == true, "\(strict.1)")
    }

    @Test func aVectorPDFIsRefusedClearly() throws {
        let (image, warnings) = try lookUpImage(["x.imageset/Contents.json": Self.json(#"{"images":[{"filename":"x.pdf","idiom":"universal"}],"properties":{"preserves-vector-representation":true}}"#),
                                                 "x.imageset/x.pdf": Self.json("%PDF-1.4\n")])
        #expect(image == nil)
        #expect(warnings.first?.contains("x.pdf is a vector image (PDF), which is not rasterized here; add 1x/2x/3x PNGs") == true, "\(warnings)")
    }

    @Test func aCorruptImageSaysTheDecodersError() throws {
        let (image, warnings) = try lookUpImage(["x.imageset/Contents.json": Self.json(#"{"images":[{"filename":"x.png","idiom":"universal"}]}"#),
                                                 "x.imageset/x.png": Data(Self.png.prefix(40))])
        #expect(image == nil)
        #expect(warnings.first?.contains("x.png cannot be decoded") == true, "\(warnings)")
    }

    @Test func aHugeImageIsRefused() throws {
        // A PNG whose header claims 100 000 × 100 000 pixels: over RenderLimits.imageSide.
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var ihdr = Data("IHDR".utf8)
        for v in [UInt32(100_000), UInt32(100_000)] { withUnsafeBytes(of: v.bigEndian) { ihdr.append(contentsOf: $0) } }
        ihdr.append(contentsOf: [8, 6, 0, 0, 0])
        withUnsafeBytes(of: UInt32(13).bigEndian) { png.append(contentsOf: $0) }
        png.append(ihdr)
        withUnsafeBytes(of: crc32(ihdr).bigEndian) { png.append(contentsOf: $0) }
        let (image, warnings) = try lookUpImage(["x.imageset/Contents.json": Self.json(#"{"images":[{"filename":"x.png","idiom":"universal"}]}"#),
                                                 "x.imageset/x.png": png])
        #expect(image == nil)
        #expect(warnings.first?.contains("x.png cannot be decoded") == true, "\(warnings)")
    }

    @Test func aBrokenColourSetNamesTheProblem() throws {
        let (bundle, dir) = try Self.bundle([
            "bad.colorset/Contents.json": Self.json(#"{"colors":[{"color":{"color-space":"cmyk","components":{"cyan":"1"}},"idiom":"universal"}]}"#),
            "odd.colorset/Contents.json": Self.json(#"{"colors":[{"color":{"color-space":"srgb","components":{"red":"lots","green":"0","blue":"0"}},"idiom":"universal"}]}"#),
            "Group/Contents.json": Self.json("not json"),
            "Group/fine.colorset/Contents.json": Self.json(#"{"colors":[{"color":{"components":{"red":"1.0","green":"0.0","blue":"0.0"}},"idiom":"universal"}]}"#),
        ])
        defer { dir.cleanUp() }
        let (colors, warnings) = onScreen {
            (UIColor(named: "bad", in: bundle, compatibleWith: nil), UIColor(named: "odd", in: bundle, compatibleWith: nil),
             UIColor(named: "fine", in: bundle, compatibleWith: nil))
        }
        #expect(colors.0 == nil && colors.1 == nil)
        #expect(warnings.contains { $0.contains("bad.colorset/Contents.json colors[0] has color-space \"cmyk\"") }, "\(warnings)")
        #expect(warnings.contains { $0.contains("odd.colorset/Contents.json colors[0].color.components.red is lots") }, "\(warnings)")
        // A group whose description is broken is still searched (without a namespace), and said.
        #expect(colors.2 != nil)
        #expect(warnings.contains { $0.contains("Group/Contents.json is not valid JSON") }, "\(warnings)")
    }

    @Test func anOversizedDescriptionIsRefused() throws {
        let big = Data(repeating: 0x20, count: AssetCatalog.maxContentsBytes + 1)
        let (image, warnings) = try lookUpImage(["x.imageset/Contents.json": big])
        #expect(image == nil)
        #expect(warnings.first?.contains("more than the 1048576 a catalog description may have") == true, "\(warnings)")
    }
}

/// CRC-32 (ISO-HDLC), for hand-made PNG chunks.
func crc32(_ data: Data) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in data {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
}

/// Mutated descriptions (seeded, so every run tries the same ones): a lookup never traps, and it either
/// gives an asset or returns nil with a warning that names the set's Contents.json.
@Suite struct MutatedCatalogTests {
    static let jsonBytes = Array("{}[]\",:0x.-1e9 ".utf8)
    static let sources: [(set: String, kind: String)] = [("badge.imageset", "image"), ("brand.colorset", "color"), ("glyph.imageset", "image")]

    @Test("mutated Contents.json", arguments: 0..<3)
    func mutated(_ which: Int) throws {
        _ = fixtures
        let (set, kind) = Self.sources[which]
        let original = fixtures.bundleURL.appendingPathComponent("Assets.xcassets/\(set)")
        var random = SplitMix64(seed: UInt64(0xA55E7 + which))
        let json = try Data(contentsOf: original.appendingPathComponent("Contents.json"))
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let folder = dir.path("Assets.xcassets/x.\((set as NSString).pathExtension)")
        try FileManager.default.createDirectory(at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: original, to: folder)
        let bundle = try #require(Bundle(url: dir.url))
        for _ in 0..<150 {
            var bytes = [UInt8](json)
            for _ in 0..<(1 + Int(random.next() % 4)) {
                let at = Int(random.next() % UInt64(bytes.count))
                switch random.next() % 3 {
                case 0: bytes[at] = UInt8(truncatingIfNeeded: random.next())
                case 1: bytes.remove(at: at)
                default: bytes.insert(Self.jsonBytes[Int(random.next() % UInt64(Self.jsonBytes.count))], at: at)
                }
            }
            try Data(bytes).write(to: folder.appendingPathComponent("Contents.json"))
            let (found, warnings) = onScreen { () -> Bool in
                kind == "image" ? UIImage(named: "x", in: bundle, compatibleWith: nil) != nil
                    : UIColor(named: "x", in: bundle, compatibleWith: nil) != nil
            }
            if !found { #expect(warnings.contains { $0.contains("x.\((set as NSString).pathExtension)") }, "\(warnings)") }
        }
    }
}
