/// One element of a path, in the path's own coordinates.
public enum CGPathElementValue: Equatable, Hashable, Sendable {
    case move(to: CGPoint)
    case line(to: CGPoint)
    case quadCurve(to: CGPoint, control: CGPoint)
    case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
    case close
}

/// An immutable vector path (Apple's CGPath). Arcs and ellipses are stored as cubic Béziers, as
/// CoreGraphics stores them.
public class CGPath: Equatable, Hashable, @unchecked Sendable {
    public internal(set) var elements: [CGPathElementValue] = []

    init() {}
    public init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        let path = CGMutablePath()
        path.addRect(rect)
        elements = transform.map { path.transformed(by: $0.pointee) } ?? path.elements
    }
    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                            transform: UnsafePointer<CGAffineTransform>?) {
        self.init()
        let path = CGMutablePath()
        path.addRoundedRect(in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight)
        elements = transform.map { path.transformed(by: $0.pointee) } ?? path.elements
    }
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        self.init()
        let path = CGMutablePath()
        path.addEllipse(in: rect)
        elements = transform.map { path.transformed(by: $0.pointee) } ?? path.elements
    }
    /// Our initialiser for paths built elsewhere (e.g. decoded from a layer-tree document).
    public init(elements: [CGPathElementValue]) { self.elements = elements }

    public var isEmpty: Bool { elements.isEmpty }
    public var currentPoint: CGPoint {
        for element in elements.reversed() {
            switch element {
            case .move(let p), .line(let p): return p
            case .quadCurve(let p, _), .curve(let p, _, _): return p
            case .close: continue
            }
        }
        return .zero
    }

    /// The smallest rectangle containing every point, control points included (Apple's `boundingBox`).
    public var boundingBox: CGRect {
        var points: [CGPoint] = []
        for element in elements {
            switch element {
            case .move(let p), .line(let p): points.append(p)
            case .quadCurve(let p, let c): points += [p, c]
            case .curve(let p, let c1, let c2): points += [p, c1, c2]
            case .close: break
            }
        }
        guard let first = points.first else { return .null }
        var box = CGRect(origin: first, size: .zero)
        for p in points.dropFirst() { box = box.union(CGRect(origin: p, size: .zero)) }
        return box
    }

    public func copy() -> CGPath { CGPath(elements: elements) }
    public func mutableCopy() -> CGMutablePath { let m = CGMutablePath(); m.elements = elements; return m }

    func transformed(by t: CGAffineTransform) -> [CGPathElementValue] {
        elements.map { element in
            switch element {
            case .move(let p): .move(to: p.applying(t))
            case .line(let p): .line(to: p.applying(t))
            case .quadCurve(let p, let c): .quadCurve(to: p.applying(t), control: c.applying(t))
            case .curve(let p, let c1, let c2): .curve(to: p.applying(t), control1: c1.applying(t), control2: c2.applying(t))
            case .close: .close
            }
        }
    }

    public static func == (l: CGPath, r: CGPath) -> Bool { l.elements == r.elements }
    public func hash(into h: inout Hasher) { h.combine(elements) }
}

public final class CGMutablePath: CGPath, @unchecked Sendable {
    public override init() { super.init() }

    public func move(to p: CGPoint, transform: CGAffineTransform = .identity) { elements.append(.move(to: p.applying(transform))) }
    public func addLine(to p: CGPoint, transform: CGAffineTransform = .identity) {
        ensureStart(); elements.append(.line(to: p.applying(transform)))
    }
    public func addQuadCurve(to p: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        ensureStart(); elements.append(.quadCurve(to: p.applying(transform), control: control.applying(transform)))
    }
    public func addCurve(to p: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity) {
        ensureStart()
        elements.append(.curve(to: p.applying(transform), control1: control1.applying(transform), control2: control2.applying(transform)))
    }
    public func closeSubpath() { if !elements.isEmpty { elements.append(.close) } }

    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        move(to: CGPoint(x: r.minX, y: r.minY), transform: transform)
        addLine(to: CGPoint(x: r.maxX, y: r.minY), transform: transform)
        addLine(to: CGPoint(x: r.maxX, y: r.maxY), transform: transform)
        addLine(to: CGPoint(x: r.minX, y: r.maxY), transform: transform)
        closeSubpath()
    }

    public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        let rx = min(max(cornerWidth, 0), r.width / 2), ry = min(max(cornerHeight, 0), r.height / 2)
        guard rx > 0, ry > 0 else { addRect(r, transform: transform); return }
        let k: CGFloat = 0.5522847498307936   // 4/3·(√2 − 1): cubic quarter-circle
        move(to: CGPoint(x: r.minX + rx, y: r.minY), transform: transform)
        addLine(to: CGPoint(x: r.maxX - rx, y: r.minY), transform: transform)
        addCurve(to: CGPoint(x: r.maxX, y: r.minY + ry), control1: CGPoint(x: r.maxX - rx + k * rx, y: r.minY),
                 control2: CGPoint(x: r.maxX, y: r.minY + ry - k * ry), transform: transform)
        addLine(to: CGPoint(x: r.maxX, y: r.maxY - ry), transform: transform)
        addCurve(to: CGPoint(x: r.maxX - rx, y: r.maxY), control1: CGPoint(x: r.maxX, y: r.maxY - ry + k * ry),
                 control2: CGPoint(x: r.maxX - rx + k * rx, y: r.maxY), transform: transform)
        addLine(to: CGPoint(x: r.minX + rx, y: r.maxY), transform: transform)
        addCurve(to: CGPoint(x: r.minX, y: r.maxY - ry), control1: CGPoint(x: r.minX + rx - k * rx, y: r.maxY),
                 control2: CGPoint(x: r.minX, y: r.maxY - ry + k * ry), transform: transform)
        addLine(to: CGPoint(x: r.minX, y: r.minY + ry), transform: transform)
        addCurve(to: CGPoint(x: r.minX + rx, y: r.minY), control1: CGPoint(x: r.minX, y: r.minY + ry - k * ry),
                 control2: CGPoint(x: r.minX + rx - k * rx, y: r.minY), transform: transform)
        closeSubpath()
    }

    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        addArc(center: CGPoint(x: r.midX, y: r.midY), radius: 1, startAngle: 0, endAngle: 2 * .pi, clockwise: false,
               transform: CGAffineTransform(a: r.width / 2, b: 0, c: 0, d: r.height / 2, tx: r.midX, ty: r.midY)
                   .translatedBy(x: -r.midX, y: -r.midY).concatenating(transform))
        closeSubpath()
    }

    /// An arc from `startAngle` to `endAngle` in radians, split into cubic segments of at most 90°.
    /// As in CoreGraphics (y-up convention), `clockwise: true` sweeps towards decreasing angles — which
    /// looks counter-clockwise in UIKit's flipped space; UIBezierPath's `clockwise` is the opposite.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
                       transform: CGAffineTransform = .identity) {
        var sweep = endAngle - startAngle
        if clockwise { while sweep > 0 { sweep -= 2 * .pi } } else { while sweep < 0 { sweep += 2 * .pi } }
        if abs(endAngle - startAngle) >= 2 * .pi { sweep = clockwise ? -2 * .pi : 2 * .pi }
        let point = { (angle: CGFloat) in CGPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle)) }
        let start = point(startAngle)
        if elements.isEmpty || elements.last == .close { move(to: start, transform: transform) }
        else { addLine(to: start, transform: transform) }
        let segments = max(1, Int((abs(sweep) / (.pi / 2)).rounded(.up)))
        let step = sweep / CGFloat(segments)
        let k = 4.0 / 3.0 * tan(step / 4)
        var angle = startAngle
        for _ in 0..<segments {
            let next = angle + step
            let p0 = point(angle), p3 = point(next)
            let c1 = CGPoint(x: p0.x - k * radius * sin(angle), y: p0.y + k * radius * cos(angle))
            let c2 = CGPoint(x: p3.x + k * radius * sin(next), y: p3.y - k * radius * cos(next))
            addCurve(to: p3, control1: c1, control2: c2, transform: transform)
            angle = next
        }
    }

    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        elements += path.transformed(by: transform)
    }

    private func ensureStart() { if elements.isEmpty { elements.append(.move(to: .zero)) } }
}
