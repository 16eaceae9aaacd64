import Foundation
import QuartzCore

/// The progress of a page control's current page (iOS 17): the current indicator stretches into a capsule
/// that fills from its start as `currentProgress` goes from 0 to 1. Setting a page control's `progress`
/// shows it; the control hides it while a finger scrubs along the dots and shows it again afterwards,
/// telling the delegate each time. Apple's UIPageControlProgress.h states the behaviour; the capsule's
/// length is an estimate from iOS 17 screenshots (docs/UIKIT-COMPATIBILITY.md).
open class UIPageControlProgress: NSObject {
    /// Typed as the base protocol (Swift cannot narrow a stored property in a subclass as Objective-C
    /// does): a timer progress's delegate is the same property, read as `UIPageControlTimerProgressDelegate`.
    open weak var delegate: UIPageControlProgressDelegate?
    /// The current page's progress, clamped to 0…1.
    open var currentProgress: Float {
        get { storedProgress }
        set {
            storedProgress = newValue.isNaN ? 0 : min(max(newValue, 0), 1)
            pageControl?.progressDidChange()
        }
    }
    private var storedProgress: Float = 0
    /// False while a finger scrubs along the page control's dots.
    open private(set) var isProgressVisible = true

    /// The control showing this progress (a progress serves one control at a time, as on iOS).
    weak var pageControl: UIPageControl? {
        didSet { pageControlDidChange() }
    }

    public override init() { super.init() }

    /// A new current page starts at the delegate's initial progress, else 0.
    func currentPageDidChange(to page: Int) {
        currentProgress = delegate?.pageControlProgress(self, initialProgressForPage: page) ?? 0
    }
    func setProgressVisible(_ visible: Bool) {
        guard visible != isProgressVisible else { return }
        isProgressVisible = visible
        pageControl?.progressDidChange()
        delegate?.pageControlProgressVisibilityDidChange(self)
    }
    /// Hook for the timer: the control was attached, detached or moved in or out of a window.
    func pageControlDidChange() {}
}

public protocol UIPageControlProgressDelegate: NSObjectProtocol {
    /// The progress a page starts at (0…1); by default 0.
    func pageControlProgress(_ progress: UIPageControlProgress, initialProgressForPage page: Int) -> Float
    /// The progress was hidden (a finger began scrubbing) or shown again (it lifted).
    func pageControlProgressVisibilityDidChange(_ progress: UIPageControlProgress)
}
extension UIPageControlProgressDelegate {
    public func pageControlProgress(_ progress: UIPageControlProgress, initialProgressForPage page: Int) -> Float { 0 }
    public func pageControlProgressVisibilityDidChange(_ progress: UIPageControlProgress) {}
}

public protocol UIPageControlTimerProgressDelegate: UIPageControlProgressDelegate {
    /// Called on every tick of the timer, after `currentProgress` changed.
    func pageControlTimerProgressDidChange(_ progress: UIPageControlTimerProgress)
    /// Whether the control moves on to `page` when the current page's time is up; by default true.
    func pageControlTimerProgress(_ progress: UIPageControlTimerProgress, shouldAdvanceToPage page: Int) -> Bool
}
extension UIPageControlTimerProgressDelegate {
    public func pageControlTimerProgressDidChange(_ progress: UIPageControlTimerProgress) {}
    public func pageControlTimerProgress(_ progress: UIPageControlTimerProgress, shouldAdvanceToPage page: Int) -> Bool { true }
}

/// A progress that fills with time: each page for its duration, then the control moves to the next page
/// (sending `.valueChanged`, as a tap would) unless the delegate says no; after the last page it goes back
/// to the first when `resetsToInitialPageAfterEnd`, else it stops. It runs on the display (a display link on
/// the virtual clock, as UIKit's does), only between `resumeTimer()` and `pauseTimer()` and while its page
/// control is in a window; a scrubbing finger holds it. A running timer keeps the scene from settling, as
/// an animation would: pause it, or let it reach the end.
open class UIPageControlTimerProgress: UIPageControlProgress {
    /// Loops back to page 0 after the last page (default false).
    open var resetsToInitialPageAfterEnd = false
    /// The seconds a page takes when it has no duration of its own; must be greater than 0 (a value
    /// that is not is ignored, with a warning).
    open var preferredDuration: TimeInterval {
        didSet {
            if !(preferredDuration > 0) || !preferredDuration.isFinite {
                UIKitWarnings.warn("UIPageControlTimerProgress.preferredDuration must be greater than 0 (got \(preferredDuration)); keeping \(oldValue).")
                preferredDuration = oldValue
            }
        }
    }
    private var pageDurations: [Int: TimeInterval] = [:]
    private var wantsToRun = false
    private var link: CADisplayLink?
    private var lastTick: CFTimeInterval?

    /// Whether the timer is active (resumed, and not stopped at the end).
    open var isRunning: Bool { wantsToRun }

    public init(preferredDuration: TimeInterval) {
        self.preferredDuration = preferredDuration > 0 && preferredDuration.isFinite ? preferredDuration : 1
        super.init()
    }
    /// Unavailable on iOS (`init` is `NS_UNAVAILABLE`): kept so the type stays an `NSObject`; uses a
    /// one-second page.
    @available(*, unavailable, message: "use init(preferredDuration:)")
    public override convenience init() { self.init(preferredDuration: 1) }

    open func resumeTimer() {
        wantsToRun = true
        updateTimer()
    }
    open func pauseTimer() {
        wantsToRun = false
        updateTimer()
    }
    /// A page's own duration; 0 (or less) removes it.
    open func setDuration(_ duration: TimeInterval, forPage page: Int) {
        if duration > 0 && duration.isFinite { pageDurations[page] = duration } else { pageDurations[page] = nil }
    }
    open func duration(forPage page: Int) -> TimeInterval { pageDurations[page] ?? preferredDuration }

    override func pageControlDidChange() { updateTimer() }
    override func setProgressVisible(_ visible: Bool) {
        super.setProgressVisible(visible)
        updateTimer()
    }

    /// The display link runs while the timer is wanted, the control is in a window and no finger scrubs.
    func updateTimer() {
        let canRun = wantsToRun && isProgressVisible && pageControl?.window != nil && (pageControl?.numberOfPages ?? 0) > 0
        if canRun, link == nil {
            let link = CADisplayLink(target: self, selector: UIPageControlTimerProgress.tick)
            link.add(to: .main, forMode: .common)
            self.link = link
            lastTick = nil
        } else if !canRun, let link {
            link.invalidate()
            self.link = nil
            lastTick = nil
        }
    }

    private func tick(_ link: CADisplayLink) {
        guard let control = pageControl else { return }
        // The first frame after resuming starts the clock; each later one adds the time since the last.
        let elapsed = lastTick.map { link.targetTimestamp - $0 } ?? 0
        lastTick = link.targetTimestamp
        let page = control.currentPage
        let progress = Double(currentProgress) + elapsed / duration(forPage: page)
        let timerDelegate = delegate as? UIPageControlTimerProgressDelegate
        guard progress >= 1 else {
            currentProgress = Float(progress)
            timerDelegate?.pageControlTimerProgressDidChange(self)
            return
        }
        currentProgress = 1
        timerDelegate?.pageControlTimerProgressDidChange(self)
        let isLast = page >= control.numberOfPages - 1
        let next = isLast ? (resetsToInitialPageAfterEnd ? 0 : nil) : page + 1
        guard let next, timerDelegate?.pageControlTimerProgress(self, shouldAdvanceToPage: next) ?? true else {
            // The end (or the delegate holds the page): the timer stops, full.
            wantsToRun = false
            updateTimer()
            return
        }
        control.advanceByTimer(to: next)
    }
}
