import Foundation
#if canImport(Glibc)
import Glibc
#endif

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

/// A small tmpfs, so that writing really runs out of space. Mounting needs root (or CAP_SYS_ADMIN), so
/// these tests run only where `mount` works.
public struct TinyDisk {
    public let scratch: TemporaryDirectory
    public var url: URL { scratch.url }

    public static let available: Bool = {
        guard getuid() == 0, let disk = try? TinyDisk(kilobytes: 64) else { return false }
        disk.remove()
        return true
    }()

    public init(kilobytes: Int, _ name: String = #function) throws {
        scratch = try TemporaryDirectory(name)
        guard Self.command("/bin/mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", scratch.url.path]) == 0 else {
            scratch.cleanUp()
            throw CocoaError(.fileWriteUnknown)
        }
    }

    public func path(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// Bytes in use on the disk (what a failed write left behind).
    public var usedBytes: Int {
        var info = statvfs()
        statvfs(url.path, &info)
        return Int(info.f_blocks - info.f_bfree) * Int(info.f_frsize)
    }

    public func remove() {
        _ = Self.command("/bin/umount", [scratch.url.path])
        scratch.cleanUp()
    }

    static func command(_ path: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
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
