// What the fuzz targets share: their `main`. Built with `-sanitize=fuzzer -D FUZZING` (scripts/fuzz) it
// hands the process to libFuzzer; a normal build makes a replayer of the inputs it is given, so a finding
// reproduces without libFuzzer.
import Foundation

/// A fuzz target's entry point: `LLVMFuzzerTestOneInput`'s shape.
public typealias FuzzTestOneInput = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32

#if FUZZING
// libFuzzer's driver (compiler-rt, LLVM 13 and later). SwiftPM points an executable's `main` at the
// module's own entry function, so libFuzzer's `main` is never linked; ours calls the driver instead.
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<Int32>,
                                 _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                                 _ callback: FuzzTestOneInput) -> Int32
#endif

/// Runs the fuzz target `testOneInput` as the process's command: libFuzzer's command line in a fuzzing
/// build; else every input named by the arguments (a file, or a folder whose files, not hidden, are read
/// in name order), exiting 2 when an argument does not exist.
public func fuzzTargetMain(_ target: String, _ testOneInput: FuzzTestOneInput) -> Never {
    #if FUZZING
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
    #else
    var count = 0
    for path in CommandLine.arguments.dropFirst() {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            FileHandle.standardError.write(Data("\(target): no such file or folder: \(path)\n".utf8))
            exit(2)
        }
        let files = isDirectory.boolValue
            ? ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
                .map { (path as NSString).appendingPathComponent($0) }
            : [path]
        for file in files {
            let bytes = [UInt8](FileManager.default.contents(atPath: file) ?? Data())
            _ = bytes.withUnsafeBufferPointer { testOneInput($0.baseAddress, $0.count) }
            count += 1
        }
    }
    print("\(target): \(count) inputs ran without a finding")
    exit(0)
    #endif
}
