import Foundation

// Playground and Xcode literals, as Apple's UIKit overlay declares them: `#colorLiteral(red:green:blue:alpha:)`
// makes a UIColor and `#imageLiteral(resourceName:)` a UIImage wherever the type is not otherwise known.

extension UIColor: _ExpressibleByColorLiteral {
    /// `#colorLiteral(red: 1, green: 0.5, blue: 0, alpha: 1)`: an sRGB colour.
    public convenience init(_colorLiteralRed red: Float, green: Float, blue: Float, alpha: Float) {
        self.init(red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
    }
}

extension UIImage: _ExpressibleByImageLiteral {
    /// `#imageLiteral(resourceName: "card")`: the image `UIImage(named:)` finds. A name it does not find
    /// stops with a message naming it (on iOS the literal is an implicitly unwrapped nil that traps later).
    public convenience init(imageLiteralResourceName name: String) {
        guard let found = UIImage(named: name) else {
            misuse("#imageLiteral(resourceName: \"\(name)\"): no image named \"\(name)\" (NAME.png, NAME@2x.png or NAME@3x.png) in the main bundle's resources")
        }
        if let cgImage = found.cgImage {
            self.init(cgImage: cgImage, scale: found.scale, orientation: found.imageOrientation)
        } else {
            self.init()
        }
    }
}

/// The types the literals make when nothing else decides it.
public typealias _ColorLiteralType = UIColor
public typealias _ImageLiteralType = UIImage
