import Testing
import Foundation
import Stage
import Scenes
@testable import RenderTransitionCLI

/// Every command the README, docs/ and CONTRIBUTING.md show runs as written: each shell line that calls the
/// tool (or a user's tool built on `RenderTransitionCLI.main`) parses with the real argument parser and names a
/// real scene; each script exists; each `swift test --filter` names a real test target or suite; and every link
/// to a file of the repository points at one. Reading is from the source tree (#filePath), so a renamed
/// option, a moved page or a deleted script fails here instead of in a newcomer's terminal.
@Suite struct DocumentedCommands {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static var pages: [URL] {
        let docs = root.appendingPathComponent("docs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
        return [root.appendingPathComponent("README.md"), root.appendingPathComponent("CONTRIBUTING.md")]
            + names.filter { $0.hasSuffix(".md") }.sorted().map { docs.appendingPathComponent($0) }
    }

    /// One shell command of a page: where it stands and its words.
    struct DocumentedCommand: CustomStringConvertible {
        let page: String
        let line: Int
        let words: [String]
        var description: String { "\(page):\(line): \(words.joined(separator: " "))" }
    }

    /// The lines of ```sh (or ```bash, ```shell) blocks, comments removed, split into words as a shell would
    /// for the simple quoting the docs use.
    static func commands(in page: URL) throws -> [DocumentedCommand] {
        let text = try String(contentsOf: page, encoding: .utf8)
        var result: [DocumentedCommand] = []
        var inShell = false
        var inBlock = false
        for (index, raw) in text.components(separatedBy: "\n").enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("```") {
                if inBlock { inBlock = false; inShell = false } else {
                    inBlock = true
                    inShell = ["sh", "bash", "shell", "console"].contains(String(line.dropFirst(3)))
                }
                continue
            }
            guard inShell, !line.isEmpty, !line.hasPrefix("#") else { continue }
            let words = shellWords(line)
            if !words.isEmpty {
                result.append(DocumentedCommand(page: page.lastPathComponent, line: index + 1, words: words))
            }
        }
        return result
    }

    static func shellWords(_ line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quote: Character?
        var inWord = false
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
                continue
            }
            if character == "'" || character == "\"" { quote = character; inWord = true; continue }
            if character == "#" && !inWord { break }
            if character == " " || character == "\t" {
                if inWord { words.append(current); current = ""; inWord = false }
                continue
            }
            current.append(character)
            inWord = true
        }
        if inWord { words.append(current) }
        return words
    }

    /// The arguments a command gives the tool, when it calls render-transition or a tool built on it.
    static func toolArguments(_ words: [String]) -> (tool: String, arguments: [String])? {
        var words = words[...]
        while let first = words.first, first.contains("=") && !first.hasPrefix("-") { words = words.dropFirst() }  // VAR=value
        if words.first == "swift", words.dropFirst().first == "run" {
            words = words.dropFirst(2)
            while let first = words.first, first.hasPrefix("-") {
                words = words.dropFirst(first == "-c" || first == "--configuration" ? 2 : 1)
            }
        }
        guard let tool = words.first.map({ ($0 as NSString).lastPathComponent }),
              tool == "render-transition" || tool == "my-scenes" else { return nil }
        return (tool, Array(words.dropFirst()))
    }

    @Test func everyToolCommandParsesAndNamesARealScene() throws {
        var checked = 0
        let builtIn = Set(builtInScenes.map { $0.name })
        // The example package's scenes (Examples/MyTransitions), which the docs use for `my-scenes`.
        let example: Set<String> = ["card-modal", "card-modal-stiff", "card-modal-drag"]
        for page in Self.pages {
            for command in try Self.commands(in: page) {
                guard let (tool, arguments) = Self.toolArguments(command.words) else { continue }
                checked += 1
                let parsed: Arguments
                do {
                    parsed = try Arguments.parse(arguments)
                } catch {
                    Issue.record("\(command) does not parse: \(error)")
                    continue
                }
                let scenes = tool == "my-scenes" ? example : builtIn
                switch parsed.command {
                case .render(let scene), .help(topic: .some(let scene)):
                    if !scenes.contains(scene) && !Command.reservedWords.contains(scene) {
                        Issue.record("\(command) names the scene '\(scene)', which \(tool) does not have")
                    }
                case .verify(_, let named) where !parsed.mergeReports:   // merging: the words are report folders
                    for scene in named where !scenes.contains(scene) {
                        Issue.record("\(command) names the scene '\(scene)', which \(tool) does not have")
                    }
                default:
                    break
                }
            }
        }
        #expect(checked >= 20, "the docs should show the tool's commands; found \(checked)")
    }

    @Test func everyScriptShownExists() throws {
        for page in Self.pages {
            for command in try Self.commands(in: page) {
                var words = command.words[...]
                if words.first == "bash" || words.first == "sh" { words = words.dropFirst() }
                guard let first = words.first, first.hasPrefix("scripts/") || first.hasPrefix(".ci/") else { continue }
                let path = Self.root.appendingPathComponent(first).path
                #expect(FileManager.default.fileExists(atPath: path), "\(command): there is no \(first)")
            }
        }
    }

    @Test func everyTestFilterNamesATargetOrSuite() throws {
        let tests = Self.root.appendingPathComponent("Tests")
        let targets = Set((try? FileManager.default.contentsOfDirectory(atPath: tests.path)) ?? [])
        var suites = Set<String>()
        let suiteDeclaration = try Regex(#"(?:struct|class)\s+(\w+)"#)
        let enumerator = FileManager.default.enumerator(atPath: tests.path)
        while let file = enumerator?.nextObject() as? String {
            guard file.hasSuffix(".swift"),
                  let source = try? String(contentsOf: tests.appendingPathComponent(file), encoding: .utf8) else { continue }
            for match in source.matches(of: suiteDeclaration) {
                if let name = match.output[1].substring { suites.insert(String(name)) }
            }
        }
        for page in Self.pages {
            for command in try Self.commands(in: page) {
                guard command.words.starts(with: ["swift", "test"]),
                      let index = command.words.firstIndex(of: "--filter"), index + 1 < command.words.count else { continue }
                let filter = command.words[index + 1]
                let name = String(filter.split(separator: "/").first ?? "").replacingOccurrences(of: "Tests.", with: "Tests")
                #expect(targets.contains(name) || suites.contains(name) || suites.contains(filter),
                        "\(command): no test target or suite is called \(filter)")
            }
        }
    }

    @Test func everyLinkToARepositoryFileResolves() throws {
        let link = try Regex(#"\]\(([^)\s]+)\)"#)
        for page in Self.pages {
            // Links in prose; code blocks (a workflow's script, say) are not links.
            var inBlock = false
            let text = try String(contentsOf: page, encoding: .utf8).components(separatedBy: "\n").filter { line in
                if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { inBlock.toggle(); return false }
                return !inBlock
            }.joined(separator: "\n")
            let folder = page.deletingLastPathComponent()
            for match in text.matches(of: link) {
                guard let target = match.output[1].substring.map(String.init) else { continue }
                if target.hasPrefix("http") || target.hasPrefix("#") || target.hasPrefix("mailto:") { continue }
                let path = String(target.split(separator: "#", maxSplits: 1).first ?? "")
                #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path),
                        "\(page.lastPathComponent) links to \(target), which does not exist")
            }
        }
    }
}
