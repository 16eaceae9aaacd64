import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit

/// UIToolbar and the navigation controller's toolbar: the row's height, items placed along it by iOS's
/// rule for flexible and fixed spaces, children's safe areas, showing and hiding, items following the top
/// controller.
@Suite struct ToolbarTests {
    @Test func flexibleSpacesShareTheRoomAndFixedOnesKeepTheirWidth() throws {
        IndicatorStage.run { window, _ in
            let toolbar = UIToolbar(frame: CGRect(x: 0, y: 700, width: 393, height: 83))
            let edit = UIBarButtonItem(title: "Edit", style: .plain, target: nil, action: nil)
            let add = UIBarButtonItem(barButtonSystemItem: .add, target: nil, action: nil)
            let done = UIBarButtonItem(barButtonSystemItem: .done, target: nil, action: nil)
            toolbar.items = [edit, .flexibleSpace(), add, .flexibleSpace(), done]
            window.addSubview(toolbar)
            window.layoutIfNeeded()
            #expect(toolbar.rowHeight == 49, "a phone with a home indicator")
            let views = [edit, add, done].compactMap { toolbar.view(for: $0) }
            #expect(views.count == 3)
            // Leading margin, centred middle item, trailing margin; each centred in the 49 pt row.
            #expect(views[0].frame.minX == 16 && abs(views[2].frame.maxX - (393 - 16)) < 0.34)
            let left = views[1].frame.minX - views[0].frame.maxX, right = views[2].frame.minX - views[1].frame.maxX
            #expect(abs(left - right) < 0.67)
            #expect(views.allSatisfy { abs($0.frame.midY - 24.5) < 0.34 })

            // Without flexible spaces the items sit at the leading margin, 8 pt apart; a fixed space adds its width.
            toolbar.items = [edit, .fixedSpace(30), add]
            window.layoutIfNeeded()
            let packed = [edit, add].compactMap { toolbar.view(for: $0) }
            #expect(packed[0].frame.minX == 16)
            #expect(abs(packed[1].frame.minX - (packed[0].frame.maxX + 8 + 30 + 8)) < 0.34)
            #expect(toolbar.view(for: done) == nil && toolbar.buttons.count == 2)

            // A tap on an item performs its action.
            var tapped = 0
            let action = UIBarButtonItem(primaryAction: UIAction(title: "Sort") { _ in tapped += 1 })
            toolbar.items = [.flexibleSpace(), action]
            window.layoutIfNeeded()
            let view = toolbar.view(for: action)!
            IndicatorStage.tap(window, at: view.convert(CGPoint(x: view.bounds.midX, y: view.bounds.midY), to: window))
            #expect(tapped == 1 && abs(view.frame.maxX - (393 - 16)) < 0.34)
        }
    }

    /// iOS 14's `init(systemItem:primaryAction:menu:)` makes the same items as the older spelling, and
    /// iOS 15's `UIColor.tintColor` is the default tint.
    @Test func newerSpellingsMakeTheSameItems() {
        let spacer = UIBarButtonItem(systemItem: .flexibleSpace)
        let older = UIBarButtonItem(barButtonSystemItem: .flexibleSpace)
        #expect(spacer.systemItem == .flexibleSpace && spacer.title == older.title && spacer.style == older.style)
        var fired = 0
        let add = UIBarButtonItem(systemItem: .add, primaryAction: UIAction { _ in fired += 1 })
        #expect(add.systemItem == .add && add.primaryAction != nil)
        add.primaryAction?.handler(add.primaryAction!)
        #expect(fired == 1)
        let dark = UITraitCollection(userInterfaceStyle: .dark), light = UITraitCollection(userInterfaceStyle: .light)
        #expect(UIColor.tintColor.resolvedColor(with: dark) == UIColor.systemBlue.resolvedColor(with: dark))
        #expect(UIColor.tintColor.resolvedColor(with: light) == UIColor.systemBlue.resolvedColor(with: light))
    }

    @Test func theNavigationControllersToolbarShowsTheTopItemsAndInsetsChildren() {
        let first = UIViewController(), second = UIViewController()
        let share = UIBarButtonItem(barButtonSystemItem: .action, target: nil, action: nil)
        let trash = UIBarButtonItem(title: "Delete", style: .plain, target: nil, action: nil)
        first.toolbarItems = [share]
        second.toolbarItems = [.flexibleSpace(), trash]
        let navigation = UINavigationController(rootViewController: first)
        IndicatorStage.run { window, clock in
            window.rootViewController = navigation
            window.layoutIfNeeded()
            #expect(navigation.isToolbarHidden && navigation.toolbar.superview == nil, "hidden by default and not even added")
            #expect(first.view.safeAreaInsets.bottom == 34)
            navigation.setToolbarHidden(false, animated: false)
            window.layoutIfNeeded()
            // 49 pt of row above the 34 pt home-indicator area, flush with the screen's bottom.
            #expect(navigation.toolbar.frame == CGRect(x: 0, y: 852 - 83, width: 393, height: 83))
            #expect(abs(first.view.safeAreaInsets.bottom - 83) < 1e-9)
            #expect(navigation.toolbar.items?.first === share)
            navigation.pushViewController(second, animated: true)
            IndicatorStage.advance(window, clock, to: 1)
            #expect(navigation.toolbar.items?.last === trash && navigation.toolbar.view(for: trash) != nil)
            #expect(abs(second.view.safeAreaInsets.bottom - 83) < 1e-9)
            second.setToolbarItems([share], animated: false)
            #expect(navigation.toolbar.items?.count == 1)
            first.toolbarItems = []   // not on top: the bar keeps the top controller's items
            #expect(navigation.toolbar.items?.count == 1)

            // Hiding slides the bar down over 0.2 s and gives the room back.
            navigation.setToolbarHidden(true, animated: true)
            IndicatorStage.advance(window, clock, to: 1.1)
            let y = navigation.toolbar.layer.presentation()!.position.y - 83 / 2
            #expect(y > 852 - 83 && y < 852, "half way down: \(y)")
            IndicatorStage.advance(window, clock, to: 1.3)
            #expect(navigation.toolbar.isHidden && second.view.safeAreaInsets.bottom == 34)
        }
    }

    @Test func appearanceAndBarTintColourTheBackground() {
        let toolbar = UIToolbar(frame: CGRect(x: 0, y: 0, width: 393, height: 49))
        let opaque = UIToolbarAppearance()
        opaque.configureWithOpaqueBackground()
        toolbar.standardAppearance = opaque
        #expect(toolbar.subviews[0].backgroundColor == .systemBackground)
        let clear = UIToolbarAppearance()
        clear.configureWithTransparentBackground()
        toolbar.standardAppearance = clear
        #expect(toolbar.subviews[0].isHidden && toolbar.subviews[1].isHidden)
        toolbar.barTintColor = .systemRed
        #expect(toolbar.subviews[0].backgroundColor == UIColor.systemRed.withAlphaComponent(0.94) && !toolbar.subviews[0].isHidden)
        toolbar.isTranslucent = false
        #expect(toolbar.subviews[0].backgroundColor == .systemRed)
        #expect(toolbar.barPosition == .bottom)
    }
}
