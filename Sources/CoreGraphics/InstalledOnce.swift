import Synchronization

/// A function a higher module supplies (the PNG codec from Media, the rasterizer from the Compositor):
/// CoreGraphics declares the slot because it cannot see those modules. It is set once per process and
/// read from any thread: the first installation wins and later ones are ignored, which is right because
/// each slot has exactly one implementation and its installers call it before each use (every scene
/// session, every renderer), so installing is idempotent.
package final class InstalledOnce<Value: Sendable>: Sendable {
    private let slot = Mutex<Value?>(nil)

    package init() {}

    package func install(_ value: @autoclosure () -> Value) {
        slot.withLock { if $0 == nil { $0 = value() } }
    }

    package var value: Value? { slot.withLock { $0 } }
}
