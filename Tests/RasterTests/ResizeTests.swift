import Testing
import Foundation
@testable import Raster

@Test(arguments: [(37, 23, 10, 7), (37, 23, 37, 5), (100, 60, 33, 17), (5, 5, 13, 9), (8, 8, 1, 1), (9, 4, 9, 4)])
func constantImageStaysConstant(_ w: Int, _ h: Int, _ ow: Int, _ oh: Int) {
    let p = RGBA8(r: 17, g: 99, b: 140, a: 201)
    let r = PixelBuffer(width: w, height: h, fill: p).resized(width: ow, height: oh)
    #expect(r.width == ow && r.height == oh && r.bytes.count == ow * oh * 4)
    #expect(r == PixelBuffer(width: ow, height: oh, fill: p))
}

@Test func checkerboardHalvesToUniformGrey() {
    var b = PixelBuffer(width: 64, height: 48)
    for y in 0..<48 { for x in 0..<64 where (x + y) % 2 == 0 { b[x, y] = RGBA8(r: 255, g: 255, b: 255, a: 255) } }
    let r = b.resized(width: 32, height: 24)
    #expect(r == PixelBuffer(width: 32, height: 24, fill: RGBA8(r: 128, g: 128, b: 128, a: 128)))   // 127.5 rounds up
}

@Test func fractionalFootprintsUseExactWeights() {
    // 10 → 4 pixels: output j covers source [2.5j, 2.5(j+1)].
    var b = PixelBuffer(width: 10, height: 1)
    for x in 0..<10 { b[x, 0] = RGBA8(r: UInt8(x * 10), g: 0, b: 0, a: 255) }
    let r = b.resized(width: 4, height: 1)
    // (0 + 10 + ½·20)/2.5 = 8; (½·20 + 30 + 40)/2.5 = 32; (50 + 60 + ½·70)/2.5 = 58; (½·70 + 80 + 90)/2.5 = 82.
    #expect((0..<4).map { r[$0, 0].r } == [8, 32, 58, 82])
    #expect((0..<4).allSatisfy { r[$0, 0].a == 255 })
    // Total mass is kept by a 3× box downscale of a pattern (averages of 9 pixels).
    let p = patternBuffer(width: 30, height: 21)
    let q = p.resized(width: 10, height: 7)
    for y in 0..<7 { for x in 0..<10 {
        var sum = 0
        for j in 0..<3 { for i in 0..<3 { sum += Int(p[3 * x + i, 3 * y + j].a) } }
        #expect(Int(q[x, y].a) == Int((Double(sum) / 9).rounded(.toNearestOrAwayFromZero)))
    } }
}

@Test func emptyAndUpscaledSizes() {
    #expect(PixelBuffer(width: 5, height: 5).resized(width: 0, height: 3).bytes.isEmpty)
    #expect(PixelBuffer(width: 0, height: 0).resized(width: 2, height: 2) == PixelBuffer(width: 2, height: 2))
    // Upscaling interpolates between pixel centres and keeps the end values.
    var b = PixelBuffer(width: 2, height: 1)
    b[0, 0] = RGBA8(r: 0, g: 0, b: 0, a: 255); b[1, 0] = RGBA8(r: 200, g: 0, b: 0, a: 255)
    let r = b.resized(width: 4, height: 1)
    #expect((0..<4).map { r[$0, 0].r } == [0, 50, 150, 200])
}
