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
        public var description: String { path.isEmpty ? message : "\(JSON.abbreviated(path)): \(message)" }
    }

    // MARK: Reading

    /// `baseDirectory` resolves `contents.file` paths.
    public static func decode(_ text: String, baseDirectory: URL? = nil) throws -> LayerTreeDocument {
        try decode(bytes: Array(text.utf8), baseDirectory: baseDirectory)
    }

    /// Decodes UTF-8 JSON bytes. Every limit of `RenderLimits` that a document can break (nesting, layer
    /// count, canvas and image sizes, how far layers reach) is checked before anything is drawn.
    /// `scale`: the scale it will be drawn at when not its own (`--scale`): limits are checked at that scale.
    public static func decode(bytes: [UInt8], baseDirectory: URL? = nil, scale override: CGFloat? = nil) throws -> LayerTreeDocument {
        let json: JSON
        do { json = try JSON.parse(bytes: bytes) } catch let error as JSON.ParseError {
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
        guard let width = try canvas.number("width"), let height = try canvas.number("height") else {
            throw Invalid(path: "canvas", message: "width and height are required: the screen in points, e.g. {\"width\": 393, \"height\": 852}")
        }
        for (key, value) in [("width", width), ("height", height)] where !(value > 0) {
            throw Invalid(path: "canvas.\(key)", message: "\(value) is not a size; give points greater than 0")
        }
        let scale = try canvas.number("scale") ?? 1
        guard scale > 0, scale <= RenderLimits.maxScale else {
            throw Invalid(path: "canvas.scale", message: "\(scale) is outside 0 < scale ≤ \(Int(RenderLimits.maxScale))")
        }
        let background = try canvas.color("background") ?? .black
        try canvas.finish()
        let size = CGSize(width: width, height: height)
        let scaleKey = override == nil ? "canvas.scale" : "--scale"
        _ = try canvasPixels(size: size, scale: override ?? CGFloat(scale), scaleKey: scaleKey)
        guard let rootJSON = top.take("root") else { throw Invalid(path: "root", message: "missing: the root layer") }
        var count = 0
        // A folder, whether or not its URL ends in "/" (relative paths resolve inside it).
        let base = baseDirectory.map { URL(fileURLWithPath: $0.path, isDirectory: true) }
        let root = try layer(rootJSON, path: "root", base: base, depth: 1, count: &count)
        try top.finish()
        let document = LayerTreeDocument(canvasSize: size, scale: CGFloat(scale), background: background, root: root)
        try document.checkLimits(scale: override ?? CGFloat(scale), scaleKey: scaleKey)
        return document
    }

    /// Checks the document against `RenderLimits` at `scale` (the document's own, or `--scale`'s, which
    /// `scaleKey` names): the canvas's size, and the tree's depth, layer count, reach and offscreen images.
    public func checkLimits(scale: CGFloat, scaleKey: String) throws {
        _ = try canvasPixels(scale: scale, scaleKey: scaleKey)
        do { try root.validate(canvas: (canvasSize, scale)) } catch let error as InvalidLayerTree {
            var message = error.problem
            if scaleKey != "canvas.scale", message.contains("lower the scale") { message += " (\(scaleKey))" }
            throw Invalid(path: error.layerPath.components(separatedBy: " (").first! + "." + error.property, message: message)
        }
    }

    /// The canvas in pixels at `scale` (the document's own, or `--scale`'s); refuses a canvas under one pixel
    /// or over `RenderLimits.canvasSide` on a side, naming `scaleKey` as what to change.
    public static func canvasPixels(size: CGSize, scale: CGFloat, scaleKey: String) throws -> (width: Int, height: Int) {
        let w = roundedPixels(size.width, scale: scale), h = roundedPixels(size.height, scale: scale)
        let side = Double(RenderLimits.canvasSide)
        for (key, points, pixels) in [("width", size.width, w), ("height", size.height, h)] {
            if pixels < 1 {
                throw Invalid(path: "canvas.\(key)", message: "\(points) points at a scale of \(scale) is \(Int(pixels)) pixels; the canvas needs at least 1 pixel on each side. Give a larger \(key) or \(scaleKey)")
            }
            if pixels > side {
                throw Invalid(path: "canvas", message: "\(pixels > 1e15 ? String(format: "%.3g", pixels) : String(Int(pixels))) pixels of \(key) at a scale of \(scale) is over the limit of \(RenderLimits.canvasSide) on each side; lower the \(key) or \(scaleKey)")
            }
        }
        return (Int(w), Int(h))
    }

    /// The canvas in pixels at `scale`.
    public func canvasPixels(scale: CGFloat, scaleKey: String = "canvas.scale") throws -> (width: Int, height: Int) {
        try Self.canvasPixels(size: canvasSize, scale: scale, scaleKey: scaleKey)
    }

    static let layerKeys = ["name", "bounds", "position", "anchorPoint", "zPosition", "transform", "sublayerTransform",
                            "isHidden", "isDoubleSided", "opacity", "allowsGroupOpacity", "masksToBounds", "backgroundColor", "cornerRadius",
                            "maskedCorners", "cornerCurve", "borderWidth", "borderColor", "contents", "contentsGravity", "contentsScale", "contentsRect", "contentsCenter", "shadowColor",
                            "shadowOpacity", "shadowOffset", "shadowRadius", "shadowPath", "colors", "locations",
                            "startPoint", "endPoint", "text", "shape", "backdropFilter", "backdropStrength", "mask", "sublayers"]
    static let cornerNames: [(String, CACornerMask)] = [("layerMinXMinYCorner", .layerMinXMinYCorner),
                                                        ("layerMaxXMinYCorner", .layerMaxXMinYCorner),
                                                        ("layerMinXMaxYCorner", .layerMinXMaxYCorner),
                                                        ("layerMaxXMaxYCorner", .layerMaxXMaxYCorner)]

    static func layer(_ json: JSON, path: String, base: URL?, depth: Int, count: inout Int) throws -> LayerSnapshot {
        // Decoding recurses: the depth is checked here, before the limit's extra level is read.
        guard depth <= RenderLimits.layerDepth else {
            throw Invalid(path: path, message: "layers are nested more than \(RenderLimits.layerDepth) deep (the limit of sublayers and masks within one another); flatten the tree")
        }
        count += 1
        guard count <= RenderLimits.layerCount else {
            throw Invalid(path: path, message: "the document has more than \(RenderLimits.layerCount) layers (the limit); draw fewer layers or merge them")
        }
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
        if let v = try r.fraction("opacity", "an opacity from 0 (transparent) to 1 (opaque)") { s.opacity = Float(v) }
        if let v = try r.bool("allowsGroupOpacity") { s.allowsGroupOpacity = v }
        if let v = try r.bool("masksToBounds") { s.masksToBounds = v }
        if r.has("backgroundColor") { s.backgroundColor = try r.color("backgroundColor") }
        if let v = try r.number("cornerRadius", atLeast: 0, "a radius of 0 points or more") { s.cornerRadius = CGFloat(v) }
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
        if let v = try r.number("borderWidth", atLeast: 0, "a width of 0 points or more") { s.borderWidth = CGFloat(v) }
        if r.has("borderColor") { s.borderColor = try r.color("borderColor") }
        if let contents = r.take("contents") { s.contents = try image(contents, path: "\(path).contents", base: base) }
        if let v = try r.string("contentsGravity") {
            guard let gravity = CALayerContentsGravity.all.first(where: { $0.rawValue == v }) else {
                throw Invalid(path: "\(path).contentsGravity", message: "\"\(v)\" is not a gravity; use \(CALayerContentsGravity.all.map(\.rawValue).joined(separator: ", "))")
            }
            s.contentsGravity = gravity
        }
        if let v = try r.number("contentsScale") {
            guard v > 0 else { throw Invalid(path: "\(path).contentsScale", message: "\(v) is not a scale; give image pixels per point, greater than 0 (e.g. 1, 2 or 3)") }
            s.contentsScale = CGFloat(v)
        }
        for key in ["contentsRect", "contentsCenter"] {
            guard let v = try r.rect(key) else { continue }
            guard [v.minX, v.minY, v.width, v.height].allSatisfy({ abs($0) <= 1e6 }) else {
                throw Invalid(path: "\(path).\(key)", message: "\([v.minX, v.minY, v.width, v.height]) is out of range; give [x, y, width, height] in unit coordinates of the image (the whole image is [0, 0, 1, 1])")
            }
            if key == "contentsRect" { s.contentsRect = v } else { s.contentsCenter = v }
        }
        if r.has("shadowColor") { s.shadowColor = try r.color("shadowColor") }
        if let v = try r.fraction("shadowOpacity", "an opacity from 0 (no shadow) to 1") { s.shadowOpacity = Float(v) }
        if let v = try r.size("shadowOffset") { s.shadowOffset = v }
        if let v = try r.number("shadowRadius", atLeast: 0, "the blur's standard deviation in points, from 0 to \(Int(RenderLimits.blurRadius))") {
            guard v <= RenderLimits.blurRadius else {
                throw Invalid(path: "\(path).shadowRadius", message: "\(v) is over the limit of \(Int(RenderLimits.blurRadius)) points; give the blur's standard deviation from 0 to \(Int(RenderLimits.blurRadius))")
            }
            s.shadowRadius = CGFloat(v)
        }
        if let v = r.take("shadowPath") { s.shadowPath = try cgPath(v, path: "\(path).shadowPath") }
        if let colors = try r.colors("colors") {
            let locations = try r.numbers("locations")
            if let locations {
                if let bad = locations.firstIndex(where: { !(0...1).contains($0) }) {
                    throw Invalid(path: "\(path).locations[\(bad)]", message: "\(locations[bad]) is outside 0…1; a location is a fraction of the way from startPoint to endPoint")
                }
            }
            s.gradient = LayerState.Gradient(colors: colors, locations: locations?.map { CGFloat($0) },
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
        if let mask = r.take("mask") { snapshot.mask = try layer(mask, path: "\(path).mask", base: base, depth: depth + 1, count: &count) }
        if let sublayers = r.take("sublayers") {
            guard case .array(let items) = sublayers else { throw Invalid(path: "\(path).sublayers", message: "expected an array of layers, got \(sublayers.typeName)") }
            snapshot.sublayers = try items.enumerated().map {
                try layer($1, path: "\(path).sublayers[\($0)]", base: base, depth: depth + 1, count: &count)
            }
        }
        try r.finish()
        return snapshot
    }

    static func image(_ json: JSON, path: String, base: URL?) throws -> CGImage {
        var r = try Reader(json, path: path, knownKeys: ["rgba", "width", "height", "png", "file"])
        let pixels: PixelBuffer
        if let rgba = try r.string("rgba") {
            guard let width = try r.number("width"), let height = try r.number("height") else {
                throw Invalid(path: path, message: "\"rgba\" needs \"width\" and \"height\": the image's size in pixels")
            }
            // Checked before multiplying: a size such as 2^62 would overflow.
            for (key, value) in [("width", width), ("height", height)] {
                guard value == value.rounded(), value >= 1, value <= Double(RenderLimits.imageSide) else {
                    throw Invalid(path: "\(path).\(key)", message: "\(value) is not an image \(key); give a whole number of pixels from 1 to \(RenderLimits.imageSide)")
                }
            }
            let w = Int(width), h = Int(height)
            guard RenderLimits.allowsImage(width: w, height: h) else {
                throw Invalid(path: path, message: "a \(w)×\(h) image is over the limit: images may have \(RenderLimits.imageLimitDescription)")
            }
            // Base64 holds 3 bytes in 4 characters: a string of the wrong length is refused before decoding.
            guard rgba.utf8.count / 4 * 3 >= w * h * 4, let data = Data(base64Encoded: rgba) else {
                throw Invalid(path: "\(path).rgba", message: "not \(w) × \(h) × 4 bytes of base64: give premultiplied RGBA, 4 bytes per pixel, row by row")
            }
            guard data.count == w * h * 4 else {
                throw Invalid(path: "\(path).rgba", message: "\(data.count) bytes for a \(w)×\(h) image, which needs \(w * h * 4) (width × height × 4, premultiplied RGBA)")
            }
            try r.finish()
            return CGImage(width: w, height: h, premultipliedRGBA: [UInt8](data))!
        } else if let png = try r.string("png") {
            guard let data = Data(base64Encoded: png) else { throw Invalid(path: "\(path).png", message: "not valid base64") }
            do { pixels = try PNGCodec.decode([UInt8](data)) } catch {
                throw Invalid(path: "\(path).png", message: "\(error)")
            }
        } else if let file = try r.string("file") {
            let url = URL(fileURLWithPath: file, relativeTo: base)
            // Any format the image decoders read (PNG, JPEG, HEIF, WebP, GIF), converted to sRGB; the stored
            // pixels, as a CGImage holds them (EXIF orientation is UIImage's, not the layer's).
            do { pixels = try ImageDecoder.decode(contentsOf: url).pixels } catch {
                throw Invalid(path: "\(path).file", message: "\(error)")
            }
        } else {
            throw Invalid(path: path, message: "give the image as {\"file\": \"image.png\"} (PNG, JPEG, HEIC, WebP or GIF), {\"png\": BASE64} or {\"rgba\": BASE64, \"width\": W, \"height\": H}")
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
        if s.contentsRect != d.contentsRect {
            m.append(("contentsRect", json(s.contentsRect.minX, s.contentsRect.minY, s.contentsRect.width, s.contentsRect.height)))
        }
        if s.contentsCenter != d.contentsCenter {
            m.append(("contentsCenter", json(s.contentsCenter.minX, s.contentsCenter.minY, s.contentsCenter.width, s.contentsCenter.height)))
        }
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
            guard size.isFinite, size > 0, size <= RenderLimits.fontSize else {
                throw Invalid(path: "\(at).size", message: "\(size) is not a font size; give points greater than 0 and at most \(Int(RenderLimits.fontSize))")
            }
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

    /// `numberOfLines`: a whole number, 0 for no limit (1 when absent).
    static func lineCount(_ value: Double?, path: String) throws -> Int {
        guard let value else { return 1 }
        guard value == value.rounded(), value >= 0, value <= 1_000_000 else {
            throw Invalid(path: path, message: "\(value) is not a number of lines; give a whole number, 0 for no limit")
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

    /// A number from 0 to 1; `what` says what it is, for the message.
    mutating func fraction(_ key: String, _ what: String) throws -> Double? {
        guard let n = try number(key) else { return nil }
        guard (0...1).contains(n) else { throw invalid(key, "\(n) is outside 0…1; give \(what)") }
        return n
    }
    mutating func number(_ key: String, atLeast minimum: Double, _ what: String) throws -> Double? {
        guard let n = try number(key) else { return nil }
        guard n >= minimum else { throw invalid(key, "\(n) is out of range; give \(what)") }
        return n
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
        let session = SceneSession(scene, settings: settings)
        session.advance(to: time)
        return session.document(scale: settings.scale, chrome: settings.chrome)
    }

    /// Every frame's presentation tree, in order (or those of one transition): what `render-benchmark
    /// documents` times and what a still of each moment would draw. `each` hears the frame index and its
    /// document; the frames are those `write` would render for the same settings and selection.
    @discardableResult
    public static func dumpTrees(_ scene: SceneDefinition, settings: RenderSettings, selection: ClipSelection = .whole,
                                 each: (Int, LayerTreeDocument) throws -> Void) throws -> ClipPlan {
        try settings.validate()
        let plan = try Stage.plan(scene, settings: settings)
        var frames = 0...(plan.frameCount - 1)
        if case .transition(let index) = selection, plan.transitions.indices.contains(index) {
            frames = plan.frames(ofTransition: index)
        }
        let session = SceneSession(scene, settings: settings)
        for frame in frames {
            session.advance(to: plan.time(ofFrame: frame))
            try each(frame, session.document(scale: settings.scale, chrome: settings.chrome))
        }
        return plan
    }

    /// Reads a layer-tree document, with errors that name the file and the JSON path.
    /// `scale`: the scale it will be drawn at when not its own (`--scale`), for checking limits.
    public static func loadDocument(_ url: URL, scale: CGFloat? = nil) throws -> LayerTreeDocument {
        let bytes = try readDocumentBytes(url)
        do {
            return try LayerTreeDocument.decode(bytes: bytes, baseDirectory: url.deletingLastPathComponent(), scale: scale)
        } catch let error as LayerTreeDocument.Invalid {
            throw StageError.invalidDocument(path: url.path, problem: error.description)
        }
    }

    /// The file's bytes, when it is a regular file within `RenderLimits.documentBytes` that holds UTF-8
    /// text; otherwise an error that says what the file is instead.
    static func readDocumentBytes(_ url: URL) throws -> [UInt8] {
        let path = url.path
        func refuse(_ problem: String) -> StageError { .invalidDocument(path: path, problem: problem) }
        let hint = "give the .json file of a layer-tree document (written by SCENE --dump-tree tree.json --at SECONDS, or by hand: docs/LAYER-TREE-FORMAT.md)"
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { throw refuse("no such file (relative paths start at \(FileManager.default.currentDirectoryPath)); \(hint)") }
            throw refuse("cannot be read (\(String(cString: strerror(errno)))); check the path and its permissions")
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw refuse("is a directory, not a document; \(hint)")
        default: throw refuse("is not a regular file (a device, pipe or socket); \(hint)")
        }
        guard Int(info.st_size) <= RenderLimits.documentBytes else {
            throw refuse("is \(info.st_size) bytes, over the limit of \(RenderLimits.documentBytes) bytes for a layer-tree document")
        }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw refuse("cannot be read (\((error as NSError).localizedFailureReason ?? error.localizedDescription)); check its permissions")
        }
        let bytes = [UInt8](data)
        guard bytes.count <= RenderLimits.documentBytes else {
            throw refuse("is over the limit of \(RenderLimits.documentBytes) bytes for a layer-tree document")
        }
        if bytes.isEmpty { throw refuse("is empty; \(hint)") }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            throw refuse("is a PNG image, not a layer-tree document; \(hint). To draw an image, put it in a layer's contents: {\"file\": \"image.png\"}")
        }
        if let offset = firstInvalidUTF8(bytes) {
            var line = 1, column = 1
            for byte in bytes[..<offset] { if byte == 10 { line += 1; column = 1 } else { column += 1 } }
            throw refuse("is not UTF-8 text (byte 0x\(String(bytes[offset], radix: 16, uppercase: true)) at line \(line), column \(column)): a layer-tree document is JSON in UTF-8; \(hint)")
        }
        return bytes
    }

    /// The offset of the first byte that is not part of valid UTF-8, or nil.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var iterator = bytes.makeIterator(), decoder = UTF8(), offset = 0
        // Decoded scalar by scalar to learn where the bad byte is.
        while true {
            let before = offset
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return before
            }
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
