import Testing
import Foundation
@testable import Raster
import TestSupport

// MARK: - Helpers (independent of the rasterizer)

/// Per-pixel coverage of `path` by the polygon rasterizer (never the analytic rounded-rect shortcut),
/// over `region`, row-major.
func polygonCoverage(_ path: Path, rule: FillRule = .nonZero, region: PixelRect) -> [Double] {
    var out = [Double](repeating: 0, count: region.width * region.height)
    var source = PolygonCoverage(path.flattened(), rule: rule, region: region)
    for py in region.y..<region.maxY {
        let base = (py - region.y) * region.width
        var pieces: [(Int, Int, Double?)] = []
        source.computeRow(py) { pieces.append(($0, $1, $2)) }
        for (s, e, constant) in pieces { for x in s..<e { out[base + x] = constant ?? source.coverage[x] } }
    }
    return out
}

func sum(_ a: [Double]) -> Double { a.reduce(0, +) }

/// Σ coverage over the path's pixel bounds.
func totalCoverage(_ path: Path, rule: FillRule = .nonZero) -> Double {
    let b = path.flattened().pixelBounds
    return polygonCoverage(path, rule: rule, region: b).reduce(0, +)
}

/// Shoelace area of a closed polygon.
func shoelace(_ p: [CGPoint]) -> Double {
    var a = 0.0
    for i in p.indices {
        let q = p[(i + 1) % p.count]
        a += Double(p[i].x) * Double(q.y) - Double(q.x) * Double(p[i].y)
    }
    return a / 2
}

func polygonPath(_ p: [CGPoint]) -> Path {
    var path = Path()
    path.move(to: p[0])
    for q in p.dropFirst() { path.line(to: q) }
    path.close()
    return path
}

/// The exact area of a convex polygon inside the pixel square (Sutherland–Hodgman, then shoelace).
func clippedArea(_ poly: [CGPoint], pixelX: Int, pixelY: Int) -> Double {
    var pts = poly.map { (Double($0.x), Double($0.y)) }
    let x0 = Double(pixelX), y0 = Double(pixelY)
    let planes: [((Double, Double)) -> Double] = [{ $0.0 - x0 }, { x0 + 1 - $0.0 }, { $0.1 - y0 }, { y0 + 1 - $0.1 }]
    for f in planes {
        var out: [(Double, Double)] = []
        for i in pts.indices {
            let p = pts[i], q = pts[(i + 1) % pts.count]
            let fp = f(p), fq = f(q)
            if fp >= 0 { out.append(p) }
            if (fp >= 0) != (fq >= 0) {
                let t = fp / (fp - fq)
                out.append((p.0 + (q.0 - p.0) * t, p.1 + (q.1 - p.1) * t))
            }
        }
        pts = out
        if pts.isEmpty { return 0 }
    }
    return abs(shoelace(pts.map { CGPoint(x: $0.0, y: $0.1) }))
}

// MARK: - Transform2D

@Test func transformComposeAndInvert() {
    let t = Transform2D(a: 1.5, b: 0.3, c: 10, d: -0.2, e: 0.9, f: 4, g: 0.001, h: -0.0005, i: 1)
    let r = Transform2D.rotation(0.7).then(.translation(3, -2))
    let p = CGPoint(x: 12.5, y: -7.25)
    let q = r.apply(t.apply(p)), q2 = t.then(r).apply(p)
    #expect(abs(q.x - q2.x) < 1e-9 && abs(q.y - q2.y) < 1e-9)
    let back = t.inverse!.apply(t.apply(p))
    #expect(abs(back.x - p.x) < 1e-9 && abs(back.y - p.y) < 1e-9)
    let affine = Transform2D(a: 2, b: 1, c: 5, d: 0.5, e: 3, f: -1)
    #expect(affine.inverse!.isAffine)
    #expect(affine.then(affine.inverse!).apply(p).x - p.x < 1e-12)
    #expect(Transform2D(a: 1, b: 2, c: 0, d: 2, e: 4, f: 0).inverse == nil)
    #expect(Transform2D.scale(2, 3).isAxisAligned && !Transform2D.rotation(0.1).isAxisAligned)
}

// MARK: - Exact polygon coverage

/// An axis-aligned rectangle built from lines: every pixel equals the analytic RoundedRect coverage.
@Test func rectanglePolygonMatchesAnalyticCoverage() {
    for r in [CGRect(x: 10.3, y: 20.7, width: 100.25, height: 50.5), CGRect(x: 0.3, y: 0.4, width: 0.5, height: 0.6),
              CGRect(x: -5.5, y: -3.25, width: 20, height: 10), CGRect(x: 3, y: 4, width: 7, height: 2)] {
        let path = polygonPath([CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
                                CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY)])
        let shape = RoundedRect(rect: r)
        let region = PixelRect(x: Int(r.minX.rounded(.down)) - 2, y: Int(r.minY.rounded(.down)) - 2,
                               width: Int(r.width) + 5, height: Int(r.height) + 5)
        let cov = polygonCoverage(path, region: region)
        var maxErr = 0.0
        for y in 0..<region.height { for x in 0..<region.width {
            maxErr = max(maxErr, abs(cov[y * region.width + x] - shape.coverage(x: region.x + x, y: region.y + y)))
        } }
        #expect(maxErr <= 1e-9, "\(r): max error \(maxErr)")
    }
}

/// Convex polygons at arbitrary angles: every pixel equals the exact clipped area.
@Test func convexPolygonsHaveExactPixelCoverage() {
    let polys: [[CGPoint]] = [
        [CGPoint(x: 3.2, y: 1.7), CGPoint(x: 27.9, y: 9.1), CGPoint(x: 11.4, y: 24.6)],
        [CGPoint(x: 15, y: 2.5), CGPoint(x: 28.3, y: 15.2), CGPoint(x: 15.4, y: 28.1), CGPoint(x: 2.2, y: 15.7)],
        [CGPoint(x: 1.1, y: 1.1), CGPoint(x: 29.5, y: 1.3), CGPoint(x: 29.2, y: 1.9), CGPoint(x: 1.05, y: 2.0)],  // thin sliver
        [CGPoint(x: 10.5, y: 0.5), CGPoint(x: 10.6, y: 29.5), CGPoint(x: 9.9, y: 29.4)],                          // near-vertical
    ]
    for poly in polys {
        for ordered in [poly, poly.reversed()] {   // either orientation
            let region = PixelRect(x: -1, y: -1, width: 33, height: 33)
            let cov = polygonCoverage(polygonPath(ordered), region: region)
            var maxErr = 0.0
            for y in 0..<33 { for x in 0..<33 {
                maxErr = max(maxErr, abs(cov[y * 33 + x] - clippedArea(poly, pixelX: x - 1, pixelY: y - 1)))
            } }
            #expect(maxErr <= 1e-12, "max error \(maxErr)")
        }
    }
}

/// Total coverage = area, for a concave polygon and for squares rotated by many angles.
@Test func polygonAndRotatedSquareAreas() {
    let star = (0..<10).map { k -> CGPoint in
        let r = k % 2 == 0 ? 40.0 : 17.0, a = Double(k) * .pi / 5 + 0.1
        return CGPoint(x: 50.3 + r * cos(a), y: 48.9 + r * sin(a))
    }
    #expect(abs(totalCoverage(polygonPath(star)) - abs(shoelace(star))) < 1e-9)
    for angle in stride(from: 0.0, to: Double.pi / 2, by: 0.137) {
        let square = [CGPoint(x: -13.7, y: -13.7), CGPoint(x: 13.7, y: -13.7), CGPoint(x: 13.7, y: 13.7), CGPoint(x: -13.7, y: 13.7)]
            .map { Transform2D.rotation(angle).then(.translation(40.25, 33.6)).apply($0) }
        let area = totalCoverage(polygonPath(square))
        #expect(abs(area - 27.4 * 27.4) < 1e-9, "angle \(angle): \(area)")
    }
}

/// Circles and ellipses: exact areas (the flattening keeps every arc's area), pixels within the
/// flattening tolerance of the analytic disk.
@Test func circleAndEllipseAreas() {
    for (c, r) in [(CGPoint(x: 30.3, y: 25.7), 2.5), (CGPoint(x: 50.5, y: 50.5), 20.0), (CGPoint(x: 301.2, y: 250.9), 240.0)] {
        let path = Path(ellipseIn: CGRect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r))
        #expect(path.analytic != nil)
        let area = totalCoverage(path)
        #expect(abs(area - Double.pi * r * r) <= 1e-9 * r * r, "r = \(r): \(area) vs \(Double.pi * r * r)")
        // Pixel by pixel against the exact disk coverage (a RoundedRect with radius = half the side).
        let disk = path.analytic!
        let region = disk.pixelBounds
        let cov = polygonCoverage(path, region: region)
        var maxErr = 0.0
        for y in 0..<region.height { for x in 0..<region.width {
            maxErr = max(maxErr, abs(cov[y * region.width + x] - disk.coverage(x: region.x + x, y: region.y + y)))
        } }
        #expect(maxErr <= Path.flatteningTolerance, "r = \(r): max pixel error \(maxErr)")
    }
    let ellipse = Path(ellipseIn: CGRect(x: 5.5, y: 7.25, width: 80, height: 30))
    #expect(ellipse.analytic == nil)
    #expect(abs(totalCoverage(ellipse) - Double.pi * 40 * 15) < 1e-8)
    // A rotated ellipse (affine map of the arcs, still exact).
    let rotated = ellipse.applying(Transform2D.translation(-45.5, -22.25).then(.rotation(0.6)).then(.translation(60, 60)))
    #expect(abs(totalCoverage(rotated) - Double.pi * 40 * 15) < 1e-8)
}

/// Overlapping contours: nonzero saturates at 1 (the union); even-odd leaves the overlap out; a reversed
/// inner contour is a hole under nonzero.
@Test func evenOddAndNonZeroOnOverlappingContours() {
    func square(_ x: Double, _ y: Double, _ s: Double, reversed: Bool = false) -> [CGPoint] {
        let p = [CGPoint(x: x, y: y), CGPoint(x: x + s, y: y), CGPoint(x: x + s, y: y + s), CGPoint(x: x, y: y + s)]
        return reversed ? p.reversed() : p
    }
    func path(_ contours: [[CGPoint]]) -> Path {
        var p = Path()
        for c in contours { p.move(to: c[0]); for q in c.dropFirst() { p.line(to: q) }; p.close() }
        return p
    }
    let a = square(10, 10, 40), b = square(30, 25, 40)
    let both = path([a, b])
    let region = PixelRect(x: 0, y: 0, width: 80, height: 80)
    let nz = polygonCoverage(both, rule: .nonZero, region: region), eo = polygonCoverage(both, rule: .evenOdd, region: region)
    let union: Double = 1600 + 1600 - 20 * 25, symmetricDifference: Double = 1600 + 1600 - 2 * 20 * 25
    let nzSum = nz.reduce(0, +), eoSum = eo.reduce(0, +)
    #expect(abs(nzSum - union) < 1e-9)
    #expect(abs(eoSum - symmetricDifference) < 1e-9)
    #expect(nz[40 * 80 + 40] == 1 && eo[40 * 80 + 40] == 0)             // inside both
    #expect(nz[15 * 80 + 15] == 1 && eo[15 * 80 + 15] == 1)             // inside one
    // Two identical squares: winding 2 inside, coverage still 1, and exact along fractional edges.
    let twice = path([square(5.3, 5.6, 20), square(5.3, 5.6, 20)])
    let t = polygonCoverage(twice, region: PixelRect(x: 0, y: 0, width: 30, height: 30))
    #expect(t.allSatisfy { $0 <= 1 })
    let once = sum(polygonCoverage(path([square(5.3, 5.6, 20)]), region: PixelRect(x: 0, y: 0, width: 30, height: 30)))
    #expect(abs(once - 400) < 1e-9)
    #expect(t[15 * 30 + 15] == 1)
    // A hole: the inner square reversed.
    let ring = path([square(10, 10, 40), square(20, 20, 20, reversed: true)])
    let ringArea = sum(polygonCoverage(ring, region: region))
    #expect(abs(ringArea - 1200) < 1e-9)
    // The same inner square not reversed: nonzero fills it (winding 2), even-odd makes it a hole.
    let nested = path([square(10, 10, 40), square(20, 20, 20)])
    let nestedNonZero = sum(polygonCoverage(nested, rule: .nonZero, region: region))
    let nestedEvenOdd = sum(polygonCoverage(nested, rule: .evenOdd, region: region))
    #expect(abs(nestedNonZero - 1600) < 1e-9)
    #expect(abs(nestedEvenOdd - 1200) < 1e-9)
}

/// A square through a projective map covers exactly the area of the mapped quadrilateral.
@Test func projectiveSquareIsTheMappedQuadrilateral() {
    let t = Transform2D(a: 1.2, b: 0.15, c: 20, d: -0.1, e: 0.95, f: 30, g: 0.002, h: 0.0013, i: 1)
    let corners = [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 80), CGPoint(x: 0, y: 80)]
    let mapped = polygonPath(corners).applying(t)
    let quad = corners.map { t.apply($0) }
    #expect(abs(totalCoverage(mapped) - abs(shoelace(quad))) < 1e-8)
    // Curves under a projective map: a circle maps to a conic whose area is approached within the tolerance.
    let circle = Path(ellipseIn: CGRect(x: 10, y: 10, width: 60, height: 60)).applying(t)
    let fine = Path(ellipseIn: CGRect(x: 10, y: 10, width: 60, height: 60)).flattened(through: t, tolerance: 1e-5)
    var fineArea = 0.0
    var start = 0
    for end in fine.contourEnds {
        fineArea += abs(shoelace(fine.points[start..<end].map { CGPoint(x: $0.x, y: $0.y) })); start = end
    }
    let perimeter = 2 * Double.pi * 30 * 2   // generous bound on the mapped length
    #expect(abs(totalCoverage(circle) - fineArea) <= Path.flatteningTolerance * perimeter)
    // Geometry behind the eye (w ≤ 0) is clipped away, not mirrored.
    let behind = Transform2D(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0, g: -0.02, h: 0, i: 1)   // w = 1 − x/50
    let clipped = polygonPath([CGPoint(x: 10, y: 10), CGPoint(x: 90, y: 10), CGPoint(x: 90, y: 20), CGPoint(x: 10, y: 20)])
        .applying(behind)
    #expect(clipped.bounds.minX >= 10 - 1e-9)
}

// MARK: - Rounded rects as paths

/// Circular corners: the polygon rasterizer agrees with the analytic coverage to the flattening tolerance.
@Test func circularRoundedRectPathMatchesAnalyticCoverage() {
    let rect = CGRect(x: 10.3, y: 20.7, width: 100.25, height: 50.5)
    let radii = CornerRadii(topLeft: 0, topRight: 5.5, bottomLeft: 12.25, bottomRight: 30)
    let path = Path(roundedRect: rect, radii: radii, curve: .circular)
    let shape = RoundedRect(rect: rect, radii: radii)
    #expect(path.analytic == shape)
    let region = shape.pixelBounds
    let cov = polygonCoverage(path, region: region)
    var maxErr = 0.0, sum = 0.0
    for y in 0..<region.height { for x in 0..<region.width {
        let c = cov[y * region.width + x]
        sum += c
        maxErr = max(maxErr, abs(c - shape.coverage(x: region.x + x, y: region.y + y)))
    } }
    #expect(maxErr <= Path.flatteningTolerance)
    #expect(abs(sum - exactArea(shape)) < 1e-8)
}

/// The continuous corner outline written out independently (from the numbers of the public reconstruction
/// in ChainableUIKit's UIBezierPath+ContinuousCorner), its area by
/// Green's theorem (exact Gauss–Legendre on each cubic).
private func continuousOutlineArea(_ rect: CGRect, _ r: Double) -> (area: Double, perimeter: Double) {
    typealias P = (Double, Double)
    let firstHalf: [[P]] = [
        [(1.52866483, 0), (1.08849323, 0), (0.86840689, 0), (0.66993427, 0.065496)],
        [(0.66993427, 0.065496), (0.63149399, 0.074911)],
        [(0.63149399, 0.074911), (0.37282392, 0.16905899), (0.16906013, 0.37282401), (0.07491176, 0.63149399)],
    ]
    let secondHalf: [[P]] = [
        [(0.07491176, 0.63149399), (0.065496, 0.66993427)],
        [(0.065496, 0.66993427), (0, 0.86840689), (0, 1.08849323), (0, 1.52866483)],
    ]
    let x0 = Double(rect.minX), y0 = Double(rect.minY), x1 = Double(rect.maxX), y1 = Double(rect.maxY)
    // Corners clockwise from the top right: vertex, a (back along the incoming edge), b (along the outgoing).
    let corners: [(P, P, P)] = [((x1, y0), (-1, 0), (0, 1)), ((x1, y1), (0, -1), (-1, 0)),
                                ((x0, y1), (1, 0), (0, -1)), ((x0, y0), (0, 1), (1, 0))]
    var segments: [[P]] = []
    for (v, a, b) in corners {
        func at(_ p: P) -> P { (v.0 + (a.0 * p.0 + b.0 * p.1) * r, v.1 + (a.1 * p.0 + b.1 * p.1) * r) }
        segments += (firstHalf + secondHalf).map { $0.map(at) }
    }
    // Close the gaps (the straight edges) between consecutive corner segments.
    var all: [[P]] = []
    for (k, s) in segments.enumerated() {
        all.append(s)
        let next = segments[(k + 1) % segments.count]
        if s.last! != next.first! { all.append([s.last!, next.first!]) }
    }
    let nodes = [(-0.8611363115940526, 0.3478548451374538), (-0.3399810435848563, 0.6521451548625461),
                 (0.3399810435848563, 0.6521451548625461), (0.8611363115940526, 0.3478548451374538)]
    var area = 0.0, length = 0.0
    for s in all {
        let n = s.count - 1
        for (x, w) in nodes {
            let t = (x + 1) / 2, wt = w / 2
            // Point and derivative of the line or cubic at t.
            var p = (0.0, 0.0), d = (0.0, 0.0)
            if n == 1 {
                p = (s[0].0 + (s[1].0 - s[0].0) * t, s[0].1 + (s[1].1 - s[0].1) * t)
                d = (s[1].0 - s[0].0, s[1].1 - s[0].1)
            } else {
                let u = 1 - t
                let b = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t]
                let db = [3 * u * u, 6 * u * t, 3 * t * t]
                for i in 0...3 { p.0 += b[i] * s[i].0; p.1 += b[i] * s[i].1 }
                for i in 0..<3 { d.0 += db[i] * (s[i + 1].0 - s[i].0); d.1 += db[i] * (s[i + 1].1 - s[i].1) }
            }
            area += wt * 0.5 * (p.0 * d.1 - p.1 * d.0)
            length += wt * (d.0 * d.0 + d.1 * d.1).squareRoot()
        }
    }
    return (abs(area), length)
}

@Test func continuousCornersAreaAndShape() {
    let rect = CGRect(x: 20.4, y: 15.3, width: 200.5, height: 120.25)
    for r in [0.0, 6.5, 24.0, 39.3] {
        let path = Path(roundedRect: rect, radii: CornerRadii(all: r), curve: .continuous)
        let (area, perimeter) = continuousOutlineArea(rect, r)
        let got = totalCoverage(path)
        // Chords lie inside convex curves: the deficit is at most ⅔·tolerance per unit length.
        #expect(got <= area + 1e-9 && area - got <= 2.0 / 3 * Path.flatteningTolerance * perimeter, "r = \(r): \(got) vs \(area)")
        if r == 0 { #expect(abs(area - 200.5 * 120.25) < 1e-9) }
    }
    // Radii larger than the side allows are reduced to min(w, h)/(2·1.52866483).
    let big = Path(roundedRect: rect, radii: CornerRadii(all: 100), curve: .continuous)
    let limit = 120.25 / (2 * 1.52866483)
    #expect(abs(totalCoverage(big) - totalCoverage(Path(roundedRect: rect, radii: CornerRadii(all: limit), curve: .continuous))) < 1e-9)
    // Continuous differs visibly from circular. The squircle leaves the edge at 1.5287·r instead of r, so
    // around the circular tangent point (r from the corner) it has already curved inward — less coverage
    // there — while near the diagonal it reaches slightly closer to the corner.
    let shape = RoundedRect(rect: CGRect(x: 0, y: 0, width: 200, height: 160), radii: CornerRadii(all: 48))   // 48 < 160/(2·1.5287)
    let cont = Path(roundedRect: shape.rect, radii: CornerRadii(all: 48), curve: .continuous)
    let region = PixelRect(x: 0, y: 0, width: 60, height: 60)
    let c = polygonCoverage(cont, region: region)
    // Pixel (48, 0): just below the top edge at the circular tangent point. Circular: fully covered.
    #expect(shape.coverage(x: 48, y: 0) == 1)
    #expect(c[0 * 60 + 48] < 0.7)
    // Along the corner's diagonal the continuous curve lies outside the circle (more coverage).
    let d = 14   // 48·(1 − 1/√2) ≈ 14.06: the circle passes through pixel (14, 14)
    #expect(c[d * 60 + d] > shape.coverage(x: d, y: d))
    // Per-corner radii, one of them zero (a sharp corner).
    let mixed = Path(roundedRect: rect, radii: CornerRadii(topLeft: 0, topRight: 10, bottomLeft: 20, bottomRight: 30), curve: .continuous)
    let pb = mixed.flattened().pixelBounds
    let mc = polygonCoverage(mixed, region: pb)
    #expect(abs(mc[0] - (21 - 20.4) * (16 - 15.3)) < 1e-9)   // top-left pixel: the sharp corner's exact overlap
}

// MARK: - Filling paths

@Test func fillPathUsesTheRules() {
    // A triangle over a pattern: every pixel is the reference blend of paint ⊗ round(coverage × opacity).
    let poly = [CGPoint(x: 3.2, y: 1.7), CGPoint(x: 37.9, y: 9.1), CGPoint(x: 11.4, y: 28.6)]
    let base = patternBuffer(width: 40, height: 30)
    var b = base
    let color = CGColor(red: 0.9, green: 0.3, blue: 0.1, alpha: 0.8)
    b.fill(polygonPath(poly), with: .solid(color), opacity: 0.65)   // 0.65·255 is not a rounding tie
    let paint = RGBA8(color)
    for y in 0..<30 { for x in 0..<40 {
        let w = ref8(clippedArea(poly, pixelX: x, pixelY: y) * 0.65)
        let s = RGBA8(r: UInt8(ref255(Int(paint.r), w)), g: UInt8(ref255(Int(paint.g), w)),
                      b: UInt8(ref255(Int(paint.b), w)), a: UInt8(ref255(Int(paint.a), w)))
        #expect(b[x, y] == (w == 0 ? base[x, y] : referenceOver(s, base[x, y])), "(\(x), \(y))")
    } }
    // With a clip: weight × clip.
    var mask = CoverageMask(bounds: PixelRect(x: 5, y: 3, width: 30, height: 20))
    for i in mask.values.indices { mask.values[i] = UInt8((i * 37) % 256) }
    var clear = PixelBuffer(width: 40, height: 30), clipped = clear
    clear.fill(polygonPath(poly), with: .solid(.white))
    clipped.fill(polygonPath(poly), with: .solid(.white), clip: mask)
    for y in 0..<30 { for x in 0..<40 {
        #expect(Int(clipped[x, y].a) == ref255(Int(clear[x, y].a), Int(mask[x, y])))
    } }
    // The coverage mask of a path is its quantized coverage.
    let m = CoverageMask(polygonPath(poly), within: PixelRect(x: 0, y: 0, width: 40, height: 30))
    for y in 0..<30 { for x in 0..<40 { #expect(Int(m[x, y]) == ref8(clippedArea(poly, pixelX: x, pixelY: y))) } }
}

@Test func roundedRectPathFillsLikeTheRoundedRectFill() {
    let rect = CGRect(x: 3.6, y: 2.2, width: 30.5, height: 21.7)
    let shape = RoundedRect(rect: rect, radii: CornerRadii(all: 7.5))
    let gradient = Paint.axialGradient(start: CGPoint(x: 2, y: 3), end: CGPoint(x: 35, y: 20),
                                       stops: [GradientStop(location: 0, color: CGColor(red: 1, green: 0, blue: 0, alpha: 1)),
                                               GradientStop(location: 1, color: CGColor(red: 0, green: 0, blue: 1, alpha: 0.5))])
    for paint in [Paint.solid(CGColor(red: 0.2, green: 0.7, blue: 0.4, alpha: 0.9)), gradient] {
        var a = patternBuffer(width: 40, height: 30), b = a
        a.fill(shape, with: paint, opacity: 0.8)
        b.fill(Path(roundedRect: rect, radii: CornerRadii(all: 7.5), curve: .circular), with: paint, opacity: 0.8)
        #expect(a == b)
        // Translated by whole pixels through `applying`, the analytic shape is kept.
        var c = patternBuffer(width: 40, height: 30)
        c.fill(Path(roundedRect: rect.offsetBy(dx: -3, dy: -2), radii: CornerRadii(all: 7.5), curve: .circular)
                .applying(.translation(3, 2)), with: paint, opacity: 0.8)
        #expect(c == a)
    }
    // A rectangle from lines fills like the rounded-rect fill (same coverage to 1e-9).
    let r = CGRect(x: 2, y: 3, width: 30, height: 20)
    var a = PixelBuffer(width: 40, height: 30), b = a
    a.fill(RoundedRect(rect: r), with: gradient)
    b.fill(polygonPath([CGPoint(x: 2, y: 3), CGPoint(x: 32, y: 3), CGPoint(x: 32, y: 23), CGPoint(x: 2, y: 23)]), with: gradient)
    #expect(a == b)
}

@Test func paintTransformMovesTheGradient() {
    let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1), blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    let stops = [GradientStop(location: 0, color: red), GradientStop(location: 1, color: blue)]
    let square = polygonPath([CGPoint(x: 0, y: 0), CGPoint(x: 64, y: 0), CGPoint(x: 64, y: 64), CGPoint(x: 0, y: 64)])
    // Gradient along x in paint space from 0 to 32; the paint transform maps buffer → paint space by a
    // rotation of 90° about (32, 32): the gradient then runs along y in the buffer.
    let toPaint = Transform2D.translation(-32, -32).then(.rotation(-.pi / 2)).then(.translation(32, 32))
    var b = PixelBuffer(width: 64, height: 64)
    b.fill(square, with: .axialGradient(start: CGPoint(x: 0, y: 0), end: CGPoint(x: 64, y: 0), stops: stops), paintTransform: toPaint)
    // The same gradient written directly in buffer space: its end points mapped back from paint space.
    var expected = PixelBuffer(width: 64, height: 64)
    let p0 = toPaint.inverse!.apply(CGPoint(x: 0, y: 0)), p1 = toPaint.inverse!.apply(CGPoint(x: 64, y: 0))
    expected.fill(RoundedRect(rect: CGRect(x: 0, y: 0, width: 64, height: 64)), with: .axialGradient(start: p0, end: p1, stops: stops))
    #expect(largestChannelDifference(b, expected) <= 1)
    #expect(b[10, 2] != b[10, 60] && b[2, 10] == b[60, 10])   // varies along y only
}

@Test func pathBasics() {
    var p = Path()
    #expect(p.isEmpty && p.bounds.isNull)
    p.line(to: CGPoint(x: 10, y: 0))          // no current point: starts at the origin
    p.line(to: CGPoint(x: 10, y: 10))
    p.close()
    p.line(to: CGPoint(x: -10, y: 0))         // after close: from the contour's start (0, 0)
    p.line(to: CGPoint(x: -10, y: -10))
    #expect(!p.isEmpty)
    #expect(p.bounds == CGRect(x: -10, y: -10, width: 20, height: 20))
    #expect(abs(totalCoverage(p) - 100) < 1e-9)   // two triangles of 50
    var q = Path()
    q.move(to: CGPoint(x: 0, y: 0))
    q.quadCurve(to: CGPoint(x: 20, y: 0), control: CGPoint(x: 10, y: 20))
    q.close()
    #expect(abs(totalCoverage(q) - 2.0 / 3 * 20 * 10) < 2.0 / 3 * Path.flatteningTolerance * 50)
    #expect(abs(q.bounds.maxY - 10) < Path.flatteningTolerance)
    // Arcs: a half disk (arc from angle 0 to π through +y, closed by the diameter) and a pie slice.
    var half = Path()
    half.arc(center: CGPoint(x: 30.4, y: 20.2), radius: 12.5, startAngle: 0, endAngle: .pi)
    half.close()
    #expect(abs(totalCoverage(half) - Double.pi * 12.5 * 12.5 / 2) < 1e-9)
    #expect(half.bounds.minY >= 20.2 - 1e-9 && half.bounds.maxY > 32.6)   // angles turn from +x toward +y
    var pie = Path()
    pie.move(to: CGPoint(x: 30, y: 30))
    pie.arc(center: CGPoint(x: 30, y: 30), radius: 20, startAngle: 1, endAngle: -0.5)   // backwards, 1.5 rad
    pie.close()
    #expect(abs(totalCoverage(pie) - 0.5 * 1.5 * 400) < 1e-9)
    // Empty and degenerate paths fill nothing.
    var b = patternBuffer(width: 10, height: 10)
    let before = b
    b.fill(Path(), with: .solid(.white))
    b.fill(Path(ellipseIn: .zero), with: .solid(.white))
    b.fill(polygonPath([CGPoint(x: 1, y: 1), CGPoint(x: 5, y: 5), CGPoint(x: 9, y: 9)]), with: .solid(.white))
    b.fill(polygonPath([CGPoint(x: 1, y: 1), CGPoint(x: Double.nan, y: 5), CGPoint(x: 9, y: 2)]), with: .solid(.white))
    #expect(b == before)
}
