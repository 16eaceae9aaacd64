import Testing
import Raster
import TestSupport

// Pins the generators' sequences: the values are those the per-target copies produced before they were
// merged here, and tests draw their inputs from them.
@Suite struct Generators {
    @Test func splitMix64IsTheReferenceSequence() {
        var zero = SplitMix64(seed: 0)
        #expect(zero.next() == 0xE220_A839_7B1D_CDAF)   // SplitMix64's published first output for seed 0
        var r = SplitMix64(seed: 7)
        #expect((0..<5).map { _ in r.next() } == [7191089600892374487, 309689372594955804, 16616101746815609346,
                                                  10753165928301472203, 8346079845500723674])
    }

    @Test func unitIsTheTop53Bits() {
        var r = SplitMix64(seed: 1)
        #expect((0..<5).map { _ in r.unit() } == [0.5665615751722809, 0.7457817572627011, 0.9710027535867962,
                                                  0.4443592170557721, 0.44426470082635805])
    }

    @Test func byteLCGSequence() {
        var one = ByteLCG(seed: 1), seven = ByteLCG(seed: 7)
        #expect((0..<8).map { _ in one.next() } == [214, 89, 204, 230, 90, 243, 154, 246])
        #expect((0..<8).map { _ in seven.next() } == [94, 63, 49, 145, 233, 3, 232, 20])
    }

    @Test func randomBuffersArePremultipliedAndRepeatable() {
        let a = randomPremultipliedBuffer(width: 61, height: 83, seed: 4)
        #expect(a == randomPremultipliedBuffer(width: 61, height: 83, seed: 4))
        #expect(a != randomPremultipliedBuffer(width: 61, height: 83, seed: 5))
        #expect((0..<61 * 83).allSatisfy { p in (0..<3).allSatisfy { a.bytes[p * 4 + $0] <= a.bytes[p * 4 + 3] } })
        #expect(Array(a.bytes.prefix(8)) == [75, 125, 146, 202, 82, 72, 177, 225])
        var rng = SplitMix64(seed: 4)
        let opaque = randomPremultipliedBuffer(width: 5, height: 5, opaque: true, using: &rng)
        #expect((0..<25).allSatisfy { opaque.bytes[$0 * 4 + 3] == 255 })
    }
}

@Suite struct ImageComparison {
    @Test func differencesAreFoundAndDescribed() {
        let a = solid(4, 3, 10, 20, 30)
        var b = a
        b.bytes[(2 * 4 + 1) * 4 + 2] = 33   // pixel (1, 2), blue
        b.bytes[(2 * 4 + 3) * 4 + 3] = 200  // pixel (3, 2), alpha
        #expect(pixelDifference(a, a) == nil)
        #expect(differingPixels(a, b).map { [$0.x, $0.y] } == [[1, 2], [3, 2]])
        #expect(pixelDifference(a, b) == "2 pixels differ, first at (1, 2): [10, 20, 30, 255] vs [10, 20, 33, 255]")
        #expect(pixelDifference(a, solid(3, 4, 10, 20, 30)) == "size 4×3 vs 3×4")
        #expect(largestChannelDifference(a, b) == 55)
        #expect(largestChannelDifference(a, a) == 0)
        #expect(largestChannelDifference(a, solid(3, 4, 10, 20, 30)) == .max)
    }
}
