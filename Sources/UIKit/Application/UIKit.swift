// UIKit for offscreen rendering on Linux: Apple's names and signatures over our QuartzCore, so transition
// code written for iOS compiles with mechanical edits only. Deviations are listed in
// docs/UIKIT-COMPATIBILITY.md.
// CoreGraphics (and Foundation) come through QuartzCore alone: a second re-export of CoreGraphics here
// would offer Foundation's `Timer` beside QuartzCore's virtual-clock one, and Swift would call `Timer`
// ambiguous in every file that imports UIKit.
@_exported import QuartzCore
