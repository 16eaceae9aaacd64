// Sheets as iOS apps show them, with UIKit's own sheet presentation (no custom animator anywhere): a
// Reminders-style list of lists presents "New List" with `present(_:animated:)` and the default style; the
// new list presents a second sheet over it; a medium/large sheet with a grabber changes detent through
// `animateChanges` and is dragged to large; a sheet is pulled down and let go (it returns), then flicked away.
import UIKit
import Stage

// MARK: - Screens

/// The lists a Reminders-style app shows: an inset-grouped table under a large title, with an add button.
final class ListsViewController: SettingsTableViewController {
    let addItem = UIBarButtonItem(systemItem: .add)
    /// What the add button presents (made fresh for each tap, as an app does).
    var makeSheet: () -> UIViewController = { NewListViewController.inNavigation() }

    init() {
        super.init(title: "Lists", sections: [
            SettingsSection(header: "My Lists", items: [
                SettingsItem("Reminders", value: "6", icon: .systemBlue, symbol: "list.bullet"),
                SettingsItem("Groceries", value: "12", icon: .systemOrange, symbol: "cart.fill"),
                SettingsItem("Work", value: "4", icon: .systemRed, symbol: "briefcase.fill"),
                SettingsItem("Family", value: "3", icon: .systemGreen, symbol: "house.fill"),
                SettingsItem("Reading", value: "9", icon: .systemPurple, symbol: "book.fill"),
            ]),
            SettingsSection(header: "Shared", items: [
                SettingsItem("Trip to Lisbon", value: "8", icon: .systemTeal, symbol: "airplane"),
                SettingsItem("Garden", value: "2", icon: .systemBrown, symbol: "leaf.fill"),
            ]),
        ])
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func viewDidLoad() {
        super.viewDidLoad()
        addItem.primaryAction = UIAction { [unowned self] _ in self.present(self.makeSheet(), animated: true) }
        navigationItem.rightBarButtonItem = addItem
    }
}

/// "New List": a name, a colour and an icon, with Cancel and Done. Its Colour row presents a second sheet.
final class NewListViewController: SettingsTableViewController {
    static let colourRow = "Colour"
    init() {
        super.init(title: "New List", sections: [
            SettingsSection(header: nil, items: [SettingsItem("Name", value: "Holiday", icon: .systemBlue, symbol: "list.bullet")]),
            SettingsSection(header: "Appearance", items: [
                SettingsItem(NewListViewController.colourRow, value: "Blue", icon: .systemBlue, symbol: "paintpalette.fill"),
                SettingsItem("Icon", value: "List", icon: .systemGray, symbol: "star.fill"),
            ]),
            SettingsSection(header: "Options", items: [
                SettingsItem("List Type", value: "Standard", icon: .systemIndigo, symbol: "square.grid.2x2.fill"),
                SettingsItem("Show Completed", value: "Off", icon: .systemGreen, symbol: "checkmark"),
            ]),
        ])
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    static func inNavigation() -> UINavigationController {
        UINavigationController(rootViewController: NewListViewController())
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        navigationItem.leftBarButtonItem = UIBarButtonItem(systemItem: .cancel, primaryAction: UIAction { [unowned self] _ in
            self.dismiss(animated: true)
        })
        navigationItem.rightBarButtonItem = UIBarButtonItem(systemItem: .done, primaryAction: UIAction { [unowned self] _ in
            self.dismiss(animated: true)
        })
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        guard dataSource.itemIdentifier(for: indexPath)?.title == Self.colourRow else { return }
        let colours = SettingsTableViewController(title: "Colour", sections: [SettingsSection(header: nil, items: [
            SettingsItem("Blue", icon: .systemBlue), SettingsItem("Red", icon: .systemRed),
            SettingsItem("Orange", icon: .systemOrange), SettingsItem("Yellow", icon: .systemYellow),
            SettingsItem("Green", icon: .systemGreen), SettingsItem("Purple", icon: .systemPurple),
        ])])
        present(UINavigationController(rootViewController: colours), animated: true)
        tableView.deselectRow(at: indexPath, animated: true)
    }
}

/// A Maps-style place card: medium and large detents with a grabber; its button switches detent with
/// `animateChanges`.
final class PlaceCardViewController: UIViewController {
    let button = UIButton(configuration: .filled())
    private let titleLabel = UILabel()
    private let detailLabel = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        titleLabel.text = "Botanical Garden"
        titleLabel.font = .preferredFont(forTextStyle: .title1)
        detailLabel.text = "Park · 1.2 km · Open until 19:00"
        detailLabel.font = .preferredFont(forTextStyle: .subheadline)
        detailLabel.textColor = .secondaryLabel
        button.configuration?.title = "Show More"
        button.configuration?.cornerStyle = .large
        button.addAction(UIAction { [unowned self] _ in self.toggleDetent() }, for: .touchUpInside)
        for (index, subview) in [titleLabel, detailLabel, button].enumerated() {
            subview.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(subview)
            subview.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 20).isActive = true
            if index == 2 { subview.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -20).isActive = true }
        }
        NSLayoutConstraint.activate([
            titleLabel.topAnchor.constraint(equalTo: view.topAnchor, constant: 28),
            detailLabel.topAnchor.constraint(equalTo: titleLabel.bottomAnchor, constant: 4),
            button.topAnchor.constraint(equalTo: detailLabel.bottomAnchor, constant: 20),
            button.heightAnchor.constraint(equalToConstant: 50),
        ])
    }

    /// The app's own button: medium ↔ large, animated as UIKit animates detent changes.
    func toggleDetent() {
        guard let sheet = sheetPresentationController else { return }
        sheet.animateChanges {
            sheet.selectedDetentIdentifier = sheet.selectedDetentIdentifier == .large ? .medium : .large
        }
        button.configuration?.title = sheet.selectedDetentIdentifier == .large ? "Show Less" : "Show More"
    }

    static func asSheet() -> PlaceCardViewController {
        let card = PlaceCardViewController()
        if let sheet = card.sheetPresentationController {
            sheet.detents = [.medium(), .large()]
            sheet.prefersGrabberVisible = true
        }
        return card
    }
}

// MARK: - Scenes

/// The lists screen, with a navigation controller and a large title.
public class SheetScene {
    private(set) var lists: ListsViewController!
    public required init() {}

    public func makeRootViewController() -> UIViewController {
        let lists = ListsViewController()
        self.lists = lists
        configure(lists)
        let navigationController = UINavigationController(rootViewController: lists)
        navigationController.navigationBar.prefersLargeTitles = true
        return navigationController
    }
    func configure(_ lists: ListsViewController) {}

    /// The controller shown in the topmost sheet.
    var topSheet: UIViewController? {
        var current: UIViewController? = lists.navigationController
        while let presented = current?.presentedViewController { current = presented }
        return current === lists.navigationController ? nil : current
    }
}

/// Tap + on the lists screen: "New List" comes up as a page sheet; the list recedes into a card.
public final class SheetPresentScene: SheetScene, Scene {
    public static let name = "sheet-present"
    public static let summary = "Tap + on a list screen: present(_:animated:) with the default style shows a page sheet, the list recedes into a dimmed card under a light status bar"
    public func script() -> Script {
        var script = Script()
        script.tapBarButton { [unowned self] in self.lists.addItem }
        return script
    }
}

/// "New List" is up; tapping its Colour row presents a second sheet: the first recedes further.
public final class SheetStackedScene: SheetScene, Scene {
    public static let name = "sheet-stacked"
    public static let summary = "From a page sheet, a second sheet: the first sheet recedes into a card, the list stays back"
    public func script() -> Script {
        var script = Script()
        script.tapBarButton { [unowned self] in self.lists.addItem }
        script.waitUntilIdle()
        script.wait(0.3)
        script.tap({ [unowned self] in
            let newList = (self.topSheet as! UINavigationController).topViewController as! NewListViewController
            let indexPath = newList.indexPath(ofRowTitled: NewListViewController.colourRow)!
            return newList.tableView.cellForRow(at: indexPath)!
        })
        return script
    }
}

/// A place card at the medium detent with a grabber; its button moves it to large and back with
/// `animateChanges`; then a drag up from the grabber takes it to large.
public final class SheetDetentsScene: SheetScene, Scene {
    public static let name = "sheet-detents"
    public static let summary = "A medium/large sheet with a grabber: animateChanges moves it to large and back, then a drag up takes it to large"
    override func configure(_ lists: ListsViewController) {
        lists.makeSheet = { PlaceCardViewController.asSheet() }
    }
    public func script() -> Script {
        var script = Script()
        script.tapBarButton { [unowned self] in self.lists.addItem }
        script.waitUntilIdle()
        script.wait(0.3)
        script.tap { [unowned self] in (self.topSheet as! PlaceCardViewController).button }
        script.waitUntilIdle()
        script.wait(0.3)
        script.tap { [unowned self] in (self.topSheet as! PlaceCardViewController).button }
        script.waitUntilIdle()
        script.wait(0.3)
        // From just under the grabber, up 300 pt, letting go while still moving up.
        script.drag(from: { [unowned self] in
            let sheet = self.topSheet!.view!
            return sheet.convert(CGPoint(x: sheet.bounds.midX, y: 12), to: nil)
        }, by: CGVector(dx: 0, dy: -300), duration: 0.45, releaseVelocity: CGVector(dx: 0, dy: -600))
        return script
    }
}

/// "New List" is up; pulled down 160 pt by its table (at its top, so the sheet moves, not the table) and let
/// go slowly, it springs back (the dismissal cancels); a flick down by its navigation bar then dismisses it.
public final class SheetSwipeDismissScene: SheetScene, Scene {
    public static let name = "sheet-swipe-dismiss"
    public static let summary = "A page sheet pulled down and let go springs back (the swipe's dismissal cancels); a flick down dismisses it"
    public func script() -> Script {
        var script = Script()
        script.tapBarButton { [unowned self] in self.lists.addItem }
        script.waitUntilIdle()
        script.wait(0.3)
        let grab = { [unowned self] () -> CGPoint in
            let sheet = self.topSheet!.view!
            return sheet.convert(CGPoint(x: sheet.bounds.midX, y: 200), to: nil)
        }
        script.drag(from: grab, by: CGVector(dx: 0, dy: 170), duration: 0.5, releaseVelocity: CGVector(dx: 0, dy: 20))
        script.waitUntilIdle()
        script.wait(0.3)
        // The flick takes the sheet by its navigation bar, as people grab a sheet's top.
        script.flick(from: { [unowned self] in
            let sheet = self.topSheet!.view!
            return sheet.convert(CGPoint(x: sheet.bounds.midX * 0.6, y: 30), to: nil)
        }, velocity: CGVector(dx: 0, dy: 1800), duration: 0.15)
        return script
    }
}
