import Foundation

/// The faces text can use: the system faces (Inter, shipped in Fonts/) and registered ones. Thread-safe.
///
/// Fallback: when a face lacks a character, shaping uses the first face in `fallbackFaces` that has it
/// (registered faces in registration order, then the system faces).
public final class FontRegistry: @unchecked Sendable {
    /// The registry text uses by default.
    public static let shared = FontRegistry()

    private let lock = NSLock()
    private var system: [FontFace]
    private var registered: [FontFace] = []

    /// A registry with the given system faces (default: the shipped Inter faces).
    public init(systemFaces: [FontFace]? = nil) {
        system = systemFaces ?? FontRegistry.shippedFaces
    }

    /// The shipped Inter faces (Regular, Italic, Light, Medium, SemiBold, Bold), loaded once.
    public static let shippedFaces: [FontFace] = {
        let names = ["Inter-Light", "Inter-Regular", "Inter-Italic", "Inter-Medium", "Inter-SemiBold", "Inter-Bold"]
        return names.map { name in
            guard let url = Bundle.module.url(forResource: name, withExtension: "otf", subdirectory: "Fonts") else {
                fatalError("Text: the bundled font \(name).otf is missing from \(Bundle.module.bundlePath); "
                           + "rebuild the package (resources are copied by SwiftPM)")
            }
            do { return try FontFace(contentsOf: url) } catch { fatalError("Text: bundled font: \(error)") }
        }
    }()

    public var systemFaces: [FontFace] { lock.withLock { system } }
    public var registeredFaces: [FontFace] { lock.withLock { registered } }

    /// Registered faces, then the system faces: the order in which fallback looks for a character.
    public var fallbackFaces: [FontFace] { lock.withLock { registered + system } }

    /// Makes a font file's faces findable by name and available as fallback (CTFontManagerRegisterFontsForURL).
    @discardableResult
    public func register(contentsOf url: URL) throws -> [FontFace] {
        let faces = try FontFace.faces(contentsOf: url)
        register(faces)
        return faces
    }

    public func register(_ faces: [FontFace]) {
        lock.withLock { registered += faces.filter { face in !registered.contains { $0 === face } } }
    }

    /// A face by PostScript name ("Inter-SemiBold"), "Family-Style" or full name ("Inter Semi Bold"),
    /// ignoring case; registered faces first.
    public func face(named name: String) -> FontFace? {
        let key = FontRegistry.key(name)
        return fallbackFaces.first { face in
            [face.postScriptName, face.familyName + "-" + face.styleName, face.fullName,
             face.familyName + " " + face.styleName].contains { FontRegistry.key($0) == key }
        }
    }

    private static func key(_ name: String) -> String {
        name.lowercased().replacingOccurrences(of: " ", with: "")
    }

    /// The system face nearest in weight (ties go to the heavier, as bold text should not get lighter),
    /// preferring the requested slant. With no italic of that weight, the nearest upright face.
    public func systemFace(weight: Double, italic: Bool = false) -> FontFace {
        let faces = systemFaces
        let slanted = faces.filter { $0.isItalic == italic }
        let pool = slanted.isEmpty ? faces : slanted
        return pool.min { a, b in
            let da = abs(Double(a.weight) - weight), db = abs(Double(b.weight) - weight)
            return da != db ? da < db : a.weight > b.weight
        }!
    }

    /// Replaces the system faces (e.g. with SF Pro where its licence allows), for fallback and `systemFace`.
    public func replaceSystemFont(with faces: [FontFace]) {
        precondition(!faces.isEmpty, "replaceSystemFont needs at least one face")
        lock.withLock { system = faces }
    }
}
