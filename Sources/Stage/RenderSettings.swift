import UIKit

/// How to render: which device, how many pixels per point, how many frames per second.
public struct RenderSettings: Equatable, Sendable {
    public var device: Device
    public var scale: CGFloat
    public var fps: Int
    /// Draw a dot under each finger that is down; nil: when the scene's script moves a finger.
    public var touches: Bool?
    /// Draw the device around the app: status bar, Dynamic Island or notch, home indicator.
    public var chrome: Bool
    /// Frame the screen in the phone's outline (the output grows by the bezel).
    public var bezel: Bool
    /// The system appearance the scene runs in: the screen's user interface style, fixed for the run.
    public var appearance: Appearance
    /// The accessibility settings the scene runs with (`UIAccessibility.isReduceMotionEnabled`, …); none by default.
    public var accessibility: AccessibilitySettings

    /// Reduce motion and the other accessibility settings a render can run with (UIKit's `AccessibilitySettings`).
    public typealias Accessibility = AccessibilitySettings

    /// Light or dark mode for a whole render (`--appearance`).
    public enum Appearance: String, CaseIterable, Equatable, Sendable {
        case light, dark
        public var userInterfaceStyle: UIUserInterfaceStyle { self == .dark ? .dark : .light }
    }

    /// Largest canvas side, in pixels (H.264 level limits and memory stay sane below it).
    public static let maxCanvasSide = RenderLimits.canvasSide
    public static let fpsRange = RenderLimits.fps

    public init(device: Device = .default, scale: CGFloat? = nil, fps: Int = 60, touches: Bool? = nil, chrome: Bool = false,
                bezel: Bool = false, appearance: Appearance = .light, accessibility: AccessibilitySettings = []) {
        self.device = device; self.scale = scale ?? device.scale; self.fps = fps; self.touches = touches; self.chrome = chrome
        self.bezel = bezel; self.appearance = appearance; self.accessibility = accessibility
    }

    /// The screen in pixels.
    public var screenPixelWidth: Int { pixelCount(device.size.width, scale: scale) }
    public var screenPixelHeight: Int { pixelCount(device.size.height, scale: scale) }
    /// Each bezel width in whole pixels, so the screen lands on the pixel grid.
    public var bezelPixels: (side: Int, top: Int, bottom: Int) {
        guard bezel else { return (0, 0, 0) }
        let b = device.bezel
        return (pixelCount(b.side, scale: scale), pixelCount(b.top, scale: scale), pixelCount(b.bottom, scale: scale))
    }
    /// The output in pixels: the screen, and the bezel when asked for.
    public var pixelWidth: Int { screenPixelWidth + 2 * bezelPixels.side }
    public var pixelHeight: Int { screenPixelHeight + bezelPixels.top + bezelPixels.bottom }

    public func validate() throws {
        guard scale.isFinite, scale > 0 else { throw StageError.invalidScale(Double(scale)) }
        guard Self.fpsRange.contains(fps) else { throw StageError.invalidFrameRate(fps, allowed: Self.fpsRange) }
        guard pixelWidth <= Self.maxCanvasSide, pixelHeight <= Self.maxCanvasSide else {
            throw StageError.canvasTooLarge(width: pixelWidth, height: pixelHeight, limit: Self.maxCanvasSide)
        }
        guard pixelWidth >= 2, pixelHeight >= 2 else { throw StageError.canvasTooSmall(scale: Double(scale)) }
    }
}
