import Testing
import Foundation
import Raster
import Stage
import UIKit
@testable import Scenes
import Playback
import Diagnostics
import Media
@testable import QuartzCore

/// Layer-tree documents: dumps round-trip exactly and draw the same pixels; bad documents are refused
/// with the JSON path of the problem.
@Suite struct LayerTreeDocuments {
    static let settings = RenderSettings(scale: 1, fps: 60)

    @Test("a dump decodes to the same tree and draws the scene's pixels", arguments: [0.0, 0.45, 0.8])
    func dumpRoundTrip(time: Double) throws {
        let dump = try Stage.dumpTree(CardExpandScene.self, settings: Self.settings, at: time)
        let decoded = try LayerTreeDocument.decode(dump.encoded())
        #expect(decoded == dump)
        let still = try #require(Stage.frames(CardExpandScene.self, settings: Self.settings, times: [time]).first)
        #expect(Stage.render(decoded) == still)
    }

    func document(_ root: String, canvas: String = #"{"width": 100, "height": 100}"#) -> String {
        #"{"format": "render-transition.layer-tree", "version": 1, "canvas": \#(canvas), "root": \#(root)}"#
    }

    func problem(_ text: String) -> String? {
        do { _ = try LayerTreeDocument.decode(text); return nil } catch { return "\(error)" }
    }

    /// Text travels as text (fonts by name) and draws the same pixels after a round trip.
    @Test func textRoundTripsAndIsChecked() throws {
        let doc = try LayerTreeDocument.decode(document(#"""
            {"bounds": [0, 0, 100, 100], "position": [50, 50], "backgroundColor": [1, 1, 1, 1],
             "sublayers": [{"bounds": [0, 0, 90, 30], "position": [50, 50],
                            "text": {"runs": [{"string": "Hello", "font": ".SystemFont-700", "size": 20, "color": [0, 0, 0, 1]}],
                                     "alignment": "center"}}]}
            """#))
        let text = try #require(doc.root.sublayers.first?.state.text)
        #expect(text.string == "Hello" && text.alignment == .center && text.lineBreak == .byTruncatingTail && text.numberOfLines == 1)
        let again = try LayerTreeDocument.decode(doc.encoded())
        #expect(again == doc)
        let image = Stage.render(again, scale: 2)
        #expect(image == Stage.render(doc, scale: 2))
        #expect(image[100, 100] != RGBA8(r: 255, g: 255, b: 255, a: 255) || image[90, 100] != RGBA8(r: 255, g: 255, b: 255, a: 255))
        #expect(problem(document(#"{"text": {"runs": [{"string": "x", "size": -3}]}}"#))?.contains("root.text.runs[0].size: -3.0 is not a font size") == true)
        #expect(problem(document(#"{"text": {"runs": [], "lineBreak": "wrap"}}"#))?.contains("root.text.lineBreak: \"wrap\" is not one of") == true)
        #expect(problem(document(#"{"text": {"runs": [{"string": "x", "fontSize": 3}]}}"#))?.contains("did you mean \"font\"") == true
                || problem(document(#"{"text": {"runs": [{"string": "x", "fontSize": 3}]}}"#))?.contains("fontSize") == true)
    }

    /// Shapes travel with CAShapeLayer's names and draw the same pixels after a round trip.
    @Test func shapeRoundTripsAndIsChecked() throws {
        let doc = try LayerTreeDocument.decode(document(#"""
            {"bounds": [0, 0, 100, 100], "position": [50, 50], "backgroundColor": [1, 1, 1, 1],
             "sublayers": [{"bounds": [0, 0, 100, 100], "position": [50, 50],
                            "shape": {"path": [["M", 10, 50], ["L", 90, 50], ["Q", 90, 90, 50, 90]], "fillColor": null,
                                      "strokeColor": "#FF0000", "lineWidth": 6, "lineCap": "round", "lineJoin": "bevel",
                                      "lineDashPattern": [12, 4], "strokeEnd": 0.9}}]}
            """#))
        let shape = try #require(doc.root.sublayers.first?.state.shape)
        #expect(shape.fillColor == nil && shape.lineWidth == 6 && shape.lineCap == .round && shape.lineJoin == .bevel)
        #expect(shape.lineDashPattern == [12, 4] && shape.strokeEnd == 0.9)
        let again = try LayerTreeDocument.decode(doc.encoded())
        #expect(again == doc)
        let image = Stage.render(again, scale: 2)
        #expect(image == Stage.render(doc, scale: 2))
        #expect(image[30, 100] == RGBA8(r: 255, g: 0, b: 0, a: 255))
        #expect(problem(document(#"{"shape": {"path": [["M", 0, 0]], "lineCap": "flat"}}"#))?.contains("root.shape.lineCap: \"flat\" is not one of butt, round, square") == true)
        #expect(problem(document(#"{"shape": {"strokeEnd": 2}}"#))?.contains("root.shape.strokeEnd") == true)
        #expect(problem(document(#"{"shape": {"lineDashPattern": [-1]}}"#))?.contains("root.shape.lineDashPattern") == true)
    }

    @Test func handWrittenDocumentDraws() throws {
        let doc = try LayerTreeDocument.decode(document(#"""
            {"bounds": [0, 0, 100, 100], "position": [50, 50], "backgroundColor": [1, 1, 1, 1],
             "sublayers": [{"bounds": [0, 0, 40, 40], "position": [50, 50], "backgroundColor": [1, 0, 0, 1], "cornerRadius": 8}]}
            """#))
        let image = Stage.render(doc, scale: 2)
        #expect(image.width == 200 && image.height == 200)
        #expect(image[100, 100] == RGBA8(r: 255, g: 0, b: 0, a: 255))
        #expect(image[10, 10] == RGBA8(r: 255, g: 255, b: 255, a: 255))
        #expect(image[61, 61] == RGBA8(r: 255, g: 255, b: 255, a: 255))   // outside the rounded corner
    }

    @Test("bad documents name the JSON path and the problem", arguments: [
        (#"{"bounds": [0, 0, 10, 10], "shadowRadus": 3}"#, #"root.shadowRadus: unknown key; did you mean "shadowRadius"?"#),
        (#"{"opacity": "half"}"#, "root.opacity: expected a number, got a string"),
        (#"{"sublayers": [{"bounds": [0, 0, 10, -5]}]}"#, "root.sublayers[0].bounds: the size 10.0×-5.0 is negative"),
        (#"{"bounds": [0, 0, 10]}"#, "root.bounds: expected 4 numbers, got 3"),
        (##"{"backgroundColor": "#GG0000"}"##, ##"root.backgroundColor: "#GG0000" is not a colour"##),
        (#"{"cornerCurve": "squircle"}"#, #"root.cornerCurve: "squircle" is not a corner curve"#),
        (#"{"contents": {"png": "aGVsbG8="}}"#, "root.contents.png:"),
        (#"{"contents": {"file": "/nonexistent/x.png"}}"#, "root.contents.file:"),
        (#"{"locations": [0, 1]}"#, "belong to a gradient"),
        (#"{"sublayers": {}}"#, "root.sublayers: expected an array of layers"),
        (#"{"shadowPath": [["M", 0, 0], ["X", 1]]}"#, "root.shadowPath[1]"),
        (#"{"position": [1e999, 0]}"#, "not valid JSON"),
    ])
    func badDocuments(_ c: (String, String)) {
        let message = problem(document(c.0))
        #expect(message?.contains(c.1) == true, "\(message ?? "accepted")")
    }

    @Test func badEnvelopes() {
        #expect(problem("{")?.contains("not valid JSON") == true)
        #expect(problem(#"{"format": "svg", "version": 1}"#)?.contains("format: expected") == true)
        #expect(problem(document("{}", canvas: #"{"width": 100, "height": 100, "scale": 9}"#))?.contains("canvas.scale") == true)
        #expect(problem(document("{}", canvas: #"{"width": 4000, "height": 100, "scale": 3}"#))?.contains("over the limit") == true)
        #expect(problem(document("{}", canvas: #"{"width": 0, "height": 100}"#))?.contains("canvas") == true)
    }
}

/// A scene whose layout produces NaN: rendering it is an error naming the view, not a crash.
final class BrokenGeometryScene: Scene {
    static let name = "broken-geometry"
    static let summary = "a view with a NaN frame"
    init() {}
    func makeRootViewController() -> UIViewController {
        let controller = UIViewController()
        let bad = UIImageView(frame: CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10))
        controller.view.addSubview(bad)
        return controller
    }
    func script() -> Script { Script() }
}

@Suite struct InvalidGeometry {
    @Test func renderingNaNGeometryNamesTheLayer() {
        do {
            _ = try Stage.frames(BrokenGeometryScene.self, settings: RenderSettings(scale: 1), times: [0])
            Issue.record("rendered a NaN frame without an error")
        } catch {
            let message = "\(error)"
            #expect(message.contains("broken-geometry"))
            #expect(message.contains("UIImageView"))
            #expect(message.contains("position: nan is not a finite number"))
        }
    }
}

/// `contents.file` reads every format the image decoders read, and the new contents keys round-trip.
@Suite struct LayerTreeDocumentImages {
    @Test func aJPEGFileAndContentsRectsRoundTrip() throws {
        PNGCodec.installAsImageCodec()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("layer-tree-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // 8×4 pixels of one orange, saved as a JPEG.
        let orange = [UInt8](repeating: 0, count: 8 * 4 * 4).enumerated().map { i, _ in [UInt8(255), 149, 0, 255][i % 4] }
        let bitmap = try #require(CGImage(width: 8, height: 4, premultipliedRGBA: orange))
        let jpeg = try #require(UIImage(cgImage: bitmap).jpegData(compressionQuality: 1))
        try jpeg.write(to: folder.appendingPathComponent("photo.jpg"))
        let text = #"{"format": "render-transition.layer-tree", "version": 1, "canvas": {"width": 20, "height": 20}, "root": {"bounds": [0, 0, 20, 20], "position": [10, 10], "contents": {"file": "photo.jpg"}, "contentsRect": [0, 0, 0.5, 1], "contentsCenter": [0.25, 0.25, 0.5, 0.5]}}"#
        let document = try LayerTreeDocument.decode(text, baseDirectory: folder)
        let state = document.root.state
        #expect(state.contents?.width == 8 && state.contents?.height == 4)
        let pixel = Array(try #require(state.contents).premultipliedRGBA.prefix(3))
        #expect(abs(Int(pixel[0]) - 255) <= 3 && abs(Int(pixel[1]) - 149) <= 3 && Int(pixel[2]) <= 3, "\(pixel)")
        #expect(state.contentsRect == CGRect(x: 0, y: 0, width: 0.5, height: 1) && state.contentsCenter == CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5))
        #expect(try LayerTreeDocument.decode(document.encoded()) == document)
        // A file that is no image: the decoder's error, at the JSON path.
        try Data("not an image".utf8).write(to: folder.appendingPathComponent("notes.jpg"))
        #expect(throws: LayerTreeDocument.Invalid.self) {
            try LayerTreeDocument.decode(text.replacingOccurrences(of: "photo.jpg", with: "notes.jpg"), baseDirectory: folder)
        }
    }
}
