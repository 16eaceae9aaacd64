import UIKit

/// A phone to render on: its screen in points, pixel scale and safe-area insets.
public struct Device: Equatable, Sendable {
    public let id: String
    public let name: String
    public let size: CGSize
    public let scale: CGFloat
    public let safeAreaInsets: UIEdgeInsets
    /// What the device draws around the app: status bar, camera cutout, home indicator.
    public let chrome: DeviceChrome
    /// The phone's outline around the display, for `--bezel`.
    public var bezel: DeviceBezel {
        switch id {
        case "iphone-se": DeviceBezel(side: 14, top: 66, bottom: 66, displayCornerRadius: 0, outerCornerRadius: 44, homeButton: true)
        case "iphone-14": DeviceBezel(side: 12, top: 12, bottom: 12, displayCornerRadius: 47.33, outerCornerRadius: 59.33, homeButton: false)
        default: DeviceBezel(side: 12, top: 12, bottom: 12, displayCornerRadius: 55, outerCornerRadius: 67, homeButton: false)
        }
    }

    public static let iPhone16 = Device(id: "iphone-16", name: "iPhone 16 / 15 / 14 Pro", size: CGSize(width: 393, height: 852),
                                        scale: 3, safeAreaInsets: UIEdgeInsets(top: 59, left: 0, bottom: 34, right: 0),
                                        chrome: .island(width: 393, height: 852, statusBarHeight: 54))
    public static let iPhoneSE = Device(id: "iphone-se", name: "iPhone SE (2nd/3rd gen)", size: CGSize(width: 375, height: 667),
                                        scale: 2, safeAreaInsets: UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0),
                                        chrome: DeviceChrome(statusBarHeight: 20, cutout: .none, homeIndicator: nil))
    public static let iPhone14 = Device(id: "iphone-14", name: "iPhone 13 / 14", size: CGSize(width: 390, height: 844),
                                        scale: 3, safeAreaInsets: UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0),
                                        chrome: DeviceChrome(statusBarHeight: 47, cutout: .notch(CGRect(x: 114, y: 0, width: 162, height: 32)),
                                                             homeIndicator: DeviceChrome.homeIndicator(width: 390, height: 844)))
    public static let iPhone16ProMax = Device(id: "iphone-16-pro-max", name: "iPhone 16 Pro Max", size: CGSize(width: 440, height: 956),
                                              scale: 3, safeAreaInsets: UIEdgeInsets(top: 62, left: 0, bottom: 34, right: 0),
                                              chrome: .island(width: 440, height: 956, statusBarHeight: 54))

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
