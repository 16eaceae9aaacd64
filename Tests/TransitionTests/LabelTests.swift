import Testing
import Foundation
@testable import UIKit
@testable import QuartzCore
import Text

/// UILabel and UIFont: metrics, the sizes labels report, and the text they put into the layer tree.
@Suite struct Labels {
    @Test func textStylesHaveIOSDefaultSizesAndWeights() {
        let expected: [(UIFont.TextStyle, CGFloat, String)] = [
            (.largeTitle, 34, ".SystemFont-400"), (.title1, 28, ".SystemFont-400"), (.title2, 22, ".SystemFont-400"),
            (.title3, 20, ".SystemFont-400"), (.headline, 17, ".SystemFont-600"), (.body, 17, ".SystemFont-400"),
            (.callout, 16, ".SystemFont-400"), (.subheadline, 15, ".SystemFont-400"), (.footnote, 13, ".SystemFont-400"),
            (.caption1, 12, ".SystemFont-400"), (.caption2, 11, ".SystemFont-400"),
        ]
        for (style, size, name) in expected {
            let font = UIFont.preferredFont(forTextStyle: style)
            #expect(font.pointSize == size && font.fontName == name, "\(style.rawValue): \(font)")
        }
        #expect(UIFont.boldSystemFont(ofSize: 12).fontName == ".SystemFont-700")
        #expect(UIFont.italicSystemFont(ofSize: 12).fontName == ".SystemFont-400-Italic")
        #expect(UIFont.systemFont(ofSize: 30).withSize(10).pointSize == 10)
    }

    @Test func metricsAreTheFacesScaled() throws {
        let font = UIFont.systemFont(ofSize: 17)
        let face = Font.system(size: 17).face
        let scale: CGFloat = 17 / CGFloat(face.unitsPerEm)
        #expect(font.ascender == CGFloat(face.ascender) * scale)
        #expect(font.descender == CGFloat(face.descender) * scale && font.descender < 0)
        #expect(font.lineHeight == font.ascender - font.descender + font.leading)
        #expect(font.familyName == "Inter")
        #expect(UIFont(name: "Inter-Bold", size: 12)?.fontName == "Inter-Bold")
        #expect(UIFont(name: "No Such Font", size: 12) == nil)
    }

    /// A single-line label is as wide as its shaped text, rounded up to the screen's pixels.
    @Test func aLabelsWidthIsTheShapedAdvanceOfItsFont() {
        let label = UILabel()
        label.text = "Today"
        label.font = .systemFont(ofSize: 17, weight: .semibold)
        let shaped = TextLayout.make(AttributedText("Today", font: Font.system(size: 17, weight: 600)), width: nil)
        let scale = UIScreen.main.scale
        #expect(label.intrinsicContentSize.width == (shaped.size.width * scale).rounded(.up) / scale)
        #expect(label.intrinsicContentSize.height == (shaped.size.height * scale).rounded(.up) / scale)
        label.sizeToFit()
        #expect(label.bounds.size == label.intrinsicContentSize)
    }

    @Test func multilineLabelsWrapToTheWidthAskedFor() {
        let label = UILabel()
        label.text = "A longer line of body text that will not fit on one line"
        label.numberOfLines = 0
        let one = label.font.lineHeight
        let fitted = label.sizeThatFits(CGSize(width: 150, height: CGFloat.greatestFiniteMagnitude))
        #expect(fitted.width <= 150 && fitted.height > 2 * one)
        label.numberOfLines = 2
        #expect(label.sizeThatFits(CGSize(width: 150, height: CGFloat.greatestFiniteMagnitude)).height < 2.5 * one)
    }

    /// Properties set in a subclass's initializer (where Swift runs no observers) still reach the layer.
    @Test func propertiesSetInAnInitializerReachTheLayer() throws {
        final class TitleLabel: UILabel {
            required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
            override init(frame: CGRect) {
                super.init(frame: frame)
                text = "Title"
                font = .preferredFont(forTextStyle: .headline)
                textColor = .systemBlue
                textAlignment = .center
            }
        }
        let label = TitleLabel(frame: CGRect(x: 0, y: 0, width: 100, height: 30))
        let text = try #require(label.layer.modelState.text)
        #expect(text.string == "Title" && text.runs[0].fontName == ".SystemFont-600" && text.runs[0].fontSize == 17)
        #expect(text.alignment == .center && text.verticalPlacement == .center && text.runs[0].color == UIColor.systemBlue.cgColor)
        label.text = nil
        #expect(label.layer.modelState.text == nil && label.intrinsicContentSize == .zero)
    }

    @Test func registeredFontsAreFoundByName() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("TextTests/Fixtures/RTFixture-Regular.ttf")
        let names = try UIFont.register(contentsOf: fixture)
        let name = try #require(names.first)
        let font = try #require(UIFont(name: name, size: 20))
        #expect(font.fontName == name && font.pointSize == 20)
        #expect(throws: (any Error).self) { try UIFont.register(contentsOf: URL(fileURLWithPath: "/nonexistent/font.ttf")) }
    }

    @Test func attributedTextKeepsEachRunsFontColourAndKern() throws {
        let label = UILabel()
        let text = NSMutableAttributedString(string: "TODAY ", attributes: [.font: UIFont.systemFont(ofSize: 13, weight: .semibold),
                                                                          .foregroundColor: UIColor.systemBlue, .kern: 1.5])
        text.append(NSAttributedString(string: "Card", attributes: [.font: UIFont.boldSystemFont(ofSize: 28)]))
        let style = NSMutableParagraphStyle()
        style.alignment = .center
        text.addAttribute(.paragraphStyle, value: style, range: NSRange(location: 0, length: text.length))
        label.attributedText = text
        let layerText = try #require(label.layer.modelState.text)
        #expect(layerText.runs.map(\.string) == ["TODAY ", "Card"])
        #expect(layerText.runs[0].fontName == ".SystemFont-600" && layerText.runs[0].kern == 1.5
                && layerText.runs[0].color == UIColor.systemBlue.cgColor)
        #expect(layerText.runs[1].fontName == ".SystemFont-700" && layerText.runs[1].fontSize == 28
                && layerText.runs[1].color == UIColor.label.cgColor)   // the label's colour where the run has none
        #expect(layerText.alignment == .center)
        #expect(label.text == "TODAY Card")
        // The tallest font sets the line: the label is as tall as a 28 pt line.
        #expect(label.intrinsicContentSize.height >= UIFont.boldSystemFont(ofSize: 28).lineHeight)
        label.text = "plain"
        #expect(label.layer.modelState.text?.runs.count == 1 && label.attributedText?.string == "plain")
    }

    @Test func stringsMeasureAsTheyLayOut() {
        let font = UIFont.systemFont(ofSize: 17)
        let one = "Hello, World".size(withAttributes: [.font: font])
        let shaped = TextLayout.make(AttributedText("Hello, World", font: Font.system(size: 17)), width: nil).size
        #expect(one == shaped)
        let long = String(repeating: "wrap these words ", count: 6)
        let wrapped = long.boundingRect(with: CGSize(width: 120, height: CGFloat.greatestFiniteMagnitude), options: .usesLineFragmentOrigin,
                                        attributes: [.font: font], context: nil)
        #expect(wrapped.width <= 120 && wrapped.height > 3 * font.lineHeight)
        let single = long.boundingRect(with: CGSize(width: 120, height: 100), options: [], attributes: [.font: font], context: nil)
        #expect(single.height < 1.5 * font.lineHeight && single.width > 120)
    }

    @Test func buttonTitlesFollowTheState() throws {
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 0, y: 0, width: 120, height: 44)
        #expect(button.titleLabel == nil)
        button.setTitle("Get", for: .normal)
        button.setTitle("Getting…", for: .selected)
        let label = try #require(button.titleLabel)
        #expect(label.text == "Get" && label.textColor == .systemBlue && label.textAlignment == .center)
        button.isHighlighted = true
        #expect(label.textColor == UIColor.systemBlue.withAlphaComponent(0.2))   // a system button dims while touched
        button.isHighlighted = false
        button.setTitleColor(.white, for: .selected)
        button.isSelected = true
        #expect(button.currentTitle == "Getting…" && label.text == "Getting…" && label.textColor == .white)
        button.layoutIfNeeded()
        #expect(label.frame == button.bounds)
        #expect(button.intrinsicContentSize == label.intrinsicContentSize && button.intrinsicContentSize.width > 0)
        let custom = UIButton(type: .custom)
        custom.setTitle("Done", for: .normal)
        #expect(custom.titleLabel?.textColor == .white)
        #expect(UIButton(primaryAction: UIAction(title: "Open") { _ in }).currentTitle == "Open")
    }

    /// Replacing the system font is process-wide, so tests running in parallel must not see it: only the
    /// refusal is checked here (the replacement itself is tested on a private registry in TextTests).
    @Test func replacingTheSystemFontNeedsFonts() {
        #expect(throws: (any Error).self) { try UIFont.useAsSystemFont(contentsOf: []) }
        #expect(throws: (any Error).self) { try UIFont.useAsSystemFont(contentsOf: [URL(fileURLWithPath: "/nonexistent.ttf")]) }
        #expect(UIFont.systemFont(ofSize: 17).familyName == "Inter")
    }

    /// Which controller decides the status bar: a full-screen presented one, else containers' visible child.
    @Test func statusBarStyleOwners() {
        final class Light: UIViewController { override var preferredStatusBarStyle: UIStatusBarStyle { .lightContent } }
        let window = UIWindow(screen: UIScreen.main)
        let root = UIViewController()
        window.rootViewController = root
        #expect(window.statusBarStyle == .default)
        let navigation = UINavigationController(rootViewController: Light())
        window.rootViewController = navigation
        #expect(window.statusBarStyle == .lightContent && navigation.statusBarStyleOwner === navigation.topViewController)
        let tabs = UITabBarController()
        tabs.viewControllers = [Light(), UIViewController()]
        window.rootViewController = tabs
        #expect(window.statusBarStyle == .lightContent)
        tabs.selectedIndex = 1
        #expect(window.statusBarStyle == .default)
    }

    /// The status bar's lightness is state the window keeps: a property animator carries it like any view
    /// property (scrubbed while paused), `performWithoutAnimation` and plain calls switch it at once, and a
    /// new owner's style is shown at the end of the turn.
    @Test func statusBarAppearanceAnimatesWithPropertyAnimators() {
        final class Switchable: UIViewController {
            var light = false
            override var preferredStatusBarStyle: UIStatusBarStyle { light ? .lightContent : .default }
        }
        let root = Switchable()
        onStage(root) { stage in
            let appearance = stage.window.statusBarAppearance
            #expect(appearance.lightness(at: stage.clock.now) == 0)
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) {
                root.light = true
                root.setNeedsStatusBarAppearanceUpdate()
            }
            animator.pauseAnimation()
            animator.fractionComplete = 0.3
            #expect(abs(appearance.lightness(at: stage.clock.now) - 0.3) < 1e-6 && appearance.style == .lightContent)
            animator.startAnimation()
            stage.run(for: 0.35)
            #expect(abs(appearance.lightness(at: stage.clock.now) - 0.65) < 1e-6)
            stage.run(for: 1)
            #expect(appearance.lightness(at: stage.clock.now) == 1)
            root.light = false
            UIView.animate(withDuration: 1) { UIView.performWithoutAnimation { root.setNeedsStatusBarAppearanceUpdate() } }
            #expect(appearance.lightness(at: stage.clock.now) == 0)
            // Changed without asking: shown when the turn ends.
            root.light = true
            #expect(appearance.lightness(at: stage.clock.now) == 0)
            stage.window.settleStatusBarAppearance()
            #expect(appearance.lightness(at: stage.clock.now) == 1)
        }
    }
}

