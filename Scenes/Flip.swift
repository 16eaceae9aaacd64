// The utility-app flip, as an app writes it: a weather card whose info button presents its settings with
// `modalTransitionStyle = .flipHorizontal` (full screen, no transitioning delegate: UIKit's own flip), and a
// Done button on the settings that dismisses them, flipping back. The screen turns as one card in
// perspective over black, right to left and back; each side hides while it faces away.
import UIKit
import Stage

// MARK: - Front

/// The front of the card: today's weather in a city over a sky gradient, and the info button.
final class FlipFrontViewController: UIViewController {
    let infoButton = UIButton(type: .infoLight)
    private let sky = GradientView(colors: [UIColor(rgb: 0x2E6FD8), UIColor(rgb: 0x6FB3F2), UIColor(rgb: 0xBFE3FF)],
                                   start: CGPoint(x: 0.5, y: 0), end: CGPoint(x: 0.5, y: 1))
    private let city = makeLabel("Lisbon", font: .systemFont(ofSize: 34, weight: .regular), color: .white, alignment: .center)
    private let temperature = makeLabel("21°", font: .systemFont(ofSize: 96, weight: .thin), color: .white, alignment: .center)
    private let summary = makeLabel("Mostly Sunny", font: .systemFont(ofSize: 20, weight: .medium), color: .white, alignment: .center)
    private let range = makeLabel("H:24°  L:15°", font: .systemFont(ofSize: 20, weight: .medium), color: .white, alignment: .center)
    private let forecast = UIView()
    private var hours: [(UILabel, UIView, UILabel)] = []
    /// The settings the info button shows: UIKit's flip, full screen.
    private(set) lazy var settings: FlipSettingsViewController = {
        let settings = FlipSettingsViewController()
        settings.modalPresentationStyle = .fullScreen
        settings.modalTransitionStyle = .flipHorizontal
        return settings
    }()

    override func loadView() {
        view = UIView(frame: UIScreen.main.bounds)
        view.backgroundColor = UIColor(rgb: 0x2E6FD8)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(sky)
        for label in [city, temperature, summary, range] { view.addSubview(label) }
        forecast.backgroundColor = UIColor(white: 1, alpha: 0.18)
        forecast.layer.cornerRadius = 16
        view.addSubview(forecast)
        // Each hour's sky: a sun (yellow disc) or a cloud (white disc).
        let entries = [("Now", true, "21°"), ("14", true, "22°"), ("15", true, "23°"),
                       ("16", false, "24°"), ("17", false, "22°"), ("18", false, "20°")]
        hours = entries.map { hour, sunny, degrees in
            let icon = UIView()
            icon.backgroundColor = sunny ? UIColor(rgb: 0xFFD60A) : UIColor(white: 1, alpha: 0.9)
            icon.layer.cornerRadius = 11
            let views = (makeLabel(hour, font: .systemFont(ofSize: 15, weight: .semibold), color: .white, alignment: .center), icon,
                         makeLabel(degrees, font: .systemFont(ofSize: 17, weight: .semibold), color: .white, alignment: .center))
            forecast.addSubview(views.0); forecast.addSubview(views.1); forecast.addSubview(views.2)
            return views
        }
        var info = UIButton.Configuration.plain()
        info.image = UIImage(systemName: "info.circle")
        info.preferredSymbolConfigurationForImage = UIImage.SymbolConfiguration(pointSize: 22)
        info.baseForegroundColor = .white
        infoButton.configuration = info
        infoButton.addAction(UIAction { [unowned self] _ in self.present(self.settings, animated: true) }, for: .touchUpInside)
        view.addSubview(infoButton)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let bounds = view.bounds, safe = view.safeAreaInsets
        sky.frame = bounds
        city.frame = CGRect(x: 20, y: safe.top + 40, width: bounds.width - 40, height: 41)
        temperature.frame = CGRect(x: 20, y: city.frame.maxY + 4, width: bounds.width - 40, height: 110)
        summary.frame = CGRect(x: 20, y: temperature.frame.maxY, width: bounds.width - 40, height: 24)
        range.frame = CGRect(x: 20, y: summary.frame.maxY + 4, width: bounds.width - 40, height: 24)
        forecast.frame = CGRect(x: 16, y: range.frame.maxY + 40, width: bounds.width - 32, height: 118)
        let slot = forecast.bounds.width / CGFloat(max(hours.count, 1))
        for (index, (hour, icon, degrees)) in hours.enumerated() {
            let x = slot * CGFloat(index)
            hour.frame = CGRect(x: x, y: 16, width: slot, height: 20)
            icon.frame = CGRect(x: x + (slot - 22) / 2, y: 46, width: 22, height: 22)
            degrees.frame = CGRect(x: x, y: 80, width: slot, height: 22)
        }
        infoButton.frame = CGRect(x: bounds.width - 60, y: bounds.height - safe.bottom - 56, width: 44, height: 44)
    }
}

// MARK: - Back

/// The back of the card: the weather's settings (units, a list of cities) and Done.
final class FlipSettingsViewController: UIViewController {
    let doneButton = UIButton(type: .system)
    private let heading = makeLabel("Settings", font: .systemFont(ofSize: 17, weight: .semibold), alignment: .center)
    private let units = UISegmentedControl(items: ["°C", "°F"])
    private let unitsHeader = makeSectionHeader("Units")
    private let citiesHeader = makeSectionHeader("Cities")
    private let group = UIView()
    private var rows: [(UILabel, UILabel, UIView)] = []
    private let notify = UISwitch()
    private let notifyRow = UIView()
    private let notifyLabel = makeLabel("Severe Weather Alerts", font: .systemFont(ofSize: 17))

    override func loadView() {
        view = UIView(frame: UIScreen.main.bounds)
        view.backgroundColor = .systemGroupedBackground
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        doneButton.setTitle("Done", for: .normal)
        doneButton.titleLabel?.font = .systemFont(ofSize: 17, weight: .semibold)
        doneButton.addAction(UIAction { [unowned self] _ in self.dismiss(animated: true) }, for: .touchUpInside)
        units.selectedSegmentIndex = 0
        for view in [heading, doneButton, unitsHeader, units, citiesHeader, group, notifyRow] as [UIView] { self.view.addSubview(view) }
        group.backgroundColor = .secondarySystemGroupedBackground
        group.layer.cornerRadius = 10
        notifyRow.backgroundColor = .secondarySystemGroupedBackground
        notifyRow.layer.cornerRadius = 10
        notifyRow.addSubview(notifyLabel)
        notifyRow.addSubview(notify)
        notify.isOn = true
        rows = [("Lisbon", "21°"), ("Kyoto", "17°"), ("Reykjavík", "4°"), ("Hanoi", "31°")].map { name, degrees in
            let separator = UIView()
            separator.backgroundColor = .separator
            let row = (makeLabel(name, font: .systemFont(ofSize: 17)), makeLabel(degrees, font: .systemFont(ofSize: 17), color: .secondaryLabel, alignment: .right), separator)
            group.addSubview(row.0); group.addSubview(row.1); group.addSubview(row.2)
            return row
        }
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let bounds = view.bounds, safe = view.safeAreaInsets
        heading.frame = CGRect(x: 80, y: safe.top + 11, width: bounds.width - 160, height: 22)
        doneButton.frame = CGRect(x: bounds.width - 76, y: safe.top + 4, width: 60, height: 36)
        unitsHeader.frame = CGRect(x: 36, y: safe.top + 64, width: bounds.width - 72, height: 18)
        units.frame = CGRect(x: 20, y: unitsHeader.frame.maxY + 8, width: bounds.width - 40, height: 32)
        citiesHeader.frame = CGRect(x: 36, y: units.frame.maxY + 28, width: bounds.width - 72, height: 18)
        let rowHeight: CGFloat = 44
        group.frame = CGRect(x: 20, y: citiesHeader.frame.maxY + 8, width: bounds.width - 40, height: rowHeight * CGFloat(rows.count))
        for (index, (name, degrees, separator)) in rows.enumerated() {
            let y = rowHeight * CGFloat(index)
            name.frame = CGRect(x: 16, y: y + 11, width: group.bounds.width - 100, height: 22)
            degrees.frame = CGRect(x: group.bounds.width - 96, y: y + 11, width: 80, height: 22)
            separator.frame = CGRect(x: 16, y: y + rowHeight - 1.0 / 3, width: group.bounds.width - 16, height: 1.0 / 3)
            separator.isHidden = index == rows.count - 1
        }
        notifyRow.frame = CGRect(x: 20, y: group.frame.maxY + 32, width: bounds.width - 40, height: rowHeight)
        notifyLabel.frame = CGRect(x: 16, y: 11, width: notifyRow.bounds.width - 100, height: 22)
        notify.frame = CGRect(origin: CGPoint(x: notifyRow.bounds.width - 16 - 51, y: 6.5), size: CGSize(width: 51, height: 31))
    }
}

// MARK: - Scene

/// The info button flips the weather card to its settings; Done flips it back.
public final class FlipScene: Scene {
    public static let name = "flip"
    public static let summary = "UIKit's .flipHorizontal: the weather card turns in 3D to its settings (right to left) and back with Done"
    private(set) var front: FlipFrontViewController!
    public init() {}

    public func makeRootViewController() -> UIViewController {
        front = FlipFrontViewController()
        return front
    }

    public func script() -> Script {
        var script = Script()
        script.wait(0.2)
        script.tap { [unowned self] in self.front.infoButton }
        script.waitUntilIdle()
        script.wait(0.4)
        script.tap { [unowned self] in self.front.settings.doneButton }
        script.waitUntilIdle()
        return script
    }
}
