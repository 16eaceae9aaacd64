import Foundation
import Goldens
import Raster

/// One image against `__Snapshots__/<TestFile>/<name>.png`, with the same record modes, tolerances and
/// artifacts as `assertTransitionSnapshots` (for this package's own renderer tests: `PixelBuffer` is not
/// a type users see).
package func assertImageSnapshot(
    _ image: PixelBuffer, named name: String,
    tolerance: SnapshotTolerance = .exact, record: SnapshotRecordMode? = nil,
    fileID: StaticString = #fileID, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let site = CallSite(fileID: "\(fileID)", filePath: "\(file)", line: line, column: column, xctestFile: file)
    site.check(record: record, name: name) { mode, directory, artifacts in
        let result = try GoldenStore(directory: directory, record: mode, artifacts: artifacts)
            .image(image, name: "\(name).png", at: nil, tolerance: tolerance)
        return SnapshotReport(scene: name, results: [result], stale: [])
    }
}
