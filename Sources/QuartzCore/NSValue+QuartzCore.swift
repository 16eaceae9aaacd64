import Foundation

extension CATransform3D {
    /// The type encoding an NSValue keeps with a boxed transform: sixteen doubles (Foundation on Linux cannot
    /// encode structs, so not Apple's `{CATransform3D=…}`).
    static let objCTypeEncoding = "[16d]"
}

extension NSValue {
    /// A transform boxed as an animation value (`fromValue`, `toValue`, keyframe `values`), as in QuartzCore.
    public convenience init(caTransform3D t: CATransform3D) {
        var t = t
        self.init(bytes: &t, objCType: CATransform3D.objCTypeEncoding)
    }

    /// The boxed transform (identity when the value holds something else).
    public var caTransform3DValue: CATransform3D {
        var t = CATransform3DIdentity
        guard String(cString: objCType) == CATransform3D.objCTypeEncoding else { return t }
        getValue(&t)
        return t
    }
}
