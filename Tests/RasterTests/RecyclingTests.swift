import Testing
import Foundation
@testable import Raster
import TestSupport

// Buffers built in the memory of a buffer handed back: the same bytes as fresh ones, in the same memory
// when no other copy of the handed-back buffer exists, and never a change to a copy someone still holds.

@Test func filledBufferReusesTheSoleCopysMemory() {
    let colour = RGBA8(r: 10, g: 20, b: 30, a: 255)
    var storage = randomPremultipliedBuffer(width: 40, height: 30, seed: 1)
    let memory = storageAddress(of: storage)
    let same = PixelBuffer(width: 40, height: 30, fill: colour, reusing: &storage)
    #expect(same == PixelBuffer(width: 40, height: 30, fill: colour))
    #expect(storageAddress(of: same) == memory)
    #expect(storage.bytes.isEmpty && storage.width == 0)
    // A smaller buffer fits in the same memory too.
    var again = consume same
    let smaller = PixelBuffer(width: 17, height: 9, fill: .clear, reusing: &again)
    #expect(smaller == PixelBuffer(width: 17, height: 9))
    #expect(storageAddress(of: smaller) == memory)
    // …and a larger one does not.
    var small = consume smaller
    let larger = PixelBuffer(width: 50, height: 30, fill: colour, reusing: &small)
    #expect(larger == PixelBuffer(width: 50, height: 30, fill: colour))
}

@Test func aCopyStillHeldIsNeverOverwritten() {
    let original = randomPremultipliedBuffer(width: 40, height: 30, seed: 2)
    let kept = original
    var storage = original
    let filled = PixelBuffer(width: 40, height: 30, fill: RGBA8(r: 1, g: 2, b: 3, a: 255), reusing: &storage)
    #expect(kept == randomPremultipliedBuffer(width: 40, height: 30, seed: 2))
    #expect(storageAddress(of: filled) != storageAddress(of: kept))
    // Only the bytes taken out of a buffer: Array's copy-on-write keeps them.
    var handedBack = randomPremultipliedBuffer(width: 40, height: 30, seed: 3)
    let bytes = handedBack.bytes
    let copied = original.copy(reusing: &handedBack)
    #expect(copied == original)
    #expect(bytes == randomPremultipliedBuffer(width: 40, height: 30, seed: 3).bytes)
}

@Test func copyIntoReusedMemoryEqualsCopyThenFill() {
    let source = randomPremultipliedBuffer(width: 61, height: 83, seed: 4)
    let shapes = [RoundedRect(rect: CGRect(x: 0, y: 0, width: 61, height: 83)),
                  RoundedRect(rect: CGRect(x: 5.5, y: 20.25, width: 40, height: 50), radii: CornerRadii(all: 9))]
    let paint = Paint.solid(CGColor(red: 0, green: 0, blue: 0, alpha: 1))
    var expected = source
    for shape in shapes { expected.fill(shape, with: paint, opacity: 0.3) }
    var storage = randomPremultipliedBuffer(width: 61, height: 83, seed: 5)
    let memory = storageAddress(of: storage)
    let fused = source.copy(filling: shapes, with: paint, opacity: 0.3, reusing: &storage)
    #expect(fused == expected)
    #expect(storageAddress(of: fused) == memory)
    #expect(source.copy(filling: shapes, with: paint, opacity: 0.3) == expected)
    var plain = consume fused
    let copy = source.copy(reusing: &plain)
    #expect(copy == source)
    #expect(storageAddress(of: copy) == memory)
}
