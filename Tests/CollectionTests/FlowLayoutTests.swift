import Testing
@testable import QuartzCore
@testable import UIKit

@Suite struct FlowLayoutTests {
    @Test func applesDefaults() {
        let layout = UICollectionViewFlowLayout()
        #expect(layout.itemSize == CGSize(width: 50, height: 50))
        #expect(layout.minimumLineSpacing == 10)
        #expect(layout.minimumInteritemSpacing == 10)
        #expect(layout.sectionInset == .zero)
        #expect(layout.scrollDirection == .vertical)
        #expect(layout.estimatedItemSize == .zero)
    }

    /// 361 pt between 16 pt insets hold three 100 pt items (a fourth needs 430); full lines spread the
    /// 61 spare points equally, the last line keeps 10 pt from the leading edge.
    @Test func linesBreakJustifiedAndTheLastLineIsLeftAligned() {
        let h = Harness(layout: flow(inset: UIEdgeInsets(top: 16, left: 16, bottom: 16, right: 16)), counts: [8])
        #expect(h.frame(0) == CGRect(x: 16, y: 16, width: 100, height: 100))
        #expect(h.frame(1) == CGRect(x: 146.5, y: 16, width: 100, height: 100))
        #expect(h.frame(2) == CGRect(x: 277, y: 16, width: 100, height: 100))
        #expect(h.frame(3) == CGRect(x: 16, y: 126, width: 100, height: 100))
        #expect(h.frame(6) == CGRect(x: 16, y: 236, width: 100, height: 100))
        #expect(h.frame(7) == CGRect(x: 126, y: 236, width: 100, height: 100))
        #expect(h.on { h.collectionView.contentSize } == CGSize(width: 393, height: 352))
    }

    /// Items of different heights are centred across their line, which is as tall as the tallest.
    @Test func shorterItemsAreCentredInTheirLine() {
        let h = Harness(layout: flow(), counts: [4])
        h.source.sizes[IndexPath(item: 1, section: 0)] = CGSize(width: 100, height: 60)
        h.on { h.collectionView.collectionViewLayout.invalidateLayout() }
        #expect(h.frame(1) == CGRect(x: 146.5, y: 20, width: 100, height: 60))
        #expect(h.frame(3) == CGRect(x: 0, y: 110, width: 100, height: 100))
    }

    @Test func headersAndFootersSpanTheWidthAroundEachSection() {
        let layout = flow(inset: UIEdgeInsets(top: 5, left: 0, bottom: 5, right: 0))
        layout.headerReferenceSize = CGSize(width: 0, height: 40)
        layout.footerReferenceSize = CGSize(width: 0, height: 20)
        let h = Harness(layout: layout, counts: [3, 1])
        let header = h.on { h.collectionView.layoutAttributesForSupplementaryElement(ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 1)) }
        // Section 0: header 40, inset 5, one line 100, inset 5, footer 20 = 170.
        #expect(header?.frame == CGRect(x: 0, y: 170, width: 393, height: 40))
        #expect(h.frame(0, 1) == CGRect(x: 0, y: 215, width: 100, height: 100))
        #expect(h.on { h.collectionView.visibleSupplementaryViews(ofKind: UICollectionView.elementKindSectionFooter).count } == 2)
    }

    @Test func aPinnedHeaderStaysAtTheTopWhileItsSectionPasses() {
        let layout = flow()
        layout.headerReferenceSize = CGSize(width: 0, height: 40)
        layout.sectionHeadersPinToVisibleBounds = true
        let h = Harness(layout: layout, counts: [30, 30])
        h.scroll(to: 300)
        let kind = UICollectionView.elementKindSectionHeader
        #expect(h.on { h.collectionView.supplementaryView(forElementKind: kind, at: IndexPath(item: 0, section: 0))?.frame.minY } == 300)
    }

    @Test func horizontalFlowFillsColumns() {
        let layout = flow()
        layout.scrollDirection = .horizontal
        let h = Harness(layout: layout, counts: [20])
        // 852 pt tall columns hold seven 100 pt items (7·100 + 6·10 = 760).
        #expect(h.frame(7)?.origin == CGPoint(x: 110, y: 0))
        #expect(h.frame(1)?.minY ?? 0 > 100)
    }

    @Test func automaticSizeMeasuresTheCellsAutoLayout() {
        let layout = flow()
        layout.estimatedItemSize = UICollectionViewFlowLayout.automaticSize
        let h = Harness(layout: layout, counts: [2], cellClass: LabelCell.self)
        h.source.configure = { cell, indexPath in (cell as! LabelCell).label.text = indexPath.item == 0 ? "A" : "A much longer title" }
        h.on { h.collectionView.reloadData(); h.window.layoutIfNeeded() }
        let short = h.frame(0)!, long = h.frame(1)!
        #expect(long.width > short.width)
        #expect(short.height > 20)
    }
}
