// UIKit for offscreen rendering on Linux: Apple's names and signatures over our QuartzCore, so transition
// code written for iOS compiles with mechanical edits only. Deviations are listed in
// docs/UIKIT-COMPATIBILITY.md.
@_exported import CoreGraphics
@_exported import QuartzCore
