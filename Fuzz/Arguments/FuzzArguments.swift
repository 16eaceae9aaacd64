// libFuzzer target for the command-line parser: the bytes are split at NUL into words, as argv arrives,
// and parsed without running anything. Built with -sanitize=fuzzer by scripts/fuzz; a normal build makes
// a replayer that runs the files (or folders of files) it is given.
import Foundation
import FuzzSupport
import RenderTransitionCLI

/// One input. A usage error is the expected answer to a bad command line; only a crash or a hang is a
/// finding, and so is a usage error without a message.
func runArgumentsInput(_ bytes: UnsafeRawBufferPointer) {
    let words = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    do {
        try RenderTransitionCLI.parseCommandLine(words)
    } catch {
        if "\(error)".isEmpty { fatalError("a usage error without a message for \(words)") }
    }
}

/// libFuzzer's entry point, `LLVMFuzzerTestOneInput`. The C name is given only in a fuzzing build: the
/// test bundle links every executable target, where two such symbols would collide.
#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { argumentsFuzzerTestOneInput(data, size) }
#endif

func argumentsFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    runArgumentsInput(UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : size))
    return 0
}

@main struct Main {
    static func main() { fuzzTargetMain("fuzz-arguments", argumentsFuzzerTestOneInput) }
}
