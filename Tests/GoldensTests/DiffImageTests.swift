import Testing
import Foundation
import Goldens
import Raster
import Media
import TestSupport

let opaqueBlack = RGBA8(r: 0, g: 0, b: 0, a: 255)

@Suite struct DifferenceImages {
    @Test func blackWhereEqualAndScaledSoTheLargestIsFull() {
        let a = scene(20, 10)
        var b = a
        b[2, 3] = RGBA8(r: a[2, 3].r + 1, g: a[2, 3].g, b: a[2, 3].b, a: 255)
        b[7, 8] = RGBA8(r: a[7, 8].r, g: a[7, 8].g, b: a[7, 8].b - 4, a: 255)
        let d = ImageDiff.difference(a, b)
        #expect(d.width == 20 && d.height == 10)
        // Largest difference 4 → ×63.75: 4 → 255, 1 → 64.
        #expect(d[7, 8] == RGBA8(r: 0, g: 0, b: 255, a: 255))
        #expect(d[2, 3] == RGBA8(r: 64, g: 0, b: 0, a: 255))
        for y in 0..<10 { for x in 0..<20 where !((x, y) == (2, 3) || (x, y) == (7, 8)) { #expect(d[x, y] == opaqueBlack) } }
        #expect(ImageDiff.difference(a, a) == PixelBuffer(width: 20, height: 10, fill: opaqueBlack))
    }

    @Test func alphaOnlyChangesShowInEveryChannel() {
        let d = ImageDiff.difference(solid(2, 1, 0, 0, 0, 0), solid(2, 1, 0, 0, 0, 128))
        #expect(d[0, 0] == RGBA8(r: 255, g: 255, b: 255, a: 255))
    }

    @Test func sizeMismatchCoversTheUnionWithMagentaOutside() {
        let d = ImageDiff.difference(scene(6, 4), scene(4, 5))
        #expect(d.width == 6 && d.height == 5)
        #expect(d[3, 3] == opaqueBlack)
        #expect(d[4, 0] == ImageDiff.outsideColor && d[0, 4] == ImageDiff.outsideColor && d[5, 4] == ImageDiff.outsideColor)
    }
}

@Suite struct HeatMaps {
    @Test func greyBackgroundBlueWithinRampOverAndAFrame() {
        let a = solid(40, 30, 255, 255, 255)
        var b = a
        b[5, 5] = RGBA8(r: 254, g: 255, b: 255, a: 255)     // within .channel(2)
        b[20, 15] = RGBA8(r: 250, g: 255, b: 255, a: 255)   // over, small: near yellow
        b[30, 20] = RGBA8(r: 0, g: 255, b: 255, a: 255)     // over, large: red
        let h = ImageDiff.heatMap(a, b, tolerance: .channel(2))
        #expect(h[0, 0] == RGBA8(r: 127, g: 127, b: 127, a: 255))   // white, dimmed: 64 + 255/4
        #expect(h[5, 5] == ImageDiff.withinToleranceColor)
        #expect(h[30, 20] == RGBA8(r: 200, g: 0, b: 0, a: 255))
        let small = h[20, 15]
        #expect(small.r == 255 && small.g > 150 && small.b == 0)        // yellow side of the ramp
        // The frame: 3 pixels outside the box of the pixels over the tolerance, (20, 15)…(30, 20).
        #expect(h[17, 12] == ImageDiff.frameColor && h[33, 23] == ImageDiff.frameColor && h[25, 12] == ImageDiff.frameColor)
        #expect(h[18, 13] == RGBA8(r: 127, g: 127, b: 127, a: 255))
        // Under the exact tolerance the 1-step change is over it too, and the frame grows to include it.
        let exact = ImageDiff.heatMap(a, b)
        #expect(exact[5, 5] != ImageDiff.withinToleranceColor && exact[2, 2] == ImageDiff.frameColor)
    }

    @Test func noDifferenceIsJustDimGreyAndSizesDifferInMagenta() {
        let a = scene(10, 10)
        let h = ImageDiff.heatMap(a, a)
        for y in 0..<10 { for x in 0..<10 { #expect(h[x, y].r == h[x, y].g && h[x, y].g == h[x, y].b && (64...127).contains(h[x, y].r)) } }
        let m = ImageDiff.heatMap(scene(10, 10), scene(12, 10))
        #expect(m.width == 12 && m[11, 0] == ImageDiff.outsideColor)
    }
}

@Suite struct SideBySide {
    @Test func topAlignedWithGapsOverTheBackground() {
        let background = RGBA8(r: 1, g: 2, b: 3, a: 255)
        let row = ImageDiff.sideBySide([solid(3, 2, 255, 0, 0), solid(2, 4, 0, 255, 0), solid(1, 1, 0, 0, 0, 0)],
                                       gap: 2, background: background)
        #expect(row.width == 3 + 2 + 2 + 2 + 1 && row.height == 4)
        #expect(row[0, 0] == RGBA8(r: 255, g: 0, b: 0, a: 255) && row[0, 2] == background)   // below the shorter one
        #expect(row[3, 0] == background && row[5, 3] == RGBA8(r: 0, g: 255, b: 0, a: 255))
        #expect(row[9, 0] == background)                                                  // transparent shows it
        #expect(ImageDiff.sideBySide([]).width == 0)
    }
}

/// Writes a failure report's pictures (expected | actual | difference, and the heat map) of a crafted
/// UI-like change to PNG and reads them back. Set GOLDENS_PREVIEW_DIR to keep them for looking at.
@Suite struct ReportPictures {
    /// A 180×120 "screen": a vertical gradient, a white card with rounded corners, three text bars.
    static func screen(cardX: Int, accent: (UInt8, UInt8, UInt8)) -> PixelBuffer {
        makeImage(width: 180, height: 120) { x, y in
            let inCard: Bool = {
                let (x0, y0, x1, y1, r) = (cardX, 20, cardX + 120, 100, 10)
                guard x >= x0, x < x1, y >= y0, y < y1 else { return false }
                let cx = min(max(x, x0 + r), x1 - 1 - r), cy = min(max(y, y0 + r), y1 - 1 - r)
                return (x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r
            }()
            if inCard {
                if (34...40).contains(y) && x >= cardX + 12 && x < cardX + 100 { return (accent.0, accent.1, accent.2, 255) }
                if (52...56).contains(y) || (66...70).contains(y), x >= cardX + 12, x < cardX + 90 { return (60, 60, 70, 255) }
                return (255, 255, 255, 255)
            }
            return (UInt8(30 + y / 2), UInt8(90 + y / 3), 200, 255)
        }
    }

    @Test func writeAndReadBack() throws {
        let expected = Self.screen(cardX: 30, accent: (0, 122, 255))
        // The card moved one pixel right, and the accent bar turned a little more purple.
        let actual = Self.screen(cardX: 31, accent: (40, 110, 255))
        let comparison = ImageDiff.compare(expected, actual, tolerance: .perceptual(deltaE: 2))
        #expect(!comparison.passes)
        let pictures = [
            "report": ImageDiff.sideBySide([expected, actual, ImageDiff.difference(expected, actual)], gap: 6),
            "heatmap": ImageDiff.heatMap(expected, actual, tolerance: .perceptual(deltaE: 2)),
            "heatmap-size": ImageDiff.heatMap(expected, Self.screen(cardX: 30, accent: (0, 122, 255)).resized(width: 170, height: 120),
                                              tolerance: .channel(8)),
        ]
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let keep = ProcessInfo.processInfo.environment["GOLDENS_PREVIEW_DIR"].map { URL(fileURLWithPath: $0) }
        for (name, picture) in pictures {
            let bytes = try PNGCodec.encode(picture)
            try Data(bytes).write(to: directory.path("\(name).png"))
            #expect(try PNGCodec.decode(contentsOf: directory.path("\(name).png")) == picture)
            if let keep { try Data(bytes).write(to: keep.appendingPathComponent("\(name).png")) }
        }
        if keep != nil { print(comparison.summary) }
    }
}
