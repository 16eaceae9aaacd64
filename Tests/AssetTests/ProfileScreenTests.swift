import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit
import Compositor
import Media
import Raster
import TransitionTesting

/// Issue #25's acceptance screen: a profile screen written as an iOS 17 app writes it — every standard
/// control, a HEIC photo from data made into a thumbnail, a JPEG, catalog colours and images with dark
/// variants, a Display P3 colour, a search controller under a large title and toolbar items — with only
/// the documented mechanical edits (`#selector` → method references, no `@objc`, the test bundle for
/// `Bundle.main`). Rendered in light and dark at 1×, checked by eye before recording.
@Suite struct ProfileScreenTests {
    /// Scenes/Photos, beside this package's tests.
    static let photos = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scenes/Photos")

    final class ProfileViewController: UIViewController, UITextFieldDelegate, UISearchResultsUpdating {
        private let avatar = UIImageView()
        private let cover = UIImageView()
        private let nameField = UITextField()
        private let bio = UITextView()
        private let notifications = UISwitch()
        private let units = UISegmentedControl(items: ["Metric", "Imperial"])
        private let volume = UISlider()
        private let stepper = UIStepper()
        private let progress = UIProgressView(progressViewStyle: .default)
        private let spinner = UIActivityIndicatorView(style: .medium)
        private let pages = UIPageControl()
        private let badge = UIImageView()
        private lazy var save: UIButton = {
            var config = UIButton.Configuration.filled()
            config.title = "Save"
            config.cornerStyle = .capsule
            config.image = UIImage(systemName: "checkmark")
            config.imagePadding = 6
            return UIButton(configuration: config, primaryAction: UIAction { [weak self] _ in self?.saveTapped() })
        }()

        override func viewDidLoad() {
            super.viewDidLoad()
            title = "Profile"
            view.backgroundColor = .systemGroupedBackground
            navigationItem.largeTitleDisplayMode = .always
            let search = UISearchController(searchResultsController: nil)
            search.searchResultsUpdater = self
            search.obscuresBackgroundDuringPresentation = false
            search.searchBar.placeholder = "Search settings"
            navigationItem.searchController = search
            navigationItem.hidesSearchBarWhenScrolling = true

            if let data = try? Data(contentsOf: ProfileScreenTests.photos.appendingPathComponent("coffee.heic")) {
                avatar.image = UIImage(data: data)?.preparingThumbnail(of: CGSize(width: 160, height: 160))
            } else {
                avatar.image = UIImage(named: "badge", in: fixtures, compatibleWith: nil)
            }
            avatar.contentMode = .scaleAspectFill
            avatar.layer.cornerRadius = 40
            avatar.clipsToBounds = true
            cover.image = UIImage(contentsOfFile: ProfileScreenTests.photos.appendingPathComponent("chelsea.jpg").path)
            cover.contentMode = .scaleAspectFill
            cover.layer.cornerRadius = 12
            cover.clipsToBounds = true
            badge.image = UIImage(named: "badge", in: fixtures, compatibleWith: nil)

            nameField.borderStyle = .roundedRect
            nameField.placeholder = "Name"
            nameField.clearButtonMode = .whileEditing
            nameField.returnKeyType = .done
            nameField.autocapitalizationType = .words
            nameField.delegate = self
            nameField.addTarget(self, action: ProfileViewController.nameChanged(_:), for: .editingChanged)

            bio.font = .preferredFont(forTextStyle: .body)
            bio.text = "Climber, cook, occasional runner."
            bio.isScrollEnabled = false
            bio.backgroundColor = .secondarySystemGroupedBackground
            bio.layer.cornerRadius = 10

            notifications.isOn = true
            notifications.onTintColor = UIColor(named: "brand", in: fixtures, compatibleWith: nil)
            notifications.addTarget(self, action: ProfileViewController.toggled(_:), for: .valueChanged)
            units.selectedSegmentIndex = 0
            units.addAction(UIAction { [weak self] _ in self?.unitsChanged() }, for: .valueChanged)
            volume.value = 0.4
            volume.minimumValueImage = UIImage(systemName: "speaker.fill")
            stepper.minimumValue = 1
            stepper.maximumValue = 10
            progress.setProgress(0.3, animated: false)
            pages.numberOfPages = 4
            pages.currentPage = 1
            pages.pageIndicatorTintColor = .systemGray4
            pages.currentPageIndicatorTintColor = UIColor(displayP3Red: 0.2, green: 0.5, blue: 0.9, alpha: 1)

            let photos = UIStackView(arrangedSubviews: [avatar, cover, badge])
            photos.spacing = 12
            photos.alignment = .center
            let toggles = UIStackView(arrangedSubviews: [notifications, units, stepper])
            toggles.spacing = 12
            toggles.alignment = .center
            let stack = UIStackView(arrangedSubviews: [photos, nameField, bio, toggles, volume, progress, spinner, pages, save])
            stack.axis = .vertical
            stack.spacing = 12
            stack.alignment = .center
            stack.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(stack)
            NSLayoutConstraint.activate([
                stack.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 16),
                stack.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
                stack.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
                avatar.widthAnchor.constraint(equalToConstant: 80), avatar.heightAnchor.constraint(equalToConstant: 80),
                cover.widthAnchor.constraint(equalToConstant: 120), cover.heightAnchor.constraint(equalToConstant: 80),
                badge.widthAnchor.constraint(equalToConstant: 40), badge.heightAnchor.constraint(equalToConstant: 40),
                nameField.widthAnchor.constraint(equalTo: stack.widthAnchor),
                bio.widthAnchor.constraint(equalTo: stack.widthAnchor),
                progress.widthAnchor.constraint(equalTo: stack.widthAnchor),
                volume.widthAnchor.constraint(equalTo: stack.widthAnchor),
            ])
            spinner.startAnimating()
            toolbarItems = [UIBarButtonItem(systemItem: .flexibleSpace),
                            UIBarButtonItem(title: "Sign Out", style: .plain, target: self, action: ProfileViewController.signOut)]
        }

        private func nameChanged(_ sender: UITextField) { save.isEnabled = !(sender.text ?? "").isEmpty }
        private func toggled(_ sender: UISwitch) { progress.setProgress(sender.isOn ? 1 : 0, animated: true) }
        private func signOut() { spinner.stopAnimating() }
        private func unitsChanged() { notifications.setOn(units.selectedSegmentIndex == 0, animated: true) }
        private func saveTapped() { view.endEditing(true) }
        func textFieldShouldReturn(_ textField: UITextField) -> Bool { textField.resignFirstResponder(); return true }
        func updateSearchResults(for searchController: UISearchController) { _ = searchController.searchBar.text }
    }

    @Test("The profile screen, light and dark", arguments: [UIUserInterfaceStyle.light, .dark])
    func profile(style: UIUserInterfaceStyle) throws {
        PNGCodec.installAsImageCodec()
        LayerRenderer.installContextRasterizer()
        let clock = Timeline()
        let image = Timeline.$current.withValue(clock) { () -> PixelBuffer in
            let window = UIWindow(screen: .main)
            window.overrideUserInterfaceStyle = style
            let navigation = UINavigationController(rootViewController: ProfileViewController())
            navigation.navigationBar.prefersLargeTitles = true
            navigation.setToolbarHidden(false, animated: false)
            window.rootViewController = navigation
            window.makeKeyAndVisible()
            window.layoutIfNeeded()
            return LayerRenderer(scale: 1).render(window.layer.snapshot(at: 0), size: window.bounds.size,
                                                  background: style == .dark ? .black : .white)
        }
        assertImageSnapshot(image, named: "profile-\(style == .dark ? "dark" : "light")-1x")
    }
}
