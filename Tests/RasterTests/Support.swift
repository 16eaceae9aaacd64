// This file imports CoreGraphics and not Testing: on Linux, a file importing both makes the compiler
// look for Testing's cross-import overlay `_Testing_CoreGraphics`, which does not exist. The test files
// import Testing and Foundation (CGRect, CGPoint) and reach CGColor through the alias below.
import CoreGraphics
@testable import Raster

typealias CGColor = CoreGraphics.CGColor

/// Φ, the standard normal cumulative distribution.
func normalCDF(_ z: Double) -> Double { 0.5 * erfc(-z / 2.0.squareRoot()) }

/// The analytic Gaussian blur (σ) of the indicator of [x0, x1] × [y0, y1], at point (px, py).
func blurredRect(x0: Double, y0: Double, x1: Double, y1: Double, sigma: Double, px: Double, py: Double) -> Double {
    let fx = normalCDF((px - x0) / sigma) - normalCDF((px - x1) / sigma)
    let fy = normalCDF((py - y0) / sigma) - normalCDF((py - y1) / sigma)
    return fx * fy
}

/// Exact rounded a·b/255, written independently of the module.
func ref255(_ a: Int, _ b: Int) -> Int { Int((Double(a * b) / 255).rounded(.toNearestOrAwayFromZero)) }

/// Round-to-nearest 8-bit value of v in 0...1, written independently of the module.
func ref8(_ v: Double) -> Int { Swift.min(255, Swift.max(0, Int((v * 255 + 0.5).rounded(.down)))) }

func opaqueBuffer(width: Int, height: Int, alpha: UInt8 = 255) -> PixelBuffer {
    PixelBuffer(width: width, height: height, fill: RGBA8(r: 0, g: 0, b: 0, a: alpha))
}
