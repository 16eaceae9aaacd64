import Foundation

extension UIView {
    /// The description UIKit prints for a view: class, address, frame, the flags that differ from a new
    /// view's, and the layer. Addresses differ between runs, so nothing written into goldens prints it.
    var viewDescription: String {
        var parts = ["<\(type(of: self)): \(objectAddress(self))", "frame = \(Self.describe(frame))"]
        if transform != .identity {
            let t = transform
            parts.append("transform = [\([t.a, t.b, t.c, t.d, t.tx, t.ty].map(Self.number).joined(separator: ", "))]")
        }
        if alpha != 1 { parts.append("alpha = \(Self.number(alpha))") }
        if isHidden { parts.append("hidden = YES") }
        if clipsToBounds { parts.append("clipsToBounds = YES") }
        if !isUserInteractionEnabled { parts.append("userInteractionEnabled = NO") }
        if tag != 0 { parts.append("tag = \(tag)") }
        if let identifier = accessibilityIdentifier { parts.append("identifier = '\(identifier)'") }
        if let recognizers = gestureRecognizers { parts.append("gestureRecognizers = <NSArray: \(recognizers.count) items>") }
        parts.append("layer = \(layer)")
        return parts.joined(separator: "; ") + ">"
    }

    /// `(x y; w h)` with numbers as `%g` prints them, as UIKit does.
    static func describe(_ rect: CGRect) -> String {
        "(\(number(rect.minX)) \(number(rect.minY)); \(number(rect.width)) \(number(rect.height)))"
    }
    static func number(_ value: CGFloat) -> String { String(format: "%g", Double(value)) }
}
