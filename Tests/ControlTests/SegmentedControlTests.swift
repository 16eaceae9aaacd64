import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit

@Suite("UISegmentedControl")
struct SegmentedControlTests {
    static func three() -> UISegmentedControl { UISegmentedControl(items: ["Small", "Medium", "Large"]) }

    @Test("init(items:) takes titles and images; 32 pt tall, equal widths unless apportioned")
    func itemsAndSize() {
        let image = UIImage(systemName: "star")!
        let control = UISegmentedControl(items: ["One", image, 7, "Three"])
        #expect(control.numberOfSegments == 3)
        #expect(control.titleForSegment(at: 0) == "One" && control.imageForSegment(at: 1) === image)
        #expect(control.titleForSegment(at: 2) == "Three")
        #expect(control.selectedSegmentIndex == UISegmentedControl.noSegment)

        let sized = Self.three()
        let equal = sized.intrinsicContentSize
        #expect(equal.height == 32)
        #expect(sized.bounds.size == equal)
        sized.apportionsSegmentWidthsByContent = true
        #expect(sized.intrinsicContentSize.width < equal.width)
        sized.setWidth(100, forSegmentAt: 0)
        #expect(sized.widthForSegment(at: 0) == 100)
        #expect(sized.segmentFrames(width: 300)[0].width == 100)
    }

    @Test("Inserting and removing keep the selection on its segment")
    func insertRemove() {
        let control = Self.three()
        control.selectedSegmentIndex = 1
        control.insertSegment(withTitle: "Tiny", at: 0, animated: false)
        #expect(control.selectedSegmentIndex == 2 && control.titleForSegment(at: 2) == "Medium")
        control.insertSegment(withTitle: "Huge", at: 99, animated: false)
        #expect(control.titleForSegment(at: 4) == "Huge")
        control.removeSegment(at: 0, animated: false)
        #expect(control.selectedSegmentIndex == 1)
        control.removeSegment(at: 1, animated: false)
        #expect(control.selectedSegmentIndex == UISegmentedControl.noSegment)
        control.selectedSegmentIndex = 1
        control.removeAllSegments()
        #expect(control.numberOfSegments == 0 && control.selectedSegmentIndex == UISegmentedControl.noSegment)
        control.selectedSegmentIndex = 5
        #expect(control.selectedSegmentIndex == UISegmentedControl.noSegment)
    }

    @Test("A tap selects the segment and sends valueChanged once; tapping it again sends nothing")
    func tapSelects() {
        let harness = ControlHarness()
        let control = harness.add(Self.three())
        control.selectedSegmentIndex = 0
        let log = EventLog()
        log.watch(control, [.valueChanged])
        let third = control.segmentFrames(width: control.bounds.width)[2]
        let point = CGPoint(x: 20 + third.midX, y: 36)
        harness.tap(point, at: 0)
        #expect(control.selectedSegmentIndex == 2 && log.names == ["value"])
        harness.tap(point, at: 1)
        #expect(log.names == ["value"])
    }

    @Test("A disabled segment ignores taps; a momentary control selects for the action, then clears")
    func disabledAndMomentary() {
        let harness = ControlHarness()
        let control = harness.add(Self.three())
        control.setEnabled(false, forSegmentAt: 1)
        let middle = CGPoint(x: 20 + control.bounds.width / 2, y: 36)
        harness.tap(middle, at: 0)
        #expect(control.selectedSegmentIndex == UISegmentedControl.noSegment)
        control.setEnabled(true, forSegmentAt: 1)
        control.isMomentary = true
        var seen: [Int] = []
        control.addAction(UIAction { action in seen.append((action.sender as! UISegmentedControl).selectedSegmentIndex) },
                          for: .valueChanged)
        harness.tap(middle, at: 1)
        #expect(seen == [1])
        #expect(control.selectedSegmentIndex == UISegmentedControl.noSegment)
    }

    @Test("Segments made from actions perform them when selected")
    func actions() {
        let harness = ControlHarness()
        var chosen: [String] = []
        let control = harness.add(UISegmentedControl(frame: CGRect(x: 0, y: 0, width: 200, height: 32), actions: [
            UIAction(title: "List") { chosen.append($0.title) }, UIAction(title: "Grid") { chosen.append($0.title) },
        ]))
        harness.tap(CGPoint(x: 20 + 150, y: 36), at: 0)
        #expect(chosen == ["Grid"])
        #expect(control.segmentIndex(identifiedBy: control.actionForSegment(at: 1)!.identifier) == 1)
    }

    @Test("After a tap the pill slides with a spring; set in code it moves at once")
    func pillMotion() {
        let harness = ControlHarness()
        let control = harness.add(Self.three())
        harness.on {
            control.frame.size.width = 300
            control.selectedSegmentIndex = 0
            harness.window.layoutIfNeeded()
        }
        #expect(harness.shownFrame(control.pill).minX == 2)
        harness.tap(CGPoint(x: 20 + 250, y: 36), at: 0)
        harness.wait(until: 0.2)
        let mid = harness.shownFrame(control.pill).minX
        #expect(mid > 30 && mid < 190)
        harness.wait(until: 2)
        #expect(harness.shownFrame(control.pill).minX == 202)
        harness.on { control.selectedSegmentIndex = 1 }
        #expect(harness.shownFrame(control.pill).minX == 102)
    }

    @Test("A held segment dims and the dividers beside the pill are hidden")
    func heldAndDividers() {
        let harness = ControlHarness()
        let control = harness.add(Self.three())
        control.selectedSegmentIndex = 0
        #expect(control.dividers.map(\.alpha) == [0, 1])
        harness.send(.began, CGPoint(x: 20 + control.bounds.width * 5 / 6, y: 36), at: 0)
        harness.wait(until: 1)
        #expect(abs(control.contents[2].alpha - UISegmentedControl.heldAlpha) < 1e-6)
        harness.send(.ended, CGPoint(x: 20 + control.bounds.width * 5 / 6, y: 36), at: 1.1)
        #expect(control.contents[2].alpha == 1)
        #expect(control.dividers.map(\.alpha) == [1, 0])
        #expect((control.contents[2] as? UILabel)?.font.fontName == UIFont.systemFont(ofSize: 13, weight: .semibold).fontName)
    }
}

/// iOS 13's pill drag: a finger down on the selected segment picks the pill up (it shrinks), the pill
/// follows the finger from segment to segment, and letting go selects where it is (one `.valueChanged`).
@Suite struct SegmentedPillDragTests {
    @Test func thePillFollowsTheFingerAndTheSelectionLandsWhereItIsLetGo() {
        let harness = ControlHarness()
        let control = harness.add(UISegmentedControl(items: ["Small", "Medium", "Large"]))
        control.selectedSegmentIndex = 0
        let log = EventLog()
        log.watch(control, [.valueChanged])
        let frames = control.segmentFrames(width: control.bounds.width)
        let rest = frames[0].insetBy(dx: UISegmentedControl.pillInset, dy: UISegmentedControl.pillInset)
        harness.send(.began, CGPoint(x: 20 + frames[0].midX, y: 36), at: 0)
        harness.wait(until: 0.5)
        let pressed = harness.shownFrame(control.pill)
        #expect(pressed.width < rest.width && abs(pressed.midX - rest.midX) < 0.01, "shrunk in place: \(pressed)")
        #expect(control.heldIndex == nil, "the selected segment does not dim")
        // Across the middle segment to the last, and a little below the control: the pill follows.
        harness.send(.moved, CGPoint(x: 20 + frames[1].midX, y: 40), at: 0.6)
        harness.send(.moved, CGPoint(x: 20 + frames[2].midX, y: 70), at: 0.7)
        harness.wait(until: 1.5)
        #expect(abs(harness.shownFrame(control.pill).midX - frames[2].midX) < 0.01)
        #expect(control.selectedSegmentIndex == 0 && log.names.isEmpty, "nothing is selected until the finger lifts")
        harness.send(.ended, CGPoint(x: 20 + frames[2].midX, y: 70), at: 1.6)
        harness.wait(until: 2.5)
        #expect(control.selectedSegmentIndex == 2 && log.names == ["value"])
        let landed = frames[2].insetBy(dx: UISegmentedControl.pillInset, dy: UISegmentedControl.pillInset)
        #expect(abs(harness.shownFrame(control.pill).width - landed.width) < 0.01, "full size again")
    }

    @Test func pickingThePillUpAndPuttingItBackSendsNothing() {
        let harness = ControlHarness()
        let control = harness.add(UISegmentedControl(items: ["Small", "Medium", "Large"]))
        control.selectedSegmentIndex = 1
        let log = EventLog()
        log.watch(control, [.valueChanged])
        let frames = control.segmentFrames(width: control.bounds.width)
        harness.send(.began, CGPoint(x: 20 + frames[1].midX, y: 36), at: 0)
        harness.send(.ended, CGPoint(x: 20 + frames[1].midX, y: 36), at: 0.2)
        harness.wait(until: 1)
        #expect(control.selectedSegmentIndex == 1 && log.names.isEmpty)
        #expect(abs(harness.shownFrame(control.pill).width - frames[1].insetBy(dx: 2, dy: 2).width) < 0.01)
    }
}
