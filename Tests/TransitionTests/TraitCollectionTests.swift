import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit

/// Traits and dark mode: dynamic colours, the style a view inherits, overrides and their callbacks.
@Suite struct TraitCollectionTests {
    static let light = UITraitCollection(userInterfaceStyle: .light)
    static let dark = UITraitCollection(userInterfaceStyle: .dark)

    /// System colours keep their light values and take Apple's dark ones (HIG colour tables).
    @Test func systemColoursResolvePerStyle() {
        #expect(UIColor.systemBackground.resolvedColor(with: Self.light).cgColor == CGColor(gray: 1, alpha: 1))
        #expect(UIColor.systemBackground.resolvedColor(with: Self.dark).cgColor == CGColor(gray: 0, alpha: 1))
        #expect(UIColor.label.resolvedColor(with: Self.dark).cgColor == CGColor(gray: 1, alpha: 1))
        #expect(UIColor.secondarySystemBackground.resolvedColor(with: Self.dark) == UIColor(rgb: 0x1C1C1E))
        #expect(UIColor.systemBlue.resolvedColor(with: Self.light) == UIColor(rgb: 0x007AFF))
        #expect(UIColor.systemBlue.resolvedColor(with: Self.dark) == UIColor(rgb: 0x0A84FF))
        #expect(UIColor.systemGray6.resolvedColor(with: Self.dark) == UIColor(rgb: 0x1C1C1E))
        #expect(UIColor.systemGray.resolvedColor(with: Self.dark) == UIColor(rgb: 0x8E8E93))
        let secondary = UIColor.secondaryLabel.resolvedColor(with: Self.dark).cgColor
        #expect(abs(secondary.red - 235 / 255) < 1e-9 && abs(secondary.blue - 245 / 255) < 1e-9 && secondary.alpha == 0.6)
        // An unspecified style resolves as light; a fixed colour resolves to itself.
        #expect(UIColor.label.resolvedColor(with: UITraitCollection()) == .black)
        #expect(UIColor.red.resolvedColor(with: Self.dark) === UIColor.red)
        #expect(UIColor.systemBackground == UIColor.systemBackground && UIColor.systemBackground != UIColor.white)
    }

    /// `cgColor` of a dynamic colour resolves with `UITraitCollection.current`, which `performAsCurrent` sets.
    @Test func dynamicProviderAndCurrentTraits() {
        let accent = UIColor { $0.userInterfaceStyle == .dark ? .yellow : .blue }
        #expect(UITraitCollection.current.userInterfaceStyle == .light)
        #expect(accent.cgColor == UIColor.blue.cgColor)
        Self.dark.performAsCurrent {
            #expect(UITraitCollection.current.userInterfaceStyle == .dark)
            #expect(accent.cgColor == UIColor.yellow.cgColor)
            #expect(accent.withAlphaComponent(0.5).cgColor == CGColor(red: 1, green: 1, blue: 0, alpha: 0.5))
        }
        #expect(UITraitCollection.current.userInterfaceStyle == .light)
        #expect(UITraitCollection(traitsFrom: [Self.dark, UITraitCollection()]).userInterfaceStyle == .dark)
    }

    final class Recorder: UIView {
        var changes: [(UIUserInterfaceStyle, UIUserInterfaceStyle, current: UIUserInterfaceStyle)] = []
        override func traitCollectionDidChange(_ previous: UITraitCollection?) {
            changes.append((previous?.userInterfaceStyle ?? .unspecified, traitCollection.userInterfaceStyle,
                            UITraitCollection.current.userInterfaceStyle))
        }
    }

    /// Overrides on a window, a controller and a view reach the subtree; the callback comes once per
    /// change with the new traits current; dynamic background colours are applied again.
    @Test func overridesPropagateAndReapplyColours() {
        let window = UIWindow(screen: .main)
        let controller = UIViewController()
        window.rootViewController = controller
        let child = Recorder(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        child.backgroundColor = .systemBackground
        let fixed = UIView()
        fixed.backgroundColor = .red
        controller.view.addSubview(child)
        child.addSubview(fixed)
        #expect(child.traitCollection.userInterfaceStyle == .light && child.changes.isEmpty)
        #expect(child.layer.backgroundColor == CGColor(gray: 1, alpha: 1))

        controller.overrideUserInterfaceStyle = .dark
        #expect(controller.traitCollection.userInterfaceStyle == .dark && fixed.traitCollection.userInterfaceStyle == .dark)
        #expect(child.changes.count == 1 && child.changes[0] == (.light, .dark, .dark))
        #expect(child.layer.backgroundColor == CGColor(gray: 0, alpha: 1))
        #expect(child.backgroundColor === UIColor.systemBackground)          // reads back the colour set
        #expect(fixed.layer.backgroundColor == UIColor.red.cgColor)

        child.overrideUserInterfaceStyle = .light                             // a view's own override wins
        #expect(child.changes.count == 2 && fixed.traitCollection.userInterfaceStyle == .light)
        child.overrideUserInterfaceStyle = .unspecified
        controller.overrideUserInterfaceStyle = .unspecified
        window.overrideUserInterfaceStyle = .dark
        #expect(child.traitCollection.userInterfaceStyle == .dark && child.changes.count == 5)
        // A colour assigned later resolves with the view's traits.
        fixed.backgroundColor = .secondarySystemBackground
        #expect(fixed.layer.backgroundColor == UIColor(rgb: 0x1C1C1E).cgColor)
        // Setting the layer directly replaces the dynamic colour: it is no longer re-applied.
        fixed.layer.backgroundColor = CGColor(gray: 0.5, alpha: 1)
        window.overrideUserInterfaceStyle = .light
        #expect(fixed.layer.backgroundColor == CGColor(gray: 0.5, alpha: 1))
    }

    /// Labels and symbol images draw their colours with the view's traits, and again when they change;
    /// layoutSubviews runs with the view's traits current.
    @Test func labelsAndLayoutFollowTheViewsStyle() {
        final class Layout: UIView {
            var seen: UIUserInterfaceStyle?
            override func layoutSubviews() { seen = UITraitCollection.current.userInterfaceStyle }
        }
        let window = UIWindow(screen: .main)
        let label = UILabel()
        label.text = "Hello"
        let laidOut = Layout(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(label)
        window.addSubview(laidOut)
        #expect(label.layer.modelState.text?.runs.first?.color == CGColor(gray: 0, alpha: 1))
        window.overrideUserInterfaceStyle = .dark
        #expect(label.layer.modelState.text?.runs.first?.color == CGColor(gray: 1, alpha: 1))
        laidOut.setNeedsLayout()
        laidOut.layoutIfNeeded()
        #expect(laidOut.seen == .dark)
    }

    /// `.default` shows light content when the controller deciding the status bar is dark.
    @Test func defaultStatusBarFollowsTheStyle() {
        let root = UIViewController()
        onStage(root) { stage in
            let appearance = stage.window.statusBarAppearance
            #expect(appearance.lightness(at: stage.clock.now) == 0)
            root.overrideUserInterfaceStyle = .dark
            stage.window.settleStatusBarAppearance()
            #expect(appearance.lightness(at: stage.clock.now) == 1 && appearance.style == .default)
        }
    }

    /// `UIApplication.shared` holds the windows made while it is current, its scene and status bar.
    @Test func applicationWindowsAndScene() throws {
        let app = UIApplication()
        let screen = UIScreen(bounds: CGRect(x: 0, y: 0, width: 393, height: 852), scale: 3,
                              safeAreaInsets: UIEdgeInsets(top: 59, left: 0, bottom: 34, right: 0), statusBarHeight: 54)
        try UIScreen.$main.withValue(screen) {
            try UIApplication.$shared.withValue(app) {
                let shared = UIApplication.shared
                #expect(shared === app && shared.windows.isEmpty && shared.keyWindow == nil)
                let window = UIWindow(screen: .main)
                let other = UIWindow(windowScene: shared.windowScene)
                #expect(shared.windows.count == 2 && shared.windows[0] === window && other.windowScene === shared.windowScene)
                window.rootViewController = UIViewController()
                window.makeKeyAndVisible()
                #expect(shared.keyWindow === window)
                let scene = try #require(shared.connectedScenes.first as? UIWindowScene)
                #expect(scene.windows.count == 2 && scene.keyWindow === window)
                #expect(scene.statusBarManager?.statusBarFrame == CGRect(x: 0, y: 0, width: 393, height: 54))
                #expect(shared.statusBarFrame == CGRect(x: 0, y: 0, width: 393, height: 54))
                #expect(scene.activationState == .foregroundActive && scene.traitCollection.userInterfaceStyle == .light)
            }
        }
        #expect(UIApplication.shared !== app)
    }
}
