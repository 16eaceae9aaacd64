import Testing
import Foundation
@testable import QuartzCore
@testable import Compositor
import TestSupport

/// The tree validator and the renderer share one geometry (QuartzCore's `LayerGeometry.swift`), so a tree
/// the validator accepts keeps the renderer inside `RenderLimits`: random trees with extreme values
/// (huge scales and translations, perspective near the eye, far shadow paths, large blurs and strokes,
/// nested groups) either are refused or draw without trapping, with every offscreen image, shadow reach
/// and blur the renderer works with under the limits.
@Suite struct ValidatedTreeLimits {
    @Test("accepted random trees stay inside RenderLimits", arguments: 0..<4)
    func acceptedTreesStayInsideTheLimits(batch: Int) {
        var accepted = 0, refused = 0
        for index in 0..<25 {
            let seed = UInt64(batch * 25 + index)
            var generator = ExtremeTree(seed: seed)
            let root = generator.make()
            let scale: CGFloat = seed % 3 == 0 ? 2 : 1
            let size = CGSize(width: 40, height: 40)
            do { try root.validate(canvas: (size, scale)) } catch { refused += 1; continue }
            accepted += 1
            let renderer = LayerRenderer(scale: scale)
            let image = renderer.render(root, size: size)
            #expect(image.width == Int(40 * scale))
            let seen = renderer.extremes
            #expect(seen.offscreenPixels <= RenderLimits.offscreenPixels, "seed \(seed): \(seen.offscreenPixels) offscreen pixels at once")
            // A shadow's reach in pixels: the limit in points at this scale, and one pixel for the blur's edge.
            #expect(seen.shadowReach <= RenderLimits.shadowReach * Double(scale) + 1, "seed \(seed): shadow reach \(seen.shadowReach)")
            #expect(seen.shadowSigma.isFinite && seen.shadowSigma * 3.5 <= RenderLimits.shadowReach * Double(scale), "seed \(seed): σ \(seen.shadowSigma)")
            #expect(seen.filterSigma.isFinite, "seed \(seed): backdrop σ \(seen.filterSigma)")
        }
        // Both sides are exercised: most trees draw, some are refused.
        #expect(accepted >= 10 && refused >= 1, "accepted \(accepted), refused \(refused)")
    }
}

/// A random tree with values from ordinary to far past the limits.
struct ExtremeTree {
    var random: SplitMix64
    var count = 0
    init(seed: UInt64) { random = SplitMix64(seed: seed &* 0x2545_F491_4F6C_DD1D &+ 99) }

    mutating func unit() -> Double { random.unit() }
    /// Mostly ordinary (within `ordinary`), sometimes large, rarely enormous, with either sign when `signed`.
    mutating func value(_ ordinary: Double, signed: Bool = true) -> CGFloat {
        let magnitude: Double
        switch unit() {
        case ..<0.88: magnitude = ordinary * unit()
        case ..<0.97: magnitude = ordinary * 10 * unit()
        default: magnitude = [1e3, 1e5, 1e7, 1e9][Int(unit() * 4)] * unit()
        }
        return CGFloat(signed && random.chance(0.5) ? -magnitude : magnitude)
    }

    mutating func make() -> LayerSnapshot {
        var root = testLayer(CGRect(x: 0, y: 0, width: 40, height: 40), .white)
        if random.chance(0.3) { root.state.sublayerTransform.m34 = -1 / (1 + value(400, signed: false)) }
        for _ in 0..<(1 + Int(unit() * 3)) { root.sublayers.append(layer(depth: 2)) }
        return root
    }

    mutating func layer(depth: Int) -> LayerSnapshot {
        count += 1
        var s = LayerState()
        s.bounds = CGRect(x: value(5), y: value(5), width: abs(value(30)), height: abs(value(30)))
        s.position = CGPoint(x: 20 + value(20), y: 20 + value(20))
        s.backgroundColor = CGColor(red: unit(), green: unit(), blue: unit(), alpha: random.chance(0.7) ? 1 : 0.5)
        switch Int(unit() * 5) {
        case 0: s.transform = CATransform3DMakeScale(abs(value(2)) + 0.01, abs(value(2)) + 0.01, 1)
        case 1: s.transform = CATransform3DMakeRotation(value(3), 0, 0, 1)
        case 2: s.transform = CATransform3DMakeRotation(value(1.6), 0, 1, 0)
        case 3:
            var t = CATransform3DMakeTranslation(value(20), value(20), value(50))
            t.m34 = -1 / (1 + value(200, signed: false))
            s.transform = t
        default: break
        }
        if random.chance(0.4) { s.opacity = Float(unit()) }
        if random.chance(0.3) { s.cornerRadius = abs(value(8)) }
        if random.chance(0.3) { s.masksToBounds = true }
        if random.chance(0.35) {
            s.shadowOpacity = 0.5
            s.shadowRadius = abs(value(6))
            s.shadowOffset = CGSize(width: value(4), height: value(4))
            if random.chance(0.3) {
                s.shadowPath = CGPath(ellipseIn: CGRect(x: value(20), y: value(20), width: abs(value(20)), height: abs(value(20))), transform: nil)
            }
        }
        if random.chance(0.15) { s.borderWidth = abs(value(3)) }
        if random.chance(0.15) {
            s.backdropFilter = BackdropFilter(blurRadius: abs(value(5)), saturation: 1.5, tintColor: nil)
        }
        if random.chance(0.2) {
            var shape = ShapeContent(path: CGPath(ellipseIn: CGRect(x: value(10), y: value(10), width: abs(value(30)), height: abs(value(30))), transform: nil))
            shape.strokeColor = .black
            shape.lineWidth = abs(value(3))
            if random.chance(0.3) { shape.lineDashPattern = [abs(value(4)) + 0.5, 2] }
            s.shape = shape
        }
        if random.chance(0.1) {
            s.text = LayerText(runs: [LayerText.Run("Limits", fontName: ".SystemFont-400", fontSize: abs(value(14)) + 1, color: .black)])
        }
        var snapshot = LayerSnapshot(state: s)
        if depth < 6 {
            for _ in 0..<Int(unit() * 2.6) { snapshot.sublayers.append(layer(depth: depth + 1)) }
        }
        if random.chance(0.2) {
            var mask = LayerState()
            mask.bounds = s.bounds
            mask.position = CGPoint(x: s.bounds.midX + value(5), y: s.bounds.midY + value(5))
            mask.backgroundColor = .black
            mask.cornerRadius = abs(value(10))
            snapshot.mask = LayerSnapshot(state: mask)
        }
        return snapshot
    }
}

/// The validator names the layer by its path only when it refuses one (the path is not built for every
/// layer of every frame): the messages still say exactly where.
@Suite struct ValidationMessages {
    func message(_ root: LayerSnapshot, path: String = "root") -> String? {
        do { try root.validate(path: path) } catch { return "\(error)" }
        return nil
    }

    @Test func pathsThroughSublayersAndMasks() {
        var card = testLayer(CGRect(x: 0, y: 0, width: 10, height: 10), .white)
        card.name = "card"
        card.state.transform.m43 = .infinity
        var masked = testLayer(CGRect(x: 0, y: 0, width: 20, height: 20), .black)
        masked.mask = LayerSnapshot(state: LayerState(), sublayers: [card])
        var root = testLayer(CGRect(x: 0, y: 0, width: 40, height: 40))
        root.sublayers = [testLayer(CGRect(x: 0, y: 0, width: 5, height: 5)), masked]
        #expect(message(root) == "root.sublayers[1].mask.sublayers[0] (\"card\").transform: inf is not a finite number")
        #expect(message(root, path: "document") == "document.sublayers[1].mask.sublayers[0] (\"card\").transform: inf is not a finite number")

        var shaped = testLayer(CGRect(x: 0, y: 0, width: 20, height: 20))
        shaped.state.shape = ShapeContent(path: CGPath(elements: [.move(to: CGPoint(x: 1, y: 2)), .line(to: CGPoint(x: CGFloat.nan, y: 3))]))
        root.sublayers = [shaped]
        #expect(message(root) == "root.sublayers[0].shape.path: nan is not a finite number")
        root.sublayers[0].state.shape = nil
        root.sublayers[0].state.bounds.size.height = -.infinity
        #expect(message(root) == "root.sublayers[0].bounds: -inf is not a finite number")
        root.sublayers[0].state.bounds.size.height = 4
        #expect(message(root) == nil)
    }

    @Test func tooDeepIsSaidAtTheSuperlayer() {
        var layer = testLayer(CGRect(x: 0, y: 0, width: 4, height: 4))
        for _ in 1...RenderLimits.layerDepth { layer = LayerSnapshot(state: LayerState(), mask: layer) }
        let expected = "root" + String(repeating: ".mask", count: RenderLimits.layerDepth - 1) + ".mask: layers are nested more than \(RenderLimits.layerDepth) deep (the limit of sublayers and masks within one another); flatten the tree"
        #expect(message(layer) == expected)
    }
}
