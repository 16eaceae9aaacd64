import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit

/// Priorities decide conflicts as UIKit's do; required conflicts are logged in UIKit's words and one
/// constraint is broken; ambiguity is detectable. Nothing crashes.
@Suite(.serialized) struct PrioritiesAndFailures {
    private func container() -> UIView { UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400)) }

    private func place(_ view: UIView, in root: UIView) {
        root.addSubview(view)
        NSLayoutConstraint.activate([view.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                     view.topAnchor.constraint(equalTo: root.topAnchor),
                                     view.heightAnchor.constraint(equalToConstant: 10)])
    }

    @Test func higherPriorityWinsAnOptionalConflict() {
        let root = container(), v = constrained()
        place(v, in: root)
        let low = v.widthAnchor.constraint(equalToConstant: 100), high = v.widthAnchor.constraint(equalToConstant: 200)
        low.priority = .defaultHigh
        high.priority = .defaultHigh + 1
        NSLayoutConstraint.activate([low, high])
        root.layoutIfNeeded()
        #expect(v.frame.width == 200)
        // Changing priorities re-solves: now the other one wins.
        low.priority = UILayoutPriority(999)
        root.layoutIfNeeded()
        #expect(v.frame.width == 100)
    }

    @Test func requiredInequalityBoundsAnOptionalEquality() {
        let root = container(), v = constrained()
        place(v, in: root)
        let wish = v.widthAnchor.constraint(equalToConstant: 300)
        wish.priority = UILayoutPriority(999)
        NSLayoutConstraint.activate([wish, v.widthAnchor.constraint(lessThanOrEqualTo: root.widthAnchor, multiplier: 0.5)])
        root.layoutIfNeeded()
        #expect(v.frame.width == 200)
    }

    @Test func unsatisfiableConstraintsAreLoggedAndOneIsBroken() {
        let root = container(), v = constrained()
        v.accessibilityIdentifier = "card"
        place(v, in: root)
        let first = v.widthAnchor.constraint(equalToConstant: 100)
        let second = v.widthAnchor.constraint(equalToConstant: 200)
        second.identifier = "too-wide"
        let log = capturingLayoutLog {
            NSLayoutConstraint.activate([first, second])
            root.layoutIfNeeded()
        }
        #expect(log.count == 1)
        let message = log.first ?? ""
        #expect(message.contains("Unable to simultaneously satisfy constraints"))
        #expect(message.contains("Will attempt to recover by breaking constraint"))
        #expect(message.contains("UIView:'card'.width == 100") && message.contains("'too-wide' UIView:'card'.width == 200"))
        #expect(v.frame.width == 100)
        // Laying out again does not log again; deactivating the other one lets the broken one hold.
        let again = capturingLayoutLog {
            root.setNeedsLayout()
            root.layoutIfNeeded()
            first.isActive = false
            root.layoutIfNeeded()
        }
        #expect(again.isEmpty)
        #expect(v.frame.width == 200)
    }

    @Test func aConstantThatCannotHoldIsLoggedAndHoldsAgainWhenItCan() {
        let root = container(), v = constrained()
        place(v, in: root)
        let width = v.widthAnchor.constraint(equalToConstant: 100)
        NSLayoutConstraint.activate([width, v.widthAnchor.constraint(lessThanOrEqualToConstant: 150)])
        root.layoutIfNeeded()
        #expect(v.frame.width == 100)
        let log = capturingLayoutLog {
            width.constant = 200
            root.layoutIfNeeded()
        }
        #expect(log.count == 1 && log.first?.contains("UIView:") == true && width.isBroken)
        let quiet = capturingLayoutLog {
            width.constant = 120
            root.layoutIfNeeded()
        }
        #expect(quiet.isEmpty && !width.isBroken && v.frame.width == 120)
    }

    @Test func constraintsOnAFrameLaidOutViewConflictWithItsAutoresizingConstraints() {
        let root = container()
        let v = UIView(frame: CGRect(x: 10, y: 10, width: 100, height: 50))   // forgot translatesAutoresizing…
        root.addSubview(v)
        let log = capturingLayoutLog {
            v.widthAnchor.constraint(equalToConstant: 50).isActive = true
            root.layoutIfNeeded()
        }
        #expect(log.first?.contains("NSAutoresizingMaskLayoutConstraint") == true)
        #expect(v.frame == CGRect(x: 10, y: 10, width: 100, height: 50))
    }

    @Test func ambiguityIsDetectable() {
        let root = container(), v = constrained()
        root.addSubview(v)
        NSLayoutConstraint.activate([v.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                     v.widthAnchor.constraint(equalToConstant: 50),
                                     v.heightAnchor.constraint(equalToConstant: 50)])
        root.layoutIfNeeded()
        #expect(v.hasAmbiguousLayout)
        #expect(v.topAnchor.hasAmbiguousLayout && !v.leadingAnchor.hasAmbiguousLayout)
        v.topAnchor.constraint(equalTo: root.topAnchor).isActive = true
        root.layoutIfNeeded()
        #expect(!v.hasAmbiguousLayout)
        #expect(v.constraintsAffectingLayout(for: .vertical).count == 2)
    }

    @Test func removingAViewDeactivatesConstraintsThatLeaveItsSubtree() {
        let root = container(), panel = constrained(), inner = constrained()
        root.addSubview(panel)
        panel.addSubview(inner)
        let outside = inner.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 5)
        let within = inner.topAnchor.constraint(equalTo: panel.topAnchor)
        NSLayoutConstraint.activate([outside, within])
        panel.removeFromSuperview()
        #expect(!outside.isActive && within.isActive)
    }

    @Test func intrinsicSizeChangesAreLaidOutAgain() {
        let root = container(), box = Box(40, 10)
        box.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(box)
        NSLayoutConstraint.activate([box.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                     box.topAnchor.constraint(equalTo: root.topAnchor)])
        root.layoutIfNeeded()
        #expect(box.frame.size == CGSize(width: 40, height: 10))
        box.size = CGSize(width: 70, height: 12)
        root.layoutIfNeeded()
        #expect(box.frame.size == CGSize(width: 70, height: 12))
    }

    @Test func multiLineLabelsWrapAtTheWidthTheyAreGiven() {
        let root = container()
        let label = UILabel()
        label.translatesAutoresizingMaskIntoConstraints = false
        label.numberOfLines = 0
        label.text = "A headline long enough to wrap onto several lines at this width"
        root.addSubview(label)
        NSLayoutConstraint.activate([label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
                                     label.widthAnchor.constraint(equalToConstant: 150),
                                     label.topAnchor.constraint(equalTo: root.topAnchor)])
        root.layoutIfNeeded()
        let expected = label.sizeThatFits(CGSize(width: 150, height: CGFloat.greatestFiniteMagnitude)).height
        let oneLine = label.intrinsicContentSize.height
        #expect(expected > 2 * oneLine)
        #expect(abs(label.frame.height - expected) < 1e-9 && label.frame.width == 150)
    }

    @Test func misuseMessagesName() {
        // Items in different hierarchies cannot be related: UIKit raises; the message says why.
        let a = UIView(), b = UIView()
        let c = a.leadingAnchor.constraint(equalTo: b.leadingAnchor)
        #expect(c.commonAncestor == nil)
        #expect(c.description.contains("UIView:") && c.description.contains(".leading == "))
    }
}
