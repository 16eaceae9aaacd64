// libFuzzer target for the layer-tree document reader (`render-transition tree FILE.json`): JSON.parse and
// LayerTreeDocument.decode. Built with -sanitize=fuzzer by scripts/fuzz; a normal build makes a replayer
// that runs the files (or folders of files) it is given, to reproduce a finding without libFuzzer.
import Foundation
import FuzzSupport
import Diagnostics

/// One input. Errors are the expected answer to bad input; only a crash, a hang or a broken round trip is
/// a finding.
func runLayerTreeInput(_ bytes: UnsafeRawBufferPointer) {
    // The CLI reads documents as UTF-8 and refuses anything else before parsing.
    guard let text = String(validating: bytes, as: UTF8.self) else { return }
    _ = try? JSON.parse(text)
    // No base directory: `contents.file` paths stay relative to the working directory, as for a document
    // given without a folder.
    guard let document = try? LayerTreeDocument.decode(text) else { return }
    // A document that reads must read back the same after writing it out.
    let encoded = document.encoded()
    guard let again = try? LayerTreeDocument.decode(encoded), again == document else {
        fatalError("round trip changed the document:\n\(text)\n→\n\(encoded)")
    }
}

/// libFuzzer's entry point, `LLVMFuzzerTestOneInput`. The C name is given only in a fuzzing build: the
/// test bundle links every executable target, where two such symbols would collide.
#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { layerTreeFuzzerTestOneInput(data, size) }
#endif

func layerTreeFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    runLayerTreeInput(UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : size))
    return 0
}

@main struct Main {
    static func main() { fuzzTargetMain("fuzz-layer-tree", layerTreeFuzzerTestOneInput) }
}
