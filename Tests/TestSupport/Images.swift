import Raster

/// An image built pixel by pixel from premultiplied (r, g, b, a) bytes.
public func makeImage(width: Int, height: Int, _ pixel: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> PixelBuffer {
    var image = PixelBuffer(width: width, height: height)
    for y in 0..<height {
        for x in 0..<width {
            let (r, g, b, a) = pixel(x, y)
            let i = (y * width + x) * 4
            image.bytes[i] = r; image.bytes[i + 1] = g; image.bytes[i + 2] = b; image.bytes[i + 3] = a
        }
    }
    return image
}

public func solid(_ width: Int, _ height: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) -> PixelBuffer {
    makeImage(width: width, height: height) { _, _ in (r, g, b, a) }
}

/// A validly premultiplied random image. Per pixel, in this order: one alpha draw, then r, g, b each in
/// 0...alpha (alpha is 255 when `opaque`, the draw still made so the sequence is the same).
public func randomPremultipliedBuffer(width: Int, height: Int, opaque: Bool = false,
                                      using rng: inout some RandomNumberGenerator) -> PixelBuffer {
    var buffer = PixelBuffer(width: width, height: height)
    for i in 0..<buffer.width * buffer.height {
        let drawn = UInt8.random(in: 0...255, using: &rng)
        let alpha = opaque ? 255 : drawn
        for c in 0..<3 { buffer.bytes[i * 4 + c] = UInt8.random(in: 0...alpha, using: &rng) }
        buffer.bytes[i * 4 + 3] = alpha
    }
    return buffer
}

/// The same image for the same seed (SplitMix64).
public func randomPremultipliedBuffer(width: Int, height: Int, seed: UInt64) -> PixelBuffer {
    var rng = SplitMix64(seed: seed)
    return randomPremultipliedBuffer(width: width, height: height, using: &rng)
}

/// The four bytes of pixel (x, y), as Ints so they print and compare as a list.
public func pixel(_ image: PixelBuffer, _ x: Int, _ y: Int) -> [Int] {
    let i = (y * image.width + x) * 4
    return image.bytes[i..<(i + 4)].map(Int.init)
}

/// The pixels whose bytes differ, row by row. The images must be the same size.
public func differingPixels(_ a: PixelBuffer, _ b: PixelBuffer) -> [(x: Int, y: Int)] {
    precondition(a.width == b.width && a.height == b.height, "sizes differ")
    var found: [(x: Int, y: Int)] = []
    for p in 0..<a.width * a.height where a.bytes[p * 4..<p * 4 + 4] != b.bytes[p * 4..<p * 4 + 4] {
        found.append((p % a.width, p / a.width))
    }
    return found
}

/// nil when the images are byte-identical; else a short line for a failure message: the sizes, or how
/// many pixels differ and the first of them.
public func pixelDifference(_ a: PixelBuffer, _ b: PixelBuffer) -> String? {
    guard a.width == b.width, a.height == b.height else { return "size \(a.width)×\(a.height) vs \(b.width)×\(b.height)" }
    let differing = differingPixels(a, b)
    guard let (x, y) = differing.first else { return nil }
    return "\(differing.count) pixels differ, first at (\(x), \(y)): \(pixel(a, x, y)) vs \(pixel(b, x, y))"
}

/// The largest difference of any byte between two images; Int.max when their sizes differ.
public func largestChannelDifference(_ a: PixelBuffer, _ b: PixelBuffer) -> Int {
    guard a.width == b.width, a.height == b.height else { return .max }
    return zip(a.bytes, b.bytes).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
}

/// Where a buffer's bytes live, to tell reused memory from new.
public func storageAddress(of buffer: PixelBuffer) -> Int {
    buffer.bytes.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
}
