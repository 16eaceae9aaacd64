import Testing
import Foundation
@testable import RenderTransitionCLI

/// One version everywhere a user reads it: `--version`, the newest release in CHANGELOG.md, and the
/// `from:` a user's Package.swift copies (the example package's comment, and the README's when it has one).
@Suite struct Release {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The first match of `pattern`'s first group in `text`.
    static func firstMatch(_ pattern: String, in text: String) -> String? {
        let regex = try! NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
        guard let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
              let range = Range(match.range(at: 1), in: text) else { return nil }
        return String(text[range])
    }

    @Test func versionMatchesChangelogAndPackageInstructions() throws {
        let version = RenderTransitionCLI.version
        let released = try #require(Self.firstMatch(#"^## \[(\d+\.\d+\.\d+)\]"#, in: try Self.text("CHANGELOG.md")),
                                    "CHANGELOG.md has no released version heading (## [x.y.z] - date)")
        #expect(version == released, "--version says \(version); the newest release in CHANGELOG.md is \(released)")
        let example = try #require(Self.firstMatch(#"from: "([^"]+)""#, in: try Self.text("Examples/MyTransitions/Package.swift")))
        #expect(example == version, "Examples/MyTransitions/Package.swift says from: \"\(example)\"; --version says \(version)")
        if let readme = Self.firstMatch(#"\.package\(url:[^)]*from: "([^"]+)""#, in: try Self.text("README.md")) {
            #expect(readme == version, "README.md says from: \"\(readme)\"; --version says \(version)")
        }
    }

    @Test func aUsersToolReportsTheLibraryVersion() throws {
        let command = Command(tool: "my-scenes", scenes: SceneCatalog([]))
        #expect(command.versionLine == "my-scenes (render-transition \(RenderTransitionCLI.version))")
        #expect(RenderTransitionCLI.run(["--version"], scenes: [], toolName: "my-scenes") == 0)
    }

    @Test func theLicenceIsApacheAndTheFontKeepsItsOwn() throws {
        #expect(try Self.text("LICENSE").contains("Apache License\n                           Version 2.0"))
        #expect(try Self.text("Sources/Text/Fonts/OFL.txt").contains("SIL OPEN FONT LICENSE"))
    }
}
