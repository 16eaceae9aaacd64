import Testing
import Foundation
@testable import Raster

@Test func colorsArePremultipliedAndRounded() {
    #expect(RGBA8(CGColor(red: 1, green: 0.5, blue: 0, alpha: 0.5)) == RGBA8(r: 128, g: 64, b: 0, a: 128))
    #expect(RGBA8(CGColor(red: 1, green: 1, blue: 1, alpha: 1), opacity: 0.5) == RGBA8(r: 128, g: 128, b: 128, a: 128))
    #expect(RGBA8(CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1)) == RGBA8(r: 51, g: 102, b: 153, a: 255))
    #expect(RGBA8(CGColor(red: 1, green: 1, blue: 1, alpha: 1), opacity: -1) == .clear)
    #expect(RGBA8(CGColor(red: 1, green: 1, blue: 1, alpha: 1), opacity: .nan) == .clear)
}

@Test func pixelRectArithmetic() {
    let a = PixelRect(x: 0, y: 0, width: 10, height: 10), b = PixelRect(x: 5, y: -3, width: 10, height: 5)
    #expect(a.intersection(b) == PixelRect(x: 5, y: 0, width: 5, height: 2))
    #expect(a.union(b) == PixelRect(x: 0, y: -3, width: 15, height: 13))
    #expect(a.intersection(PixelRect(x: 20, y: 20, width: 3, height: 3)).isEmpty)
    #expect(a.union(PixelRect(x: 50, y: 50, width: 0, height: 3)) == a)
    #expect(PixelRect(enclosing: CGRect(x: -0.5, y: 1.25, width: 2, height: 3)) == PixelRect(x: -1, y: 1, width: 3, height: 4))
    #expect(PixelRect(enclosing: CGRect(x: 1, y: 2, width: 3, height: 4)) == PixelRect(x: 1, y: 2, width: 3, height: 4))
}

@Test func pixelBufferBasics() {
    var b = PixelBuffer(width: 3, height: 2, fill: RGBA8(r: 1, g: 2, b: 3, a: 4))
    #expect(b.bytes == [UInt8](repeating: 0, count: 0) + Array([1, 2, 3, 4].map(UInt8.init)).repeated(6))
    b[2, 1] = RGBA8(r: 9, g: 8, b: 7, a: 6)
    #expect(b[2, 1] == RGBA8(r: 9, g: 8, b: 7, a: 6))
    #expect(Array(b.bytes[20..<24]) == [9, 8, 7, 6])
    #expect(PixelBuffer(width: -2, height: 5).bytes.isEmpty)
}

extension Array {
    func repeated(_ n: Int) -> [Element] { (0..<n).flatMap { _ in self } }
}

/// Blends with the written rules, independently of the module's code: C = S + D·(255 − Sa)/255.
func referenceOver(_ s: RGBA8, _ d: RGBA8) -> RGBA8 {
    let ia = 255 - Int(s.a)
    func ch(_ sc: UInt8, _ dc: UInt8) -> UInt8 { UInt8(min(255, Int(sc) + ref255(Int(dc), ia))) }
    return RGBA8(r: ch(s.r, d.r), g: ch(s.g, d.g), b: ch(s.b, d.b), a: ch(s.a, d.a))
}

@Test func halfRedOverOpaqueBlue() {
    let blue = RGBA8(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
    var b = PixelBuffer(width: 4, height: 4, fill: blue)
    b.fill(RoundedRect(rect: CGRect(x: 0, y: 0, width: 4, height: 4)), with: .solid(CGColor(red: 1, green: 0, blue: 0, alpha: 0.5)))
    #expect(b[1, 1] == RGBA8(r: 128, g: 0, b: 127, a: 255))
    // The same by compositing a buffer.
    var c = PixelBuffer(width: 4, height: 4, fill: blue)
    c.composite(PixelBuffer(width: 4, height: 4, fill: RGBA8(r: 128, g: 0, b: 0, a: 128)), atX: 0, y: 0)
    #expect(c == b)
    // Over transparent: the source itself.
    var d = PixelBuffer(width: 1, height: 1)
    d.composite(PixelBuffer(width: 1, height: 1, fill: RGBA8(r: 10, g: 20, b: 30, a: 40)), atX: 0, y: 0)
    #expect(d[0, 0] == RGBA8(r: 10, g: 20, b: 30, a: 40))
}

@Test func fillOpacityAndClip() {
    // Opacity 0.5 of opaque white: weight 128.
    var b = PixelBuffer(width: 4, height: 4, fill: RGBA8(r: 0, g: 0, b: 0, a: 255))
    b.fill(RoundedRect(rect: CGRect(x: 0, y: 0, width: 4, height: 4)), with: .solid(.white), opacity: 0.5)
    #expect(b[2, 2] == RGBA8(r: 128, g: 128, b: 128, a: 255))
    // Clip: 0 outside the mask's bounds, the mask value inside.
    var mask = CoverageMask(bounds: PixelRect(x: 1, y: 1, width: 2, height: 2), fill: 200)
    mask.values[3] = 255
    var c = PixelBuffer(width: 4, height: 4)
    c.fill(RoundedRect(rect: CGRect(x: 0, y: 0, width: 4, height: 4)), with: .solid(CGColor(red: 0, green: 1, blue: 0, alpha: 1)),
           opacity: 0.5, clip: mask)
    #expect(c[0, 0] == .clear && c[3, 3] == .clear && c[0, 2] == .clear)
    let w = ref255(128, 200)
    #expect(c[1, 1] == RGBA8(r: 0, g: UInt8(w), b: 0, a: UInt8(w)))
    #expect(c[2, 2] == RGBA8(r: 0, g: 128, b: 0, a: 128))
}

/// A deterministic, validly premultiplied test image.
func patternBuffer(width: Int, height: Int, seed: Int = 1) -> PixelBuffer {
    var b = PixelBuffer(width: width, height: height)
    for y in 0..<height { for x in 0..<width {
        let a = (x * 37 + y * 91 + seed * 13) % 256
        b[x, y] = RGBA8(r: UInt8((x * 7 + seed) % (a + 1)), g: UInt8((y * 5) % (a + 1)), b: UInt8(a / 2), a: UInt8(a))
    } }
    return b
}

@Test func fillBlendsEveryPixelByTheRules() {
    // A translucent rounded rect over an image: every pixel equals the reference blend of
    // paint ⊗ round(coverage × opacity), and pixels outside pixelBounds are untouched.
    let base = patternBuffer(width: 40, height: 30)
    let shape = RoundedRect(rect: CGRect(x: 3.6, y: 2.2, width: 30.5, height: 21.7), radii: CornerRadii(all: 7.5))
    let color = CGColor(red: 0.9, green: 0.3, blue: 0.1, alpha: 0.8)
    var b = base
    b.fill(shape, with: .solid(color), opacity: 0.7)
    let p = RGBA8(color)
    for y in 0..<30 { for x in 0..<40 {
        let w = ref8(shape.coverage(x: x, y: y) * 0.7)
        let s = RGBA8(r: UInt8(ref255(Int(p.r), w)), g: UInt8(ref255(Int(p.g), w)), b: UInt8(ref255(Int(p.b), w)), a: UInt8(ref255(Int(p.a), w)))
        #expect(b[x, y] == referenceOver(s, base[x, y]), "(\(x), \(y))")
    } }
}

@Test func fastPathEqualsGeneralPath() {
    // Without a clip, a solid fill takes the row-span fast path; a clip of all 255 forces the general
    // per-pixel path; a gradient whose stops are all the same colour is a third route. Same bytes.
    let base = patternBuffer(width: 50, height: 40, seed: 3)
    let shape = RoundedRect(rect: CGRect(x: -2.5, y: 1.3, width: 45.2, height: 33.3),
                            radii: CornerRadii(topLeft: 12, topRight: 0, bottomLeft: 3.3, bottomRight: 20))
    for color in [CGColor.white, CGColor(red: 0.2, green: 0.5, blue: 0.7, alpha: 0.6)] {
        for opacity in [1.0, 0.35] {
            var fast = base, clipped = base, gradient = base
            fast.fill(shape, with: .solid(color), opacity: opacity)
            clipped.fill(shape, with: .solid(color), opacity: opacity, clip: CoverageMask(bounds: base.bounds, fill: 255))
            gradient.fill(shape, with: .axialGradient(start: CGPoint(x: 0, y: 0), end: CGPoint(x: 30, y: 17),
                                                      stops: [GradientStop(location: 0.2, color: color),
                                                              GradientStop(location: 0.9, color: color)]),
                          opacity: opacity)
            #expect(fast == clipped)
            #expect(fast == gradient)
        }
    }
}

@Test func fillNeverTouchesPixelsOutsidePixelBounds() {
    let base = patternBuffer(width: 30, height: 30, seed: 5)
    let shape = RoundedRect(rect: CGRect(x: 5.5, y: 6.5, width: 10, height: 12), radii: CornerRadii(all: 2))
    var b = base
    b.fill(shape, with: .solid(CGColor(red: 1, green: 0, blue: 1, alpha: 1)))
    let pb = shape.pixelBounds
    for y in 0..<30 { for x in 0..<30 where !(x >= pb.x && x < pb.maxX && y >= pb.y && y < pb.maxY) {
        #expect(b[x, y] == base[x, y])
    } }
    // Shapes partly or wholly outside the buffer.
    var c = base
    c.fill(RoundedRect(rect: CGRect(x: -100, y: -100, width: 50, height: 50)), with: .solid(.white))
    #expect(c == base)
    c.fill(RoundedRect(rect: CGRect(x: 25.5, y: -10, width: 100, height: 15)), with: .solid(.white))
    #expect(c[29, 0] == RGBA8(r: 255, g: 255, b: 255, a: 255) && c[25, 4] == referenceOver(RGBA8(r: 128, g: 128, b: 128, a: 128), base[25, 4]))
}

@Test func compositeOpacityClipAndPartlyOutside() {
    let base = patternBuffer(width: 20, height: 16, seed: 2)
    let src = patternBuffer(width: 12, height: 9, seed: 7)
    var mask = CoverageMask(bounds: PixelRect(x: -3, y: 2, width: 14, height: 20), fill: 0)
    for i in mask.values.indices { mask.values[i] = UInt8((i * 29) % 256) }
    for (ox, oy) in [(4, 3), (-5, -2), (14, 10), (-20, 0)] {
        for opacity in [1.0, 0.6] {
            for clip in [nil, mask] {
                var b = base
                b.composite(src, atX: ox, y: oy, opacity: opacity, clip: clip)
                let w0 = ref8(opacity)
                for y in 0..<16 { for x in 0..<20 {
                    let sx = x - ox, sy = y - oy
                    guard sx >= 0, sy >= 0, sx < 12, sy < 9 else { #expect(b[x, y] == base[x, y]); continue }
                    let w = clip.map { ref255(w0, Int($0[x, y])) } ?? w0
                    let s = src[sx, sy]
                    let ws = RGBA8(r: UInt8(ref255(Int(s.r), w)), g: UInt8(ref255(Int(s.g), w)),
                                   b: UInt8(ref255(Int(s.b), w)), a: UInt8(ref255(Int(s.a), w)))
                    #expect(b[x, y] == referenceOver(ws, base[x, y]), "offset (\(ox), \(oy)) pixel (\(x), \(y))")
                } }
            }
        }
    }
}

@Test func coverageMasks() {
    let shape = RoundedRect(rect: CGRect(x: 2.5, y: 3.25, width: 20, height: 10), radii: CornerRadii(all: 4))
    let m = CoverageMask(shape, within: PixelRect(x: 0, y: 0, width: 15, height: 100))
    #expect(m.bounds == PixelRect(x: 2, y: 3, width: 13, height: 11))
    for y in -1..<16 { for x in -1..<25 {
        let inside = x >= 2 && x < 15 && y >= 3 && y < 14
        #expect(Int(m[x, y]) == (inside ? ref8(shape.coverage(x: x, y: y)) : 0))
    } }
    let other = CoverageMask(bounds: PixelRect(x: 10, y: 0, width: 10, height: 8), fill: 100)
    let i = m.intersected(with: other)
    #expect(i.bounds == PixelRect(x: 10, y: 3, width: 5, height: 5))
    for y in 3..<8 { for x in 10..<15 { #expect(Int(i[x, y]) == ref255(Int(m[x, y]), 100)) } }
    #expect(m.intersected(with: CoverageMask(bounds: PixelRect(x: 50, y: 50, width: 2, height: 2), fill: 255)).bounds.isEmpty)
    let moved = m.offsetBy(dx: -2, dy: 5)
    #expect(moved.bounds == PixelRect(x: 0, y: 8, width: 13, height: 11))
    #expect(moved[5, 12] == m[7, 7])
    // A mask built by the shape equals filling the shape in white.
    var b = PixelBuffer(width: 15, height: 20)
    b.fill(shape, with: .solid(.white))
    for y in 0..<20 { for x in 0..<15 { #expect(b[x, y].a == m[x, y]) } }
}

@Test func compositeOfMostlyOpaqueSourceMatchesReference() {
    // Opaque runs of odd and even lengths take the two-pixels-at-a-time path; the rest pixel by pixel.
    var src = PixelBuffer(width: 23, height: 7)
    for y in 0..<7 { for x in 0..<23 {
        let opaque = (x / (y + 1)) % 3 != 2
        src[x, y] = opaque ? RGBA8(r: UInt8(x * 11), g: UInt8(y * 30), b: 77, a: 255) : RGBA8(r: 20, g: 10, b: 0, a: 40)
    } }
    let base = patternBuffer(width: 30, height: 10, seed: 4)
    for (ox, opacity) in [(0, 0.6), (3, 0.25), (-1, 0.999), (4, 1.0)] {
        var b = base
        b.composite(src, atX: ox, y: 2, opacity: opacity)
        let w = ref8(opacity)
        for y in 0..<10 { for x in 0..<30 {
            let sx = x - ox, sy = y - 2
            guard sx >= 0, sy >= 0, sx < 23, sy < 7 else { #expect(b[x, y] == base[x, y]); continue }
            let s = src[sx, sy]
            let ws = RGBA8(r: UInt8(ref255(Int(s.r), w)), g: UInt8(ref255(Int(s.g), w)),
                           b: UInt8(ref255(Int(s.b), w)), a: UInt8(ref255(Int(s.a), w)))
            #expect(b[x, y] == referenceOver(ws, base[x, y]), "opacity \(opacity) pixel (\(x), \(y))")
        } }
    }
}
