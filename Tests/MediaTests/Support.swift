import Foundation
import Raster
import Testing
@testable import Media
import TestSupport

extension TemporaryDirectory {
    /// Names in `directory` (default: this one) containing ".partial-", the sinks' unfinished files.
    func partials(in directory: URL? = nil) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: (directory ?? url).path)) ?? []
        return names.filter { $0.contains(".partial-") }
    }
}

func readBytes(_ url: URL) throws -> [UInt8] { [UInt8](try Data(contentsOf: url)) }
func writeBytes(_ bytes: [UInt8], _ url: URL) throws { try Data(bytes).write(to: url) }

func errorText(_ body: () throws -> Void) -> String? {
    do { try body(); return nil } catch { return "\(error)" }
}
