import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit
import Compositor
import Raster
import TransitionTesting

/// What a screen built from the fixture catalog looks like, light and dark, at 3×: the badge image set
/// (its dark variant in dark), a card in the Display P3 `brand` colour set, and the template `glyph`
/// tinted with `Palette/accent`. Checked by eye before recording.
@Suite struct AssetGoldenTests {
    @Test("catalog image and colours", arguments: [UIUserInterfaceStyle.light, .dark])
    func catalog(style: UIUserInterfaceStyle) throws {
        _ = fixtures
        let size = CGSize(width: 200, height: 72)
        let clock = Timeline()
        let image = Timeline.$current.withValue(clock) { () -> PixelBuffer in
            let window = UIWindow(frame: CGRect(origin: .zero, size: size))
            window.overrideUserInterfaceStyle = style
            window.backgroundColor = .systemBackground
            let badge = UIImageView(image: UIImage(named: "badge", in: fixtures, compatibleWith: nil))
            badge.frame = CGRect(x: 16, y: 16, width: 40, height: 40)
            let card = UIView(frame: CGRect(x: 72, y: 16, width: 56, height: 40))
            card.backgroundColor = UIColor(named: "brand", in: fixtures, compatibleWith: nil)
            card.layer.cornerRadius = 10
            let glyph = UIImageView(image: UIImage(named: "glyph", in: fixtures, compatibleWith: nil))
            glyph.frame = CGRect(x: 148, y: 24, width: 24, height: 24)
            glyph.tintColor = UIColor(named: "Palette/accent", in: fixtures, compatibleWith: nil)
            for view in [badge, card, glyph] { window.addSubview(view) }
            window.layoutIfNeeded()
            return LayerRenderer(scale: 3).render(window.layer.snapshot(at: 0), size: size, background: style == .dark ? .black : .white)
        }
        assertImageSnapshot(image, named: "catalog-\(style == .dark ? "dark" : "light")")
    }
}
