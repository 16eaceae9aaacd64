import Testing
import Foundation
@testable import QuartzCore
@testable import Compositor

/// Fills that skip what a later opaque draw overwrites (a card's background under its clipped content, a
/// dimming layer under an opaque sibling) against the general path that draws everything: byte for byte,
/// on random card trees with fractional frames, rounded clips, translucency and shadows.
@Suite struct OverdrawSkipping {
    /// A deterministic generator (SplitMix64).
    struct Random {
        var state: UInt64
        mutating func next() -> Double {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
        }
        mutating func chance(_ p: Double) -> Bool { next() < p }
        mutating func color(opaque: Bool) -> CGColor {
            CGColor(red: next(), green: next(), blue: next(), alpha: opaque ? 1 : next())
        }
    }

    /// A card: a container (background, corner radius, maybe a shadow or a clip) holding a clipped content
    /// layer with a gradient sublayer, sometimes the content's own background, sometimes an inset child.
    static func card(_ r: inout Random, in size: CGSize) -> LayerSnapshot {
        let frame = CGRect(x: r.next() * size.width * 0.6 - 5, y: r.next() * size.height * 0.6 - 5,
                           width: r.next() * size.width * 0.7 + 4, height: r.next() * size.height * 0.7 + 4)
        let radius = r.chance(0.2) ? 0 : r.next() * 14
        var container = testLayer(frame, r.chance(0.8) ? r.color(opaque: r.chance(0.8)) : nil) {
            $0.cornerRadius = radius
            if r.chance(0.4) { $0.shadowOpacity = 0.3; $0.shadowRadius = 4; $0.shadowOffset = CGSize(width: 0, height: 2) }
            if r.chance(0.3) { $0.masksToBounds = true }
            if r.chance(0.15) { $0.opacity = Float(r.next()) }
        }
        let inset = r.chance(0.6) ? 0 : r.next() * 6 - 2
        var content = testLayer(CGRect(origin: .zero, size: frame.size).insetBy(dx: inset, dy: inset),
                                r.chance(0.3) ? r.color(opaque: r.chance(0.7)) : nil) {
            $0.cornerRadius = r.chance(0.7) ? radius : r.next() * 16
            $0.masksToBounds = r.chance(0.8)
            if r.chance(0.15) { $0.opacity = Float(r.next()) }
            if r.chance(0.1) { $0.cornerCurve = .continuous }
        }
        let opaqueStops = r.chance(0.75)
        var image = testLayer(CGRect(origin: .zero, size: content.state.bounds.size).insetBy(dx: r.chance(0.7) ? 0 : -3, dy: 0)) {
            $0.gradient = LayerState.Gradient(colors: [r.color(opaque: opaqueStops), r.color(opaque: opaqueStops)], locations: nil,
                                              startPoint: .zero, endPoint: CGPoint(x: 1, y: 1))
            if r.chance(0.1) { $0.transform = CATransform3DMakeRotation(0.1, 0, 0, 1) }
        }
        if r.chance(0.2) { image.sublayers = [testLayer(CGRect(x: 2, y: 3, width: 10, height: 8), r.color(opaque: true))] }
        content.sublayers = [image]
        if r.chance(0.3) { content.sublayers.append(testLayer(CGRect(x: 4, y: 4, width: 12, height: 9), r.color(opaque: false))) }
        container.sublayers = [content]
        return container
    }

    static func tree(seed: UInt64, size: CGSize) -> LayerSnapshot {
        var r = Random(state: seed)
        var root = testLayer(CGRect(origin: .zero, size: size), CGColor(red: 0.95, green: 0.95, blue: 0.97, alpha: 1))
        var children = (0..<Int(r.next() * 3) + 1).map { _ in card(&r, in: size) }
        children.insert(testLayer(CGRect(origin: .zero, size: size), CGColor(gray: 0, alpha: r.next() * 0.6 + 0.1)),
                        at: Int(r.next() * Double(children.count + 1)))
        children.append(card(&r, in: size))
        if r.chance(0.5) {
            // Everything inside a rounded clip, so fills meet partial clip weights.
            var clipper = testLayer(CGRect(x: 3.5, y: 2.25, width: size.width - 7, height: size.height - 5), r.color(opaque: r.chance(0.5))) {
                $0.cornerRadius = 18; $0.masksToBounds = true
            }
            clipper.sublayers = children
            root.sublayers = [clipper]
        } else {
            root.sublayers = children
        }
        return root
    }

    @Test("random card trees: same bytes with and without skipping", arguments: [CGFloat(1), 2, 3])
    func randomTreesAreIdentical(scale: CGFloat) {
        let size = CGSize(width: 90, height: 110)
        for seed in UInt64(1)...40 {
            let root = Self.tree(seed: seed &* 7919 &+ UInt64(scale), size: size)
            let fast = LayerRenderer(scale: scale)
            let general = LayerRenderer(scale: scale)
            general.skipsOverdraw = false
            let a = fast.render(root, size: size), b = general.render(root, size: size)
            let differing = (0..<a.width * a.height).filter { a.bytes[$0 * 4..<$0 * 4 + 4] != b.bytes[$0 * 4..<$0 * 4 + 4] }
            let same = differing.isEmpty
            #expect(same, "seed \(seed): \(differing.count) pixels differ, first at \(differing.first.map { "\(($0 % a.width, $0 / a.width)): \(a.bytes[$0 * 4..<$0 * 4 + 4]) vs \(b.bytes[$0 * 4..<$0 * 4 + 4])" } ?? "")")
        }
    }

    /// Consecutive frames of a card expanding over a dimmed list (the cached backdrop with the dimming
    /// filled while it is copied, backgrounds skipped) against fresh renders that skip nothing.
    @Test("consecutive frames equal fresh general renders", arguments: [CGFloat(1), 3])
    func expandingCardOverDimmedList(scale: CGFloat) {
        let size = CGSize(width: 80, height: 140)
        let consecutive = LayerRenderer(scale: scale)
        for step in 0..<6 {
            let t = CGFloat(step) / 5
            var r = Random(state: 99)
            var root = testLayer(CGRect(origin: .zero, size: size), CGColor(red: 0.95, green: 0.95, blue: 0.97, alpha: 1))
            root.sublayers = (0..<3).map { _ in Self.card(&r, in: size) }
            root.sublayers.append(testLayer(CGRect(origin: .zero, size: size), CGColor(gray: 0, alpha: 1)) { $0.opacity = Float(0.3 * t) })
            let frame = CGRect(x: 10 * (1 - t), y: 30 * (1 - t), width: 50 + 30 * t, height: 60 + 80 * t)
            var card = testLayer(frame, .white) {
                $0.cornerRadius = 8 * (1 - t); $0.shadowOpacity = 0.2; $0.shadowRadius = 6; $0.shadowOffset = CGSize(width: 0, height: 2)
            }
            var content = testLayer(CGRect(origin: .zero, size: frame.size)) { $0.cornerRadius = 8 * (1 - t); $0.masksToBounds = true }
            content.sublayers = [testLayer(CGRect(origin: .zero, size: frame.size)) {
                $0.gradient = LayerState.Gradient(colors: [CGColor(red: 1, green: 0.6, blue: 0, alpha: 1), CGColor(red: 0.4, green: 0.3, blue: 0.9, alpha: 1)],
                                                  locations: nil, startPoint: .zero, endPoint: CGPoint(x: 1, y: 1))
            }]
            card.sublayers = [content]
            root.sublayers.append(card)
            let general = LayerRenderer(scale: scale)
            general.skipsOverdraw = false
            let a = consecutive.render(root, size: size), b = general.render(root, size: size)
            let same = a == b
            #expect(same, "frame \(step)")
        }
    }
}
