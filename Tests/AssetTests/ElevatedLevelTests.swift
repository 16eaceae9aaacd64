import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit

/// A sheet's views have the elevated level, so in dark mode their system backgrounds lift (iOS: a page
/// sheet's `systemBackground` is #1C1C1E over the presenter's #000000); full-screen presentations do not.
@Suite struct ElevatedLevelTests {
    final class Sheet: UIViewController {
        var seenLevel: UIUserInterfaceLevel?
        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = .systemBackground
        }
        override func traitCollectionDidChange(_ previous: UITraitCollection?) { seenLevel = traitCollection.userInterfaceLevel }
    }

    func present(_ style: UIModalPresentationStyle, dark: Bool = true) -> (Sheet, UIViewController) {
        let screen = UIScreen(bounds: CGRect(x: 0, y: 0, width: 393, height: 852), scale: 3,
                              safeAreaInsets: UIEdgeInsets(top: 59, left: 0, bottom: 34, right: 0), userInterfaceStyle: dark ? .dark : .light)
        return UIScreen.$main.withValue(screen) {
            Timeline.$current.withValue(Timeline()) {
                let root = UIViewController()
                root.view.backgroundColor = .systemBackground
                let window = UIWindow(screen: .main)
                window.rootViewController = root
                window.makeKeyAndVisible()
                let sheet = Sheet()
                sheet.modalPresentationStyle = style
                root.present(sheet, animated: false)
                window.layoutIfNeeded()
                #expect(root.view.layer.backgroundColor == CGColor(gray: 0, alpha: 1) || !dark)
                return (sheet, root)
            }
        }
    }

    @Test func aPageSheetIsElevated() {
        let (sheet, root) = present(.pageSheet)
        #expect(sheet.traitCollection.userInterfaceLevel == .elevated)
        #expect(sheet.view.traitCollection.userInterfaceLevel == .elevated)
        #expect(root.traitCollection.userInterfaceLevel == .base)
        #expect(sheet.view.layer.backgroundColor == CGColor(red: 0x1C / 255.0, green: 0x1C / 255.0, blue: 0x1E / 255.0, alpha: 1))
    }

    @Test func aFullScreenPresentationIsNot() {
        let (sheet, _) = present(.fullScreen)
        #expect(sheet.view.traitCollection.userInterfaceLevel == .base)
        #expect(sheet.view.layer.backgroundColor == CGColor(gray: 0, alpha: 1))
    }

    @Test func lightSheetsKeepWhite() {
        let (sheet, _) = present(.formSheet, dark: false)
        #expect(sheet.view.traitCollection.userInterfaceLevel == .elevated)
        #expect(sheet.view.layer.backgroundColor == CGColor(gray: 1, alpha: 1))
    }
}
