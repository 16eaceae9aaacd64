import Testing
import Foundation
@testable import UIKit

/// UIFontDescriptor: what a font says about itself, and fonts made back from descriptions.
@Suite struct FontDescriptors {
    @Test func aFontsDescriptorHasItsFamilyNameSizeAndTraits() throws {
        let font = UIFont.systemFont(ofSize: 17, weight: .semibold)
        let descriptor = font.fontDescriptor
        #expect(descriptor.pointSize == 17 && descriptor.postscriptName == ".SystemFont-600")
        #expect(descriptor.fontAttributes[.family] as? String == "Inter")
        #expect(descriptor.fontAttributes[.name] as? String == ".SystemFont-600")
        #expect(descriptor.fontAttributes[.size] as? CGFloat == 17)
        let traits = try #require(descriptor.fontAttributes[.traits] as? [UIFontDescriptor.TraitKey: Any])
        #expect(traits[.weight] as? CGFloat == UIFont.Weight.semibold.rawValue)
        #expect(descriptor.symbolicTraits == .traitBold)
        #expect(UIFont.systemFont(ofSize: 17).fontDescriptor.symbolicTraits == [])
        #expect(UIFont.italicSystemFont(ofSize: 17).fontDescriptor.symbolicTraits == .traitItalic)
        #expect(UIFont(name: "Inter-Medium", size: 9)?.fontDescriptor.postscriptName == "Inter-Medium")
    }

    @Test func fontsComeBackFromDescriptors() throws {
        let font = UIFont.systemFont(ofSize: 15, weight: .medium)
        let again = UIFont(descriptor: font.fontDescriptor, size: 0)
        #expect(again == font)
        #expect(UIFont(descriptor: font.fontDescriptor, size: 30).pointSize == 30)
        #expect(UIFont(descriptor: UIFontDescriptor(name: "Inter-Bold", size: 11), size: 0).fontName == "Inter-Bold")
        #expect(UIFont(descriptor: UIFontDescriptor(name: "Inter-Bold", size: 11), size: 0).pointSize == 11)
        // A family and a weight pick the nearest face.
        let family = UIFontDescriptor(fontAttributes: [.family: "Inter", .size: CGFloat(14),
                                                       .traits: [UIFontDescriptor.TraitKey.weight: UIFont.Weight.bold.rawValue]])
        #expect(UIFont(descriptor: family, size: 0).fontName == ".SystemFont-700")
        #expect(UIFontDescriptor(name: "Inter-Bold", size: 11).withSize(20).pointSize == 20)
    }

    @Test func symbolicTraitsPickTheBoldAndItalicFaces() throws {
        let body = UIFont.systemFont(ofSize: 17).fontDescriptor
        let bold = try #require(body.withSymbolicTraits(.traitBold))
        #expect(UIFont(descriptor: bold, size: 0).fontName == ".SystemFont-700")
        #expect(bold.symbolicTraits == .traitBold)
        let italic = try #require(body.withSymbolicTraits(.traitItalic))
        #expect(UIFont(descriptor: italic, size: 0).fontName == ".SystemFont-400-Italic")
        // Inter ships an italic only in the regular weight: no bold italic, so nil, as iOS says for a
        // combination a font lacks.
        #expect(body.withSymbolicTraits([.traitBold, .traitItalic]) == nil)
        // Dropping bold goes back to regular.
        let plain = try #require(UIFont.boldSystemFont(ofSize: 12).fontDescriptor.withSymbolicTraits([]))
        #expect(UIFont(descriptor: plain, size: 0).fontName == ".SystemFont-400")
        let registeredItalic = try #require(UIFontDescriptor(name: "Inter-Regular", size: 10).withSymbolicTraits(.traitItalic))
        #expect(UIFont(descriptor: registeredItalic, size: 0).fontName == "Inter-Italic")
    }

    @Test func designsOtherThanDefaultAreNil() {
        let descriptor = UIFont.systemFont(ofSize: 17).fontDescriptor
        #expect(descriptor.withDesign(.default) === descriptor)
        #expect(descriptor.withDesign(.rounded) == nil && descriptor.withDesign(.serif) == nil && descriptor.withDesign(.monospaced) == nil)
    }

    @Test func preferredDescriptorsCarryTheTextStyle() {
        let headline = UIFontDescriptor.preferredFontDescriptor(withTextStyle: .headline)
        #expect(headline.pointSize == 17 && headline.fontAttributes[.textStyle] as? String == UIFont.TextStyle.headline.rawValue)
        #expect(UIFont(descriptor: headline, size: 0) == UIFont.preferredFont(forTextStyle: .headline))
        let footnote = UIFontDescriptor.preferredFontDescriptor(withTextStyle: .footnote)
        #expect(UIFont(descriptor: footnote, size: 0).pointSize == 13)
        let boldFootnote = footnote.withSymbolicTraits(.traitBold)
        #expect(boldFootnote.map { UIFont(descriptor: $0, size: 0).fontName } == ".SystemFont-700")
    }
}
