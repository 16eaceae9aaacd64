import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit
import Media

/// The fixture catalog's bundle (Fixtures/Assets.xcassets, copied whole; make-fixtures.py says what
/// each file holds). Installs the PNG decoder, as a scene session does.
let fixtures: Bundle = {
    PNGCodec.installAsImageCodec()
    return Bundle.module
}()

/// The fill of `image` at its top-left pixel (the badge variants encode their entry there).
func firstPixel(_ image: UIImage?) -> [UInt8] {
    guard let cg = image?.cgImage else { return [] }
    return Array(cg.premultipliedRGBA[0..<4])
}

/// Runs `body` on a fresh screen of `scale` (task-local, as a render's), capturing UIKit's warnings.
func onScreen<T>(scale: CGFloat = 3, style: UIUserInterfaceStyle = .light, accessibility: AccessibilitySettings = [],
                 _ body: () throws -> T) rethrows -> (T, [String]) {
    let screen = UIScreen(bounds: CGRect(x: 0, y: 0, width: 390, height: 844), scale: scale, safeAreaInsets: .zero,
                          userInterfaceStyle: style)
    let app = UIApplication()
    app.accessibilitySettings = accessibility
    let warnings = Warnings()
    let result = try UIScreen.$main.withValue(screen) {
        try UIApplication.$shared.withValue(app) {
            try UIKitWarnings.$sink.withValue({ message in warnings.append(message) }) { try body() }
        }
    }
    return (result, warnings.list)
}

final class Warnings: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []
    func append(_ m: String) { lock.withLock { messages.append(m) } }
    var list: [String] { lock.withLock { messages } }
}

@Suite struct AssetCatalogLookupTests {
    @Test("an image set gives the screen's scale, else the nearest (larger first)", arguments: [(1, 1), (2, 2), (3, 3)])
    func scaleChoice(screen: Int, expected: Int) {
        let (image, _) = onScreen(scale: CGFloat(screen)) { UIImage(named: "badge", in: fixtures, compatibleWith: nil) }
        #expect(image?.scale == CGFloat(expected))
        #expect(image?.size == CGSize(width: 40, height: 40))
        #expect(firstPixel(image) == [255, 149, UInt8(expected), 255])
    }

    @Test func darkVariantInDarkAndTheNearestScaleWhenTheScreensIsMissing() {
        // Dark has 2× and 3× only: a 1× screen takes the dark 2× (appearance first, then scale).
        let (image, _) = onScreen(scale: 1, style: .dark) { UIImage(named: "badge", in: fixtures, compatibleWith: nil) }
        #expect(firstPixel(image) == [94, 92, 232, 255])
        #expect(image?.scale == 2)
        let (explicit, _) = onScreen(scale: 3) {
            UIImage(named: "badge", in: fixtures, compatibleWith: UITraitCollection(userInterfaceStyle: .dark))
        }
        #expect(firstPixel(explicit) == [94, 92, 233, 255])
    }

    @Test func highContrastVariantWhenIncreaseContrastIsOn() {
        let (image, _) = onScreen(scale: 3, accessibility: .darkerSystemColors) { UIImage(named: "badge", in: fixtures, compatibleWith: nil) }
        #expect(firstPixel(image) == [201, 52, 3, 255])
        // On a 2× screen the high-contrast entry (3× only) still wins over the plain 2× one.
        let (two, _) = onScreen(scale: 2) {
            UIImage(named: "badge", in: fixtures, compatibleWith: UITraitCollection(accessibilityContrast: .high))
        }
        #expect(firstPixel(two) == [201, 52, 3, 255])
    }

    @Test func groupsWithAndWithoutNamespaces() {
        let (found, _) = onScreen {
            (UIImage(named: "Icons/star", in: fixtures, compatibleWith: nil), UIImage(named: "star", in: fixtures, compatibleWith: nil),
             UIImage(named: "leaf", in: fixtures, compatibleWith: nil), UIImage(named: "Plants/leaf", in: fixtures, compatibleWith: nil))
        }
        #expect(firstPixel(found.0) == [52, 199, 89, 255])
        #expect(found.0?.scale == 1, "a single-scale bitmap counts as 1×")
        #expect(found.0?.renderingMode == .alwaysOriginal)
        #expect(found.1 == nil, "inside a namespace the name needs its group")
        #expect(firstPixel(found.2) == [0, 199, 190, 255], "the iphone idiom wins over universal")
        #expect(found.3 == nil, "a group without a namespace does not prefix")
    }

    @Test func templateIntentSetsTheRenderingMode() {
        let (glyph, _) = onScreen { UIImage(named: "glyph", in: fixtures, compatibleWith: nil) }
        #expect(glyph?.renderingMode == .alwaysTemplate)
        let (badge, _) = onScreen { UIImage(named: "badge", in: fixtures, compatibleWith: nil) }
        #expect(badge?.renderingMode == .automatic)
    }

    @Test func theMainBundleSearchFindsResourceBundlesBesideIt() {
        // nil bundle: the main bundle and the SwiftPM resource bundles beside it, this target's included.
        let (image, _) = onScreen { UIImage(named: "badge") }
        #expect(image?.size == CGSize(width: 40, height: 40))
        let (color, _) = onScreen { UIColor(named: "float") }
        #expect(color != nil)
    }

    @Test func configurationTraitsPickTheVariant() {
        let configuration = UIImage.Configuration(traitCollection: UITraitCollection(userInterfaceStyle: .dark))
        let (image, _) = onScreen(scale: 2) { UIImage(named: "badge", in: fixtures, with: configuration) }
        #expect(firstPixel(image) == [94, 92, 232, 255])
    }

    @Test func unknownNamesAreNilWithoutWarnings() {
        let (result, warnings) = onScreen { (UIImage(named: "nothing", in: fixtures, compatibleWith: nil), UIColor(named: "nothing", in: fixtures, compatibleWith: nil)) }
        #expect(result.0 == nil && result.1 == nil)
        #expect(warnings.isEmpty)
    }
}

@Suite struct DynamicAssetImageTests {
    @Test func anImageViewSwitchesVariantWithItsStyle() {
        onScreen(scale: 3) {
            let image = UIImage(named: "badge", in: fixtures, compatibleWith: nil)
            let view = UIImageView(image: image)
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            window.addSubview(view)
            #expect(Array((view.layer.contents as! CGImage).premultipliedRGBA[0..<4]) == [255, 149, 3, 255])
            view.overrideUserInterfaceStyle = .dark
            #expect(Array((view.layer.contents as! CGImage).premultipliedRGBA[0..<4]) == [94, 92, 233, 255])
            view.overrideUserInterfaceStyle = .unspecified
            #expect(Array((view.layer.contents as! CGImage).premultipliedRGBA[0..<4]) == [255, 149, 3, 255])
        }
    }

    @Test func registeredVariantsResolveByTraits() {
        onScreen(scale: 2) {
            let light = UIImage(cgImage: CGImage(width: 1, height: 1, premultipliedRGBA: [255, 255, 255, 255])!)
            let dark = UIImage(cgImage: CGImage(width: 1, height: 1, premultipliedRGBA: [0, 0, 0, 255])!)
            let asset = UIImageAsset()
            asset.register(light, with: UITraitCollection(userInterfaceStyle: .light))
            asset.register(dark, with: UITraitCollection(userInterfaceStyle: .dark))
            #expect(asset.image(with: UITraitCollection(userInterfaceStyle: .dark)) === dark)
            #expect(asset.image(with: UITraitCollection(userInterfaceStyle: .light)) === light)
            #expect(light.imageAsset === asset)
            let view = UIImageView(image: light)
            view.overrideUserInterfaceStyle = .dark
            #expect((view.layer.contents as! CGImage).premultipliedRGBA == [0, 0, 0, 255])
            asset.unregisterImage(with: UITraitCollection(userInterfaceStyle: .dark))
            #expect(asset.image(with: UITraitCollection(userInterfaceStyle: .dark)) === light)
        }
    }

    @Test func aTemplateImageIsDrawnInTheTintColour() {
        onScreen(scale: 3) {
            let view = UIImageView(image: UIImage(named: "glyph", in: fixtures, compatibleWith: nil))
            view.tintColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
            let ring = (view.layer.contents as! CGImage).premultipliedRGBA
            // (36, 9) lies on the ring (its width runs from 6 to 18 px from the edge), (36, 36) in the hole.
            let onRing = (9 * 72 + 36) * 4, hole = (36 * 72 + 36) * 4
            #expect(Array(ring[onRing..<onRing + 4]) == [255, 0, 0, 255])
            #expect(ring[hole + 3] == 0)
            view.tintColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
            let blue = (view.layer.contents as! CGImage).premultipliedRGBA
            #expect(Array(blue[onRing..<onRing + 4]) == [0, 0, 255, 255])
            // An original image ignores the tint.
            let original = UIImageView(image: UIImage(named: "glyph", in: fixtures, compatibleWith: nil)?.withRenderingMode(.alwaysOriginal))
            #expect(Array((original.layer.contents as! CGImage).premultipliedRGBA[onRing..<onRing + 4]) == [0, 0, 0, 255])
        }
    }
}
