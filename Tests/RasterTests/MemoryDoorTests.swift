import Testing
import Foundation
@testable import Raster

// Raster reaches raw memory through one file, PixelMemory.swift, whose views check every index in debug
// builds; the modules above Raster ask it for operations (PixelOperations.swift) instead of taking pointers.
// This test keeps every other Swift source of the package's non-C targets from taking pointers of its own.

/// The repository root, found from this file's place in it.
private let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

private let doorFile = "Sources/Raster/PixelMemory.swift"

/// Where raw memory is allowed outside the door, and why. A target folder allows all its files; a file
/// allows itself. Every entry must still use raw memory (a stale entry fails), so the list only shrinks.
private let allowed: [String: String] = [
    doorFile: "the door itself",
    // The C wrappers hand buffers to C and read what C returns; that is their one job.
    "Sources/Media": "hands frames and file bytes to libpng and FFmpeg",
    "Sources/Text": "hands font bytes and glyph buffers to FreeType and HarfBuzz",
    // Apple's own signatures, kept for source compatibility; each reads the pointer it is given, once.
    "Sources/CoreGraphics/CGPath.swift": "CGPath(rect:transform:) and friends take UnsafePointer<CGAffineTransform>?",
    "Sources/QuartzCore/CAMediaTimingFunction.swift": "getControlPoint(at:values:) writes through UnsafeMutablePointer<Float>",
    "Sources/UIKit/TextAndImages/UIImage.swift": "setLineDash(_:count:phase:) reads an UnsafePointer<CGFloat> array",
    "Sources/UIKit/TextAndImages/UIColor.swift": "getRed(_:green:blue:alpha:), getHue(_:saturation:brightness:alpha:) and getWhite(_:alpha:) write through UnsafeMutablePointer<CGFloat>?",
    "Sources/UIKit/Views/UIScrollView.swift": "UIScrollViewDelegate's scrollViewWillEndDragging(_:withVelocity:targetContentOffset:) takes UnsafeMutablePointer<CGPoint>; the scroll view passes the target through withUnsafeMutablePointer for that call only",
    "Sources/CoreGraphics/CGGradient.swift": "CGGradient(colorsSpace:colors:locations:) and (colorSpace:colorComponents:locations:count:) read UnsafePointer<CGFloat> arrays",
]

/// Every Swift source of the package's targets (Sources/* and Scenes/), as paths from the repository root.
/// The C modules' folders hold module maps and headers only.
private func packageSources() throws -> [String] {
    var paths: [String] = []
    for folder in ["Sources", "Scenes"] {
        let base = repository.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(atPath: base.path) else { continue }
        for case let path as String in walker where path.hasSuffix(".swift") {
            paths.append(folder + "/" + path)
        }
    }
    return paths.sorted()
}

/// The allowance that covers `path`, if any: the file's own entry or its target folder's.
private func allowance(for path: String) -> String? {
    if allowed[path] != nil { return path }
    return allowed.keys.first { !$0.hasSuffix(".swift") && path.hasPrefix($0 + "/") }
}

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
    let paths = try packageSources()
    #expect(paths.contains(doorFile), "no \(doorFile) under \(repository.path)")
    #expect(paths.count > 100, "package sources not found under \(repository.path)")
    var allowanceUsed = Set<String>()
    for path in paths {
        let source = try String(contentsOf: repository.appendingPathComponent(path), encoding: .utf8)
        let uses = rawMemoryUses(in: source)
        guard !uses.isEmpty else { continue }
        if let entry = allowance(for: path) {
            allowanceUsed.insert(entry)
            continue
        }
        Issue.record("""
            \(path) uses raw memory outside \(doorFile) — ask Raster for an operation instead \
            (PixelOperations.swift), or add the file to `allowed` with the reason:
            \(uses.map { "  \(path):\($0.line): \($0.text)" }.joined(separator: "\n"))
            """)
    }
    // The door holds pointer code (else the check would be vacuous), and no allowance is stale.
    for entry in allowed.keys.sorted() {
        #expect(allowanceUsed.contains(entry), "\(entry) is allowed raw memory (\(allowed[entry]!)) but no longer uses any: remove it from `allowed`")
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
