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

/// The graphic-control delays of a GIF, in order (scanning its blocks).
public func gifFrameDelays(_ bytes: [UInt8]) -> [Int] {
    var delays: [Int] = []
    var i = 13 + 3 * 256
    while i < bytes.count {
        switch bytes[i] {
        case 0x21:
            if bytes[i + 1] == 0xF9 { delays.append(Int(bytes[i + 4]) | Int(bytes[i + 5]) << 8) }
            i += 2
            while bytes[i] != 0 { i += Int(bytes[i]) + 1 }
            i += 1
        case 0x2C:
            i += 10 + 1   // descriptor, then LZW minimum code size
            while bytes[i] != 0 { i += Int(bytes[i]) + 1 }
            i += 1
        default:
            return delays   // 0x3B, the trailer
        }
    }
    return delays
}
