import Foundation

/// Bad input or a scene that cannot be rendered, in the library's own terms (a scale, a time, a file).
/// Each message says what, where and how to fix it; a command line rephrases the cases that come from
/// its options (RenderTransitionCLI names the flag).
public enum StageError: Error, Equatable, CustomStringConvertible {
    /// Pixels per point that are not a finite number greater than 0.
    case invalidScale(Double)
    /// A scale so small that the canvas would be under 2×2 pixels.
    case canvasTooSmall(scale: Double)
    case canvasTooLarge(width: Int, height: Int, limit: Int)
    /// Frames per second outside what the output can show; `reason` says why when it is the format's limit.
    case invalidFrameRate(Int, allowed: ClosedRange<Int>, reason: String? = nil)
    /// A moment outside the clip.
    case timeOutOfRange(Double, scene: String, duration: Double)
    /// A filmstrip of a number of moments outside `allowed`.
    case momentCount(Int, allowed: ClosedRange<Int>)
    case sceneDidNotSettle(scene: String, seconds: Double)
    case invalidLayerTree(scene: String, time: Double, problem: String)
    case invalidDocument(path: String, problem: String)
    /// A path whose kind of file cannot be written (`reason` says what can).
    case unsupportedOutput(path: String, reason: String)
    /// Writing a file failed (permissions, a directory in the way, a full disk).
    case output(path: String, reason: String)
    /// A device made with numbers that cannot describe a screen (`problem` says which and what to give).
    case invalidDevice(id: String, problem: String)

    public var description: String {
        switch self {
        case .invalidScale(let scale):
            return "a scale of \(format(scale)) pixels per point cannot be drawn: give a number greater than 0, e.g. 1, 2 or 3."
        case .canvasTooSmall(let scale):
            return "a scale of \(format(scale)) pixels per point makes the canvas smaller than 2×2 pixels: give a larger scale."
        case .canvasTooLarge(let width, let height, let limit):
            return "the canvas would be \(width)×\(height) pixels; the limit is \(limit) on each side. Lower the scale."
        case .invalidFrameRate(let fps, let allowed, let reason):
            return "\(fps) frames per second is outside \(allowed.lowerBound)–\(allowed.upperBound)" + (reason.map { " (\($0))" } ?? "") + "."
        case .timeOutOfRange(let value, let scene, let duration):
            return "\(format(value)) s is outside \(scene), which lasts \(format(duration)) s: choose a time from 0 to \(format(duration))."
        case .momentCount(let count, let allowed):
            return "a filmstrip of \(count) moments: choose from \(allowed.lowerBound) to \(allowed.upperBound)."
        case .sceneDidNotSettle(let scene, let seconds):
            return "scene \(scene) did not settle within \(format(seconds)) s: an animation or script step never ends."
        case .invalidLayerTree(let scene, let time, let problem):
            return "scene \(scene) at \(format(time)) s has a layer that cannot be drawn: \(problem)"
        case .invalidDocument(let path, let problem):
            return "\(path): \(problem)"
        case .unsupportedOutput(let path, let reason):
            return "cannot write '\(path)': \(reason)"
        case .output(let path, let reason):
            return "could not write '\(path)': \(reason)"
        case .invalidDevice(let id, let problem):
            return "device '\(id)': \(problem)."
        }
    }
}

/// A number for a message: at most three decimals, no trailing zeros (`1.6`, `0.25`, `2`); from a
/// million on, or not finite, in exponent form (`1e+300`).
package func format(_ value: Double) -> String {
    if !value.isFinite || abs(value) >= 1e6 { return String(format: "%g", value) }
    var text = String(format: "%.3f", value)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
}
