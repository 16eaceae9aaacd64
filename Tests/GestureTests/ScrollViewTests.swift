import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit
@testable import Stage
@testable import Playback

/// Records a scroll view's delegate callbacks in order, with the offset at each.
final class ScrollLog: NSObject, UIScrollViewDelegate {
    var events: [String] = []
    var offsets: [CGPoint] = []
    var willEndVelocity: CGPoint?
    var offeredTarget: CGPoint?
    /// When set, `scrollViewWillEndDragging` moves the target here.
    var replacementTarget: CGPoint?
    var zoomView: UIView?
    var endZoomScale: CGFloat?

    func scrollViewDidScroll(_ s: UIScrollView) { events.append("didScroll"); offsets.append(s.contentOffset) }
    func scrollViewWillBeginDragging(_ s: UIScrollView) { events.append("willBeginDragging") }
    func scrollViewWillEndDragging(_ s: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>) {
        events.append("willEndDragging")
        willEndVelocity = velocity
        offeredTarget = targetContentOffset.pointee
        if let replacementTarget { targetContentOffset.pointee = replacementTarget }
    }
    func scrollViewDidEndDragging(_ s: UIScrollView, willDecelerate decelerate: Bool) {
        events.append("didEndDragging(\(decelerate))")
    }
    func scrollViewWillBeginDecelerating(_ s: UIScrollView) { events.append("willBeginDecelerating") }
    func scrollViewDidEndDecelerating(_ s: UIScrollView) { events.append("didEndDecelerating") }
    func scrollViewDidEndScrollingAnimation(_ s: UIScrollView) { events.append("didEndScrollingAnimation") }
    func viewForZooming(in s: UIScrollView) -> UIView? { zoomView }
    func scrollViewWillBeginZooming(_ s: UIScrollView, with view: UIView?) { events.append("willBeginZooming") }
    func scrollViewDidZoom(_ s: UIScrollView) { events.append("didZoom") }
    func scrollViewDidEndZooming(_ s: UIScrollView, with view: UIView?, atScale scale: CGFloat) {
        events.append("didEndZooming"); endZoomScale = scale
    }

    /// The events without the repeated didScroll/didZoom, for checking the order.
    var milestones: [String] { events.filter { $0 != "didScroll" && $0 != "didZoom" } }
}

/// A full-screen scroll view (393×852, iPhone 16) over 2000 pt of content, in a harness window.
func makeScrollView(_ h: TouchHarness, content: CGSize = CGSize(width: 393, height: 2000)) -> (UIScrollView, ScrollLog) {
    h.on {
        let scroll = UIScrollView(frame: h.window.bounds)
        // The physics from offset 0: no safe-area inset (a full-screen scroll view would take the window's).
        scroll.contentInsetAdjustmentBehavior = .never
        scroll.contentSize = content
        let log = ScrollLog()
        scroll.delegate = log
        h.window.addSubview(scroll)
        return (scroll, log)
    }
}

/// A vertical finger move of `distance` (negative: up) in samples of `step` points, one per 1/120 s,
/// starting at `start` (seconds); answers the time of the last sample.
@discardableResult
func fingerMove(_ h: TouchHarness, x: CGFloat = 200, from y: CGFloat, by distance: CGFloat, step: CGFloat = 10,
                start: TimeInterval) -> TimeInterval {
    let n = Int((abs(distance) / step).rounded())
    var t = start
    for i in 1...n {
        t = start + Double(i) / 120
        h.send(.moved, x, y + distance * CGFloat(i) / CGFloat(n), at: t)
    }
    return t
}

@Suite struct ScrollPhysicsNumbers {
    /// (1 − 1/(x·0.55/d + 1))·d at d = 852 (iPhone 16 height).
    @Test func rubberBandCurve() {
        #expect(abs(ScrollPhysics.rubberBand(100, dimension: 852) - 51.6648) < 0.001)
        #expect(abs(ScrollPhysics.rubberBand(-100, dimension: 852) + 51.6648) < 0.001)
        #expect(ScrollPhysics.rubberBand(10_000, dimension: 852) < 852)
        #expect(abs(ScrollPhysics.unbanded(ScrollPhysics.rubberBand(240, dimension: 852), dimension: 852) - 240) < 1e-6)
    }

    /// The deceleration's rest is `project(initialVelocity:decelerationRate:)`, at both of Apple's rates.
    @Test(arguments: [UIScrollView.DecelerationRate.normal, .fast])
    func projectionMatchesProject(rate: UIScrollView.DecelerationRate) {
        let distance = ScrollPhysics.projection(velocity: 1200, rate: rate.rawValue)
        #expect(distance == project(initialVelocity: 1200, decelerationRate: rate))
        let motion = AxisMotion.release(start: 0, velocity: 1200, target: distance, projected: distance,
                                        rate: rate.rawValue, lo: 0, hi: 10_000, bounces: true)
        #expect(motion.value(at: motion.duration, from: 0) == distance)
        // It stops once slower than 0.2 pt/s, a hair short of the target, and lands on it.
        let before = motion.value(at: motion.duration - 0.001, from: 0)
        #expect(abs(before - distance) < 0.11 && before != distance)
        #expect(abs(motion.velocity(at: motion.duration - 0.0001)) <= ScrollPhysics.stopSpeed + 0.01)
    }

    @Test func pageTargets() {
        // Slow: nearest page; fast: the next page in the direction of travel.
        #expect(ScrollPhysics.pageTarget(current: 150, velocity: 0, page: 393, lo: 0, hi: 1572) == 0)
        #expect(ScrollPhysics.pageTarget(current: 250, velocity: 0, page: 393, lo: 0, hi: 1572) == 393)
        #expect(ScrollPhysics.pageTarget(current: 50, velocity: 800, page: 393, lo: 0, hi: 1572) == 393)
        #expect(ScrollPhysics.pageTarget(current: 350, velocity: -800, page: 393, lo: 0, hi: 1572) == 0)
        #expect(ScrollPhysics.pageTarget(current: 1500, velocity: 800, page: 393, lo: 0, hi: 1572) == 1572)
    }
}

@Suite struct ScrollDragging {
    @Test func contentFollowsTheFingerOneToOne() {
        let h = TouchHarness()
        let (scroll, log) = makeScrollView(h)
        h.send(.began, 200, 700, at: 0)
        #expect(h.on { scroll.isTracking } && h.on { !scroll.isDragging })
        fingerMove(h, from: 700, by: -210, start: 0)   // 10 pt of hysteresis, then 200 pt of scrolling
        #expect(h.on { scroll.contentOffset } == CGPoint(x: 0, y: 200))
        #expect(h.on { scroll.isDragging })
        #expect(log.milestones == ["willBeginDragging"])
        #expect(log.events.filter { $0 == "didScroll" }.count == log.offsets.count && log.offsets.count > 5)
        // Horizontal content fits: no horizontal scrolling.
        #expect(log.offsets.allSatisfy { $0.x == 0 })
    }

    @Test func pullingPastTheTopRubberBands() {
        let h = TouchHarness()
        let (scroll, _) = makeScrollView(h)
        h.send(.began, 200, 300, at: 0)
        fingerMove(h, from: 300, by: 110, start: 0)    // 100 pt past the top edge
        #expect(abs(h.on { scroll.contentOffset.y } + 51.6648) < 0.001)
    }

    @Test func bouncesOffStopsAtTheEdge() {
        let h = TouchHarness()
        let (scroll, _) = makeScrollView(h)
        h.on { scroll.bounces = false }
        h.send(.began, 200, 300, at: 0)
        fingerMove(h, from: 300, by: 110, start: 0)
        #expect(h.on { scroll.contentOffset.y } == 0)
    }

    @Test func offsetChangesAskForLayout() {
        let h = TouchHarness()
        let (scroll, _) = makeScrollView(h)
        h.on { scroll.layoutIfNeeded() }
        #expect(!scroll.layer.needsLayout())
        h.on { scroll.contentOffset = CGPoint(x: 0, y: 40) }
        #expect(scroll.layer.needsLayout())
    }

    @Test func contentThatFitsDoesNotScrollUnlessItAlwaysBounces() {
        let h = TouchHarness()
        let (scroll, log) = makeScrollView(h, content: CGSize(width: 393, height: 500))
        h.send(.began, 200, 600, at: 0)
        fingerMove(h, from: 600, by: -100, start: 0)
        #expect(log.events.isEmpty && scroll.panGestureRecognizer.state == .failed)
        h.send(.ended, 200, 500, at: 0.2)

        h.on { scroll.alwaysBounceVertical = true }
        h.send(.began, 200, 600, at: 1)
        fingerMove(h, from: 600, by: -110, start: 1)
        #expect(h.on { scroll.contentOffset.y } > 0)
    }
}

@Suite struct ScrollRelease {
    /// A 1200 pt/s upward finger: the delegate hears 1.2 pt/ms and the projected target, and the content
    /// comes to rest exactly there.
    @Test func decelerationRestsOnTheProjectedTarget() {
        let h = TouchHarness()
        let (scroll, log) = makeScrollView(h)
        h.send(.began, 200, 700, at: 0)
        let t = fingerMove(h, from: 700, by: -200, start: 0)   // 10 pt per 1/120 s: 1200 pt/s
        let released = h.on { scroll.contentOffset.y }
        h.send(.ended, 200, 500, at: t)
        #expect(log.willEndVelocity!.x == 0 && abs(log.willEndVelocity!.y - 1.2) < 1e-6)
        let expected = released + project(initialVelocity: 1000 * log.willEndVelocity!.y, decelerationRate: .normal)
        #expect(abs(log.offeredTarget!.y - expected) < 1e-9)
        #expect(h.on { scroll.isDecelerating } && h.on { !scroll.isDragging })
        h.wait(until: t + 0.5)
        let midway = h.on { scroll.contentOffset.y }
        #expect(midway > released && midway < expected)
        h.wait(until: t + 10)
        #expect(h.on { scroll.contentOffset.y } == log.offeredTarget!.y)
        #expect(h.on { !scroll.isDecelerating })
        #expect(log.milestones == ["willBeginDragging", "willEndDragging", "didEndDragging(true)",
                                   "willBeginDecelerating", "didEndDecelerating"])
    }

    @Test func theDelegateTargetIsWhereItLands() {
        let h = TouchHarness()
        let (scroll, log) = makeScrollView(h)
        log.replacementTarget = CGPoint(x: 0, y: 444)
        h.send(.began, 200, 700, at: 0)
        let t = fingerMove(h, from: 700, by: -200, start: 0)
        h.send(.ended, 200, 500, at: t)
        h.wait(until: t + 10)
        #expect(h.on { scroll.contentOffset } == CGPoint(x: 0, y: 444))
    }

    @Test func aStillFingerReleasesAtRest() {
        let h = TouchHarness()
        let (scroll, log) = makeScrollView(h)
        h.send(.began, 200, 700, at: 0)
        let t = fingerMove(h, from: 700, by: -210, start: 0)
        h.send(.ended, 200, 490, at: t + 0.1)
        #expect(log.willEndVelocity == .zero)
        #expect(log.milestones.last == "didEndDragging(false)")
        #expect(h.on { scroll.contentOffset.y } == 200)
        #expect(h.on { !scroll.isTracking })
    }

    /// Released 52 pt past the top: it springs back to the edge and ends decelerating there.
    @Test func bounceReturnsToTheEdge() {
        let h = TouchHarness()
        let (scroll, log) = makeScrollView(h)
        h.send(.began, 200, 300, at: 0)
        let t = fingerMove(h, from: 300, by: 110, start: 0)
        h.send(.ended, 200, 410, at: t + 0.1)
        #expect(log.offeredTarget == .zero)
        h.wait(until: t + 0.1 + 0.3)
        let partWay = h.on { scroll.contentOffset.y }
        #expect(partWay < 0 && partWay > -51.67)
        h.wait(until: t + 3)
        #expect(h.on { scroll.contentOffset.y } == 0)
        #expect(log.milestones == ["willBeginDragging", "willEndDragging", "didEndDragging(true)",
                                   "willBeginDecelerating", "didEndDecelerating"])
        // It settled within about 0.8 s of the release (estimated iOS figure: ~0.6 s to within 0.5 pt).
        #expect(abs(AxisMotion.spring(x0: -51.66, v0: 0, t: 0.6)) < 0.6)
    }

    /// A flick towards the top overshoots the edge, then comes back to it.
    @Test func aFlickIntoTheEdgeBouncesBack() {
        let h = TouchHarness()
        let (scroll, log) = makeScrollView(h)
        h.on { scroll.contentOffset = CGPoint(x: 0, y: 100) }
        h.send(.began, 200, 300, at: 0)
        let t = fingerMove(h, from: 300, by: 60, start: 0)   // down, 1200 pt/s: content towards the top
        h.send(.ended, 200, 360, at: t)
        #expect(log.offeredTarget == .zero)
        var lowest: CGFloat = 0
        var time = t
        while time < t + 3 { time += 1.0 / 60; h.wait(until: time); lowest = min(lowest, h.on { scroll.contentOffset.y }) }
        #expect(lowest < -10)
        #expect(h.on { scroll.contentOffset.y } == 0)
        #expect(log.milestones.last == "didEndDecelerating")
    }

    @Test func pagingLandsOnPageBoundaries() {
        let h = TouchHarness()
        let (scroll, _) = makeScrollView(h, content: CGSize(width: 393 * 5, height: 852))
        h.on { scroll.isPagingEnabled = true }
        // Slowly 250 pt left, held, released: past half a page, so the next page.
        h.send(.began, 350, 400, at: 0)
        var t = 0.0
        for i in 1...26 { t = Double(i) / 60; h.send(.moved, 350 - CGFloat(i) * 10, 400, at: t) }
        h.send(.ended, 90, 400, at: t + 0.1)
        h.wait(until: t + 5)
        #expect(h.on { scroll.contentOffset } == CGPoint(x: 393, y: 0))
        // A short quick flick to the left: on to the next page.
        h.send(.began, 300, 400, at: 10)
        t = 10
        for i in 1...4 { t = 10 + Double(i) / 120; h.send(.moved, 300 - CGFloat(i) * 12, 400, at: t) }
        h.send(.ended, 252, 400, at: t)
        h.wait(until: t + 5)
        #expect(h.on { scroll.contentOffset } == CGPoint(x: 786, y: 0))
    }

    @Test func directionalLockKeepsOneAxis() {
        let h = TouchHarness()
        let (scroll, _) = makeScrollView(h, content: CGSize(width: 2000, height: 2000))
        h.on { scroll.isDirectionalLockEnabled = true }
        h.send(.began, 200, 700, at: 0)
        for i in 1...20 { h.send(.moved, 200 - CGFloat(i) * 2, 700 - CGFloat(i) * 10, at: Double(i) / 120) }
        #expect(h.on { scroll.contentOffset.x } == 0)
        #expect(h.on { scroll.contentOffset.y } > 150)
    }
}

@Suite struct ScrollAnimations {
    @Test func animatedOffsetEndsThereAndSaysSo() {
        let h = TouchHarness()
        let (scroll, log) = makeScrollView(h)
        h.on { scroll.setContentOffset(CGPoint(x: 0, y: 600), animated: true) }
        #expect(h.on { scroll.isScrollAnimating })
        h.wait(until: 0.15)
        let half = h.on { scroll.contentOffset.y }
        #expect(abs(half - 300) < 1)   // ease-in-ease-out is symmetric: halfway at half time
        h.wait(until: 0.3)
        #expect(h.on { scroll.contentOffset.y } == 600)
        #expect(log.milestones == ["didEndScrollingAnimation"])
        #expect(h.on { !scroll.isScrollAnimating })
        // One didScroll per frame (60 Hz) plus the end.
        #expect(log.offsets.count == 18)
    }

    @Test func scrollRectToVisibleAnimates() {
        let h = TouchHarness()
        let (scroll, log) = makeScrollView(h)
        h.on { scroll.scrollRectToVisible(CGRect(x: 0, y: 1500, width: 10, height: 100), animated: true) }
        h.wait(until: 1)
        let y: CGFloat = h.on { scroll.contentOffset.y }
        #expect(y == 748)   // the rect's bottom at the bounds' bottom: 1600 − 852
        #expect(log.milestones == ["didEndScrollingAnimation"])
    }

    /// A touch on a decelerating scroll view stops it where it is, and the content does not get it.
    @Test func aTouchStopsDecelerationAndIsNotATap() {
        let h = TouchHarness()
        let (scroll, log) = makeScrollView(h)
        let content = TouchRecorder(frame: CGRect(x: 0, y: 0, width: 393, height: 2000))
        let tap = UITapGestureRecognizer()
        var taps = 0
        tap.addAction { _ in taps += 1 }
        h.on { scroll.addSubview(content); content.addGestureRecognizer(tap) }
        h.send(.began, 200, 700, at: 0)
        let t = fingerMove(h, from: 700, by: -200, start: 0)
        h.send(.ended, 200, 500, at: t)
        content.events = []
        h.wait(until: t + 0.3)
        let caught = h.on { scroll.contentOffset.y }
        h.send(.began, 200, 400, at: t + 0.3)
        #expect(h.on { !scroll.isDecelerating })
        h.send(.ended, 200, 400, at: t + 0.35)
        h.wait(until: t + 5)
        #expect(h.on { scroll.contentOffset.y } == caught)
        #expect(content.events.isEmpty && taps == 0)
        #expect(!log.milestones.contains("didEndDecelerating"))
    }

    @Test func stopScrollingAndZoomingStopsWhereItIs() {
        let h = TouchHarness()
        let (scroll, log) = makeScrollView(h)
        h.on { scroll.setContentOffset(CGPoint(x: 0, y: 600), animated: true) }
        h.wait(until: 0.1)
        h.on { scroll.stopScrollingAndZooming() }
        let there = h.on { scroll.contentOffset.y }
        h.wait(until: 1)
        #expect(h.on { scroll.contentOffset.y } == there && there > 0 && there < 600)
        #expect(log.milestones.isEmpty)
    }
}

/// A view that records the touch phases it gets.
final class TouchRecorder: UIView {
    var events: [String] = []
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { events.append("began") }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { events.append("moved") }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { events.append("ended") }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { events.append("cancelled") }
}

@Suite struct ScrollContentTouches {
    @Test func aDragThatScrollsCancelsTheContentsTouches() {
        let h = TouchHarness()
        let (scroll, _) = makeScrollView(h)
        let cell = TouchRecorder(frame: CGRect(x: 0, y: 600, width: 393, height: 200))
        h.on { scroll.addSubview(cell) }
        h.send(.began, 200, 700, at: 0)
        fingerMove(h, from: 700, by: -100, start: 0)
        #expect(cell.events.first == "began")
        #expect(cell.events.last == "cancelled")
        #expect(h.on { scroll.contentOffset.y } == 90)
    }

    @Test func aControlKeepsItsTouchAndNothingScrolls() {
        let h = TouchHarness()
        let (scroll, _) = makeScrollView(h)
        let button = UIControl(frame: CGRect(x: 0, y: 600, width: 393, height: 200))
        h.on { scroll.addSubview(button) }
        h.send(.began, 200, 700, at: 0)
        fingerMove(h, from: 700, by: -100, start: 0)
        #expect(h.on { scroll.contentOffset.y } == 0)
        #expect(scroll.panGestureRecognizer.state == .failed)
    }

    @Test func withoutCancellingContentTouchesTheContentKeepsThem() {
        let h = TouchHarness()
        let (scroll, _) = makeScrollView(h)
        h.on { scroll.canCancelContentTouches = false }
        let cell = TouchRecorder(frame: CGRect(x: 0, y: 600, width: 393, height: 200))
        h.on { scroll.addSubview(cell) }
        h.send(.began, 200, 700, at: 0)
        fingerMove(h, from: 700, by: -100, start: 0)
        #expect(h.on { scroll.contentOffset.y } == 90)
        #expect(!cell.events.contains("cancelled"))
    }
}

@Suite struct ScrollIndicatorTiming {
    @Test func indicatorsAppearWhileScrollingAndFadeAfter() throws {
        let h = TouchHarness()
        let (scroll, _) = makeScrollView(h)
        #expect(h.on { scroll.subviews.isEmpty })   // nothing until it scrolls
        h.send(.began, 200, 700, at: 0)
        let t = fingerMove(h, from: 700, by: -10 - 200, start: 0)
        let bar = try #require(h.on { scroll.subviews.last as? _UIScrollViewScrollIndicator })
        #expect(bar.axis == .vertical && bar.alpha == 1)
        // 3 pt wide, 3 pt from the right edge, track inset 3 pt; length = track × 852/2000.
        let track: CGFloat = 852 - 6
        #expect(bar.frame.width == 3 && bar.frame.minX == 393 - 6)
        #expect(abs(bar.frame.height - track * 852 / 2000) < 1e-9)
        let fraction: CGFloat = 200 / (2000 - 852)
        #expect(abs(bar.frame.minY - (200 + 3 + (track - bar.frame.height) * fraction)) < 1e-9)
        #expect(h.on { scroll.subviews.filter { $0 is _UIScrollViewScrollIndicator }.count } == 1)   // no horizontal bar
        h.send(.ended, 200, 490, at: t + 0.1)   // at rest: no deceleration, the fade is scheduled
        func presentedOpacity(at time: TimeInterval) -> Float {
            h.wait(until: time)
            return h.on { bar.layer.presentationState(at: time).opacity }
        }
        let end = t + 0.1
        #expect(presentedOpacity(at: end + ScrollIndicators.lingerDuration - 0.01) == 1)
        let mid = presentedOpacity(at: end + ScrollIndicators.lingerDuration + ScrollIndicators.fadeDuration / 2)
        #expect(mid > 0 && mid < 1)
        #expect(presentedOpacity(at: end + ScrollIndicators.lingerDuration + ScrollIndicators.fadeDuration + 0.01) == 0)
    }

    @Test func rubberBandingShortensTheBar() throws {
        let h = TouchHarness()
        let (scroll, _) = makeScrollView(h)
        h.send(.began, 200, 300, at: 0)
        fingerMove(h, from: 300, by: 110, start: 0)
        let bar = try #require(h.on { scroll.subviews.last as? _UIScrollViewScrollIndicator })
        let full = (852 - 6) * 852 / CGFloat(2000)
        #expect(abs(bar.frame.height - (full - 51.6648)) < 0.001)
        #expect(abs(bar.frame.minY - (-51.6648 + 3)) < 0.001)   // pinned to the top of the track
    }

    @Test func flashShowsThenFades() throws {
        let h = TouchHarness()
        let (scroll, _) = makeScrollView(h)
        h.on { scroll.flashScrollIndicators() }
        let bar = try #require(h.on { scroll.subviews.last as? _UIScrollViewScrollIndicator })
        #expect(bar.alpha == 0)   // the model is already faded; the presentation shows it until the fade
        #expect(h.on { bar.layer.presentationState(at: 0.5).opacity } == 1)
        #expect(h.on { bar.layer.presentationState(at: ScrollIndicators.flashDuration + ScrollIndicators.fadeDuration).opacity } == 0)
    }

    @Test func styles() {
        let light = UITraitCollection(userInterfaceStyle: .light), dark = UITraitCollection(userInterfaceStyle: .dark)
        #expect(ScrollIndicators.color(.default).resolvedColor(with: light).cgColor == UIColor(white: 0, alpha: 0.35).cgColor)
        #expect(ScrollIndicators.color(.default).resolvedColor(with: dark).cgColor == UIColor(white: 1, alpha: 0.35).cgColor)
        #expect(ScrollIndicators.color(.white).resolvedColor(with: light).cgColor == UIColor(white: 1, alpha: 0.35).cgColor)
        #expect(ScrollIndicators.color(.black).resolvedColor(with: dark).cgColor == UIColor(white: 0, alpha: 0.35).cgColor)
    }
}

@Suite struct ScrollZooming {
    func makeZoomable(_ h: TouchHarness) -> (UIScrollView, ScrollLog, UIView) {
        let (scroll, log) = makeScrollView(h, content: CGSize(width: 393, height: 852))
        let image = UIView(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
        h.on {
            scroll.addSubview(image)
            log.zoomView = image
            scroll.minimumZoomScale = 1
            scroll.maximumZoomScale = 3
        }
        return (scroll, log, image)
    }

    @Test func zoomScaleScalesTheViewAndTheContent() {
        let h = TouchHarness()
        let (scroll, log, image) = makeZoomable(h)
        #expect(scroll.pinchGestureRecognizer != nil)
        h.on { scroll.zoomScale = 2 }
        #expect(image.transform == CGAffineTransform(scaleX: 2, y: 2))
        #expect(image.frame == CGRect(x: 0, y: 0, width: 786, height: 1704))
        #expect(scroll.contentSize == CGSize(width: 786, height: 1704))
        #expect(log.events == ["didZoom"])
        h.on { scroll.zoomScale = 5 }   // kept in range
        #expect(scroll.zoomScale == 3)
    }

    @Test func animatedZoomToARect() {
        let h = TouchHarness()
        let (scroll, log, _) = makeZoomable(h)
        h.on { scroll.zoom(to: CGRect(x: 100, y: 200, width: 131, height: 284), animated: true) }
        #expect(h.on { scroll.isZoomAnimating })
        h.wait(until: 1)
        #expect(scroll.zoomScale == 3)
        #expect(scroll.contentOffset == CGPoint(x: 165.5 * 3 - 196.5, y: 342 * 3 - 426))
        #expect(log.milestones == ["didEndScrollingAnimation"])
    }

    @Test func pinchZoomsAndBouncesBackFromBeyondTheMaximum() {
        let h = TouchHarness()
        let (scroll, log, _) = makeZoomable(h)
        h.send(.began, 146, 426, at: 0, finger: 0)
        h.send(.began, 246, 426, at: 0, finger: 1)
        // Spread from 100 pt to 400 pt: scale 4, past the maximum of 3.
        for i in 1...30 {
            let half = 50 + CGFloat(i) * 5
            h.sendTogether([(0, 196 - half, 426), (1, 196 + half, 426)], at: Double(i) / 60)
        }
        #expect(h.on { scroll.isZooming })
        let pinched = scroll.zoomScale
        #expect(pinched > 3 && pinched < 4)   // rubber-banded past the maximum
        h.send(.ended, -4, 426, at: 0.6, finger: 0)
        h.send(.ended, 396, 426, at: 0.6, finger: 1)
        #expect(h.on { scroll.isZoomBouncing })
        h.wait(until: 2)
        #expect(scroll.zoomScale == 3)
        #expect(log.endZoomScale == 3)
        #expect(log.milestones == ["willBeginZooming", "didEndZooming"])
    }
}

// MARK: Scripted scrolling and determinism

/// A full-screen scroll view over 3000 pt of content; subclasses script it.
class ScrollProbe: Scene {
    class var name: String { "scroll-probe" }
    class var summary: String { "a scroll view driven by a script" }
    let scroll = UIScrollView()
    let log = ScrollLog()
    required init() {}
    func makeRootViewController() -> UIViewController {
        let controller = UIViewController()
        controller.view.backgroundColor = .white
        scroll.frame = controller.view.bounds
        scroll.contentSize = CGSize(width: scroll.frame.width, height: 3000)
        scroll.contentInsetAdjustmentBehavior = .never
        scroll.delegate = log
        controller.view.addSubview(scroll)
        return controller
    }
    func script() -> Script { Script() }

    static func session<S: ScrollProbe>(_ type: S.Type, frameRate: Int = 60) -> (SceneSession, S) {
        let session = SceneSession(type, frameRate: frameRate)
        return (session, session.within { session.scene } as! S)
    }
}

final class ScrollByProbe: ScrollProbe {
    override class var name: String { "scroll-by-probe" }
    override func script() -> Script {
        var s = Script()
        s.scroll({ [unowned self] in self.scroll }, by: 400)
        s.wait(0.5)
        s.scroll({ [unowned self] in self.scroll }, by: -150, duration: 0.3)
        return s
    }
}

final class FlickScrollProbe: ScrollProbe {
    override class var name: String { "flick-scroll-probe" }
    override func script() -> Script {
        var s = Script()
        s.flickScroll({ [unowned self] in self.scroll }, velocity: 2000)
        s.waitUntilIdle()
        return s
    }
}

@Suite struct ScriptedScrolling {
    @Test func scrollByRestsWhereItWasDragged() throws {
        let (session, probe) = ScrollProbe.session(ScrollByProbe.self)
        _ = try session.runToEnd()
        #expect(session.within { probe.scroll.contentOffset } == CGPoint(x: 0, y: 250))
        #expect(probe.log.milestones == ["willBeginDragging", "willEndDragging", "didEndDragging(false)",
                                         "willBeginDragging", "willEndDragging", "didEndDragging(false)"])
        #expect(probe.log.offsets.contains { $0.y == 400 })
    }

    @Test func flickScrollReleasesAtTheVelocityAndLandsOnTheProjection() throws {
        let (session, probe) = ScrollProbe.session(FlickScrollProbe.self)
        _ = try session.runToEnd()
        #expect(probe.log.willEndVelocity!.x == 0 && abs(probe.log.willEndVelocity!.y - 2) < 1e-6)
        let target = try #require(probe.log.offeredTarget)
        #expect(session.within { probe.scroll.contentOffset.y } == target.y)
        // About velocity × 0.1 s / 2 less the hysteresis during the flick, then the projection.
        #expect(abs(target.y - (100 - 10 + project(initialVelocity: 2000, decelerationRate: .normal))) < 1)
    }

    /// Same script twice: the same offsets at the same times; a session advanced straight to t equals one
    /// advanced frame by frame, at two frame rates.
    @Test func scrollingIsAPureFunctionOfScriptAndClock() {
        func offsets(step: TimeInterval?, times: [TimeInterval], frameRate: Int = 60) -> [CGPoint] {
            let (session, probe) = ScrollProbe.session(FlickScrollProbe.self, frameRate: frameRate)
            var result: [CGPoint] = []
            var now = 0.0
            for t in times {
                if let step { while now + step < t { now += step; session.advance(to: now) } }
                session.advance(to: t)
                now = t
                result.append(session.within { probe.scroll.contentOffset })
            }
            return result
        }
        let times: [TimeInterval] = [0.3, 0.5, 0.75, 1.0, 1.5, 2.5, 4.0]
        let streamed = offsets(step: 1.0 / 60, times: times)
        #expect(streamed == offsets(step: 1.0 / 60, times: times))
        #expect(streamed == offsets(step: nil, times: times))
        #expect(streamed == offsets(step: 1.0 / 24, times: times))
        #expect(Set(streamed.map(\.y)).count == times.count)   // it was moving at all those times
        // A 24 fps render shows, at the frame times it shares with 60 fps, the same offsets.
        let shared: [TimeInterval] = [0.5, 1.0, 1.5, 2.5, 4.0]
        #expect(offsets(step: 1.0 / 24, times: shared, frameRate: 24) == offsets(step: nil, times: shared))
    }
}

@Suite struct ScrollOutsideAScene {
    /// Nothing advances an unbound clock, so an animated offset lands at once (and says it ended).
    @Test func animatedOffsetLandsAtOnceOutsideAScene() {
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        scroll.contentSize = CGSize(width: 100, height: 500)
        let log = ScrollLog()
        scroll.delegate = log
        scroll.setContentOffset(CGPoint(x: 0, y: 120), animated: true)
        #expect(scroll.contentOffset == CGPoint(x: 0, y: 120))
        #expect(log.milestones == ["didEndScrollingAnimation"])
        #expect(!scroll.isScrollAnimating && scroll.subviews.isEmpty)
    }
}
