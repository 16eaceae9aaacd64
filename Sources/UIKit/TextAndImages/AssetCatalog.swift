import Foundation

/// An asset catalog (`Assets.xcassets`) read as the folder Xcode keeps it in: nothing compiles catalogs on
/// Linux, so `UIImage(named:)` and `UIColor(named:)` read the `Contents.json` files directly (docs/ASSETS.md).
///
/// A catalog is found at the top of a bundle's resources, where SwiftPM puts a folder declared with
/// `.copy("Assets.xcassets")` (or `.process`, which on Linux copies it unchanged too). Nothing is cached:
/// catalogs are small and a scene asks for a few names, so each lookup walks the folders again and an
/// edited catalog is seen at once.
struct AssetCatalog {
    /// The `.xcassets` folder.
    let url: URL

    enum Kind: String {
        case image = "imageset", color = "colorset"
    }

    /// What a lookup found: the asset's folder, or nothing (with the problems met on the way, so the
    /// caller can say why a name did not resolve).
    struct Found {
        let folder: URL
        let catalog: AssetCatalog
    }

    /// The catalogs of `bundle`, in name order; with no bundle, those of the main bundle and then of the
    /// SwiftPM resource bundles beside it (`<package>_<target>.resources`: a user's `Bundle.module`, the
    /// Scenes target's, a test target's), since an app's main bundle on iOS holds every catalog it ships.
    static func catalogs(in bundle: Bundle?) -> [AssetCatalog] {
        if let bundle { return catalogs(inFolder: bundle.resourceURL ?? bundle.bundleURL) }
        let main = Bundle.main.resourceURL ?? Bundle.main.bundleURL
        let resourceBundles = folderNames(in: main).filter { $0.hasSuffix(".resources") || $0.hasSuffix(".bundle") }
        return catalogs(inFolder: main) + resourceBundles.flatMap { catalogs(inFolder: main.appendingPathComponent($0)) }
    }

    static func catalogs(inFolder folder: URL) -> [AssetCatalog] {
        folderNames(in: folder).filter { $0.hasSuffix(".xcassets") }.map { AssetCatalog(url: folder.appendingPathComponent($0)) }
    }

    /// The asset `name` of `kind` in the first catalog that has it. `name` is the asset's own name, or
    /// `group/name` for one inside a group that provides a namespace (as on iOS). Problems met while
    /// walking (unreadable group descriptions) go to `problems`.
    static func find(_ name: String, kind: Kind, in catalogs: [AssetCatalog], problems: inout [AssetProblem]) -> Found? {
        for catalog in catalogs {
            if let folder = catalog.find(name, kind: kind, problems: &problems) { return Found(folder: folder, catalog: catalog) }
        }
        return nil
    }

    /// Walks the catalog depth first in name order; groups (plain folders) are entered, and one whose
    /// `Contents.json` says `"provides-namespace": true` prefixes its name to the assets inside.
    func find(_ name: String, kind: Kind, problems: inout [AssetProblem]) -> URL? {
        var visited = 0
        func walk(_ folder: URL, prefix: String, depth: Int) -> URL? {
            guard depth <= AssetCatalog.maxDepth else {
                problems.append(AssetProblem(file: folder.path, "groups nest deeper than \(AssetCatalog.maxDepth) levels; the rest is not searched"))
                return nil
            }
            for entry in AssetCatalog.folderNames(in: folder) {
                visited += 1
                if visited > AssetCatalog.maxFolders {
                    problems.append(AssetProblem(file: url.path, "more than \(AssetCatalog.maxFolders) folders; the rest is not searched"))
                    return nil
                }
                let child = folder.appendingPathComponent(entry)
                let ext = (entry as NSString).pathExtension
                if ext == kind.rawValue {
                    if prefix + (entry as NSString).deletingPathExtension == name { return child }
                } else if ext.isEmpty {
                    let namespace = AssetCatalog.providesNamespace(child, problems: &problems)
                    if let found = walk(child, prefix: namespace ? prefix + entry + "/" : prefix, depth: depth + 1) { return found }
                }
            }
            return nil
        }
        return walk(url, prefix: "", depth: 0)
    }

    /// Whether a group folder's `Contents.json` turns on its namespace (no file: it does not).
    private static func providesNamespace(_ group: URL, problems: inout [AssetProblem]) -> Bool {
        let file = group.appendingPathComponent("Contents.json")
        guard FileManager.default.fileExists(atPath: file.path) else { return false }
        do {
            let json = try readContents(file)
            return ((json["properties"] as? [String: Any])?["provides-namespace"] as? Bool) ?? false
        } catch {
            problems.append(error)
            return false
        }
    }

    /// A `Contents.json` as a dictionary, or a problem naming the file and what is wrong with it.
    static func readContents(_ file: URL) throws(AssetProblem) -> [String: Any] {
        let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? nil
        guard let size else { throw AssetProblem(file: file.path, "is missing or unreadable; every asset folder needs one") }
        guard size <= maxContentsBytes else {
            throw AssetProblem(file: file.path, "is \(size) bytes, more than the \(maxContentsBytes) a catalog description may have")
        }
        let data: Data
        do { data = try Data(contentsOf: file) } catch {
            throw AssetProblem(file: file.path, "cannot be read (\(error.localizedDescription))")
        }
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: data) } catch {
            throw AssetProblem(file: file.path, "is not valid JSON (\(Self.describe(error))); fix it or let Xcode rewrite it")
        }
        guard let dictionary = object as? [String: Any] else {
            throw AssetProblem(file: file.path, "must hold a JSON object ({ … }) at the top")
        }
        return dictionary
    }

    private static func describe(_ error: Error) -> String {
        let ns = error as NSError
        return (ns.userInfo[NSDebugDescriptionErrorKey] as? String) ?? ns.localizedDescription
    }

    /// The folders directly inside `folder`, sorted so every run walks them in the same order.
    static func folderNames(in folder: URL) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return names.filter { name in
            var isDirectory: ObjCBool = false
            return !name.hasPrefix(".") && FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path, isDirectory: &isDirectory)
                && isDirectory.boolValue
        }.sorted()
    }

    // Bounds on what a catalog may hold, so a hostile one cannot stall a render.
    static let maxDepth = 32
    static let maxFolders = 20_000
    static let maxContentsBytes = 1 << 20
}

/// Something wrong with a catalog: the file and what is wrong, in words a user can act on.
struct AssetProblem: Error, CustomStringConvertible {
    let file: String
    let message: String
    init(file: String, _ message: String) { self.file = file; self.message = message }
    var description: String { "\(file) \(message)" }
}

/// Says, through UIKit's warnings (standard error in a render, `UIKitWarnings.sink` in tests), why a
/// `named:` lookup returned nil, as iOS returns nil without a word.
enum AssetDiagnostics {
    static func report(_ call: String, _ problems: [AssetProblem]) {
        for problem in problems { UIKitWarnings.warn("\(call): asset catalog \(problem)") }
    }
}

/// An entry's `appearances` list, which image sets and colour sets share: luminosity (light, dark or
/// any) and contrast (high), and how well an entry's appearance fits a trait collection.
enum AssetAppearances {
    /// The entry's luminosity ("light", "dark", nil for any) and whether it is the high-contrast variant.
    static func read(_ object: [String: Any], file path: String, at where_: String) throws(AssetProblem)
        -> (luminosity: String?, highContrast: Bool) {
        var result: (luminosity: String?, highContrast: Bool) = (nil, false)
        guard let appearances = object["appearances"] else { return result }
        guard let list = appearances as? [[String: Any]] else {
            throw AssetProblem(file: path, "\(where_).appearances must be a list of {\"appearance\", \"value\"} objects")
        }
        for appearance in list {
            let kind = appearance["appearance"] as? String, value = appearance["value"] as? String
            switch (kind, value) {
            case ("luminosity", "light"?), ("luminosity", "dark"?): result.luminosity = value
            case ("luminosity", "any"?): result.luminosity = nil
            case ("contrast", "high"?): result.highContrast = true
            default:
                throw AssetProblem(file: path, "\(where_) has appearance \(kind ?? "?") = \(value ?? "?"); known: luminosity light/dark/any, contrast high")
            }
        }
        return result
    }

    /// Lower is better: the traits' own luminosity, then "any", then the other one (a last resort); then
    /// the high-contrast variant exactly when Increase Contrast is on.
    static func rank(luminosity: String?, highContrast: Bool, for traits: UITraitCollection) -> [Int] {
        let wanted = traits.userInterfaceStyle == .dark ? "dark" : "light"
        return [luminosity == wanted ? 0 : luminosity == nil ? 1 : 2,
                highContrast == (traits.accessibilityContrast == .high) ? 0 : 1]
    }
}
