import Testing
import Foundation
@testable import Raster

// Fast paths against the general rule they replace, on random and edge inputs: byte for byte.

/// The gradient table row read pixel by pixel with the index clamped (the general rule).
private func referenceTableRow(_ table: [UInt32], acc: Int64, step: Int64, count: Int) -> [UInt32] {
    var a = acc
    return (0..<count).map { _ in
        let k = min(max(a >> 32, 0), Int64(PaintEvaluator.lookupSize))
        a &+= step
        return table[Int(k)]
    }
}

@Test func gradientTableRowMatchesClampedIndexing() {
    let n = PaintEvaluator.lookupSize
    let table = (0...n).map { UInt32($0) &* 2_654_435_761 }
    var rng = TestRandom(seed: 7)
    let unit = Int64(1) << 32
    var cases: [(Int64, Int64, Int)] = [
        (0, 0, 5), (-1, 0, 5), (Int64(n + 1) * unit, 0, 3), (Int64(n + 1) * unit - 1, 0, 3),
        (-3 * unit, unit, 12), (Int64(n - 3) * unit, unit, 12), (Int64(n + 3) * unit, -unit, 12), (2 * unit, -unit, 12),
        (-1, 1, 9), (Int64(n + 1) * unit - 2, 1, 9), (0, -1, 9), (Int64(n + 1) * unit, -1, 9),
        (-999_999_999 * unit, 1_999_999_998 * unit, 1), (999_999_999 * unit, -1_999_999_998 / 7 * unit, 7),
        (0, unit, 0),
    ]
    for _ in 0..<4000 {
        let count = Int.random(in: 0...40, using: &rng)
        let scale = [Int64(1), 1 << 12, 1 << 24, unit, unit << 8][Int.random(in: 0...4, using: &rng)]
        let acc = Int64.random(in: -200...Int64(n + 200), using: &rng) * unit + Int64.random(in: -unit...unit, using: &rng)
        let step = Int64.random(in: -300...300, using: &rng) * scale / 64
        cases.append((acc, step, count))
    }
    for (acc, step, count) in cases {
        var out = [UInt32](repeating: 0xDEAD_BEEF, count: count + 1)
        table.withUnsafeBufferPointer { t in
            out.withUnsafeMutableBufferPointer { PaintEvaluator.tableRow(t.baseAddress!, acc: acc, step: step, count: count, into: $0.baseAddress!) }
        }
        #expect(Array(out[..<count]) == referenceTableRow(table, acc: acc, step: step, count: count), "acc \(acc) step \(step) count \(count)")
        #expect(out[count] == 0xDEAD_BEEF, "wrote past the row")
    }
}
