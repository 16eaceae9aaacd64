import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit

/// A window on its own clock (as a scene session runs one), for tables that animate and take touches.
final class ListHarness {
    let clock = Timeline()
    let window: UIWindow
    init(size: CGSize = CGSize(width: 393, height: 852)) {
        window = Timeline.$current.withValue(clock) { UIWindow(frame: CGRect(origin: .zero, size: size)) }
    }
    func on<T>(_ body: () -> T) -> T { Timeline.$current.withValue(clock) { body() } }
    func advance(to t: TimeInterval) { on { clock.advance(to: t) } }
    func touch(_ phase: UITouch.Phase, _ x: CGFloat, _ y: CGFloat, at t: TimeInterval) {
        on {
            clock.advance(to: t)
            window.sendTouch(finger: 0, phase: phase, at: CGPoint(x: x, y: y))
        }
    }
}

/// Rows "Row n" in sections of the given sizes, with optional titles; counts the cells it makes.
final class Rows: NSObject, UITableViewDataSource, UITableViewDelegate {
    var sections: [Int]
    var headerTitles: [String?] = []
    var footerTitles: [String?] = []
    var image: UIImage?
    var made = 0
    var selectedRows: [IndexPath] = []
    var highlighted: [IndexPath] = []
    init(_ sections: [Int]) { self.sections = sections }
    func numberOfSections(in tableView: UITableView) -> Int { sections.count }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { sections[section] }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath) as! CountingCell
        if cell.label == nil { made += 1 }
        var content = cell.defaultContentConfiguration()
        content.text = "Row \(indexPath.row)"
        content.image = image
        cell.contentConfiguration = content
        cell.label = "Row \(indexPath.section).\(indexPath.row)"
        return cell
    }
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        headerTitles.indices.contains(section) ? headerTitles[section] : nil
    }
    func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
        footerTitles.indices.contains(section) ? footerTitles[section] : nil
    }
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) { selectedRows.append(indexPath) }
    func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath) { highlighted.append(indexPath) }
}

final class CountingCell: UITableViewCell {
    var label: String?
    var reused = 0
    override func prepareForReuse() {
        super.prepareForReuse()
        reused += 1
    }
}

func makeTable(_ style: UITableView.Style, _ rows: Rows, in harness: ListHarness? = nil) -> UITableView {
    let table = UITableView(frame: CGRect(x: 0, y: 0, width: 393, height: 852), style: style)
    table.register(CountingCell.self, forCellReuseIdentifier: "row")
    table.dataSource = rows
    table.delegate = rows
    harness?.window.addSubview(table)
    table.layoutIfNeeded()
    return table
}

@Suite("Table view geometry")
struct TableGeometryTests {
    @Test("Plain rows of one line of body text are 44 pt, full width, stacked from the top")
    func plainRows() {
        let rows = Rows([30])
        let table = makeTable(.plain, rows)
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)) == CGRect(x: 0, y: 0, width: 393, height: 44))
        #expect(table.rectForRow(at: IndexPath(row: 3, section: 0)) == CGRect(x: 0, y: 132, width: 393, height: 44))
        #expect(table.contentSize == CGSize(width: 393, height: 30 * 44))
        #expect(table.backgroundColor == .systemBackground)
        #expect(table.numberOfSections == 1 && table.numberOfRows(inSection: 0) == 30)
        #expect(table.indexPathForRow(at: CGPoint(x: 10, y: 100)) == IndexPath(row: 2, section: 0))
        #expect(table.indexPathsForRows(in: CGRect(x: 0, y: 40, width: 10, height: 50)) == [IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0), IndexPath(row: 2, section: 0)])
    }

    @Test("A fixed rowHeight is used as is; a plain header gets 22 pt of top padding")
    func fixedHeightsAndPlainHeaders() {
        let rows = Rows([3, 3])
        rows.headerTitles = ["Fruit", "Vegetables"]
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 393, height: 852), style: .plain)
        table.register(CountingCell.self, forCellReuseIdentifier: "row")
        table.rowHeight = 60
        table.dataSource = rows
        table.layoutIfNeeded()
        let header = table.rectForHeader(inSection: 0)
        #expect(header.minY == 22)
        #expect(header.height > 20)
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)).height == 60)
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)).minY == header.maxY)
        #expect(table.rectForHeader(inSection: 1).minY == header.maxY + 180 + 22)
        #expect(table.headerView(forSection: 0) != nil)
    }

    @Test("Grouped sections are 35 pt apart (and 35 pt below the top), rows full width on systemGroupedBackground")
    func grouped() {
        let rows = Rows([2, 2])
        let table = makeTable(.grouped, rows)
        #expect(table.backgroundColor == .systemGroupedBackground)
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)) == CGRect(x: 0, y: 35, width: 393, height: 44))
        let secondTop = table.rectForRow(at: IndexPath(row: 0, section: 1)).minY
        #expect(secondTop - table.rectForRow(at: IndexPath(row: 1, section: 0)).maxY == 35)
        let cell = table.cellForRow(at: IndexPath(row: 0, section: 0))!
        #expect(cell.backgroundHost.backgroundColor == .secondarySystemGroupedBackground)
    }

    @Test("A grouped header is 16 pt + a footnote line + 7 pt, its text upper-case in secondaryLabel")
    func groupedHeaderText() throws {
        let rows = Rows([2])
        rows.headerTitles = ["Network"]
        let table = makeTable(.grouped, rows)
        let line = ceil(UIFont.preferredFont(forTextStyle: .footnote).lineHeight)
        #expect(table.rectForHeader(inSection: 0).height == 16 + line + 7)
        let header = try #require(table.headerView(forSection: 0))
        let content = try #require(header.contentView.subviews.first as? UIListContentView)
        #expect(content.textLabel.text == "NETWORK")
        #expect(content.textLabel.textColor == .secondaryLabel)
    }

    @Test("Inset-grouped rows are inset 16 pt from the screen edges with 10 pt corners on the section's ends")
    func insetGrouped() {
        let rows = Rows([3])
        let table = makeTable(.insetGrouped, rows)
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)) == CGRect(x: 16, y: 35, width: 361, height: 44))
        let first = table.cellForRow(at: IndexPath(row: 0, section: 0))!
        let middle = table.cellForRow(at: IndexPath(row: 1, section: 0))!
        let last = table.cellForRow(at: IndexPath(row: 2, section: 0))!
        #expect(first.backgroundHost.layer.cornerRadius == 10)
        #expect(first.backgroundHost.layer.maskedCorners == [.layerMinXMinYCorner, .layerMaxXMinYCorner])
        #expect(middle.backgroundHost.layer.maskedCorners == [])
        #expect(last.backgroundHost.layer.maskedCorners == [.layerMinXMaxYCorner, .layerMaxXMaxYCorner])
        #expect(last.separatorLine.isHidden)
        #expect(!first.separatorLine.isHidden)
    }

    @Test("Inset-grouped headers and rows put their text 32 pt from the screen edge (section inset + row margin)")
    func insetGroupedTextLinesUp() throws {
        let rows = Rows([2])
        rows.headerTitles = ["Network"]
        let table = makeTable(.insetGrouped, rows)
        let header = try #require(table.headerView(forSection: 0))
        let headerText = try #require(header.contentView.subviews.first as? UIListContentView).textLabel
        #expect(headerText.convert(headerText.bounds, to: table).minX == 32)
        let cell = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
        let rowText = try #require(cell.contentView.subviews.first as? UIListContentView).textLabel
        #expect(rowText.convert(rowText.bounds, to: table).minX == 32)
    }

    @Test("Separators are one pixel of .separator, inset 16 pt, or from the text when the row has an image")
    func separators() throws {
        let rows = Rows([3])
        let table = makeTable(.plain, rows)
        let cell = table.cellForRow(at: IndexPath(row: 0, section: 0))!
        #expect(cell.separatorLine.frame == CGRect(x: 16, y: 44 - 1.0 / 3, width: 393 - 16, height: 1.0 / 3))
        #expect(cell.separatorLine.backgroundColor == .separator)
        #expect(table.separatorInset.left == 16)

        let withImage = Rows([3])
        withImage.image = try #require(UIImage(systemName: "star"))
        let imageTable = makeTable(.plain, withImage)
        let imageCell = imageTable.cellForRow(at: IndexPath(row: 0, section: 0))!
        let expected = 16 + max(withImage.image!.size.width, ceil(UIFont.preferredFont(forTextStyle: .body).lineHeight)) + 16
        #expect(abs(imageCell.separatorLine.frame.minX - expected) < 0.01)

        table.separatorStyle = .none
        table.layoutIfNeeded()
        #expect(cell.separatorLine.isHidden)
    }

    @Test("Subtitle rows size themselves taller than 44 pt; a classic .subtitle cell is placed the same way")
    func selfSizing() {
        final class Subtitles: NSObject, UITableViewDataSource {
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 2 }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = UITableViewCell(style: .subtitle, reuseIdentifier: nil)
                if indexPath.row == 0 {
                    var content = cell.defaultContentConfiguration()
                    content.text = "Title"
                    content.secondaryText = "Subtitle"
                    cell.contentConfiguration = content
                } else {
                    cell.textLabel?.text = "Title"
                    cell.detailTextLabel?.text = "Subtitle"
                }
                return cell
            }
        }
        let source = Subtitles()
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 393, height: 852), style: .plain)
        table.dataSource = source
        table.layoutIfNeeded()
        let body = ceil(UIFont.preferredFont(forTextStyle: .body).lineHeight)
        let sub = ceil(UIFont.preferredFont(forTextStyle: .subheadline).lineHeight)
        let expected = max(44, 8 + body + 3 + sub + 8)
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)).height == expected)
        #expect(table.rectForRow(at: IndexPath(row: 1, section: 0)).height == expected)
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 0))?.textLabel?.frame.minX == 16)
    }

    @Test("Accessories sit at the trailing margin; the chevron is 8 x 13 pt")
    func accessories() {
        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        cell.frame = CGRect(x: 0, y: 0, width: 393, height: 44)
        cell.accessoryType = .disclosureIndicator
        cell.layoutIfNeeded()
        let chevron = cell.subviews.first { $0 is UIImageView && $0.frame.size == CGSize(width: 8, height: 13) }
        #expect(abs(chevron!.frame.maxX - (393 - 16)) < 0.001)
        #expect(cell.contentView.frame.maxX < chevron!.frame.minX + 16)
    }
}

@Suite("Table view reuse")
struct TableReuseTests {
    @Test("Scrolling 10 000 rows keeps only the visible rows as cells; rows off screen have no cell")
    func boundedCells() {
        let rows = Rows([10_000])
        let table = makeTable(.plain, rows)
        let onScreen = Int((852.0 / 44).rounded(.up))
        #expect(table.visibleCells.count == onScreen)
        #expect(table.cellForRow(at: IndexPath(row: 500, section: 0)) == nil)
        var most = 0
        for step in 1...300 {
            table.contentOffset = CGPoint(x: 0, y: CGFloat(step) * 37)
            table.layoutIfNeeded()
            most = max(most, table.subviews.filter { $0 is UITableViewCell }.count)
        }
        #expect(most <= onScreen + 1)
        #expect(rows.made <= onScreen + 2)
        let top = Int(table.contentOffset.y / 44)
        #expect(table.cellForRow(at: IndexPath(row: top + 1, section: 0)) != nil)
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0)) == nil)
        let reused = table.visibleCells.map { ($0 as! CountingCell).reused }.reduce(0, +)
        #expect(reused > 0)
        #expect((table.cellForRow(at: IndexPath(row: top + 1, section: 0)) as? CountingCell)?.label == "Row 0.\(top + 1)")
    }

    @Test("A cell's index path follows it; reloadData puts every cell back in the pool")
    func indexPathsAndReload() {
        let rows = Rows([5])
        let table = makeTable(.plain, rows)
        let cell = table.cellForRow(at: IndexPath(row: 3, section: 0))!
        #expect(table.indexPath(for: cell) == IndexPath(row: 3, section: 0))
        #expect(table.indexPathsForVisibleRows == (0..<5).map { IndexPath(row: $0, section: 0) })
        rows.sections = [2]
        table.reloadData()
        table.layoutIfNeeded()
        #expect(table.visibleCells.count == 2)
        #expect(rows.made == 5)
    }
}

@Suite("Table view updates and selection")
struct TableUpdateTests {
    @Test("A faded deletion: the row fades out while the rows below slide up, then it goes to the pool")
    func deleteFades() throws {
        let h = ListHarness()
        let rows = Rows([5])
        let table = h.on { makeTable(.plain, rows, in: h) }
        let deleted = table.cellForRow(at: IndexPath(row: 1, section: 0))!
        let below = table.cellForRow(at: IndexPath(row: 2, section: 0))!
        var finished = false
        h.on {
            rows.sections = [4]
            table.performBatchUpdates({ table.deleteRows(at: [IndexPath(row: 1, section: 0)], with: .fade) }, completion: { finished = $0 })
        }
        #expect(below.frame.minY == 44)                      // the model is at the new place at once
        h.advance(to: 0.15)
        let midY = try #require(h.on { below.layer.presentation() }).frame.minY
        #expect(midY > 44 && midY < 88)                       // drawn on its way up
        let alpha = try #require(h.on { deleted.layer.presentation() }).opacity
        #expect(alpha > 0.1 && alpha < 0.9)
        h.advance(to: 1)
        #expect(finished)
        #expect(deleted.superview == nil)
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 0)) === below)
    }

    @Test("Inserted rows slide in from the right; moved rows keep their cell")
    func insertAndMove() throws {
        let h = ListHarness()
        let rows = Rows([3])
        let table = h.on { makeTable(.plain, rows, in: h) }
        let first = table.cellForRow(at: IndexPath(row: 0, section: 0))!
        h.on {
            rows.sections = [4]
            table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .right)
        }
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 0)) === first)
        let inserted = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
        h.advance(to: 0.15)
        let x = try #require(h.on { inserted.layer.presentation() }).frame.minX
        #expect(x > 0 && x < 393)
        h.advance(to: 1)
        h.on {
            table.moveRow(at: IndexPath(row: 1, section: 0), to: IndexPath(row: 3, section: 0))
        }
        #expect(table.cellForRow(at: IndexPath(row: 3, section: 0)) === first)
        #expect(first.frame.minY == 132)
    }

    @Test("Index mapping follows UIKit: deletions in old indexes, insertions in new ones, moves old to new")
    func mapping() {
        var update = UITableView.Update()
        update.deletedRows = [IndexPath(row: 0, section: 0)]
        update.insertedRows = [IndexPath(row: 2, section: 0)]
        let m = UITableView.map(update, oldCounts: [3], newCounts: [3])
        #expect(m.rows[IndexPath(row: 0, section: 0)] == nil)
        #expect(m.rows[IndexPath(row: 1, section: 0)] == IndexPath(row: 0, section: 0))
        #expect(m.rows[IndexPath(row: 2, section: 0)] == IndexPath(row: 1, section: 0))
        #expect(m.insertedNew == [IndexPath(row: 2, section: 0)])
        var sections = UITableView.Update()
        sections.deletedSections = [0]
        let s = UITableView.map(sections, oldCounts: [1, 2], newCounts: [2])
        #expect(s.rows[IndexPath(row: 1, section: 1)] == IndexPath(row: 1, section: 0))
    }

    @Test("Touch down highlights the row, touch up selects it and tells the delegate; the next tap moves the selection")
    func touchSelection() {
        let h = ListHarness()
        let rows = Rows([5])
        let table = h.on { makeTable(.plain, rows, in: h) }
        let cell = table.cellForRow(at: IndexPath(row: 2, section: 0))!
        h.touch(.began, 100, 100, at: 0.1)
        #expect(cell.isHighlighted)
        #expect(rows.highlighted == [IndexPath(row: 2, section: 0)])
        #expect(cell.backgroundHost.backgroundColor == .systemGray4)
        h.touch(.ended, 100, 100, at: 0.2)
        #expect(!cell.isHighlighted && cell.isSelected)
        #expect(rows.selectedRows == [IndexPath(row: 2, section: 0)])
        #expect(table.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
        h.touch(.began, 100, 10, at: 0.3)
        h.touch(.ended, 100, 10, at: 0.4)
        #expect(!cell.isSelected)
        #expect(table.indexPathsForSelectedRows == [IndexPath(row: 0, section: 0)])
    }

    @Test("An animated deselect fades the gray over 0.3 s")
    func animatedDeselect() throws {
        let h = ListHarness()
        let rows = Rows([5])
        let table = h.on { makeTable(.plain, rows, in: h) }
        let path = IndexPath(row: 1, section: 0)
        h.on { table.selectRow(at: path, animated: false, scrollPosition: .none) }
        let cell = table.cellForRow(at: path)!
        #expect(cell.backgroundHost.backgroundColor == .systemGray4)
        h.on { table.deselectRow(at: path, animated: true) }
        #expect(table.indexPathForSelectedRow == nil)
        h.advance(to: 0.15)
        let mid = try #require(h.on { cell.backgroundHost.layer.presentation()?.backgroundColor })
        let gray = UIColor.systemGray4.cgColor
        #expect(mid.red > gray.red && mid.red < 1)
        h.advance(to: 0.31)
        #expect(h.on { cell.backgroundHost.layer.presentation()?.backgroundColor } == UIColor.systemBackground.cgColor)
    }
}
