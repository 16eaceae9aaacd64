import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit
import Compositor
import Raster
import TransitionTesting

/// Feature goldens at 3×, light and dark: the activity indicator at two moments of its turn, progress bars
/// at 0.4, page controls of five pages, every button configuration style normal and disabled, and a
/// navigation controller's toolbar with items.
@Suite("Indicator, page control, button and toolbar goldens")
struct IndicatorGoldenTests {
    static let styles: [(String, UIUserInterfaceStyle)] = [("light", .light), ("dark", .dark)]

    /// Like `renderControl`, at a moment of the scene's clock (the spinner turns from time 0).
    static func render(size: CGSize, at time: TimeInterval, style: UIUserInterfaceStyle, _ build: (UIWindow) -> Void) -> PixelBuffer {
        let clock = Timeline()
        return Timeline.$current.withValue(clock) {
            let window = UIWindow(frame: CGRect(origin: .zero, size: size))
            window.overrideUserInterfaceStyle = style
            window.backgroundColor = .systemBackground
            build(window)
            window.layoutIfNeeded()
            return LayerRenderer(scale: 3).render(window.layer.snapshot(at: time), size: size,
                                                  background: style == .dark ? .black : .white)
        }
    }

    static func spinners(_ window: UIWindow) {
        for (index, style) in [UIActivityIndicatorView.Style.medium, .large].enumerated() {
            let spinner = UIActivityIndicatorView(style: style)
            spinner.center = CGPoint(x: 30 + CGFloat(index) * 50, y: 30)
            window.addSubview(spinner)
            spinner.startAnimating()
        }
        let tinted = UIActivityIndicatorView(style: .large)
        tinted.color = .systemBlue
        tinted.center = CGPoint(x: 130, y: 30)
        window.addSubview(tinted)
        tinted.startAnimating()
    }

    @Test("Activity indicators at two moments", arguments: [0, 1])
    func activityIndicators(moment: Int) {
        for (name, style) in Self.styles {
            let image = Self.render(size: CGSize(width: 160, height: 60), at: moment == 0 ? 0 : 0.4, style: style, Self.spinners)
            assertImageSnapshot(image, named: "spinner-t\(moment)-\(name)-3x")
        }
    }

    @Test("Progress views at 0.4") func progressViews() {
        for (name, style) in Self.styles {
            let image = renderControl(size: CGSize(width: 240, height: 70), style: style) { window in
                let plain = UIProgressView(progressViewStyle: .default)
                plain.frame = CGRect(x: 20, y: 20, width: 200, height: 4)
                plain.progress = 0.4
                let bar = UIProgressView(progressViewStyle: .bar)
                bar.frame = CGRect(x: 20, y: 40, width: 200, height: 4)
                bar.progress = 0.4
                let tinted = UIProgressView(progressViewStyle: .default)
                tinted.frame = CGRect(x: 20, y: 56, width: 200, height: 4)
                tinted.progress = 0.4
                tinted.progressTintColor = .systemGreen
                for view in [plain, bar, tinted] { window.addSubview(view) }
            }
            assertImageSnapshot(image, named: "progress-\(name)-3x")
        }
    }

    @Test("Page controls of five pages") func pageControls() {
        for (name, style) in Self.styles {
            let image = renderControl(size: CGSize(width: 200, height: 140), style: style) { window in
                // The defaults (white dots) on a photo-like colour, the prominent platter, custom colours.
                let photo = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 46))
                photo.backgroundColor = .systemIndigo
                window.addSubview(photo)
                let plain = UIPageControl(frame: CGRect(x: 0, y: 10, width: 200, height: 26))
                plain.numberOfPages = 5
                plain.currentPage = 1
                window.addSubview(plain)
                let prominent = UIPageControl(frame: CGRect(x: 0, y: 56, width: 200, height: 26))
                prominent.numberOfPages = 5
                prominent.currentPage = 2
                prominent.backgroundStyle = .prominent
                window.addSubview(prominent)
                let custom = UIPageControl(frame: CGRect(x: 0, y: 100, width: 200, height: 26))
                custom.numberOfPages = 5
                custom.currentPage = 4
                custom.pageIndicatorTintColor = .systemGray4
                custom.currentPageIndicatorTintColor = .label
                window.addSubview(custom)
            }
            assertImageSnapshot(image, named: "page-control-\(name)-3x")
        }
    }

    @Test("Page controls with a progress (iOS 17)") func pageControlProgress() {
        for (name, style) in Self.styles {
            let image = renderControl(size: CGSize(width: 200, height: 96), style: style) { window in
                // A carousel's timed progress a third of the way, on a photo-like colour and on the page.
                let photo = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 46))
                photo.backgroundColor = .systemIndigo
                window.addSubview(photo)
                let timed = UIPageControl(frame: CGRect(x: 0, y: 10, width: 200, height: 26))
                timed.numberOfPages = 5
                timed.currentPage = 1
                let progress = UIPageControlTimerProgress(preferredDuration: 3)
                timed.progress = progress
                progress.currentProgress = 1.0 / 3
                window.addSubview(timed)
                let onPage = UIPageControl(frame: CGRect(x: 0, y: 56, width: 200, height: 26))
                onPage.numberOfPages = 4
                onPage.currentPage = 3
                onPage.pageIndicatorTintColor = .systemGray4
                onPage.currentPageIndicatorTintColor = .label
                onPage.progress = UIPageControlProgress()
                onPage.progress?.currentProgress = 0.75
                window.addSubview(onPage)
            }
            assertImageSnapshot(image, named: "page-control-progress-\(name)-3x")
        }
    }

    static let buttonStyles: [(String, UIButton.Configuration)] = [
        ("Plain", .plain()), ("Gray", .gray()), ("Tinted", .tinted()), ("Filled", .filled()),
        ("Borderless", .borderless()), ("Bordered", .bordered()), ("Bordered Tinted", .borderedTinted()),
        ("Bordered Prominent", .borderedProminent()),
    ]

    @Test("Button configurations, normal and disabled") func buttons() {
        for (name, style) in Self.styles {
            let image = renderControl(size: CGSize(width: 380, height: 560), style: style) { window in
                var y: CGFloat = 12
                for (title, configuration) in Self.buttonStyles {
                    for (column, enabled) in [true, false].enumerated() {
                        var configuration = configuration
                        configuration.title = title
                        let button = UIButton(configuration: configuration)
                        button.isEnabled = enabled
                        button.frame = CGRect(x: 12 + CGFloat(column) * 184, y: y, width: 172, height: button.intrinsicContentSize.height)
                        window.addSubview(button)
                    }
                    y += 44
                }
                // Images, subtitles, the activity indicator, corner styles and sizes.
                var star = UIButton.Configuration.filled()
                star.title = "Favourite"
                star.image = UIImage(systemName: "star.fill")
                star.imagePadding = 6
                star.cornerStyle = .capsule
                var stacked = UIButton.Configuration.tinted()
                stacked.title = "Share"
                stacked.image = UIImage(systemName: "square.and.arrow.up")
                stacked.imagePlacement = .top
                stacked.imagePadding = 4
                stacked.buttonSize = .small
                var subtitled = UIButton.Configuration.gray()
                subtitled.title = "Download"
                subtitled.subtitle = "12 MB"
                subtitled.titleAlignment = .center
                subtitled.cornerStyle = .large
                var loading = UIButton.Configuration.filled()
                loading.title = "Loading"
                loading.showsActivityIndicator = true
                loading.imagePadding = 8
                loading.buttonSize = .large
                var mini = UIButton.Configuration.bordered()
                mini.title = "Mini"
                mini.buttonSize = .mini
                let frames = [CGRect(x: 12, y: y, width: 140, height: 0), CGRect(x: 164, y: y, width: 80, height: 0),
                              CGRect(x: 12, y: y + 62, width: 140, height: 0), CGRect(x: 12, y: y + 116, width: 170, height: 0),
                              CGRect(x: 200, y: y + 62, width: 60, height: 0)]
                for (configuration, frame) in zip([star, stacked, subtitled, loading, mini], frames) {
                    let button = UIButton(configuration: configuration)
                    button.frame = CGRect(origin: frame.origin, size: CGSize(width: frame.width, height: button.intrinsicContentSize.height))
                    window.addSubview(button)
                }
            }
            assertImageSnapshot(image, named: "buttons-\(name)-3x")
        }
    }

    @Test("A navigation controller's toolbar with items") func toolbar() {
        for (name, style) in Self.styles {
            let clock = Timeline()
            let image = Timeline.$current.withValue(clock) {
                let screen = UIViewController()
                screen.title = "Notes"
                screen.view.backgroundColor = .systemBackground
                screen.toolbarItems = [
                    UIBarButtonItem(barButtonSystemItem: .action, target: nil, action: nil),
                    .fixedSpace(16),
                    UIBarButtonItem(image: UIImage(systemName: "star"), style: .plain, target: nil, action: nil),
                    .flexibleSpace(),
                    UIBarButtonItem(title: "12 Notes", style: .plain, target: nil, action: nil),
                    .flexibleSpace(),
                    UIBarButtonItem(barButtonSystemItem: .add, target: nil, action: nil),
                ]
                let navigation = UINavigationController(rootViewController: screen)
                navigation.isToolbarHidden = false
                let window = UIWindow(screen: .main)
                window.overrideUserInterfaceStyle = style
                window.rootViewController = navigation
                window.makeKeyAndVisible()
                window.layoutIfNeeded()
                return LayerRenderer(scale: 3).render(window.layer.snapshot(at: 0), size: window.bounds.size,
                                                      background: style == .dark ? .black : .white)
            }
            assertImageSnapshot(image, named: "toolbar-\(name)-3x")
        }
    }
}
