/// A continuous drag. Translation is the touches' centroid minus a reference point (window
/// coordinates); velocity is UIKit's 0.2/0.8 blend of the last two per-event samples.
open class UIPanGestureRecognizer: UIGestureRecognizer {
    public var minimumNumberOfTouches = 1
    public var maximumNumberOfTouches = Int.max
    /// The scroll inputs (trackpad, mouse wheel) that may drive the pan; none by default, as on iOS.
    ///
    /// Inert: scripts drive fingers only, so no scroll event ever reaches a recognizer.
    open var allowedScrollTypesMask: UIScrollTypeMask = []

    /// UIKit's `_defaultHysteresis`: how far (pt, along the allowed axes) the centroid moves before `.began`.
    public static let defaultHysteresis: CGFloat = 10
    /// The distance this recognizer needs before it begins (the edge pan needs more).
    var hysteresis: CGFloat = UIPanGestureRecognizer.defaultHysteresis

    /// translation = centroid − reference, in window coordinates.
    private var reference: CGPoint = .zero
    /// The centroid after the last event, kept after the touches lift so `.ended` handlers can read it.
    private var centroid: CGPoint = .zero
    private var lastEventTime: TimeInterval = 0
    /// Per-event velocity samples (pt/s, window coordinates), newest last.
    private var latestSample: CGPoint?
    private var previousSample: CGPoint?

    public override init() { super.init() }

    // MARK: Reading the gesture

    open func translation(in view: UIView?) -> CGPoint {
        let a = convertFromWindow(centroid, to: view), b = convertFromWindow(reference, to: view)
        return CGPoint(x: a.x - b.x, y: a.y - b.y)
    }

    /// Moves the reference point so that the translation now reads `translation`.
    open func setTranslation(_ translation: CGPoint, in view: UIView?) {
        let here = convertFromWindow(centroid, to: view)
        let point = CGPoint(x: here.x - translation.x, y: here.y - translation.y)
        reference = view.map { $0.convert(point, to: nil) } ?? point
    }

    /// Points per second in `view`'s coordinates: 0.2 × the latest sample + 0.8 × the one before (just the
    /// latest when there is only one), as UIKit estimates it.
    open func velocity(in view: UIView?) -> CGPoint {
        guard let latest = latestSample else { return .zero }
        let v = previousSample.map { CGPoint(x: 0.2 * latest.x + 0.8 * $0.x, y: 0.2 * latest.y + 0.8 * $0.y) } ?? latest
        // A vector converts as the difference of two converted points.
        let a = convertFromWindow(centroid, to: view)
        let b = convertFromWindow(CGPoint(x: centroid.x + v.x, y: centroid.y + v.y), to: view)
        return CGPoint(x: b.x - a.x, y: b.y - a.y)
    }

    open override func location(in view: UIView?) -> CGPoint { convertFromWindow(centroid, to: view) }

    // MARK: Touches

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        for touch in touches where numberOfTouches > maximumNumberOfTouches { ignore(touch, for: event) }
        guard numberOfTouches > 0 else { return }
        let now = Self.centroid(of: self.touches)
        if numberOfTouches == touches.count {
            // The first touch(es) of the sequence.
            reference = now
            lastEventTime = event.timestamp
        } else {
            // Another finger: shift the reference by the centroid's jump, so translation does not jump.
            reference.x += now.x - centroid.x; reference.y += now.y - centroid.y
        }
        centroid = now
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard record(Self.centroid(of: self.touches), at: event.timestamp) else { return }
        switch state {
        case .possible:
            guard numberOfTouches >= minimumNumberOfTouches else { return }
            let t = CGPoint(x: centroid.x - reference.x, y: centroid.y - reference.y)
            guard (t.x * t.x + t.y * t.y).squareRoot() >= hysteresis else { return }
            guard canBegin(translation: t) else { state = .failed; return }
            // Remove the slop per axis, so the translation starts near zero instead of jumping by 10 pt.
            reference.x += t.x < 0 ? -min(-t.x, hysteresis) : min(t.x, hysteresis)
            reference.y += t.y < 0 ? -min(-t.y, hysteresis) : min(t.y, hysteresis)
            state = .began
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        let moved = record(Self.centroid(of: self.touches), at: event.timestamp)
        if moved, state == .began || state == .changed { state = .changed }
        finish(lifting: touches, cancelled: false)
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        finish(lifting: touches, cancelled: true)
    }

    private func finish(lifting lifted: Set<UITouch>, cancelled: Bool) {
        let remaining = self.touches.filter { !lifted.contains($0) }
        if remaining.isEmpty {
            switch state {
            case .began, .changed: state = cancelled ? .cancelled : .ended
            case .possible: state = .failed
            default: break
            }
        } else {
            // A finger lifted: keep the translation continuous across the centroid's jump.
            let now = Self.centroid(of: remaining)
            reference.x += now.x - centroid.x; reference.y += now.y - centroid.y
            centroid = now
        }
    }

    /// Stores a velocity sample for an event; false when the centroid did not move.
    private func record(_ now: CGPoint, at time: TimeInterval) -> Bool {
        guard now != centroid else { return false }
        let dt = time - lastEventTime
        let sample = dt < 0.001 ? .zero : CGPoint(x: (now.x - centroid.x) / dt, y: (now.y - centroid.y) / dt)
        previousSample = latestSample
        latestSample = sample
        lastEventTime = time
        centroid = now
        return true
    }

    /// Whether a gesture whose translation just passed the hysteresis may begin (the edge pan checks its angle).
    func canBegin(translation: CGPoint) -> Bool { true }

    open override func reset() {
        latestSample = nil
        previousSample = nil
    }
}

/// The edges of a rectangle (Apple's raw values).
public struct UIRectEdge: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let top = UIRectEdge(rawValue: 1 << 0)
    public static let left = UIRectEdge(rawValue: 1 << 1)
    public static let bottom = UIRectEdge(rawValue: 1 << 2)
    public static let right = UIRectEdge(rawValue: 1 << 3)
    public static let all: UIRectEdge = [.top, .left, .bottom, .right]
}

/// A pan that must start at an edge of the screen (UIKit's phone settings): the touch goes down
/// within 13 pt of a requested edge (11 pt at the bottom), moves 15 pt, roughly away from that edge (within
/// UIKit's 155° window). Only the first touch counts. `.left`/`.right` are the screen's edges (no RTL here).
open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer {
    public var edges: UIRectEdge = []

    public static let edgeRegion: CGFloat = 13
    public static let bottomEdgeRegion: CGFloat = 11
    public static let edgeHysteresis: CGFloat = 15
    /// Half of UIKit's 2.705 rad angle window around the inward direction.
    static let halfAngleWindow: CGFloat = 2.705 / 2

    /// The requested edges the touch started at.
    private var startEdges: UIRectEdge = []

    public override init() {
        super.init()
        hysteresis = Self.edgeHysteresis
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        // Only the first touch counts: later fingers are ignored.
        guard numberOfTouches == touches.count else {
            for touch in touches { ignore(touch, for: event) }
            return
        }
        for touch in touches.dropFirst() { ignore(touch, for: event) }
        guard let touch = self.touches.first else { return }
        startEdges = Self.edges(near: touch.windowLocation, in: touch.window?.bounds ?? .zero).intersection(edges)
        guard !startEdges.isEmpty else { state = .failed; return }
        super.touchesBegan(touches, with: event)
    }

    /// The screen edges whose touch region contains `point`.
    static func edges(near point: CGPoint, in screen: CGRect) -> UIRectEdge {
        var result: UIRectEdge = []
        if point.x - screen.minX <= edgeRegion { result.insert(.left) }
        if screen.maxX - point.x <= edgeRegion { result.insert(.right) }
        if point.y - screen.minY <= edgeRegion { result.insert(.top) }
        if screen.maxY - point.y <= bottomEdgeRegion { result.insert(.bottom) }
        return result
    }

    override func canBegin(translation t: CGPoint) -> Bool {
        let length = (t.x * t.x + t.y * t.y).squareRoot()
        let inward: [(UIRectEdge, CGFloat)] = [(.left, t.x), (.right, -t.x), (.top, t.y), (.bottom, -t.y)]
        return inward.contains { startEdges.contains($0.0) && $0.1 >= length * cos(Self.halfAngleWindow) }
    }

    open override func reset() {
        super.reset()
        startEdges = []
    }
}

/// Kinds of scroll input a pan can follow: discrete (a mouse wheel) and continuous (a trackpad).
public struct UIScrollTypeMask: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let discrete = UIScrollTypeMask(rawValue: 1 << 0)
    public static let continuous = UIScrollTypeMask(rawValue: 1 << 1)
    public static let all: UIScrollTypeMask = [.discrete, .continuous]
}
