import Testing
import Foundation
@testable import UIKit

@Suite("Content configurations")
struct ContentConfigurationTests {
    @Test("The cell styles use iOS's text styles and colours, with 11 pt above and below a one-line cell's text")
    func cellStyles() {
        let cell = UIListContentConfiguration.cell()
        #expect(cell.textProperties.font.pointSize == 17)
        #expect(cell.textProperties.color == .label)
        #expect(cell.directionalLayoutMargins == NSDirectionalEdgeInsets(top: 11, leading: 16, bottom: 11, trailing: 16))
        #expect(cell.imageToTextPadding == 16)
        let subtitle = UIListContentConfiguration.subtitleCell()
        #expect(subtitle.secondaryTextProperties.font.pointSize == 15)
        #expect(subtitle.secondaryTextProperties.color == .secondaryLabel)
        #expect(subtitle.textToSecondaryTextVerticalPadding == 3)
        #expect(UIListContentConfiguration.valueCell().prefersSideBySideTextAndSecondaryText)
        #expect(!cell.prefersSideBySideTextAndSecondaryText)
    }

    @Test("Grouped headers are upper-case footnote text in secondaryLabel; footers keep their case")
    func headerStyles() {
        let header = UIListContentConfiguration.groupedHeader()
        #expect(header.textProperties.font.pointSize == 13)
        #expect(header.textProperties.color == .secondaryLabel)
        #expect(header.textProperties.transform == .uppercase)
        #expect(UIListContentConfiguration.groupedFooter().textProperties.transform == .none)
        #expect(UIListContentConfiguration.plainHeader().textProperties.font.pointSize == 17)
        #expect(UIListContentConfiguration.prominentInsetGroupedHeader().textProperties.font.pointSize == 20)
        #expect(UIListContentConfiguration.extraProminentInsetGroupedHeader().textProperties.font.pointSize == 22)

        var config = header
        config.text = "About"
        let view = UIListContentView(configuration: config)
        view.frame = CGRect(x: 0, y: 0, width: 393, height: 40)
        view.layoutIfNeeded()
        #expect(view.textLabel.text == "ABOUT")
    }

    @Test("The content view puts the text 16 pt after the image and sizes itself to its margins and text")
    func contentViewLayout() throws {
        var config = UIListContentConfiguration.cell()
        config.text = "Wi-Fi"
        config.image = try #require(UIImage(systemName: "star"))
        let view = UIListContentView(configuration: config)
        let width: CGFloat = 393
        let height = view.systemLayoutSizeFitting(CGSize(width: width, height: 0), withHorizontalFittingPriority: .required,
                                                  verticalFittingPriority: .fittingSizeLevel).height
        let line = ceil(UIFont.preferredFont(forTextStyle: .body).lineHeight)
        #expect(height == 22 + max(line, config.image!.size.height))
        view.frame = CGRect(x: 0, y: 0, width: width, height: height)
        view.layoutIfNeeded()
        // A symbol is centred in at least a text line's width, so rows' texts line up.
        let reserved = max(config.image!.size.width, line)
        #expect(abs(view.imageView.frame.midX - (16 + reserved / 2)) < 0.001)
        #expect(view.textLabel.frame.minX == 16 + reserved + 16)
        #expect(abs(view.textLabel.frame.midY - height / 2) <= 0.5)
    }

    @Test("A value cell puts its secondary text at the trailing margin when both texts fit on one line")
    func valueCellSideBySide() {
        var config = UIListContentConfiguration.valueCell()
        config.text = "Version"
        config.secondaryText = "18.0"
        let view = UIListContentView(configuration: config)
        view.frame = CGRect(x: 0, y: 0, width: 393, height: 44)
        view.layoutIfNeeded()
        #expect(abs(view.secondaryTextLabel.frame.maxX - (393 - 16)) < 0.001)
        #expect(view.secondaryTextLabel.frame.midY == view.textLabel.frame.midY)
        // Too narrow for both: stacked.
        view.frame = CGRect(x: 0, y: 0, width: 100, height: 80)
        view.layoutIfNeeded()
        #expect(view.secondaryTextLabel.frame.minY > view.textLabel.frame.maxY)
    }

    @Test("Setting a configuration on a content view updates it in place")
    func updatesInPlace() {
        var config = UIListContentConfiguration.cell()
        config.text = "One"
        let view = UIListContentView(configuration: config)
        config.text = "Two"
        view.configuration = config
        #expect(view.textLabel.text == "Two")
        #expect(view.supports(UIListContentConfiguration.valueCell()))
        #expect(!view.supports(OtherConfiguration()))
    }

    @Test("List cell backgrounds turn systemGray4 when highlighted or selected; headers keep their colour")
    func backgroundStates() {
        let traits = UITraitCollection()
        var state = UICellConfigurationState(traitCollection: traits)
        #expect(UIBackgroundConfiguration.listPlainCell().updated(for: state).backgroundColor == .systemBackground)
        #expect(UIBackgroundConfiguration.listGroupedCell().updated(for: state).backgroundColor == .secondarySystemGroupedBackground)
        state.isHighlighted = true
        #expect(UIBackgroundConfiguration.listPlainCell().updated(for: state).backgroundColor == .systemGray4)
        state.isHighlighted = false
        state.isSelected = true
        #expect(UIBackgroundConfiguration.listGroupedCell().updated(for: state).backgroundColor == .systemGray4)
        #expect(UIBackgroundConfiguration.listGroupedHeaderFooter().updated(for: state).backgroundColor == .clear)
        #expect(UIBackgroundConfiguration.clear().updated(for: state).backgroundColor == .clear)
    }

    @Test("Cell states read and write their flags and custom keys")
    func cellState() {
        var state = UICellConfigurationState(traitCollection: UITraitCollection())
        let key = UIConfigurationStateCustomKey("com.example.unread")
        #expect(state[key] == nil)
        state[key] = true
        state.isEditing = true
        #expect(state[key] == AnyHashable(true))
        #expect(state.isEditing && !state.isSelected)
        var other = state
        other.isSelected = true
        #expect(other != state)
    }

    @Test("Accessories have iOS's sizes and the chevron is drawn in tertiaryLabel")
    func accessories() throws {
        #expect(ListAccessory.disclosureIndicator.size == CGSize(width: 8, height: 13))
        #expect(ListAccessory.detailButton.size == CGSize(width: 22, height: 22))
        let chevron = try #require(ListAccessory.disclosureIndicator.makeView() as? UIImageView)
        #expect(chevron.tintColor == .tertiaryLabel)
        #expect(chevron.frame.size == CGSize(width: 8, height: 13))
        let delete = ListAccessory.delete.makeView()
        #expect(delete.backgroundColor == .systemRed && delete.layer.cornerRadius == 11)
    }
}

private struct OtherConfiguration: UIContentConfiguration {
    func makeContentView() -> UIView & UIContentView { UIListContentView(configuration: .cell()) }
    func updated(for state: UIConfigurationState) -> OtherConfiguration { self }
}
