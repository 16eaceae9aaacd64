import CoreGraphics

/// A layer tree that cannot be drawn: which layer (its path from the root, e.g.
/// `root.sublayers[2].sublayers[0]`, with its name when it has one), which property, and why.
public struct InvalidLayerTree: Error, CustomStringConvertible, Equatable {
    public let layerPath: String
    public let property: String
    public let problem: String
    public var description: String { "\(layerPath).\(property): \(problem)" }
}

/// Validates the frames of one clip: the same checks as `LayerSnapshot.validate`, with the same errors, but a
/// layer whose own values and whose placement above it did not change since the previous frame is not
/// checked again (in a transition most layers hold still). Use one validator per sequence of frames.
public final class LayerTreeValidator {
    private var memo = LayerSnapshot.Memo()
    private var canvas: (size: CGSize, scale: CGFloat)?

    public init() {}

    public func validate(_ tree: LayerSnapshot, path: String = "root", canvas: (size: CGSize, scale: CGFloat)? = nil) throws {
        if self.canvas?.size != canvas?.size || self.canvas?.scale != canvas?.scale {
            memo = LayerSnapshot.Memo()
            self.canvas = canvas
        }
        var count = 0
        let area = canvas.map { LayerSnapshot.CanvasArea(size: $0.size, scale: Double($0.scale)) }
        do {
            _ = try tree.validate(path: LayerSnapshot.TreePath(root: path), depth: 1, count: &count,
                                  parent: (.identity, CATransform3DIdentity), canvas: area, memo: memo)
        } catch {
            memo = LayerSnapshot.Memo()   // a failed walk may have left nodes half updated
            throw error
        }
    }
}

extension LayerSnapshot {
    /// Checks that every value that places or sizes something is finite, that sizes and radii are not
    /// negative, and that the tree is within `RenderLimits`: nesting depth, layer count, and how far what
    /// each drawn layer draws reaches on the canvas after every transform above it (so pixel arithmetic
    /// stays exact). `path` names this layer in messages. Recurses at most `RenderLimits.layerDepth` deep.
    ///
    /// With `canvas` (the canvas in points and its pixels per point), it also checks that the offscreen
    /// images the renderer keeps at once for nested groups (opacity groups, masks, shadows) stay within
    /// `RenderLimits.offscreenPixels`.
    public func validate(path: String = "root", canvas: (size: CGSize, scale: CGFloat)? = nil) throws {
        var count = 0
        let area = canvas.map { CanvasArea(size: $0.size, scale: Double($0.scale)) }
        _ = try validate(path: TreePath(root: path), depth: 1, count: &count, parent: (.identity, CATransform3DIdentity),
                         canvas: area, memo: nil)
    }

    /// What the last validation learned about one layer: its values and where it was placed, so that the next
    /// frame need not check a layer again whose own values and placement above it did not change. The
    /// nodes mirror the tree and are updated in place, frame after frame.
    final class Memo {
        var state = LayerState()
        var name: String?
        var parent: (map: ProjectiveMap, sublayer: CATransform3D)?
        var placed: (map: ProjectiveMap, box: Box, shadowReach: Double)?
        var valid = false
        var sublayers: [Memo] = []
        var mask: Memo?

        /// Whether `layer`, placed under `parent`, was checked as it is now.
        func knows(_ layer: LayerSnapshot, parent: (map: ProjectiveMap, sublayer: CATransform3D)?) -> Bool {
            guard valid, name == layer.name else { return false }
            switch (self.parent, parent) {
            case (nil, nil): break
            case let (a?, b?): guard a.map == b.map, CATransform3DEqualToTransform(a.sublayer, b.sublayer) else { return false }
            default: return false
            }
            return state == layer.state
        }
    }

    /// Where the layer being checked is in the tree: the root's name and the steps down (a sublayer's
    /// index, or the mask), one shared stack for the walk. Every frame of a scene is validated, so the path
    /// is said as text only in a message.
    final class TreePath {
        let root: String
        /// A sublayer's index, or −1 for the mask.
        var steps: [Int] = []
        init(root: String) { self.root = root }
        static func step(_ step: Int) -> String { step < 0 ? "mask" : "sublayers[\(step)]" }
        var string: String { steps.reduce(root) { $0 + "." + Self.step($1) } }
    }

    /// The canvas, for sizing offscreen images.
    struct CanvasArea {
        let size: CGSize, scale: Double
        /// Pixels of `box` (canvas points) within the canvas grown by `margin` points on each side.
        func pixels(of box: Box, margin: Double) -> Double {
            let width = min(box.maxX, Double(size.width) + margin) - max(box.minX, -margin)
            let height = min(box.maxY, Double(size.height) + margin) - max(box.minY, -margin)
            return width > 0 && height > 0 ? (width * scale + 2) * (height * scale + 2) : 0
        }
    }

    /// A box on the canvas, in points.
    struct Box {
        var minX, minY, maxX, maxY: Double
        func union(_ other: Box?) -> Box {
            guard let other else { return self }
            return Box(minX: min(minX, other.minX), minY: min(minY, other.minY), maxX: max(maxX, other.maxX), maxY: max(maxY, other.maxY))
        }
    }

    /// `parent`: the space the layer is placed in — the superlayer's placement and its sublayerTransform
    /// (about its anchor) — or nil when the superlayer is not drawn. Returns the box on
    /// the canvas of what the subtree draws and the offscreen pixels it keeps at once at its worst.
    fileprivate func validate(path: TreePath, depth: Int, count: inout Int, parent: (map: ProjectiveMap, sublayer: CATransform3D)?,
                              canvas: CanvasArea?, memo: Memo?) throws -> (box: Box?, offscreen: Double) {
        let name = self.name
        func fail(_ property: String, _ problem: String) -> InvalidLayerTree {
            let at = path.string
            return InvalidLayerTree(layerPath: name.map { "\(at) (\"\($0)\")" } ?? at, property: property, problem: problem)
        }
        if depth > RenderLimits.layerDepth {
            // Said at the superlayer, naming the key that holds this layer.
            let last = path.steps.popLast()
            throw InvalidLayerTree(layerPath: path.string, property: last.map(TreePath.step) ?? "sublayers",
                                   problem: "layers are nested more than \(RenderLimits.layerDepth) deep (the limit of sublayers and masks within one another); flatten the tree")
        }
        count += 1
        if count > RenderLimits.layerCount {
            throw fail("sublayers", "the tree has more than \(RenderLimits.layerCount) layers (the limit); draw fewer layers or merge them")
        }
        // Where the layer lands on the canvas (nil: not drawn, like its sublayers — hidden, transparent,
        // or turned behind the eye). Its values and reach depend only on its own state and its parent's
        // placement: when neither changed since the last frame, last frame's answer stands.
        var placed: (map: ProjectiveMap, box: Box, shadowReach: Double)?
        if let memo, memo.knows(self, parent: parent) {
            placed = memo.placed
        } else {
            memo?.valid = false
            try validateValues(fail)
            if let parent, !state.isHidden, state.opacity > 0 {
                placed = try checkReach(parent: parent, fail)
            }
            if let memo {
                memo.state = state; memo.name = name; memo.parent = parent; memo.placed = placed; memo.valid = true
            }
        }
        let placement = placed?.map
        path.steps.append(-1)
        var maskMemo: Memo?
        if let memo, mask != nil {
            maskMemo = memo.mask ?? Memo()
            memo.mask = maskMemo
        }
        let masked = try mask?.validate(path: path, depth: depth + 1, count: &count, parent: placement.map { ($0, CATransform3DIdentity) },
                                        canvas: canvas, memo: maskMemo)
        path.steps.removeLast()
        let content = placement.map { ($0, state.sublayerTransformAboutAnchor) }
        var box = placed?.box, below = masked?.offscreen ?? 0
        if let memo {
            if memo.sublayers.count > sublayers.count { memo.sublayers.removeLast(memo.sublayers.count - sublayers.count) }
            while memo.sublayers.count < sublayers.count { memo.sublayers.append(Memo()) }
        }
        for (index, child) in sublayers.enumerated() {
            path.steps.append(index)
            let drawn = try child.validate(path: path, depth: depth + 1, count: &count, parent: content, canvas: canvas,
                                           memo: memo?.sublayers[index])
            path.steps.removeLast()
            if let childBox = drawn.box, !state.masksToBounds { box = childBox.union(box) }
            below = max(below, drawn.offscreen)
        }
        guard let placed, let canvas, let box else { return (box, below) }
        // A layer that may be drawn offscreen (its group, mask or shadow cast from its content) keeps an
        // image of what it draws, and as much again for the mask or the shadow's group, while the groups
        // within it draw theirs.
        let s = state
        let shadow = s.hasShadow
        let group = mask != nil || shadow || (s.opacity < 1 && s.allowsGroupOpacity && !sublayers.isEmpty)
        guard group else { return (box, below) }
        let total = 3 * canvas.pixels(of: box, margin: shadow ? placed.shadowReach : 0) + below
        if total > Double(RenderLimits.offscreenPixels) {
            throw fail(mask != nil ? "mask" : shadow ? "shadowOpacity" : "opacity",
                       "this layer and the groups within it (opacity groups, masks, shadows cast from content) would keep \(Int(total)) pixels of offscreen images at once, over the limit of \(RenderLimits.offscreenPixels); nest fewer translucent, masked or shadowed layers, make them smaller, or lower the scale")
        }
        return (box, total)
    }

    private func validateValues(_ fail: (String, String) -> InvalidLayerTree) throws {
        func finite(_ property: String, _ values: [CGFloat]) throws {
            if let bad = values.first(where: { !$0.isFinite }) { throw fail(property, "\(bad) is not a finite number") }
        }
        // The same checks without building arrays (every layer of every frame comes through here): x·0 is 0
        // for a finite x and NaN otherwise; the message is made, as above, only when one is not.
        func finite(_ property: String, _ a: CGFloat, _ b: CGFloat = 0, _ c: CGFloat = 0, _ d: CGFloat = 0) throws {
            if a * 0 + b * 0 + c * 0 + d * 0 != 0 { try finite(property, [a, b, c, d]) }
        }
        func finite(_ property: String, _ t: CATransform3D) throws {
            if !t.isFinite { try finite(property, t.entries) }
        }
        func finite(_ property: String, _ path: CGPath) throws {
            if !path.pointsAreFinite { try finite(property, path.allPoints.flatMap { [$0.x, $0.y] }) }
        }
        let s = state
        try finite("bounds", s.bounds.origin.x, s.bounds.origin.y, s.bounds.size.width, s.bounds.size.height)
        if s.bounds.size.width < 0 || s.bounds.size.height < 0 {
            throw fail("bounds", "the size \(s.bounds.size.width)×\(s.bounds.size.height) is negative; sizes must be 0 or more")
        }
        try finite("position", s.position.x, s.position.y)
        try finite("anchorPoint", s.anchorPoint.x, s.anchorPoint.y)
        try finite("zPosition", s.zPosition)
        try finite("transform", s.transform)
        try finite("sublayerTransform", s.sublayerTransform)
        if !s.opacity.isFinite { throw fail("opacity", "\(s.opacity) is not a finite number") }
        try finite("cornerRadius", s.cornerRadius)
        if s.cornerRadius < 0 { throw fail("cornerRadius", "\(s.cornerRadius) is negative") }
        try finite("shadowRadius", s.shadowRadius)
        if s.shadowRadius < 0 { throw fail("shadowRadius", "\(s.shadowRadius) is negative") }
        if s.shadowRadius > RenderLimits.blurRadius {
            throw fail("shadowRadius", "\(s.shadowRadius) is over the limit of \(Int(RenderLimits.blurRadius)) points")
        }
        try finite("shadowOffset", s.shadowOffset.width, s.shadowOffset.height)
        if !s.shadowOpacity.isFinite { throw fail("shadowOpacity", "\(s.shadowOpacity) is not a finite number") }
        try finite("borderWidth", s.borderWidth)
        if s.borderWidth < 0 { throw fail("borderWidth", "\(s.borderWidth) is negative") }
        try finite("contentsScale", s.contentsScale)
        if s.contentsScale <= 0 { throw fail("contentsScale", "\(s.contentsScale) must be greater than 0") }
        for (name, rect) in [("contentsRect", s.contentsRect), ("contentsCenter", s.contentsCenter)] {
            try finite(name, rect.origin.x, rect.origin.y, rect.size.width, rect.size.height)
            if abs(rect.minX) > 1e6 || abs(rect.minY) > 1e6 || abs(rect.width) > 1e6 || abs(rect.height) > 1e6 {
                throw fail(name, "\(rect) is out of range; it is in unit coordinates of the image (0…1)")
            }
        }
        if let path = s.shadowPath { try finite("shadowPath", path) }
        if let gradient = s.gradient {
            try finite("startPoint", gradient.startPoint.x, gradient.startPoint.y)
            try finite("endPoint", gradient.endPoint.x, gradient.endPoint.y)
            try finite("locations", gradient.locations ?? [])
        }
        if let text = s.text {
            for run in text.runs {
                try finite("text.fontSize", run.fontSize)
                if run.fontSize <= 0 { throw fail("text.fontSize", "\(run.fontSize) must be greater than 0") }
                if Double(run.fontSize) > RenderLimits.fontSize {
                    throw fail("text.fontSize", "\(run.fontSize) is over the limit of \(Int(RenderLimits.fontSize)) points")
                }
                try finite("text.kern", run.kern)
            }
            try finite("text.lineSpacing", text.lineSpacing)
            if text.numberOfLines < 0 { throw fail("text.numberOfLines", "\(text.numberOfLines) is negative; 0 means no limit") }
        }
        if let shape = s.shape {
            if let path = shape.path { try finite("shape.path", path) }
            try finite("shape.lineWidth", shape.lineWidth)
            try finite("shape.miterLimit", shape.miterLimit)
            try finite("shape.lineDashPhase", shape.lineDashPhase)
            try finite("shape.lineDashPattern", shape.lineDashPattern ?? [])
            try finite("shape.strokeStart", shape.strokeStart)
            try finite("shape.strokeEnd", shape.strokeEnd)
            if let pattern = shape.lineDashPattern, let path = shape.path, shape.strokeColor != nil {
                // Dashing cuts the path into pieces: a tiny pattern along a long path would be millions.
                let period = Double(pattern.reduce(0) { $0 + max($1, 0) })
                let dashes = period > 0 ? path.controlPolygonLength / period * Double(pattern.count) : 0
                if dashes > Double(RenderLimits.dashes) {
                    throw fail("shape.lineDashPattern", "the pattern would cut the path into about \(Int(min(dashes, 1e18))) dashes, over the limit of \(RenderLimits.dashes); use longer dashes")
                }
            }
        }
        if let filter = s.backdropFilter {
            try finite("backdropFilter.blurRadius", filter.blurRadius)
            if filter.blurRadius < 0 { throw fail("backdropFilter.blurRadius", "\(filter.blurRadius) is negative") }
            if filter.blurRadius > RenderLimits.blurRadius {
                throw fail("backdropFilter.blurRadius", "\(filter.blurRadius) is over the limit of \(Int(RenderLimits.blurRadius)) points")
            }
            try finite("backdropFilter.saturation", filter.saturation)
        }
        try finite("backdropStrength", s.backdropStrength)
    }

    /// Checks that what the layer draws stays within `RenderLimits.coordinate` of the canvas's origin
    /// (and its shadow's spread within `RenderLimits.shadowReach`); returns the layer's placement, or nil
    /// when the renderer would skip it (a corner at or behind the eye).
    private func checkReach(parent: (map: ProjectiveMap, sublayer: CATransform3D), _ fail: (String, String) -> InvalidLayerTree) throws
        -> (map: ProjectiveMap, box: Box, shadowReach: Double)? {
        let s = state
        // The renderer's own placement (LayerGeometry.swift), in canvas points.
        let placement = s.placement(in: parent.map, sublayer: parent.sublayer)
        let limit = RenderLimits.coordinate
        // The property to blame: the first of the layer's own values that is out of range by itself.
        func culprit() -> String {
            let own: [(String, [CGFloat])] = [
                ("bounds", [s.bounds.minX, s.bounds.minY, s.bounds.maxX, s.bounds.maxY]), ("position", [s.position.x, s.position.y]),
                ("shadowOffset", [s.shadowOffset.width, s.shadowOffset.height]),
                ("shape.path", s.shape?.path?.allPoints.flatMap { [$0.x, $0.y] } ?? []),
                ("shadowPath", s.shadowPath?.allPoints.flatMap { [$0.x, $0.y] } ?? []),
            ]
            if let found = own.first(where: { $0.1.contains { abs(Double($0)) > limit } }) { return found.0 }
            if s.contents != nil, Double(s.contentsScale) < 1e-3 { return "contentsScale" }
            if s.text != nil { return "text" }
            return CATransform3DIsIdentity(s.transform) ? "position" : "transform"
        }
        if !placement.isAffine {
            if s.bounds.corners.contains(where: { !placement.w($0).isFinite }) {
                throw fail(culprit(), "the transforms above this layer overflow (a perspective or scale too large to compute)")
            }
            // At or behind the eye the renderer skips the layer and its sublayers.
            if !placement.keepsInFront(s.bounds) { return nil }
        }
        var box: Box?
        for point in reachCorners() {
            let p = placement.apply(point)
            let corner = Box(minX: p.x, minY: p.y, maxX: p.x, maxY: p.y)
            box = corner.union(box)
            guard p.x.isFinite, p.y.isFinite, abs(p.x) <= limit, abs(p.y) <= limit else {
                throw fail(culprit(), "what the layer draws reaches (\(format(p.x)), \(format(p.y))) points on the canvas, after its own and its superlayers' transforms; the limit is ±\(Int(limit)) points (\(format(abs(p.x) > abs(p.y) || !p.y.isFinite ? p.x : p.y)) is too far). Keep layers near the screen")
            }
        }
        var shadowReach = 0.0
        if s.hasShadow {
            // The shadow's spread in canvas points: its blur and offset scaled as the layer is.
            let reach = s.shadowSpread(placement: placement)
            guard reach.isFinite, reach <= RenderLimits.shadowReach else {
                throw fail(s.shadowBlurReach >= max(abs(s.shadowOffset.width), abs(s.shadowOffset.height)) ? "shadowRadius" : "shadowOffset",
                           "the shadow spreads \(format(reach)) points on the canvas (3.5 × shadowRadius + the offset, scaled by the transforms); the limit is \(Int(RenderLimits.shadowReach)) points")
            }
            shadowReach = reach
        }
        return (placement, box!, shadowReach)
    }

    /// Corners of a box in the layer's bounds space that holds everything the layer itself draws:
    /// background, contents, shape and its stroke, text, shadow and backdrop blur (sublayers apart).
    private func reachCorners() -> [CGPoint] {
        let s = state
        var box = s.bounds
        if let image = s.contents {
            // Any gravity puts the image's shown part (at its natural size, or fitted or filled) around the bounds.
            let natural = s.shownContentsSize(of: image)
            let fill = max(s.bounds.width / natural.width, s.bounds.height / natural.height)
            let dx = max(natural.width, natural.width * (fill.isFinite ? fill : 0)), dy = max(natural.height, natural.height * (fill.isFinite ? fill : 0))
            box = box.insetBy(dx: -dx, dy: -dy)
        }
        if let shape = s.shape, let path = shape.path, !path.pointBox.isNull {
            let stroke = shape.strokeColor == nil ? 0 : shape.lineWidth * max(shape.miterLimit, 1) + shape.lineWidth
            box = box.union(path.pointBox.insetBy(dx: -stroke, dy: -stroke))
        }
        if let text = s.text {
            // Glyphs stay within their advances and line heights: at most every character on one line.
            let extent = text.runs.reduce(CGFloat(0)) { $0 + CGFloat($1.string.unicodeScalars.count + 1) * (2 * $1.fontSize + abs($1.kern) + abs(text.lineSpacing)) }
            box = box.insetBy(dx: -extent, dy: -extent)
        }
        if s.hasShadow {
            let caster = s.shadowPath.flatMap { $0.pointBox.isNull ? nil : $0.pointBox } ?? box
            let blur = s.shadowBlurReach
            box = box.union(caster.offsetBy(dx: s.shadowOffset.width, dy: s.shadowOffset.height).insetBy(dx: -blur, dy: -blur))
        }
        if let filter = s.backdropFilter { box = box.insetBy(dx: -3.5 * filter.blurRadius, dy: -3.5 * filter.blurRadius) }
        return [CGPoint(x: box.minX, y: box.minY), CGPoint(x: box.maxX, y: box.minY),
                CGPoint(x: box.minX, y: box.maxY), CGPoint(x: box.maxX, y: box.maxY)]
    }
}

extension CATransform3D {
    /// Whether every entry is finite (x·0 is 0 for a finite x, NaN otherwise).
    var isFinite: Bool {
        (m11 * 0 + m12 * 0 + m13 * 0 + m14 * 0) + (m21 * 0 + m22 * 0 + m23 * 0 + m24 * 0) +
            (m31 * 0 + m32 * 0 + m33 * 0 + m34 * 0) + (m41 * 0 + m42 * 0 + m43 * 0 + m44 * 0) == 0
    }
}

extension CGPath {
    /// Whether every point, control points included, is finite.
    var pointsAreFinite: Bool {
        var zero: CGFloat = 0
        for element in elements {
            switch element {
            case .move(let p), .line(let p): zero += p.x * 0 + p.y * 0
            case .quadCurve(let p, let c): zero += p.x * 0 + p.y * 0 + c.x * 0 + c.y * 0
            case .curve(let p, let c1, let c2): zero += p.x * 0 + p.y * 0 + c1.x * 0 + c1.y * 0 + c2.x * 0 + c2.y * 0
            case .close: break
            }
        }
        return zero == 0
    }
    /// Every point of the path, control points included.
    var allPoints: [CGPoint] {
        elements.flatMap { element -> [CGPoint] in
            switch element {
            case .move(let p), .line(let p): return [p]
            case .quadCurve(let p, let c): return [c, p]
            case .curve(let p, let c1, let c2): return [c1, c2, p]
            case .close: return []
            }
        }
    }
    /// Calls `body` with every point, control points included, in order (without building an array).
    func forEachPoint(_ body: (CGPoint) -> Void) {
        for element in elements {
            switch element {
            case .move(let p), .line(let p): body(p)
            case .quadCurve(let p, let c): body(c); body(p)
            case .curve(let p, let c1, let c2): body(c1); body(c2); body(p)
            case .close: break
            }
        }
    }
    /// The box of every point, control points included (the curves lie inside it).
    var pointBox: CGRect {
        var first: CGPoint?
        var minX: CGFloat = 0, minY: CGFloat = 0, maxX: CGFloat = 0, maxY: CGFloat = 0
        forEachPoint { p in
            if first == nil { first = p; minX = p.x; minY = p.y; maxX = p.x; maxY = p.y }
            minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y)
        }
        guard first != nil else { return .null }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
    /// The length of the polygon through every point: at least the path's length.
    var controlPolygonLength: Double {
        var length = 0.0, previous: CGPoint?
        forEachPoint { p in
            if let q = previous { length += Double(hypot(p.x - q.x, p.y - q.y)) }
            previous = p
        }
        return length
    }
}

/// A number for a message: plain up to a million, else in exponent form.
private func format(_ value: Double) -> String {
    guard value.isFinite else { return "\(value)" }
    return abs(value) < 1e6 ? String(format: "%g", value) : String(format: "%.3g", value)
}
