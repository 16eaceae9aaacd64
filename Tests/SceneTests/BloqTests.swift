import Testing
import Foundation
import UIKit
@testable import Stage
@testable import Scenes
@testable import Playback

/// bloq end to end: the pan scrubs a paused animator, a release against the move reverses it back to
/// `.start`, a flick down completes it at `.end`, and a finger catches a block in flight.
@Suite struct BloqBehaviour {
    /// Runs `sceneType` to its end, checking `probe` at the given times on the way.
    static func run(_ sceneType: Scene.Type, probes: [(TimeInterval, (SceneSession) -> Void)] = []) throws -> SceneSession {
        let session = SceneSession(sceneType)
        for (time, probe) in probes {
            session.advance(to: time)
            probe(session)
        }
        _ = try session.runToEnd()
        return session
    }

    static func board(_ session: SceneSession) -> BoardViewController {
        session.within { (session.scene as? BloqScene)?.root ?? (session.scene as! BloqCatchScene).board }
    }

    /// Where the hero is drawn now, in the board's space.
    static func drawnOrigin(_ session: SceneSession) -> CGPoint {
        session.within {
            let layer = board(session).hero.view.layer
            return layer.presentationState(at: session.now).frame.origin
        }
    }

    @Test func twoRunsOfTheHerosAnimatorAreTheTransitions() throws {
        let plan = try Stage.plan(BloqScene.self, settings: RenderSettings(scale: 1))
        #expect(plan.transitions.map(\.label) == ["block 1,2 right", "block 1,2 down"])
        #expect(plan.transitions.map(\.completed) == [false, true])
        #expect(plan.transitions.allSatisfy { $0.end > $0.start })
    }

    @Test func theReleaseAgainstTheMoveReturnsTheBlockAndTheFlickCompletesIt() throws {
        var midDrag: (fraction: CGFloat, paused: Bool, x: CGFloat)?
        var returning: [CGFloat] = []
        var start = CGPoint.zero, pitch: CGFloat = 0
        // 0.6–0.7 s: the finger holds half a cell right of where it went down.
        let session = try Self.run(BloqScene.self, probes: [
            (0.1, { s in
                let board = Self.board(s)
                start = board.offset(column: 1, row: 2)
                pitch = board.pitch
            }),
            (0.65, { s in
                let animator = Self.board(s).hero.transitionAnimator
                midDrag = s.within { animator.map { ($0.fractionComplete, $0.state == .active && !$0.isRunning, Self.drawnOrigin(s).x) } }
            }),
        ] + stride(from: 0.86, through: 1.0, by: 1.0 / 240).map { t in
            (t, { s in returning.append(Self.drawnOrigin(s).x) })
        })
        let board = Self.board(session)
        // The animator was created paused and the fraction followed translation / pitch: half a cell.
        let mid = try #require(midDrag)
        #expect(mid.paused)
        #expect(abs(mid.fraction - 0.5) < 1e-6)
        #expect(abs(mid.x - (start.x + pitch / 2)) < 1e-6)
        // Released moving left: it glides back to where it began without overshooting.
        #expect(zip(returning, returning.dropFirst()).allSatisfy { $1 <= $0 })
        #expect(returning.first! > start.x + 10 && returning.last! == start.x)
        // First run: back at the start, offsets reset; second: in the cell below, offsets swapped.
        let below = board.offset(column: 1, row: 3)
        #expect(board.finishes.map(\.position) == [.start, .end])
        #expect(board.finishes[0].starting == start && board.finishes[0].ending == board.offset(column: 2, row: 2))
        #expect(board.finishes[1].starting == below && board.finishes[1].ending == start)
        let hero = board.hero
        #expect(hero.cell.column == 1 && hero.cell.row == 3)
        #expect(hero.transitionAnimator == nil && hero.animationDirection == .undefined)
        #expect(session.within { hero.view.frame.origin } == below)
        #expect(hero.leadingConstraint.constant == below.x && hero.topConstraint.constant == below.y)
    }
}

/// A finger that lands on a block in flight catches it where it is drawn, pauses it at its current
/// fraction, and can send it back.
final class BloqCatchScene: Scene {
    static let name = "bloq-catch"
    static let summary = "a released block caught mid-flight and sent back"
    let inner = BloqScene()
    init() {}
    func makeRootViewController() -> UIViewController { inner.makeRootViewController() }
    var board: BoardViewController { inner.root }

    func script() -> Script {
        var script = Script()
        let hero = { [unowned self] in self.board.hero.view! }
        // 30 % right, released moving right: the animator continues towards the next cell…
        script.drag(hero, by: CGVector(dx: 31, dy: 0), duration: 0.25, releaseVelocity: CGVector(dx: 120, dy: 0))
        script.wait(0.04)
        // …and a finger lands where the block is drawn (its model is already in the next cell), drags left
        // and lets go moving left.
        script.touchDown(on: hero)
        script.move(by: CGVector(dx: -40, dy: 0), duration: 0.2, releaseVelocity: CGVector(dx: -200, dy: 0))
        script.touchUp()
        script.waitUntilIdle()
        return script
    }
}

extension BloqBehaviour {
    @Test func aPanThatStartsMidFlightCatchesTheAnimationAtItsFraction() throws {
        let session = SceneSession(BloqCatchScene.self)
        let scene = session.within { session.scene as! BloqCatchScene }
        var atTouchDown: (fraction: CGFloat, running: Bool, drawnX: CGFloat, modelX: CGFloat)?
        var caught: (progress: CGFloat, drawnX: CGFloat)?
        var t = 0.0
        while t < 1.5 {
            session.advance(to: t)
            let hero = scene.board.hero
            let downs = session.marks.filter { $0.label.hasPrefix("touch.down") }.count
            session.within {
                guard downs == 2, let animator = hero.transitionAnimator else { return }
                if atTouchDown == nil {
                    atTouchDown = (animator.fractionComplete, animator.isRunning, Self.drawnOrigin(session).x, hero.view.frame.minX)
                }
                if caught == nil, !animator.isRunning {
                    caught = (hero.animationProgress, Self.drawnOrigin(session).x)
                }
            }
            t += 1.0 / 240
        }
        _ = try session.runToEnd()
        let down = try #require(atTouchDown)
        // The finger came down while the animator ran, on the drawn block, away from its model frame.
        #expect(down.running)
        #expect(down.fraction > 0.3 && down.fraction < 0.6)
        #expect(down.modelX - down.drawnX > 30)
        // The pan began 10 pt later and caught it there: paused, its progress the fraction it was drawn at.
        let grip = try #require(caught)
        let start = scene.board.offset(column: 1, row: 2).x
        #expect(grip.progress > down.fraction)
        #expect(abs(grip.progress - (grip.drawnX - start) / scene.board.pitch) < 1e-6)
        // Sent back to where it began.
        #expect(scene.board.finishes.map(\.position) == [.start])
        #expect(scene.board.hero.cell.column == 1 && scene.board.hero.cell.row == 2)
        #expect(session.marks.filter { $0.label.hasPrefix("transition.") }.map(\.label)
                == ["transition.begin block 1,2 right", "transition.end block 1,2 right cancelled"])
    }
}
