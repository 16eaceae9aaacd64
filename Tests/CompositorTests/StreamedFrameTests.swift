import Testing
import Foundation
@testable import QuartzCore
import Raster
import Compositor
import TestSupport

/// Frames streamed through one renderer (damage tracking, the cached backdrop, shape, text, image and
/// mask caches all on, as `Stage.render` runs them) are byte for byte the frames a new renderer draws
/// from nothing. The trees are random and animated: every value that can animate changes between frames,
/// sublayers come and go, and some frames repeat or change a little (so every reuse path is taken).
@Suite struct StreamedFrames {
    static let size = CGSize(width: 60, height: 80)

    /// Times of one clip: repeats (nothing changed), small steps (damaged regions) and jumps (backdrops).
    static let times: [Double] = [0, 0.04, 0.04, 0.3, 0.32, 0.6, 1, 1]

    @Test("random animated trees: every streamed frame equals a fresh render", arguments: 0..<40)
    func randomTrees(seed: Int) throws {
        let scale: CGFloat = seed % 5 == 4 ? 2 : 1
        let renderer = LayerRenderer(scale: scale)
        for (index, t) in Self.times.enumerated() {
            let tree = RandomTree(seed: UInt64(seed), t: t).root
            try tree.validate(canvas: (Self.size, scale))
            let streamed = renderer.render(tree, size: Self.size, background: .black)
            let fresh = LayerRenderer(scale: scale).render(tree, size: Self.size, background: .black)
            // Compared first: a failed #expect on the buffers would print every byte.
            let same = streamed == fresh
            #expect(same, "seed \(seed), frame \(index) (t = \(t)): \(differingPixels(streamed, fresh)) pixels differ")
        }
    }

    /// The most common mask transition: a view masked by a circle whose path grows (CAShapeLayer's `path`
    /// animated), over a still screen. Every streamed frame shows the circle of its own moment.
    @Test func circularRevealStreamsTheAnimatedPath() {
        func tree(_ t: Double) -> LayerSnapshot {
            var root = testLayer(CGRect(origin: .zero, size: Self.size), .white)
            var revealed = testLayer(CGRect(origin: .zero, size: Self.size), CGColor(red: 1, green: 0.23, blue: 0.19, alpha: 1))
            let r = 1 + 99 * t
            var mask = testLayer(CGRect(origin: .zero, size: Self.size))
            mask.state.shape = ShapeContent(path: CGPath(ellipseIn: CGRect(x: 45 - r, y: 70 - r, width: 2 * r, height: 2 * r), transform: nil))
            revealed.mask = mask
            root.sublayers = [revealed]
            return root
        }
        let renderer = LayerRenderer(scale: 1)
        for t in stride(from: 0.0, through: 1, by: 0.125) {
            let streamed = renderer.render(tree(t), size: Self.size)
            let fresh = LayerRenderer(scale: 1).render(tree(t), size: Self.size)
            let same = streamed == fresh
            #expect(same, "t = \(t): \(differingPixels(streamed, fresh)) pixels differ")
            // The top-left corner is outside the circle until the end: still the white screen.
            if t < 0.75 { #expect(streamed[0, 0] == RGBA8(r: 255, g: 255, b: 255, a: 255), "t = \(t)") }
        }
    }

    func differingPixels(_ a: PixelBuffer, _ b: PixelBuffer) -> Int {
        guard a.width == b.width, a.height == b.height else { return -1 }
        var count = 0
        for y in 0..<a.height { for x in 0..<a.width where a[x, y] != b[x, y] { count += 1 } }
        return count
    }
}

/// A random layer tree at time `t` (0…1): the seed fixes the structure and each value's start and end,
/// `t` interpolates them, so the same seed at two times is one tree animated between two frames. Every
/// layer draws the same random numbers whatever `t` is (a layer absent at `t` is built and dropped).
struct RandomTree {
    private var random: SplitMix64
    private let t: Double
    private(set) var root: LayerSnapshot
    private var layers = 0
    /// Whether the layer being made keeps its own values still (its mask and sublayers may still move):
    /// the case where only a mask or a sublayer changes.
    private var still = false

    init(seed: UInt64, t: Double) {
        random = SplitMix64(seed: seed &* 0x9E37_79B9 &+ 17)
        self.t = t
        root = testLayer(CGRect(origin: .zero, size: StreamedFrames.size), CGColor(red: 0.95, green: 0.95, blue: 0.97, alpha: 1))
        var children: [LayerSnapshot] = []
        let count = 2 + Int(random.unit() * 4)
        for _ in 0..<count { if let child = layer(depth: 1) { children.append(child) } }
        root.sublayers = children
        // Perspective for the layers turned in 3-D.
        if random.chance(0.4) { root.state.sublayerTransform.m34 = -1 / 120 }
    }

    // MARK: Values

    private mutating func unit() -> Double { random.unit() }
    private mutating func range(_ low: Double, _ high: Double) -> Double { low + (high - low) * unit() }
    /// A value that animates from one random value to another with probability `p` (else constant).
    private mutating func animated(_ low: Double, _ high: Double, p: Double = 0.5) -> CGFloat {
        let a = range(low, high), b = range(low, high), moves = random.chance(p) && !still
        return CGFloat(moves ? a + (b - a) * t : a)
    }
    private mutating func color(opaque: Bool = false) -> CGColor {
        let r = unit(), g = unit(), b = unit(), a = opaque || random.chance(0.6) ? 1 : range(0.3, 0.9)
        return CGColor(red: r, green: g, blue: b, alpha: a)
    }
    /// Whether something present at some times only is there at `t`.
    private mutating func presentNow() -> Bool {
        let from = range(-0.5, 0.6), until = range(0.4, 1.5)
        return t >= from && t <= until
    }

    private mutating func path(in bounds: CGRect) -> CGPath {
        let kind = Int(unit() * 3)
        let inset = animated(-4, Double(min(bounds.width, bounds.height)) / 3, p: 0.7)
        let dx = animated(-6, 6), dy = animated(-6, 6)
        let rect = bounds.insetBy(dx: inset, dy: inset).offsetBy(dx: dx, dy: dy)
        switch kind {
        case 0: return CGPath(ellipseIn: rect, transform: nil)
        case 1: return CGPath(roundedRect: rect, cornerWidth: min(animated(0, 8), rect.width / 2), cornerHeight: min(animated(0, 8), rect.height / 2), transform: nil)
        default:
            let path = CGMutablePath()
            path.move(to: CGPoint(x: rect.minX, y: rect.maxY))
            path.addLine(to: CGPoint(x: rect.midX + animated(-5, 5), y: rect.minY))
            path.addQuadCurve(to: CGPoint(x: rect.maxX, y: rect.maxY), control: CGPoint(x: rect.maxX + animated(-8, 8), y: rect.midY))
            path.closeSubpath()
            return path
        }
    }

    private mutating func shape(in bounds: CGRect) -> ShapeContent {
        var shape = ShapeContent(path: path(in: bounds))
        shape.fillColor = random.chance(0.7) ? color() : nil
        shape.fillRule = random.chance(0.3) ? .evenOdd : .nonZero
        if random.chance(0.6) {
            shape.strokeColor = color()
            shape.lineWidth = animated(0.5, 4)
            shape.lineCap = [.butt, .round, .square][Int(unit() * 3)]
            shape.lineJoin = [.miter, .round, .bevel][Int(unit() * 3)]
            shape.strokeStart = animated(0, 0.4)
            shape.strokeEnd = animated(0.5, 1)
            if random.chance(0.4) {
                shape.lineDashPattern = [CGFloat(range(1, 4)), CGFloat(range(1, 4))]
                shape.lineDashPhase = animated(0, 6, p: 0.8)
            }
        }
        return shape
    }

    private mutating func image() -> CGImage {
        let side = 2 + Int(unit() * 4)
        var bytes: [UInt8] = []
        for _ in 0..<(side * side) {
            let a = UInt8(128 + Int(unit() * 127))
            // Premultiplied: colour channels at most alpha.
            bytes += [UInt8(Double(a) * unit()), UInt8(Double(a) * unit()), UInt8(Double(a) * unit()), a]
        }
        return CGImage(width: side, height: side, premultipliedRGBA: bytes)!
    }

    private mutating func text() -> LayerText {
        let words = ["Go", "Hi", "Wave", "Ab", "x"]
        let first = words[Int(unit() * Double(words.count))], second = words[Int(unit() * Double(words.count))]
        let string = t < range(0.2, 0.8) ? first : first + " " + second
        return LayerText(runs: [LayerText.Run(string, fontName: ".SystemFont-600", fontSize: animated(8, 16, p: 0.3), color: color(opaque: true))],
                         alignment: [.left, .center, .right][Int(unit() * 3)], numberOfLines: Int(unit() * 3))
    }

    // MARK: Layers

    /// One layer (and its subtree), or nil when it is absent at `t`.
    private mutating func layer(depth: Int) -> LayerSnapshot? {
        layers += 1
        let present = random.chance(0.75) ? true : presentNow()
        still = random.chance(0.5)
        let width = animated(6, 44, p: 0.4), height = animated(6, 50, p: 0.4)
        let x = animated(-8, 40), y = animated(-8, 60)
        var state = LayerState()
        state.bounds = CGRect(x: 0, y: 0, width: width, height: height)
        state.position = CGPoint(x: x + width / 2, y: y + height / 2)
        // Some layers fill the canvas (a presented screen): their changes take the backdrop path.
        if random.chance(0.25) {
            state.bounds = CGRect(origin: .zero, size: StreamedFrames.size)
            state.position = CGPoint(x: StreamedFrames.size.width / 2, y: StreamedFrames.size.height / 2)
        }
        state.backgroundColor = random.chance(0.7) ? color() : nil
        if random.chance(0.4) { state.cornerRadius = animated(0, 14) }
        if random.chance(0.2) { state.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMaxYCorner] }
        if random.chance(0.2) { state.cornerCurve = .continuous }
        if random.chance(0.35) { state.opacity = Float(animated(0.2, 1)) }
        if random.chance(0.2) { state.allowsGroupOpacity = false }
        if random.chance(0.25) { state.masksToBounds = true }
        if random.chance(0.2) { state.borderWidth = animated(0.5, 3); state.borderColor = color() }
        if random.chance(0.15) { state.zPosition = CGFloat(range(-2, 2).rounded()) }
        if random.chance(0.1) { state.isHidden = t > range(0, 1) }
        switch Int(unit() * 6) {
        case 0: state.transform = CATransform3DMakeRotation(animated(-0.8, 0.8), 0, 0, 1)
        case 1: state.transform = CATransform3DMakeScale(animated(0.5, 1.4), animated(0.5, 1.4), 1)
        case 2:
            // Turned in 3-D (under the root's perspective, when it has one); sometimes showing its back.
            state.transform = CATransform3DMakeRotation(animated(-2.4, 2.4, p: 0.8), 0, 1, 0.2)
            state.isDoubleSided = random.chance(0.5)
        default: break
        }
        if random.chance(0.3) {
            state.shadowOpacity = Float(animated(0.2, 0.9))
            state.shadowRadius = animated(0, 4)
            state.shadowOffset = CGSize(width: animated(-3, 3), height: animated(-3, 3))
            if random.chance(0.3) { state.shadowPath = path(in: state.bounds) }
        }
        if random.chance(0.2) {
            state.gradient = LayerState.Gradient(colors: [color(), color()], locations: nil, startPoint: .zero,
                                                 endPoint: CGPoint(x: animated(0, 1), y: 1))
        }
        if random.chance(0.2) {
            state.contents = image()
            let other = image()
            if t > range(0, 1) { state.contents = other }
            state.contentsGravity = [.resize, .center, .resizeAspect, .topLeft][Int(unit() * 4)]
            // Part of the image (moving), and nine-part scaling (its centre changing).
            if random.chance(0.4) {
                state.contentsRect = CGRect(x: animated(0, 0.3), y: range(0, 0.3), width: animated(0.4, 1), height: range(0.5, 1))
            }
            if random.chance(0.4) {
                let inset = animated(0.1, 0.4)
                state.contentsCenter = CGRect(x: inset, y: range(0.1, 0.4), width: 1 - 2 * inset, height: range(0.1, 0.5))
            }
        }
        if random.chance(0.25) { state.shape = shape(in: state.bounds) }
        if random.chance(0.2) { state.text = text() }
        if random.chance(0.12) {
            state.backdropFilter = BackdropFilter(blurRadius: animated(0, 4, p: 0.8), saturation: CGFloat(range(0.5, 1.8)),
                                                  tintColor: random.chance(0.5) ? color() : nil)
            state.backdropStrength = animated(0, 1, p: 0.3)
        }
        var snapshot = LayerSnapshot(name: "layer\(layers)", state: state)
        if depth < 3 {
            let count = random.chance(0.5) ? Int(unit() * 3) + 1 : 0
            for _ in 0..<count { if let child = layer(depth: depth + 1) { snapshot.sublayers.append(child) } }
        }
        still = false
        if random.chance(0.3) { snapshot.mask = mask(for: state.bounds, depth: depth) }
        return present ? snapshot : nil
    }

    /// A mask: a shape layer whose path animates (the circular reveal), or a plain layer; with its own
    /// placement, opacity and sometimes sublayers of its own.
    private mutating func mask(for bounds: CGRect, depth: Int) -> LayerSnapshot {
        var state = LayerState()
        state.bounds = bounds
        state.position = CGPoint(x: bounds.midX + animated(-6, 6), y: bounds.midY + animated(-6, 6))
        if random.chance(0.3) { state.opacity = Float(animated(0.3, 1)) }
        if random.chance(0.3) { state.transform = CATransform3DMakeRotation(animated(-0.6, 0.6), 0, 0, 1) }
        if random.chance(0.6) {
            var shape = ShapeContent(path: CGPath(ellipseIn: CGRect(x: bounds.midX, y: bounds.midY, width: 0, height: 0)
                .insetBy(dx: -animated(1, 40, p: 0.9), dy: -animated(1, 40, p: 0.9)), transform: nil))
            if random.chance(0.3) { shape = self.shape(in: bounds) }
            state.shape = shape
        } else {
            state.backgroundColor = color()
            state.cornerRadius = animated(0, 10)
        }
        var mask = LayerSnapshot(name: "mask", state: state)
        if random.chance(0.3), depth < 3, let child = layer(depth: 3) { mask.sublayers = [child] }
        return mask
    }
}
