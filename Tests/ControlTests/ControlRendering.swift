import Foundation
@testable import QuartzCore
@testable import UIKit
import Compositor
import Raster

/// Renders `build`'s view in a window of `size` points at `scale`, in light or dark, on the system background:
/// how the control suites draw their feature goldens. Views that draw through `draw(_:)` (text fields,
/// custom images) need the context rasterizer, installed here as a render installs it.
func renderControl(size: CGSize, scale: CGFloat = 3, style: UIUserInterfaceStyle = .light,
                   _ build: (UIWindow) -> Void) -> PixelBuffer {
    LayerRenderer.installContextRasterizer()
    let clock = Timeline()
    return Timeline.$current.withValue(clock) {
        let window = UIWindow(frame: CGRect(origin: .zero, size: size))
        window.overrideUserInterfaceStyle = style
        window.backgroundColor = .systemBackground
        build(window)
        window.layoutIfNeeded()
        return LayerRenderer(scale: scale).render(window.layer.snapshot(at: 0), size: size,
                                                  background: style == .dark ? .black : .white)
    }
}
