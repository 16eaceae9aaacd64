// Settings as an app writes it: a navigation controller with large titles whose root screen is an
// `.insetGrouped` UITableView fed by a UITableViewDiffableDataSource, rows configured with
// UIListContentConfiguration (`valueCell()` where a row shows a value) and a disclosure indicator. Tapping a
// row selects it and pushes a detail table with UIKit's own push (no custom animator anywhere). The row
// stays selected under the pushed screen; when the list comes back it deselects the row alongside the pop,
// the classic way: `transitionCoordinator.animate(alongsideTransition:)` in `viewWillAppear`, selecting it
// again when an interactive pop is cancelled.
import UIKit
import Stage

// MARK: - Model

/// One row of the settings list: a coloured icon, a title, and a value shown on the right (or none).
struct SettingsItem: Hashable {
    let title: String
    let value: String?
    let iconColor: UIColor
    /// A symbol drawn in white on the icon (nil: a plain coloured square).
    let symbol: String?

    init(_ title: String, value: String? = nil, icon iconColor: UIColor, symbol: String? = nil) {
        self.title = title
        self.value = value
        self.iconColor = iconColor
        self.symbol = symbol
    }

    // Rows are identified by their title: the list never shows one twice.
    static func == (lhs: SettingsItem, rhs: SettingsItem) -> Bool { lhs.title == rhs.title }
    func hash(into hasher: inout Hasher) { hasher.combine(title) }
}

/// A section of a settings table: its header (or none) and its rows.
struct SettingsSection: Hashable {
    let header: String?
    let items: [SettingsItem]

    // Sections are identified by their first row (headers can be absent, so they cannot be the identity).
    static func == (lhs: SettingsSection, rhs: SettingsSection) -> Bool { lhs.items.first == rhs.items.first }
    func hash(into hasher: inout Hasher) { hasher.combine(items.first) }
}

/// Settings' row icons: a 29 pt rounded square in the row's colour (corner radius 7, as Settings draws
/// them) with a white glyph when the symbol set has one.
enum SettingsIcon {
    static let side: CGFloat = 29
    static let cornerRadius: CGFloat = 7

    static func image(color: UIColor, symbol: String?) -> UIImage {
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: side, height: side))
        return renderer.image { _ in
            color.setFill()
            UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: side, height: side), cornerRadius: cornerRadius).fill()
            if let symbol, let glyph = UIImage(systemName: symbol)?.withTintColor(.white) {
                let size = glyph.size
                let scale = min(1, 17 / max(size.width, size.height))
                let fitted = CGSize(width: size.width * scale, height: size.height * scale)
                glyph.draw(in: CGRect(x: (side - fitted.width) / 2, y: (side - fitted.height) / 2,
                                      width: fitted.width, height: fitted.height))
            }
        }
    }
}

/// A settings table's data source: the diffable one, plus the sections' header titles.
final class SettingsDataSource: UITableViewDiffableDataSource<SettingsSection, SettingsItem> {
    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        sectionIdentifier(for: section)?.header
    }
}

/// An `.insetGrouped` table of settings rows: what both screens of the scene share.
class SettingsTableViewController: UIViewController, UITableViewDelegate {
    let sections: [SettingsSection]
    private(set) var tableView: UITableView!
    private(set) var dataSource: SettingsDataSource!

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    init(title: String, sections: [SettingsSection]) {
        self.sections = sections
        super.init(nibName: nil, bundle: nil)
        self.title = title
    }

    override func loadView() {
        let tableView = UITableView(frame: UIScreen.main.bounds, style: .insetGrouped)
        self.tableView = tableView
        view = tableView
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        tableView.delegate = self
        dataSource = SettingsDataSource(tableView: tableView) { tableView, indexPath, item in
            let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            // A value on the right calls for the value-cell style; a plain row for the default one.
            var content = item.value == nil ? UIListContentConfiguration.cell() : UIListContentConfiguration.valueCell()
            content.text = item.title
            content.secondaryText = item.value
            content.image = SettingsIcon.image(color: item.iconColor, symbol: item.symbol)
            cell.contentConfiguration = content
            cell.accessoryType = .disclosureIndicator
            return cell
        }
        var snapshot = NSDiffableDataSourceSnapshot<SettingsSection, SettingsItem>()
        snapshot.appendSections(sections)
        for section in sections { snapshot.appendItems(section.items, toSection: section) }
        dataSource.apply(snapshot, animatingDifferences: false)
    }

    /// What happened to the selection each time the screen came back with a row selected (true: deselected
    /// by a finished transition, false: kept by a cancelled one).
    private(set) var deselectionResults: [Bool] = []

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        // The selected row fades out with the transition that brings the screen back; an interactive pop
        // that is cancelled leaves it selected.
        guard let indexPath = tableView.indexPathForSelectedRow else { return }
        if let coordinator = transitionCoordinator {
            coordinator.animate(alongsideTransition: { _ in
                self.tableView.deselectRow(at: indexPath, animated: true)
            }, completion: { context in
                if context.isCancelled {
                    self.tableView.selectRow(at: indexPath, animated: false, scrollPosition: .none)
                }
                self.deselectionResults.append(!context.isCancelled)
            })
        } else {
            tableView.deselectRow(at: indexPath, animated: animated)
        }
    }

    // Declared here so subclasses can override it: a protocol's optional method is witnessed once, by
    // the class that conforms.
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}

    /// The index path of a row by its title.
    func indexPath(ofRowTitled title: String) -> IndexPath? {
        for (sectionIndex, section) in sections.enumerated() {
            if let row = section.items.firstIndex(where: { $0.title == title }) { return IndexPath(row: row, section: sectionIndex) }
        }
        return nil
    }
}

// MARK: - Screens

/// The Settings list: a large "Settings" title and three groups of rows. A tap selects the row and pushes
/// its detail screen; coming back deselects it alongside the pop.
final class SettingsListViewController: SettingsTableViewController {
    static let settingsSections: [SettingsSection] = [
        SettingsSection(header: nil, items: [
            SettingsItem("Wi-Fi", value: "Home", icon: .systemBlue),
            SettingsItem("Bluetooth", value: "On", icon: .systemBlue),
            SettingsItem("Cellular", icon: .systemGreen),
            SettingsItem("Personal Hotspot", value: "Off", icon: .systemGreen),
        ]),
        SettingsSection(header: "Notifications", items: [
            SettingsItem("Notifications", icon: .systemRed),
            SettingsItem("Sounds & Haptics", icon: .systemPink),
            SettingsItem("Focus", icon: .systemIndigo),
            SettingsItem("Screen Time", icon: .systemPurple),
        ]),
        SettingsSection(header: "Device", items: [
            SettingsItem("General", icon: .systemGray, symbol: "gearshape"),
            SettingsItem("Control Center", icon: .systemGray),
            SettingsItem("Display & Brightness", icon: .systemBlue),
            SettingsItem("Home Screen & App Library", icon: .systemIndigo, symbol: "square.stack.3d.up"),
            SettingsItem("Search", icon: .systemGray, symbol: "magnifyingglass"),
            SettingsItem("Battery", value: "82%", icon: .systemGreen),
        ]),
    ]

    /// The screen a row pushes (one per scene run; the list shows it for any row).
    let generalViewController = GeneralViewController()
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    init() { super.init(title: "Settings", sections: Self.settingsSections) }

    override func viewDidLoad() {
        super.viewDidLoad()
        navigationItem.largeTitleDisplayMode = .always
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        guard let item = dataSource.itemIdentifier(for: indexPath) else { return }
        generalViewController.title = item.title
        navigationController?.pushViewController(generalViewController, animated: true)
    }
}

/// The pushed screen: General's rows, inline title.
final class GeneralViewController: SettingsTableViewController {
    static let generalSections: [SettingsSection] = [
        SettingsSection(header: nil, items: [
            SettingsItem("About", icon: .systemGray),
            SettingsItem("Software Update", icon: .systemGray),
        ]),
        SettingsSection(header: nil, items: [
            SettingsItem("AirDrop", icon: .systemBlue),
            SettingsItem("AirPlay & Continuity", icon: .systemBlue),
            SettingsItem("Picture in Picture", icon: .systemIndigo),
        ]),
        SettingsSection(header: nil, items: [
            SettingsItem("iPhone Storage", value: "64 GB", icon: .systemGray),
            SettingsItem("Background App Refresh", icon: .systemGray),
            SettingsItem("Date & Time", icon: .systemBlue),
            SettingsItem("Keyboard", icon: .systemGray),
            SettingsItem("Language & Region", icon: .systemBlue),
        ]),
    ]

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    init() { super.init(title: "General", sections: Self.generalSections) }

    override func viewDidLoad() {
        super.viewDidLoad()
        navigationItem.largeTitleDisplayMode = .never
    }
}

// MARK: - Scene

/// Tap General: the row highlights and stays selected while UIKit's push brings in the General table.
/// A left-edge swipe lets go at 30 % (cancelled: the row's selection, fading with the swipe, comes back),
/// then a second past half way (finished: the selection fades out with the pop).
public final class SettingsPushScene: Scene {
    public static let name = "settings-push"
    public static let summary = "Settings as an app builds it: an inset-grouped table (diffable data source, list content configurations) under a large title; a row selects and pushes, an edge-swipe pop cancels (the row stays selected) then finishes (it deselects alongside)"
    /// The row the script taps.
    static let tappedRow = "General"
    private(set) var list: SettingsListViewController!
    public init() {}

    public func makeRootViewController() -> UIViewController {
        let list = SettingsListViewController()
        self.list = list
        let navigationController = UINavigationController(rootViewController: list)
        navigationController.navigationBar.prefersLargeTitles = true
        return navigationController
    }

    public func script() -> Script {
        var script = Script()
        // Held a little longer than a quick tap, so the highlight shows before the push.
        script.tap({ [unowned self] in
            let indexPath = self.list.indexPath(ofRowTitled: Self.tappedRow)!
            return self.list.tableView.cellForRow(at: indexPath)!
        }, duration: 0.25)
        script.waitUntilIdle()
        script.wait(0.4)
        let width = UIScreen.main.bounds.width
        script.edgeSwipe(from: .left, translation: 0.3 * width, duration: 0.5, releaseVelocity: 40)
        script.waitUntilIdle()
        script.wait(0.3)
        script.edgeSwipe(from: .left, translation: 0.6 * width, duration: 0.6, releaseVelocity: 120)
        return script
    }
}
