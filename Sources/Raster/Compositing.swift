// Compositing a whole buffer onto another at an integer offset.
import CoreGraphics

extension PixelBuffer {
    mutating func compositeBuffer(_ source: PixelBuffer, x: Int, y: Int, opacity: Double, clip: CoverageMask?) {
        let w0 = quantize(unitClamp(opacity))
        guard w0 > 0 else { return }
        var region = PixelRect(x: x, y: y, width: source.width, height: source.height).intersection(bounds)
        if let clip { clip.checkSize(); region = region.intersection(clip.bounds) }
        guard !region.isEmpty else { return }
        withMutablePixels { target in
            source.withPixels { sourcePixels in
                CoverageMask.withValues(of: clip) { clipValues in
                    for py in region.y..<region.maxY {
                        let drow = target.row(py)
                        let srow = sourcePixels.row(py - y).advanced(by: -x)   // indexed by absolute x
                        if let clipValues {
                            let crow = clipValues.row(py)
                            for px in region.x..<region.maxX {
                                let c = crow[px]
                                if c == 0 { continue }
                                let wt = w0 == 255 ? c : UInt8(truncatingIfNeeded: mul255(UInt32(w0), UInt32(c)))
                                blendPixel(drow, at: px, spread(srow[px]), weight: wt)
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
                            var px = region.x
                            while px < region.maxX {
                                if px + 1 < region.maxX {
                                    let x = srow.load(UInt64.self, at: px)
                                    if x & 0xFF00_0000_FF00_0000 == 0xFF00_0000_FF00_0000 {
                                        let y = drow.load(UInt64.self, at: px)
                                        let rb = mulLanes(x & laneMask, w) &+ mulLanes(y & laneMask, ia)
                                        let ag = mulLanes((x >> 8) & laneMask, w) &+ mulLanes((y >> 8) & laneMask, ia)
                                        drow.store(rb | ag << 8, at: px)
                                        px += 2
                                        continue
                                    }
                                }
                                let s = srow[px]
                                if s != 0 { blendPixel(drow, at: px, spread(s), weight: w0) }
                                px += 1
                            }
                        }
                    }
                }
            }
        }
    }
}
