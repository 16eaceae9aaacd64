import UIKit
import Stage
import Playback

/// The presentation values of every layer property while it animates, frame by frame, as text: one line
/// per animating layer per frame, with the timeline's marks in between. Scene tests compare it with a
/// recorded file (`Tests/SceneTests/Traces/`), so a change in motion shows as a line diff that names the
/// frame, the layer and the property, even where the pixels hardly move.
///
/// Where `PropertyTrace` normalises progress for plotting, this keeps the values themselves (points,
/// opacities, colour components), rounded to 1/1000 so the text is stable and short.
public enum ValueTrace {
    public static func record(_ scene: SceneDefinition, device: Device = .default, fps: Int = 60) throws -> String {
        precondition(RenderSettings.fpsRange.contains(fps), "ValueTrace.record: fps out of range")
        let plan = try Stage.plan(scene, settings: RenderSettings(device: device, fps: fps))
        let session = SceneSession(scene, device: device)
        var lines = ["# \(scene.name) on \(device.id) at \(fps) fps: frame, time, layer, then each animating"
                     + " property's presentation value (points; colours as r,g,b,a)"]
        let marks = try markTimes(of: scene, device: device)
        var nextMark = 0
        for index in 0..<plan.frameCount {
            let t = plan.time(ofFrame: index)
            session.advance(to: t)
            while nextMark < marks.count, marks[nextMark].time <= t {
                lines.append("mark \(number(marks[nextMark].time)) \(marks[nextMark].label)")
                nextMark += 1
            }
            session.within { lines += frameLines(session.rootLayer, frame: index, time: t) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The marks of a whole run, with their exact times (a dry run; the session above only sees those up
    /// to the frame it has reached).
    private static func markTimes(of scene: SceneDefinition, device: Device) throws -> [(time: TimeInterval, label: String)] {
        let session = SceneSession(scene, device: device)
        _ = try session.runToEnd()
        return session.marks
    }

    /// One line per layer with animations now: `f018 0.3 Label key=value key=value`.
    static func frameLines(_ root: CALayer, frame: Int, time: TimeInterval) -> [String] {
        var lines: [String] = []
        var stack = [root]
        while let layer = stack.popLast() {
            let keys = PropertyTrace.Recorder.animatedKeys(of: layer).map(\.0)
            if !keys.isEmpty {
                let state = layer.presentationState(at: time)
                let values = keys.map { key -> String in
                    let components = PropertyTrace.components(of: key)
                    guard !components.isEmpty else { return "\(key)=?" }
                    return "\(key)=" + components.map { number($0.value(state)) }.joined(separator: ",")
                }
                lines.append("f\(frame) \(number(time)) \(PropertyTrace.Recorder.label(of: layer)) " + values.joined(separator: " "))
            }
            stack.append(contentsOf: (layer.sublayers ?? []).reversed())
        }
        return lines
    }

    /// Rounded to 1/1000, without trailing zeros or a negative zero: `12.5`, `0.333`, `-4`.
    static func number(_ value: Double) -> String {
        var rounded = (value * 1000).rounded() / 1000
        if rounded == 0 { rounded = 0 }
        var text = String(format: "%.3f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
