import Testing
import Foundation
@testable import Raster

/// `CoverageMask.intersected` copies or zeroes runs where one side is 255 or 0; against the plain
/// pointwise product, on random masks made of such runs and partial values, with and without reused memory.
@Suite struct MaskIntersection {
    @Test func runsGiveThePointwiseProduct() {
        var state: UInt64 = 12345
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        func randomMask() -> CoverageMask {
            var m = CoverageMask(bounds: PixelRect(x: next(9) - 4, y: next(9) - 4, width: next(40), height: next(12)))
            var i = 0
            while i < m.values.count {
                let run = next(9) + 1, kind = next(3)
                for k in i..<min(i + run, m.values.count) { m.values[k] = kind == 0 ? 0 : kind == 1 ? 255 : UInt8(next(256)) }
                i += run
            }
            return m
        }
        var storage: [UInt8] = []
        for _ in 0..<300 {
            let a = randomMask(), b = randomMask()
            var expected = CoverageMask(bounds: a.bounds.intersection(b.bounds))
            for y in 0..<expected.bounds.height {
                for x in 0..<expected.bounds.width {
                    let px = expected.bounds.x + x, py = expected.bounds.y + y
                    expected.values[y * expected.bounds.width + x] = UInt8(mul255(UInt32(a[px, py]), UInt32(b[px, py])))
                }
            }
            #expect(a.intersected(with: b) == expected)
            let reused = a.intersected(with: b, reusing: &storage)
            #expect(reused == expected)
            storage = reused.values
        }
    }
}
