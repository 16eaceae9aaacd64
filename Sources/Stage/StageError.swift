/// Bad input or a scene that cannot be rendered: each message says what, where and how to fix it.
public enum StageError: Error, Equatable, CustomStringConvertible {
    case unknownScene(String, available: [String])
    case unknownDevice(String, available: [String])
    case invalidOption(option: String, value: String, allowed: String)
    case optionConflict(String)
    case unsupportedOutput(path: String, reason: String)
    case timeOutOfRange(option: String, value: Double, scene: String, duration: Double)
    case sceneDidNotSettle(scene: String, seconds: Double)
    case canvasTooLarge(width: Int, height: Int, limit: Int)
    case output(path: String, reason: String)
    case invalidLayerTree(scene: String, time: Double, problem: String)
    case invalidDocument(path: String, problem: String)

    public var description: String {
        switch self {
        case .unknownScene(let name, let available):
            return "unknown scene '\(name)'. Available scenes: \(available.joined(separator: ", ")). Run 'render-transition --list' for descriptions."
        case .unknownDevice(let name, let available):
            return "unknown device '\(name)' for --device. Available: \(available.joined(separator: ", "))."
        case .invalidOption(let option, let value, let allowed):
            return "invalid value '\(value)' for \(option): \(allowed)."
        case .optionConflict(let message):
            return message
        case .unsupportedOutput(let path, let reason):
            return "cannot write '\(path)': \(reason)"
        case .timeOutOfRange(let option, let value, let scene, let duration):
            return "\(option) \(format(value)) is outside \(scene), which lasts \(format(duration)) s: choose a time from 0 to \(format(duration))."
        case .sceneDidNotSettle(let scene, let seconds):
            return "scene \(scene) did not settle within \(format(seconds)) s: an animation or script step never ends."
        case .canvasTooLarge(let width, let height, let limit):
            return "the canvas would be \(width)×\(height) pixels; the limit is \(limit) on each side. Lower --scale."
        case .output(let path, let reason):
            return "could not write '\(path)': \(reason)"
        case .invalidLayerTree(let scene, let time, let problem):
            return "scene \(scene) at \(format(time)) s has a layer that cannot be drawn: \(problem)"
        case .invalidDocument(let path, let problem):
            return "\(path): \(problem)"
        }
    }
}

func format(_ value: Double) -> String {
    var text = String(format: "%.3f", value)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
}
