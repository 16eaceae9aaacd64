import UIKit
import Stage
import Playback

/// The presentation values of every layer property that animates at some point of a scene, sampled at a
/// fixed rate on a dry run (no pixels), as progress: 0 at the value before each animation, 1 at the value
/// it settles at (a spring's overshoot shows above 1). What `render-transition SCENE --plot` draws.
public struct PropertyTrace {
    /// One animated property of one layer.
    public struct Series: Equatable {
        public struct Point: Equatable {
            public var time: Double
            public var progress: Double
        }
        /// The layer: its `name`, or its view's class and path from the nearest view controller's view
        /// (e.g. `CardDetailViewController.view/CardDetailScrollView/GradientView`).
        public var layer: String
        /// The key path (`position`, `bounds`, `opacity`…), or one component of it (`position.y`) when the
        /// components move differently.
        public var property: String
        /// Before the first animation, from when the layer appeared: flat at 0 (empty if it appeared
        /// animating).
        public var lead: [Point]
        /// One polyline of progress against time per animation, from its start (0) to the start of the next
        /// (each animation is normalised on its own).
        public var runs: [[Point]]

        public var name: String { "\(layer) \(property)" }
    }

    public var sceneName: String
    public var rate: Double
    /// Sample times, 0, 1/rate, … up to the end of the clip.
    public var times: [Double]
    public var series: [Series]
    /// The timeline's labelled moments (touch.down/up, transition.begin/end).
    public var marks: [(time: Double, label: String)]
    public var duration: Double { times.last ?? 0 }

    /// Runs the scene on its own clock, sampling at `rate` Hz until the clip ends.
    public static func record(_ scene: SceneDefinition, device: Device = .default, rate: Double = 240) throws -> PropertyTrace {
        precondition(rate > 0 && rate.isFinite, "PropertyTrace.record: rate must be positive")
        let session = SceneSession(scene, device: device)
        var recorder = Recorder()
        var index = 0
        while true {
            let t = Double(index) / rate
            if t > SceneSession.timeLimit {
                throw StageError.sceneDidNotSettle(scene: scene.name, seconds: SceneSession.timeLimit)
            }
            session.advance(to: t)
            session.within { recorder.sample(session.rootLayer, at: t, index: index) }
            if let end = session.endTime, t >= end - 1e-9 { break }
            index += 1
        }
        return PropertyTrace(sceneName: scene.name, rate: rate, times: recorder.times,
                             series: recorder.series(), marks: session.marks)
    }

    // MARK: Recording

    /// Remembers when every layer was first seen, and from its first animation on every state of the
    /// layers that animate.
    struct Recorder {
        final class Entry {
            let layer: CALayer
            let label: String
            /// The sample index from which `states` run, and when the layer first appeared in the tree.
            let first: Int
            let firstSeen: Int
            var states: [LayerState] = []
            var keys: [Key] = []
            init(layer: CALayer, label: String, first: Int, firstSeen: Int) {
                self.layer = layer; self.label = label; self.first = first; self.firstSeen = firstSeen
            }
        }
        /// One animated key path of a layer: the samples where it animates, and for each animation episode
        /// (a run of consecutive samples) when it began and the layer's state then.
        struct Key {
            let name: String
            var indices: [Int] = []
            var episodes: [(start: Int, begin: Double, before: LayerState)] = []
        }

        var times: [Double] = []
        private var entries: [Entry] = []
        private var byLayer: [ObjectIdentifier: Entry] = [:]
        /// Strong references keep identities unique for the whole run.
        private var firstSeen: [ObjectIdentifier: (layer: CALayer, index: Int)] = [:]

        mutating func sample(_ root: CALayer, at t: Double, index: Int) {
            times.append(t)
            var stack = [root]
            var seen: Set<ObjectIdentifier> = []
            while let layer = stack.popLast() {
                let id = ObjectIdentifier(layer)
                seen.insert(id)
                if firstSeen[id] == nil { firstSeen[id] = (layer, index) }
                let animated = Self.animatedKeys(of: layer)
                if byLayer[id] == nil, !animated.isEmpty {
                    let entry = Entry(layer: layer, label: Self.label(of: layer), first: index, firstSeen: firstSeen[id]!.index)
                    byLayer[id] = entry
                    entries.append(entry)
                }
                if let entry = byLayer[id] {
                    // A layer that left the tree and came back: hold its last state over the gap.
                    while entry.first + entry.states.count < index { entry.states.append(entry.states.last!) }
                    entry.states.append(layer.presentationState(at: t))
                    for (name, begin) in animated {
                        var k = entry.keys.firstIndex { $0.name == name } ?? -1
                        if k < 0 { entry.keys.append(Key(name: name)); k = entry.keys.count - 1 }
                        if entry.keys[k].indices.last != index - 1 {
                            // A new animation: the value it starts from is the presentation when it began.
                            entry.keys[k].episodes.append((index, begin, layer.presentationState(at: begin)))
                        }
                        entry.keys[k].indices.append(index)
                    }
                }
                stack.append(contentsOf: (layer.sublayers ?? []).reversed())
            }
            // Layers gone from the tree keep their last state.
            for entry in entries where !seen.contains(ObjectIdentifier(entry.layer)) {
                entry.states.append(entry.states.last!)
            }
        }

        /// The whole key paths animating on `layer` now (`position.x` counts as `position`), with the
        /// earliest begin time of their animations.
        static func animatedKeys(of layer: CALayer) -> [(String, Double)] {
            var keys: [(String, Double)] = []
            for key in layer.animationKeys() ?? [] {
                guard let animation = layer.animation(forKey: key) as? CAPropertyAnimation, let path = animation.keyPath else { continue }
                let base = String(path.prefix { $0 != "." })
                if let i = keys.firstIndex(where: { $0.0 == base }) { keys[i].1 = min(keys[i].1, animation.beginTime) }
                else { keys.append((base, animation.beginTime)) }
            }
            return keys
        }

        /// The layer's name, or its view's class with the path from the nearest view controller's view.
        static func label(of layer: CALayer) -> String {
            if let name = layer.name, !name.isEmpty { return name }
            var parts: [String] = []
            var current: CALayer? = layer
            while let l = current {
                guard let view = l.delegate as? UIView else {
                    parts.append(typeName(of: l) + siblingIndex(of: l, sameTypeAs: { type(of: $0) == type(of: l) }))
                    current = l.superlayer
                    continue
                }
                if let controller = view.next as? UIViewController {
                    parts.append("\(typeName(of: controller)).view")
                    break
                }
                parts.append(typeName(of: view) + siblingIndex(of: l, sameTypeAs: {
                    ($0.delegate as? UIView).map { type(of: $0) == type(of: view) } ?? false
                }))
                if view is UIWindow { break }
                current = l.superlayer
            }
            return parts.reversed().joined(separator: "/")
        }

        private static func typeName(of object: AnyObject) -> String { String(describing: type(of: object)) }

        /// "[i]" when siblings of the same kind make the class name ambiguous.
        private static func siblingIndex(of layer: CALayer, sameTypeAs same: (CALayer) -> Bool) -> String {
            guard let siblings = layer.superlayer?.sublayers?.filter(same), siblings.count > 1,
                  let i = siblings.firstIndex(where: { $0 === layer }) else { return "" }
            return "[\(i)]"
        }

        func series() -> [Series] {
            entries.flatMap { entry in entry.keys.flatMap { series(of: entry, key: $0) } }
        }

        /// Progress of each component of the key, normalised per animation: 0 at the value it began from, 1
        /// at the value after it (the model it settles at).
        func series(of entry: Entry, key: Key) -> [Series] {
            let components = PropertyTrace.components(of: key.name)
            let count = times.count
            func state(_ i: Int) -> LayerState { entry.states[min(max(i - entry.first, 0), entry.states.count - 1)] }
            var runs: [[[Series.Point]]] = Array(repeating: [], count: components.count)
            var significant = Array(repeating: false, count: components.count)
            for (e, episode) in key.episodes.enumerated() {
                let indices = key.indices.drop { $0 < episode.start }
                var last = episode.start
                for i in indices { if i == last + 1 || i == episode.start { last = i } else { break } }
                let after = state(min(last + 1, count - 1))
                let holdUntil = e + 1 < key.episodes.count ? key.episodes[e + 1].start - 1 : count - 1
                for (c, component) in components.enumerated() {
                    let from = component.value(episode.before), to = component.value(after)
                    var range = to - from
                    if abs(range) < 1e-9 {
                        // Animated away and back: the furthest excursion is 1.
                        let excursion = (episode.start...last).map { component.value(state($0)) - from }
                            .max { abs($0) < abs($1) } ?? 0
                        guard abs(excursion) > 1e-9 else { runs[c].append([]); continue }
                        range = excursion
                    }
                    significant[c] = true
                    var run = [Series.Point(time: episode.begin, progress: 0)]
                    for i in episode.start...holdUntil where times[i] > episode.begin {
                        run.append(Series.Point(time: times[i], progress: (component.value(state(i)) - from) / range))
                    }
                    runs[c].append(run)
                }
            }
            let kept = components.indices.filter { significant[$0] }
            guard let leadComponent = kept.first, let firstBegin = key.episodes.first?.begin else { return [] }
            // Before the first animation nothing has moved: a flat run at 0 from when the layer appeared.
            let appeared = times[min(entry.firstSeen, count - 1)]
            let lead = appeared < firstBegin ? [Series.Point(time: appeared, progress: 0), Series.Point(time: firstBegin, progress: 0)] : []
            func finished(_ c: Int) -> [[Series.Point]] { runs[c].filter { !$0.isEmpty } }
            // One line when every component follows the same curve; one per component otherwise.
            let same = kept.allSatisfy { c in
                runs[c].count == runs[leadComponent].count && zip(runs[c], runs[leadComponent]).allSatisfy { a, b in
                    a.count == b.count && zip(a, b).allSatisfy { abs($0.progress - $1.progress) < 1e-3 }
                }
            }
            if same { return [Series(layer: entry.label, property: key.name, lead: lead, runs: finished(leadComponent))] }
            return kept.map { Series(layer: entry.label, property: "\(key.name).\(components[$0].name)", lead: lead, runs: finished($0)) }
        }
    }

    /// The scalar components of an animatable key, for normalising.
    struct Component {
        let name: String
        let value: (LayerState) -> Double
    }

    static func components(of key: String) -> [Component] {
        func c(_ name: String, _ value: @escaping (LayerState) -> Double) -> Component { Component(name: name, value: value) }
        func color(_ path: KeyPath<LayerState, CGColor?>) -> [Component] {
            [c("red") { Double($0[keyPath: path]?.red ?? 0) }, c("green") { Double($0[keyPath: path]?.green ?? 0) },
             c("blue") { Double($0[keyPath: path]?.blue ?? 0) }, c("alpha") { Double($0[keyPath: path]?.alpha ?? 0) }]
        }
        func transform(_ path: KeyPath<LayerState, CATransform3D>) -> [Component] {
            ["m11", "m12", "m13", "m14", "m21", "m22", "m23", "m24", "m31", "m32", "m33", "m34", "m41", "m42", "m43", "m44"]
                .enumerated().map { i, name in c(name) { Double($0[keyPath: path].entries[i]) } }
        }
        switch key {
        case "position": return [c("x") { Double($0.position.x) }, c("y") { Double($0.position.y) }]
        case "bounds":
            return [c("origin.x") { Double($0.bounds.minX) }, c("origin.y") { Double($0.bounds.minY) },
                    c("width") { Double($0.bounds.width) }, c("height") { Double($0.bounds.height) }]
        case "anchorPoint": return [c("x") { Double($0.anchorPoint.x) }, c("y") { Double($0.anchorPoint.y) }]
        case "zPosition": return [c("z") { Double($0.zPosition) }]
        case "opacity": return [c("value") { Double($0.opacity) }]
        case "cornerRadius": return [c("value") { Double($0.cornerRadius) }]
        case "shadowOpacity": return [c("value") { Double($0.shadowOpacity) }]
        case "shadowRadius": return [c("value") { Double($0.shadowRadius) }]
        case "shadowOffset": return [c("width") { Double($0.shadowOffset.width) }, c("height") { Double($0.shadowOffset.height) }]
        case "borderWidth": return [c("value") { Double($0.borderWidth) }]
        case "backgroundColor": return color(\.backgroundColor)
        case "shadowColor": return color(\.shadowColor)
        case "borderColor": return color(\.borderColor)
        case "transform": return transform(\.transform)
        case "sublayerTransform": return transform(\.sublayerTransform)
        default: return []
        }
    }
}
