import Foundation

/// A fresh directory under the system temporary directory, named after the test and its module; remove
/// it with `cleanUp()` (usually in a `defer`).
public struct TemporaryDirectory {
    public let url: URL

    public init(_ name: String = #function, fileID: String = #fileID) throws {
        let module = fileID.prefix { $0 != "/" }
        let safe = name.filter { $0.isLetter || $0.isNumber }
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(module)-\(safe)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    public func path(_ component: String) -> URL { url.appendingPathComponent(component) }
    public func cleanUp() { try? FileManager.default.removeItem(at: url) }
}

/// Tests/__failures__: where golden tests (every target's) write what they got when it differs.
public let goldenFailuresDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("__failures__")
