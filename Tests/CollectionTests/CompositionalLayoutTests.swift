import Testing
@testable import QuartzCore
@testable import UIKit

@Suite struct CompositionalLayoutTests {
    /// Apple's photo grid: three items a third of the width each, 1 pt inset all round.
    static func photoGrid(header: Bool = false) -> UICollectionViewCompositionalLayout {
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0 / 3), heightDimension: .fractionalHeight(1)))
        item.contentInsets = NSDirectionalEdgeInsets(top: 1, leading: 1, bottom: 1, trailing: 1)
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalWidth(1.0 / 3)), subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        if header {
            section.boundarySupplementaryItems = [NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)),
                elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)]
        }
        return UICollectionViewCompositionalLayout(section: section)
    }

    @Test func aThreeColumnPhotoGrid() {
        let h = Harness(layout: Self.photoGrid(), counts: [10])
        let side = 393.0 / 3
        #expect(h.frame(0) == CGRect(x: 1, y: 1, width: side - 2, height: side - 2))
        #expect(h.frame(4) == CGRect(x: side + 1, y: side + 1, width: side - 2, height: side - 2))
        // Ten items fill four rows (the last one partly).
        #expect(abs(h.on { h.collectionView.contentSize.height } - 4 * side) < 0.001)
    }

    @Test func aGridWithAHeader() {
        let h = Harness(layout: Self.photoGrid(header: true), counts: [6])
        let header = h.on { h.collectionView.layoutAttributesForSupplementaryElement(ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0)) }
        #expect(header?.frame == CGRect(x: 0, y: 0, width: 393, height: 44))
        #expect(h.frame(0)?.minY == 45)
        #expect(h.on { h.collectionView.visibleSupplementaryViews(ofKind: UICollectionView.elementKindSectionHeader).count } == 1)
    }

    @Test func groupsWithACountShareTheirWidthAndSpacing() {
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(10), heightDimension: .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(80)),
                                                       repeatingSubitem: item, count: 2)
        group.interItemSpacing = .fixed(13)
        let section = NSCollectionLayoutSection(group: group)
        section.interGroupSpacing = 7
        section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 20, bottom: 0, trailing: 20)
        let h = Harness(layout: UICollectionViewCompositionalLayout(section: section), counts: [4])
        // (393 − 40 − 13) / 2 = 170 each.
        #expect(h.frame(0) == CGRect(x: 20, y: 0, width: 170, height: 80))
        #expect(h.frame(1) == CGRect(x: 203, y: 0, width: 170, height: 80))
        #expect(h.frame(2) == CGRect(x: 20, y: 87, width: 170, height: 80))
    }

    /// Estimated heights become what the cell's constraints need: label height plus 20.
    @Test func estimatedHeightsSelfSizeFromAutoLayout() {
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44)))
        let group = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44)), subitems: [item])
        let h = Harness(layout: UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group)), counts: [2], cellClass: LabelCell.self)
        let long = String(repeating: "Words that wrap onto more lines ", count: 6)
        h.source.configure = { cell, indexPath in (cell as! LabelCell).label.text = indexPath.item == 0 ? "One line" : long }
        h.on { h.collectionView.reloadData(); h.window.layoutIfNeeded() }
        let lineHeight = h.on { () -> CGFloat in
            let label = UILabel(); label.text = "One line"; return label.intrinsicContentSize.height
        }
        let first = h.frame(0)!, second = h.frame(1)!
        #expect(abs(first.height - (lineHeight + 20)) < 1)
        #expect(second.height > 2 * lineHeight + 20)
        #expect(second.minY == first.maxY)
        #expect(first.width == 393)
    }

    @Test func anOrthogonalSectionIsOneRow() {
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(150), heightDimension: .absolute(100)), subitems: [item])
        let row = NSCollectionLayoutSection(group: group)
        row.orthogonalScrollingBehavior = .continuous
        row.interGroupSpacing = 10
        let layout = UICollectionViewCompositionalLayout { index, _ in
            index == 0 ? row : NSCollectionLayoutSection(group: group)
        }
        let h = Harness(layout: layout, counts: [5, 2])
        #expect(h.frame(0) == CGRect(x: 0, y: 0, width: 150, height: 100))
        #expect(h.frame(3) == CGRect(x: 480, y: 0, width: 150, height: 100))
        #expect(h.frame(0, 1)?.minY == 100)
        // The fourth item (x 480) is beyond the 393 pt screen: it is not made.
        #expect(h.on { h.collectionView.cellForItem(at: IndexPath(item: 3, section: 0)) } == nil)
        #expect(h.on { h.collectionView.cellForItem(at: IndexPath(item: 2, section: 0)) } != nil)
    }

    @Test func aSectionBackgroundDecorationCoversTheContent() {
        let layout = Self.photoGrid()
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)))
        let section = NSCollectionLayoutSection(group: .vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)), subitems: [item]))
        section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
        let background = NSCollectionLayoutDecorationItem.background(elementKind: "bg")
        section.decorationItems = [background]
        let compositional = UICollectionViewCompositionalLayout(section: section)
        compositional.register(UICollectionReusableView.self, forDecorationViewOfKind: "bg")
        _ = layout
        let h = Harness(layout: compositional, counts: [3])
        let attributes = h.on { compositional.layoutAttributesForDecorationView(ofKind: "bg", at: IndexPath(item: 0, section: 0)) }
        #expect(attributes?.frame == CGRect(x: 0, y: 0, width: 393, height: 170))
        #expect(attributes?.zIndex == -1)
        #expect(h.on { h.collectionView.subviews.contains { ($0 as? UICollectionReusableView)?.frame == CGRect(x: 0, y: 0, width: 393, height: 170) } })
    }

    @Test func layoutAttributesAreEqualByValue() {
        let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 1, section: 0))
        a.frame = CGRect(x: 1, y: 2, width: 3, height: 4)
        let b = a.copy() as! UICollectionViewLayoutAttributes
        #expect(a == b)
        b.alpha = 0.5
        #expect(a != b)
        #expect(b.frame == CGRect(x: 1, y: 2, width: 3, height: 4))
        let header = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: "h", with: IndexPath(item: 0, section: 0))
        #expect(header.representedElementCategory == .supplementaryView && header.representedElementKind == "h")
    }
}
