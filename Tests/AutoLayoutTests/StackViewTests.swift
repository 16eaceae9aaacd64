import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit

/// A view with a fixed intrinsic size, so expected frames can be worked out by hand.
final class Box: UIView {
    var size: CGSize { didSet { invalidateIntrinsicContentSize() } }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    init(_ width: CGFloat, _ height: CGFloat) {
        size = CGSize(width: width, height: height)
        super.init(frame: .zero)
    }
    override var intrinsicContentSize: CGSize { size }
}

/// A horizontal stack pinned at the top-left of a 400 × 400 root, `width` wide when given.
private func stack(_ views: [UIView], width: CGFloat?, configure: (UIStackView) -> Void = { _ in }) -> (root: UIView, stack: UIStackView) {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
    let stack = UIStackView(arrangedSubviews: views)
    stack.translatesAutoresizingMaskIntoConstraints = false
    configure(stack)
    root.addSubview(stack)
    var cs = [stack.leadingAnchor.constraint(equalTo: root.leadingAnchor), stack.topAnchor.constraint(equalTo: root.topAnchor)]
    if let width { cs.append(stack.widthAnchor.constraint(equalToConstant: width)) }
    NSLayoutConstraint.activate(cs)
    root.layoutIfNeeded()
    return (root, stack)
}

@Suite(.serialized) struct StackViewLayout {
    @Test func fillStretchesTheLowestHuggingView() {
        let boxes = [Box(50, 20), Box(80, 20), Box(60, 20)]
        boxes[0].setContentHuggingPriority(.init(200), for: .horizontal)
        _ = stack(boxes, width: 300) { $0.spacing = 10 }
        // 300 − 190 − 20 = 90 extra, all to the view that hugs least.
        #expect(boxes.map(\.frame.minX) == [0, 150, 240])
        #expect(boxes.map(\.frame.width) == [140, 80, 60])
        #expect(boxes.allSatisfy { $0.frame.height == 20 })
    }

    @Test func fillBreaksTiesByIndex() {
        let boxes = [Box(50, 20), Box(80, 20), Box(60, 20)]
        _ = stack(boxes, width: 300) { $0.spacing = 10 }
        // Equal hugging: the last view stretches.
        #expect(boxes.map(\.frame.width) == [50, 80, 150])
        let tight = [Box(50, 20), Box(80, 20), Box(60, 20)]
        _ = stack(tight, width: 180) { $0.spacing = 10 }
        // 30 too little: with equal compression resistance the last view gives it up.
        #expect(tight.map(\.frame.width) == [50, 80, 30])
    }

    @Test func fillShrinksTheLowestCompressionResistanceView() {
        let boxes = [Box(50, 20), Box(80, 20), Box(60, 20)]
        boxes[0].setContentCompressionResistancePriority(.init(700), for: .horizontal)
        _ = stack(boxes, width: 180) { $0.spacing = 10 }
        #expect(boxes.map(\.frame.width) == [20, 80, 60])
    }

    @Test func unconstrainedStackHugsItsViews() {
        let boxes = [Box(50, 20), Box(80, 40), Box(60, 30)]
        let (_, s) = stack(boxes, width: nil) { $0.spacing = 5; $0.alignment = .center }
        #expect(s.frame.size == CGSize(width: 200, height: 40))
        // Centred across the axis in the 40-point-tall stack.
        #expect(boxes.map(\.frame.minY) == [10, 0, 5])
    }

    @Test func fillEquallyGivesEveryViewTheSameSize() {
        let boxes = [Box(50, 20), Box(80, 20), Box(60, 20)]
        _ = stack(boxes, width: 300) { $0.spacing = 10; $0.distribution = .fillEqually }
        for (box, x) in zip(boxes, [0, 103 + 1.0 / 3, 206 + 2.0 / 3]) {
            #expect(abs(box.frame.minX - x) < 1e-9)
            #expect(abs(box.frame.width - 280.0 / 3) < 1e-9)
        }
    }

    @Test func fillProportionallyFollowsIntrinsicSizes() {
        let boxes = [Box(50, 20), Box(100, 20), Box(150, 20)]
        _ = stack(boxes, width: 620) { $0.spacing = 10; $0.distribution = .fillProportionally }
        // 600 of room for 300 of content: each view doubles.
        #expect(boxes.map(\.frame.width) == [100, 200, 300])
        #expect(boxes.map(\.frame.minX) == [0, 110, 320])
    }

    @Test func fillProportionallyFollowsAChangedIntrinsicSize() {
        let boxes = [Box(50, 20), Box(100, 20), Box(150, 20)]
        let (root, _) = stack(boxes, width: 620) { $0.spacing = 10; $0.distribution = .fillProportionally }
        boxes[0].size = CGSize(width: 150, height: 20)
        root.layoutIfNeeded()
        // 600 of room for 400 of content: 1.5 times each.
        #expect(boxes.map(\.frame.width) == [225, 150, 225])
    }

    @Test func equalSpacingKeepsSizesAndSharesTheRoom() {
        let boxes = [Box(50, 20), Box(80, 20), Box(60, 20)]
        _ = stack(boxes, width: 300) { $0.distribution = .equalSpacing }
        // (300 − 190) / 2 = 55 between views.
        #expect(boxes.map(\.frame.minX) == [0, 105, 240])
        #expect(boxes.map(\.frame.width) == [50, 80, 60])
    }

    @Test func equalCenteringSpacesTheCentres() {
        let boxes = [Box(50, 20), Box(80, 20), Box(60, 20)]
        _ = stack(boxes, width: 300) { $0.distribution = .equalCentering }
        // Centres at 25 and 270; the middle one halfway, at 147.5: its edges 107.5 and 187.5 are half-way
        // between pixels at 3× and round up, to 323 and 563 pixels.
        #expect(boxes[0].frame.midX == 25 && boxes[2].frame.midX == 270)
        #expect(abs(boxes[1].frame.minX - 323.0 / 3) < 1e-9 && abs(boxes[1].frame.maxX - 563.0 / 3) < 1e-9)
    }

    @Test func alignmentsAcrossTheAxis() {
        for (alignment, ys) in [(UIStackView.Alignment.top, [CGFloat(0), 0, 0]), (.bottom, [CGFloat(20), 0, 10]), (.center, [CGFloat(10), 0, 5])] {
            let boxes = [Box(50, 20), Box(80, 40), Box(60, 30)]
            _ = stack(boxes, width: nil) { $0.alignment = alignment }
            #expect(boxes.map(\.frame.minY) == ys, "\(alignment)")
        }
        let boxes = [Box(50, 20), Box(80, 40), Box(60, 30)]
        _ = stack(boxes, width: nil) { $0.alignment = .fill }
        #expect(boxes.allSatisfy { $0.frame.height == 40 })
    }

    @Test func verticalStackInsideItsMargins() {
        let boxes = [Box(50, 20), Box(80, 40)]
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let s = UIStackView(arrangedSubviews: boxes)
        s.axis = .vertical
        s.alignment = .leading
        s.spacing = 4
        s.isLayoutMarginsRelativeArrangement = true
        s.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 10, leading: 12, bottom: 6, trailing: 8)
        s.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(s)
        NSLayoutConstraint.activate([s.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 100),
                                     s.topAnchor.constraint(equalTo: root.topAnchor, constant: 50)])
        root.layoutIfNeeded()
        #expect(boxes[0].frame == CGRect(x: 12, y: 10, width: 50, height: 20))
        #expect(boxes[1].frame == CGRect(x: 12, y: 34, width: 80, height: 40))
        #expect(s.frame == CGRect(x: 100, y: 50, width: 100, height: 80))
    }

    @Test func customSpacingAfterAView() {
        let boxes = [Box(50, 20), Box(80, 20), Box(60, 20)]
        _ = stack(boxes, width: nil) {
            $0.spacing = 10
            $0.setCustomSpacing(30, after: boxes[0])
            $0.setCustomSpacing(UIStackView.spacingUseSystem, after: boxes[1])
        }
        #expect(boxes.map(\.frame.minX) == [0, 80, 168])
    }

    @Test func hiddenViewsCollapseAndTheGapCloses() {
        let boxes = [Box(50, 20), Box(80, 20), Box(60, 20)]
        let (root, s) = stack(boxes, width: nil) { $0.spacing = 10 }
        boxes[1].isHidden = true
        root.layoutIfNeeded()
        #expect(boxes[1].isHidden && boxes[1].layer.isHidden)
        #expect(boxes[2].frame.minX == 60 && s.frame.width == 120)
        #expect(boxes[1].frame.width == 0)
        boxes[1].isHidden = false
        root.layoutIfNeeded()
        #expect(boxes.map(\.frame.minX) == [0, 60, 150] && s.frame.width == 210)
    }

    @Test func removingAnArrangedViewKeepsItAsASubview() {
        let boxes = [Box(50, 20), Box(80, 20)]
        let (root, s) = stack(boxes, width: nil)
        s.removeArrangedSubview(boxes[0])
        root.layoutIfNeeded()
        #expect(s.arrangedSubviews.count == 1 && boxes[0].superview === s)
        #expect(boxes[1].frame.minX == 0)
        boxes[1].removeFromSuperview()
        #expect(s.arrangedSubviews.isEmpty)
    }

    @Test func nestedStacks() {
        let icon = Box(30, 30), title = Box(100, 20), subtitle = Box(140, 16)
        let texts = UIStackView(arrangedSubviews: [title, subtitle])
        texts.axis = .vertical
        texts.spacing = 2
        texts.alignment = .leading
        let (_, row) = stack([icon, texts], width: nil) { $0.spacing = 12; $0.alignment = .center }
        // The text column is 140 × 38; the row 182 × 38 with the icon centred.
        #expect(texts.frame == CGRect(x: 42, y: 0, width: 140, height: 38))
        #expect(icon.frame == CGRect(x: 0, y: 4, width: 30, height: 30))
        #expect(row.frame.size == CGSize(width: 182, height: 38))
        #expect(subtitle.frame == CGRect(x: 0, y: 22, width: 140, height: 16))
    }
}
