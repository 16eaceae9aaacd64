import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit

/// "Change a constant, then `UIView.animate { layoutIfNeeded() }`": every view the change moves animates
/// with the block's timing. Each test animates a frame-laid-out twin the same way in the same block, and
/// the constrained view must be drawn exactly where the twin is at every moment.
@Suite(.serialized) struct LayoutAnimation {
    private struct Setup {
        let root: UIViewController
        let card: UIView
        let twin: UIView
        let top: NSLayoutConstraint
    }

    private func setUp(_ root: UIViewController, _ window: UIWindow) -> Setup {
        let card = constrained()
        root.view.addSubview(card)
        let top = card.topAnchor.constraint(equalTo: root.view.topAnchor, constant: 100)
        let height = card.heightAnchor.constraint(equalToConstant: 100)
        NSLayoutConstraint.activate([top, height, card.leadingAnchor.constraint(equalTo: root.view.leadingAnchor, constant: 20),
                                     card.widthAnchor.constraint(equalToConstant: 100)])
        window.layoutIfNeeded()
        let twin = UIView(frame: card.frame)
        root.view.addSubview(twin)
        return Setup(root: root, card: card, twin: twin, top: top)
    }

    private func expectTogether(_ s: Setup, _ window: UIWindow, _ clock: Timeline, at times: [TimeInterval], from start: TimeInterval) {
        for t in times {
            run(window, clock, to: start + t)
            let a = s.card.layer.presentation()!, b = s.twin.layer.presentation()!
            #expect(abs(a.position.y - b.position.y) < 1e-9 && abs(a.bounds.height - b.bounds.height) < 1e-9, "at \(t) s")
            #expect(a.position.y != s.card.layer.position.y || t >= 0.5, "still moving at \(t) s")
        }
    }

    @Test func aCubicCurve() {
        let root = UIViewController()
        onStage(root) { window, clock in
            let s = setUp(root, window)
            s.top.constant = 400
            let start = clock.now
            UIView.animate(withDuration: 0.5, delay: 0, options: [.curveEaseInOut]) {
                s.root.view.layoutIfNeeded()
                s.twin.frame = CGRect(x: 20, y: 400, width: 100, height: 100)
            }
            #expect(s.card.frame.minY == 400)
            expectTogether(s, window, clock, at: [0.05, 0.2, 0.35, 0.49], from: start)
        }
    }

    @Test func aSpring() {
        let root = UIViewController()
        onStage(root) { window, clock in
            let s = setUp(root, window)
            s.top.constant = 300
            let start = clock.now
            UIView.animate(withDuration: 0.6, delay: 0, usingSpringWithDamping: 0.6, initialSpringVelocity: 0.5, options: []) {
                s.root.view.layoutIfNeeded()
                s.twin.frame = CGRect(x: 20, y: 300, width: 100, height: 100)
            }
            expectTogether(s, window, clock, at: [0.1, 0.3, 0.45], from: start)
        }
    }

    @Test func aScrubbedPropertyAnimator() {
        let root = UIViewController()
        onStage(root) { window, clock in
            let s = setUp(root, window)
            s.top.constant = 500
            let animator = UIViewPropertyAnimator(duration: 1, curve: .easeIn) {
                s.root.view.layoutIfNeeded()
                s.twin.frame = CGRect(x: 20, y: 500, width: 100, height: 100)
            }
            animator.fractionComplete = 0.3
            run(window, clock, to: clock.now + 0.1)
            let a = s.card.layer.presentation()!, b = s.twin.layer.presentation()!
            #expect(abs(a.position.y - b.position.y) < 1e-9)
            #expect(a.position.y > 150 && a.position.y < 550)
            animator.isReversed = true
            animator.startAnimation()
            let start = clock.now
            expectTogether(s, window, clock, at: [0.05, 0.15], from: start)
        }
    }

    @Test func aSizeChangeMovesTheViewsThatDependOnIt() {
        let root = UIViewController()
        onStage(root) { window, clock in
            let header = constrained(), below = constrained()
            root.view.addSubview(header)
            root.view.addSubview(below)
            let height = header.heightAnchor.constraint(equalToConstant: 100)
            NSLayoutConstraint.activate([
                header.topAnchor.constraint(equalTo: root.view.topAnchor), height,
                header.leadingAnchor.constraint(equalTo: root.view.leadingAnchor),
                header.trailingAnchor.constraint(equalTo: root.view.trailingAnchor),
                below.topAnchor.constraint(equalTo: header.bottomAnchor, constant: 10),
                below.leadingAnchor.constraint(equalTo: root.view.leadingAnchor),
                below.widthAnchor.constraint(equalToConstant: 50), below.heightAnchor.constraint(equalToConstant: 50),
            ])
            window.layoutIfNeeded()
            height.constant = 300
            let start = clock.now
            UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear]) { root.view.layoutIfNeeded() }
            run(window, clock, to: start + 0.5)
            #expect(abs(header.layer.presentation()!.bounds.height - 200) < 1e-9)
            #expect(abs(below.layer.presentation()!.position.y - (210 + 25)) < 1e-9)
            run(window, clock, to: start + 1.01)
            #expect(below.frame.minY == 310 && below.layer.presentation()!.position.y == 335)
        }
    }

    @Test func hidingAnArrangedViewInsideAnAnimationCollapsesIt() {
        let root = UIViewController()
        onStage(root) { window, clock in
            let boxes = [Box(50, 20), Box(80, 20), Box(60, 20)]
            let stack = UIStackView(arrangedSubviews: boxes)
            stack.spacing = 10
            stack.translatesAutoresizingMaskIntoConstraints = false
            root.view.addSubview(stack)
            NSLayoutConstraint.activate([stack.leadingAnchor.constraint(equalTo: root.view.leadingAnchor),
                                         stack.topAnchor.constraint(equalTo: root.view.topAnchor, constant: 100)])
            window.layoutIfNeeded()
            let start = clock.now
            UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear]) { boxes[1].isHidden = true }
            #expect(boxes[1].isHidden && !boxes[1].layer.isHidden)
            run(window, clock, to: start + 0.5)
            // Half-way: the middle view is 40 wide and still drawn, the last one half-way to x = 60.
            #expect(abs(boxes[1].layer.presentation()!.bounds.width - 40) < 1e-9)
            #expect(abs(boxes[2].layer.presentation()!.position.x - (150 + 60) / 2 - 30) < 1e-9)
            #expect(!boxes[1].layer.isHidden)
            run(window, clock, to: start + 1.01)
            #expect(boxes[1].layer.isHidden && boxes[2].frame.minX == 60)
        }
    }

    @Test func aCollapsingViewHidesWhenItsAnimationEndsNotWhenAClockSaysSo() {
        let root = UIViewController()
        onStage(root) { window, clock in
            let boxes = [Box(50, 20), Box(80, 20)]
            let stack = UIStackView(arrangedSubviews: boxes)
            stack.translatesAutoresizingMaskIntoConstraints = false
            root.view.addSubview(stack)
            NSLayoutConstraint.activate([stack.leadingAnchor.constraint(equalTo: root.view.leadingAnchor),
                                         stack.topAnchor.constraint(equalTo: root.view.topAnchor, constant: 100)])
            window.layoutIfNeeded()
            // With a delay: still drawn after `duration`, hidden after delay + duration.
            var start = clock.now
            UIView.animate(withDuration: 0.5, delay: 0.5, options: [.curveLinear]) { boxes[0].isHidden = true }
            run(window, clock, to: start + 0.75)
            #expect(!boxes[0].layer.isHidden)
            run(window, clock, to: start + 1.01)
            #expect(boxes[0].layer.isHidden)
            // A paused property animator: drawn however long it waits, hidden once it finishes.
            let animator = UIViewPropertyAnimator(duration: 0.5, curve: .linear) { boxes[1].isHidden = true }
            animator.fractionComplete = 0.5
            start = clock.now
            run(window, clock, to: start + 2)
            #expect(boxes[1].isHidden && !boxes[1].layer.isHidden)
            animator.startAnimation()
            run(window, clock, to: start + 2.3)
            #expect(boxes[1].layer.isHidden)
        }
    }
}
