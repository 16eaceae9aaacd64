// CoreGraphics for Linux: the parts of Apple's CoreGraphics that transition code touches and that
// Foundation on Linux lacks. CGFloat, CGPoint, CGSize, CGRect and CGVector come from Foundation and are
// re-exported, so `import CoreGraphics` (or `import UIKit`) gives the same names as on iOS.
@_exported import Foundation
