import Foundation
import QuartzCore

/// A layer snapshot at `frame` (in its superlayer's bounds space) with a background colour.
func testLayer(_ frame: CGRect, _ color: CGColor? = nil, _ configure: (inout LayerState) -> Void = { _ in }) -> LayerSnapshot {
    var state = LayerState()
    state.bounds = CGRect(origin: .zero, size: frame.size)
    state.position = CGPoint(x: frame.midX, y: frame.midY)
    state.backgroundColor = color
    configure(&state)
    return LayerSnapshot(state: state)
}
