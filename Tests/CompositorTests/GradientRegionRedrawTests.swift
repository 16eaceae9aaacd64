import Testing
import Foundation
@testable import QuartzCore
import Raster
import Compositor

/// A damaged region is redrawn into a buffer that holds only the region. A large gradient drawn there is
/// the same shape as in a full render, cut by the region: its pixels must be the full render's (Raster
/// decides between its gradient lookup table and exact colours by the whole shape, never by the part a
/// buffer holds; the two may differ by one level).
@Suite struct GradientRegionRedraw {
    static let size = CGSize(width: 375, height: 667)

    /// Where the gradient is drawn from: straight onto the canvas, inside a container that clips it
    /// (a coverage mask), or inside a faded group (an offscreen buffer).
    enum Holder: CaseIterable { case canvas, clippingContainer, fadedGroup }

    /// The alert scene's layout: a gradient card (335 × 200 pt, a table-sized fill) with a small layer
    /// over part of it, and optionally a blurred platter whose region reaches over the card's lower edge.
    static func tree(highlighted: Bool, platter: Bool, holder: Holder) -> LayerSnapshot {
        var root = testLayer(CGRect(origin: .zero, size: size), CGColor(red: 0.949, green: 0.949, blue: 0.9686, alpha: 1))
        var card = testLayer(CGRect(x: 20, y: 44, width: 335, height: 200)) {
            $0.cornerRadius = 22; $0.masksToBounds = true
            $0.gradient = LayerState.Gradient(colors: [CGColor(red: 1, green: 0.3922, blue: 0.5098, alpha: 1),
                                                       CGColor(red: 0.749, green: 0.3529, blue: 0.949, alpha: 1)],
                                              locations: nil, startPoint: .zero, endPoint: CGPoint(x: 1, y: 1))
        }
        switch holder {
        case .canvas:
            root.sublayers = [card]
        case .clippingContainer:
            // The card reaches past a rounded container that clips it.
            var container = testLayer(CGRect(x: 10, y: 30, width: 340, height: 205)) { $0.cornerRadius = 30; $0.masksToBounds = true }
            card.state.position.x -= 10; card.state.position.y -= 30
            card.state.cornerRadius = 0; card.state.masksToBounds = false
            container.sublayers = [card]
            root.sublayers = [container]
        case .fadedGroup:
            var group = testLayer(CGRect(origin: .zero, size: size)) { $0.opacity = 0.9 }
            group.sublayers = [card, testLayer(CGRect(x: 40, y: 60, width: 20, height: 20), .white)]
            root.sublayers = [group]
        }
        // The layer that changes: a highlight under a button (hidden, then shown).
        let highlight = testLayer(CGRect(x: 10, y: 60, width: 230, height: 44), CGColor(gray: 0, alpha: 0.1)) { $0.isHidden = !highlighted }
        if platter {
            var panel = testLayer(CGRect(x: 52.5, y: 220.5, width: 270, height: 226)) {
                $0.backdropFilter = BackdropFilter(blurRadius: 20, saturation: 1.8, tintColor: CGColor(gray: 1, alpha: 0.6))
                $0.cornerRadius = 14
            }
            panel.sublayers = [highlight]
            root.sublayers.append(panel)
        } else {
            var over = highlight
            over.state.position.x += 60; over.state.position.y += 150   // over the card's lower part
            root.sublayers.append(over)
        }
        return root
    }

    @Test("a region redraw over a large gradient equals a full render",
          arguments: [false, true], Holder.allCases)
    func regionRedrawEqualsFullRender(platter: Bool, holder: Holder) {
        let renderer = LayerRenderer(scale: 1)
        _ = renderer.render(Self.tree(highlighted: false, platter: platter, holder: holder), size: Self.size)
        let next = Self.tree(highlighted: true, platter: platter, holder: holder)
        let streamed = renderer.render(next, size: Self.size)
        let fresh = LayerRenderer(scale: 1).render(next, size: Self.size)
        var differing = 0
        for y in 0..<fresh.height { for x in 0..<fresh.width where streamed[x, y] != fresh[x, y] { differing += 1 } }
        #expect(differing == 0, "platter: \(platter), \(holder): \(differing) pixels differ")
    }
}
