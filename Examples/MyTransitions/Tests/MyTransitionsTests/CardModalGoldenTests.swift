import Testing
import TransitionTesting
import MyTransitions

/// Goldens at 0/25/50/75/100 % of each transition and the animated values per frame, compared exactly,
/// in __Snapshots__/CardModalGoldenTests/. The first run records them and fails, listing the files: look
/// at every image, then run again.
@Suite struct CardModalGoldenTests {
    @Test func cardModal() {
        assertTransitionSnapshots(of: CardModalScene.self)
    }

    @Test func cardModalStiff() {
        assertTransitionSnapshots(of: CardModalScene.stiff)
    }

    /// The interactive dismissal: the drag let go early (`dismiss`, cancelled) and the flick (`dismiss2`).
    @Test func cardModalDrag() {
        assertTransitionSnapshots(of: CardModalScene.drag)
    }
}

/// UIKit subclassed as iOS code does it compiles and links from this package (see SubclassPatterns.swift).
@Suite struct SubclassPatternTests {
    @Test func everyPatternIsMade() {
        #expect(SubclassPatterns.makeAll().count == 9)
    }
}
