import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit

/// Constraint-built screens lay out to the frames UIKit gives; every expected frame is worked out by hand
/// from the constraints (screen 393 × 852, safe area 59 / 34, 3× pixels).
@Suite(.serialized) struct ConstraintLayout {
    @Test func pinnedToTheSafeAreaWithConstants() {
        let root = UIViewController()
        onStage(root) { window, _ in
            let card = constrained()
            root.view.addSubview(card)
            NSLayoutConstraint.activate([
                card.leadingAnchor.constraint(equalTo: root.view.leadingAnchor, constant: 20),
                card.trailingAnchor.constraint(equalTo: root.view.trailingAnchor, constant: -20),
                card.topAnchor.constraint(equalTo: root.view.safeAreaLayoutGuide.topAnchor, constant: 10),
                card.heightAnchor.constraint(equalTo: card.widthAnchor, multiplier: 0.5),
            ])
            window.layoutIfNeeded()
            // width 393 − 40 = 353, height 176.5, top 59 + 10; the bottom edge 245.5 is 736.5 pixels at
            // 3×, which rounds to 737: 176⅔ points tall.
            #expect(card.frame.isClose(to: CGRect(x: 20, y: 69, width: 353, height: 530.0 / 3)))
            #expect(!card.hasAmbiguousLayout)
        }
    }

    @Test func centredWithAFixedSize() {
        let root = UIViewController()
        onStage(root) { window, _ in
            let box = constrained()
            root.view.addSubview(box)
            NSLayoutConstraint.activate([
                box.centerXAnchor.constraint(equalTo: root.view.centerXAnchor),
                box.centerYAnchor.constraint(equalTo: root.view.centerYAnchor, constant: -100),
                box.widthAnchor.constraint(equalToConstant: 100),
                box.heightAnchor.constraint(equalToConstant: 60),
            ])
            window.layoutIfNeeded()
            // centre (196.5, 326): origin (146.5, 296); 146.5 is 439.5 pixels, which rounds to 440.
            #expect(box.frame.isClose(to: CGRect(x: 440.0 / 3, y: 296, width: 100, height: 60)))
        }
    }

    @Test func siblingsChainedWithSystemSpacing() {
        let root = UIViewController()
        onStage(root) { window, _ in
            let a = constrained(), b = constrained()
            root.view.addSubview(a)
            root.view.addSubview(b)
            NSLayoutConstraint.activate([
                a.leadingAnchor.constraint(equalTo: root.view.layoutMarginsGuide.leadingAnchor),
                a.topAnchor.constraint(equalTo: root.view.layoutMarginsGuide.topAnchor),
                a.widthAnchor.constraint(equalToConstant: 50), a.heightAnchor.constraint(equalToConstant: 50),
                b.leadingAnchor.constraint(equalToSystemSpacingAfter: a.trailingAnchor, multiplier: 2),
                b.topAnchor.constraint(equalToSystemSpacingBelow: a.bottomAnchor, multiplier: 1),
                b.trailingAnchor.constraint(equalTo: root.view.layoutMarginsGuide.trailingAnchor),
                b.heightAnchor.constraint(equalTo: a.heightAnchor, multiplier: 2, constant: 10),
            ])
            window.layoutIfNeeded()
            // A controller's root view: margins 16 at the sides, the safe area above (59).
            #expect(a.frame == CGRect(x: 16, y: 59, width: 50, height: 50))
            // b: x = 66 + 16, right edge 393 − 16 = 377, y = 109 + 8, height 110.
            #expect(b.frame == CGRect(x: 82, y: 117, width: 295, height: 110))
        }
    }

    @Test func itemAttributeInitializerMatchesAnchors() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        let child = constrained()
        container.addSubview(child)
        container.addConstraints([
            NSLayoutConstraint(item: child, attribute: .left, relatedBy: .equal, toItem: container, attribute: .left, multiplier: 1, constant: 10),
            NSLayoutConstraint(item: child, attribute: .right, relatedBy: .equal, toItem: container, attribute: .centerX, multiplier: 1, constant: 0),
            NSLayoutConstraint(item: child, attribute: .top, relatedBy: .equal, toItem: container, attribute: .bottom, multiplier: 0.25, constant: 0),
            NSLayoutConstraint(item: child, attribute: .height, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute, multiplier: 1, constant: 40),
        ])
        container.layoutIfNeeded()
        #expect(child.frame == CGRect(x: 10, y: 50, width: 140, height: 40))
        #expect(container.constraints.count == 4)
    }

    @Test func marginAttributesUseTheViewsMargins() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        container.layoutMargins = UIEdgeInsets(top: 10, left: 20, bottom: 30, right: 40)
        let child = constrained()
        container.addSubview(child)
        NSLayoutConstraint.activate([
            NSLayoutConstraint(item: child, attribute: .leading, relatedBy: .equal, toItem: container, attribute: .leadingMargin, multiplier: 1, constant: 0),
            NSLayoutConstraint(item: child, attribute: .trailing, relatedBy: .equal, toItem: container, attribute: .trailingMargin, multiplier: 1, constant: 0),
            NSLayoutConstraint(item: child, attribute: .top, relatedBy: .equal, toItem: container, attribute: .topMargin, multiplier: 1, constant: 0),
            NSLayoutConstraint(item: child, attribute: .bottom, relatedBy: .equal, toItem: container, attribute: .bottomMargin, multiplier: 1, constant: 0),
        ])
        container.layoutIfNeeded()
        #expect(child.frame == CGRect(x: 20, y: 10, width: 240, height: 160))
        #expect(container.layoutMarginsGuide.layoutFrame == CGRect(x: 20, y: 10, width: 240, height: 160))
    }

    @Test func nestedViewsRelateAcrossLevels() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let panel = constrained(), inner = constrained(), badge = constrained()
        root.addSubview(panel)
        panel.addSubview(inner)
        root.addSubview(badge)
        NSLayoutConstraint.activate([
            panel.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 50),
            panel.topAnchor.constraint(equalTo: root.topAnchor, constant: 60),
            panel.widthAnchor.constraint(equalToConstant: 200), panel.heightAnchor.constraint(equalToConstant: 200),
            inner.leadingAnchor.constraint(equalTo: panel.leadingAnchor, constant: 10),
            inner.topAnchor.constraint(equalTo: panel.topAnchor, constant: 10),
            inner.widthAnchor.constraint(equalToConstant: 30), inner.heightAnchor.constraint(equalToConstant: 30),
            // The badge (a sibling of panel) sits on the inner view's corner: held by root.
            badge.centerXAnchor.constraint(equalTo: inner.trailingAnchor),
            badge.centerYAnchor.constraint(equalTo: inner.topAnchor),
            badge.widthAnchor.constraint(equalToConstant: 10), badge.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        #expect(inner.frame == CGRect(x: 10, y: 10, width: 30, height: 30))
        // inner's right edge in root: 50 + 10 + 30 = 90; top 60 + 10 = 70.
        #expect(badge.frame == CGRect(x: 85, y: 65, width: 10, height: 10))
        // Each constraint is held by its items' nearest common ancestor: a size by the view itself.
        #expect(badge.constraints.count == 2 && root.constraints.count == 4 && panel.constraints.count == 4)
    }

    @Test func userLayoutGuidesSpaceViewsEqually() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let a = constrained(), b = constrained()
        root.addSubview(a); root.addSubview(b)
        let g1 = UILayoutGuide(), g2 = UILayoutGuide(), g3 = UILayoutGuide()
        for g in [g1, g2, g3] { root.addLayoutGuide(g) }
        NSLayoutConstraint.activate([
            a.widthAnchor.constraint(equalToConstant: 60), b.widthAnchor.constraint(equalToConstant: 60),
            a.heightAnchor.constraint(equalToConstant: 10), b.heightAnchor.constraint(equalToConstant: 10),
            a.topAnchor.constraint(equalTo: root.topAnchor), b.topAnchor.constraint(equalTo: root.topAnchor),
            g1.leadingAnchor.constraint(equalTo: root.leadingAnchor), g1.trailingAnchor.constraint(equalTo: a.leadingAnchor),
            g2.leadingAnchor.constraint(equalTo: a.trailingAnchor), g2.trailingAnchor.constraint(equalTo: b.leadingAnchor),
            g3.leadingAnchor.constraint(equalTo: b.trailingAnchor), g3.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            g1.widthAnchor.constraint(equalTo: g2.widthAnchor), g2.widthAnchor.constraint(equalTo: g3.widthAnchor),
        ])
        root.layoutIfNeeded()
        // (300 − 120) / 3 = 60 of space on each side.
        #expect(a.frame.minX == 60 && b.frame.minX == 180)
        #expect(g2.layoutFrame.minX == 120 && g2.layoutFrame.width == 60)
    }

    @Test func framesLandOnThePixelGrid() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let views = (0..<3).map { _ in constrained() }
        for v in views { root.addSubview(v) }
        var cs: [NSLayoutConstraint] = [views[0].leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                        views[2].trailingAnchor.constraint(equalTo: root.trailingAnchor)]
        for i in 0..<3 {
            cs += [views[i].topAnchor.constraint(equalTo: root.topAnchor), views[i].heightAnchor.constraint(equalToConstant: 10)]
            if i > 0 {
                cs += [views[i].leadingAnchor.constraint(equalTo: views[i - 1].trailingAnchor),
                       views[i].widthAnchor.constraint(equalTo: views[0].widthAnchor)]
            }
        }
        NSLayoutConstraint.activate(cs)
        root.layoutIfNeeded()
        // 100 / 3 = 33.333…: edges at 0, 33.333, 66.667, 100 round to the nearest 1/3 point, so the views
        // touch with no gap.
        let xs = views.map(\.frame.minX), maxXs = views.map(\.frame.maxX)
        for (x, expected) in zip(xs + maxXs, [0, 100.0 / 3, 200.0 / 3, 100.0 / 3, 200.0 / 3, 100]) {
            #expect(abs(x - expected) < 1e-9)
            #expect(abs((x * 3).rounded() - x * 3) < 1e-9)
        }
        // Unequal thirds of a pixel: 10.1 points of width at 3× become 10 or 10⅓.
        let odd = constrained()
        root.addSubview(odd)
        NSLayoutConstraint.activate([odd.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 0.2),
                                     odd.widthAnchor.constraint(equalToConstant: 10.1),
                                     odd.topAnchor.constraint(equalTo: root.topAnchor), odd.heightAnchor.constraint(equalToConstant: 1)])
        root.layoutIfNeeded()
        // left 0.2 → 0.6 px → 1 px = 1/3 pt; right 10.3 → 30.9 px → 31 px = 10⅓ pt.
        #expect(abs(odd.frame.minX - 1.0 / 3) < 1e-9 && abs(odd.frame.maxX - 31.0 / 3) < 1e-9)
    }
}

/// The visual format language, checked against the same layout written with anchors.
@Suite(.serialized) struct VisualFormat {
    @Test func aRowAndAColumn() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        let icon = constrained(), title = constrained(), badge = constrained()
        for v in [icon, title, badge] { root.addSubview(v) }
        let views = ["icon": icon, "title": title, "badge": badge]
        var cs = NSLayoutConstraint.constraints(withVisualFormat: "H:|-[icon(48)]-12-[title(>=80)]-(pad@999)-[badge(==icon)]-|",
                                                options: [.alignAllTop], metrics: ["pad": 10], views: views)
        cs += NSLayoutConstraint.constraints(withVisualFormat: "V:|-30-[icon(==48)]", metrics: nil, views: views)
        cs += NSLayoutConstraint.constraints(withVisualFormat: "V:[title(20)]", metrics: nil, views: views)
        cs += NSLayoutConstraint.constraints(withVisualFormat: "V:[badge(10)]", metrics: nil, views: views)
        NSLayoutConstraint.activate(cs)
        root.layoutIfNeeded()
        // Standard spacing is 20 to the superview: icon 20…68, title from 80, badge 48 wide ending at 280.
        #expect(icon.frame == CGRect(x: 20, y: 30, width: 48, height: 48))
        #expect(badge.frame == CGRect(x: 232, y: 30, width: 48, height: 10))
        #expect(title.frame == CGRect(x: 80, y: 30, width: 142, height: 20))
        #expect(cs.first { $0.firstItem === badge && $0.firstAttribute == .leading }?.priority == UILayoutPriority(999))
    }
}
