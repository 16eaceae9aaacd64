// CoreGraphics for Linux: the parts of Apple's CoreGraphics that transition code touches and that
// Foundation on Linux lacks. CGFloat, CGPoint, CGSize and CGRect come from Foundation and are
// re-exported (CGVector, which Linux Foundation lacks, is defined here), so `import CoreGraphics` (or
// `import UIKit`) gives the same names as on iOS.
@_exported import Foundation
