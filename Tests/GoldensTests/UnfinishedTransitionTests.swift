import Testing
import Foundation
import Stage
@testable import Playback
@testable import Goldens

/// A transition whose animator never calls `completeTransition(_:)`: goldens refuse the scene, naming the
/// transition and the fix (the CLI's tests run a real scene of that kind).
@Suite struct UnfinishedTransitions {
    @Test func goldensRefuseIt() throws {
        let (spans, unfinished) = Stage.transitions(in: [(0.3, "transition.begin present UIViewController")])
        let plan = ClipPlan(duration: 1, fps: 60, transitions: spans, unfinished: unfinished)
        for moments in [SnapshotMoments.transitions(percents: [0, 50, 100]), .times([0.5])] {
            #expect(throws: SnapshotRequestError.self) { try moments.resolve(in: plan, scene: "stuck") }
            do { _ = try moments.resolve(in: plan, scene: "stuck") } catch let error as SnapshotRequestError {
                #expect(error.isSceneDefect)
                #expect(error.description.contains("stuck: present UIViewController began at 0.3 s and never completed"))
            }
        }
    }

    @Test func aSceneMarkLeftOpenNamesItsOwnFix() {
        let (_, unfinished) = Stage.transitions(in: [(0.2, "transition.begin block 1,2 right")])
        #expect(unfinished.first?.message == "block 1,2 right began at 0.2 s and never completed — call `Timeline.current.markTransitionEnd(\"block 1,2 right\", completed:)` when its motion ends")
    }
}
