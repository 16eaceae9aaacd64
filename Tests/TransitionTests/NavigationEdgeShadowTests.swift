import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit
import TestSupport
import Raster
import Compositor

/// The system parallax push and pop carry UIKit's 9 pt edge shadow along the top view's leading edge:
/// black 0.3 against the edge, clear 9 pt away, fading in on push and out on pop.
@Suite struct NavigationEdgeShadow {
    func shadowView(in nav: UINavigationController) -> EdgeShadowView? {
        nav.view.subviews[0].subviews.lazy.compactMap { $0 as? EdgeShadowView }.first
    }

    /// The window drawn at the current time, one pixel per point.
    func render(_ stage: Stage) -> PixelBuffer {
        LayerRenderer(scale: 1).render(stage.window.layer.snapshot(at: stage.clock.now), size: stage.window.bounds.size)
    }

    @Test func pushAndPopCarryAShadowAlongTheTopViewsEdge() {
        let a = UIViewController(), b = UIViewController()
        let nav = UINavigationController(rootViewController: a)
        onStage(nav) { stage in
            a.view.backgroundColor = .white
            b.view.backgroundColor = .white
            nav.pushViewController(b, animated: true)
            let w0 = (1000.0 / 3).squareRoot(), t = 0.1
            let p = 1 - (1 + w0 * t) * exp(-w0 * t)
            stage.run(for: t)
            let shadow = try! #require(shadowView(in: nav))
            let edge = b.view.shownFrame.minX
            #expect(shadow.shownFrame == CGRect(x: edge - 9, y: 0, width: 9, height: nav.view.bounds.height))
            #expect(close(shadow.shownAlpha, p, 1e-5))
            // Below the bar, darkest against B's edge, lighter 6 pt further left; A (dimmed) beyond that.
            let y = 400, x = Int(edge.rounded(.down))
            let image = render(stage)
            let near = image[x - 1, y].r, far = image[x - 7, y].r, beyond = image[x - 14, y].r
            #expect(near < far && far < beyond, "near \(near), far \(far), beyond \(beyond)")
            #expect(Double(beyond - near) > 255 * 0.3 * p * 0.7)
            stage.settle()
            #expect(shadowView(in: nav) == nil)

            nav.popViewController(animated: true)
            stage.run(for: t)
            let popShadow = try! #require(shadowView(in: nav))
            #expect(popShadow.shownFrame.maxX == b.view.shownFrame.minX)
            #expect(close(popShadow.shownAlpha, 1 - p, 1e-5))
            stage.settle()
            #expect(shadowView(in: nav) == nil && nav.topViewController === a)
        }
    }
}
