import Foundation
import UIKit
import Stage
import Raster

/// The device around the app, as layers drawn over the window: the status bar (9:41, cellular bars, Wi-Fi,
/// a full battery) in the colour the window's status bar shows, the Dynamic Island or notch, and the
/// home indicator. Layers, not an overlay, so a layer-tree dump carries them and draws the same pixels.
enum DeviceChromeLayers {
    /// `lightness` 0 is dark content (black), 1 light content (white); between, while the window cross-fades
    /// the style, the ink is the grey between in sRGB-encoded values, as Core Animation interpolates colours.
    /// `indicatorLightness`: the home indicator's own, when it sits over other content than the status bar
    /// (a sheet whose presenter is pushed back); nil: the status bar's.
    static func make(_ chrome: DeviceChrome, size: CGSize, lightness: CGFloat, indicatorLightness: CGFloat? = nil,
                     statusBarHidden: Bool, scale: CGFloat) -> LayerSnapshot {
        let ink = Self.ink(lightness: lightness)
        var sublayers: [LayerSnapshot] = []
        switch chrome.cutout {
        case .island(let rect):
            sublayers.append(box(rect, .black, radius: rect.height / 2, name: "DynamicIsland"))
        case .notch(let rect):
            var notch = box(rect, .black, radius: 20, name: "Notch")
            notch.state.maskedCorners = [.layerMinXMaxYCorner, .layerMaxXMaxYCorner]
            sublayers.append(notch)
        case .none:
            break
        }
        if !statusBarHidden { sublayers.append(statusBar(chrome, width: size.width, ink: ink, scale: scale)) }
        if let indicator = chrome.homeIndicator {
            let indicatorInk = indicatorLightness.map { Self.ink(lightness: $0) } ?? ink
            sublayers.append(box(indicator, indicatorInk, radius: indicator.height / 2, name: "HomeIndicator"))
        }
        var root = box(CGRect(origin: .zero, size: size), nil, name: "DeviceChrome")
        root.sublayers = sublayers
        return root
    }

    static func ink(lightness: CGFloat) -> CGColor {
        switch lightness {
        case ...0: .black
        case 1...: .white
        default: CGColor(gray: lightness, alpha: 1)
        }
    }

    /// The time in the left part of the bar, the icons in the right: on either side of the cutout, or at
    /// the edges (time centred) on a device without one.
    private static func statusBar(_ chrome: DeviceChrome, width: CGFloat, ink: CGColor, scale: CGFloat) -> LayerSnapshot {
        let middleY: CGFloat, timeCentreX: CGFloat, iconsCentreX: CGFloat
        switch chrome.cutout {
        case .island(let rect), .notch(let rect):
            middleY = chrome.cutout == .notch(rect) ? chrome.statusBarHeight / 2 + 2 : rect.midY
            timeCentreX = rect.minX / 2 + 4
            iconsCentreX = (rect.maxX + width) / 2 - 2
        case .none:
            middleY = chrome.statusBarHeight / 2
            timeCentreX = width / 2
            iconsCentreX = width - 40
        }
        var time = box(CGRect(x: timeCentreX - 40, y: middleY - 11, width: 80, height: 22), nil, name: "Time")
        time.state.text = LayerText(runs: [LayerText.Run("9:41", fontName: ".SystemFont-600", fontSize: 17, color: ink)],
                                    alignment: .center, lineBreak: .byClipping, numberOfLines: 1, verticalPlacement: .center)
        // Cellular bars, Wi-Fi, battery: 17 + 6 + 15 + 6 + 27 points.
        var x = iconsCentreX - 71 / 2
        var icons: [LayerSnapshot] = []
        for (index, height) in [4.0, 6.3, 8.7, 11.0].enumerated() {
            let bar = CGRect(x: x + CGFloat(index) * 4.7, y: middleY + 5.5 - height, width: 3, height: height)
            icons.append(box(bar, ink, radius: 1, name: "Cellular"))
        }
        x += 17 + 6
        icons.append(wifi(CGRect(x: x, y: middleY - 5.5, width: 15, height: 11), ink: ink, scale: scale))
        x += 15 + 6
        let body = CGRect(x: x, y: middleY - 6, width: 25, height: 12)
        var outline = box(body, nil, radius: 4, name: "Battery")
        outline.state.borderWidth = 1
        outline.state.borderColor = ink.copy(alpha: 0.35)
        icons.append(outline)
        icons.append(box(body.insetBy(dx: 2, dy: 2), ink, radius: 2, name: "BatteryLevel"))
        icons.append(box(CGRect(x: body.maxX + 1, y: middleY - 2, width: 1.5, height: 4), ink.copy(alpha: 0.4), radius: 0.75, name: "BatteryCap"))
        var bar = box(CGRect(x: 0, y: 0, width: width, height: chrome.statusBarHeight), nil, name: "StatusBar")
        bar.sublayers = [time] + icons
        return bar
    }

    /// Three bands of a fan and its point, opening upwards over 90°, drawn at the render's scale.
    private static func wifi(_ frame: CGRect, ink: CGColor, scale: CGFloat) -> LayerSnapshot {
        let width = Int((frame.width * scale).rounded(.up)), height = Int((frame.height * scale).rounded(.up))
        let apex = CGPoint(x: frame.width / 2, y: frame.height + 0.6)
        var path = Path()
        for (inner, outer) in [(0.0, 3.9), (5.4, 8.0), (9.5, 12.1)] as [(CGFloat, CGFloat)] {
            let from = -CGFloat.pi * 3 / 4, to = -CGFloat.pi / 4
            let steps = 24
            func point(_ radius: CGFloat, _ angle: CGFloat) -> CGPoint {
                CGPoint(x: (apex.x + radius * cos(angle)) * scale, y: (apex.y + radius * sin(angle)) * scale)
            }
            path.move(to: point(outer, from))
            for step in 1...steps { path.line(to: point(outer, from + (to - from) * CGFloat(step) / CGFloat(steps))) }
            if inner > 0 {
                for step in (0...steps).reversed() { path.line(to: point(inner, from + (to - from) * CGFloat(step) / CGFloat(steps))) }
            } else {
                path.line(to: point(0, 0))
            }
            path.close()
        }
        var image = PixelBuffer(width: width, height: height)
        image.fill(path, rule: .nonZero, with: .solid(ink), opacity: 1, clip: nil)
        var layer = box(frame, nil, name: "WiFi")
        layer.state.contents = CGImage(width: width, height: height, premultipliedRGBA: image.bytes)
        layer.state.contentsScale = scale
        return layer
    }

    private static func box(_ frame: CGRect, _ color: CGColor?, radius: CGFloat = 0, name: String) -> LayerSnapshot {
        var state = LayerState()
        state.bounds = CGRect(origin: .zero, size: frame.size)
        state.position = CGPoint(x: frame.midX, y: frame.midY)
        state.backgroundColor = color
        state.cornerRadius = radius
        return LayerSnapshot(name: name, state: state)
    }
}
