import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit
import Raster
import Compositor

/// UIButton.Configuration: sizes from the content and the button size's insets, the styles' colours per
/// state, corner styles, re-styling, titles and subtitles laid out one above the other.
@Suite struct ButtonConfigurations {
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

    @Test func theSizeIsTheTitlePlusTheButtonSizesInsets() throws {
        let probe = UILabel()
        probe.text = "Continue"
        for (size, fontSize, vertical, horizontal) in [(UIButton.Configuration.Size.large, 17.0, 14.0, 20.0), (.medium, 17, 7, 12),
                                                        (.small, 15, 5, 10), (.mini, 12, 3, 8)] {
            var configuration = titled(.filled())
            configuration.buttonSize = size
            let button = button(configuration)
            probe.font = .systemFont(ofSize: CGFloat(fontSize))
            let text = probe.intrinsicContentSize
            #expect(button.intrinsicContentSize == CGSize(width: text.width + 2 * horizontal, height: text.height + 2 * vertical), "\(size)")
            #expect(button.sizeThatFits(.zero) == button.intrinsicContentSize)
            #expect(button.titleLabel?.font.pointSize == CGFloat(fontSize))
        }
        // With the shipped Inter: a large button about 49 pt high, a medium one about 35, a small one 28.
        var large = titled(.filled()); large.buttonSize = .large
        #expect(abs(button(large).intrinsicContentSize.height - 48.7) < 0.5)
        #expect(abs(button(titled(.filled())).intrinsicContentSize.height - 34.7) < 0.5)
        // Explicit insets replace the size's.
        var inset = titled(.plain())
        inset.contentInsets = NSDirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)
        let label = try #require(button(inset).titleLabel)
        #expect(button(inset).intrinsicContentSize == CGSize(width: label.intrinsicContentSize.width + 6, height: label.intrinsicContentSize.height + 4))
    }

    @Test func theStylesColoursFollowIOS() throws {
        let blue = UIColor.systemBlue
        let filled = button(titled(.filled()))
        #expect(filled.configuredBackground?.backgroundColor == blue && filled.titleLabel?.textColor == .white)
        let tinted = button(titled(.tinted()))
        #expect(tinted.configuredBackground?.backgroundColor == blue.withAlphaComponent(0.15) && tinted.titleLabel?.textColor == blue)
        let gray = button(titled(.gray()))
        #expect(gray.configuredBackground?.backgroundColor == .secondarySystemFill && gray.titleLabel?.textColor == blue)
        let plain = button(titled(.plain()))
        #expect(plain.configuredBackground?.backgroundColor == nil && plain.titleLabel?.textColor == blue)
        #expect(button(titled(.borderedProminent())).configuredBackground?.backgroundColor == blue)
        // Base colours and the tint feed the styles.
        var custom = titled(.tinted())
        custom.baseBackgroundColor = .systemRed
        custom.baseForegroundColor = .black
        let red = button(custom)
        #expect(red.configuredBackground?.backgroundColor == UIColor.systemRed.withAlphaComponent(0.15) && red.titleLabel?.textColor == .black)
        let pink = button(titled(.filled()))
        pink.tintColor = .systemPink
        #expect(pink.configuredBackground?.backgroundColor == .systemPink)
        // The background configuration's colour wins.
        var explicit = titled(.filled())
        explicit.background.backgroundColor = .systemGreen
        #expect(button(explicit).configuredBackground?.backgroundColor == .systemGreen)
    }

    @Test func aPressDimsAndDisablingGreys() throws {
        let filled = button(titled(.filled()))
        filled.isHighlighted = true
        #expect(filled.configuredBackground?.backgroundColor == UIColor.systemBlue.withAlphaComponent(0.7))
        #expect(filled.titleLabel?.textColor == UIColor.white.withAlphaComponent(0.7))
        filled.isHighlighted = false
        #expect(filled.configuredBackground?.backgroundColor == .systemBlue)
        filled.isEnabled = false
        #expect(filled.configuredBackground?.backgroundColor == .tertiarySystemFill && filled.titleLabel?.textColor == .tertiaryLabel)
        // Touch down highlights, lifting restores, as for any control.
        let tinted = button(titled(.tinted()))
        tinted.touchesBegan([], with: nil)
        #expect(tinted.titleLabel?.textColor == UIColor.systemBlue.withAlphaComponent(0.7))
        tinted.touchesCancelled([], with: nil)
        #expect(tinted.titleLabel?.textColor == .systemBlue)
    }

    @Test func cornerStyles() {
        let expected: [(UIButton.Configuration.CornerStyle, CGFloat?)] = [(.dynamic, 6), (.small, 4), (.medium, 8), (.large, 12), (.fixed, 0), (.capsule, nil)]
        for (style, radius) in expected {
            var configuration = titled(.filled())
            configuration.cornerStyle = style
            let button = button(configuration)
            let drawn = button.configuredBackground!.layer.cornerRadius
            #expect(drawn == (radius ?? button.bounds.height / 2), "\(style)")
        }
        var large = titled(.filled())
        large.buttonSize = .large
        #expect(button(large).configuredBackground?.layer.cornerRadius == 8)
        var fixed = titled(.filled())
        fixed.cornerStyle = .fixed
        fixed.background.cornerRadius = 10
        #expect(button(fixed).configuredBackground?.layer.cornerRadius == 10)
    }

    @Test func settingAConfigurationRestylesAndAnUpdateHandlerSeesTheState() throws {
        let button = button(titled(.plain(), "Old"))
        #expect(button.configuredBackground?.backgroundColor == nil)
        button.configuration = titled(.filled(), "New title")
        #expect(button.titleLabel?.text == "New title" && button.configuredBackground?.backgroundColor == .systemBlue)
        #expect(button.currentTitle == "New title")
        button.configurationUpdateHandler = { button in
            button.configuration?.title = button.isHighlighted ? "Pressed" : "Idle"
        }
        #expect(button.titleLabel?.text == "Idle")
        button.isHighlighted = true
        #expect(button.titleLabel?.text == "Pressed")
        // Back to per-state titles.
        button.configuration = nil
        button.setTitle("Legacy", for: .normal)
        #expect(button.configuredBackground == nil && button.titleLabel?.text == "Legacy")
    }

    @Test func aPrimaryActionsTitleIsTheTitle() {
        let button = UIButton(configuration: .filled(), primaryAction: UIAction(title: "Go") { _ in })
        #expect(button.configuration?.title == "Go" && button.titleLabel?.text == "Go")
    }

    @Test func theSubtitleSitsUnderTheTitleAlignedAsAsked() throws {
        var configuration = titled(.filled(), "A long title")
        configuration.subtitle = "Sub"
        configuration.titlePadding = 4
        let plain = button(configuration)
        let title = try #require(plain.titleLabel), subtitle = try #require(plain.configuredSubtitle)
        #expect(subtitle.font.pointSize == 13 && subtitle.textColor == .white)
        #expect(subtitle.frame.minY == title.frame.maxY + 4)
        #expect(plain.intrinsicContentSize.height == title.frame.height + 4 + subtitle.frame.height + 14)
        // Automatic lines them up on the leading edge; centre and trailing as asked.
        #expect(subtitle.frame.minX == title.frame.minX && title.frame.minX == 12)
        configuration.titleAlignment = .trailing
        let trailing = button(configuration)
        #expect(abs(trailing.configuredSubtitle!.frame.maxX - trailing.titleLabel!.frame.maxX) < 0.01)
        configuration.titleAlignment = .center
        let centred = button(configuration)
        #expect(abs(centred.configuredSubtitle!.frame.midX - centred.titleLabel!.frame.midX) < 0.34)
        // In a wider button the block is centred.
        let wide = button(configuration)
        wide.frame.size.width += 100
        wide.layoutIfNeeded()
        #expect(abs(wide.titleLabel!.frame.minX - (12 + 50)) < 0.34)
    }

    @Test func anAttributedTitleKeepsItsRunsAttributes() throws {
        var configuration = UIButton.Configuration.plain()
        var title = AttributedString("Bold")
        title.font = UIFont.boldSystemFont(ofSize: 20)
        title.foregroundColor = UIColor.systemRed
        configuration.attributedTitle = title + AttributedString(" plain")
        #expect(configuration.title == "Bold plain")
        let button = button(configuration)
        let runs = try #require(button.titleLabel?.layer.modelState.text?.runs)
        #expect(runs.count == 2)
        #expect(runs[0].fontName == ".SystemFont-700" && runs[0].fontSize == 20 && runs[0].color == UIColor.systemRed.cgColor)
        #expect(runs[1].fontName == ".SystemFont-400" && runs[1].fontSize == 17 && runs[1].color == UIColor.systemBlue.cgColor)
        configuration.title = "Plain again"
        #expect(configuration.attributedTitle == nil)
    }

    /// Drawn: a filled button is the tint with a white title; a gray one is a light grey wash on white.
    @Test func aFilledButtonDrawsTheTintAndAWhiteTitle() throws {
        let window = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 60))
        window.backgroundColor = .white
        let filled = button(titled(.filled(), "OK"))
        window.addSubview(filled)
        filled.frame = CGRect(x: 10, y: 10, width: 120, height: 40)
        filled.layoutIfNeeded()
        let image = LayerRenderer(scale: 1).render(window.layer.snapshot(at: 0), size: window.bounds.size)
        #expect(image[14, 30] == RGBA8(r: 0, g: 122, b: 255, a: 255))   // inside, left of the title
        #expect(image[10, 10] != RGBA8(r: 0, g: 122, b: 255, a: 255))  // the rounded corner
        var brightest = 0
        for x in 55..<85 { for y in 22..<38 { brightest = max(brightest, Int(image[x, y].r)) } }
        #expect(brightest > 200)                                          // white glyphs over the blue
    }
}
