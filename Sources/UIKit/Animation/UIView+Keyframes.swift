// UIView's keyframe animations: `animateKeyframes` collects the changes each `addKeyframe` block makes and
// turns every changed layer property into one CAKeyframeAnimation over the whole duration, holding each
// value between its keyframes, as UIKit does.

extension UIView {
    public struct KeyframeAnimationOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let layoutSubviews = KeyframeAnimationOptions(rawValue: 1 << 0)
        public static let allowUserInteraction = KeyframeAnimationOptions(rawValue: 1 << 1)
        public static let beginFromCurrentState = KeyframeAnimationOptions(rawValue: 1 << 2)
        public static let `repeat` = KeyframeAnimationOptions(rawValue: 1 << 3)
        public static let autoreverse = KeyframeAnimationOptions(rawValue: 1 << 4)
        public static let overrideInheritedDuration = KeyframeAnimationOptions(rawValue: 1 << 5)
        public static let overrideInheritedOptions = KeyframeAnimationOptions(rawValue: 1 << 9)
        public static let calculationModeLinear = KeyframeAnimationOptions(rawValue: 0 << 10)
        public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
        public static let calculationModePaced = KeyframeAnimationOptions(rawValue: 2 << 10)
        public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
        public static let calculationModeCubicPaced = KeyframeAnimationOptions(rawValue: 4 << 10)

        var calculationMode: CAAnimationCalculationMode {
            switch (rawValue >> 10) & 0x7 {
            case 1: .discrete
            case 2: .paced
            case 3: .cubic
            case 4: .cubicPaced
            default: .linear
            }
        }
        /// The overall curve: UIView.AnimationOptions' curve bits, which UIKit honours here too (apps pass
        /// `UIView.KeyframeAnimationOptions(rawValue: UIView.AnimationOptions.curveLinear.rawValue)`); ease-in-out
        /// when none is given, UIKit's default for keyframe animations.
        var curve: UIView.AnimationCurve { UIView.AnimationCurve(rawValue: Int((rawValue >> 16) & 0xF)) ?? .easeInOut }
    }

    /// Runs `animations`, in which `addKeyframe` blocks say what changes when; properties changed outside a
    /// keyframe animate over the whole duration.
    public class func animateKeyframes(withDuration duration: TimeInterval, delay: TimeInterval,
                                       options: KeyframeAnimationOptions = [], animations: @escaping () -> Void,
                                       completion: ((Bool) -> Void)? = nil) {
        checkUsage(duration.isFinite && delay.isFinite, "UIView.animateKeyframes: duration and delay must be finite")
        let keyframes = KeyframeRecorder(duration: max(duration, 0))
        keyframes.record(animations)
        keyframes.commit(delay: max(delay, 0), options: options, completion: completion)
    }

    /// One keyframe of the enclosing `animateKeyframes`: the changes `animations` makes happen from
    /// `frameStartTime` over `frameDuration` (fractions of the whole). Outside `animateKeyframes` the changes
    /// are made at once.
    public class func addKeyframe(withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
                                  animations: @escaping () -> Void) {
        guard let keyframes = KeyframeRecorder.current else {
            animations()
            return
        }
        keyframes.addKeyframe(start: frameStartTime, duration: frameDuration, animations)
    }
}

/// The changes of one `animateKeyframes` block, by keyframe.
final class KeyframeRecorder {
    static let transactionKey = "UIViewKeyframeRecorder"
    static var current: KeyframeRecorder? { CATransaction.value(forKey: transactionKey) as? KeyframeRecorder }

    struct Segment {
        let layer: CALayer
        let key: String
        let start: Double, end: Double
        let old: Any?, new: Any?
        /// Code order, so the first change of a key gives the value from before the block.
        let order: Int
    }

    let duration: TimeInterval
    private(set) var segments: [Segment] = []
    /// The finish handlers of the block and its keyframes (`AnimationRecorder.whenFinished`).
    private var finishHandlers: [() -> Void] = []

    init(duration: TimeInterval) { self.duration = duration }

    /// Runs the outer block; changes made directly in it form one keyframe over the whole duration.
    func record(_ body: () -> Void) {
        let outer = AnimationRecorder(duration: duration)
        CATransaction.begin()
        CATransaction.setValue(self, forKey: Self.transactionKey)
        outer.record(body)
        CATransaction.commit()
        finishHandlers += outer.finishHandlers
        collect(outer.changes, start: 0, end: 1)
    }

    func addKeyframe(start: Double, duration relative: Double, _ body: () -> Void) {
        let recorder = AnimationRecorder(duration: duration * relative)
        recorder.record(body)
        finishHandlers += recorder.finishHandlers
        let from = min(max(start, 0), 1)
        collect(recorder.changes, start: from, end: min(max(from + max(relative, 0), from), 1))
    }

    private func collect(_ changes: [AnimationRecorder.Change], start: Double, end: Double) {
        for change in changes {
            segments.append(Segment(layer: change.layer, key: change.key, start: start, end: end, old: change.oldModel,
                                    new: change.layer.value(forKey: change.key), order: segments.count))
        }
    }

    /// One keyframe animation per changed layer property: the value from before the block at 0, each
    /// keyframe's value at its end, held from one keyframe to the next.
    func commit(delay: TimeInterval, options: UIView.KeyframeAnimationOptions, completion: ((Bool) -> Void)?) {
        let completion = finishHandlers.completing(completion)
        let stops = AnimationCompletionGroup(completion: completion)
        let begin = CACurrentMediaTime() + delay
        var keys: [(CALayer, String)] = []
        for segment in segments where !keys.contains(where: { $0.0 === segment.layer && $0.1 == segment.key }) {
            keys.append((segment.layer, segment.key))
        }
        for (layer, key) in keys {
            let mine = segments.filter { $0.layer === layer && $0.key == key }
            let initial = mine.min { $0.order < $1.order }!.old
            var times: [Double] = [0], values: [Any?] = [initial]
            for segment in mine.sorted(by: { $0.start != $1.start ? $0.start < $1.start : $0.order < $1.order }) {
                let start = max(segment.start, times.last!)
                if start > times.last! { times.append(start); values.append(values.last!) }
                times.append(max(segment.end, start))
                values.append(segment.new)
            }
            if times.last! < 1 { times.append(1); values.append(values.last!) }
            // A nil colour shows as nothing: the neighbouring colour at alpha 0, so it fades.
            let anyColour = values.compactMap { $0 as? CGColor }.first
            let filled: [Any] = values.compactMap { $0 ?? anyColour?.copy(alpha: 0) }
            guard filled.count == values.count,
                  zip(filled, filled.dropFirst()).contains(where: { !AnimatableKeyPath.areEqual(key, $0, $1) }) else { continue }
            let animation = CAKeyframeAnimation(keyPath: key)
            animation.values = filled
            animation.keyTimes = times.map { NSNumber(value: $0) }
            animation.calculationMode = options.calculationMode
            animation.timingFunction = options.curve.timingFunction
            animation.duration = duration
            animation.beginTime = begin
            animation.fillMode = .backwards
            animation.delegate = stops
            stops.pending += 1
            layer.add(animation, forKey: key)
        }
        if stops.pending == 0 { Timeline.current.schedule(at: CACurrentMediaTime()) { completion?(true) } }
    }
}
