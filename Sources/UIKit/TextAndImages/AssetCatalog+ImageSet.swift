import Foundation

/// An `.imageset` folder: its `Contents.json` `images` entries and rendering intent, and the choice among
/// them iOS makes for a trait collection.
struct AssetImageSet {
    struct Entry: Equatable {
        var filename: String?
        var idiom: String
        /// 1, 2 or 3; nil for a single-scale entry ("Single Scale" in Xcode, a vector PDF or one bitmap).
        var scale: Int?
        /// "light", "dark", or nil for "Any".
        var luminosity: String?
        var highContrast = false
        /// A qualifier this reader does not model (a size class, a display gamut, a locale…): the entry
        /// is used only when no plain one fits.
        var qualifier: String?
    }

    let folder: URL
    let entries: [Entry]
    /// `properties.template-rendering-intent`: template → `.alwaysTemplate`, original → `.alwaysOriginal`.
    let renderingMode: UIImage.RenderingMode

    /// The idioms a phone uses; other idioms' entries (ipad, mac, watch, car, vision…) are skipped.
    static let phoneIdioms = ["iphone", "universal"]
    /// Keys of an entry that pick a variant this reader does not model; the entry counts as qualified.
    static let qualifierKeys = ["width-class", "height-class", "display-gamut", "locale", "language-direction",
                                "memory", "graphics-feature-set", "subtype", "screen-width"]

    static func read(_ folder: URL) throws(AssetProblem) -> AssetImageSet {
        let file = folder.appendingPathComponent("Contents.json")
        let json = try AssetCatalog.readContents(file)
        guard let images = json["images"] as? [Any] else {
            throw AssetProblem(file: file.path, "has no \"images\" list; an image set lists its files there")
        }
        var entries: [Entry] = []
        for (index, raw) in images.enumerated() {
            let where_ = "images[\(index)]"
            guard let object = raw as? [String: Any] else { throw AssetProblem(file: file.path, "\(where_) is not an object") }
            var entry = Entry(filename: object["filename"] as? String, idiom: (object["idiom"] as? String) ?? "universal")
            if let scale = object["scale"] {
                guard let text = scale as? String, let value = ["1x": 1, "2x": 2, "3x": 3][text] else {
                    throw AssetProblem(file: file.path, "\(where_) has scale \(scale); use \"1x\", \"2x\" or \"3x\" (or leave it out for a single-scale image)")
                }
                entry.scale = value
            }
            (entry.luminosity, entry.highContrast) = try AssetAppearances.read(object, file: file.path, at: where_)
            entry.qualifier = qualifierKeys.first { object[$0] != nil }
            entries.append(entry)
        }
        let intent = (json["properties"] as? [String: Any])?["template-rendering-intent"] as? String
        let mode: UIImage.RenderingMode
        switch intent {
        case nil: mode = .automatic
        case "template": mode = .alwaysTemplate
        case "original": mode = .alwaysOriginal
        case let other?:
            throw AssetProblem(file: file.path, "has template-rendering-intent \"\(other)\"; use \"template\" or \"original\"")
        }
        return AssetImageSet(folder: folder, entries: entries, renderingMode: mode)
    }

    /// The entry iOS shows for `traits`: among entries with a file for a phone, the best appearance
    /// (dark in dark mode, light in light mode, else "Any"; the other luminosity only as a last resort),
    /// then contrast (high-contrast entries when Increase Contrast is on), then the device's own idiom
    /// over universal, then the scale: the screen's, else the nearest, a larger one before a smaller one
    /// at the same distance (a downscaled image looks better). Single-scale entries fit any scale.
    func bestEntry(for traits: UITraitCollection) -> Entry? {
        let screenScale = max(1, Int(traits.displayScale.rounded()))
        func rank(_ e: Entry) -> [Int] {
            let appearance = AssetAppearances.rank(luminosity: e.luminosity, highContrast: e.highContrast, for: traits)
            let idiom = e.idiom == "iphone" ? 0 : 1
            let scale: Int
            if let s = e.scale { scale = s == screenScale ? 0 : s > screenScale ? 2 * (s - screenScale) - 1 : 2 * (screenScale - s) } else { scale = 0 }
            return [e.qualifier == nil ? 0 : 1] + appearance + [idiom, scale]
        }
        let usable = entries.filter { $0.filename != nil && Self.phoneIdioms.contains($0.idiom) }
        // Stable: equal ranks keep the file's order.
        return usable.enumerated().min { a, b in
            let ra = rank(a.element), rb = rank(b.element)
            return ra != rb ? ra.lexicographicallyPrecedes(rb) : a.offset < b.offset
        }?.element
    }

    /// The image for `entry`: its file decoded (through `CGImageDecoding`, so whatever formats the
    /// installed decoder reads), at the entry's scale (a single-scale bitmap counts as 1×, unless its
    /// file name says @2x/@3x), with the set's rendering mode.
    func image(for entry: Entry) throws(AssetProblem) -> UIImage {
        let contents = folder.appendingPathComponent("Contents.json").path
        guard let filename = entry.filename, !filename.contains("/"), filename != "..", filename != "." else {
            throw AssetProblem(file: contents, "names file \"\(entry.filename ?? "")\"; a file name must not contain a folder")
        }
        let file = folder.appendingPathComponent(filename)
        let ext = (filename as NSString).pathExtension.lowercased()
        if ext == "pdf" || ext == "svg" {
            throw AssetProblem(file: file.path, "is a vector image (\(ext.uppercased())), which is not rasterized here; add 1x/2x/3x PNGs of it to the image set")
        }
        let attributes = try? FileManager.default.attributesOfItem(atPath: file.path)
        guard let size = attributes?[.size] as? Int else {
            throw AssetProblem(file: contents, "names \"\(filename)\", which is not in \(folder.lastPathComponent)")
        }
        guard size <= RenderLimits.imageFileBytes else {
            throw AssetProblem(file: file.path, "is \(size) bytes, more than the \(RenderLimits.imageFileBytes) an image file may have")
        }
        let cgImage: CGImage
        do { cgImage = try CGImageDecoding.image(contentsOf: file) } catch {
            throw AssetProblem(file: file.path, "cannot be decoded: \(error)")
        }
        let scale = entry.scale.map { CGFloat($0) } ?? UIImage.scale(fromFileName: filename)
        let image = UIImage(cgImage: cgImage, scale: scale, orientation: .up)
        image.renderingMode = renderingMode
        return image
    }
}
