import UIKit
import Stage
import Playback
import Raster
import Media

/// Draws a `PropertyTrace` as progress against time: white background, axes with a tick every 0.1 s (a
/// longer one every 0.5 s), light grid lines at progress 0 and 1, one colour per animated property (the
/// same key path following the same curve on several layers shares one colour), vertical marks at the
/// timeline's labelled moments, and a legend down the right: a swatch and the property's name for each
/// colour. The axes are labelled (seconds under the long ticks, progress 0 and 1, the scene's name as the
/// title). Properties whose curves coincide are drawn as nested strokes (the first widest), so each stays
/// visible. `legend` says all of it in words, with the layers of each colour and the marks (written beside
/// the PNG as `PATH.txt` and printed by the CLI).
public enum Plot {
    /// The plot area's margins in pixels: room for the title, the axis labels and the legend.
    package static let margins = (left: 70.0, top: 44.0, bottom: 60.0, right: 300.0)
    /// One legend swatch: its colour, the property, and the layers it was traced on.
    public struct Entry: Equatable {
        public var color: RGBA8
        public var property: String
        public var layers: [String]
        /// Legend numbers (1-based) of other entries with exactly the same curve.
        public var sameCurveAs: [Int]
        public var hex: String { String(format: "#%02X%02X%02X", color.r, color.g, color.b) }
    }

    /// What a mark line stands for, by its label's first word.
    public struct MarkStyle: Equatable {
        public var color: RGBA8
        public var dashed: Bool
    }

    public struct Result {
        public var image: PixelBuffer
        public var entries: [Entry]
        /// The text of the sidecar file: axes, colours with their properties, marks.
        public var legend: String
    }

    static let palette: [RGBA8] = [
        0x1F77B4, 0xFF7F0E, 0x2CA02C, 0xD62728, 0x9467BD, 0x8C564B, 0xE377C2, 0x17BECF, 0xBCBD22, 0x7F7F7F,
        0x393B79, 0xAD494A, 0x637939, 0x843C39, 0x7B4173, 0x3182BD,
    ].map { RGBA8(r: UInt8($0 >> 16), g: UInt8(($0 >> 8) & 0xFF), b: UInt8($0 & 0xFF), a: 255) }

    static func markStyle(_ label: String) -> MarkStyle {
        if label.hasPrefix("touch.") { return MarkStyle(color: RGBA8(r: 110, g: 110, b: 130, a: 255), dashed: true) }
        if label.hasPrefix("transition.begin") { return MarkStyle(color: RGBA8(r: 0, g: 150, b: 80, a: 255), dashed: false) }
        if label.hasPrefix("transition.end") { return MarkStyle(color: RGBA8(r: 200, g: 40, b: 40, a: 255), dashed: false) }
        return MarkStyle(color: RGBA8(r: 150, g: 150, b: 150, a: 255), dashed: true)
    }

    /// Series of the same key path whose curves coincide, in order of first appearance.
    static func groups(_ series: [PropertyTrace.Series]) -> [[PropertyTrace.Series]] {
        var groups: [[PropertyTrace.Series]] = []
        for s in series {
            if let g = groups.firstIndex(where: { $0[0].property == s.property && coincide($0[0], s) }) { groups[g].append(s) }
            else { groups.append([s]) }
        }
        return groups
    }

    /// Whether two series animate alike (their lead-in before the first animation may differ).
    static func coincide(_ a: PropertyTrace.Series, _ b: PropertyTrace.Series) -> Bool {
        a.runs.count == b.runs.count && zip(a.runs, b.runs).allSatisfy { x, y in
            x.count == y.count && zip(x, y).allSatisfy { abs($0.time - $1.time) < 1e-9 && abs($0.progress - $1.progress) < 1e-3 }
        }
    }

    public static func draw(_ trace: PropertyTrace, width: Int = 1400, height: Int = 760) -> Result {
        let groups = groups(trace.series)
        // Groups with the same curve (different properties moving alike) form a cluster of nested strokes.
        var cluster = Array(repeating: 0, count: groups.count), rank = Array(repeating: 0, count: groups.count)
        var clusterSizes: [Int] = []
        for g in groups.indices {
            if let earlier = (0..<g).first(where: { coincide(groups[$0][0], groups[g][0]) }) {
                cluster[g] = cluster[earlier]
                rank[g] = clusterSizes[cluster[g]]
                clusterSizes[cluster[g]] += 1
            } else {
                cluster[g] = clusterSizes.count
                clusterSizes.append(1)
            }
        }
        let entries = groups.indices.map { g in
            Entry(color: palette[g % palette.count], property: groups[g][0].property, layers: groups[g].map(\.layer),
                  sameCurveAs: groups.indices.filter { $0 != g && cluster[$0] == cluster[g] }.map { $0 + 1 })
        }
        var image = PixelBuffer(width: width, height: height, fill: RGBA8(r: 255, g: 255, b: 255, a: 255))

        // The plot area, leaving room on the right for the legend.
        let left = margins.left, top = margins.top, bottom = Double(height) - margins.bottom, right = Double(width) - margins.right
        let duration = max(trace.duration, 1e-6)
        let values = trace.series.flatMap { $0.runs.flatMap { $0.map(\.progress) } }
        let low = min(-0.15, (values.min() ?? 0) - 0.05), high = max(1.25, (values.max() ?? 1) + 0.05)
        func x(_ t: Double) -> Double { left + (right - left) * t / duration }
        func y(_ p: Double) -> Double { bottom - (bottom - top) * (p - low) / (high - low) }

        func rect(_ x0: Double, _ y0: Double, _ w: Double, _ h: Double, _ color: RGBA8) {
            image.fill(RoundedRect(rect: CGRect(x: x0, y: y0, width: w, height: h)), with: .solid(cgColor(color)))
        }
        // Grid at progress 0 and 1.
        for p in [0.0, 1.0] { rect(left, y(p) - 0.75, right - left, 1.5, RGBA8(r: 215, g: 215, b: 222, a: 255)) }
        // Marks: vertical lines at the labelled moments.
        for mark in trace.marks where mark.time <= duration {
            let style = markStyle(mark.label)
            let mx = x(mark.time) - 1
            if style.dashed {
                var yy = top
                while yy < bottom { rect(mx, yy, 2, min(8, bottom - yy), style.color); yy += 14 }
            } else {
                rect(mx, top, 2, bottom - top, style.color)
            }
        }
        // Axes and ticks.
        let axis = RGBA8(r: 60, g: 60, b: 70, a: 255)
        rect(left - 2, top, 2, bottom - top + 2, axis)
        rect(left - 2, bottom, right - left + 2, 2, axis)
        var tick = 0
        while Double(tick) * 0.1 <= duration + 1e-9 {
            rect(x(Double(tick) * 0.1) - 0.75, bottom + 2, 1.5, tick % 5 == 0 ? 12 : 6, axis)
            tick += 1
        }
        for p in [0.0, 1.0] { rect(left - 14, y(p) - 0.75, 12, 1.5, axis) }

        // Words: the title, seconds under the long ticks, progress 0 and 1, the axes' names.
        let ink = CGColor(red: 60 / 255, green: 60 / 255, blue: 70 / 255, alpha: 1), paper = CGColor(gray: 1, alpha: 1)
        func words(_ text: String, x: Double, y: Double, width: Int, size: CGFloat = 13, alignment: CATextLayer.AlignmentMode = .center) {
            guard x >= 0, y >= 0, Int(x) + width <= image.width, Int(y) + 22 <= image.height else { return }
            image.composite(Caption.image(text, width: width, height: 22, fontSize: size, color: ink, background: paper,
                                          alignment: alignment), atX: Int(x.rounded()), y: Int(y.rounded()))
        }
        words("\(trace.sceneName): progress of each animated property against time", x: left, y: 10, width: Int(right - left),
              size: 15, alignment: .left)
        var long = 0
        while Double(long) * 0.5 <= duration + 1e-9 {
            words("\(format(Double(long) * 0.5)) s", x: x(Double(long) * 0.5) - 30, y: bottom + 16, width: 60)
            long += 1
        }
        words("0", x: left - 44, y: y(0) - 11, width: 26, alignment: .right)
        words("1", x: left - 44, y: y(1) - 11, width: 26, alignment: .right)
        words("time", x: right - 80, y: bottom + 34, width: 80, alignment: .right)

        // Curves: dots close enough together to read as lines. Within a cluster of coinciding curves the
        // first is widest, so every colour shows as a band around the next.
        func stroke(_ run: [PropertyTrace.Series.Point], _ color: CGColor, _ diameter: Double) {
            var previous: (Double, Double)?
            for point in run {
                let current = (x(point.time), y(point.progress))
                let from = previous ?? current
                let length = ((current.0 - from.0) * (current.0 - from.0) + (current.1 - from.1) * (current.1 - from.1)).squareRoot()
                let steps = max(1, Int((length / 0.6).rounded(.up)))
                for s in (previous == nil ? 0 : 1)...steps {
                    let f = Double(s) / Double(steps)
                    let cx = from.0 + (current.0 - from.0) * f, cy = from.1 + (current.1 - from.1) * f
                    image.fill(RoundedRect(rect: CGRect(x: cx - diameter / 2, y: cy - diameter / 2, width: diameter, height: diameter),
                                           radii: CornerRadii(all: diameter / 2)), with: .solid(color))
                }
                previous = current
            }
        }
        for g in groups.indices {
            let color = cgColor(entries[g].color)
            let diameter = 3.2 + 2.6 * Double(clusterSizes[cluster[g]] - 1 - rank[g])
            for member in groups[g] where !member.lead.isEmpty { stroke(member.lead, color, diameter) }
            for run in groups[g][0].runs { stroke(run, color, diameter) }
        }

        // Legend: a swatch and the property per colour, top to bottom in the order of the sidecar file.
        let swatch = 22.0, gap = 8.0
        for (i, entry) in entries.enumerated() {
            let sy = top + Double(i) * (swatch + gap)
            guard sy + swatch < Double(height) else { break }
            image.fill(RoundedRect(rect: CGRect(x: right + 24, y: sy, width: swatch * 1.5, height: swatch), radii: CornerRadii(all: 5)),
                       with: .solid(cgColor(entry.color)))
            let layers = entry.layers.count == 1 ? entry.layers[0] : "\(entry.layers.count) layers"
            words("\(entry.property) · \(layers)", x: right + 24 + swatch * 1.5 + 6, y: sy, width: Int(margins.right - 24 - swatch * 1.5 - 10),
                  size: 12, alignment: .left)
        }
        return Result(image: image, entries: entries, legend: legendText(trace, entries: entries, low: low, high: high))
    }

    static func cgColor(_ c: RGBA8) -> CGColor {
        CGColor(red: CGFloat(c.r) / 255, green: CGFloat(c.g) / 255, blue: CGFloat(c.b) / 255, alpha: 1)
    }

    static func legendText(_ trace: PropertyTrace, entries: [Entry], low: Double, high: Double) -> String {
        var text = "render-transition plot: \(trace.sceneName)\n"
        text += "x: time 0 … \(format(trace.duration)) s, a tick every 0.1 s (long every 0.5 s); "
        text += "y: progress \(format(low)) … \(format(high)), grid lines at 0 (value before each animation) and 1 (value it settles at); "
        text += "sampled at \(format(trace.rate)) Hz\n"
        text += "curves (legend swatches top to bottom; a property moving alike on several layers shares a colour;\n"
        text += "        curves that coincide are drawn as nested strokes, the first widest):\n"
        for (i, entry) in entries.enumerated() {
            let same = entry.sameCurveAs.isEmpty ? "" : "  [same curve as \(entry.sameCurveAs.map(String.init).joined(separator: ", "))]"
            text += "  \(i + 1)  \(entry.hex)  \(entry.property)\(same)\n"
            for layer in entry.layers { text += "        \(layer)\n" }
        }
        if !trace.marks.isEmpty {
            text += "marks (vertical lines):\n"
            for mark in trace.marks {
                let style = markStyle(mark.label)
                let hex = String(format: "#%02X%02X%02X", style.color.r, style.color.g, style.color.b)
                text += "  \(String(format: "%7.3f", mark.time)) s  \(hex) \(style.dashed ? "dashed" : "solid ")  \(mark.label)\n"
            }
        }
        // A begin with no end: the plot shows a green line and no red one; say why.
        for stuck in Stage.transitions(in: trace.marks).unfinished {
            text += "NEVER COMPLETED: \(stuck.message)\n"
        }
        return text
    }
}

extension Stage {
    /// Records the scene's animated properties at `rate` Hz and writes the plot to `url` (a .png) and its
    /// legend beside it (`url` + ".txt"). Nothing appears unless both are written.
    @discardableResult
    public static func writePlot(_ scene: SceneDefinition, device: Device = .default, rate: Double = 240,
                                 to url: URL) throws -> Plot.Result {
        guard url.pathExtension.lowercased() == "png" else {
            throw StageError.unsupportedOutput(path: url.path, reason: "a plot is a .png image. Give a path such as plot.png.")
        }
        let trace = try PropertyTrace.record(scene, device: device, rate: rate)
        try Interruption.check()
        let result = Plot.draw(trace)
        let parent = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw StageError.output(path: url.path, reason: "its folder \(parent.path) cannot be created (\(error.localizedDescription)).")
        }
        let legendURL = URL(fileURLWithPath: url.path + ".txt")
        // The plot and its legend appear together or not at all.
        try AtomicFiles.write([(url, try PNGCodec.encode(result.image)), (legendURL, Array(result.legend.utf8))])
        return result
    }
}
