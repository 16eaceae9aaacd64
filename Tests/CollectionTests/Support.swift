import Testing
@testable import QuartzCore
@testable import UIKit

/// A collection view in a 393×852 window (iPhone 16) on its own clock.
final class Harness {
    let clock = Timeline()
    let window: UIWindow
    let collectionView: UICollectionView
    let source: NumberSource

    init(layout: UICollectionViewLayout, counts: [Int], cellClass: UICollectionViewCell.Type = UICollectionViewCell.self) {
        let clock = self.clock
        let made = Timeline.$current.withValue(clock) { () -> (UIWindow, UICollectionView, NumberSource) in
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
            let collectionView = UICollectionView(frame: window.bounds, collectionViewLayout: layout)
            collectionView.contentInsetAdjustmentBehavior = .never   // layout geometry from the window's top, no safe area
            collectionView.register(cellClass, forCellWithReuseIdentifier: "cell")
            collectionView.register(UICollectionReusableView.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader, withReuseIdentifier: "header")
            collectionView.register(UICollectionReusableView.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionFooter, withReuseIdentifier: "footer")
            let source = NumberSource(counts: counts)
            collectionView.dataSource = source
            collectionView.delegate = source
            window.addSubview(collectionView)
            window.makeKeyAndVisible()
            return (window, collectionView, source)
        }
        window = made.0; collectionView = made.1; source = made.2
        on { window.layoutIfNeeded() }
    }

    func on<T>(_ body: () throws -> T) rethrows -> T { try Timeline.$current.withValue(clock) { try body() } }

    /// Runs the clock to `time` with a layout pass after each event, as a scene's frame loop does.
    func run(to time: TimeInterval) {
        on {
            while let next = clock.nextEventTime, next <= time {
                clock.advance(to: next)
                window.layoutIfNeeded()
            }
            clock.advance(to: time)
            window.layoutIfNeeded()
        }
    }

    func scroll(to y: CGFloat) {
        on {
            collectionView.contentOffset = CGPoint(x: 0, y: y)
            window.layoutIfNeeded()
        }
    }

    func frame(_ item: Int, _ section: Int = 0) -> CGRect? {
        on { collectionView.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame }
    }

    func tap(_ point: CGPoint, at time: TimeInterval) {
        on {
            clock.advance(to: time)
            window.sendTouch(finger: 0, phase: .began, at: point)
            clock.advance(to: time + 0.05)
            window.sendTouch(finger: 0, phase: .ended, at: point)
            window.layoutIfNeeded()
        }
    }
}

/// Counts per section; each cell is tagged with its item; records what the collection view asked.
final class NumberSource: NSObject, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
    var counts: [Int]
    var sizes: [IndexPath: CGSize] = [:]
    var cellRequests = 0
    var made: Set<ObjectIdentifier> = []
    var selected: [IndexPath] = []
    var highlighted: [IndexPath] = []
    var configure: ((UICollectionViewCell, IndexPath) -> Void)?
    init(counts: [Int]) { self.counts = counts }

    func numberOfSections(in collectionView: UICollectionView) -> Int { counts.count }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        cellRequests += 1
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
        made.insert(ObjectIdentifier(cell))
        cell.tag = indexPath.item
        configure?(cell, indexPath)
        return cell
    }
    func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> UICollectionReusableView {
        collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: kind == UICollectionView.elementKindSectionHeader ? "header" : "footer", for: indexPath)
    }
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
        sizes[indexPath] ?? (collectionViewLayout as! UICollectionViewFlowLayout).itemSize
    }
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) { selected.append(indexPath) }
    func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) { highlighted.append(indexPath) }
}

/// A cell whose label is pinned to the content view's edges 10 pt in: Auto Layout decides its height.
final class LabelCell: UICollectionViewCell {
    let label = UILabel()
    override init(frame: CGRect) {
        super.init(frame: frame)
        label.numberOfLines = 0
        label.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(label)
        NSLayoutConstraint.activate([
            label.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 10),
            label.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -10),
            label.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 10),
            label.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -10),
        ])
    }
    required init?(coder: NSCoder) { nil }
}

func flow(item: CGSize = CGSize(width: 100, height: 100), inset: UIEdgeInsets = .zero) -> UICollectionViewFlowLayout {
    let layout = UICollectionViewFlowLayout()
    layout.itemSize = item
    layout.sectionInset = inset
    return layout
}
