import Testing
import Foundation
import Raster
import Media
import QuartzCore
import Stage
import TransitionTesting
@testable import Scenes
import Playback
import Compositor

/// card-expand end to end: its timeline and that its frames move (goldens: SceneGoldenTests).
@Suite struct CardExpand {
    static let settings = RenderSettings(scale: 1, fps: 60)

    @Test func timelineHasOnePresentOfOneSecond() throws {
        let plan = try Stage.plan(CardExpandScene.self, settings: Self.settings)
        #expect(plan.transitions.count == 1)
        let present = try #require(plan.transitions.first)
        #expect(present.label == "present CardDetailViewController")
        #expect(present.completed)
        // Lead-in 0.2 s, a 0.1 s tap, the 1.0 s spring, then 0.3 s of stillness.
        #expect(abs(present.start - 0.3) < 1e-9)
        #expect(abs(present.end - 1.3) < 1e-9)
        #expect(abs(plan.duration - 1.6) < 1e-9)
        #expect(plan.frameCount == 97)
    }

    @Test func framesAreStillBeforeTheTapMoveDuringTheTransitionAndSettleAfter() throws {
        let plan = try Stage.plan(CardExpandScene.self, settings: Self.settings)
        let times = (0..<plan.frameCount).map(plan.time(ofFrame:))
        let frames = try Stage.frames(CardExpandScene.self, settings: Self.settings, times: times)
        #expect(frames.count == 97)
        #expect(frames.allSatisfy { $0.width == 393 && $0.height == 852 })
        // Before the tap is released (t < 0.3) nothing moves.
        #expect(frames[0] == frames[17])
        // Every frame inside the transition differs from the one before it.
        for index in 19...77 { #expect(frames[index] != frames[index - 1], "frame \(index) repeats") }
        // After the spring is cut at 1.3 s the screen is still.
        #expect(frames[79] == frames[96])
    }

    @Test func detailCoversTheScreenAndTheTabBarIsGoneAtTheEnd() throws {
        let plan = try Stage.plan(CardExpandScene.self, settings: Self.settings)
        let end = try #require(plan.transitions.first).end
        let frame = try #require(Stage.frames(CardExpandScene.self, settings: Self.settings, times: [end]).first)
        // Bottom rows, in the article's right margin (clear of its text): the detail's white body, not the
        // tab bar's grey.
        let bottom = frame[388, 845]
        #expect(bottom == RGBA8(r: 255, g: 255, b: 255, a: 255))
        // Top-left corner: the detail's artwork reaches the screen corner (radius 0).
        let corner = frame[0, 0]
        #expect(corner != RGBA8(r: 255, g: 255, b: 255, a: 255))
    }

    @Test func springOvershootsThePresentedFrame() throws {
        // Damping 0.5 overshoots by 16 %: the detail's top edge goes above the screen, so the card's artwork
        // fills row 0 before the end of the spring, and the list's white header never shows there again.
        let plan = try Stage.plan(CardExpandScene.self, settings: Self.settings)
        let present = try #require(plan.transitions.first)
        let session = SceneSession(CardExpandScene.self)
        var minTop = CGFloat.infinity
        for step in 0...240 {
            session.advance(to: present.time(at: Double(step) / 240))
            let detail = try #require(session.snapshot().sublayers.last?.sublayers.last)
            minTop = min(minTop, detail.state.frame.minY)
        }
        #expect(minTop < -10)
    }
}

/// The same scene and options give byte-identical PNG frames on every run.
@Suite struct Determinism {
    @Test func separateRunsEncodeToTheSameBytes() throws {
        let settings = RenderSettings(scale: 1, fps: 60)
        let times = [0.0, 0.45, 0.8, 1.6]
        let first = try Stage.frames(CardExpandScene.self, settings: settings, times: times).map(PNGCodec.encode)
        let second = try Stage.frames(CardExpandScene.self, settings: settings, times: times).map(PNGCodec.encode)
        #expect(first == second)
    }
}

/// The renderer's backdrop cache must never change a pixel: every frame of a run equals a fresh render of
/// the same tree by a new renderer.
@Suite struct BackdropCache {
    @Test func cachedFramesEqualFreshRenders() throws {
        let session = SceneSession(CardExpandScene.self)
        let plan = try Stage.plan(CardExpandScene.self, settings: RenderSettings(scale: 1))
        for index in stride(from: 0, to: plan.frameCount, by: 3) {
            session.advance(to: plan.time(ofFrame: index))
            let cached = try session.render(scale: 1)
            let fresh = LayerRenderer(scale: 1).render(session.snapshot(), size: session.device.size, background: .black)
            #expect(cached == fresh, "frame \(index)")
        }
    }
}
