import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit

@Suite("Table view diffable data source")
struct TableDiffableTests {
    typealias Snapshot = NSDiffableDataSourceSnapshot<String, String>

    final class Fixture {
        let h = ListHarness()
        let table: UITableView
        let source: UITableViewDiffableDataSource<String, String>
        var provided: [String] = []
        init() {
            let table = h.on { UITableView(frame: CGRect(x: 0, y: 0, width: 393, height: 852), style: .insetGrouped) }
            self.table = table
            h.window.addSubview(table)
            table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
            var log: [String] = []
            source = UITableViewDiffableDataSource(tableView: table) { table, indexPath, item in
                log.append(item)
                let cell = table.dequeueReusableCell(withIdentifier: "row", for: indexPath)
                var content = cell.defaultContentConfiguration()
                content.text = item
                cell.contentConfiguration = content
                return cell
            }
            _ = log
        }
        func text(_ row: Int, _ section: Int = 0) -> String? {
            ((table.cellForRow(at: IndexPath(row: row, section: section))?.contentConfiguration) as? UIListContentConfiguration)?.text
        }
    }

    @Test("The first apply reloads; later applies animate the difference and the cells follow their items")
    func applyAnimatesDifferences() throws {
        let f = Fixture()
        var snapshot = Snapshot()
        snapshot.appendSections(["fruit"])
        snapshot.appendItems(["Apple", "Banana", "Cherry"])
        f.h.on { f.source.apply(snapshot) }
        f.table.layoutIfNeeded()
        #expect(f.table.numberOfRows(inSection: 0) == 3)
        #expect(f.text(1) == "Banana")
        let cherry = try #require(f.table.cellForRow(at: IndexPath(row: 2, section: 0)))

        var next = snapshot
        next.deleteItems(["Banana"])
        next.insertItems(["Apricot"], afterItem: "Apple")
        next.appendItems(["Damson"])
        var done = false
        f.h.on { f.source.apply(next, animatingDifferences: true) { done = true } }
        #expect(f.table.cellForRow(at: IndexPath(row: 2, section: 0)) === cherry)   // the same cell, moved with its item
        #expect(f.text(1) == "Apricot")
        #expect(f.text(3) == "Damson")
        #expect(f.source.itemIdentifier(for: IndexPath(row: 3, section: 0)) == "Damson")
        #expect(f.source.indexPath(for: "Cherry") == IndexPath(row: 2, section: 0))
        #expect(f.source.sectionIdentifier(for: 0) == "fruit")
        #expect(f.source.snapshot().itemIdentifiers == ["Apple", "Apricot", "Cherry", "Damson"])
        #expect(!done)
        f.h.advance(to: 1)
        #expect(done)
    }

    @Test("Reconfiguring an item updates its shown cell in place; applying without animation reloads")
    func reconfigureAndReload() throws {
        let f = Fixture()
        var snapshot = Snapshot()
        snapshot.appendSections(["a"])
        snapshot.appendItems(["One", "Two"])
        f.h.on { f.source.apply(snapshot, animatingDifferences: false) }
        f.table.layoutIfNeeded()
        let two = try #require(f.table.cellForRow(at: IndexPath(row: 1, section: 0)))
        var next = snapshot
        next.reconfigureItems(["Two"])
        f.h.on { f.source.apply(next) }
        #expect(f.table.cellForRow(at: IndexPath(row: 1, section: 0)) === two)
        var other = Snapshot()
        other.appendSections(["b"])
        other.appendItems(["Three"])
        f.h.on { f.source.applySnapshotUsingReloadData(other) }
        #expect(f.table.numberOfRows(inSection: 0) == 1)
        #expect(f.text(0) == "Three")
    }
}
