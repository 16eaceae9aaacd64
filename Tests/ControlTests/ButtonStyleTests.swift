import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit

/// UIButton.Configuration's completion: the bordered family's looks, images beside, after, over and under
/// the title, the activity indicator in the image's place, text transformers, selection, update handlers.
@Suite struct ButtonStyleTests {
    func button(_ configuration: UIButton.Configuration) -> UIButton {
        let button = UIButton(configuration: configuration)
        button.frame = CGRect(origin: .zero, size: button.intrinsicContentSize)
        button.layoutIfNeeded()
        return button
    }
    func titled(_ configuration: UIButton.Configuration, _ title: String = "Continue") -> UIButton.Configuration {
        var configuration = configuration
        configuration.title = title
        return configuration
    }

    @Test func theBorderedFamilyDrawsAsItsIOSTwins() {
        let pairs: [(UIButton.Configuration, UIButton.Configuration)] = [
            (.borderless(), .plain()), (.bordered(), .gray()), (.borderedTinted(), .tinted()), (.borderedProminent(), .filled()),
        ]
        for (bordered, twin) in pairs {
            for enabled in [true, false] {
                let a = button(titled(bordered)), b = button(titled(twin))
                a.isEnabled = enabled; b.isEnabled = enabled
                #expect(a.configuredBackground?.backgroundColor == b.configuredBackground?.backgroundColor)
                #expect(a.titleLabel?.textColor == b.titleLabel?.textColor)
            }
        }
        #expect(UIButton.Configuration.borderedTinted() != UIButton.Configuration.tinted(), "they stay different configurations")
    }

    @Test func anImageSitsOnItsSideOfTheTitle() throws {
        let star = try #require(UIImage(systemName: "star.fill"))
        var configuration = titled(.filled())
        configuration.image = star
        configuration.imagePadding = 6
        let leading = button(configuration)
        let image = try #require(leading.imageView), title = try #require(leading.titleLabel)
        #expect(image.image?.isSymbolImage == true && image.tintColor == .white, "a symbol takes the foreground colour")
        #expect(image.frame.minX == 12 && abs(title.frame.minX - (image.frame.maxX + 6)) < 0.34)
        let text = title.intrinsicContentSize
        #expect(leading.intrinsicContentSize.width == image.frame.width + 6 + text.width + 24)

        configuration.imagePlacement = .trailing
        let trailing = button(configuration)
        #expect(try #require(trailing.imageView).frame.maxX == trailing.bounds.width - 12)
        #expect(try #require(trailing.titleLabel).frame.minX == 12)

        configuration.imagePlacement = .top
        let top = button(configuration)
        let topImage = try #require(top.imageView), topTitle = try #require(top.titleLabel)
        #expect(topImage.frame.minY == 7 && abs(topTitle.frame.minY - (topImage.frame.maxY + 6)) < 0.34)
        #expect(abs(topImage.frame.midX - top.bounds.midX) < 0.34 && topTitle.textAlignment == .center)
        #expect(top.intrinsicContentSize.height == topImage.frame.height + 6 + text.height + 14)

        // An image alone: no padding.
        var alone = UIButton.Configuration.plain()
        alone.image = star
        alone.imagePadding = 6
        let lone = button(alone)
        #expect(lone.intrinsicContentSize == CGSize(width: try #require(lone.imageView).frame.width + 24, height: lone.imageView!.frame.height + 14))
    }

    @Test func theActivityIndicatorTakesTheImagesPlace() throws {
        var configuration = titled(.gray(), "Loading")
        configuration.image = UIImage(systemName: "star.fill")
        configuration.showsActivityIndicator = true
        configuration.imagePadding = 8
        let loading = button(configuration)
        let spinner = try #require(loading.configuredSpinner)
        #expect(spinner.isAnimating && !spinner.isHidden && spinner.color == .systemBlue)
        #expect(loading.imageView?.isHidden ?? true)
        #expect(spinner.frame.minX == 12 && spinner.frame.size == CGSize(width: 20, height: 20))
        #expect(abs(spinner.frame.midY - loading.bounds.midY) < 0.34)
        configuration.activityIndicatorColorTransformer = UIConfigurationColorTransformer { _ in .systemRed }
        loading.configuration = configuration
        #expect(spinner.color == .systemRed)
        configuration.showsActivityIndicator = false
        loading.configuration = configuration
        loading.layoutIfNeeded()
        #expect(loading.configuredSpinner == nil && loading.imageView?.isHidden == false)
    }

    @Test func textTransformersChangeFontsAndColours() throws {
        var configuration = titled(.plain())
        configuration.subtitle = "Details"
        configuration.titleTextAttributesTransformer = UIConfigurationTextAttributesTransformer { incoming in
            var outgoing = incoming
            outgoing.uiKit.font = UIFont.systemFont(ofSize: 22, weight: .bold)
            return outgoing
        }
        configuration.subtitleTextAttributesTransformer = UIConfigurationTextAttributesTransformer { incoming in
            var outgoing = incoming
            outgoing.uiKit.foregroundColor = UIColor.systemGreen
            return outgoing
        }
        let styled = button(configuration)
        #expect(try #require(styled.titleLabel).font.pointSize == 22)
        #expect(try #require(styled.subtitleLabel).textColor == .systemGreen && styled.subtitleLabel!.font.pointSize == 13)
    }

    @Test func selectionAndUpdateHandlersFollowTheState() throws {
        let toggle = button(titled(.gray(), "Follow"))
        #expect(toggle.configuredBackground?.backgroundColor == .secondarySystemFill)
        toggle.isSelected = true
        #expect(toggle.configuredBackground?.backgroundColor == .systemBlue && toggle.titleLabel?.textColor == .white)
        var manual = titled(.gray(), "Follow")
        manual.automaticallyUpdateForSelection = false
        toggle.configuration = manual
        #expect(toggle.configuredBackground?.backgroundColor == .secondarySystemFill)

        // The handler runs on each state change and may rewrite the configuration for it.
        let pressed = button(titled(.filled(), "Buy"))
        var calls = 0
        pressed.configurationUpdateHandler = { button in
            calls += 1
            var configuration = button.configuration
            configuration?.title = button.isHighlighted ? "Buying" : "Buy"
            button.configuration = configuration
        }
        let before = calls
        pressed.isHighlighted = true
        #expect(pressed.titleLabel?.text == "Buying" && calls == before + 1)
        pressed.isHighlighted = false
        #expect(pressed.titleLabel?.text == "Buy")
        // A configuration resolved for the button's state carries the state's colours.
        pressed.isEnabled = false
        let resolved = try #require(pressed.configuration).updated(for: pressed)
        #expect(resolved.baseForegroundColor == .tertiaryLabel && resolved.background.backgroundColor == .tertiarySystemFill)
    }

    @Test func withoutAutomaticUpdatesTheLookWaitsToBeAsked() {
        let pressed = button(titled(.filled(), "Buy"))
        pressed.automaticallyUpdatesConfiguration = false
        pressed.isHighlighted = true
        #expect(pressed.configuredBackground?.backgroundColor == .systemBlue, "not dimmed yet")
        pressed.setNeedsUpdateConfiguration()
        #expect(pressed.configuredBackground?.backgroundColor == UIColor.systemBlue.withAlphaComponent(0.7))
    }

    @Test func insetsGoBackToTheSizesDefaults() {
        var configuration = UIButton.Configuration.filled()
        configuration.buttonSize = .large
        configuration.contentInsets = NSDirectionalEdgeInsets(top: 1, leading: 1, bottom: 1, trailing: 1)
        configuration.setDefaultContentInsets()
        #expect(configuration.contentInsets == NSDirectionalEdgeInsets(top: 14, leading: 20, bottom: 14, trailing: 20))
        configuration.cornerStyle = .capsule
        #expect(configuration.cornerRadius(height: 50) == 25)
    }
}
