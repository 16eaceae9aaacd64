import Testing
import Foundation
import Diagnostics

/// What fuzzing the layer-tree reader found (scripts/fuzz layer-tree; the inputs are in
/// Fuzz/Corpus/layer-tree/finding-*): each was a trap converting a huge Double to Int, now an error with
/// the JSON path.
@Suite struct LayerTreeFuzzFindings {
    func problem(_ root: String, canvas: String = #"{"width": 40, "height": 30}"#) -> String? {
        let text = #"{"format": "render-transition.layer-tree", "version": 1, "canvas": \#(canvas), "root": \#(root)}"#
        do { _ = try LayerTreeDocument.decode(text); return nil } catch { return "\(error)" }
    }

    @Test("a canvas too large for an Int is over the limit", arguments: ["333333333333333333333333333333333333333333340", "1e300", "4066666666666666666666666666"])
    func hugeCanvas(width: String) {
        let message = problem("{}", canvas: #"{"width": \#(width), "height": 3, "scale": 1}"#)
        #expect(message?.contains("canvas:") == true, "\(message ?? "accepted")")
        #expect(message?.contains("over the limit of") == true, "\(message ?? "accepted")")
    }

    @Test("numberOfLines must be a whole number of lines", arguments: ["11111111111111111111111111111111111111111111111111111111111111112", "-1", "2.5"])
    func numberOfLines(_ value: String) {
        let message = problem(#"{"text": {"runs": [{"string": "Hi"}], "numberOfLines": \#(value)}}"#)
        #expect(message?.contains("root.text.numberOfLines:") == true, "\(message ?? "accepted")")
        #expect(message?.contains("is not a number of lines") == true, "\(message ?? "accepted")")
    }

    @Test("an embedded image's size is checked before any arithmetic", arguments: [
        (#""width": 4611686018427387904, "height": 1"#), (#""width": 1e300, "height": 1e300"#), (#""width": 1.5, "height": 1"#),
    ])
    func embeddedImageSize(_ size: String) {
        let message = problem(#"{"contents": {"rgba": "AAAAAA==", \#(size)}}"#)
        #expect(message?.contains("root.contents.width:") == true, "\(message ?? "accepted")")
    }

    @Test func aValidEmbeddedImageStillReads() throws {
        #expect(problem(#"{"contents": {"rgba": "AAAAAA==", "width": 1, "height": 1}}"#) == nil)
    }
}
