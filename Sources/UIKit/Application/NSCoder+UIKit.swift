import Foundation

// UIKit's string forms of geometry (`NSStringFromCGPoint` and `CGPointFromString` in Objective-C):
// `{x, y}`, `{{x, y}, {w, h}}`, `[a, b, c, d, tx, ty]`, `{top, left, bottom, right}`, numbers as `%g`
// prints them. Reading takes the numbers in order and fills missing ones with 0, as UIKit does.
extension NSCoder {
    public class func string(for point: CGPoint) -> String { "{\(g(point.x)), \(g(point.y))}" }
    public class func string(for vector: CGVector) -> String { "{\(g(vector.dx)), \(g(vector.dy))}" }
    public class func string(for size: CGSize) -> String { "{\(g(size.width)), \(g(size.height))}" }
    public class func string(for rect: CGRect) -> String { "{\(string(for: rect.origin)), \(string(for: rect.size))}" }
    public class func string(for transform: CGAffineTransform) -> String {
        "[" + [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty].map(g).joined(separator: ", ") + "]"
    }
    public class func string(for insets: UIEdgeInsets) -> String {
        "{\(g(insets.top)), \(g(insets.left)), \(g(insets.bottom)), \(g(insets.right))}"
    }
    public class func string(for insets: NSDirectionalEdgeInsets) -> String {
        "{\(g(insets.top)), \(g(insets.leading)), \(g(insets.bottom)), \(g(insets.trailing))}"
    }

    public class func cgPoint(for string: String) -> CGPoint { let n = numbers(string, 2); return CGPoint(x: n[0], y: n[1]) }
    public class func cgVector(for string: String) -> CGVector { let n = numbers(string, 2); return CGVector(dx: n[0], dy: n[1]) }
    public class func cgSize(for string: String) -> CGSize { let n = numbers(string, 2); return CGSize(width: n[0], height: n[1]) }
    public class func cgRect(for string: String) -> CGRect {
        let n = numbers(string, 4)
        return CGRect(x: n[0], y: n[1], width: n[2], height: n[3])
    }
    public class func cgAffineTransform(for string: String) -> CGAffineTransform {
        let n = numbers(string, 6)
        return CGAffineTransform(a: n[0], b: n[1], c: n[2], d: n[3], tx: n[4], ty: n[5])
    }
    public class func uiEdgeInsets(for string: String) -> UIEdgeInsets {
        let n = numbers(string, 4)
        return UIEdgeInsets(top: n[0], left: n[1], bottom: n[2], right: n[3])
    }
    public class func nsDirectionalEdgeInsets(for string: String) -> NSDirectionalEdgeInsets {
        let n = numbers(string, 4)
        return NSDirectionalEdgeInsets(top: n[0], leading: n[1], bottom: n[2], trailing: n[3])
    }

    private class func g(_ value: CGFloat) -> String { String(format: "%g", Double(value)) }
    /// The first `count` numbers in `string`, 0 for those missing.
    private class func numbers(_ string: String, _ count: Int) -> [CGFloat] {
        var found: [CGFloat] = []
        var token = ""
        func flush() {
            if let value = Double(token) { found.append(CGFloat(value)) }
            token = ""
        }
        for character in string {
            if character.isNumber || "+-.eE".contains(character) { token.append(character) } else { flush() }
        }
        flush()
        return (0..<count).map { $0 < found.count ? found[$0] : 0 }
    }
}
