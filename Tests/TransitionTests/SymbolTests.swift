import Testing
import Foundation
@testable import UIKit
@testable import QuartzCore
import Compositor
import Raster
import TransitionTesting

/// Symbol images, tint inheritance and the tab bar that shows them.
@Suite struct Symbols {
    static func render(_ view: UIView, scale: CGFloat = 2) -> PixelBuffer {
        view.layoutIfNeeded()
        for subview in view.subviews { subview.layoutIfNeeded() }
        return LayerRenderer(scale: scale).render(view.layer.snapshot(at: 0), size: view.bounds.size, background: .white)
    }

    /// Pixels that are not white, and their summed ink.
    static func ink(_ image: PixelBuffer) -> (pixels: Int, sum: Double) {
        var pixels = 0, sum = 0.0
        for y in 0..<image.height { for x in 0..<image.width {
            let p = image[x, y]
            if p != RGBA8(r: 255, g: 255, b: 255, a: 255) { pixels += 1; sum += Double(765 - Int(p.r) - Int(p.g) - Int(p.b)) / 765 }
        } }
        return (pixels, sum)
    }

    @Test func knownNamesAreSymbolsAndUnknownOnesAreNil() throws {
        for name in UIImage.systemSymbolNames {
            let image = try #require(UIImage(systemName: name), "\(name)")
            #expect(image.isSymbolImage && image.size.width > 0 && image.size.height > 0, "\(name)")
        }
        #expect(UIImage(systemName: "no.such.symbol") == nil)
        #expect(UIImage(systemName: "chevron.left")?.size == UIImage(systemName: "chevron.backward")?.size)
    }

    @Test func configurationsScaleAndWeighSymbols() throws {
        let plain = try #require(UIImage(systemName: "xmark"))
        #expect(plain.size == CGSize(width: 14, height: 14))
        let doubled = plain.withConfiguration(UIImage.SymbolConfiguration(pointSize: 34))
        #expect(doubled.size == CGSize(width: 28, height: 28))
        let large = plain.withConfiguration(UIImage.SymbolConfiguration(scale: .large))
        #expect(abs(large.size.width - 14 * 1.29) < 1e-9)
        // A later configuration keeps what it does not set.
        let both = doubled.withConfiguration(UIImage.SymbolConfiguration(weight: .bold))
        #expect(both.size == doubled.size && both.symbolConfiguration?.weight == .bold)
        #expect(UIImage.SymbolConfiguration(textStyle: .largeTitle).pointSize == 34)

        func inkOf(_ image: UIImage) -> Double {
            let view = UIImageView(image: image)
            view.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
            view.contentMode = .center
            view.tintColor = .black
            return Self.ink(Self.render(view)).sum
        }
        let regular = inkOf(plain), bold = inkOf(plain.withConfiguration(UIImage.SymbolConfiguration(weight: .bold)))
        let light = inkOf(plain.withConfiguration(UIImage.SymbolConfiguration(weight: .light)))
        #expect(light < regular && regular < bold)
        // Two strokes of the regular width across a 14-point box: about 2 × 15.6 × 1.6 points of ink, at 2×.
        #expect(abs(regular / 4 - 2 * 15.56 * 1.6) < 6, "\(regular / 4)")
    }

    @Test func symbolsTakeTheInheritedTintOrTheirOwnColour() throws {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        container.backgroundColor = .white
        container.tintColor = .systemRed
        let icon = UIImageView(image: UIImage(systemName: "minus"))
        icon.frame = container.bounds
        container.addSubview(icon)
        #expect(icon.tintColor == .systemRed)
        let red = Self.render(container)
        #expect(red[40, 40] == RGBA8(r: 255, g: 59, b: 48, a: 255))
        container.tintColor = .systemGreen
        #expect(Self.render(container)[40, 40] == RGBA8(r: 52, g: 199, b: 89, a: 255))
        icon.image = UIImage(systemName: "minus")?.withTintColor(.black)
        #expect(Self.render(container)[40, 40] == RGBA8(r: 0, g: 0, b: 0, a: 255))
        icon.image = UIImage(systemName: "minus")?.withTintColor(.black, renderingMode: .alwaysTemplate)
        #expect(Self.render(container)[40, 40] == RGBA8(r: 52, g: 199, b: 89, a: 255))
        #expect(UIView().tintColor == .systemBlue)
    }

    @Test func imageViewsPlaceSymbolsByContentMode() {
        let image = UIImage(systemName: "minus")!   // 16 × 16
        let bounds = CGRect(x: 0, y: 0, width: 40, height: 20)
        #expect(UIImageView.rect(for: image.size, in: bounds, mode: .center) == CGRect(x: 12, y: 2, width: 16, height: 16))
        #expect(UIImageView.rect(for: image.size, in: bounds, mode: .scaleAspectFit) == CGRect(x: 10, y: 0, width: 20, height: 20))
        #expect(UIImageView.rect(for: image.size, in: bounds, mode: .topLeft) == CGRect(x: 0, y: 0, width: 16, height: 16))
        #expect(UIImageView.rect(for: image.size, in: bounds, mode: .scaleToFill) == bounds)
        #expect(UIImageView(image: image).intrinsicContentSize == image.size)
    }

    @Test func imageSetInAnInitializerShows() {
        final class Badge: UIImageView {
            required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
            init() {
                super.init(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
                image = UIImage(systemName: "star.fill")
                contentMode = .center
            }
        }
        #expect(Badge().layer.modelState.shape?.path?.isEmpty == false)
    }

    @Test func tabBarItemsShowTitlesAndTintTheSelectedOne() throws {
        let bar = UITabBar(frame: CGRect(x: 0, y: 0, width: 300, height: 49))
        bar.tintColor = .systemBlue
        let today = UITabBarItem(title: "Today", image: UIImage(systemName: "doc.text.image"), tag: 0)
        let search = UITabBarItem(tabBarSystemItem: .search, tag: 1)
        bar.items = [today, search]
        bar.selectedItem = today
        bar.layoutIfNeeded()
        let labels = bar.subviews.compactMap { $0 as? UILabel }
        let icons = bar.subviews.compactMap { $0 as? UIImageView }
        #expect(labels.map(\.text) == ["Today", "Search"])
        #expect(labels[0].textColor == .systemBlue && labels[1].textColor == UIColor(white: 0.6, alpha: 1))
        #expect(icons[0].tintColor == .systemBlue && icons[0].image?.symbolConfiguration?.pointSize == 20)
        // Each item is centred in its half of the bar.
        #expect(abs(labels[0].frame.midX - 75) < 1e-9 && abs(labels[1].frame.midX - 225) < 1e-9)
        today.title = "Now"
        #expect(bar.subviews.compactMap { ($0 as? UILabel)?.text }.contains { $0 == "Now" })
    }

    /// Every symbol at 17 pt regular in black, then the chevron, xmark and ellipsis at four weights; looked
    /// at before recording (shapes match their names, strokes even, round caps, nothing clipped).
    @Test func symbolSheet() {
        let names = UIImage.systemSymbolNames.filter { !SystemSymbol.aliases.keys.contains($0) }
        let columns = 6, cell: CGFloat = 36
        let rows = (names.count + columns - 1) / columns + 1
        let sheet = UIView(frame: CGRect(x: 0, y: 0, width: CGFloat(columns) * cell, height: CGFloat(rows) * cell))
        sheet.backgroundColor = .white
        sheet.tintColor = .black
        for (index, name) in names.enumerated() {
            let view = UIImageView(image: UIImage(systemName: name))
            view.contentMode = .center
            view.frame = CGRect(x: CGFloat(index % columns) * cell, y: CGFloat(index / columns) * cell, width: cell, height: cell)
            sheet.addSubview(view)
        }
        let weights: [UIImage.SymbolWeight] = [.light, .regular, .semibold, .bold]
        for (index, (name, weight)) in [("chevron.backward", weights[0]), ("chevron.backward", weights[3]),
                                        ("xmark", weights[1]), ("xmark", weights[2]), ("ellipsis", weights[0]),
                                        ("ellipsis", weights[3])].enumerated() {
            let view = UIImageView(image: UIImage(systemName: name, withConfiguration: UIImage.SymbolConfiguration(weight: weight)))
            view.contentMode = .center
            view.tintColor = .systemBlue
            view.frame = CGRect(x: CGFloat(index) * cell, y: CGFloat(rows - 1) * cell, width: cell, height: cell)
            sheet.addSubview(view)
        }
        assertImageSnapshot(Self.render(sheet, scale: 3), named: "symbols")
    }
}
