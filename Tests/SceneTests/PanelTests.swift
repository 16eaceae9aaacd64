import Testing
import Foundation
import CoreGraphics
import QuartzCore
import UIKit
import Stage
@testable import Scenes
import Playback

/// The half-screen panel scenes (both Dodo Pizza articles): timing, frames, the dimming's life, and what each
/// gesture decides, read from a running scene.
@Suite struct PanelScenes {
    /// A scene running on its own clock, with its app at hand.
    final class Run {
        let session: SceneSession
        let parent: ParentViewController
        /// Kept from the first presentation: a dismissed controller forgets its presentation controller.
        private(set) var presentation: DimmPresentationController?

        init(_ sceneType: Scene.Type, device: Device = .default) {
            session = SceneSession(sceneType, device: device)
            let window = session.rootLayer.delegate as! UIWindow
            parent = window.rootViewController as! ParentViewController
            remember()
        }

        func advance(to time: TimeInterval) {
            session.advance(to: time)
            remember()
        }

        private func remember() {
            for child in [parent.child, parent.menu, parent.banner] as [UIViewController] {
                if let controller = child.presentationController as? DimmPresentationController { presentation = controller }
            }
        }

        /// Reads live objects with the run's clock and screen bound.
        func read<T>(_ body: () throws -> T) rethrows -> T { try session.within(body) }

        func shownFrame(_ view: UIView) -> CGRect { read { view.layer.presentation()!.frame } }
        var dimmAlpha: Double { read { Double(presentation!.dimmView.layer.presentation()!.opacity) } }
        var direction: TransitionDirection? { presentation?.driver?.direction }

        /// The time of the n-th mark starting with `prefix`.
        func markTime(_ prefix: String, _ n: Int = 0) -> TimeInterval? {
            session.marks.filter { $0.label.hasPrefix(prefix) }.dropFirst(n).first?.time
        }
    }

    static func plan(_ sceneType: Scene.Type, device: Device = .default) throws -> ClipPlan {
        try Stage.plan(sceneType, settings: RenderSettings(device: device, scale: 1))
    }

    /// A run advanced to its end (for the marks), and a fresh one to replay moments in order.
    static func marksAndReplay(_ sceneType: Scene.Type) throws -> (marks: Run, replay: Run) {
        let marks = Run(sceneType)
        _ = try marks.session.runToEnd()
        return (marks, Run(sceneType))
    }

    // MARK: Part 1

    @Test func presentSlidesIntoTheBottomHalfInPointThreeSecondsEaseOut() throws {
        let plan = try Self.plan(PanelPresentScene.self)
        #expect(plan.transitions.map(\.label) == ["present ChildViewController"])
        let present = plan.transitions[0]
        #expect(present.completed && abs(present.start - 0.3) < 1e-9 && abs(present.end - 0.6) < 1e-9)

        let run = Run(PanelPresentScene.self)
        let panel = run.parent.child.view!
        run.advance(to: present.time(at: 0))
        #expect(run.shownFrame(panel).minY == 852)
        // Half-way in time an ease-out curve is well past half-way in distance.
        run.advance(to: present.time(at: 0.5))
        let top = run.shownFrame(panel).minY
        #expect(top < 852 - 0.6 * 426 && top > 426)
        #expect(run.dimmAlpha > 0.6 && run.dimmAlpha < 1)
        run.advance(to: present.end)
        #expect(run.read { panel.frame } == CGRect(x: 0, y: 426, width: 393, height: 426))
        let dimm = try #require(run.presentation).dimmView
        #expect(run.read { dimm.alpha == 1 && dimm.superview?.subviews.first === dimm })
        #expect(run.read { dimm.backgroundColor == UIColor(white: 0, alpha: 0.3) })
        #expect(run.direction == .dismiss)
    }

    @Test func presentOnTheSmallScreenFillsItsBottomHalf() throws {
        let run = Run(PanelPresentScene.self, device: .iPhoneSE)
        _ = try run.session.runToEnd()
        #expect(run.read { run.parent.child.view.frame } == CGRect(x: 0, y: 333.5, width: 375, height: 333.5))
        // Everything in the panel stays inside it.
        let panel = run.parent.child.view!
        for view in run.read({ panel.subviews }) where !view.isHidden {
            #expect(run.read { panel.bounds.contains(view.frame) }, "\(type(of: view)) at \(view.frame)")
        }
    }

    @Test func dismissSlidesDownAndRemovesTheDimmingOnlyWhenDone() throws {
        let plan = try Self.plan(PanelDismissScene.self)
        #expect(plan.transitions.map(\.label) == ["present ChildViewController", "dismiss ChildViewController"])
        // Shown on appear without animation; the tap on close dismisses in 0.3 s.
        #expect(!plan.transitions[0].isAnimated)
        let dismiss = plan.transitions[1]
        #expect(dismiss.completed && abs(dismiss.end - dismiss.start - 0.3) < 1e-9)

        let run = Run(PanelDismissScene.self)
        run.advance(to: dismiss.time(at: 0.5))
        let dimm = try #require(run.presentation).dimmView
        #expect(run.read { dimm.superview != nil } && run.dimmAlpha > 0 && run.dimmAlpha < 0.4)
        #expect(run.shownFrame(run.parent.child.view).minY > 426 + 0.6 * 426)
        run.advance(to: dismiss.end)
        #expect(run.parent.presentedViewController == nil)
        #expect(run.read { dimm.superview == nil && run.parent.child.view.superview == nil })
        #expect(run.direction == .present)
    }

    @Test func sideVariantsSlideFromTheirEdges() throws {
        // The quick menu: 70 % of the width at the right edge, from beyond it.
        let menuPlan = try Self.plan(PanelMenuRightScene.self)
        #expect(menuPlan.transitions.map(\.label) == ["present QuickMenuViewController", "dismiss QuickMenuViewController"])
        let menuRun = Run(PanelMenuRightScene.self)
        let menu = menuRun.parent.menu.view!
        menuRun.advance(to: menuPlan.transitions[0].time(at: 0.5))
        let halfWay = menuRun.shownFrame(menu)
        #expect(halfWay.minY == 0 && halfWay.minX > 118 && halfWay.minX < 393)
        menuRun.advance(to: menuPlan.transitions[0].end)
        #expect(menuRun.read { menu.frame } == CGRect(x: 118, y: 0, width: 275, height: 852))
        menuRun.advance(to: menuPlan.transitions[1].end)
        #expect(menuRun.read { menu.superview == nil })

        // The banner: safe area + 120 pt at the top, from above it.
        let bannerPlan = try Self.plan(PanelBannerTopScene.self)
        let bannerRun = Run(PanelBannerTopScene.self)
        let banner = bannerRun.parent.banner.view!
        bannerRun.advance(to: bannerPlan.transitions[0].time(at: 0.5))
        let shown = bannerRun.shownFrame(banner)
        #expect(shown.minX == 0 && shown.minY < 0 && shown.minY > -179)
        bannerRun.advance(to: bannerPlan.transitions[0].end)
        #expect(bannerRun.read { banner.frame } == CGRect(x: 0, y: 0, width: 393, height: 59 + 120))
        bannerRun.advance(to: bannerPlan.transitions[1].end)
        #expect(bannerRun.read { banner.superview == nil } && bannerRun.parent.presentedViewController == nil)
    }

    // MARK: Part 2

    @Test func dragDismissFollowsTheFingerThenFinishes() throws {
        let (marks, run) = try Self.marksAndReplay(PanelDragDismissScene.self)
        #expect(marks.session.marks.map(\.label).filter { $0.hasPrefix("transition.end") }
                == ["transition.end present ChildViewController completed", "transition.end dismiss ChildViewController completed"])
        let release = try #require(marks.markTime("touch.up"))
        run.advance(to: release)
        // 40 % of the height dragged: the panel and the (linearly scrubbed) dimming follow.
        #expect(abs(run.shownFrame(run.parent.child.view).minY - (426 + 0.4 * 426)) < 2)
        #expect(abs(run.dimmAlpha - 0.6) < 0.01)
        run.advance(to: try #require(marks.markTime("transition.end dismiss")))
        #expect(run.parent.presentedViewController == nil && run.direction == .present)
        #expect(run.read { run.presentation!.dimmView.superview == nil })
    }

    @Test func dragCancelReturnsThePanel() throws {
        let (marks, run) = try Self.marksAndReplay(PanelDragCancelScene.self)
        #expect(marks.session.marks.last { $0.label.hasPrefix("transition.end") }?.label == "transition.end dismiss ChildViewController cancelled")
        run.advance(to: try #require(marks.markTime("touch.up")))
        #expect(abs(run.shownFrame(run.parent.child.view).minY - (426 + 0.25 * 426)) < 2)
        run.advance(to: try #require(marks.markTime("transition.end dismiss")))
        #expect(run.read { run.parent.child.view.frame.minY } == 426 && run.parent.presentedViewController === run.parent.child)
        #expect(run.read { run.presentation!.dimmView.superview != nil && run.presentation!.dimmView.alpha == 1 })
        #expect(run.direction == .dismiss)
    }

    @Test func presentInterruptedIsCaughtHeldAndCancelled() throws {
        let (marks, run) = try Self.marksAndReplay(PanelPresentInterruptedScene.self)
        #expect(marks.session.marks.last { $0.label.hasPrefix("transition.end") }?.label == "transition.end present ChildViewController cancelled")
        // The finger lands 0.04 s after the tap's release; the pan begins 0.03 s later and pauses the panel.
        let down = try #require(marks.markTime("touch.down", 1))
        run.advance(to: down + 0.05)
        let caught = run.shownFrame(run.parent.child.view).minY
        let shown = (852 - caught) / 426
        #expect(shown > 0.3 && shown < 0.5)
        run.advance(to: down + 0.25)
        #expect(run.shownFrame(run.parent.child.view).minY == caught)
        run.advance(to: try #require(marks.markTime("transition.end present")))
        #expect(run.parent.presentedViewController == nil && run.read { run.parent.child.view.superview == nil })
        #expect(run.read { run.presentation!.dimmView.superview == nil } && run.direction == .present)
    }

    @Test func dismissInterruptedIsCaughtAndReturns() throws {
        let (marks, run) = try Self.marksAndReplay(PanelDismissInterruptedScene.self)
        #expect(marks.session.marks.last { $0.label.hasPrefix("transition.end") }?.label == "transition.end dismiss ChildViewController cancelled")
        let down = try #require(marks.markTime("touch.down", 1))
        run.advance(to: down + 0.05)
        let caught = run.shownFrame(run.parent.child.view).minY
        #expect(caught > 426 + 0.2 * 426 && caught < 426 + 0.6 * 426)
        run.advance(to: down + 0.2)
        #expect(run.shownFrame(run.parent.child.view).minY == caught)
        run.advance(to: try #require(marks.markTime("transition.end dismiss")))
        #expect(run.read { run.parent.child.view.frame.minY } == 426 && run.direction == .dismiss)
        #expect(run.read { run.presentation!.dimmView.alpha == 1 })
    }

    @Test func edgeSwipePresentsFollowingTheFinger() throws {
        let (marks, run) = try Self.marksAndReplay(PanelEdgePresentScene.self)
        #expect(marks.session.marks.last { $0.label.hasPrefix("transition.end") }?.label == "transition.end present ChildViewController completed")
        let down = try #require(marks.markTime("touch.down")), up = try #require(marks.markTime("touch.up"))
        // The panel's top stays a fixed distance below the finger: 4 pt from the edge + the 15 pt hysteresis.
        for t in [0.6, 0.9] {
            run.advance(to: down + (up - down) * t)
            let finger = try #require(run.session.touchLocations.first)
            #expect(abs(run.shownFrame(run.parent.child.view).minY - (finger.y + 19)) < 1.5)
        }
        run.advance(to: up)
        #expect(abs((852 - run.shownFrame(run.parent.child.view).minY) / 426 - 0.6) < 0.01)
        run.advance(to: try #require(marks.markTime("transition.end present")))
        #expect(run.read { run.parent.child.view.frame.minY } == 426 && run.direction == .dismiss)
    }
}
