// The classic Maps page curl, as an app writes it: a map screen whose corner button presents its options
// with `modalTransitionStyle = .partialCurl` (full screen, no transitioning delegate: UIKit's own curl). The
// map lifts from the bottom-right corner and stays curled over the top of the screen, revealing the
// options below; a tap on the curled map lays it back down (UIKit dismisses on a tap on the curl).
import UIKit
import Stage

// MARK: - Map

/// A city map drawn from plain views: land, a park, a river, streets, a location dot and a pin.
final class CurlMapViewController: UIViewController {
    let curlButton = UIButton(type: .infoLight)
    private let park = UIView()
    private let river = UIView()
    /// Each street and where its centre lies, as fractions of the screen.
    private var streets: [(UIView, CGPoint)] = []
    private let dot = UIView()
    private let halo = UIView()
    private let pin = UIView()
    private let pinLabel = makeLabel("Café Tati", font: .systemFont(ofSize: 12, weight: .semibold), alignment: .center)
    private let search = UIView()
    private let searchLabel = makeLabel("Search Maps", font: .systemFont(ofSize: 17), color: .secondaryLabel)
    /// The options the corner button shows: UIKit's partial curl, full screen.
    private(set) lazy var options: CurlOptionsViewController = {
        let options = CurlOptionsViewController()
        options.modalPresentationStyle = .fullScreen
        options.modalTransitionStyle = .partialCurl
        return options
    }()

    override func loadView() {
        view = UIView(frame: UIScreen.main.bounds)
        view.backgroundColor = UIColor { $0.userInterfaceStyle == .dark ? UIColor(rgb: 0x2C2C2E) : UIColor(rgb: 0xF2EFE9) }
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        park.backgroundColor = UIColor { $0.userInterfaceStyle == .dark ? UIColor(rgb: 0x23412C) : UIColor(rgb: 0xC8E6C0) }
        park.layer.cornerRadius = 18
        river.backgroundColor = UIColor { $0.userInterfaceStyle == .dark ? UIColor(rgb: 0x1D3A5A) : UIColor(rgb: 0xAAD3F2) }
        view.addSubview(park)
        view.addSubview(river)
        let street = UIColor { $0.userInterfaceStyle == .dark ? UIColor(rgb: 0x48484A) : .white }
        let avenue = UIColor { $0.userInterfaceStyle == .dark ? UIColor(rgb: 0x6B5B2E) : UIColor(rgb: 0xFCE7A6) }
        // Streets: (centre, length, width, angle in degrees, avenue?).
        let plan: [(CGPoint, CGFloat, CGFloat, CGFloat, Bool)] = [
            (CGPoint(x: 0.5, y: 0.45), 1400, 16, -28, true), (CGPoint(x: 0.3, y: 0.5), 1200, 9, 62, false),
            (CGPoint(x: 0.75, y: 0.3), 1200, 9, 62, false), (CGPoint(x: 0.5, y: 0.75), 1200, 9, -28, false),
            (CGPoint(x: 0.5, y: 0.18), 1200, 9, -28, false), (CGPoint(x: 0.1, y: 0.8), 900, 12, 10, true),
        ]
        streets = plan.map { centre, length, width, angle, major in
            let road = UIView()
            road.backgroundColor = major ? avenue : street
            road.bounds = CGRect(x: 0, y: 0, width: length, height: width)
            road.layer.cornerRadius = width / 2
            road.transform = CGAffineTransform(rotationAngle: angle * .pi / 180)
            view.addSubview(road)
            return (road, centre)
        }
        halo.backgroundColor = UIColor(rgb: 0x0A84FF).withAlphaComponent(0.18)
        halo.layer.cornerRadius = 30
        dot.backgroundColor = UIColor(rgb: 0x0A84FF)
        dot.layer.cornerRadius = 8
        dot.layer.borderColor = UIColor.white.cgColor
        dot.layer.borderWidth = 3
        pin.backgroundColor = UIColor(rgb: 0xFF453A)
        pin.layer.cornerRadius = 14
        pin.layer.borderColor = UIColor.white.cgColor
        pin.layer.borderWidth = 2
        for view in [halo, dot, pin, pinLabel] { self.view.addSubview(view) }
        search.backgroundColor = .secondarySystemBackground
        search.layer.cornerRadius = 12
        search.addSubview(searchLabel)
        view.addSubview(search)
        var curl = UIButton.Configuration.plain()
        curl.image = UIImage(systemName: "info.circle")
        curl.preferredSymbolConfigurationForImage = UIImage.SymbolConfiguration(pointSize: 20)
        curlButton.configuration = curl
        curlButton.backgroundColor = .systemBackground
        curlButton.layer.cornerRadius = 10
        curlButton.addAction(UIAction { [unowned self] _ in self.present(self.options, animated: true) }, for: .touchUpInside)
        view.addSubview(curlButton)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let bounds = view.bounds, safe = view.safeAreaInsets
        park.frame = CGRect(x: bounds.width * 0.08, y: bounds.height * 0.22, width: bounds.width * 0.42, height: bounds.height * 0.17)
        river.bounds = CGRect(x: 0, y: 0, width: bounds.width * 2, height: 54)
        river.center = CGPoint(x: bounds.width * 0.5, y: bounds.height * 0.62)
        river.transform = CGAffineTransform(rotationAngle: 0.16)
        for (road, centre) in streets {
            road.center = CGPoint(x: bounds.width * centre.x, y: bounds.height * centre.y)
        }
        halo.frame = CGRect(x: bounds.width * 0.58 - 30, y: bounds.height * 0.47 - 30, width: 60, height: 60)
        dot.frame = CGRect(x: bounds.width * 0.58 - 8, y: bounds.height * 0.47 - 8, width: 16, height: 16)
        pin.frame = CGRect(x: bounds.width * 0.3 - 14, y: bounds.height * 0.36 - 14, width: 28, height: 28)
        pinLabel.frame = CGRect(x: bounds.width * 0.3 - 60, y: bounds.height * 0.36 + 16, width: 120, height: 16)
        search.frame = CGRect(x: 16, y: safe.top + 8, width: bounds.width - 32, height: 44)
        searchLabel.frame = CGRect(x: 16, y: 11, width: search.bounds.width - 32, height: 22)
        curlButton.frame = CGRect(x: bounds.width - 60, y: bounds.height - safe.bottom - 60, width: 44, height: 44)
    }
}

// MARK: - Options

/// What the curl reveals: the map's options, laid out at the bottom of the screen.
final class CurlOptionsViewController: UIViewController {
    private let mapType = UISegmentedControl(items: ["Standard", "Satellite", "Hybrid"])
    private let dropPin = UIButton(type: .system)
    private let share = UIButton(type: .system)
    private let traffic = UISwitch()
    private let trafficLabel = makeLabel("Show Traffic", font: .systemFont(ofSize: 17))
    private let trafficRow = UIView()

    override func loadView() {
        view = UIView(frame: UIScreen.main.bounds)
        view.backgroundColor = .systemGroupedBackground
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        mapType.selectedSegmentIndex = 0
        for (button, title) in [(dropPin, "Drop Pin"), (share, "Share Location")] {
            button.setTitle(title, for: .normal)
            button.titleLabel?.font = .systemFont(ofSize: 17, weight: .semibold)
            button.backgroundColor = .secondarySystemGroupedBackground
            button.layer.cornerRadius = 10
        }
        trafficRow.backgroundColor = .secondarySystemGroupedBackground
        trafficRow.layer.cornerRadius = 10
        trafficRow.addSubview(trafficLabel)
        trafficRow.addSubview(traffic)
        for view in [mapType, trafficRow, dropPin, share] as [UIView] { self.view.addSubview(view) }
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let bounds = view.bounds, safe = view.safeAreaInsets
        let width = bounds.width - 40
        let bottom = bounds.height - safe.bottom - 16
        share.frame = CGRect(x: 20, y: bottom - 50, width: width, height: 50)
        dropPin.frame = CGRect(x: 20, y: share.frame.minY - 12 - 50, width: width, height: 50)
        trafficRow.frame = CGRect(x: 20, y: dropPin.frame.minY - 24 - 44, width: width, height: 44)
        trafficLabel.frame = CGRect(x: 16, y: 11, width: width - 100, height: 22)
        traffic.frame = CGRect(origin: CGPoint(x: width - 16 - 51, y: 6.5), size: CGSize(width: 51, height: 31))
        mapType.frame = CGRect(x: 20, y: trafficRow.frame.minY - 24 - 32, width: width, height: 32)
    }
}

// MARK: - Scene

/// The corner button curls the map up over the options; a tap on the curled map lays it back down.
public final class CurlScene: Scene {
    public static let name = "curl"
    public static let summary = "UIKit's .partialCurl: the map curls up from the corner to reveal its options; a tap on the curl uncurls it"
    private(set) var map: CurlMapViewController!
    public init() {}

    public func makeRootViewController() -> UIViewController {
        map = CurlMapViewController()
        return map
    }

    public func script() -> Script {
        var script = Script()
        script.wait(0.2)
        script.tap { [unowned self] in self.map.curlButton }
        script.waitUntilIdle()
        script.wait(0.4)
        // On the curled map, above the fold.
        script.tap(at: { CGPoint(x: UIScreen.main.bounds.width * 0.3, y: UIScreen.main.bounds.height * 0.2) })
        script.waitUntilIdle()
        return script
    }
}
