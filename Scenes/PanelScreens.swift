// The screens of the panel scenes: a pizza-menu app (the articles are Dodo Pizza's)
// whose parent screen presents the half-screen panel (ChildViewController, as the articles name it), a quick
// menu from the right and an information banner from the top. Plain views and placeholder bars, laid out
// from the safe area.
import UIKit

private let brandOrange = UIColor(rgb: 0xFF6900)

// MARK: - Parent

/// The articles' ParentViewController: creates the child and its PanelTransition up front (part 2: the
/// edge swipe may present it at any time), keeps the transition strongly, presents on a tap.
final class ParentViewController: UIViewController {
    private(set) var child: ChildViewController!
    private(set) var menu: QuickMenuViewController!
    private(set) var banner: BannerViewController!
    // transitioningDelegate is weak: the parent owns the transitions.
    private var transition: PanelTransition!
    private var menuTransition: PanelTransition!
    private var bannerTransition: PanelTransition!

    let openButton = UIButton(type: .custom)
    let menuButton = UIButton(type: .custom)
    let bannerButton = UIButton(type: .custom)
    private let showsPanelOnAppear: Bool
    private var hasAppeared = false

    private let titleBar = TextPlaceholder(color: .label)
    private let promo = GradientView(colors: [UIColor(rgb: 0xFF9F0A), brandOrange, UIColor(rgb: 0xFF375F)])
    private var promoLines: [TextPlaceholder] = []
    private var chips: [UIView] = []
    private var rows: [MenuRowView] = []

    /// `showsPanelOnAppear`: the panel is already up when the screen appears (presented without animation).
    init(showsPanelOnAppear: Bool = false) {
        self.showsPanelOnAppear = showsPanelOnAppear
        super.init()
    }

    override func loadView() {
        view = UIView(frame: UIScreen.main.bounds)
        view.backgroundColor = .systemBackground
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        child = ChildViewController()
        transition = PanelTransition(presented: child, presenting: self)
        child.transitioningDelegate = transition
        child.modalPresentationStyle = .custom

        menu = QuickMenuViewController()
        menuTransition = PanelTransition(presented: menu, presenting: self, edge: .right)
        menu.transitioningDelegate = menuTransition
        menu.modalPresentationStyle = .custom

        banner = BannerViewController()
        bannerTransition = PanelTransition(presented: banner, presenting: self, edge: .top)
        banner.transitioningDelegate = bannerTransition
        banner.modalPresentationStyle = .custom

        buildContent()
        openButton.addAction(UIAction { [unowned self] _ in self.openDidPress() }, for: .touchUpInside)
        menuButton.addAction(UIAction { [unowned self] _ in self.present(self.menu, animated: true) }, for: .touchUpInside)
        bannerButton.addAction(UIAction { [unowned self] _ in self.present(self.banner, animated: true) }, for: .touchUpInside)
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        guard showsPanelOnAppear, !hasAppeared else { return }
        hasAppeared = true
        present(child, animated: false)
    }

    func openDidPress() {
        present(child, animated: true)
    }

    private func buildContent() {
        for button in [bannerButton, menuButton] {
            button.backgroundColor = .systemGray6
            view.addSubview(button)
        }
        // The banner button: an "i" (dot over a bar); the menu button: three bars.
        bannerButton.addSubview(Glyph.bar(CGRect(x: 16.5, y: 10, width: 3, height: 3), color: .darkGray))
        bannerButton.addSubview(Glyph.bar(CGRect(x: 16.5, y: 15, width: 3, height: 11), color: .darkGray))
        for y in [12.0, 17, 22] as [CGFloat] {
            menuButton.addSubview(Glyph.bar(CGRect(x: 10, y: y, width: 16, height: 2.5), color: .darkGray))
        }
        view.addSubview(titleBar)

        promo.clipsToBounds = true
        view.addSubview(promo)
        for _ in 0..<3 {
            let line = TextPlaceholder(color: .white)
            promoLines.append(line)
            promo.addSubview(line)
        }

        for (index, width) in [64, 84, 60, 92, 76].enumerated() {
            let chip = UIView(frame: CGRect(x: 0, y: 0, width: width, height: 32))
            chip.backgroundColor = index == 0 ? .label : .systemGray6
            chip.layer.cornerRadius = 16
            chip.addSubview(Glyph.bar(CGRect(x: 14, y: 12, width: CGFloat(width) - 28, height: 8),
                                      color: index == 0 ? .white : UIColor(white: 0.62, alpha: 1)))
            chips.append(chip)
            view.addSubview(chip)
        }

        let pizzas: [[UIColor]] = [
            [UIColor(rgb: 0xFFD60A), UIColor(rgb: 0xFF9F0A), UIColor(rgb: 0xD2461E)],
            [UIColor(rgb: 0xFFE07A), UIColor(rgb: 0xFF6B3D)],
            [UIColor(rgb: 0xF4C06A), UIColor(rgb: 0xB5542C)],
            [UIColor(rgb: 0xFFD479), UIColor(rgb: 0xE2512B), UIColor(rgb: 0x8A2A12)],
            [UIColor(rgb: 0xFFE9A8), UIColor(rgb: 0xF29B38)],
            [UIColor(rgb: 0xFFCF6A), UIColor(rgb: 0xC8402A)],
        ]
        for palette in pizzas {
            let row = MenuRowView(palette: palette)
            rows.append(row)
            view.addSubview(row)
        }

        openButton.backgroundColor = brandOrange
        openButton.layer.cornerRadius = 26
        openButton.layer.shadowColor = UIColor.black.cgColor
        openButton.layer.shadowOpacity = 0.18
        openButton.layer.shadowRadius = 10
        openButton.layer.shadowOffset = CGSize(width: 0, height: 4)
        openButton.addSubview(TextPlaceholder(color: .white, frame: CGRect(x: 0, y: 19, width: 96, height: 14)))
        view.addSubview(openButton)
    }

    /// Everything hangs from the safe area, so each device gets the same app.
    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let insets = view.safeAreaInsets, width = view.bounds.width, height = view.bounds.height
        var y = insets.top + 8
        bannerButton.frame = CGRect(x: 20, y: y, width: 36, height: 36)
        menuButton.frame = CGRect(x: width - 20 - 36, y: y, width: 36, height: 36)
        for button in [bannerButton, menuButton] { button.layer.cornerRadius = 18 }
        titleBar.frame = CGRect(x: (width - 120) / 2, y: y + 10, width: 120, height: 16)
        y += 52

        promo.frame = CGRect(x: 20, y: y, width: width - 40, height: 132)
        promo.layer.cornerRadius = 16
        promoLines[0].frame = CGRect(x: 18, y: 22, width: 92, height: 10)
        promoLines[1].frame = CGRect(x: 18, y: 46, width: min(220, width - 120), height: 22)
        promoLines[2].frame = CGRect(x: 18, y: 76, width: min(150, width - 160), height: 22)
        y += 132 + 16

        var x: CGFloat = 20
        for chip in chips {
            chip.frame.origin = CGPoint(x: x, y: y)
            x += chip.frame.width + 8
        }
        y += 32 + 12

        for row in rows {
            row.frame = CGRect(x: 0, y: y, width: width, height: MenuRowView.height)
            y += MenuRowView.height
        }

        openButton.frame = CGRect(x: 20, y: height - max(insets.bottom, 16) - 52, width: width - 40, height: 52)
        openButton.subviews[0].frame.origin.x = (openButton.bounds.width - 96) / 2
    }
}

/// One pizza in the list: a round picture, a name, two lines of description and a price pill.
final class MenuRowView: UIView {
    static let height: CGFloat = 100
    private let picture: GradientView
    private let name = TextPlaceholder(color: .label)
    private let lines = [TextPlaceholder(color: UIColor(white: 0.82, alpha: 1)), TextPlaceholder(color: UIColor(white: 0.82, alpha: 1))]
    private let price = UIView()

    init(palette: [UIColor]) {
        picture = GradientView(colors: palette, start: CGPoint(x: 0.2, y: 0.1), end: CGPoint(x: 0.9, y: 1))
        super.init(frame: .zero)
        picture.clipsToBounds = true
        addSubview(picture)
        addSubview(name)
        lines.forEach(addSubview)
        price.backgroundColor = UIColor(rgb: 0xFFF0E5)
        price.addSubview(Glyph.bar(CGRect(x: 14, y: 10, width: 44, height: 8), color: brandOrange))
        addSubview(price)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let width = bounds.width, textX: CGFloat = 112
        picture.frame = CGRect(x: 20, y: 10, width: 80, height: 80)
        picture.layer.cornerRadius = 40
        name.frame = CGRect(x: textX, y: 14, width: 130, height: 14)
        lines[0].frame = CGRect(x: textX, y: 38, width: width - textX - 20, height: 9)
        lines[1].frame = CGRect(x: textX, y: 53, width: (width - textX - 20) * 0.7, height: 9)
        price.frame = CGRect(x: textX, y: 66, width: 72, height: 28)
        price.layer.cornerRadius = 14
    }
}

/// Small solid shapes for icons (no text or images needed).
enum Glyph {
    static func bar(_ frame: CGRect, color: UIColor) -> UIView {
        let view = UIView(frame: frame)
        view.backgroundColor = color
        view.layer.cornerRadius = min(frame.width, frame.height) / 2
        view.isUserInteractionEnabled = false
        return view
    }

    /// A round close button: a light grey disc with a grey "×".
    static func closeButton() -> UIButton {
        let button = UIButton(type: .close)
        button.frame = CGRect(x: 0, y: 0, width: 30, height: 30)
        button.backgroundColor = .systemGray6
        button.layer.cornerRadius = 15
        for angle in [CGFloat.pi / 4, -CGFloat.pi / 4] {
            let stroke = bar(CGRect(x: 8, y: 13.75, width: 14, height: 2.5), color: UIColor(white: 0.5, alpha: 1))
            stroke.transform = CGAffineTransform(rotationAngle: angle)
            button.addSubview(stroke)
        }
        return button
    }
}

/// The safe-area insets of the full screen the panels are presented over (the panel's own insets change
/// while it slides; its layout should not).
private func screenInsets(of controller: UIViewController) -> UIEdgeInsets {
    controller.presentingViewController?.view.safeAreaInsets ?? controller.view.window?.safeAreaInsets ?? .zero
}

// MARK: - The half-screen panel

/// The articles' ChildViewController: a pizza's options sheet with rounded top corners, a grabber, a close
/// button, a size selector, extras and an "add to cart" button above the home indicator.
final class ChildViewController: UIViewController {
    let closeButton = Glyph.closeButton()
    private let grabber = Glyph.bar(CGRect(x: 0, y: 6, width: 36, height: 5), color: UIColor(rgb: 0xD1D1D6))
    private let titleBar = TextPlaceholder(color: .label)
    private let subtitle = TextPlaceholder(color: UIColor(white: 0.75, alpha: 1))
    private let segments = UIView()
    private let selectedSegment = UIView()
    private var extras: [UIView] = []
    private var prices: [UIView] = []
    private let addButton = UIView()

    override func loadView() {
        view = UIView(frame: UIScreen.main.bounds)
        view.backgroundColor = .systemBackground
        view.layer.cornerRadius = 16
        view.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
        view.clipsToBounds = true
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(grabber)
        closeButton.addAction(UIAction { [unowned self] _ in self.dismiss(animated: true) }, for: .touchUpInside)
        view.addSubview(closeButton)
        view.addSubview(titleBar)
        view.addSubview(subtitle)

        segments.backgroundColor = .systemGray6
        segments.layer.cornerRadius = 9
        selectedSegment.backgroundColor = .white
        selectedSegment.layer.cornerRadius = 7
        selectedSegment.layer.shadowColor = UIColor.black.cgColor
        selectedSegment.layer.shadowOpacity = 0.12
        selectedSegment.layer.shadowRadius = 3
        selectedSegment.layer.shadowOffset = CGSize(width: 0, height: 1)
        segments.addSubview(selectedSegment)
        view.addSubview(segments)

        let toppings: [UIColor] = [UIColor(rgb: 0xE2512B), UIColor(rgb: 0x34C759), UIColor(rgb: 0xFFCC00), UIColor(rgb: 0x8E5A3C)]
        for color in toppings {
            let row = UIView()
            let dot = UIView(frame: CGRect(x: 20, y: 8, width: 36, height: 36))
            dot.backgroundColor = color
            dot.layer.cornerRadius = 18
            row.addSubview(dot)
            row.addSubview(TextPlaceholder(color: UIColor(white: 0.3, alpha: 1), frame: CGRect(x: 70, y: 14, width: 120, height: 11)))
            row.addSubview(TextPlaceholder(color: UIColor(white: 0.8, alpha: 1), frame: CGRect(x: 70, y: 31, width: 72, height: 8)))
            let price = TextPlaceholder(color: brandOrange, frame: CGRect(x: 0, y: 20, width: 48, height: 11))
            row.addSubview(price)
            prices.append(price)
            extras.append(row)
            view.addSubview(row)
        }

        addButton.backgroundColor = brandOrange
        addButton.layer.cornerRadius = 25
        addButton.addSubview(TextPlaceholder(color: .white, frame: CGRect(x: 0, y: 18, width: 120, height: 14)))
        view.addSubview(addButton)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let width = view.bounds.width, height = view.bounds.height
        let bottom = screenInsets(of: self).bottom
        grabber.frame.origin.x = (width - 36) / 2
        closeButton.frame.origin = CGPoint(x: width - 16 - 30, y: 16)
        titleBar.frame = CGRect(x: 20, y: 24, width: 170, height: 20)
        subtitle.frame = CGRect(x: 20, y: 54, width: 120, height: 10)
        segments.frame = CGRect(x: 20, y: 80, width: width - 40, height: 34)
        selectedSegment.frame = CGRect(x: 2, y: 2, width: (width - 40 - 4) / 3, height: 30)

        addButton.frame = CGRect(x: 20, y: height - max(bottom, 12) - 50, width: width - 40, height: 50)
        addButton.subviews[0].frame.origin.x = (addButton.bounds.width - 120) / 2
        // As many extras as fit above the button.
        var y: CGFloat = 126
        for (row, price) in zip(extras, prices) {
            row.frame = CGRect(x: 0, y: y, width: width, height: 52)
            row.isHidden = y + 52 > addButton.frame.minY - 8
            price.frame.origin.x = width - 20 - 48
            y += 52
        }
    }
}

// MARK: - Side variants

/// A quick menu, 70 % of the screen's width, sliding in from the right: the account and the app's sections.
final class QuickMenuViewController: UIViewController {
    let closeButton = Glyph.closeButton()
    private let avatar = GradientView(colors: [UIColor(rgb: 0xFF9F0A), brandOrange])
    private let name = TextPlaceholder(color: .label)
    private let email = TextPlaceholder(color: UIColor(white: 0.75, alpha: 1))
    private let separator = UIView()
    private var items: [UIView] = []
    private let logOut = TextPlaceholder(color: UIColor(rgb: 0xFF3B30))

    override func loadView() {
        view = UIView(frame: UIScreen.main.bounds)
        view.backgroundColor = .systemBackground
        view.layer.cornerRadius = 16
        view.layer.maskedCorners = [.layerMinXMinYCorner, .layerMinXMaxYCorner]
        view.clipsToBounds = true
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        avatar.clipsToBounds = true
        [avatar, name, email].forEach(view.addSubview)
        closeButton.addAction(UIAction { [unowned self] _ in self.dismiss(animated: true) }, for: .touchUpInside)
        view.addSubview(closeButton)
        separator.backgroundColor = .separator
        view.addSubview(separator)
        let icons: [UIColor] = [brandOrange, .systemBlue, .systemGreen, .systemPurple, .systemPink, .systemGray]
        for (index, color) in icons.enumerated() {
            let item = UIView()
            let icon = UIView(frame: CGRect(x: 20, y: 10, width: 28, height: 28))
            icon.backgroundColor = color
            icon.layer.cornerRadius = 8
            item.addSubview(icon)
            item.addSubview(TextPlaceholder(color: UIColor(white: 0.25, alpha: 1),
                                            frame: CGRect(x: 62, y: 19, width: [110, 86, 124, 70, 98, 80][index], height: 10)))
            items.append(item)
            view.addSubview(item)
        }
        view.addSubview(logOut)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let insets = screenInsets(of: self), width = view.bounds.width, height = view.bounds.height
        let top = insets.top
        avatar.frame = CGRect(x: 20, y: top + 16, width: 56, height: 56)
        avatar.layer.cornerRadius = 28
        closeButton.frame.origin = CGPoint(x: width - 16 - 30, y: top + 16)
        name.frame = CGRect(x: 20, y: top + 86, width: 140, height: 16)
        email.frame = CGRect(x: 20, y: top + 110, width: 104, height: 10)
        separator.frame = CGRect(x: 20, y: top + 138, width: width - 40, height: 1)
        var y = top + 150
        for item in items {
            item.frame = CGRect(x: 0, y: y, width: width, height: 48)
            y += 48
        }
        logOut.frame = CGRect(x: 20, y: height - max(insets.bottom, 16) - 28, width: 72, height: 12)
    }
}

/// An information banner sliding down from the top: an icon, a message and an action, below the status bar.
final class BannerViewController: UIViewController {
    let closeButton = Glyph.closeButton()
    private let icon = GradientView(colors: [UIColor(rgb: 0x30D158), UIColor(rgb: 0x00A86B)])
    private let titleBar = TextPlaceholder(color: .label)
    private let lines = [TextPlaceholder(color: UIColor(white: 0.72, alpha: 1)), TextPlaceholder(color: UIColor(white: 0.72, alpha: 1))]
    private let action = UIView()

    override func loadView() {
        view = UIView(frame: UIScreen.main.bounds)
        view.backgroundColor = .systemBackground
        view.layer.cornerRadius = 16
        view.layer.maskedCorners = [.layerMinXMaxYCorner, .layerMaxXMaxYCorner]
        view.clipsToBounds = true
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        icon.clipsToBounds = true
        view.addSubview(icon)
        view.addSubview(titleBar)
        lines.forEach(view.addSubview)
        action.backgroundColor = UIColor(rgb: 0xE8F8EE)
        action.addSubview(Glyph.bar(CGRect(x: 14, y: 9, width: 60, height: 8), color: UIColor(rgb: 0x00A86B)))
        view.addSubview(action)
        closeButton.addAction(UIAction { [unowned self] _ in self.dismiss(animated: true) }, for: .touchUpInside)
        view.addSubview(closeButton)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let top = screenInsets(of: self).top, width = view.bounds.width
        icon.frame = CGRect(x: 20, y: top + 18, width: 44, height: 44)
        icon.layer.cornerRadius = 22
        titleBar.frame = CGRect(x: 78, y: top + 20, width: min(180, width - 78 - 60), height: 14)
        lines[0].frame = CGRect(x: 78, y: top + 44, width: width - 78 - 24, height: 9)
        lines[1].frame = CGRect(x: 78, y: top + 59, width: (width - 78 - 24) * 0.6, height: 9)
        action.frame = CGRect(x: 78, y: top + 78, width: 88, height: 26)
        action.layer.cornerRadius = 13
        closeButton.frame.origin = CGPoint(x: width - 16 - 30, y: top + 14)
    }
}
