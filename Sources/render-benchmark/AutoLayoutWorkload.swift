import Foundation
import UIKit

/// A 300-view screen laid out by about 1,200 constraints: 60 rows under each other, each a container
/// with an icon, a title, a subtitle and an accessory pinned inside it. Measures the first solve and
/// layout, and the re-solve and layout after one constant change (the top row's inset, which moves every
/// row) and after a leaf change (one icon's width).
enum AutoLayoutWorkload {
    static let rows = 60

    struct Screen {
        let root: UIView
        let firstTop: NSLayoutConstraint
        let iconWidth: NSLayoutConstraint
        let constraintCount: Int
        let viewCount: Int
    }

    static func makeScreen() -> Screen {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
        var constraints: [NSLayoutConstraint] = []
        var previous: UIView?
        var firstTop: NSLayoutConstraint!
        var iconWidth: NSLayoutConstraint!
        var views = 0
        func make(_ parent: UIView) -> UIView {
            let v = UIView()
            v.translatesAutoresizingMaskIntoConstraints = false
            parent.addSubview(v)
            views += 1
            return v
        }
        for index in 0..<rows {
            let row = make(root)
            let top = row.topAnchor.constraint(equalTo: previous?.bottomAnchor ?? root.topAnchor, constant: index == 0 ? 20 : 4)
            if index == 0 { firstTop = top }
            constraints += [top, row.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
                            row.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
                            row.heightAnchor.constraint(greaterThanOrEqualToConstant: 44)]
            let icon = make(row), title = make(row), subtitle = make(row), accessory = make(row)
            let width = icon.widthAnchor.constraint(equalToConstant: 32)
            if index == 0 { iconWidth = width }
            constraints += [
                icon.leadingAnchor.constraint(equalTo: row.leadingAnchor, constant: 12), width,
                icon.heightAnchor.constraint(equalTo: icon.widthAnchor), icon.centerYAnchor.constraint(equalTo: row.centerYAnchor),
                title.leadingAnchor.constraint(equalTo: icon.trailingAnchor, constant: 12),
                title.topAnchor.constraint(equalTo: row.topAnchor, constant: 8),
                title.heightAnchor.constraint(equalToConstant: 20),
                title.trailingAnchor.constraint(equalTo: accessory.leadingAnchor, constant: -8),
                subtitle.leadingAnchor.constraint(equalTo: title.leadingAnchor),
                subtitle.trailingAnchor.constraint(equalTo: title.trailingAnchor),
                subtitle.topAnchor.constraint(equalTo: title.bottomAnchor, constant: 2),
                subtitle.bottomAnchor.constraint(equalTo: row.bottomAnchor, constant: -8),
                accessory.trailingAnchor.constraint(equalTo: row.trailingAnchor, constant: -12),
                accessory.centerYAnchor.constraint(equalTo: row.centerYAnchor),
                accessory.widthAnchor.constraint(equalToConstant: 24), accessory.heightAnchor.constraint(equalToConstant: 24),
            ]
            previous = row
        }
        NSLayoutConstraint.activate(constraints)
        return Screen(root: root, firstTop: firstTop, iconWidth: iconWidth, constraintCount: constraints.count, viewCount: views)
    }

    static func run() {
        var first: [Double] = [], moved: [Double] = [], leaf: [Double] = []
        var screen: Screen!
        for _ in 0..<15 {
            screen = makeScreen()
            first.append(milliseconds { screen.root.layoutIfNeeded() })
            for step in 0..<4 {
                screen.firstTop.constant = step.isMultiple(of: 2) ? 30 : 20
                moved.append(milliseconds { screen.root.layoutIfNeeded() })
                screen.iconWidth.constant = step.isMultiple(of: 2) ? 28 : 32
                leaf.append(milliseconds { screen.root.layoutIfNeeded() })
            }
        }
        print(String(format: "auto layout: %d views, %d constraints (median ms): first solve and layout %.1f, after one constant change that moves every row %.2f, after a leaf change %.2f",
                     screen.viewCount, screen.constraintCount, median(first), median(moved), median(leaf)))
        print(String(format: "peak memory %.0f MiB", peakMemoryMiB()))
    }
}
