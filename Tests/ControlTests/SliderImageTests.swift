import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit
import Compositor
import Raster
import TransitionTesting

/// UISlider's custom images: a thumb image replaces the knob at its own size (and follows the state), track
/// images replace the track parts at their own height, split at the thumb's centre.
@Suite struct SliderImageTests {
    static func dot(_ color: UIColor, diameter: CGFloat) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 3
        return UIGraphicsImageRenderer(size: CGSize(width: diameter, height: diameter), format: format).image { _ in
            color.setFill()
            UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: diameter, height: diameter)).fill()
        }
    }
    static func capsule(_ color: UIColor) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 3
        return UIGraphicsImageRenderer(size: CGSize(width: 12, height: 8), format: format).image { _ in
            color.setFill()
            UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 12, height: 8), cornerRadius: 4).fill()
        }.resizableImage(withCapInsets: UIEdgeInsets(top: 0, left: 5, bottom: 0, right: 5))
    }

    @Test func imagesReplaceTheSystemPartsAndFollowTheState() {
        LayerRenderer.installContextRasterizer()
        let slider = UISlider(frame: CGRect(x: 0, y: 0, width: 300, height: 31))
        let normal = Self.dot(.systemRed, diameter: 20), pressed = Self.dot(.systemOrange, diameter: 24)
        slider.setThumbImage(normal, for: .normal)
        slider.setThumbImage(pressed, for: .highlighted)
        slider.setMinimumTrackImage(Self.capsule(.systemGreen), for: .normal)
        slider.value = 0.5
        slider.layoutIfNeeded()
        let track = slider.trackRect(forBounds: slider.bounds)
        let thumb = slider.thumbRect(forBounds: slider.bounds, trackRect: track, value: 0.5)
        #expect(thumb.size == CGSize(width: 20, height: 20) && thumb.midX == 150)
        #expect(slider.thumbRect(forBounds: slider.bounds, trackRect: track, value: 0).minX == 0)
        #expect(slider.currentThumbImage === normal && slider.currentMinimumTrackImage != nil && slider.currentMaximumTrackImage == nil)
        slider.isHighlighted = true
        #expect(slider.currentThumbImage === pressed)
        slider.layoutIfNeeded()
        #expect(slider.thumbRect(forBounds: slider.bounds, trackRect: track, value: 0.5).size == CGSize(width: 24, height: 24))
    }

    @Test("A slider with custom thumb and track images", arguments: [UIUserInterfaceStyle.light, .dark])
    func golden(_ style: UIUserInterfaceStyle) {
        let image = renderControl(size: CGSize(width: 300, height: 90), style: style) { window in
            let plain = UISlider(frame: CGRect(x: 20, y: 8, width: 260, height: 31))
            plain.value = 0.3
            window.addSubview(plain)
            let custom = UISlider(frame: CGRect(x: 20, y: 50, width: 260, height: 31))
            custom.setThumbImage(Self.dot(.systemPink, diameter: 22), for: .normal)
            custom.setMinimumTrackImage(Self.capsule(.systemPink), for: .normal)
            custom.setMaximumTrackImage(Self.capsule(.systemGray4), for: .normal)
            custom.value = 0.6
            window.addSubview(custom)
        }
        assertImageSnapshot(image, named: "slider-images-\(style == .dark ? "dark" : "light")-3x")
    }
}
