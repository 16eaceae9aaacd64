// How iOS code subclasses UIKit, written as an iOS app writes it: designated initializers called through
// `super`, `required init?(coder:)` either refused or passed on, overridden initializers of the navigation
// controller and of views. Nothing here renders; the test target makes one of each, so CI proves that these
// patterns compile *and link* from a package outside render-transition (an initializer declared with the
// wrong kind compiles and then fails to link).
import UIKit

/// A screen with stored properties: the most common shape of all.
final class ProfileViewController: UIViewController {
    let userName: String
    private let avatar = UIImageView(image: nil)

    init(userName: String) {
        self.userName = userName
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        view.addSubview(avatar)
    }
}

/// Overrides both designated initializers and so keeps `init()`, as on iOS.
final class SettingsViewController: UIViewController {
    private(set) var configured = false

    override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        configured = true
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        configured = true
    }
}

/// A navigation controller that styles itself.
final class StyledNavigationController: UINavigationController {
    override init(rootViewController: UIViewController) {
        super.init(rootViewController: rootViewController)
        navigationBar.prefersLargeTitles = true
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

/// Views: a custom view with a frame initializer, one that passes the coder on, and subclasses of controls.
final class BadgeView: UIView {
    let label = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        addSubview(label)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        addSubview(label)
    }
}

final class PillButton: UIButton {
    init(title: String) {
        super.init(frame: .zero)
        setTitle(title, for: .normal)
        layer.cornerRadius = 16
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

final class CaptionLabel: UILabel {
    override init(frame: CGRect) {
        super.init(frame: frame)
        font = .preferredFont(forTextStyle: .caption1)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

final class RowStack: UIStackView {
    init(views: [UIView]) {
        super.init(frame: .zero)
        axis = .horizontal
        spacing = 8
        views.forEach(addArrangedSubview)
    }

    required init(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

/// One of each, for the test target: making them is the check.
public enum SubclassPatterns {
    public static func makeAll() -> [AnyObject] {
        let profile = ProfileViewController(userName: "Ada")
        _ = profile.view
        return [
            profile,
            SettingsViewController(),
            SettingsViewController(nibName: nil, bundle: nil),
            StyledNavigationController(rootViewController: ProfileViewController(userName: "Grace")),
            BadgeView(frame: CGRect(x: 0, y: 0, width: 40, height: 20)),
            BadgeView(),
            PillButton(title: "Follow"),
            CaptionLabel(),
            RowStack(views: [UIView(), UIView()]),
        ]
    }
}
