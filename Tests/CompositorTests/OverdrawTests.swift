import Testing
import Foundation
@testable import QuartzCore
@testable import Compositor
import TestSupport

/// Fills that skip what a later opaque draw overwrites (a card's background under its clipped content, a
/// dimming layer under an opaque sibling) against the general path that draws everything: byte for byte,
/// on random card trees with fractional frames, rounded clips, translucency and shadows.
@Suite struct OverdrawSkipping {
    /// A card: a container (background, corner radius, maybe a shadow or a clip) holding a clipped content
    /// layer with a gradient sublayer, sometimes the content's own background, sometimes an inset child.
    static func card(_ r: inout SplitMix64, in size: CGSize) -> LayerSnapshot {
        let frame = CGRect(x: r.unit() * size.width * 0.6 - 5, y: r.unit() * size.height * 0.6 - 5,
                           width: r.unit() * size.width * 0.7 + 4, height: r.unit() * size.height * 0.7 + 4)
        let radius = r.chance(0.2) ? 0 : r.unit() * 14
        var container = testLayer(frame, r.chance(0.8) ? r.color(opaque: r.chance(0.8)) : nil) {
            $0.cornerRadius = radius
            if r.chance(0.4) { $0.shadowOpacity = 0.3; $0.shadowRadius = 4; $0.shadowOffset = CGSize(width: 0, height: 2) }
            if r.chance(0.3) { $0.masksToBounds = true }
            if r.chance(0.15) { $0.opacity = Float(r.unit()) }
        }
        let inset = r.chance(0.6) ? 0 : r.unit() * 6 - 2
        var content = testLayer(CGRect(origin: .zero, size: frame.size).insetBy(dx: inset, dy: inset),
                                r.chance(0.3) ? r.color(opaque: r.chance(0.7)) : nil) {
            $0.cornerRadius = r.chance(0.7) ? radius : r.unit() * 16
            $0.masksToBounds = r.chance(0.8)
            if r.chance(0.15) { $0.opacity = Float(r.unit()) }
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
        var r = SplitMix64(seed: seed)
        var root = testLayer(CGRect(origin: .zero, size: size), CGColor(red: 0.95, green: 0.95, blue: 0.97, alpha: 1))
        var children = (0..<Int(r.unit() * 3) + 1).map { _ in card(&r, in: size) }
        children.insert(testLayer(CGRect(origin: .zero, size: size), CGColor(gray: 0, alpha: r.unit() * 0.6 + 0.1)),
                        at: Int(r.unit() * Double(children.count + 1)))
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
            let difference = pixelDifference(a, b)
            #expect(difference == nil, "seed \(seed): \(difference ?? "")")
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
            var r = SplitMix64(seed: 99)
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

extension SplitMix64 {
    /// Three (or four) `unit()` draws, red first.
    mutating func color(opaque: Bool) -> CGColor {
        CGColor(red: unit(), green: unit(), blue: unit(), alpha: opaque ? 1 : unit())
    }
}
