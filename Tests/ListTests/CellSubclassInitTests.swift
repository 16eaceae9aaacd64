import Testing
import UIKit

// Cell subclasses written as on iOS — `override init(style:reuseIdentifier:)` / `override init(frame:)` with
// `required init?(coder:)`, or no initializers at all — compile unchanged and are made by registration through
// their own initializers.

private final class BadgeCell: UITableViewCell {
    let badge = UILabel()
    private(set) var madeBy = ""
    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        madeBy = "init(style:reuseIdentifier:) \(reuseIdentifier ?? "nil")"
        contentView.addSubview(badge)
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

private final class PlainCell: UITableViewCell {
    var tag2 = 7
}

private final class SectionHeader: UITableViewHeaderFooterView {
    private(set) var madeBy = ""
    override init(reuseIdentifier: String?) {
        super.init(reuseIdentifier: reuseIdentifier)
        madeBy = "init(reuseIdentifier:) \(reuseIdentifier ?? "nil")"
    }
    required init?(coder: NSCoder) { fatalError() }
}

private final class Source: NSObject, UITableViewDataSource {
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 2 }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        tableView.dequeueReusableCell(withIdentifier: indexPath.row == 0 ? "badge" : "plain", for: indexPath)
    }
}

@Suite struct CellSubclassInitTests {
    @Test func registeredSubclassesAreMadeThroughTheirOwnInitializers() {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 393, height: 600), style: .plain)
        table.register(BadgeCell.self, forCellReuseIdentifier: "badge")
        table.register(PlainCell.self, forCellReuseIdentifier: "plain")
        table.register(SectionHeader.self, forHeaderFooterViewReuseIdentifier: "header")
        let source = Source()
        table.dataSource = source
        table.layoutIfNeeded()
        let badge = table.cellForRow(at: IndexPath(row: 0, section: 0)) as? BadgeCell
        #expect(badge?.madeBy == "init(style:reuseIdentifier:) badge")
        #expect(badge?.reuseIdentifier == "badge")
        #expect(badge?.badge.superview === badge?.contentView)
        #expect((table.cellForRow(at: IndexPath(row: 1, section: 0)) as? PlainCell)?.tag2 == 7)
        let header = table.dequeueReusableHeaderFooterView(withIdentifier: "header") as? SectionHeader
        #expect(header?.madeBy == "init(reuseIdentifier:) header")
    }
}

@Suite struct TableViewControllerPassthroughTests {
    @Test func refreshControlIsTheTablesOwn() {
        let controller = UITableViewController(style: .insetGrouped)
        #expect(controller.tableView.style == .insetGrouped)
        let refresh = UIRefreshControl()
        controller.refreshControl = refresh
        #expect(controller.tableView.refreshControl === refresh)
        #expect(controller.refreshControl === refresh)
        controller.tableView.refreshControl = nil
        #expect(controller.refreshControl == nil)
    }
}
