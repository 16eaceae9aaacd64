import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit

private final class LoggingView: UIView {
    let name: String
    let log: (String) -> Void
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    init(_ name: String, log: @escaping (String) -> Void) {
        self.name = name; self.log = log
        super.init(frame: .zero)
        translatesAutoresizingMaskIntoConstraints = false
    }
    override func updateConstraints() { log("\(name).updateConstraints"); super.updateConstraints() }
    override func layoutSubviews() { log("\(name).layoutSubviews \(Int(bounds.width))"); super.layoutSubviews() }
}

private final class LoggingController: UIViewController {
    var log: [String] = []
    override func updateViewConstraints() { log.append("controller.updateViewConstraints"); super.updateViewConstraints() }
    override func viewWillLayoutSubviews() { log.append("controller.viewWillLayoutSubviews") }
    override func viewDidLayoutSubviews() { log.append("controller.viewDidLayoutSubviews") }
}

/// UIKit's order: constraints are updated bottom-up before layout, layout runs top-down; fitting sizes.
@Suite(.serialized) struct LayoutPass {
    @Test func updateConstraintsRunsBottomUpThenLayoutTopDown() {
        let controller = LoggingController()
        onStage(controller) { window, _ in
            let parent = LoggingView("parent") { controller.log.append($0) }
            let child = LoggingView("child") { controller.log.append($0) }
            controller.view.addSubview(parent)
            parent.addSubview(child)
            NSLayoutConstraint.activate([
                parent.leadingAnchor.constraint(equalTo: controller.view.leadingAnchor),
                parent.topAnchor.constraint(equalTo: controller.view.topAnchor),
                parent.widthAnchor.constraint(equalToConstant: 200), parent.heightAnchor.constraint(equalToConstant: 100),
                child.leadingAnchor.constraint(equalTo: parent.leadingAnchor), child.topAnchor.constraint(equalTo: parent.topAnchor),
                child.widthAnchor.constraint(equalToConstant: 50), child.heightAnchor.constraint(equalToConstant: 50),
            ])
            controller.log = []
            window.layoutIfNeeded()
            #expect(controller.log == ["child.updateConstraints", "parent.updateConstraints", "controller.updateViewConstraints",
                                       "controller.viewWillLayoutSubviews", "controller.viewDidLayoutSubviews",
                                       "parent.layoutSubviews 200", "child.layoutSubviews 50"])
            controller.log = []
            child.setNeedsUpdateConstraints()
            #expect(child.needsUpdateConstraints())
            window.layoutIfNeeded()
            #expect(controller.log.first == "child.updateConstraints" && !controller.log.contains("parent.updateConstraints"))
        }
    }

    @Test func layoutIfNeededStartsAtTheHighestAncestorThatNeedsLayout() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        var log: [String] = []
        let a = LoggingView("a") { log.append($0) }, b = LoggingView("b") { log.append($0) }
        root.addSubview(a); a.addSubview(b)
        NSLayoutConstraint.activate([a.widthAnchor.constraint(equalToConstant: 100), a.heightAnchor.constraint(equalToConstant: 100),
                                     b.widthAnchor.constraint(equalToConstant: 10), b.heightAnchor.constraint(equalToConstant: 10)])
        root.layoutIfNeeded()
        log = []
        a.setNeedsLayout()
        b.layoutIfNeeded()   // a needs layout, so it is laid out first, then b
        #expect(log == ["a.layoutSubviews 100"])
    }

    @Test func systemLayoutSizeFittingAContentView() {
        let cell = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        let title = Box(100, 20), detail = Box(60, 14)
        for v in [title, detail] { v.translatesAutoresizingMaskIntoConstraints = false; cell.addSubview(v) }
        NSLayoutConstraint.activate([
            title.leadingAnchor.constraint(equalTo: cell.leadingAnchor, constant: 16),
            title.topAnchor.constraint(equalTo: cell.topAnchor, constant: 10),
            detail.topAnchor.constraint(equalTo: title.bottomAnchor, constant: 4),
            detail.leadingAnchor.constraint(equalTo: title.leadingAnchor),
            detail.bottomAnchor.constraint(equalTo: cell.bottomAnchor, constant: -10),
            title.trailingAnchor.constraint(lessThanOrEqualTo: cell.trailingAnchor, constant: -16),
        ])
        // Smallest: 16 + 100 + 16 wide, 10 + 20 + 4 + 14 + 10 tall.
        #expect(cell.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize) == CGSize(width: 132, height: 58))
        // A fixed width (required) and the smallest height.
        #expect(cell.systemLayoutSizeFitting(CGSize(width: 320, height: 0), withHorizontalFittingPriority: .required,
                                             verticalFittingPriority: .fittingSizeLevel) == CGSize(width: 320, height: 58))
        // The cell's own frame is untouched.
        #expect(cell.frame.size == CGSize(width: 320, height: 44))
    }

    @Test func autoresizingViewsFollowAConstrainedSuperviewAndConstraintsFollowThem() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let panel = constrained()
        root.addSubview(panel)
        let width = panel.widthAnchor.constraint(equalToConstant: 200)
        NSLayoutConstraint.activate([panel.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                     panel.topAnchor.constraint(equalTo: root.topAnchor), width,
                                     panel.heightAnchor.constraint(equalToConstant: 100)])
        root.layoutIfNeeded()
        // A frame-laid-out bar that stretches with the panel, and a badge constrained to its right end.
        let bar = UIView(frame: CGRect(x: 10, y: 10, width: 180, height: 20))
        bar.autoresizingMask = [.flexibleWidth]
        panel.addSubview(bar)
        let badge = constrained()
        panel.addSubview(badge)
        NSLayoutConstraint.activate([badge.centerXAnchor.constraint(equalTo: bar.trailingAnchor),
                                     badge.topAnchor.constraint(equalTo: bar.bottomAnchor),
                                     badge.widthAnchor.constraint(equalToConstant: 10), badge.heightAnchor.constraint(equalToConstant: 10)])
        root.layoutIfNeeded()
        #expect(badge.frame.midX == 190)
        width.constant = 300
        root.layoutIfNeeded()
        #expect(bar.frame == CGRect(x: 10, y: 10, width: 280, height: 20))
        #expect(badge.frame.midX == 290 && badge.frame.minY == 30)
    }

    @Test func viewsMovedBetweenHierarchiesJoinTheNewEngine() {
        let detached = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let v = constrained()
        detached.addSubview(v)
        NSLayoutConstraint.activate([v.leadingAnchor.constraint(equalTo: detached.leadingAnchor, constant: 10),
                                     v.topAnchor.constraint(equalTo: detached.topAnchor, constant: 10),
                                     v.widthAnchor.constraint(equalTo: detached.widthAnchor, multiplier: 0.5),
                                     v.heightAnchor.constraint(equalToConstant: 10)])
        detached.layoutIfNeeded()
        #expect(v.frame == CGRect(x: 10, y: 10, width: 50, height: 10))
        let window = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        window.addSubview(detached)
        detached.frame = CGRect(x: 0, y: 0, width: 300, height: 100)
        window.layoutIfNeeded()
        #expect(v.frame == CGRect(x: 10, y: 10, width: 150, height: 10))
    }
}
