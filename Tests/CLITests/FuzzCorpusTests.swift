import Testing
import Foundation

/// Every fuzzing seed and past finding (Fuzz/Corpus) goes through the fuzz targets' replayers, built
/// normally: what fuzzing once found stays fixed.
@Suite struct FuzzCorpus {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test(arguments: ["layer-tree", "arguments"])
    func replays(_ target: String) throws {
        let process = Process()
        process.executableURL = CommandLine.binary.deletingLastPathComponent().appendingPathComponent("fuzz-\(target)")
        process.arguments = [Self.repository.appendingPathComponent("Fuzz/Corpus/\(target)").path]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.contains("inputs ran without a finding"), "\(text)")
    }
}
