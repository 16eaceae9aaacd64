import Testing
@testable import QuartzCore
@testable import UIKit
import Compositor
import Raster
import TransitionTesting

@Suite struct ListLayoutTests {
    static func listHarness(_ appearance: UICollectionLayoutListConfiguration.Appearance, counts: [Int]) -> Harness {
        let layout = UICollectionViewCompositionalLayout.list(using: UICollectionLayoutListConfiguration(appearance: appearance))
        let h = Harness(layout: layout, counts: counts, cellClass: UICollectionViewListCell.self)
        h.source.configure = { cell, indexPath in
            var content = (cell as! UICollectionViewListCell).defaultContentConfiguration()
            content.text = "Row \(indexPath.item)"
            cell.contentConfiguration = content
        }
        h.on { h.collectionView.reloadData(); h.window.layoutIfNeeded() }
        return h
    }

    /// Inset grouped: rows 16 pt in from each side, 44 pt tall, the first section 35 pt down, the next
    /// 35 pt below the last row; the list's background colour is the grouped one.
    @Test func insetGroupedGeometryFollowsTheStatedNumbers() {
        let h = Self.listHarness(.insetGrouped, counts: [3, 2])
        #expect(ListMetrics.insetGroupedSideInset == 16 && ListMetrics.estimatedRowHeight == 44 && ListMetrics.groupedSectionSpacing == 35)
        #expect(h.frame(0) == CGRect(x: 16, y: 35, width: 361, height: 44))
        #expect(h.frame(2) == CGRect(x: 16, y: 123, width: 361, height: 44))
        #expect(h.frame(0, 1) == CGRect(x: 16, y: 202, width: 361, height: 44))
        #expect(h.on { h.collectionView.backgroundColor } == .systemGroupedBackground)
    }

    @Test func plainRowsSpanTheWidth() {
        let h = Self.listHarness(.plain, counts: [4])
        #expect(h.frame(1) == CGRect(x: 0, y: 44, width: 393, height: 44))
        #expect(h.on { h.collectionView.backgroundColor } == .systemBackground)
    }

    /// The ends of an inset-grouped section are rounded 10 pt, separators run between rows only.
    @Test func insetGroupedCellsRoundTheirSectionsEndsAndSeparateRows() throws {
        let h = Self.listHarness(.insetGrouped, counts: [3])
        let cells = h.on { h.collectionView.visibleCells } as! [UICollectionViewListCell]
        let first = try #require(cells[0].configurationBackgroundView), middle = try #require(cells[1].configurationBackgroundView)
        let last = try #require(cells[2].configurationBackgroundView)
        #expect(first.layer.cornerRadius == 10 && first.layer.maskedCorners == [.layerMinXMinYCorner, .layerMaxXMinYCorner])
        #expect(middle.layer.cornerRadius == 0)
        #expect(last.layer.maskedCorners == [.layerMinXMaxYCorner, .layerMaxXMaxYCorner])
        #expect(cells[0].listPlacement?.showsBottomSeparator == true)
        #expect(cells[2].listPlacement?.showsBottomSeparator == false)
        #expect(first.backgroundColor == .secondarySystemGroupedBackground)
    }

    @Test func accessoriesTakeTheTrailingEdge() {
        let h = Self.listHarness(.insetGrouped, counts: [1])
        let cell = h.on { h.collectionView.visibleCells[0] } as! UICollectionViewListCell
        h.on { cell.accessories = [.disclosureIndicator()]; cell.layoutIfNeeded() }
        let chevron = cell.subviews.first { $0.frame.size == CGSize(width: 8, height: 13) }
        // 16 pt from the cell's trailing edge, centred vertically.
        #expect(chevron?.frame == CGRect(x: 361 - 16 - 8, y: 15.5, width: 8, height: 13))
        #expect(cell.contentView.frame.maxX <= 361 - 16 - 8)
    }
}

@Suite struct DiffableTests {
    final class Controller {
        let h = Harness(layout: flow(), counts: [])
        var dataSource: UICollectionViewDiffableDataSource<Int, String>!
        init() {
            h.on {
                dataSource = UICollectionViewDiffableDataSource<Int, String>(collectionView: h.collectionView) { collectionView, indexPath, item in
                    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
                    cell.accessibilityIdentifier = item
                    return cell
                }
            }
        }
        func apply(_ items: [String], animated: Bool = true) {
            var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
            snapshot.appendSections([0])
            snapshot.appendItems(items, toSection: 0)
            h.on { dataSource.apply(snapshot, animatingDifferences: animated); h.window.layoutIfNeeded() }
        }
        func cell(_ item: String) -> UICollectionViewCell? {
            h.on { h.collectionView.visibleCells.first { $0.accessibilityIdentifier == item } }
        }
    }

    @Test func anAnimatedApplyMovesKeptItemsAndFadesNewOnesIn() {
        let c = Controller()
        c.apply(["a", "b", "c"])
        let b = c.cell("b")!
        // One line, which is the last: left-aligned with 10 pt spacing.
        #expect(b.frame.origin == CGPoint(x: 110, y: 0))
        c.apply(["x", "a", "b", "c"])
        let start = c.h.on { c.h.clock.now }
        c.h.run(to: start + UICollectionView.updateAnimationDuration / 2)
        // b moves from centre x 160 to the end of the now full, justified first line (centre x 343).
        let x = c.h.on { b.layer.presentation()!.position.x }
        #expect(x > 160 + 1 && x < 343 - 1)
        let x0 = c.cell("x")!
        let alpha = c.h.on { x0.layer.presentation()!.opacity }
        #expect(alpha > 0 && alpha < 1)
        c.h.run(to: start + 1)
        #expect(c.h.on { c.dataSource.indexPath(for: "b") } == IndexPath(item: 2, section: 0))
        #expect(c.h.on { c.dataSource.itemIdentifier(for: IndexPath(item: 0, section: 0)) } == "x")
        #expect(b.frame.origin == CGPoint(x: 293, y: 0))
    }

    @Test func sectionSnapshotsReplaceTheirSection() {
        let c = Controller()
        c.apply(["a", "b"])
        var section = NSDiffableDataSourceSectionSnapshot<String>()
        section.append(["p", "q", "r"])
        c.h.on { c.dataSource.apply(section, to: 1, animatingDifferences: false); c.h.window.layoutIfNeeded() }
        #expect(c.h.on { c.h.collectionView.numberOfSections } == 2)
        #expect(c.h.on { c.h.collectionView.numberOfItems(inSection: 1) } == 3)
        #expect(c.h.on { c.dataSource.snapshot(for: 1).items } == ["p", "q", "r"])
        #expect(c.h.on { c.dataSource.sectionIdentifier(for: 1) } == 1)
    }
}

@Suite struct CollectionGoldens {
    /// Renders the window at @3x (iPhone 16).
    static func render(_ h: Harness) -> PixelBuffer {
        h.on {
            h.window.layoutIfNeeded()
            return LayerRenderer(scale: 3).render(h.window.layer.snapshot(at: h.clock.now), size: h.window.bounds.size)
        }
    }

    @Test func photoGrid() {
        let h = Harness(layout: CompositionalLayoutTests.photoGrid(), counts: [40])
        let colours: [UIColor] = [.systemRed, .systemOrange, .systemYellow, .systemGreen, .systemTeal, .systemBlue, .systemIndigo, .systemPurple, .systemPink]
        h.source.configure = { cell, indexPath in cell.contentView.backgroundColor = colours[indexPath.item % colours.count] }
        h.on { h.collectionView.reloadData() }
        assertImageSnapshot(Self.render(h), named: "photo-grid")
    }

    @Test func insetGroupedList() {
        let layout = UICollectionViewCompositionalLayout.list(using: UICollectionLayoutListConfiguration(appearance: .insetGrouped))
        let h = Harness(layout: layout, counts: [3, 4], cellClass: UICollectionViewListCell.self)
        h.source.configure = { cell, indexPath in
            let listCell = cell as! UICollectionViewListCell
            var content = listCell.defaultContentConfiguration()
            content.text = ["General", "Privacy", "Display", "Sounds", "Battery", "Wallpaper", "About"][indexPath.section * 3 + indexPath.item]
            listCell.contentConfiguration = content
            listCell.accessories = [.disclosureIndicator()]
        }
        h.on { h.collectionView.reloadData() }
        h.on { h.collectionView.selectItem(at: IndexPath(item: 1, section: 1), animated: false, scrollPosition: []) }
        assertImageSnapshot(Self.render(h), named: "inset-grouped-list")
    }
}

@Suite struct ListMatchesTableTests {
    final class TableRows: NSObject, UITableViewDataSource {
        let counts: [Int]
        init(_ counts: [Int]) { self.counts = counts }
        func numberOfSections(in tableView: UITableView) -> Int { counts.count }
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { counts[section] }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            var content = cell.defaultContentConfiguration()
            content.text = "Row \(indexPath.row)"
            cell.contentConfiguration = content
            return cell
        }
    }

    /// A list section and a table of the same style put the same rows at the same places.
    @Test(arguments: [(UICollectionLayoutListConfiguration.Appearance.plain, UITableView.Style.plain),
                      (.grouped, .grouped), (.insetGrouped, .insetGrouped)])
    func rowsMatchTheTable(_ appearance: UICollectionLayoutListConfiguration.Appearance, _ style: UITableView.Style) {
        let counts = [3, 2]
        let h = ListLayoutTests.listHarness(appearance, counts: counts)
        let rows = TableRows(counts)
        let rects: [CGRect] = h.on {
            let table = UITableView(frame: CGRect(x: 0, y: 0, width: 393, height: 852), style: style)
            table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
            table.dataSource = rows
            table.layoutIfNeeded()
            return [IndexPath(row: 0, section: 0), IndexPath(row: 2, section: 0), IndexPath(row: 1, section: 1)].map { table.rectForRow(at: $0) }
        }
        let list = [h.frame(0, 0), h.frame(2, 0), h.frame(1, 1)]
        #expect(list == rects.map { Optional($0) })
    }
}
