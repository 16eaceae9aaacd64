import Testing
@testable import QuartzCore
@testable import UIKit

@Suite struct ReuseTests {
    /// Scrolling through 10 000 items makes only about a screenful of cells, and the data source is
    /// asked for each item as it comes on screen.
    @Test func cellsAreBoundedWhileScrollingTenThousandItems() {
        let h = Harness(layout: flow(item: CGSize(width: 393, height: 44)), counts: [10_000])
        // 852 / 54 per line: 16 lines on screen at most (17 straddling).
        for step in 0..<400 { h.scroll(to: CGFloat(step) * 97) }
        #expect(h.source.made.count <= 18 + 2)
        #expect(h.on { h.collectionView.visibleCells.count } <= 17)
        #expect(h.on { h.collectionView.subviews.filter { $0 is UICollectionViewCell }.count } <= 17)
    }

    @Test func cellForItemIsNilOffScreenWhileAttributesAnswerForAnyItem() {
        let h = Harness(layout: flow(item: CGSize(width: 393, height: 44)), counts: [10_000])
        let far = IndexPath(item: 9_999, section: 0)
        #expect(h.on { h.collectionView.cellForItem(at: far) } == nil)
        #expect(h.frame(9_999) == CGRect(x: 0, y: 9_999 * 54, width: 393, height: 44))
        #expect(h.on { h.collectionView.cellForItem(at: IndexPath(item: 0, section: 0)) }?.tag == 0)
        #expect(h.on { h.collectionView.indexPathsForVisibleItems.first } == IndexPath(item: 0, section: 0))
        h.on { h.collectionView.scrollToItem(at: far, at: .bottom, animated: false) }
        h.run(to: 0)
        #expect(h.on { h.collectionView.cellForItem(at: far) }?.tag == 9_999)
        #expect(h.on { h.collectionView.cellForItem(at: IndexPath(item: 0, section: 0)) } == nil)
        let bottom: CGFloat = 9_999 * 54 + 44 - 852
        let offset = h.on { h.collectionView.contentOffset.y }
        #expect(offset == bottom)
    }

    @Test func aReusedCellIsPreparedAndReconfigured() {
        final class Counting: UICollectionViewCell {
            nonisolated(unsafe) static var prepared = 0
            override func prepareForReuse() { super.prepareForReuse(); Self.prepared += 1 }
        }
        let h = Harness(layout: flow(item: CGSize(width: 393, height: 100)), counts: [100], cellClass: Counting.self)
        h.scroll(to: 2_000)
        #expect(Counting.prepared > 0)
        let cell = h.on { h.collectionView.cellForItem(at: IndexPath(item: 20, section: 0)) }
        #expect(cell?.tag == 20)
        #expect(cell?.frame == CGRect(x: 0, y: 2_200, width: 393, height: 100))
    }

    @Test func indexPathForItemAtAPoint() {
        let h = Harness(layout: flow(), counts: [10])
        #expect(h.on { h.collectionView.indexPathForItem(at: CGPoint(x: 150, y: 50)) } == IndexPath(item: 1, section: 0))
        #expect(h.on { h.collectionView.indexPathForItem(at: CGPoint(x: 120, y: 50)) } == nil)
        let cell = h.on { h.collectionView.cellForItem(at: IndexPath(item: 2, section: 0)) }!
        #expect(h.on { h.collectionView.indexPath(for: cell) } == IndexPath(item: 2, section: 0))
    }

    @Test func reconfigureKeepsTheCell() {
        let h = Harness(layout: flow(), counts: [3])
        let before = h.on { h.collectionView.cellForItem(at: IndexPath(item: 1, section: 0)) }
        var seen: [Int] = []
        h.source.configure = { cell, indexPath in seen.append(indexPath.item) }
        h.on { h.collectionView.reconfigureItems(at: [IndexPath(item: 1, section: 0)]) }
        #expect(seen == [1])
        #expect(h.on { h.collectionView.cellForItem(at: IndexPath(item: 1, section: 0)) } === before)
    }
}

@Suite struct BatchUpdateTests {
    /// Half-way through an insertion at the front, the first old cell is half-way to its new place and
    /// the new cell is fading in at its final frame.
    @Test func insertionMovesItemsAndFadesTheNewOneIn() {
        let h = Harness(layout: flow(), counts: [3])
        let old0 = h.on { h.collectionView.cellForItem(at: IndexPath(item: 0, section: 0)) }!
        h.on {
            h.collectionView.performBatchUpdates({
                h.source.counts[0] = 4
                h.collectionView.insertItems(at: [IndexPath(item: 0, section: 0)])
            })
        }
        let start = h.on { h.clock.now }
        h.run(to: start + UICollectionView.updateAnimationDuration / 2)
        let moving = h.on { old0.layer.presentation()!.position.x }
        // From x 50 (centre of item 0) to x 196.5 (item 1, justified): ease-in-out is half-way at half time.
        #expect(abs(moving - (50 + 196.5) / 2) < 1)
        let fresh = h.on { h.collectionView.cellForItem(at: IndexPath(item: 0, section: 0)) }!
        #expect(fresh !== old0)
        #expect(fresh.frame == CGRect(x: 0, y: 0, width: 100, height: 100))
        let alpha = h.on { fresh.layer.presentation()!.opacity }
        #expect(alpha > 0.3 && alpha < 0.7)
        h.run(to: start + 1)
        #expect(h.on { old0.layer.presentation()!.position.x } == 196.5)
        #expect(h.on { fresh.layer.presentation()!.opacity } == 1)
    }

    @Test func deletionFadesTheCellOutThenRecyclesIt() {
        let h = Harness(layout: flow(), counts: [3])
        let doomed = h.on { h.collectionView.cellForItem(at: IndexPath(item: 1, section: 0)) }!
        var finished = false
        h.on {
            h.collectionView.performBatchUpdates({
                h.source.counts[0] = 2
                h.collectionView.deleteItems(at: [IndexPath(item: 1, section: 0)])
            }, completion: { finished = $0 })
        }
        let start = h.on { h.clock.now }
        h.run(to: start + UICollectionView.updateAnimationDuration / 2)
        #expect(doomed.superview != nil)
        let alpha = h.on { doomed.layer.presentation()!.opacity }
        #expect(alpha > 0.3 && alpha < 0.7)
        h.run(to: start + 1)
        #expect(finished)
        #expect(doomed.superview == nil)
        #expect(h.on { h.collectionView.visibleCells.count } == 2)
    }

    @Test func movesAndSectionsFollowTheMap() {
        let h = Harness(layout: flow(), counts: [3, 2])
        let first = h.on { h.collectionView.cellForItem(at: IndexPath(item: 0, section: 0)) }!
        h.on {
            UIView.performWithoutAnimation {
                h.collectionView.performBatchUpdates({
                    h.source.counts = [2, 3]
                    h.collectionView.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 2, section: 1))
                })
            }
        }
        h.run(to: 0)
        #expect(h.on { h.collectionView.cellForItem(at: IndexPath(item: 2, section: 1)) } === first)
        #expect(first.frame == h.frame(2, 1))
    }

    /// A batch whose counts do not add up stops with UIKit's message (checked on the map itself).
    @Test func theUpdateMapMatchesCounts() {
        var batch = CollectionBatch()
        batch.insertedItems = [IndexPath(item: 0, section: 0)]
        batch.deletedItems = [IndexPath(item: 2, section: 0)]
        let map = CollectionUpdateMap(batch: batch, oldCounts: [3], newCounts: [3])
        #expect(map.destination(of: IndexPath(item: 0, section: 0)) == IndexPath(item: 1, section: 0))
        #expect(map.destination(of: IndexPath(item: 1, section: 0)) == IndexPath(item: 2, section: 0))
        #expect(map.destination(of: IndexPath(item: 2, section: 0)) == nil)
    }
}

@Suite struct SelectionTests {
    @Test func aTapHighlightsThenSelectsThroughTheDelegate() {
        let h = Harness(layout: flow(), counts: [6])
        h.tap(CGPoint(x: 200, y: 50), at: 1)
        #expect(h.source.highlighted == [IndexPath(item: 1, section: 0)])
        #expect(h.source.selected == [IndexPath(item: 1, section: 0)])
        #expect(h.on { h.collectionView.indexPathsForSelectedItems } == [IndexPath(item: 1, section: 0)])
        #expect(h.on { h.collectionView.cellForItem(at: IndexPath(item: 1, section: 0))?.isSelected } == true)
        h.tap(CGPoint(x: 50, y: 50), at: 2)
        #expect(h.on { h.collectionView.indexPathsForSelectedItems } == [IndexPath(item: 0, section: 0)])
        #expect(h.on { h.collectionView.cellForItem(at: IndexPath(item: 1, section: 0))?.isSelected } == false)
    }

    @Test func aCellIsHighlightedWhileTheFingerIsDown() {
        let h = Harness(layout: flow(), counts: [6])
        let cell = h.on { h.collectionView.cellForItem(at: IndexPath(item: 0, section: 0)) }!
        h.on { h.window.sendTouch(finger: 0, phase: .began, at: CGPoint(x: 50, y: 50)) }
        #expect(cell.isHighlighted)
        h.on { h.window.sendTouch(finger: 0, phase: .moved, at: CGPoint(x: 50, y: 90)) }
        #expect(!cell.isHighlighted)
        h.on { h.window.sendTouch(finger: 0, phase: .ended, at: CGPoint(x: 50, y: 90)) }
        #expect(h.source.selected.isEmpty)
    }

    @Test func multipleSelectionToggles() {
        let h = Harness(layout: flow(), counts: [6])
        h.on { h.collectionView.allowsMultipleSelection = true }
        h.tap(CGPoint(x: 50, y: 50), at: 1)
        h.tap(CGPoint(x: 200, y: 50), at: 2)
        h.tap(CGPoint(x: 50, y: 50), at: 3)
        #expect(h.on { h.collectionView.indexPathsForSelectedItems } == [IndexPath(item: 1, section: 0)])
    }

    @Test func aSelectedCellShowsItsSelectedBackground() {
        let h = Harness(layout: flow(), counts: [2])
        let cell = h.on { h.collectionView.cellForItem(at: IndexPath(item: 0, section: 0)) }!
        h.on { cell.selectedBackgroundView = UIView() }
        #expect(cell.selectedBackgroundView?.alpha == 0)
        h.on { h.collectionView.selectItem(at: IndexPath(item: 0, section: 0), animated: false, scrollPosition: []) }
        #expect(cell.selectedBackgroundView?.alpha == 1)
        #expect(cell.selectedBackgroundView?.frame == cell.bounds)
    }
}

@Suite struct RegistrationTests {
    final class Source: NSObject, UICollectionViewDataSource {
        let registration = UICollectionView.CellRegistration<LabelCell, String> { cell, indexPath, item in
            cell.label.text = "\(item) @\(indexPath.item)"
        }
        let header = UICollectionView.SupplementaryRegistration<UICollectionReusableView>(elementKind: UICollectionView.elementKindSectionHeader) { view, kind, indexPath in
            view.tag = 100 + indexPath.section
        }
        let items = ["a", "b", "c"]
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { items.count }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: items[indexPath.item])
        }
        func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> UICollectionReusableView {
            collectionView.dequeueConfiguredReusableSupplementary(using: header, for: indexPath)
        }
    }

    @Test func registrationsConfigureTheirCellsAndViews() {
        let layout = flow()
        layout.headerReferenceSize = CGSize(width: 0, height: 30)
        let h = Harness(layout: layout, counts: [0])
        let source = Source()
        h.on {
            h.collectionView.dataSource = source
            h.window.layoutIfNeeded()
        }
        let cell = h.on { h.collectionView.cellForItem(at: IndexPath(item: 2, section: 0)) } as? LabelCell
        #expect(cell?.label.text == "c @2")
        #expect(h.on { h.collectionView.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0))?.tag } == 100)
    }
}

@Suite struct ConfigurationStateTests {
    /// A list row turns grey while selected and back when deselected (the update starts from the
    /// configuration that was set, not from the last state's).
    @Test func aDeselectedRowLosesTheSelectedGrey() throws {
        let h = ListLayoutTests.listHarness(.insetGrouped, counts: [2])
        let path = IndexPath(item: 0, section: 0)
        let cell = try #require(h.on { h.collectionView.cellForItem(at: path) } as? UICollectionViewListCell)
        h.on { h.collectionView.selectItem(at: path, animated: false, scrollPosition: []); h.window.layoutIfNeeded() }
        #expect(cell.configurationBackgroundView?.backgroundColor == .systemGray4)
        h.on { h.collectionView.deselectItem(at: path, animated: false); h.window.layoutIfNeeded() }
        #expect(cell.configurationBackgroundView?.backgroundColor == .secondarySystemGroupedBackground)
    }

    @Test func theUpdateHandlerSeesTheState() {
        let h = Harness(layout: flow(), counts: [1])
        let cell = h.on { h.collectionView.cellForItem(at: IndexPath(item: 0, section: 0)) }!
        var states: [Bool] = []
        h.on {
            cell.configurationUpdateHandler = { _, state in states.append(state.isSelected) }
            h.window.layoutIfNeeded()
            h.collectionView.selectItem(at: IndexPath(item: 0, section: 0), animated: false, scrollPosition: [])
            h.window.layoutIfNeeded()
        }
        #expect(states == [false, true])
    }
}
