import Testing
import Foundation
@testable import QuartzCore
@testable import Compositor
import TestSupport

/// The renderer at the edges of `RenderLimits`: the deepest tree it accepts draws without exhausting a
/// test thread's stack, one level more is refused, and long sibling lists cost linear time and the same
/// bytes as drawing everything.
@Suite struct RenderLimitsInRenderer {
    /// A chain `depth` layers deep where every level is an offscreen group (translucent, with a mask and a
    /// shadow cast from its content) — the deepest recursion per level the renderer has.
    static func chain(depth: Int) -> LayerSnapshot {
        var layer = testLayer(CGRect(x: 1, y: 1, width: 30, height: 30), CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        for level in 1..<depth {
            var outer = testLayer(CGRect(x: 0.5, y: 0.25, width: 32, height: 32), CGColor(red: 0, green: 1, blue: 0, alpha: 0.5)) {
                $0.opacity = 0.9; $0.shadowOpacity = 0.3; $0.shadowRadius = 1; $0.cornerRadius = 3; $0.masksToBounds = level % 2 == 0
            }
            if level % 3 == 0 { outer.mask = testLayer(CGRect(x: 0, y: 0, width: 30, height: 30), .black) }
            outer.sublayers = [layer]
            layer = outer
        }
        return layer
    }

    @Test func theDeepestAcceptedTreeDraws() throws {
        let root = Self.chain(depth: RenderLimits.layerDepth)
        try root.validate()
        let image = LayerRenderer(scale: 2).render(root, size: CGSize(width: 40, height: 40))
        #expect(image.width == 80)
    }

    @Test func oneLevelMoreIsRefusedWithItsPath() {
        #expect(throws: InvalidLayerTree.self) { try Self.chain(depth: RenderLimits.layerDepth + 1).validate() }
        do { try Self.chain(depth: RenderLimits.layerDepth + 1).validate() } catch let error as InvalidLayerTree {
            #expect(error.layerPath.hasPrefix("root.sublayers[0].sublayers[0]"))
            #expect(error.problem.contains("nested more than \(RenderLimits.layerDepth) deep"))
        } catch { Issue.record("\(error)") }
    }

    @Test func farGeometryIsRefusedBeforeDrawing() {
        var root = testLayer(CGRect(x: 0, y: 0, width: 50, height: 50))
        root.sublayers = [testLayer(CGRect(x: 0, y: 0, width: 1e10, height: 10), .white)]
        #expect(throws: InvalidLayerTree.self) { try root.validate() }
        // The same layer hidden is never drawn, so it is not refused.
        root.sublayers[0].state.isHidden = true
        #expect(throws: Never.self) { try root.validate() }
    }

    /// Thousands of siblings (small opaque squares, translucent ones, large cards, dimming layers) exercise
    /// the bounded search for holes: the bytes equal those of the general path, which skips nothing.
    @Test("many siblings: same bytes with and without skipping", arguments: [CGFloat(1), 2])
    func manySiblingsAreIdentical(scale: CGFloat) {
        let size = CGSize(width: 90, height: 110)
        var r = SplitMix64(seed: 2024 &+ UInt64(scale))
        var root = testLayer(CGRect(origin: .zero, size: size), CGColor(red: 0.95, green: 0.95, blue: 0.97, alpha: 1))
        for index in 0..<1500 {
            if index % 300 == 0 {
                root.sublayers.append(testLayer(CGRect(origin: .zero, size: size), CGColor(gray: 0, alpha: 0.3)))
            } else if index % 97 == 0 {
                root.sublayers.append(testLayer(CGRect(x: r.unit() * 40, y: r.unit() * 50, width: 45 + r.unit() * 40, height: 50 + r.unit() * 50),
                                                r.color(opaque: true)) { $0.cornerRadius = r.chance(0.5) ? 0 : 6 })
            } else {
                let side = r.unit() * 6 + 1
                root.sublayers.append(testLayer(CGRect(x: r.unit() * 95 - 3, y: r.unit() * 115 - 3, width: side, height: side),
                                                r.color(opaque: r.chance(0.8))))
            }
        }
        let fast = LayerRenderer(scale: scale), general = LayerRenderer(scale: scale)
        general.skipsOverdraw = false
        let a = fast.render(root, size: size), b = general.render(root, size: size)
        #expect(pixelDifference(a, b) == nil, "\(pixelDifference(a, b) ?? "")")
    }
}
