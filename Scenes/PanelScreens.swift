// The screens of the panel scenes: a pizza-menu app (the articles are Dodo Pizza's)
// whose parent screen presents the half-screen panel (ChildViewController, as the articles name it), a quick
// menu from the right and an information banner from the top. Plain views and labels in iOS's text styles,
// laid out from the safe area. The words are ours.
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

    private let titleLabel = UILabel()
    private let promo = GradientView(colors: [UIColor(rgb: 0xFF9F0A), brandOrange, UIColor(rgb: 0xFF375F)])
    private let promoEyebrow = UILabel()
    private let promoTitle = UILabel()
    private var chips: [UIView] = []
    private var rows: [MenuRowView] = []

    /// `showsPanelOnAppear`: the panel is already up when the screen appears (presented without animation).
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    init(showsPanelOnAppear: Bool = false) {
        self.showsPanelOnAppear = showsPanelOnAppear
        super.init(nibName: nil, bundle: nil)
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
        // The banner button shows "info", the menu button the three menu lines.
        bannerButton.addSubview(Glyph.icon("info.circle", in: CGSize(width: 36, height: 36), color: .darkGray))
        menuButton.addSubview(Glyph.icon("line.3.horizontal", in: CGSize(width: 36, height: 36), color: .darkGray))
        titleLabel.text = "Menu"
        titleLabel.font = .preferredFont(forTextStyle: .headline)
        titleLabel.textAlignment = .center
        view.addSubview(titleLabel)

        promo.clipsToBounds = true
        view.addSubview(promo)
        promoEyebrow.text = "TODAY ONLY"
        promoEyebrow.font = .systemFont(ofSize: 13, weight: .semibold)
        promoEyebrow.textColor = UIColor(white: 1, alpha: 0.8)
        promoTitle.text = "Two large pizzas\nfor just $25"
        promoTitle.font = .systemFont(ofSize: 22, weight: .bold)
        promoTitle.textColor = .white
        promoTitle.numberOfLines = 2
        [promoEyebrow, promoTitle].forEach(promo.addSubview)

        // Category chips, each as wide as its word; the first is selected.
        for (index, category) in ["Pizza", "Combos", "Snacks", "Drinks", "Desserts"].enumerated() {
            let label = UILabel()
            label.text = category
            label.font = .systemFont(ofSize: 15, weight: index == 0 ? .semibold : .medium)
            label.textColor = index == 0 ? .systemBackground : .label   // the inverse of the chip: legible in dark too
            label.textAlignment = .center
            let width = label.intrinsicContentSize.width + 32
            label.frame = CGRect(x: 0, y: 0, width: width, height: 32)
            let chip = UIView(frame: label.frame)
            chip.backgroundColor = index == 0 ? .label : .systemGray6
            chip.layer.cornerRadius = 16
            chip.addSubview(label)
            chips.append(chip)
            view.addSubview(chip)
        }

        let pizzas: [(name: String, about: String, price: String, palette: [UIColor])] = [
            ("Margherita", "Tomato sauce, mozzarella, basil and a drizzle of olive oil", "from $9.49",
             [UIColor(rgb: 0xFFD60A), UIColor(rgb: 0xFF9F0A), UIColor(rgb: 0xD2461E)]),
            ("Four Cheese", "Mozzarella, cheddar, parmesan and blue cheese on a cream base", "from $11.99",
             [UIColor(rgb: 0xFFE07A), UIColor(rgb: 0xFF6B3D)]),
            ("Ham & Mushrooms", "Smoked ham, mushrooms, mozzarella and tomato sauce", "from $10.49",
             [UIColor(rgb: 0xF4C06A), UIColor(rgb: 0xB5542C)]),
            ("Pepperoni Feast", "Double pepperoni, mozzarella and our spicy tomato sauce", "from $11.49",
             [UIColor(rgb: 0xFFD479), UIColor(rgb: 0xE2512B), UIColor(rgb: 0x8A2A12)]),
            ("Garden Veggie", "Peppers, red onion, olives, tomatoes and mozzarella", "from $10.99",
             [UIColor(rgb: 0xFFE9A8), UIColor(rgb: 0xF29B38)]),
            ("BBQ Chicken", "Grilled chicken, red onion, mozzarella and barbecue sauce", "from $12.49",
             [UIColor(rgb: 0xFFCF6A), UIColor(rgb: 0xC8402A)]),
        ]
        for pizza in pizzas {
            let row = MenuRowView(name: pizza.name, about: pizza.about, price: pizza.price, palette: pizza.palette)
            rows.append(row)
            view.addSubview(row)
        }

        openButton.backgroundColor = brandOrange
        openButton.layer.cornerRadius = 26
        openButton.layer.shadowColor = UIColor.black.cgColor
        openButton.layer.shadowOpacity = 0.18
        openButton.layer.shadowRadius = 10
        openButton.layer.shadowOffset = CGSize(width: 0, height: 4)
        openButton.setTitle("Open", for: .normal)
        openButton.setTitleColor(.white, for: .normal)
        openButton.titleLabel?.font = .preferredFont(forTextStyle: .headline)
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
        titleLabel.frame = CGRect(x: 64, y: y, width: width - 128, height: 36)
        y += 52

        promo.frame = CGRect(x: 20, y: y, width: width - 40, height: 132)
        promo.layer.cornerRadius = 16
        promoEyebrow.frame = CGRect(x: 18, y: 18, width: promo.bounds.width - 36, height: 16)
        promoTitle.frame = CGRect(x: 18, y: 38, width: promo.bounds.width - 36, height: 56)
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
    }
}

/// One pizza in the list: a round picture, a name, two lines of description and a price tag (laid out by
/// anchors).
final class MenuRowView: UIView {
    static let height: CGFloat = 100
    private let picture: GradientView
    private let name = UILabel()
    private let about = UILabel()
    private let price = UILabel()
    private let priceTag = UIView()

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    init(name: String, about: String, price: String, palette: [UIColor]) {
        picture = GradientView(colors: palette, start: CGPoint(x: 0.2, y: 0.1), end: CGPoint(x: 0.9, y: 1))
        super.init(frame: .zero)
        picture.clipsToBounds = true
        picture.layer.cornerRadius = 40
        self.name.text = name
        self.name.font = .preferredFont(forTextStyle: .headline)
        self.about.text = about
        self.about.font = .preferredFont(forTextStyle: .footnote)
        self.about.textColor = .secondaryLabel
        self.about.numberOfLines = 2
        priceTag.backgroundColor = UIColor(rgb: 0xFFF0E5)
        priceTag.layer.cornerRadius = 12
        self.price.text = price
        self.price.font = .systemFont(ofSize: 13, weight: .semibold)
        self.price.textColor = brandOrange
        self.price.textAlignment = .center
        priceTag.addSubview(self.price)
        for view in [picture, self.name, self.about, priceTag, self.price] {
            view.translatesAutoresizingMaskIntoConstraints = false
        }
        [picture, self.name, self.about, priceTag].forEach(addSubview)
        // Anchors, as the app's row cell would: the text column hangs off the picture, the price tag hugs
        // its label with 12 points each side.
        NSLayoutConstraint.activate([
            picture.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 20),
            picture.topAnchor.constraint(equalTo: topAnchor, constant: 10),
            picture.widthAnchor.constraint(equalToConstant: 80), picture.heightAnchor.constraint(equalTo: picture.widthAnchor),
            self.name.leadingAnchor.constraint(equalTo: picture.trailingAnchor, constant: 12),
            self.name.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -20),
            self.name.topAnchor.constraint(equalTo: topAnchor, constant: 9),
            self.name.heightAnchor.constraint(equalToConstant: 22),
            self.about.leadingAnchor.constraint(equalTo: self.name.leadingAnchor),
            self.about.trailingAnchor.constraint(equalTo: self.name.trailingAnchor),
            self.about.topAnchor.constraint(equalTo: self.name.bottomAnchor),
            self.about.heightAnchor.constraint(equalToConstant: 32),
            priceTag.leadingAnchor.constraint(equalTo: self.name.leadingAnchor),
            priceTag.topAnchor.constraint(equalTo: self.about.bottomAnchor, constant: 4),
            priceTag.heightAnchor.constraint(equalToConstant: 24),
            self.price.leadingAnchor.constraint(equalTo: priceTag.leadingAnchor, constant: 12),
            self.price.trailingAnchor.constraint(equalTo: priceTag.trailingAnchor, constant: -12),
            self.price.topAnchor.constraint(equalTo: priceTag.topAnchor),
            self.price.bottomAnchor.constraint(equalTo: priceTag.bottomAnchor),
        ])
    }
}

/// Small solid shapes and symbol icons.
enum Glyph {
    /// A symbol centred in a box of `size` at the origin, in `color`.
    static func icon(_ name: String, in size: CGSize, color: UIColor, weight: UIImage.SymbolWeight = .medium) -> UIImageView {
        let view = UIImageView(image: UIImage(systemName: name, withConfiguration: UIImage.SymbolConfiguration(weight: weight)))
        view.frame = CGRect(origin: .zero, size: size)
        view.contentMode = .center
        view.tintColor = color
        return view
    }

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
        let cross = UIImageView(image: UIImage(systemName: "xmark", withConfiguration: UIImage.SymbolConfiguration(pointSize: 12, weight: .bold)))
        cross.frame = button.bounds
        cross.contentMode = .center
        cross.tintColor = UIColor(white: 0.5, alpha: 1)
        button.addSubview(cross)
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
    private let titleLabel = UILabel()
    private let subtitle = UILabel()
    private let segments = UISegmentedControl(items: ["Small", "Medium", "Large"])
    private let extrasHeader = UILabel()
    private var extras: [ToppingRow] = []
    private var extrasStack: UIStackView!
    private let addButton = UIButton(type: .custom)
    private var addButtonBottom: NSLayoutConstraint!

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
        titleLabel.text = "Margherita"
        titleLabel.font = .systemFont(ofSize: 22, weight: .bold)
        view.addSubview(titleLabel)
        subtitle.text = "25 cm, traditional crust, 450 g"
        subtitle.font = .preferredFont(forTextStyle: .subheadline)
        subtitle.textColor = .secondaryLabel
        view.addSubview(subtitle)

        // The size picker: a segmented control, its segments equally wide, the first selected.
        segments.selectedSegmentIndex = 0
        view.addSubview(segments)

        extrasHeader.text = "ADD TOPPINGS"
        extrasHeader.font = .preferredFont(forTextStyle: .footnote)
        extrasHeader.textColor = .secondaryLabel
        view.addSubview(extrasHeader)
        let toppings: [(color: UIColor, name: String, about: String, price: String)] = [
            (UIColor(rgb: 0xE2512B), "Cherry tomatoes", "Halved, oven-roasted", "+$1.00"),
            (UIColor(rgb: 0x34C759), "Jalapeños", "Sliced, quite hot", "+$0.80"),
            (UIColor(rgb: 0xFFCC00), "Extra mozzarella", "A second handful", "+$1.50"),
            (UIColor(rgb: 0x8E5A3C), "Mushrooms", "Fresh champignons", "+$1.00"),
        ]
        extras = toppings.map { ToppingRow(color: $0.color, name: $0.name, about: $0.about, price: $0.price) }
        extrasStack = UIStackView(arrangedSubviews: extras)
        extrasStack.axis = .vertical
        view.addSubview(extrasStack)

        addButton.backgroundColor = brandOrange
        addButton.layer.cornerRadius = 25
        addButton.setTitle("Add to Cart · $9.49", for: .normal)
        addButton.setTitleColor(.white, for: .normal)
        addButton.titleLabel?.font = .preferredFont(forTextStyle: .headline)
        view.addSubview(addButton)

        // The sheet by constraints, as the app's would be: a header, the segmented control, a stack
        // of topping rows, and the button above the home indicator.
        for v in [grabber, closeButton, titleLabel, subtitle, segments, extrasHeader,
                  extrasStack, addButton] as [UIView] {
            v.translatesAutoresizingMaskIntoConstraints = false
        }
        addButtonBottom = addButton.bottomAnchor.constraint(equalTo: view.bottomAnchor, constant: -12)
        NSLayoutConstraint.activate([
            grabber.topAnchor.constraint(equalTo: view.topAnchor, constant: 6),
            grabber.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            grabber.widthAnchor.constraint(equalToConstant: 36), grabber.heightAnchor.constraint(equalToConstant: 5),
            closeButton.topAnchor.constraint(equalTo: view.topAnchor, constant: 16),
            closeButton.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -16),
            closeButton.widthAnchor.constraint(equalToConstant: 30), closeButton.heightAnchor.constraint(equalToConstant: 30),
            titleLabel.topAnchor.constraint(equalTo: view.topAnchor, constant: 20),
            titleLabel.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 20),
            titleLabel.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -58),
            titleLabel.heightAnchor.constraint(equalToConstant: 28),
            subtitle.topAnchor.constraint(equalTo: titleLabel.bottomAnchor),
            subtitle.leadingAnchor.constraint(equalTo: titleLabel.leadingAnchor),
            subtitle.trailingAnchor.constraint(equalTo: titleLabel.trailingAnchor),
            subtitle.heightAnchor.constraint(equalToConstant: 20),
            segments.topAnchor.constraint(equalTo: subtitle.bottomAnchor, constant: 12),
            segments.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 20),
            segments.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -20),
            segments.heightAnchor.constraint(equalToConstant: 34),
            extrasHeader.topAnchor.constraint(equalTo: segments.bottomAnchor, constant: 12),
            extrasHeader.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 20),
            extrasHeader.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -20),
            extrasHeader.heightAnchor.constraint(equalToConstant: 18),
            extrasStack.topAnchor.constraint(equalTo: extrasHeader.bottomAnchor, constant: 4),
            extrasStack.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            extrasStack.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            addButton.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 20),
            addButton.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -20),
            addButton.heightAnchor.constraint(equalToConstant: 50), addButtonBottom,
        ])
    }

    /// The button keeps above the home indicator of the screen (not the sliding panel's own safe area);
    /// the stack shows as many toppings as fit above it.
    override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        addButtonBottom.constant = -max(screenInsets(of: self).bottom, 12)
        let room = view.bounds.height + addButtonBottom.constant - 50 - 8 - 148
        let fitting = max(Int((room / ToppingRow.height).rounded(.down)), 0)
        for (index, row) in extras.enumerated() where row.isHidden != (index >= fitting) {
            row.isHidden = index >= fitting
        }
    }
}

/// One topping in the sheet: a colour dot, its name and a line about it, and the price at the trailing edge.
final class ToppingRow: UIView {
    static let height: CGFloat = 52

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    init(color: UIColor, name: String, about: String, price: String) {
        super.init(frame: .zero)
        let dot = UIView()
        dot.backgroundColor = color
        dot.layer.cornerRadius = 18
        let nameLabel = makeLabel(name, font: .preferredFont(forTextStyle: .body))
        let aboutLabel = makeLabel(about, font: .preferredFont(forTextStyle: .footnote), color: .secondaryLabel)
        let priceLabel = makeLabel(price, font: .systemFont(ofSize: 15, weight: .semibold), color: brandOrange, alignment: .right)
        for v in [dot, nameLabel, aboutLabel, priceLabel] {
            v.translatesAutoresizingMaskIntoConstraints = false
            addSubview(v)
        }
        // 999, as UIKit apps must: a stack view hides a row with a required zero height ("UISV-hiding").
        let height = heightAnchor.constraint(equalToConstant: Self.height)
        height.priority = UILayoutPriority(999)
        NSLayoutConstraint.activate([
            height,
            dot.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 20),
            dot.topAnchor.constraint(equalTo: topAnchor, constant: 8),
            dot.widthAnchor.constraint(equalToConstant: 36), dot.heightAnchor.constraint(equalToConstant: 36),
            nameLabel.leadingAnchor.constraint(equalTo: dot.trailingAnchor, constant: 14),
            nameLabel.topAnchor.constraint(equalTo: topAnchor, constant: 6),
            nameLabel.widthAnchor.constraint(equalToConstant: 180), nameLabel.heightAnchor.constraint(equalToConstant: 22),
            aboutLabel.leadingAnchor.constraint(equalTo: nameLabel.leadingAnchor),
            aboutLabel.topAnchor.constraint(equalTo: topAnchor, constant: 27),
            aboutLabel.widthAnchor.constraint(equalToConstant: 180), aboutLabel.heightAnchor.constraint(equalToConstant: 18),
            priceLabel.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -20),
            priceLabel.topAnchor.constraint(equalTo: topAnchor, constant: 15),
            priceLabel.widthAnchor.constraint(equalToConstant: 64), priceLabel.heightAnchor.constraint(equalToConstant: 22),
        ])
    }
}

// MARK: - Side variants

/// A quick menu, 70 % of the screen's width, sliding in from the right: the account and the app's sections.
final class QuickMenuViewController: UIViewController {
    let closeButton = Glyph.closeButton()
    private let avatar = GradientView(colors: [UIColor(rgb: 0xFF9F0A), brandOrange])
    private let initials = UILabel()
    private let name = UILabel()
    private let email = UILabel()
    private let separator = UIView()
    private var items: [UIView] = []
    private let logOut = UILabel()

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
        initials.text = "AR"
        initials.font = .systemFont(ofSize: 22, weight: .semibold)
        initials.textColor = .white
        initials.textAlignment = .center
        avatar.addSubview(initials)
        name.text = "Anna Rossi"
        name.font = .systemFont(ofSize: 20, weight: .semibold)
        email.text = "anna.rossi@example.com"
        email.font = .preferredFont(forTextStyle: .subheadline)
        email.textColor = .secondaryLabel
        [avatar, name, email].forEach(view.addSubview)
        closeButton.addAction(UIAction { [unowned self] _ in self.dismiss(animated: true) }, for: .touchUpInside)
        view.addSubview(closeButton)
        separator.backgroundColor = .separator
        view.addSubview(separator)
        let sections: [(color: UIColor, title: String)] = [
            (brandOrange, "My Orders"), (.systemBlue, "Addresses"), (.systemGreen, "Payment Methods"),
            (.systemPurple, "Rewards"), (.systemPink, "Favorites"), (.systemGray, "Settings"),
        ]
        for section in sections {
            let item = UIView()
            let icon = UIView(frame: CGRect(x: 20, y: 10, width: 28, height: 28))
            icon.backgroundColor = section.color
            icon.layer.cornerRadius = 8
            item.addSubview(icon)
            let title = UILabel(frame: CGRect(x: 62, y: 13, width: 0, height: 22))
            title.text = section.title
            title.font = .preferredFont(forTextStyle: .body)
            item.addSubview(title)
            items.append(item)
            view.addSubview(item)
        }
        logOut.text = "Log Out"
        logOut.font = .preferredFont(forTextStyle: .body)
        logOut.textColor = .systemRed
        view.addSubview(logOut)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let insets = screenInsets(of: self), width = view.bounds.width, height = view.bounds.height
        let top = insets.top
        avatar.frame = CGRect(x: 20, y: top + 16, width: 56, height: 56)
        avatar.layer.cornerRadius = 28
        initials.frame = avatar.bounds
        closeButton.frame.origin = CGPoint(x: width - 16 - 30, y: top + 16)
        name.frame = CGRect(x: 20, y: top + 80, width: width - 40, height: 25)
        email.frame = CGRect(x: 20, y: top + 105, width: width - 40, height: 20)
        separator.frame = CGRect(x: 20, y: top + 138, width: width - 40, height: 1.0 / 3)
        var y = top + 150
        for item in items {
            item.frame = CGRect(x: 0, y: y, width: width, height: 48)
            item.subviews[1].frame.size.width = width - 62 - 16
            y += 48
        }
        logOut.frame = CGRect(x: 20, y: height - max(insets.bottom, 16) - 34, width: width - 40, height: 22)
    }
}

/// An information banner sliding down from the top: an icon, a message and an action, below the status bar.
final class BannerViewController: UIViewController {
    let closeButton = Glyph.closeButton()
    private let icon = GradientView(colors: [UIColor(rgb: 0x30D158), UIColor(rgb: 0x00A86B)])
    private let titleLabel = UILabel()
    private let message = UILabel()
    private let action = UIButton(type: .custom)

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
        titleLabel.text = "Your order is on its way"
        titleLabel.font = .preferredFont(forTextStyle: .headline)
        view.addSubview(titleLabel)
        message.text = "Marco picked up your pizzas. Expect him at your door in about 20 minutes."
        message.font = .preferredFont(forTextStyle: .subheadline)
        message.textColor = .secondaryLabel
        message.numberOfLines = 2
        view.addSubview(message)
        action.backgroundColor = UIColor(rgb: 0xE8F8EE)
        action.setTitle("Track Order", for: .normal)
        action.setTitleColor(UIColor(rgb: 0x00A86B), for: .normal)
        action.titleLabel?.font = .systemFont(ofSize: 13, weight: .semibold)
        view.addSubview(action)
        closeButton.addAction(UIAction { [unowned self] _ in self.dismiss(animated: true) }, for: .touchUpInside)
        view.addSubview(closeButton)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let top = screenInsets(of: self).top, width = view.bounds.width
        icon.frame = CGRect(x: 20, y: top + 18, width: 44, height: 44)
        icon.layer.cornerRadius = 22
        titleLabel.frame = CGRect(x: 78, y: top + 18, width: width - 78 - 56, height: 22)
        message.frame = CGRect(x: 78, y: top + 40, width: width - 78 - 20, height: 36)
        action.frame = CGRect(x: 78, y: top + 80, width: action.intrinsicContentSize.width + 28, height: 26)
        action.layer.cornerRadius = 13
        closeButton.frame.origin = CGPoint(x: width - 16 - 30, y: top + 14)
    }
}
