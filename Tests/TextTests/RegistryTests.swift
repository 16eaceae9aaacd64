// Registering font files, finding faces by name, fallback, bad inputs, and the bundled fonts.
import CoreGraphics
import Foundation
import Testing
import TestSupport
@testable import Text

/// RTFixture-Regular.ttf: built by Fixtures/make-fixture-font.py (TrueType outlines; has U+2603 SNOWMAN, which Inter lacks).
private let fixtureURL = Bundle.module.url(forResource: "RTFixture-Regular", withExtension: "ttf", subdirectory: "Fixtures")!

@Suite struct RegistryTests {
    @Test func bundledFontsLoadThroughBundleModule() {
        let registry = FontRegistry()
        #expect(registry.systemFaces.count == 6)
        #expect(registry.face(named: "Inter-SemiBold")?.weight == 600)
        #expect(registry.face(named: "Inter Semi Bold")?.postScriptName == "Inter-SemiBold")
        #expect(registry.face(named: "inter-bold")?.weight == 700)
        #expect(registry.face(named: "Helvetica") == nil)
    }

    @Test func nearestSystemWeight() {
        let registry = FontRegistry()
        #expect(registry.systemFace(weight: 400).postScriptName == "Inter-Regular")
        #expect(registry.systemFace(weight: 590).postScriptName == "Inter-SemiBold")
        #expect(registry.systemFace(weight: 900).postScriptName == "Inter-Bold")
        #expect(registry.systemFace(weight: 100).postScriptName == "Inter-Light")
        #expect(registry.systemFace(weight: 400, italic: true).postScriptName == "Inter-Italic")
    }

    @Test func registerAFileMakesItsFacesFindable() throws {
        let registry = FontRegistry()
        let faces = try registry.register(contentsOf: fixtureURL)
        #expect(faces.count == 1)
        let face = try #require(registry.face(named: "RTFixture-Regular"))
        #expect(face === faces[0])
        #expect(registry.face(named: "RT Fixture Regular") === face)
        #expect(face.familyName == "RT Fixture" && face.unitsPerEm == 1000 && face.weight == 400)
        #expect([face.ascender, face.descender, face.lineGap, face.capHeight, face.xHeight] as [Int] == [800, -200, 100, 700, 600])
    }

    @Test func registeringACollectionRegistersEveryFace() throws {
        // RTFixture.ttc: RTFixture-Regular and RTFixture-Bold (Fixtures/make-fixture-font.py).
        let url = Bundle.module.url(forResource: "RTFixture", withExtension: "ttc", subdirectory: "Fixtures")!
        let registry = FontRegistry()
        let faces = try registry.register(contentsOf: url)
        #expect(faces.map(\.postScriptName) == ["RTFixture-Regular", "RTFixture-Bold"])
        #expect(faces.map(\.weight) == [400, 700])
        #expect(registry.face(named: "RT Fixture Bold") === faces[1])
    }

    @Test func trueTypeOutlinesAreQuadratic() throws {
        let face = try FontFace(contentsOf: fixtureURL)
        let elements = face.outline(of: face.glyph(for: "x")!).elements
        #expect(elements == [
            .move(to: CGPoint(x: 300, y: 0)),
            .quadCurve(to: CGPoint(x: 600, y: 300), control: CGPoint(x: 600, y: 0)),
            .quadCurve(to: CGPoint(x: 300, y: 600), control: CGPoint(x: 600, y: 600)),
            .quadCurve(to: CGPoint(x: 0, y: 300), control: CGPoint(x: 0, y: 600)),
            .quadCurve(to: CGPoint(x: 300, y: 0), control: CGPoint(x: 0, y: 0)),
            .close,
        ])
        let square = face.outline(of: face.glyph(for: "\u{2603}")!).elements
        #expect(square.filter { $0 == .close }.count == 2)
        #expect(face.outline(of: face.glyph(for: " ")!).isEmpty)
    }

    @Test func missingCharactersFallBackToARegisteredFace() throws {
        let registry = FontRegistry()
        let inter = Font.system(size: 20, registry: registry)
        #expect(!inter.face.hasGlyph(for: "\u{2603}"))
        let text = AttributedText("A\u{2603}B", font: inter)
        let before = TextLayout.make(text, width: nil, registry: registry)
        #expect(before.lines[0].glyphs[1].font.face === inter.face)   // .notdef of Inter
        try registry.register(contentsOf: fixtureURL)
        let after = TextLayout.make(text, width: nil, registry: registry)
        let glyphs = after.lines[0].glyphs
        #expect(glyphs.map { $0.font.face.familyName } == ["Inter", "RT Fixture", "Inter"])
        #expect(abs(glyphs[1].advance - 900.0 * 20 / 1000) < 1e-12)
        // The line is as tall as its tallest font: the fixture's 800 + 200 + 100 units at 20 pt = 22 pt.
        #expect(after.lines[0].ascent == max(inter.ascender, 16))
        #expect(after.lines[0].leading == 2)
    }

    @Test func replacingTheSystemFont() throws {
        let registry = FontRegistry()
        let fixture = try FontFace(contentsOf: fixtureURL)
        registry.replaceSystemFont(with: [fixture])
        #expect(registry.systemFace(weight: 700) === fixture)
        #expect(Font.system(size: 10, registry: registry).face === fixture)
        // The shared registry is untouched.
        #expect(FontRegistry.shared.systemFace(weight: 400).familyName == "Inter")
    }

    @Test func aMissingFileIsAClearError() {
        let url = URL(fileURLWithPath: "/nonexistent/Nope.ttf")
        #expect(throws: TextError.unreadableFile(path: url.path, reason: "no such file")) { try FontFace(contentsOf: url) }
        let message = "\(TextError.unreadableFile(path: url.path, reason: "no such file"))"
        #expect(message == "/nonexistent/Nope.ttf: cannot read the font file (no such file); check the path and its permissions.")
    }

    @Test func aPNGIsNotAFont() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let url = directory.path("Picture.ttf")
        // A PNG signature and IHDR chunk start.
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]).write(to: url)
        do {
            _ = try FontRegistry().register(contentsOf: url)
            Issue.record("a PNG registered as a font")
        } catch let error as TextError {
            #expect("\(error)" == "\(url.path): not a font file FreeType can read (it is a PNG image); "
                    + "give a TrueType (.ttf), OpenType (.otf) or collection (.ttc) file.")
        }
        #expect(throws: TextError.self) { try FontFace(data: []) }
    }

    @Test func facesAreSafeToUseFromManyTasks() async {
        let face = FontRegistry.shippedFaces[1]
        let counts = await withTaskGroup(of: Int.self) { group in
            for i in 0..<8 {
                group.addTask {
                    let text = AttributedText(String(repeating: "Today card title \(i) ", count: 4), font: Font(face: face, size: 15))
                    return TextLayout.make(text, width: 120).paths().reduce(0) { $0 + $1.path.elements.count }
                }
            }
            var all: [Int] = []
            for await count in group { all.append(count) }
            return all
        }
        #expect(counts.count == 8 && counts.allSatisfy { $0 > 0 })
    }
}
