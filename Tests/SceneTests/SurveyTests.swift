import Testing
import Foundation
import CoreGraphics
import QuartzCore
import UIKit
import Stage
@testable import Scenes
import Playback

/// The survey's cross-dissolve and half-way-spring scenes: timing, the values the animators
/// set, and what `.fullScreen` does with the presenting view.
@Suite struct Survey {
    static let firstScreenColor = UIColor.systemGroupedBackground.cgColor
    static let secondScreenColor = UIColor(rgb: 0x1C1C1E).cgColor

    /// The first layer (depth first) with this background colour.
    static func screen(_ color: CGColor, in tree: LayerSnapshot) -> LayerSnapshot? {
        if tree.state.backgroundColor == color { return tree }
        for sublayer in tree.sublayers { if let found = screen(color, in: sublayer) { return found } }
        return nil
    }

    @Test func crossDissolveTimeline() throws {
        let plan = try Stage.plan(CrossDissolveScene.self, settings: RenderSettings(scale: 1))
        #expect(plan.transitions.map(\.label) == ["present CrossDissolveSecondViewController", "dismiss CrossDissolveSecondViewController"])
        #expect(plan.transitions.allSatisfy { $0.completed })
        // Tap released at 0.3 s; 0.35 s each way; the dismiss tap 0.3 s after the present settles.
        #expect(abs(plan.transitions[0].start - 0.3) < 1e-9 && abs(plan.transitions[0].end - 0.65) < 1e-9)
        #expect(abs(plan.transitions[1].start - 1.05) < 1e-9 && abs(plan.transitions[1].end - 1.4) < 1e-9)
    }

    @Test func crossDissolveFadesTheIncomingScreenOverTheOther() throws {
        let plan = try Stage.plan(CrossDissolveScene.self, settings: RenderSettings(scale: 1))
        let session = SceneSession(CrossDissolveScene.self)
        // Present, half-way: the second screen at half opacity (ease-in-out is symmetric) over the first.
        session.advance(to: plan.transitions[0].time(at: 0.5))
        var tree = session.snapshot()
        #expect(abs(Double(try #require(Self.screen(Self.secondScreenColor, in: tree)).state.opacity) - 0.5) < 1e-6)
        #expect(Self.screen(Self.firstScreenColor, in: tree)?.state.opacity == 1)
        // Presented: `.fullScreen` took the first screen out of the window.
        session.advance(to: plan.transitions[0].end)
        tree = session.snapshot()
        #expect(Self.screen(Self.firstScreenColor, in: tree) == nil)
        // Dismiss, half-way: the first screen is back, fading in over the second.
        session.advance(to: plan.transitions[1].time(at: 0.5))
        tree = session.snapshot()
        #expect(abs(Double(try #require(Self.screen(Self.firstScreenColor, in: tree)).state.opacity) - 0.5) < 1e-6)
        #expect(Self.screen(Self.secondScreenColor, in: tree) != nil)
    }

    @Test func fullScreenDismissalPutsThePresenterBack() throws {
        // UIKit moves the presenting view the animator added to the container back into the window when
        // a `.fullScreen` dismissal completes, so the first screen is what remains.
        for sceneType in [CrossDissolveScene.self, HalfWaySpringScene.self] as [Scene.Type] {
            let plan = try Stage.plan(sceneType, settings: RenderSettings(scale: 1))
            let session = SceneSession(sceneType)
            session.advance(to: plan.transitions[1].end)
            #expect(Self.screen(Self.firstScreenColor, in: session.snapshot()) != nil, "\(sceneType.name)")
        }
    }

    @Test func halfWaySpringStartsAtHalfHeightTransparentAndOvershoots() throws {
        let plan = try Stage.plan(HalfWaySpringScene.self, settings: RenderSettings(scale: 1))
        let present = plan.transitions[0]
        #expect(abs(present.end - present.start - 2) < 1e-9)
        let session = SceneSession(HalfWaySpringScene.self)
        session.advance(to: present.start)
        let start = try #require(Self.screen(Self.secondScreenColor, in: session.snapshot())).state
        #expect(start.frame.minY == 426)
        #expect(start.opacity == 0)
        // Damping ratio 0.6 overshoots: the screen's top edge goes above the screen, then settles at 0.
        var highest = CGFloat.infinity
        for step in 1...200 {
            session.advance(to: present.time(at: Double(step) / 200))
            highest = min(highest, try #require(Self.screen(Self.secondScreenColor, in: session.snapshot())).state.frame.minY)
        }
        #expect(highest < -20)
        #expect(try #require(Self.screen(Self.secondScreenColor, in: session.snapshot())).state.frame.minY == 0)
    }
}

/// card-collapse: the detail shown from the start shrinks back into the first card.
@Suite struct CardCollapse {
    @Test func timelineAndTabBarComesBack() throws {
        let plan = try Stage.plan(CardCollapseScene.self, settings: RenderSettings(scale: 1))
        // The detail is put on screen without animation at 0 s, then dismissed by a tap: 0.7 s spring.
        #expect(plan.transitions.map(\.label) == ["present CardDetailViewController", "dismiss CardDetailViewController"])
        #expect(!plan.transitions[0].isAnimated)
        #expect(abs(plan.transitions[1].start - 0.3) < 1e-9 && abs(plan.transitions[1].end - 1.0) < 1e-9)

        let session = SceneSession(CardCollapseScene.self)
        session.advance(to: 0.25)
        let tabBarColor = try #require(tabBarLayer(in: session.snapshot())).state.backgroundColor
        // Before the tap the tab bar is below the screen; at the end it is back at the bottom, inside
        // the tab bar controller's view (the container is gone).
        #expect(try #require(tabBarLayer(in: session.snapshot())).state.frame.minY == 852)
        session.advance(to: plan.transitions[1].end)
        let tree = session.snapshot()
        #expect(tree.sublayers.count == 1, "only the tab bar controller's view is left in the window")
        let tabBar = try #require(tabBarLayer(in: tree))
        #expect(tabBar.state.backgroundColor == tabBarColor)
        #expect(abs(tabBar.state.frame.minY - (852 - 83)) < 1e-9)
    }

    /// The tab bar: the full-width layer 83 pt high (49 + the 34 pt inset).
    private func tabBarLayer(in tree: LayerSnapshot) -> LayerSnapshot? {
        if tree.state.bounds.size == CGSize(width: 393, height: 83) { return tree }
        for sublayer in tree.sublayers { if let found = tabBarLayer(in: sublayer) { return found } }
        return nil
    }
}
