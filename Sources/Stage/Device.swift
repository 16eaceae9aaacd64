import UIKit

/// A phone or tablet to render on: its screen in points, pixel scale, safe-area insets, the chrome drawn
/// around the app and the outline `--bezel` draws. The built-in devices are below; make your own for an
/// iPad or a size Apple has not shipped:
///
///     let tablet = try Device(id: "ipad-11", name: "iPad Air 11-inch", size: CGSize(width: 820, height: 1180),
///                             scale: 2, safeAreaInsets: UIEdgeInsets(top: 24, left: 0, bottom: 20, right: 0),
///                             displayCornerRadius: 18,
///                             chrome: .homeIndicator(screen: CGSize(width: 820, height: 1180), statusBarHeight: 24))
public struct Device: Equatable, Sendable {
    public let id: String
    public let name: String
    public let size: CGSize
    public let scale: CGFloat
    public let safeAreaInsets: UIEdgeInsets
    /// What the device draws around the app: status bar, camera cutout, home indicator.
    public let chrome: DeviceChrome
    /// The device's outline around the display, for `--bezel`.
    public let bezel: DeviceBezel

    /// The pixel scales a device may have: 1× up to the renderer's limit (today's phones are 3×).
    public static let scaleRange: ClosedRange<CGFloat> = 1...CGFloat(RenderLimits.maxScale)

    /// A device of your own. Throws `StageError.invalidDevice` when a number cannot describe a screen: a
    /// size that is not positive or whose pixels (size × scale) pass the canvas limit, a scale outside
    /// 1…4, insets that are negative or leave no room, a corner radius beyond half the shorter side, a
    /// status bar or home indicator outside the screen.
    public init(id: String, name: String? = nil, size: CGSize, scale: CGFloat,
                safeAreaInsets: UIEdgeInsets = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0),
                displayCornerRadius: CGFloat = 0, chrome: DeviceChrome) throws {
        func refuse(_ problem: String) -> StageError { .invalidDevice(id: id, problem: problem) }
        guard !id.isEmpty, id.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." }), !id.hasPrefix("-") else {
            throw refuse("the id must be letters, digits, dots and dashes, e.g. \"ipad-11\"")
        }
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
            throw refuse("a screen of \(format(Double(size.width)))×\(format(Double(size.height))) pt: give a width and height greater than 0, e.g. 820×1180")
        }
        guard scale.isFinite, Self.scaleRange.contains(scale) else {
            throw refuse("a scale of \(format(Double(scale))) pixels per point: give one from 1 to \(format(Double(Self.scaleRange.upperBound))), e.g. 2 or 3")
        }
        // Checked here, not at the first render, so the mistake is reported where the device is made.
        let width = (size.width * scale).rounded(), height = (size.height * scale).rounded(), limit = CGFloat(RenderLimits.canvasSide)
        guard width <= limit, height <= limit else {
            throw refuse("\(format(Double(size.width)))×\(format(Double(size.height))) pt at \(format(Double(scale)))× is \(Int(width))×\(Int(height)) pixels; the limit is \(RenderLimits.canvasSide) on each side")
        }
        let insets = [safeAreaInsets.top, safeAreaInsets.left, safeAreaInsets.bottom, safeAreaInsets.right]
        guard insets.allSatisfy({ $0.isFinite && $0 >= 0 }),
              safeAreaInsets.top + safeAreaInsets.bottom < size.height, safeAreaInsets.left + safeAreaInsets.right < size.width else {
            throw refuse("safe-area insets must be 0 or more and leave part of the screen inside them")
        }
        guard displayCornerRadius.isFinite, displayCornerRadius >= 0, displayCornerRadius <= min(size.width, size.height) / 2 else {
            throw refuse("a display corner radius of \(format(Double(displayCornerRadius))) pt: give one from 0 to half the shorter side (\(format(Double(min(size.width, size.height) / 2))))")
        }
        let screen = CGRect(origin: .zero, size: size)
        guard chrome.statusBarHeight.isFinite, chrome.statusBarHeight >= 0, chrome.statusBarHeight < size.height,
              chrome.homeIndicator.map({ screen.contains($0) }) ?? true else {
            throw refuse("the chrome's status bar and home indicator must lie on the \(format(Double(size.width)))×\(format(Double(size.height))) pt screen")
        }
        let homeButton = chrome.homeIndicator == nil && chrome.cutout == .none
        let bezel = homeButton
            ? DeviceBezel(side: 14, top: 66, bottom: 66, displayCornerRadius: displayCornerRadius, outerCornerRadius: displayCornerRadius + 44, homeButton: true)
            : DeviceBezel(side: 12, top: 12, bottom: 12, displayCornerRadius: displayCornerRadius, outerCornerRadius: displayCornerRadius + 12, homeButton: false)
        self.init(builtIn: id, name: name ?? id, size: size, scale: scale, safeAreaInsets: safeAreaInsets, chrome: chrome, bezel: bezel)
    }

    private init(builtIn id: String, name: String, size: CGSize, scale: CGFloat, safeAreaInsets: UIEdgeInsets,
                 chrome: DeviceChrome, bezel: DeviceBezel) {
        self.id = id; self.name = name; self.size = size; self.scale = scale; self.safeAreaInsets = safeAreaInsets
        self.chrome = chrome; self.bezel = bezel
    }

    private static let islandBezel = DeviceBezel(side: 12, top: 12, bottom: 12, displayCornerRadius: 55, outerCornerRadius: 67, homeButton: false)

    public static let iPhone16 = Device(builtIn: "iphone-16", name: "iPhone 16 / 15 / 14 Pro", size: CGSize(width: 393, height: 852),
                                        scale: 3, safeAreaInsets: UIEdgeInsets(top: 59, left: 0, bottom: 34, right: 0),
                                        chrome: .island(width: 393, height: 852, statusBarHeight: 54), bezel: islandBezel)
    public static let iPhoneSE = Device(builtIn: "iphone-se", name: "iPhone SE (2nd/3rd gen)", size: CGSize(width: 375, height: 667),
                                        scale: 2, safeAreaInsets: UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0),
                                        chrome: DeviceChrome(statusBarHeight: 20, cutout: .none, homeIndicator: nil),
                                        bezel: DeviceBezel(side: 14, top: 66, bottom: 66, displayCornerRadius: 0, outerCornerRadius: 44, homeButton: true))
    public static let iPhone14 = Device(builtIn: "iphone-14", name: "iPhone 13 / 14", size: CGSize(width: 390, height: 844),
                                        scale: 3, safeAreaInsets: UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0),
                                        chrome: DeviceChrome(statusBarHeight: 47, cutout: .notch(CGRect(x: 114, y: 0, width: 162, height: 32)),
                                                             homeIndicator: DeviceChrome.homeIndicator(width: 390, height: 844)),
                                        bezel: DeviceBezel(side: 12, top: 12, bottom: 12, displayCornerRadius: 47.33, outerCornerRadius: 59.33, homeButton: false))
    public static let iPhone16ProMax = Device(builtIn: "iphone-16-pro-max", name: "iPhone 16 Pro Max", size: CGSize(width: 440, height: 956),
                                              scale: 3, safeAreaInsets: UIEdgeInsets(top: 62, left: 0, bottom: 34, right: 0),
                                              chrome: .island(width: 440, height: 956, statusBarHeight: 54), bezel: islandBezel)

    public static let all: [Device] = [.iPhone16, .iPhoneSE, .iPhone14, .iPhone16ProMax]
    public static let `default` = Device.iPhone16

    public static func named(_ id: String) -> Device? { all.first { $0.id == id.lowercased() } }

    package var screen: UIScreen { screen(userInterfaceStyle: .light) }
    /// The device's screen in light or dark mode.
    package func screen(userInterfaceStyle: UIUserInterfaceStyle) -> UIScreen {
        UIScreen(bounds: CGRect(origin: .zero, size: size), scale: scale, safeAreaInsets: safeAreaInsets,
                 statusBarHeight: chrome.statusBarHeight, userInterfaceStyle: userInterfaceStyle)
    }
}

/// The device's own drawing around an app, in points. Apple publishes no exact figures for these; the
/// numbers follow iOS 18 screenshots of each device (the Dynamic Island is 126 × 37.33 pt, 11 pt from the
/// top; the home indicator 134 × 5 pt, 8 pt above the bottom edge).
public struct DeviceChrome: Equatable, Sendable {
    public enum Cutout: Equatable, Sendable {
        case none
        /// The Dynamic Island: a black capsule the status bar's items sit on either side of.
        case island(CGRect)
        /// The notch: black, square at the top edge, rounded below.
        case notch(CGRect)
    }
    public let statusBarHeight: CGFloat
    public let cutout: Cutout
    /// nil on devices with a home button.
    public let homeIndicator: CGRect?

    public init(statusBarHeight: CGFloat, cutout: Cutout, homeIndicator: CGRect?) {
        self.statusBarHeight = statusBarHeight; self.cutout = cutout; self.homeIndicator = homeIndicator
    }

    /// A Dynamic Island phone's: the island centred 11 pt from the top, a home indicator at the bottom.
    public static func dynamicIsland(screen: CGSize, statusBarHeight: CGFloat = 54) -> DeviceChrome {
        island(width: screen.width, height: screen.height, statusBarHeight: statusBarHeight)
    }

    /// A status bar and a home indicator, no cutout: an iPad without a home button, or a phone-sized
    /// screen without a camera in it.
    public static func homeIndicator(screen: CGSize, statusBarHeight: CGFloat = 24) -> DeviceChrome {
        DeviceChrome(statusBarHeight: statusBarHeight, cutout: .none, homeIndicator: homeIndicator(width: screen.width, height: screen.height))
    }

    /// A status bar only: a device with a home button below its screen (its bezel draws the button).
    public static func homeButton(statusBarHeight: CGFloat = 20) -> DeviceChrome {
        DeviceChrome(statusBarHeight: statusBarHeight, cutout: .none, homeIndicator: nil)
    }

    static func island(width: CGFloat, height: CGFloat, statusBarHeight: CGFloat) -> DeviceChrome {
        DeviceChrome(statusBarHeight: statusBarHeight, cutout: .island(CGRect(x: (width - 126) / 2, y: 11, width: 126, height: 37.33)),
                     homeIndicator: homeIndicator(width: width, height: height))
    }

    static func homeIndicator(width: CGFloat, height: CGFloat) -> CGRect {
        CGRect(x: (width - 134) / 2, y: height - 8 - 5, width: 134, height: 5)
    }
}

/// A phone's outline in points: the bezel's widths around the display, the display's corner radius and
/// the body's. The display radii are the ones iOS reports for these screens (55 pt on the Dynamic Island
/// phones, 47.33 on the iPhone 13/14); the bezel widths are approximations, for docs media.
public struct DeviceBezel: Equatable, Sendable {
    public let side: CGFloat
    public let top: CGFloat
    public let bottom: CGFloat
    public let displayCornerRadius: CGFloat
    public let outerCornerRadius: CGFloat
    /// The iPhone SE's round button below the display.
    public let homeButton: Bool
}
