import UIKit

/// What the fingers do, step by step. Steps run in order on the virtual clock; targets are resolved when
/// the step runs, so they can name views that exist only by then (or have moved). While a finger moves, the
/// player feeds touch samples at `touchRate` per second, independent of the frame rate.
public struct Script {
    public enum Step {
        case wait(TimeInterval)
        case waitUntilIdle
        case tap(duration: TimeInterval, target: () -> CGPoint)
        /// `count` taps at one point (resolved once, when the first comes down), `interval` from each lift
        /// to the next touch down.
        case taps(count: Int, duration: TimeInterval, interval: TimeInterval, target: () -> CGPoint)
        case touchDown(finger: Int, target: () -> CGPoint)
        case move(finger: Int, motion: TouchMotion)
        /// Several fingers moving together: their samples arrive in the same events (a pinch).
        case moveFingers([(finger: Int, motion: TouchMotion)])
        case touchUp(finger: Int)
        /// Keys typed into a text input, one character every `interval` seconds (see `type(_:into:interval:)`).
        case type(text: String, interval: TimeInterval, target: () -> UIKeyInput)
    }

    public private(set) var steps: [Step] = []
    /// Touch samples per second while a finger moves (120: a ProMotion screen's touch rate).
    public var touchRate: Double = 120 {
        didSet { checkUsage(touchRate.isFinite && touchRate > 0, "Script.touchRate must be positive") }
    }
    public init() {}

    /// Whether a finger moves anywhere in the script (then frames show touches by default).
    public var containsDrag: Bool {
        steps.contains {
            switch $0 {
            case .move, .moveFingers: return true
            default: return false
            }
        }
    }

    /// Does nothing for `seconds`.
    public mutating func wait(_ seconds: TimeInterval) { steps.append(.wait(seconds)) }
    /// Waits until every running animation has finished and nothing else is scheduled.
    public mutating func waitUntilIdle() { steps.append(.waitUntilIdle) }
    /// A tap (touch down, 0.1 s, touch up) at a point in window coordinates; with `count` > 1, that many
    /// taps at the same point, `interval` seconds from each lift to the next touch down (UIKit's taps count
    /// together when the next comes down within 0.35 s).
    public mutating func tap(at point: @escaping () -> CGPoint, count: Int = 1, duration: TimeInterval = 0.1,
                             interval: TimeInterval = 0.1) {
        checkUsage(count >= 1, "Script.tap: count must be at least 1")
        steps.append(count == 1 ? .tap(duration: duration, target: point)
                     : .taps(count: count, duration: duration, interval: interval, target: point))
    }
    /// A tap on the centre of a view, wherever it is when the tap happens.
    public mutating func tap(_ view: @escaping () -> UIView, count: Int = 1, duration: TimeInterval = 0.1,
                             interval: TimeInterval = 0.1) {
        tap(at: { Self.centre(of: view()) }, count: count, duration: duration, interval: interval)
    }
    /// A tap on the back button of the navigation bar on screen (the frontmost one), wherever the bar draws
    /// it when the tap happens: no computed points. A script whose screen shows no back button then stops
    /// with a message saying so.
    public mutating func tapBackButton() {
        tap(at: {
            guard let button = Self.frontmostNavigationBar(where: { $0.backButtonView != nil })?.backButtonView else {
                misuse("Script.tapBackButton: no navigation bar on screen shows a back button at \(Self.now) s")
            }
            return Self.centre(of: button)
        })
    }
    /// A tap on a bar button item of the navigation bar on screen (`navigationItem.rightBarButtonItem`, …).
    public mutating func tapBarButton(_ item: @escaping () -> UIBarButtonItem) {
        tap(at: {
            let item = item()
            guard let bar = Self.frontmostNavigationBar(where: { $0.view(for: item) != nil }),
                  let view = bar.view(for: item) else {
                misuse("Script.tapBarButton: no navigation bar on screen shows the item \(item.title.map { "'\($0)'" } ?? "") at \(Self.now) s")
            }
            return Self.centre(of: view)
        })
    }
    /// Two taps at a point, 0.1 s each, 0.1 s apart.
    public mutating func doubleTap(at point: @escaping () -> CGPoint) { tap(at: point, count: 2) }
    /// Two taps on the centre of a view.
    public mutating func doubleTap(_ view: @escaping () -> UIView) { tap(view, count: 2) }

    // MARK: Fingers, step by step

    /// Puts finger `finger` down at a point in window coordinates.
    public mutating func touchDown(at point: @escaping () -> CGPoint, finger: Int = 0) {
        steps.append(.touchDown(finger: finger, target: point))
    }
    /// Puts a finger down on the centre of a view, where it is drawn when the step runs.
    public mutating func touchDown(on view: @escaping () -> UIView, finger: Int = 0) {
        touchDown(at: { Self.centre(of: view()) }, finger: finger)
    }
    /// Moves a finger that is down to a point over `duration` seconds along `curve`.
    public mutating func move(to point: @escaping () -> CGPoint, duration: TimeInterval, curve: TouchCurve = .linear,
                              finger: Int = 0) {
        steps.append(.move(finger: finger, motion: TouchMotion(destination: .point(point), duration: duration, curve: curve)))
    }
    /// Moves a finger that is down by an offset. With `releaseVelocity` (pt/s) the finger starts at rest and
    /// its last samples move at exactly that velocity (the curve is then not used), so a pan's
    /// `velocity(in:)` reads it back at the touch up that follows.
    public mutating func move(by offset: CGVector, duration: TimeInterval, curve: TouchCurve = .linear,
                              releaseVelocity: CGVector? = nil, finger: Int = 0) {
        steps.append(.move(finger: finger, motion: TouchMotion(destination: .offset(offset), duration: duration,
                                                               curve: curve, releaseVelocity: releaseVelocity)))
    }
    /// Keeps the fingers still (and down) for `seconds`; iOS sends no touch events for a still finger.
    public mutating func hold(_ seconds: TimeInterval) { wait(seconds) }
    /// Lifts a finger where it is.
    public mutating func touchUp(finger: Int = 0) { steps.append(.touchUp(finger: finger)) }

    // MARK: Gestures

    /// Down at `start`, move by `offset` over `duration`, up: a pan. See `move(by:…)` for `releaseVelocity`.
    public mutating func drag(from start: @escaping () -> CGPoint, by offset: CGVector, duration: TimeInterval,
                              curve: TouchCurve = .easeInOut, releaseVelocity: CGVector? = nil) {
        touchDown(at: start)
        move(by: offset, duration: duration, curve: curve, releaseVelocity: releaseVelocity)
        touchUp()
    }
    /// A drag that starts on the centre of a view.
    public mutating func drag(_ view: @escaping () -> UIView, by offset: CGVector, duration: TimeInterval,
                              curve: TouchCurve = .easeInOut, releaseVelocity: CGVector? = nil) {
        drag(from: { Self.centre(of: view()) }, by: offset, duration: duration, curve: curve, releaseVelocity: releaseVelocity)
    }
    /// A quick throw: the finger accelerates from rest and lifts moving at `velocity` (pt/s), covering about
    /// velocity × duration / 2.
    public mutating func flick(from start: @escaping () -> CGPoint, velocity: CGVector, duration: TimeInterval = 0.1) {
        drag(from: start, by: CGVector(dx: velocity.dx * duration / 2, dy: velocity.dy * duration / 2),
             duration: duration, releaseVelocity: velocity)
    }
    /// A flick that starts on the centre of a view.
    public mutating func flick(_ view: @escaping () -> UIView, velocity: CGVector, duration: TimeInterval = 0.1) {
        flick(from: { Self.centre(of: view()) }, velocity: velocity, duration: duration)
    }
    /// A swipe in from a screen edge: down 4 pt inside the edge (inside UIScreenEdgePanGestureRecognizer's
    /// region) at `position` (0…1) along it, `distance` points inward, up. `releaseVelocity` is the inward
    /// speed at the touch up (pt/s; negative: moving back towards the edge).
    public mutating func edgeSwipe(from edge: UIRectEdge, at position: CGFloat = 0.5, distance: CGFloat,
                                   duration: TimeInterval, curve: TouchCurve = .easeInOut, releaseVelocity: CGFloat? = nil) {
        checkUsage([.left, .right, .top, .bottom].contains(edge), "Script.edgeSwipe: name one edge (.left, .right, .top or .bottom)")
        let inward: CGVector = edge == .left ? CGVector(dx: 1, dy: 0) : edge == .right ? CGVector(dx: -1, dy: 0)
            : edge == .top ? CGVector(dx: 0, dy: 1) : CGVector(dx: 0, dy: -1)
        drag(from: {
            let s = UIScreen.main.bounds, inset: CGFloat = 4
            switch edge {
            case .left: return CGPoint(x: s.minX + inset, y: s.minY + s.height * position)
            case .right: return CGPoint(x: s.maxX - inset, y: s.minY + s.height * position)
            case .top: return CGPoint(x: s.minX + s.width * position, y: s.minY + inset)
            default: return CGPoint(x: s.minX + s.width * position, y: s.maxY - inset)
            }
        }, by: CGVector(dx: inward.dx * distance, dy: inward.dy * distance), duration: duration, curve: curve,
             releaseVelocity: releaseVelocity.map { CGVector(dx: inward.dx * $0, dy: inward.dy * $0) })
    }

    /// An edge swipe measured by what the recognizer reports: the finger travels `translation` plus the
    /// edge pan's hysteresis (UIKit drops the first 15 pt), so `translation(in:)` ends at `translation`.
    public mutating func edgeSwipe(from edge: UIRectEdge, at position: CGFloat = 0.5, translation: CGFloat,
                                   duration: TimeInterval, curve: TouchCurve = .easeInOut, releaseVelocity: CGFloat? = nil) {
        edgeSwipe(from: edge, at: position, distance: translation + UIScreenEdgePanGestureRecognizer.edgeHysteresis,
                  duration: duration, curve: curve, releaseVelocity: releaseVelocity)
    }

    // MARK: Typing

    /// Types `text` into a text field, text view or search field as a person on the keyboard would: the
    /// input becomes first responder (if it is a responder that is not yet), then each character arrives
    /// through `insertText(_:)` — its delegate's `shouldChangeCharactersIn`, `.editingChanged` and the
    /// text-did-change notification, as each key does on iOS — one every `interval` seconds (0.12 s, a quick
    /// typist). `"\u{8}"` (backspace) calls `deleteBackward()`. No keyboard is drawn (see
    /// docs/UIKIT-COMPATIBILITY.md, "Text input").
    public mutating func type(_ text: String, into input: @escaping () -> UIKeyInput, interval: TimeInterval = 0.12) {
        checkUsage(interval.isFinite && interval >= 0, "Script.type: the interval between keys must be 0 or more seconds")
        steps.append(.type(text: text, interval: interval, target: input))
    }

    /// Down, still for `duration` seconds, up: a long press (UILongPressGestureRecognizer begins 0.5 s in).
    public mutating func longPress(at point: @escaping () -> CGPoint, duration: TimeInterval = 0.8) {
        touchDown(at: point)
        hold(duration)
        touchUp()
    }
    /// A long press on the centre of a view.
    public mutating func longPress(_ view: @escaping () -> UIView, duration: TimeInterval = 0.8) {
        longPress(at: { Self.centre(of: view()) }, duration: duration)
    }

    /// A straight swipe of `distance` points in one `direction` over `duration` seconds at constant
    /// speed. The defaults (150 pt in 0.15 s) pass UISwipeGestureRecognizer's thresholds at once.
    public mutating func swipe(from start: @escaping () -> CGPoint, direction: UISwipeGestureRecognizer.Direction,
                               distance: CGFloat = 150, duration: TimeInterval = 0.15) {
        let unit: CGVector
        switch direction {
        case .right: unit = CGVector(dx: 1, dy: 0)
        case .left: unit = CGVector(dx: -1, dy: 0)
        case .up: unit = CGVector(dx: 0, dy: -1)
        case .down: unit = CGVector(dx: 0, dy: 1)
        default: misuse("Script.swipe: name one direction (.right, .left, .up or .down)")
        }
        drag(from: start, by: CGVector(dx: unit.dx * distance, dy: unit.dy * distance), duration: duration, curve: .linear)
    }
    /// A swipe that starts on the centre of a view.
    public mutating func swipe(_ view: @escaping () -> UIView, direction: UISwipeGestureRecognizer.Direction,
                               distance: CGFloat = 150, duration: TimeInterval = 0.15) {
        swipe(from: { Self.centre(of: view()) }, direction: direction, distance: distance, duration: duration)
    }

    /// Two fingers (0 and 1) come down `fromSpan` points apart across `center` along `angle` (radians
    /// from the x axis; 0: finger 0 left, finger 1 right), move apart or together to `toSpan` over
    /// `duration` seconds, and lift: a pinch whose UIPinchGestureRecognizer scale ends at toSpan / fromSpan.
    public mutating func pinch(center: @escaping () -> CGPoint, fromSpan: CGFloat, toSpan: CGFloat,
                               duration: TimeInterval, angle: CGFloat = 0, curve: TouchCurve = .linear) {
        checkUsage(fromSpan > 0 && toSpan > 0, "Script.pinch: spans must be positive")
        let u = CGVector(dx: cos(angle), dy: sin(angle))
        touchDown(at: { let c = center(); return CGPoint(x: c.x - u.dx * fromSpan / 2, y: c.y - u.dy * fromSpan / 2) }, finger: 0)
        touchDown(at: { let c = center(); return CGPoint(x: c.x + u.dx * fromSpan / 2, y: c.y + u.dy * fromSpan / 2) }, finger: 1)
        let half = (toSpan - fromSpan) / 2
        steps.append(.moveFingers([
            (0, TouchMotion(destination: .offset(CGVector(dx: -u.dx * half, dy: -u.dy * half)), duration: duration, curve: curve)),
            (1, TouchMotion(destination: .offset(CGVector(dx: u.dx * half, dy: u.dy * half)), duration: duration, curve: curve)),
        ]))
        touchUp(finger: 0)
        touchUp(finger: 1)
    }
    /// A pinch across the centre of a view.
    public mutating func pinch(_ view: @escaping () -> UIView, fromSpan: CGFloat, toSpan: CGFloat,
                               duration: TimeInterval, angle: CGFloat = 0, curve: TouchCurve = .linear) {
        pinch(center: { Self.centre(of: view()) }, fromSpan: fromSpan, toSpan: toSpan, duration: duration,
              angle: angle, curve: curve)
    }

    /// Two fingers (0 and 1) come down `span` points apart across `center` along `angle`, turn about
    /// their midpoint by `radians` (clockwise on screen when positive) over `duration` seconds, and lift:
    /// a UIRotationGestureRecognizer's rotation ends at `radians`.
    public mutating func rotate(center: @escaping () -> CGPoint, span: CGFloat = 150, from angle: CGFloat = 0,
                                by radians: CGFloat, duration: TimeInterval, curve: TouchCurve = .linear) {
        checkUsage(span > 0, "Script.rotate: span must be positive")
        let half = CGVector(dx: cos(angle) * span / 2, dy: sin(angle) * span / 2)
        touchDown(at: { let c = center(); return CGPoint(x: c.x - half.dx, y: c.y - half.dy) }, finger: 0)
        touchDown(at: { let c = center(); return CGPoint(x: c.x + half.dx, y: c.y + half.dy) }, finger: 1)
        steps.append(.moveFingers([
            (0, TouchMotion(destination: .rotation(pivotOffset: half, angle: radians), duration: duration, curve: curve)),
            (1, TouchMotion(destination: .rotation(pivotOffset: CGVector(dx: -half.dx, dy: -half.dy), angle: radians),
                            duration: duration, curve: curve)),
        ]))
        touchUp(finger: 0)
        touchUp(finger: 1)
    }
    /// A rotation about the centre of a view.
    public mutating func rotate(_ view: @escaping () -> UIView, span: CGFloat = 150, from angle: CGFloat = 0,
                                by radians: CGFloat, duration: TimeInterval, curve: TouchCurve = .linear) {
        rotate(center: { Self.centre(of: view()) }, span: span, from: angle, by: radians, duration: duration, curve: curve)
    }

    // MARK: Scrolling

    /// How long the finger of `scroll(_:by:)` holds still before it lifts, so the scroll view reads no
    /// velocity and the content rests where it was dragged (UIScrollView takes a finger still for 0.05 s
    /// or more as released at rest).
    public static let scrollHold: TimeInterval = 0.1

    /// Drags the content of a scroll view by `offset` (in content-offset terms: positive `dy` scrolls down,
    /// showing content further down) over `duration`, holds still, and lifts, so it comes to rest there
    /// (unless that is past an edge: then it rubber-bands while dragged and bounces back). The finger
    /// comes down inside the scroll view's visible bounds, where it is drawn when the step runs, and also
    /// travels the pan's 10 pt hysteresis, so a scroll along one axis moves the offset by exactly `offset`
    /// (a diagonal one loses part of the hysteresis on each axis). The finger stays on screen for
    /// distances up to the view's size less the hysteresis.
    public mutating func scroll(_ scrollView: @escaping () -> UIScrollView, by offset: CGVector,
                                duration: TimeInterval = 0.5, curve: TouchCurve = .easeInOut) {
        let travel = Self.fingerTravel(forScroll: offset)
        touchDown(at: { Self.scrollStart(in: scrollView(), travel: travel) })
        move(by: travel, duration: duration, curve: curve)
        hold(Self.scrollHold)
        touchUp()
    }
    /// Scrolls vertically by `dy` points (positive: down the content).
    public mutating func scroll(_ scrollView: @escaping () -> UIScrollView, by dy: CGFloat,
                                duration: TimeInterval = 0.5, curve: TouchCurve = .easeInOut) {
        scroll(scrollView, by: CGVector(dx: 0, dy: dy), duration: duration, curve: curve)
    }

    /// Throws the content of a scroll view: the offset moves at `velocity` (pt/s, content-offset terms:
    /// positive `dy` scrolls down) when the finger lifts, then decelerates (and bounces at an edge) as the
    /// scroll view does. The finger accelerates from rest over `duration`, covering about
    /// velocity × duration / 2 (less the pan's 10 pt hysteresis) before it lifts; from there the content
    /// travels `project(initialVelocity:decelerationRate:)` further (within the content).
    public mutating func flickScroll(_ scrollView: @escaping () -> UIScrollView, velocity: CGVector,
                                     duration: TimeInterval = 0.1) {
        let finger = CGVector(dx: -velocity.dx, dy: -velocity.dy)
        let travel = CGVector(dx: finger.dx * duration / 2, dy: finger.dy * duration / 2)
        drag(from: { Self.scrollStart(in: scrollView(), travel: travel) }, by: travel, duration: duration,
             releaseVelocity: finger)
    }
    /// Throws the content vertically at `dy` pt/s (positive: down the content).
    public mutating func flickScroll(_ scrollView: @escaping () -> UIScrollView, velocity dy: CGFloat,
                                     duration: TimeInterval = 0.1) {
        flickScroll(scrollView, velocity: CGVector(dx: 0, dy: dy), duration: duration)
    }

    /// The finger's move for a scroll of `offset`: the opposite way, plus the pan's hysteresis on each
    /// moving axis.
    static func fingerTravel(forScroll offset: CGVector) -> CGVector {
        let h = UIPanGestureRecognizer.defaultHysteresis
        func axis(_ d: CGFloat) -> CGFloat { d == 0 ? 0 : -(d + (d > 0 ? h : -h)) }
        return CGVector(dx: axis(offset.dx), dy: axis(offset.dy))
    }

    /// Where a scrolling finger comes down: the scroll view's drawn centre moved back by half the travel,
    /// so the move is centred on the view, kept 8 pt inside its frame.
    package static func scrollStart(in scrollView: UIScrollView, travel: CGVector) -> CGPoint {
        let c = centre(of: scrollView)
        var p = CGPoint(x: c.x - travel.dx / 2, y: c.y - travel.dy / 2)
        if let window = scrollView.window {
            let frame = scrollView.convert(scrollView.bounds, to: window).insetBy(dx: 8, dy: 8)
            if frame.width > 0, frame.height > 0 {
                p.x = min(max(p.x, frame.minX), frame.maxX)
                p.y = min(max(p.y, frame.minY), frame.maxY)
            }
        }
        return p
    }

    /// Where a person aims at a view: its centre as drawn now (mid-animation too), in window coordinates.
    package static func centre(of view: UIView) -> CGPoint { view.drawnCentreInWindow }

    /// The visible navigation bar drawn last (frontmost) in the key window that matches.
    static func frontmostNavigationBar(where matches: (UINavigationBar) -> Bool) -> UINavigationBar? {
        guard let window = UIApplication.shared.keyWindow ?? UIApplication.shared.windows.last else { return nil }
        var found: UINavigationBar?
        func visit(_ view: UIView) {
            guard !view.isHidden, view.alpha > 0 else { return }
            if let bar = view as? UINavigationBar, matches(bar) { found = bar }
            view.subviews.forEach(visit)
        }
        visit(window)
        return found
    }
    private static var now: String { String(format: "%.3f", CACurrentMediaTime()) }
}

/// How a moving finger's progress follows time (ours: simple polynomials, not UIKit curves).
public enum TouchCurve: Sendable {
    case linear, easeIn, easeOut, easeInOut
    public func progress(_ u: Double) -> Double {
        switch self {
        case .linear: u
        case .easeIn: u * u
        case .easeOut: 1 - (1 - u) * (1 - u)
        case .easeInOut: u * u * (3 - 2 * u)
        }
    }
}

/// One finger movement of a script.
public struct TouchMotion {
    public enum Destination {
        case point(() -> CGPoint), offset(CGVector)
        /// Around a pivot at `pivotOffset` from where the finger starts, by `angle` radians (clockwise on
        /// screen when positive), along the arc.
        case rotation(pivotOffset: CGVector, angle: CGFloat)
    }
    public var destination: Destination
    public var duration: TimeInterval
    public var curve: TouchCurve
    public var releaseVelocity: CGVector?

    public init(destination: Destination, duration: TimeInterval, curve: TouchCurve = .linear, releaseVelocity: CGVector? = nil) {
        checkUsage(duration.isFinite && duration >= 0, "TouchMotion: duration must be 0 or more")
        self.destination = destination; self.duration = duration; self.curve = curve; self.releaseVelocity = releaseVelocity
    }

    /// The sample times (seconds from the start) for `rate` samples per second: evenly spaced, the last at
    /// `duration`, so no interval is shorter than the rest (UIKit reads a sample under 1 ms as speed 0).
    package func sampleTimes(rate: Double) -> [TimeInterval] {
        let n = sampleCount(rate: rate)
        return (1...n).map { duration * Double($0) / Double(n) }
    }

    /// How many samples the move sends at `rate` samples per second (at least one).
    private func sampleCount(rate: Double) -> Int { max(1, Int((duration * rate).rounded())) }

    /// Where the finger is at `time` (0…duration) moving from `a` to `b`.
    package func position(at time: TimeInterval, from a: CGPoint, to b: CGPoint, rate: Double) -> CGPoint {
        guard duration > 0 else { return b }
        if case .rotation(let offset, let angle) = destination {
            let pivot = CGPoint(x: a.x + offset.dx, y: a.y + offset.dy)
            let turn = angle * curve.progress(time / duration)
            let (dx, dy) = (a.x - pivot.x, a.y - pivot.y)
            return CGPoint(x: pivot.x + dx * cos(turn) - dy * sin(turn), y: pivot.y + dx * sin(turn) + dy * cos(turn))
        }
        guard let v = releaseVelocity else {
            let p = curve.progress(time / duration)
            return CGPoint(x: a.x + (b.x - a.x) * p, y: a.y + (b.y - a.y) * p)
        }
        // The last two sample intervals move at exactly v; before them a cubic Hermite leaves `a` at rest and
        // arrives moving at v, so the path has no kink.
        let step = duration / Double(sampleCount(rate: rate))
        let tail = duration >= 4 * step ? 2 * step : 0
        if time >= duration - tail {
            let left = duration - time
            return CGPoint(x: b.x - v.dx * left, y: b.y - v.dy * left)
        }
        let head = duration - tail
        let end = CGPoint(x: b.x - v.dx * tail, y: b.y - v.dy * tail)
        let w = time / head, w2 = w * w, w3 = w2 * w
        let h00 = 2 * w3 - 3 * w2 + 1, h01 = -2 * w3 + 3 * w2, h11 = (w3 - w2) * head
        return CGPoint(x: h00 * a.x + h01 * end.x + h11 * v.dx, y: h00 * a.y + h01 * end.y + h11 * v.dy)
    }
}
