import UIKit
import Stage
import Playback
import Compositor
import Raster
import Media

/// A static layer tree as JSON, with CALayer's property names and units (points, sRGB colours), plus the
/// canvas it is drawn on. The format is documented in docs/LAYER-TREE-FORMAT.md. Rendering a document
/// dumped from a scene gives the same pixels as the scene at that moment.
public struct LayerTreeDocument: Equatable {
    public static let formatName = "render-transition.layer-tree"
    public static let version = 1

    public var canvasSize: CGSize
    public var scale: CGFloat
    public var background: CGColor
    public var root: LayerSnapshot

    public init(canvasSize: CGSize, scale: CGFloat, background: CGColor = .black, root: LayerSnapshot) {
        self.canvasSize = canvasSize; self.scale = scale; self.background = background; self.root = root
    }

    /// A malformed document: where (a JSON path such as `root.sublayers[2].opacity`) and what is wrong.
    public struct Invalid: Error, CustomStringConvertible, Equatable {
        public let path: String
        public let message: String
        public var description: String { path.isEmpty ? message : "\(path): \(message)" }
    }

    // MARK: Reading

    /// `baseDirectory` resolves `contents.file` paths.
    public static func decode(_ text: String, baseDirectory: URL? = nil) throws -> LayerTreeDocument {
        let json: JSON
        do { json = try JSON.parse(text) } catch let error as JSON.ParseError {
            throw Invalid(path: "", message: "not valid JSON (\(error))")
        }
        var top = try Reader(json, path: "")
        let format = try top.string("format")
        guard format == formatName else {
            throw Invalid(path: "format", message: "expected \"\(formatName)\", found \(format.map { "\"\($0)\"" } ?? "nothing")")
        }
        guard let version = try top.number("version"), version == Double(Self.version) else {
            throw Invalid(path: "version", message: "this tool reads version \(Self.version)")
        }
        guard let canvasJSON = top.take("canvas") else { throw Invalid(path: "canvas", message: "missing; give {\"width\": 393, \"height\": 852, \"scale\": 3}") }
        var canvas = try Reader(canvasJSON, path: "canvas")
        guard let width = try canvas.number("width"), let height = try canvas.number("height"), width > 0, height > 0 else {
            throw Invalid(path: "canvas", message: "width and height are required and must be greater than 0 (points)")
        }
        let scale = try canvas.number("scale") ?? 1
        guard scale > 0, scale <= 4 else { throw Invalid(path: "canvas.scale", message: "\(scale) is outside 0 < scale ≤ 4") }
        let background = try canvas.color("background") ?? .black
        try canvas.finish()
        guard let rootJSON = top.take("root") else { throw Invalid(path: "root", message: "missing: the root layer") }
        let root = try layer(rootJSON, path: "root", base: baseDirectory)
        try top.finish()
        do { try root.validate() } catch let error as InvalidLayerTree {
            throw Invalid(path: error.layerPath.components(separatedBy: " (").first! + "." + error.property, message: error.problem)
        }
        let document = LayerTreeDocument(canvasSize: CGSize(width: width, height: height), scale: CGFloat(scale),
                                         background: background, root: root)
        // Compared as Doubles: a width of 1e300 must be refused, not trap converting to Int.
        let pixels = ((width * scale).rounded(), (height * scale).rounded())
        guard pixels.0 <= Double(RenderSettings.maxCanvasSide), pixels.1 <= Double(RenderSettings.maxCanvasSide) else {
            throw Invalid(path: "canvas", message: "\(String(format: "%.0f", pixels.0))×\(String(format: "%.0f", pixels.1)) pixels is over the limit of \(RenderSettings.maxCanvasSide) on each side; lower the scale")
        }
        return document
    }

    static let layerKeys = ["name", "bounds", "position", "anchorPoint", "zPosition", "transform", "sublayerTransform",
                            "isHidden", "isDoubleSided", "opacity", "allowsGroupOpacity", "masksToBounds", "backgroundColor", "cornerRadius",
                            "maskedCorners", "cornerCurve", "borderWidth", "borderColor", "contents", "contentsGravity", "contentsScale", "shadowColor",
                            "shadowOpacity", "shadowOffset", "shadowRadius", "shadowPath", "colors", "locations",
                            "startPoint", "endPoint", "text", "shape", "backdropFilter", "backdropStrength", "mask", "sublayers"]
    static let cornerNames: [(String, CACornerMask)] = [("layerMinXMinYCorner", .layerMinXMinYCorner),
                                                        ("layerMaxXMinYCorner", .layerMaxXMinYCorner),
                                                        ("layerMinXMaxYCorner", .layerMinXMaxYCorner),
                                                        ("layerMaxXMaxYCorner", .layerMaxXMaxYCorner)]

    static func layer(_ json: JSON, path: String, base: URL?) throws -> LayerSnapshot {
        var r = try Reader(json, path: path, knownKeys: layerKeys)
        var s = LayerState()
        if let v = try r.rect("bounds") { s.bounds = v }
        if let v = try r.point("position") { s.position = v }
        if let v = try r.point("anchorPoint") { s.anchorPoint = v }
        if let v = try r.number("zPosition") { s.zPosition = CGFloat(v) }
        if let v = try r.transform("transform") { s.transform = v }
        if let v = try r.transform("sublayerTransform") { s.sublayerTransform = v }
        if let v = try r.bool("isHidden") { s.isHidden = v }
        if let v = try r.bool("isDoubleSided") { s.isDoubleSided = v }
        if let v = try r.number("opacity") { s.opacity = Float(min(max(v, 0), 1)) }
        if let v = try r.bool("allowsGroupOpacity") { s.allowsGroupOpacity = v }
        if let v = try r.bool("masksToBounds") { s.masksToBounds = v }
        if r.has("backgroundColor") { s.backgroundColor = try r.color("backgroundColor") }
        if let v = try r.number("cornerRadius") { s.cornerRadius = CGFloat(v) }
        if let names = try r.strings("maskedCorners") {
            var mask: CACornerMask = []
            for (index, name) in names.enumerated() {
                guard let corner = cornerNames.first(where: { $0.0 == name })?.1 else {
                    throw Invalid(path: "\(path).maskedCorners[\(index)]", message: "unknown corner \"\(name)\"; use \(cornerNames.map(\.0).joined(separator: ", "))")
                }
                mask.insert(corner)
            }
            s.maskedCorners = mask
        }
        if let v = try r.string("cornerCurve") {
            guard v == "circular" || v == "continuous" else {
                throw Invalid(path: "\(path).cornerCurve", message: "\"\(v)\" is not a corner curve; use \"circular\" or \"continuous\"")
            }
            s.cornerCurve = CALayerCornerCurve(rawValue: v)
        }
        if let v = try r.number("borderWidth") { s.borderWidth = CGFloat(v) }
        if r.has("borderColor") { s.borderColor = try r.color("borderColor") }
        if let contents = r.take("contents") { s.contents = try image(contents, path: "\(path).contents", base: base) }
        if let v = try r.string("contentsGravity") {
            guard let gravity = CALayerContentsGravity.all.first(where: { $0.rawValue == v }) else {
                throw Invalid(path: "\(path).contentsGravity", message: "\"\(v)\" is not a gravity; use \(CALayerContentsGravity.all.map(\.rawValue).joined(separator: ", "))")
            }
            s.contentsGravity = gravity
        }
        if let v = try r.number("contentsScale") { s.contentsScale = CGFloat(v) }
        if r.has("shadowColor") { s.shadowColor = try r.color("shadowColor") }
        if let v = try r.number("shadowOpacity") { s.shadowOpacity = Float(min(max(v, 0), 1)) }
        if let v = try r.size("shadowOffset") { s.shadowOffset = v }
        if let v = try r.number("shadowRadius") { s.shadowRadius = CGFloat(v) }
        if let v = r.take("shadowPath") { s.shadowPath = try cgPath(v, path: "\(path).shadowPath") }
        if let colors = try r.colors("colors") {
            s.gradient = LayerState.Gradient(colors: colors, locations: try r.numbers("locations")?.map { CGFloat($0) },
                                             startPoint: try r.point("startPoint") ?? CGPoint(x: 0.5, y: 0),
                                             endPoint: try r.point("endPoint") ?? CGPoint(x: 0.5, y: 1))
        } else if r.has("locations") || r.has("startPoint") || r.has("endPoint") {
            throw Invalid(path: path, message: "locations, startPoint and endPoint belong to a gradient: add \"colors\"")
        }
        if let text = r.take("text") { s.text = try layerText(text, path: "\(path).text") }
        if let shape = r.take("shape") { s.shape = try shapeContent(shape, path: "\(path).shape") }
        if let filter = r.take("backdropFilter") { s.backdropFilter = try backdropFilter(filter, path: "\(path).backdropFilter") }
        if let v = try r.number("backdropStrength") {
            guard (0...1).contains(v) else {
                throw Invalid(path: "\(path).backdropStrength", message: "\(v) is not a strength; use a fraction from 0 (none) to 1 (the whole filter)")
            }
            s.backdropStrength = CGFloat(v)
        }
        var snapshot = LayerSnapshot(name: try r.string("name"), state: s)
        if let mask = r.take("mask") { snapshot.mask = try layer(mask, path: "\(path).mask", base: base) }
        if let sublayers = r.take("sublayers") {
            guard case .array(let items) = sublayers else { throw Invalid(path: "\(path).sublayers", message: "expected an array of layers, got \(sublayers.typeName)") }
            snapshot.sublayers = try items.enumerated().map { try layer($1, path: "\(path).sublayers[\($0)]", base: base) }
        }
        try r.finish()
        return snapshot
    }

    static func image(_ json: JSON, path: String, base: URL?) throws -> CGImage {
        var r = try Reader(json, path: path, knownKeys: ["rgba", "width", "height", "png", "file"])
        let pixels: PixelBuffer
        if let rgba = try r.string("rgba") {
            // The size is checked against the data as Doubles, so a width of 2^62 is refused before any Int.
            guard let width = try r.number("width"), let height = try r.number("height"), width >= 1, height >= 1,
                  width == width.rounded(), height == height.rounded(),
                  let data = Data(base64Encoded: rgba), Double(data.count) == width * height * 4 else {
                throw Invalid(path: path, message: "\"rgba\" needs \"width\" and \"height\" and exactly width × height × 4 bytes of base64 premultiplied RGBA")
            }
            try r.finish()
            return CGImage(width: Int(width), height: Int(height), premultipliedRGBA: [UInt8](data))!
        } else if let png = try r.string("png") {
            guard let data = Data(base64Encoded: png) else { throw Invalid(path: "\(path).png", message: "not valid base64") }
            do { pixels = try PNGCodec.decode([UInt8](data)) } catch {
                throw Invalid(path: "\(path).png", message: "\(error)")
            }
        } else if let file = try r.string("file") {
            let url = URL(fileURLWithPath: file, relativeTo: base)
            do { pixels = try PNGCodec.decode(contentsOf: url) } catch {
                throw Invalid(path: "\(path).file", message: "\(error)")
            }
        } else {
            throw Invalid(path: path, message: "give the image as {\"file\": \"image.png\"}, {\"png\": BASE64} or {\"rgba\": BASE64, \"width\": W, \"height\": H}")
        }
        try r.finish()
        return CGImage(width: pixels.width, height: pixels.height, premultipliedRGBA: pixels.bytes)!
    }

    static func cgPath(_ json: JSON, path: String) throws -> CGPath {
        guard case .array(let items) = json else { throw Invalid(path: path, message: "expected an array of commands such as [\"M\", 0, 0]") }
        var elements: [CGPathElementValue] = []
        for (index, item) in items.enumerated() {
            let where_ = "\(path)[\(index)]"
            guard case .array(let parts) = item, case .string(let command)? = parts.first else {
                throw Invalid(path: where_, message: "expected [\"M\"|\"L\"|\"Q\"|\"C\"|\"Z\", numbers…]")
            }
            let numbers = try parts.dropFirst().map { part -> CGFloat in
                guard case .number(let n) = part else { throw Invalid(path: where_, message: "coordinates must be numbers") }
                return CGFloat(n)
            }
            let expected = ["M": 2, "L": 2, "Q": 4, "C": 6, "Z": 0][command]
            guard let expected, numbers.count == expected else {
                throw Invalid(path: where_, message: "\"\(command)\" is not a command with \(numbers.count) numbers; use M x y, L x y, Q cx cy x y, C c1x c1y c2x c2y x y, Z")
            }
            let p = { (i: Int) in CGPoint(x: numbers[i], y: numbers[i + 1]) }
            switch command {
            case "M": elements.append(.move(to: p(0)))
            case "L": elements.append(.line(to: p(0)))
            case "Q": elements.append(.quadCurve(to: p(2), control: p(0)))
            case "C": elements.append(.curve(to: p(4), control1: p(0), control2: p(2)))
            default: elements.append(.close)
            }
        }
        return CGPath(elements: elements)
    }

    // MARK: Writing

    /// The document as JSON text: defaults are omitted, numbers are exact, images are embedded raw.
    public func encoded() -> String {
        var canvas: [(String, JSON)] = [("width", .number(Double(canvasSize.width))), ("height", .number(Double(canvasSize.height))),
                                        ("scale", .number(Double(scale)))]
        if background != .black { canvas.append(("background", Self.json(background))) }
        return JSON.object([("format", .string(Self.formatName)), ("version", .number(Double(Self.version))),
                            ("canvas", .object(canvas)), ("root", Self.json(root))]).serialized() + "\n"
    }

    static func json(_ color: CGColor) -> JSON {
        .array([color.red, color.green, color.blue, color.alpha].map { .number(Double($0)) })
    }
    static func json(_ values: CGFloat...) -> JSON { .array(values.map { .number(Double($0)) }) }

    static func json(_ layer: LayerSnapshot) -> JSON {
        let s = layer.state, d = LayerState()
        var m: [(String, JSON)] = []
        if let name = layer.name { m.append(("name", .string(name))) }
        m.append(("bounds", json(s.bounds.minX, s.bounds.minY, s.bounds.width, s.bounds.height)))
        m.append(("position", json(s.position.x, s.position.y)))
        if s.anchorPoint != d.anchorPoint { m.append(("anchorPoint", json(s.anchorPoint.x, s.anchorPoint.y))) }
        if s.zPosition != 0 { m.append(("zPosition", .number(Double(s.zPosition)))) }
        if s.transform != d.transform { m.append(("transform", .array(s.transform.entries.map { .number(Double($0)) }))) }
        if s.sublayerTransform != d.sublayerTransform {
            m.append(("sublayerTransform", .array(s.sublayerTransform.entries.map { .number(Double($0)) })))
        }
        if s.isHidden { m.append(("isHidden", .bool(true))) }
        if !s.isDoubleSided { m.append(("isDoubleSided", .bool(false))) }
        if s.opacity != 1 { m.append(("opacity", .number(Double(s.opacity)))) }
        if !s.allowsGroupOpacity { m.append(("allowsGroupOpacity", .bool(false))) }
        if s.masksToBounds { m.append(("masksToBounds", .bool(true))) }
        if let c = s.backgroundColor { m.append(("backgroundColor", json(c))) }
        if s.cornerRadius != 0 { m.append(("cornerRadius", .number(Double(s.cornerRadius)))) }
        if s.maskedCorners != d.maskedCorners {
            m.append(("maskedCorners", .array(cornerNames.filter { s.maskedCorners.contains($0.1) }.map { .string($0.0) })))
        }
        if s.cornerCurve != d.cornerCurve { m.append(("cornerCurve", .string(s.cornerCurve.rawValue))) }
        if s.borderWidth != 0 { m.append(("borderWidth", .number(Double(s.borderWidth)))) }
        if s.borderColor != d.borderColor { m.append(("borderColor", s.borderColor.map(json) ?? .null)) }
        if let image = s.contents {
            m.append(("contents", .object([("width", .number(Double(image.width))), ("height", .number(Double(image.height))),
                                           ("rgba", .string(Data(image.premultipliedRGBA).base64EncodedString()))])))
        }
        if s.contentsGravity != d.contentsGravity { m.append(("contentsGravity", .string(s.contentsGravity.rawValue))) }
        if s.contentsScale != d.contentsScale { m.append(("contentsScale", .number(Double(s.contentsScale)))) }
        if s.shadowColor != d.shadowColor { m.append(("shadowColor", s.shadowColor.map(json) ?? .null)) }
        if s.shadowOpacity != 0 { m.append(("shadowOpacity", .number(Double(s.shadowOpacity)))) }
        if s.shadowOffset != d.shadowOffset { m.append(("shadowOffset", json(s.shadowOffset.width, s.shadowOffset.height))) }
        if s.shadowRadius != d.shadowRadius { m.append(("shadowRadius", .number(Double(s.shadowRadius)))) }
        if let path = s.shadowPath { m.append(("shadowPath", json(path))) }
        if let g = s.gradient {
            m.append(("colors", .array(g.colors.map(json))))
            if let locations = g.locations { m.append(("locations", .array(locations.map { .number(Double($0)) }))) }
            m.append(("startPoint", json(g.startPoint.x, g.startPoint.y)))
            m.append(("endPoint", json(g.endPoint.x, g.endPoint.y)))
        }
        if let text = s.text { m.append(("text", json(text))) }
        if let shape = s.shape { m.append(("shape", json(shape))) }
        if let filter = s.backdropFilter { m.append(("backdropFilter", json(filter))) }
        if s.backdropStrength != d.backdropStrength { m.append(("backdropStrength", .number(Double(s.backdropStrength)))) }
        if let mask = layer.mask { m.append(("mask", json(mask))) }
        if !layer.sublayers.isEmpty { m.append(("sublayers", .array(layer.sublayers.map(json)))) }
        return .object(m)
    }

    /// `{"runs": [{"string", "font", "size", "color", "kern"}], "alignment", "lineBreak", "numberOfLines",
    /// "lineSpacing", "verticalPlacement"}`; fonts by name, laid out when drawn.
    static func json(_ text: LayerText) -> JSON {
        .object([
            ("runs", .array(text.runs.map { run in
                var members: [(String, JSON)] = [("string", .string(run.string)), ("font", .string(run.fontName)),
                                                 ("size", .number(Double(run.fontSize))), ("color", json(run.color))]
                if run.kern != 0 { members.append(("kern", .number(Double(run.kern)))) }
                return .object(members)
            })),
            ("alignment", .string(text.alignment.rawValue)), ("lineBreak", .string(text.lineBreak.rawValue)),
            ("numberOfLines", .number(Double(text.numberOfLines))), ("lineSpacing", .number(Double(text.lineSpacing))),
            ("verticalPlacement", .string(text.verticalPlacement.rawValue)),
        ])
    }

    static func layerText(_ value: JSON, path: String) throws -> LayerText {
        var r = try Reader(value, path: path, knownKeys: ["runs", "alignment", "lineBreak", "numberOfLines", "lineSpacing", "verticalPlacement"])
        guard case .array(let items)? = r.take("runs") else {
            throw Invalid(path: "\(path).runs", message: "expected an array of runs ({\"string\", \"font\", \"size\", \"color\"})")
        }
        let runs = try items.enumerated().map { index, item -> LayerText.Run in
            let at = "\(path).runs[\(index)]"
            var run = try Reader(item, path: at, knownKeys: ["string", "font", "size", "color", "kern"])
            guard let string = try run.string("string") else { throw Invalid(path: "\(at).string", message: "a run needs its string") }
            let size = try run.number("size") ?? 17
            guard size.isFinite, size > 0 else { throw Invalid(path: "\(at).size", message: "\(size) is not a font size; give points greater than 0") }
            let result = LayerText.Run(string, fontName: try run.string("font") ?? CATextLayer.systemFontName, fontSize: CGFloat(size),
                                       color: try run.color("color") ?? .black, kern: CGFloat(try run.number("kern") ?? 0))
            try run.finish()
            return result
        }
        func choice<T: RawRepresentable>(_ key: String, _ all: [T], default value: T) throws -> T where T.RawValue == String {
            guard let name = try r.string(key) else { return value }
            guard let found = all.first(where: { $0.rawValue == name }) else {
                throw Invalid(path: "\(path).\(key)", message: "\"\(name)\" is not one of \(all.map(\.rawValue).joined(separator: ", "))")
            }
            return found
        }
        let text = LayerText(runs: runs,
                             alignment: try choice("alignment", [.left, .center, .right, .natural, .justified], default: .natural),
                             lineBreak: try choice("lineBreak", [.byWordWrapping, .byCharWrapping, .byClipping, .byTruncatingHead,
                                                                 .byTruncatingTail, .byTruncatingMiddle], default: .byTruncatingTail),
                             numberOfLines: try lineCount(r.number("numberOfLines"), path: "\(path).numberOfLines"),
                             lineSpacing: CGFloat(try r.number("lineSpacing") ?? 0),
                             verticalPlacement: try choice("verticalPlacement", [.top, .center], default: .center))
        try r.finish()
        return text
    }

    /// `numberOfLines`: 1 when absent, else a whole number from 0 (no limit) up.
    static func lineCount(_ value: Double?, path: String) throws -> Int {
        guard let value else { return 1 }
        guard value >= 0, value <= 1_000_000, value == value.rounded() else {
            throw Invalid(path: path, message: "\(value) is not a number of lines; give a whole number from 0 (no limit) to 1000000")
        }
        return Int(value)
    }

    /// `{"path", "fillColor", "fillRule", "strokeColor", "lineWidth", "lineCap", "lineJoin", "miterLimit",
    /// "lineDashPhase", "lineDashPattern", "strokeStart", "strokeEnd"}`, CAShapeLayer's names; defaults omitted
    /// (fill opaque black, no stroke).
    /// `{"blurRadius", "saturation", "tintColor"}`: blur radius in points (the Gaussian's standard deviation),
    /// saturation factor (default 1), tint (default none).
    static func json(_ filter: BackdropFilter) -> JSON {
        var m: [(String, JSON)] = [("blurRadius", .number(Double(filter.blurRadius)))]
        if filter.saturation != 1 { m.append(("saturation", .number(Double(filter.saturation)))) }
        if let tint = filter.tintColor { m.append(("tintColor", json(tint))) }
        return .object(m)
    }

    static func backdropFilter(_ value: JSON, path: String) throws -> BackdropFilter {
        var r = try Reader(value, path: path, knownKeys: ["blurRadius", "saturation", "tintColor"])
        guard let radius = try r.number("blurRadius") else {
            throw Invalid(path: "\(path).blurRadius", message: "missing; give the blur's standard deviation in points (0 for no blur)")
        }
        guard (0...1000).contains(radius) else {
            throw Invalid(path: "\(path).blurRadius", message: "\(radius) is not a radius; use 0 to 1000 points")
        }
        var filter = BackdropFilter(blurRadius: CGFloat(radius))
        if let v = try r.number("saturation") {
            guard (0...100).contains(v) else {
                throw Invalid(path: "\(path).saturation", message: "\(v) is not a saturation factor; use 0 (grey) to 100 (1 leaves colours alone)")
            }
            filter.saturation = CGFloat(v)
        }
        if r.has("tintColor") { filter.tintColor = try r.color("tintColor") }
        try r.finish()
        return filter
    }

    static func json(_ shape: ShapeContent) -> JSON {
        let d = ShapeContent()
        var m: [(String, JSON)] = []
        if let path = shape.path { m.append(("path", json(path))) }
        if shape.fillColor != d.fillColor { m.append(("fillColor", shape.fillColor.map(json) ?? .null)) }
        if shape.fillRule != d.fillRule { m.append(("fillRule", .string(shape.fillRule.rawValue))) }
        if let stroke = shape.strokeColor { m.append(("strokeColor", json(stroke))) }
        if shape.lineWidth != d.lineWidth { m.append(("lineWidth", .number(Double(shape.lineWidth)))) }
        if shape.lineCap != d.lineCap { m.append(("lineCap", .string(shape.lineCap.rawValue))) }
        if shape.lineJoin != d.lineJoin { m.append(("lineJoin", .string(shape.lineJoin.rawValue))) }
        if shape.miterLimit != d.miterLimit { m.append(("miterLimit", .number(Double(shape.miterLimit)))) }
        if shape.lineDashPhase != d.lineDashPhase { m.append(("lineDashPhase", .number(Double(shape.lineDashPhase)))) }
        if let pattern = shape.lineDashPattern { m.append(("lineDashPattern", .array(pattern.map { .number(Double($0)) }))) }
        if shape.strokeStart != d.strokeStart { m.append(("strokeStart", .number(Double(shape.strokeStart)))) }
        if shape.strokeEnd != d.strokeEnd { m.append(("strokeEnd", .number(Double(shape.strokeEnd)))) }
        return .object(m)
    }

    static func shapeContent(_ value: JSON, path: String) throws -> ShapeContent {
        var r = try Reader(value, path: path, knownKeys: ["path", "fillColor", "fillRule", "strokeColor", "lineWidth", "lineCap",
                                                          "lineJoin", "miterLimit", "lineDashPhase", "lineDashPattern",
                                                          "strokeStart", "strokeEnd"])
        var shape = ShapeContent()
        if let v = r.take("path") { shape.path = try cgPath(v, path: "\(path).path") }
        if r.has("fillColor") { shape.fillColor = try r.color("fillColor") }
        if r.has("strokeColor") { shape.strokeColor = try r.color("strokeColor") }
        func choice<T: RawRepresentable>(_ key: String, _ all: [T]) throws -> T? where T.RawValue == String {
            guard let name = try r.string(key) else { return nil }
            guard let found = all.first(where: { $0.rawValue == name }) else {
                throw Invalid(path: "\(path).\(key)", message: "\"\(name)\" is not one of \(all.map(\.rawValue).joined(separator: ", "))")
            }
            return found
        }
        func measure(_ key: String, _ range: ClosedRange<Double>, _ what: String) throws -> CGFloat? {
            guard let v = try r.number(key) else { return nil }
            guard v.isFinite, range.contains(v) else {
                throw Invalid(path: "\(path).\(key)", message: "\(v) is out of range; give \(what)")
            }
            return CGFloat(v)
        }
        if let v = try choice("fillRule", [CAShapeLayerFillRule.nonZero, .evenOdd]) { shape.fillRule = v }
        if let v = try choice("lineCap", [CAShapeLayerLineCap.butt, .round, .square]) { shape.lineCap = v }
        if let v = try choice("lineJoin", [CAShapeLayerLineJoin.miter, .round, .bevel]) { shape.lineJoin = v }
        if let v = try measure("lineWidth", 0...10_000, "a width from 0 to 10000 points") { shape.lineWidth = v }
        if let v = try measure("miterLimit", 0...10_000, "a limit from 0 to 10000") { shape.miterLimit = v }
        if let v = try measure("lineDashPhase", -1e6...1e6, "a phase within ±1000000 points") { shape.lineDashPhase = v }
        if let v = try measure("strokeStart", 0...1, "a fraction of the path from 0 to 1") { shape.strokeStart = v }
        if let v = try measure("strokeEnd", 0...1, "a fraction of the path from 0 to 1") { shape.strokeEnd = v }
        if let pattern = try r.numbers("lineDashPattern") {
            guard pattern.allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= 10_000 }) else {
                throw Invalid(path: "\(path).lineDashPattern", message: "dash lengths must be from 0 to 10000 points")
            }
            shape.lineDashPattern = pattern.map { CGFloat($0) }
        }
        try r.finish()
        return shape
    }

    static func json(_ path: CGPath) -> JSON {
        .array(path.elements.map { element in
            let parts: [JSON]
            switch element {
            case .move(let p): parts = [.string("M"), .number(Double(p.x)), .number(Double(p.y))]
            case .line(let p): parts = [.string("L"), .number(Double(p.x)), .number(Double(p.y))]
            case .quadCurve(let p, let c): parts = [.string("Q")] + [c.x, c.y, p.x, p.y].map { .number(Double($0)) }
            case .curve(let p, let c1, let c2): parts = [.string("C")] + [c1.x, c1.y, c2.x, c2.y, p.x, p.y].map { .number(Double($0)) }
            case .close: parts = [.string("Z")]
            }
            return .array(parts)
        })
    }
}

/// Reads one JSON object, tracking which keys were used so unknown ones are reported.
struct Reader {
    private var members: [(String, JSON)]
    let path: String
    private let knownKeys: [String]?

    init(_ json: JSON, path: String, knownKeys: [String]? = nil) throws {
        guard case .object(let members) = json else {
            throw LayerTreeDocument.Invalid(path: path, message: "expected an object, got \(json.typeName)")
        }
        self.members = members; self.path = path; self.knownKeys = knownKeys
    }

    private func at(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }
    private func invalid(_ key: String, _ message: String) -> LayerTreeDocument.Invalid { .init(path: at(key), message: message) }

    func has(_ key: String) -> Bool { members.contains { $0.0 == key } }

    mutating func take(_ key: String) -> JSON? {
        guard let index = members.firstIndex(where: { $0.0 == key }) else { return nil }
        return members.remove(at: index).1
    }

    /// Every key left over is unknown: name it, and suggest the known key it most resembles.
    func finish() throws {
        guard let (key, _) = members.first else { return }
        var message = "unknown key"
        if let knownKeys, let guess = knownKeys.min(by: { editDistance($0, key) < editDistance($1, key) }),
           editDistance(guess, key) <= 3 {
            message += "; did you mean \"\(guess)\"?"
        }
        throw invalid(key, message)
    }

    mutating func number(_ key: String) throws -> Double? {
        guard let value = take(key) else { return nil }
        guard case .number(let n) = value else { throw invalid(key, "expected a number, got \(value.typeName)") }
        return n
    }
    mutating func bool(_ key: String) throws -> Bool? {
        guard let value = take(key) else { return nil }
        guard case .bool(let b) = value else { throw invalid(key, "expected true or false, got \(value.typeName)") }
        return b
    }
    mutating func string(_ key: String) throws -> String? {
        guard let value = take(key) else { return nil }
        guard case .string(let s) = value else { throw invalid(key, "expected a string, got \(value.typeName)") }
        return s
    }
    mutating func numbers(_ key: String, count: Int? = nil) throws -> [Double]? {
        guard let value = take(key) else { return nil }
        guard case .array(let items) = value else { throw invalid(key, "expected an array of numbers, got \(value.typeName)") }
        let numbers = try items.map { item -> Double in
            guard case .number(let n) = item else { throw invalid(key, "expected numbers only, found \(item.typeName)") }
            return n
        }
        if let count, numbers.count != count { throw invalid(key, "expected \(count) numbers, got \(numbers.count)") }
        return numbers
    }
    mutating func strings(_ key: String) throws -> [String]? {
        guard let value = take(key) else { return nil }
        guard case .array(let items) = value else { throw invalid(key, "expected an array of strings, got \(value.typeName)") }
        return try items.map { item in
            guard case .string(let s) = item else { throw invalid(key, "expected strings only, found \(item.typeName)") }
            return s
        }
    }
    mutating func point(_ key: String) throws -> CGPoint? {
        try numbers(key, count: 2).map { CGPoint(x: $0[0], y: $0[1]) }
    }
    mutating func size(_ key: String) throws -> CGSize? {
        try numbers(key, count: 2).map { CGSize(width: $0[0], height: $0[1]) }
    }
    mutating func rect(_ key: String) throws -> CGRect? {
        try numbers(key, count: 4).map { CGRect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) }
    }
    mutating func transform(_ key: String) throws -> CATransform3D? {
        try numbers(key, count: 16).map { CATransform3D(entries: $0.map { CGFloat($0) }) }
    }
    /// `[r, g, b, a]` in sRGB 0…1, `"#RRGGBB"` / `"#RRGGBBAA"`, or null (no colour).
    mutating func color(_ key: String) throws -> CGColor? {
        guard let value = take(key) else { return nil }
        return try Self.color(value, at: at(key))
    }
    mutating func colors(_ key: String) throws -> [CGColor]? {
        guard let value = take(key) else { return nil }
        guard case .array(let items) = value else { throw invalid(key, "expected an array of colours, got \(value.typeName)") }
        return try items.enumerated().map { index, item in
            guard let color = try Self.color(item, at: "\(at(key))[\(index)]") else {
                throw LayerTreeDocument.Invalid(path: "\(at(key))[\(index)]", message: "a gradient colour cannot be null")
            }
            return color
        }
    }

    static func color(_ value: JSON, at path: String) throws -> CGColor? {
        switch value {
        case .null: return nil
        case .array(let items):
            let components = items.compactMap { item -> Double? in if case .number(let n) = item { return n } else { return nil } }
            guard components.count == 4, items.count == 4, components.allSatisfy({ $0 >= 0 && $0 <= 1 }) else {
                throw LayerTreeDocument.Invalid(path: path, message: "a colour is [red, green, blue, alpha] with each from 0 to 1, or \"#RRGGBB\"/\"#RRGGBBAA\"")
            }
            return CGColor(red: components[0], green: components[1], blue: components[2], alpha: components[3])
        case .string(let text):
            let hex = text.hasPrefix("#") ? String(text.dropFirst()) : text
            guard hex.count == 6 || hex.count == 8, let v = UInt64(hex, radix: 16) else {
                throw LayerTreeDocument.Invalid(path: path, message: "\"\(text)\" is not a colour; use \"#RRGGBB\", \"#RRGGBBAA\" or [r, g, b, a]")
            }
            let rgba = hex.count == 6 ? (v << 8) | 0xFF : v
            return CGColor(red: CGFloat((rgba >> 24) & 0xFF) / 255, green: CGFloat((rgba >> 16) & 0xFF) / 255,
                           blue: CGFloat((rgba >> 8) & 0xFF) / 255, alpha: CGFloat(rgba & 0xFF) / 255)
        default:
            throw LayerTreeDocument.Invalid(path: path, message: "expected a colour, got \(value.typeName)")
        }
    }
}

extension Stage {
    /// The presentation tree of `scene` at `time`, as a document (the same pixels as a still then).
    public static func dumpTree(_ scene: SceneDefinition, settings: RenderSettings, at time: TimeInterval) throws -> LayerTreeDocument {
        try settings.validate()
        let plan = try Stage.plan(scene, settings: settings)
        guard time.isFinite, time >= 0, time <= plan.duration else {
            throw StageError.timeOutOfRange(time, scene: scene.name, duration: plan.duration)
        }
        let session = SceneSession(scene, device: settings.device, appearance: settings.appearance)
        session.advance(to: time)
        return session.document(scale: settings.scale, chrome: settings.chrome)
    }

    /// Reads a layer-tree document, with errors that name the file and the JSON path.
    public static func loadDocument(_ url: URL) throws -> LayerTreeDocument {
        let text: String
        do { text = try String(contentsOf: url, encoding: .utf8) } catch {
            throw StageError.invalidDocument(path: url.path, problem: "cannot be read (\(error.localizedDescription))")
        }
        do {
            return try LayerTreeDocument.decode(text, baseDirectory: url.deletingLastPathComponent())
        } catch let error as LayerTreeDocument.Invalid {
            throw StageError.invalidDocument(path: url.path, problem: error.description)
        }
    }

    /// Draws a document (at `scale`, or the document's own).
    public static func render(_ document: LayerTreeDocument, scale: CGFloat? = nil) -> PixelBuffer {
        LayerRenderer(scale: scale ?? document.scale).render(document.root, size: document.canvasSize, background: document.background)
    }

    public static func dumpTree(_ sceneType: Scene.Type, settings: RenderSettings, at time: TimeInterval) throws -> LayerTreeDocument {
        try dumpTree(sceneType.definition, settings: settings, at: time)
    }
}

extension SceneSession {
    /// The presentation tree now, as a layer-tree document (with the device's chrome when asked).
    public func document(scale: CGFloat, chrome: Bool = false) -> LayerTreeDocument {
        LayerTreeDocument(canvasSize: device.size, scale: scale, background: .black, root: snapshot(chrome: chrome, scale: scale))
    }
}
