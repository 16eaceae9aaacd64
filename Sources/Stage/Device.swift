import UIKit

/// A phone to render on: its screen in points, pixel scale and safe-area insets.
public struct Device: Equatable, Sendable {
    public let id: String
    public let name: String
    public let size: CGSize
    public let scale: CGFloat
    public let safeAreaInsets: UIEdgeInsets

    public static let iPhone16 = Device(id: "iphone-16", name: "iPhone 16 / 15 / 14 Pro", size: CGSize(width: 393, height: 852),
                                        scale: 3, safeAreaInsets: UIEdgeInsets(top: 59, left: 0, bottom: 34, right: 0))
    public static let iPhoneSE = Device(id: "iphone-se", name: "iPhone SE (2nd/3rd gen)", size: CGSize(width: 375, height: 667),
                                        scale: 2, safeAreaInsets: UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
    public static let iPhone14 = Device(id: "iphone-14", name: "iPhone 13 / 14", size: CGSize(width: 390, height: 844),
                                        scale: 3, safeAreaInsets: UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
    public static let iPhone16ProMax = Device(id: "iphone-16-pro-max", name: "iPhone 16 Pro Max", size: CGSize(width: 440, height: 956),
                                              scale: 3, safeAreaInsets: UIEdgeInsets(top: 62, left: 0, bottom: 34, right: 0))

    public static let all: [Device] = [.iPhone16, .iPhoneSE, .iPhone14, .iPhone16ProMax]
    public static let `default` = Device.iPhone16

    public static func named(_ id: String) -> Device? { all.first { $0.id == id.lowercased() } }

    package var screen: UIScreen {
        UIScreen(bounds: CGRect(origin: .zero, size: size), scale: scale, safeAreaInsets: safeAreaInsets)
    }
}
