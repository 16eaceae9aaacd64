// Stroking, dashing and trimming of paths: the geometry behind CAShapeLayer's stroke and Core Graphics'
// `copy(strokingWithWidth:…)` / `copy(dashingWithPhase:lengths:)`. Everything works on the path flattened
// into polylines (curves to within `Polyline.tolerance` points), so the rasterizer fills the result with
// its exact-area coverage like any other shape.

/// How the ends of open subpaths are drawn (Core Graphics' `CGLineCap`).
public enum CGLineCap: Int32, Sendable, CaseIterable {
    case butt = 0, round, square
}

/// How two segments meet (Core Graphics' `CGLineJoin`).
public enum CGLineJoin: Int32, Sendable, CaseIterable {
    case miter = 0, round, bevel
}

extension CGPath {
    /// The area a stroke of this path covers, as a path to fill with the non-zero winding rule.
    ///
    /// Deviation from Core Graphics: the result is a union of overlapping pieces (one quadrilateral per
    /// segment, one join per vertex, one cap per open end, all wound the same way), not a single outline,
    /// so it must be filled non-zero (even-odd would cut holes where pieces overlap). The covered area is
    /// the same. Curves are flattened to within 0.005 pt first.
    public func copy(strokingWithWidth lineWidth: CGFloat, lineCap: CGLineCap, lineJoin: CGLineJoin, miterLimit: CGFloat,
                     transform: CGAffineTransform = .identity) -> CGPath {
        let result = CGMutablePath()
        guard lineWidth > 0, lineWidth.isFinite else { return result }
        var stroker = Stroker(halfWidth: lineWidth / 2, cap: lineCap, join: lineJoin, miterLimit: miterLimit, into: result)
        for line in Polyline.flatten(self) { stroker.stroke(line) }
        return transform.isIdentity ? result : CGPath(elements: result.transformed(by: transform))
    }

    /// This path cut into dashes: `lengths` alternate painted and unpainted lengths, starting `phase` into
    /// the pattern (Core Graphics' `copy(dashingWithPhase:lengths:)`). An empty pattern, or one whose lengths
    /// are all zero or any negative, leaves the path undashed.
    public func copy(dashingWithPhase phase: CGFloat, lengths: [CGFloat], transform: CGAffineTransform = .identity) -> CGPath {
        let lines = Polyline.dash(Polyline.flatten(self), phase: phase, lengths: lengths)
        let result = Polyline.path(lines)
        return transform.isIdentity ? result : CGPath(elements: result.transformed(by: transform))
    }

    /// The part of the path between fractions `start` and `end` of its total length (CAShapeLayer's
    /// `strokeStart` / `strokeEnd`: the length is measured over all subpaths together, in order).
    package func trimmed(from start: CGFloat, to end: CGFloat) -> CGPath {
        let lines = Polyline.flatten(self)
        let a = min(max(start, 0), 1), b = min(max(end, 0), 1)
        if a <= 0 && b >= 1 { return self }
        return Polyline.path(Polyline.trim(lines, from: a, to: b))
    }
}

extension CGPath {
    /// Every contour flattened, closed and wound clockwise on screen (negative shoelace area in y-down
    /// space), the way the stroke pieces are wound: a union of such paths and strokes fills non-zero.
    package func woundClockwise() -> CGPath {
        let result = CGMutablePath()
        for line in Polyline.flatten(self) where line.points.count > 2 {
            var area: CGFloat = 0
            for i in line.points.indices {
                let a = line.points[i], b = line.points[(i + 1) % line.points.count]
                area += a.x * b.y - b.x * a.y
            }
            let points = area > 0 ? line.points.reversed() : line.points
            result.move(to: points[0])
            for p in points.dropFirst() { result.addLine(to: p) }
            result.closeSubpath()
        }
        return result
    }
}

/// One flattened subpath: its points, whether it closes, and which vertices lie inside a flattened curve
/// (those get a plain miter join whatever the join style: the turn there is tiny and a round join at every
/// flattening vertex would cost a circle each for no visible difference).
struct Polyline {
    var points: [CGPoint]
    var closed: Bool
    var smooth: [Bool]

    /// Flattening tolerance in path units (points): 1/200 pt stays under 1/50 px at 4×.
    static let tolerance: CGFloat = 0.005

    static func flatten(_ path: CGPath) -> [Polyline] {
        var lines: [Polyline] = []
        var current = Polyline(points: [], closed: false, smooth: [])
        var start = CGPoint.zero
        func finish() {
            if !current.points.isEmpty { lines.append(current) }
            current = Polyline(points: [], closed: false, smooth: [])
        }
        func add(_ p: CGPoint, smooth: Bool) {
            if let last = current.points.last, last == p { return }
            current.points.append(p)
            current.smooth.append(smooth)
        }
        for element in path.elements {
            switch element {
            case .move(let p):
                finish()
                start = p
                add(p, smooth: false)
            case .line(let p):
                if current.points.isEmpty { add(start, smooth: false) }
                add(p, smooth: false)
            case .quadCurve(let p, let c):
                if current.points.isEmpty { add(start, smooth: false) }
                let p0 = current.points.last!
                // A quadratic as the cubic with the same curve.
                let c1 = CGPoint(x: p0.x + 2 / 3 * (c.x - p0.x), y: p0.y + 2 / 3 * (c.y - p0.y))
                let c2 = CGPoint(x: p.x + 2 / 3 * (c.x - p.x), y: p.y + 2 / 3 * (c.y - p.y))
                cubic(p0, c1, c2, p, add: add)
            case .curve(let p, let c1, let c2):
                if current.points.isEmpty { add(start, smooth: false) }
                cubic(current.points.last!, c1, c2, p, add: add)
            case .close:
                if current.points.count > 1, current.points.first == current.points.last {
                    current.points.removeLast(); current.smooth.removeLast()
                }
                current.closed = true
                let first = current.points.first ?? start
                finish()
                start = first
            }
        }
        finish()
        return lines
    }

    /// Uniform subdivision with the segment count that keeps the chord within `tolerance` of the curve
    /// (the bound from the second differences of the control polygon).
    private static func cubic(_ p0: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ p3: CGPoint, add: (CGPoint, Bool) -> Void) {
        let ddx = max(abs(p0.x - 2 * c1.x + c2.x), abs(c1.x - 2 * c2.x + p3.x))
        let ddy = max(abs(p0.y - 2 * c1.y + c2.y), abs(c1.y - 2 * c2.y + p3.y))
        let dd = (ddx * ddx + ddy * ddy).squareRoot()
        let count = dd.isFinite ? min(max(Int((0.75 * dd / tolerance).squareRoot().rounded(.up)), 1), 1000) : 1
        for i in 1...count {
            let t = CGFloat(i) / CGFloat(count), u = 1 - t
            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
            add(CGPoint(x: a * p0.x + b * c1.x + c * c2.x + d * p3.x, y: a * p0.y + b * c1.y + c * c2.y + d * p3.y), i < count)
        }
    }

    /// Segment lengths, the closing segment last for closed lines.
    var segmentLengths: [CGFloat] {
        guard points.count > 1 else { return [] }
        var lengths: [CGFloat] = []
        for i in 0..<(points.count - 1) { lengths.append(points[i].distance(to: points[i + 1])) }
        if closed { lengths.append(points[points.count - 1].distance(to: points[0])) }
        return lengths
    }

    /// The points of the line as an open walk (closed lines repeat their first point at the end).
    var walk: [CGPoint] { closed && points.count > 1 ? points + [points[0]] : points }

    static func path(_ lines: [Polyline]) -> CGPath {
        let path = CGMutablePath()
        for line in lines where !line.points.isEmpty {
            path.move(to: line.points[0])
            if line.points.count == 1 { path.addLine(to: line.points[0]) }
            for p in line.points.dropFirst() { path.addLine(to: p) }
            if line.closed { path.closeSubpath() }
        }
        return path
    }

    /// The pieces of `lines` between `a` and `b` (fractions of the total length).
    static func trim(_ lines: [Polyline], from a: CGFloat, to b: CGFloat) -> [Polyline] {
        let total = lines.reduce(0) { $0 + $1.segmentLengths.reduce(0, +) }
        guard b > a, total > 0 else { return [] }
        return cut(lines) { position in
            // One interval [a·total, b·total]; `position` is the distance walked so far.
            let lo = a * total, hi = b * total
            if position < lo { return (false, lo - position) }
            if position < hi { return (true, hi - position) }
            return (false, .infinity)
        }
    }

    /// Core Graphics' dashing: the pattern restarts at every subpath, `phase` into it; entries alternate
    /// painted and unpainted (an odd-length pattern swaps roles on its second pass); a zero-length painted
    /// entry leaves a single point, which round or square caps draw as a dot.
    static func dash(_ lines: [Polyline], phase: CGFloat, lengths pattern: [CGFloat]) -> [Polyline] {
        let period = pattern.reduce(0, +)
        guard !pattern.isEmpty, period > 0, period.isFinite, pattern.allSatisfy({ $0 >= 0 }) else { return lines }
        var result: [Polyline] = []
        for line in lines {
            var index = 0, painted = true, remaining = pattern[0]
            func advance() {
                index = (index + 1) % pattern.count
                painted.toggle()
                remaining = pattern[index]
            }
            var skip = phase.truncatingRemainder(dividingBy: pattern.count % 2 == 0 ? period : 2 * period)
            if skip < 0 { skip += pattern.count % 2 == 0 ? period : 2 * period }
            while skip > 0 {
                if skip >= remaining { skip -= remaining; advance() } else { remaining -= skip; skip = 0 }
            }
            let walk = line.walk
            guard walk.count > 1 else { if painted { result.append(line) }; continue }
            var piece: Polyline? = painted ? Polyline(points: [walk[0]], closed: false, smooth: [false]) : nil
            for (i, length) in line.segmentLengths.enumerated() {
                let p0 = walk[i], p1 = walk[i + 1]
                var along: CGFloat = 0
                while remaining <= length - along {
                    along += remaining
                    let t = length > 0 ? along / length : 1
                    let q = CGPoint(x: p0.x + (p1.x - p0.x) * t, y: p0.y + (p1.y - p0.y) * t)
                    if painted, var done = piece {
                        if done.points.last != q { done.points.append(q); done.smooth.append(false) }
                        result.append(done)
                        piece = nil
                    }
                    advance()
                    if painted { piece = Polyline(points: [q], closed: false, smooth: [false]) }
                }
                remaining -= length - along
                if piece != nil, piece!.points.last != p1 {
                    piece!.points.append(p1)
                    piece!.smooth.append(line.smooth[(i + 1) % line.points.count])
                }
            }
            if let done = piece { result.append(done) }
        }
        return result
    }

    /// Walks the lines, asking `state(distance)` whether the walk is painted there and for how much further
    /// that holds, and returns the painted stretches as open lines (a closed line painted all round stays
    /// closed).
    private static func cut(_ lines: [Polyline], state: (CGFloat) -> (painted: Bool, runsFor: CGFloat)) -> [Polyline] {
        var result: [Polyline] = []
        var walked: CGFloat = 0
        for line in lines {
            let lengths = line.segmentLengths
            let walk = line.walk
            guard !lengths.isEmpty else {
                if state(walked).painted { result.append(line) }
                continue
            }
            let lineLength = lengths.reduce(0, +)
            let (paintedAtStart, firstRun) = state(walked)
            if paintedAtStart && firstRun >= lineLength {
                result.append(line)
                walked += lineLength
                continue
            }
            var piece: Polyline? = nil
            for (i, length) in lengths.enumerated() {
                var along: CGFloat = 0
                let p0 = walk[i], p1 = walk[i + 1]
                func point(_ t: CGFloat) -> CGPoint {
                    CGPoint(x: p0.x + (p1.x - p0.x) * t, y: p0.y + (p1.y - p0.y) * t)
                }
                while along < length {
                    let (painted, runsFor) = state(walked + along)
                    let step = min(max(runsFor, 0), length - along)
                    let from = point(length > 0 ? along / length : 0), to = point(length > 0 ? (along + step) / length : 1)
                    if painted {
                        if piece == nil { piece = Polyline(points: [from], closed: false, smooth: [false]) }
                        if piece!.points.last != to {
                            piece!.points.append(to)
                            piece!.smooth.append(step == length - along ? line.smooth[(i + 1) % line.points.count] : false)
                        }
                    } else if let done = piece {
                        result.append(done)
                        piece = nil
                    }
                    // A zero-length run would not advance: step past it.
                    along += step > 0 ? step : min(length - along, max(runsFor, 1e-9))
                }
                walked += length
            }
            if let done = piece { result.append(done) }
        }
        return result
    }
}

/// Turns each polyline into its outline: one contour around an open line (left side out, end cap, right
/// side back, start cap), two around a closed one (outer and inner boundary, wound oppositely). Outer
/// corners get the join; inner corners meet at the offset lines' crossing, so the outline does not overlap
/// itself except at inner corners sharper than their segments are long (which pivot through the vertex).
/// Outlines are wound clockwise on screen (negative shoelace area in y-down space), so separate outlines
/// (dashes, a symbol's strokes and dots) fill non-zero as their union.
private struct Stroker {
    let halfWidth: CGFloat
    let cap: CGLineCap
    let join: CGLineJoin
    let miterLimit: CGFloat
    let out: CGMutablePath

    init(halfWidth: CGFloat, cap: CGLineCap, join: CGLineJoin, miterLimit: CGFloat, into out: CGMutablePath) {
        self.halfWidth = halfWidth; self.cap = cap; self.join = join; self.miterLimit = miterLimit; self.out = out
    }

    mutating func stroke(_ line: Polyline) {
        let points = line.points
        guard points.count > 1 else {
            // A lone point: round caps draw a dot, square caps a square; butt caps nothing (as Core Graphics).
            if let p = points.first { dot(at: p) }
            return
        }
        if line.closed && points.count > 2 {
            let outer = side(points, smooth: line.smooth, closed: true)
            let inner = side(points.reversed(), smooth: line.smooth.reversed(), closed: true)
            // The larger loop is the outer boundary: clockwise; the other runs the other way round.
            let larger = abs(Self.area(outer)) >= abs(Self.area(inner)) ? Self.area(outer) : Self.area(inner)
            let flip = larger > 0
            contour(flip ? outer.reversed() : outer)
            contour(flip ? inner.reversed() : inner)
            return
        }
        let walk = line.closed ? line.walk : points
        let smooth = line.closed ? line.smooth + [false] : line.smooth
        var outline = side(walk, smooth: smooth, closed: false)
        let last = walk.count - 1
        outline += capPoints(at: walk[last], direction: unit(walk[last] - walk[last - 1]))
        outline += side(walk.reversed(), smooth: smooth.reversed(), closed: false)
        outline += capPoints(at: walk[0], direction: unit(walk[0] - walk[1]))
        contour(Self.area(outline) > 0 ? outline.reversed() : outline)
    }

    /// The offset line on the left of travel (normal (−dy, dx)), with joins at its vertices.
    private func side(_ points: [CGPoint], smooth: [Bool], closed: Bool) -> [CGPoint] {
        let n = points.count
        let segments = closed ? n : n - 1
        let directions = (0..<segments).map { unit(points[($0 + 1) % n] - points[$0]) }
        let lengths = (0..<segments).map { points[$0].distance(to: points[($0 + 1) % n]) }
        func normal(_ i: Int) -> CGPoint { CGPoint(x: -directions[i].y * halfWidth, y: directions[i].x * halfWidth) }
        var result: [CGPoint] = []
        if !closed { result.append(points[0] + normal(0)) }
        for v in (closed ? 0..<n : 1..<(n - 1)) {
            let incoming = (v - 1 + segments) % segments
            let p = points[v], a = directions[incoming], b = directions[v]
            let na = normal(incoming), nb = normal(v)
            let cross = a.x * b.y - a.y * b.x, dot = a.x * b.x + a.y * b.y
            if abs(cross) < 1e-12 && dot > 0 { result.append(p + na); continue }
            // cos(φ/2), φ the turn: the offset lines meet halfWidth / cos(φ/2) from the vertex, along the bisector.
            let cosHalfTurn = ((1 + dot) / 2).squareRoot()
            let outer = na.x * b.x + na.y * b.y < 0
            if outer {
                result.append(p + na)
                let style: CGLineJoin = smooth[v] ? .miter : join
                switch style {
                case .miter where cosHalfTurn > 1e-9 && (smooth[v] || 1 / cosHalfTurn <= miterLimit):
                    result.append(p + unit(na + nb) * (halfWidth / cosHalfTurn))
                case .round:
                    result += arc(around: p, from: na, to: nb)
                default:
                    break
                }
                result.append(p + nb)
            } else {
                // The inner corner: where the two offset lines cross, if that lies within both segments.
                let reach = halfWidth * ((1 - dot) / 2).squareRoot() / max(cosHalfTurn, 1e-12)
                if cosHalfTurn > 1e-9, reach <= min(lengths[incoming], lengths[v]) {
                    result.append(p + unit(na + nb) * (halfWidth / cosHalfTurn))
                } else {
                    result += [p + na, p, p + nb]
                }
            }
        }
        if !closed { result.append(points[n - 1] + normal(segments - 1)) }
        return result
    }

    /// The cap from the left offset of an end (travelling in `direction`) round to its right offset.
    private func capPoints(at p: CGPoint, direction d: CGPoint) -> [CGPoint] {
        let n = CGPoint(x: -d.y * halfWidth, y: d.x * halfWidth)
        switch cap {
        case .butt: return []
        case .square: return [p + n + d * halfWidth, p - n + d * halfWidth]
        case .round: return arc(around: p, from: n, to: CGPoint(x: -n.x, y: -n.y), through: d)
        }
    }

    /// Points strictly between `from` and `to` (offsets from `center` of length halfWidth) on the circle,
    /// the short way round, or through `through` for a half turn; chords within Polyline.tolerance.
    private func arc(around center: CGPoint, from: CGPoint, to: CGPoint, through: CGPoint? = nil) -> [CGPoint] {
        let start = atan2(from.y, from.x)
        var sweep = atan2(to.y, to.x) - start
        if let through {
            // A half turn: the side `through` is on decides the direction.
            sweep = (from.x * through.y - from.y * through.x) >= 0 ? .pi : -.pi
        } else {
            while sweep > .pi { sweep -= 2 * .pi }
            while sweep < -.pi { sweep += 2 * .pi }
        }
        let step = 2 * acos(max(1 - Polyline.tolerance / max(halfWidth, 1e-9), -1))
        let count = min(max(Int((abs(sweep) / max(step, 1e-6)).rounded(.up)), 1), 720)
        return (1..<count).map { i in
            let angle = start + sweep * CGFloat(i) / CGFloat(count)
            return CGPoint(x: center.x + halfWidth * cos(angle), y: center.y + halfWidth * sin(angle))
        }
    }

    private func dot(at p: CGPoint) {
        switch cap {
        case .butt: break
        case .round:
            let ring = [CGPoint(x: halfWidth, y: 0)] + arc(around: .zero, from: CGPoint(x: halfWidth, y: 0),
                                                           to: CGPoint(x: -halfWidth, y: 0), through: CGPoint(x: 0, y: 1))
                + [CGPoint(x: -halfWidth, y: 0)] + arc(around: .zero, from: CGPoint(x: -halfWidth, y: 0),
                                                       to: CGPoint(x: halfWidth, y: 0), through: CGPoint(x: 0, y: -1))
            let points = ring.map { p + $0 }
            contour(Self.area(points) > 0 ? points.reversed() : points)
        case .square:
            let h = halfWidth
            contour([CGPoint(x: p.x - h, y: p.y - h), CGPoint(x: p.x - h, y: p.y + h),
                     CGPoint(x: p.x + h, y: p.y + h), CGPoint(x: p.x + h, y: p.y - h)])
        }
    }

    private func unit(_ v: CGPoint) -> CGPoint {
        let length = (v.x * v.x + v.y * v.y).squareRoot()
        return length > 0 ? CGPoint(x: v.x / length, y: v.y / length) : CGPoint(x: 1, y: 0)
    }

    /// Shoelace sum (twice the signed area; negative is clockwise on screen in y-down space).
    static func area(_ points: [CGPoint]) -> CGFloat {
        var total: CGFloat = 0
        for i in points.indices {
            let a = points[i], b = points[(i + 1) % points.count]
            total += a.x * b.y - b.x * a.y
        }
        return total
    }

    private func contour(_ points: [CGPoint]) {
        guard points.count > 2 else { return }
        out.move(to: points[0])
        for q in points.dropFirst() { out.addLine(to: q) }
        out.closeSubpath()
    }
}

private extension CGPoint {
    static func + (a: CGPoint, b: CGPoint) -> CGPoint { CGPoint(x: a.x + b.x, y: a.y + b.y) }
    static func - (a: CGPoint, b: CGPoint) -> CGPoint { CGPoint(x: a.x - b.x, y: a.y - b.y) }
    static func * (a: CGPoint, k: CGFloat) -> CGPoint { CGPoint(x: a.x * k, y: a.y * k) }
    func distance(to other: CGPoint) -> CGFloat { ((other.x - x) * (other.x - x) + (other.y - y) * (other.y - y)).squareRoot() }
}
