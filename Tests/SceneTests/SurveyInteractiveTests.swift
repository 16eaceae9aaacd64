import Testing
import Foundation
import CoreGraphics
import QuartzCore
import UIKit
@testable import Stage
@testable import Scenes
@testable import Playback

/// Where a view is on screen now (its presentation frame in window coordinates).
private func shownFrame(_ view: UIView, in session: SceneSession) -> CGRect {
    session.within {
        let layer = view.layer.presentation() ?? view.layer
        var frame = layer.frame
        var parent = view.superview
        while let p = parent {
            let pl = p.layer.presentation() ?? p.layer
            frame = frame.offsetBy(dx: pl.frame.minX - pl.bounds.minX, dy: pl.frame.minY - pl.bounds.minY)
            parent = p.superview
        }
        return frame
    }
}

/// The times of the script's touch ups (a dry run).
private func touchUps(_ sceneType: Scene.Type) throws -> [TimeInterval] {
    let session = SceneSession(sceneType)
    _ = try session.runToEnd()
    return session.marks.filter { $0.label.hasPrefix("touch.up") }.map(\.time)
}

/// edge-interactive (the survey's Interactivity demo): the right-edge pan drives the presentation.
@Suite struct EdgeInteractive {
    @Test func thirtyPercentCancelsSeventyFinishes() throws {
        let plan = try Stage.plan(EdgeInteractiveScene.self, settings: RenderSettings(scale: 1))
        #expect(plan.transitions.map(\.label) == Array(repeating: "present InteractivitySecondViewController", count: 2))
        #expect(plan.transitions.map(\.completed) == [false, true])
        let ups = try touchUps(EdgeInteractiveScene.self)
        #expect(ups.count == 2)

        let session = SceneSession(EdgeInteractiveScene.self)
        let first = (session.scene as! EdgeInteractiveScene).first!
        let second = first.interactivitySecondViewController
        let width: CGFloat = 393
        // At each release the second screen's left edge is where the finger has pulled it: W − p·W.
        session.advance(to: ups[0])
        #expect(abs(shownFrame(second.view, in: session).minX - 0.7 * width) < 2)
        session.advance(to: plan.transitions[0].end)
        #expect(second.presentingViewController == nil && first.presentedViewController == nil)
        session.advance(to: ups[1])
        #expect(abs(shownFrame(second.view, in: session).minX - 0.3 * width) < 2)
        _ = try session.runToEnd()
        #expect(first.presentedViewController === second && second.view.frame.minX == 0)
    }
}

/// custom-presentation (the survey's Custom Presentation demo): the wrapper, the dimming, and their release.
@Suite struct CustomPresentation {
    @Test func wrapperDimmingAndRelease() throws {
        let plan = try Stage.plan(CustomPresentationScene.self, settings: RenderSettings(scale: 1))
        #expect(plan.transitions.map(\.label) == ["present CustomPresentationSecondViewController", "dismiss CustomPresentationSecondViewController"])
        #expect(plan.transitions.allSatisfy { abs($0.end - $0.start - 0.35) < 1e-9 && $0.completed })

        let session = SceneSession(CustomPresentationScene.self)
        let first = (session.scene as! CustomPresentationScene).first!
        let controller = first.customPresentationController
        weak var weakWrapper: UIView?, weakDimming: UIView?
        do {
            session.advance(to: plan.transitions[0].end)
            let wrapper = try #require(controller.presentationWrappingView)
            let dimming = try #require(controller.dimmingView)
            weakWrapper = wrapper; weakDimming = dimming
            #expect(controller.presentedView === wrapper)
            #expect(wrapper.layer.shadowOpacity == 0.44 && wrapper.layer.shadowRadius == 13
                    && wrapper.layer.shadowOffset == CGSize(width: 0, height: -6))
            let rounding = try #require(wrapper.subviews.first)
            #expect(rounding.layer.cornerRadius == 16 && rounding.layer.masksToBounds)
            #expect(first.customPresentationSecondViewController.view.isDescendant(of: rounding))
            #expect(dimming.alpha == 0.5 && dimming.backgroundColor == .black)
            // The sheet sits at the bottom of the screen.
            #expect(wrapper.frame.maxY == 852 && wrapper.frame == controller.frameOfPresentedViewInContainerView)
            // Half way through the dismissal the sheet is lower and the dimming lighter.
            let sheetTop = wrapper.frame.minY
            session.advance(to: plan.transitions[1].time(at: 0.5))
            let shownTop = shownFrame(wrapper, in: session).minY
            #expect(shownTop > sheetTop + 50 && shownTop < 852)
            let dimmingNow = session.within { (dimming.layer.presentation() ?? dimming.layer).opacity }
            #expect(dimmingNow > 0 && dimmingNow < 0.5)
        }
        // Dismissed: the controller lets go of both; the wrapper is freed and the dimming is off screen
        // (it stays a subview of the old container, which the presentation controller keeps, as on iOS:
        // the survey's first screen keeps the presentation controller in a lazy property).
        _ = try session.runToEnd()
        #expect(controller.presentationWrappingView == nil && controller.dimmingView == nil)
        #expect(weakWrapper == nil)
        #expect(weakDimming?.window == nil)
    }
}

/// nav-push, nav-pop, nav-interactive-pop (the survey's UINavigationController part).
@Suite struct SurveyNavigation {
    @Test func pushSlidesInFromTheRightOverTheParallax() throws {
        let plan = try Stage.plan(NavPushScene.self, settings: RenderSettings(scale: 1))
        #expect(plan.transitions.map(\.label) == ["push ToViewController"])
        // The system spring (mass 3, stiffness 1000, damping 500, critical) settles in 0.6 s.
        #expect(abs(plan.transitions[0].end - plan.transitions[0].start - 0.6) < 1e-6)
        let session = SceneSession(NavPushScene.self)
        let first = (session.scene as! NavPushScene).first!
        session.advance(to: plan.transitions[0].time(at: 0.25))
        let to = shownFrame(first.toViewController.view, in: session), from = shownFrame(first.view, in: session)
        // The two screens move together: the covered one by 0.3 of the distance the incoming one does.
        #expect(to.minX > 0 && to.minX < 393)
        #expect(abs(from.minX - (-0.3 * (393 - to.minX))) < 1)
        _ = try session.runToEnd()
        #expect(first.navigationController?.topViewController === first.toViewController)
        #expect(first.toViewController.view.frame.minX == 0 && first.view.superview == nil)
    }

    @Test func popReversesThePush() throws {
        let plan = try Stage.plan(NavPopScene.self, settings: RenderSettings(scale: 1))
        #expect(plan.transitions.map(\.label) == ["pop ToViewController"] && plan.transitions[0].completed)
        let session = SceneSession(NavPopScene.self)
        let first = (session.scene as! NavPopScene).first!
        session.advance(to: plan.transitions[0].time(at: 0.25))
        let to = shownFrame(first.view, in: session), from = shownFrame(first.toViewController.view, in: session)
        #expect(from.minX > 0 && from.minX < 393)
        #expect(abs(to.minX - (-0.3 * (393 - from.minX))) < 1)
        _ = try session.runToEnd()
        #expect(first.navigationController?.viewControllers.count == 1 && first.view.frame.minX == 0)
    }

    @Test func edgeSwipeCancelsAtThirtyPercentAndFinishesPastHalf() throws {
        let plan = try Stage.plan(NavInteractivePopScene.self, settings: RenderSettings(scale: 1))
        #expect(plan.transitions.map(\.label) == ["pop ToViewController", "pop ToViewController"])
        #expect(plan.transitions.map(\.completed) == [false, true])
        let ups = try touchUps(NavInteractivePopScene.self)
        let session = SceneSession(NavInteractivePopScene.self)
        let first = (session.scene as! NavInteractivePopScene).first!
        // The top screen follows the finger (linear scrub): at the first release it is 30 % across.
        session.advance(to: ups[0])
        #expect(abs(shownFrame(first.toViewController.view, in: session).minX - 0.3 * 393) < 2)
        session.advance(to: plan.transitions[0].end)
        #expect(first.navigationController?.topViewController === first.toViewController)
        #expect(first.toViewController.view.frame.minX == 0)
        session.advance(to: ups[1])
        #expect(abs(shownFrame(first.toViewController.view, in: session).minX - 0.6 * 393) < 2)
        _ = try session.runToEnd()
        #expect(first.navigationController?.viewControllers.count == 1 && first.view.frame.minX == 0)
        // UIKit's own edge pan stays out of it: the scene drives the pop.
        #expect(first.navigationController?.interactivePopGestureRecognizer?.isEnabled == false)
    }
}
