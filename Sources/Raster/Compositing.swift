// Compositing a whole buffer onto another at an integer offset.
import CoreGraphics

extension PixelBuffer {
    mutating func compositeBuffer(_ source: PixelBuffer, x: Int, y: Int, opacity: Double, clip: CoverageMask?) {
        let w0 = quantize(unitClamp(opacity))
        guard w0 > 0 else { return }
        var region = PixelRect(x: x, y: y, width: source.width, height: source.height).intersection(bounds)
        if let clip { clip.checkSize(); region = region.intersection(clip.bounds) }
        guard !region.isEmpty else { return }
        let width = self.width, sw = source.width
        let clipValues = clip?.values ?? []
        withWords { dst in
            source.withWordsReadOnly { src in
                clipValues.withUnsafeBufferPointer { cbuf in
                    for py in region.y..<region.maxY {
                        let drow = dst + py * width
                        let srow = src + (py - y) * sw - x   // indexed by absolute x
                        if let clip {
                            let crow = cbuf.baseAddress! + (py - clip.bounds.y) * clip.bounds.width - clip.bounds.x
                            for px in region.x..<region.maxX {
                                let c = crow[px]
                                if c == 0 { continue }
                                let wt = w0 == 255 ? c : UInt8(truncatingIfNeeded: mul255(UInt32(w0), UInt32(c)))
                                blendPixel(drow + px, spread(srow[px]), weight: wt)
                            }
                        } else if w0 == 255 {
                            for px in region.x..<region.maxX {
                                let s = srow[px]
                                if s >> 24 == 255 { drow[px] = s; continue }
                                if s == 0 { continue }
                                drow[px] = over(spread(s), inverseAlpha: UInt64(255 &- (s >> 24)), drow[px])
                            }
                        } else {
                            // Opacity < 1. Two opaque source pixels at a time: both then have alpha w0 after
                            // the opacity, so the destination factor 255 − w0 is shared and the pair is
                            // blended in 16-bit lanes of two 64-bit words (the same arithmetic as blendPixel).
                            let w = UInt64(w0), ia = 255 - w
                            let sraw = UnsafeRawPointer(srow), draw = UnsafeMutableRawPointer(drow)
                            var px = region.x
                            while px < region.maxX {
                                if px + 1 < region.maxX {
                                    let x = sraw.loadUnaligned(fromByteOffset: px * 4, as: UInt64.self)
                                    if x & 0xFF00_0000_FF00_0000 == 0xFF00_0000_FF00_0000 {
                                        let y = draw.loadUnaligned(fromByteOffset: px * 4, as: UInt64.self)
                                        let rb = mulLanes(x & laneMask, w) &+ mulLanes(y & laneMask, ia)
                                        let ag = mulLanes((x >> 8) & laneMask, w) &+ mulLanes((y >> 8) & laneMask, ia)
                                        draw.storeBytes(of: rb | ag << 8, toByteOffset: px * 4, as: UInt64.self)
                                        px += 2
                                        continue
                                    }
                                }
                                let s = srow[px]
                                if s != 0 { blendPixel(drow + px, spread(s), weight: w0) }
                                px += 1
                            }
                        }
                    }
                }
            }
        }
    }
}
