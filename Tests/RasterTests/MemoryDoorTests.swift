import Testing
import Foundation
@testable import Raster

// Raster reaches raw memory through one file, PixelMemory.swift, whose views check every index in debug
// builds. This test keeps any other Raster source from taking pointers of its own.

/// Sources/Raster, found from this file's place in the repository.
private let rasterSources = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources").appendingPathComponent("Raster")

private let doorFile = "PixelMemory.swift"

/// Raw memory access: `withUnsafe…` accessors, `Unsafe…Pointer` and buffer types, uninitialized array
/// storage (`unsafeUninitializedCapacity`), `unsafeBitCast` — anything spelled "unsafe" — and rebinding.
/// `nonisolated(unsafe)` is about data races, not memory, and is allowed.
private func rawMemoryUses(in source: String) -> [(line: Int, text: String)] {
    var found: [(Int, String)] = []
    for (index, line) in source.components(separatedBy: "\n").enumerated() {
        var code = line
        if let comment = code.range(of: "//") { code = String(code[..<comment.lowerBound]) }
        code = code.replacingOccurrences(of: "nonisolated(unsafe)", with: "")
        let lowered = code.lowercased()
        if lowered.contains("unsafe") || lowered.contains("memoryrebound") || lowered.contains("assumingmemorybound")
            || lowered.contains("bindmemory") {
            found.append((index + 1, line.trimmingCharacters(in: .whitespaces)))
        }
    }
    return found
}

@Test func rawPointerCodeStaysInPixelMemory() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: rasterSources.path)
        .filter { $0.hasSuffix(".swift") }.sorted()
    #expect(files.contains(doorFile), "no \(doorFile) in \(rasterSources.path)")
    #expect(files.count > 5, "Raster sources not found at \(rasterSources.path)")
    for file in files {
        let source = try String(contentsOf: rasterSources.appendingPathComponent(file), encoding: .utf8)
        let uses = rawMemoryUses(in: source)
        if file == doorFile {
            #expect(!uses.isEmpty, "the door holds the pointer code; the check below would be vacuous")
        } else {
            #expect(uses.isEmpty, """
                \(file) uses raw memory outside \(doorFile) — add an accessor there instead:
                \(uses.map { "  \(file):\($0.line): \($0.text)" }.joined(separator: "\n"))
                """)
        }
    }
}

/// The check itself: what it catches and what it lets through.
@Test func rawMemoryCheckCatchesPointerCode() {
    #expect(rawMemoryUses(in: "bytes.withUnsafeBytes { $0.load(as: UInt32.self) }").count == 1)
    #expect(rawMemoryUses(in: "func f(_ p: UnsafeMutablePointer<UInt32>) {}").count == 1)
    #expect(rawMemoryUses(in: "let a = [UInt8](unsafeUninitializedCapacity: 4) { _, n in n = 4 }").count == 1)
    #expect(rawMemoryUses(in: "let w = unsafeBitCast(f, to: UInt32.self)").count == 1)
    #expect(rawMemoryUses(in: "p.withMemoryRebound(to: UInt32.self, capacity: 1) { $0[0] }").count == 1)
    #expect(rawMemoryUses(in: "nonisolated(unsafe) static var cache: [Int: Int] = [:]").isEmpty)
    #expect(rawMemoryUses(in: "row[x] = 0   // no UnsafePointer here").isEmpty)
}

// MARK: - The views themselves

@Test func rowsAndPlanesAddressTheLentElements() {
    var values: [UInt32] = Array(0..<12)
    values.withMutableRow(indexedFrom: 10) { row in
        #expect(row[10] == 0 && row[21] == 11)
        #expect(row.advanced(by: 12)[0] == 2)
        row.update(12..<14, repeating: 99)
        row.store(UInt64(7) | UInt64(8) << 32, at: 20)
        #expect(row.readOnly.load(UInt64.self, at: 12) == 99 | 99 << 32)
    }
    #expect(values == [0, 1, 99, 99, 4, 5, 6, 7, 8, 9, 7, 8])
    values.withMutablePlane(width: 4, originX: -1, originY: 5) { plane in
        #expect(plane.height == 3)
        #expect(plane.row(5)[-1] == 0 && plane.row(7)[2] == 8)
        plane.row(6).update(-1..<3, from: plane.row(5))
    }
    #expect(Array(values[4..<8]) == [0, 1, 99, 99])
}

#if DEBUG
/// Debug builds check every access against the lend (release builds do not, by design).
@Test func debugBuildsTrapOutsideALend() async {
    await #expect(processExitsWith: .failure) {
        let values: [UInt8] = [1, 2, 3]
        _ = values.withRow(indexedFrom: 4) { $0[7] }
    }
    await #expect(processExitsWith: .failure) {
        var values: [UInt32] = [1, 2, 3]
        values.withMutableRow { $0.store(UInt64(0), at: 2) }
    }
    await #expect(processExitsWith: .failure) {
        let mask = CoverageMask(bounds: PixelRect(x: 3, y: 3, width: 2, height: 2), fill: 255)
        _ = mask.withValues { $0.row(5)[3] }
    }
}
#endif
