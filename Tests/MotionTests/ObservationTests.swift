import Testing
import Foundation
import UIKit

// Key-value observing of UIKit's and Core Animation's own properties, with Apple's overlay shapes.

/// What a handler heard, in order.
private final class Log<Value> {
    var entries: [(new: Value?, old: Value?, prior: Bool)] = []
    func record(_ change: NSKeyValueObservedChange<Value>) {
        #expect(change.kind == .setting)
        #expect(change.indexes == nil)
        entries.append((change.newValue, change.oldValue, change.isPrior))
    }
}

@Suite struct KeyValueObservation {
    @Test func newAndOldValues() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let log = Log<CGFloat>()
        let observation = view.observe(\.alpha, options: [.new, .old]) { observed, change in
            #expect(observed === view)
            log.record(change)
        }
        view.alpha = 0.5
        view.alpha = 0.25
        #expect(log.entries.map(\.new) == [0.5, 0.25])
        #expect(log.entries.map(\.old) == [1, 0.5])
        #expect(log.entries.allSatisfy { !$0.prior })
        withExtendedLifetime(observation) {}
    }

    @Test func withoutOptionsTheChangeCarriesNoValues() {
        let view = UIView(frame: .zero)
        let log = Log<Bool>()
        let observation = view.observe(\.isHidden) { _, change in log.record(change) }
        view.isHidden = true
        #expect(log.entries.count == 1)
        #expect(log.entries[0].new == nil && log.entries[0].old == nil)
        withExtendedLifetime(observation) {}
    }

    @Test func initialRunsAtOnceWithTheCurrentValue() {
        let view = UIView(frame: CGRect(x: 1, y: 2, width: 3, height: 4))
        let log = Log<CGRect>()
        let observation = view.observe(\.frame, options: [.initial, .new, .old]) { _, change in log.record(change) }
        #expect(log.entries.count == 1)
        #expect(log.entries[0].new == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(log.entries[0].old == nil)
        withExtendedLifetime(observation) {}
    }

    @Test func priorNotificationComesBeforeTheChange() {
        let controller = UIViewController()
        controller.title = "A"
        var seenDuringPrior: String?? = nil
        let log = Log<String?>()
        let observation = controller.observe(\.title, options: [.prior, .old, .new]) { observed, change in
            if change.isPrior { seenDuringPrior = observed.title }
            log.record(change)
        }
        controller.title = "B"
        #expect(log.entries.count == 2)
        #expect(log.entries[0].prior && log.entries[0].old == "A" && log.entries[0].new == nil)
        #expect(!log.entries[1].prior && log.entries[1].old == "A" && log.entries[1].new == "B")
        #expect(seenDuringPrior == "A")
        withExtendedLifetime(observation) {}
    }

    @Test func invalidateStopsTheHandler() {
        let view = UIView(frame: .zero)
        var count = 0
        let observation = view.observe(\.center) { _, _ in count += 1 }
        view.center = CGPoint(x: 5, y: 5)
        observation.invalidate()
        view.center = CGPoint(x: 6, y: 6)
        observation.invalidate()
        #expect(count == 1)
    }

    @Test func droppingTheTokenEndsTheObservation() {
        let view = UIView(frame: .zero)
        var count = 0
        var observation: NSKeyValueObservation? = view.observe(\.backgroundColor) { _, _ in count += 1 }
        view.backgroundColor = .red
        #expect(observation != nil)
        observation = nil
        view.backgroundColor = .blue
        #expect(count == 1)
    }

    @Test func noHandlerRunsAfterInvalidateEvenMidChange() {
        let view = UIView(frame: .zero)
        var second: NSKeyValueObservation?
        var secondRuns = 0
        // The first observer's prior notification ends the second observation; the second must not hear
        // the change that was under way.
        let first = view.observe(\.tintColor, options: [.prior]) { _, change in
            if change.isPrior { second?.invalidate() }
        }
        second = view.observe(\.tintColor, options: [.prior]) { _, _ in secondRuns += 1 }
        view.tintColor = .red
        #expect(secondRuns == 0)
        withExtendedLifetime(first) {}
    }

    @Test func frameDependsOnBoundsCenterAndTransform() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let frames = Log<CGRect>()
        let centers = Log<CGPoint>()
        let frameObservation = view.observe(\.frame, options: [.new]) { _, change in frames.record(change) }
        let centerObservation = view.observe(\.center, options: [.new]) { _, change in centers.record(change) }
        view.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
        #expect(frames.entries.last?.new == CGRect(x: 25, y: 25, width: 50, height: 50))
        view.center = CGPoint(x: 100, y: 100)
        #expect(frames.entries.last?.new == CGRect(x: 75, y: 75, width: 50, height: 50))
        view.transform = CGAffineTransform(scaleX: 2, y: 2)
        #expect(frames.entries.last?.new == CGRect(x: 50, y: 50, width: 100, height: 100))
        #expect(frames.entries.count == 3)
        #expect(centers.entries.count == 1)
        view.transform = .identity
        view.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        #expect(centers.entries.count == 2)
        #expect(centers.entries.last?.new == CGPoint(x: 20, y: 20))
        #expect(frames.entries.count == 5)   // the transform, then the frame, once each
        withExtendedLifetime((frameObservation, centerObservation)) {}
    }

    @Test func animationsNotifyTheModelValueOnce() {
        let timeline = Timeline()
        Timeline.$current.withValue(timeline) {
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let log = Log<CGFloat>()
            let observation = view.observe(\.alpha, options: [.new]) { _, change in log.record(change) }
            UIView.animate(withDuration: 1) { view.alpha = 0 }
            #expect(log.entries.map(\.new) == [0])
            timeline.advance(to: 2)
            #expect(log.entries.count == 1)
            withExtendedLifetime(observation) {}
        }
    }

    @Test func scrollViewKeys() {
        let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let offsets = Log<CGPoint>(), sizes = Log<CGSize>(), insets = Log<UIEdgeInsets>(), alphas = Log<CGFloat>()
        let observations = [
            scrollView.observe(\.contentOffset, options: [.new, .old]) { _, change in offsets.record(change) },
            scrollView.observe(\.contentSize, options: [.new]) { _, change in sizes.record(change) },
            scrollView.observe(\.contentInset, options: [.new]) { _, change in insets.record(change) },
            scrollView.observe(\.alpha, options: [.new]) { _, change in alphas.record(change) },
        ]
        scrollView.contentOffset = CGPoint(x: 0, y: 30)
        scrollView.contentSize = CGSize(width: 100, height: 1000)
        scrollView.contentInset = UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        scrollView.alpha = 0.5
        #expect(offsets.entries.count == 1 && offsets.entries[0].new == CGPoint(x: 0, y: 30) && offsets.entries[0].old == .zero)
        #expect(sizes.entries.map(\.new) == [CGSize(width: 100, height: 1000)])
        #expect(insets.entries.map(\.new) == [UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)])
        #expect(alphas.entries.map(\.new) == [0.5])
        scrollView.bounds.origin = CGPoint(x: 0, y: 60)
        #expect(offsets.entries.count == 2 && offsets.entries[1].new == CGPoint(x: 0, y: 60) && offsets.entries[1].old == CGPoint(x: 0, y: 30))
        withExtendedLifetime(observations) {}
    }

    @Test func controllerKeys() {
        let controller = UIViewController()
        let log = Log<CGSize>()
        let observation = controller.observe(\.preferredContentSize, options: [.new]) { _, change in log.record(change) }
        controller.preferredContentSize = CGSize(width: 300, height: 200)
        #expect(log.entries.map(\.new) == [CGSize(width: 300, height: 200)])
        withExtendedLifetime(observation) {}
    }

    @Test func layerKeysAndDerivedFrame() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        let frames = Log<CGRect>(), opacities = Log<Float>(), hidden = Log<Bool>(), radii = Log<CGFloat>()
        let observations = [
            layer.observe(\.frame, options: [.new]) { _, change in frames.record(change) },
            layer.observe(\.opacity, options: [.new, .old]) { _, change in opacities.record(change) },
            layer.observe(\.isHidden, options: [.new]) { _, change in hidden.record(change) },
            layer.observe(\.cornerRadius, options: [.new]) { _, change in radii.record(change) },
        ]
        layer.position = CGPoint(x: 50, y: 50)
        layer.transform = CATransform3DMakeScale(2, 2, 1)
        layer.transform = CATransform3DIdentity
        layer.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        layer.opacity = 0.5
        layer.isHidden = true
        layer.cornerRadius = 4
        #expect(frames.entries.map(\.new) == [CGRect(x: 45, y: 45, width: 10, height: 10),
                                              CGRect(x: 40, y: 40, width: 20, height: 20),
                                              CGRect(x: 45, y: 45, width: 10, height: 10),
                                              CGRect(x: 0, y: 0, width: 40, height: 40)])   // the frame once
        #expect(opacities.entries.count == 1 && opacities.entries[0].new == 0.5 && opacities.entries[0].old == 1)
        #expect(hidden.entries.map(\.new) == [true])
        #expect(radii.entries.map(\.new) == [4])
        withExtendedLifetime(observations) {}
    }

    @Test func subclassesObserveInheritedKeys() {
        final class CardView: UIView {}
        let card = CardView(frame: .zero)
        var heard: CardView?
        let observation = card.observe(\.alpha) { observed, _ in heard = observed }
        card.alpha = 0.5
        #expect(heard === card)
        withExtendedLifetime(observation) {}
    }

    @Test func anUnobservableKeyPathStopsWithTheList() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let view = UIView(frame: .zero)
            _ = view.observe(\.tag) { _, _ in }
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("UIView.observe: the key path"))
        #expect(message.contains("(of type Int) cannot be observed here"))
        #expect(message.contains(#"Observable key paths of UIView: \.frame, \.bounds, \.center, \.transform, \.alpha, \.isHidden, \.backgroundColor, \.tintColor"#))
    }
}
