import Testing
import Foundation
import Output
import Stage
import Scenes
import TestSupport

/// The gallery (and verify) spread scenes over the cores: the files are the same byte for byte as one
/// scene at a time, and what is reported comes in the scenes' order.
@Suite struct GalleryWorkers {
    @Test func severalWorkersWriteTheSameFilesAsOne() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let names = ["panel-present", "cross-dissolve", "panel-dismiss"]
        let scenes = names.map { SceneDefinition(scene(named: $0)!) }
        // Small renders: the subject is the order and the bytes, not the pictures.
        let tiny = Gallery.Outputs(video: RenderSettings(scale: 0.25, fps: 15, chrome: true),
                                   gif: RenderSettings(scale: 0.2, fps: 10, chrome: true),
                                   filmstrip: RenderSettings(scale: 0.25, fps: 15, chrome: true),
                                   darkFilmstrip: RenderSettings(scale: 0.25, fps: 15, chrome: true, appearance: .dark))
        var lines: [[String]] = []
        for (workers, folder) in [(1, "one"), (3, "three")] {
            var progress: [String] = []
            try Gallery.write(scenes, to: scratch.path(folder), workers: workers, outputs: tiny) { progress.append($0) }
            lines.append(progress.map { $0.replacingOccurrences(of: "/\(folder)/", with: "/") })
        }
        #expect(lines[0] == lines[1])
        #expect(lines[0].count == 13 && lines[0].first?.hasPrefix("panel-present: ") == true
                && lines[0][11].hasSuffix("/panel-dismiss-dark-filmstrip.png") && lines[0].last?.hasSuffix("/README.md") == true,
                "\(lines[0])")
        let files = try FileManager.default.contentsOfDirectory(atPath: scratch.path("one").path).sorted()
        #expect(files.count == 13)
        // The dark filmstrip is the scene in dark appearance, not the light one again.
        let light = try #require(FileManager.default.contents(atPath: scratch.path("one/cross-dissolve-filmstrip.png").path))
        let dark = try #require(FileManager.default.contents(atPath: scratch.path("one/cross-dissolve-dark-filmstrip.png").path))
        #expect(light != dark)
        // The index links every file it names, relative to the folder.
        let index = try String(contentsOf: scratch.path("one/README.md"), encoding: .utf8)
        for name in names {
            for file in [Gallery.files(of: name).gif, Gallery.files(of: name).video, Gallery.files(of: name).filmstrip,
                         Gallery.files(of: name).darkFilmstrip] {
                #expect(index.contains("(\(file))") && files.contains(file), "\(file)")
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path("three").path).sorted() == files)
        for name in files {
            let one = FileManager.default.contents(atPath: scratch.path("one/\(name)").path)
            let three = FileManager.default.contents(atPath: scratch.path("three/\(name)").path)
            if name.hasSuffix(".mp4") {
                // libx264's frame threads make MP4 bytes vary under CPU contention even between two
                // sequential command-line runs (measured 2026-11-27: 1 of 3 concurrent renders of
                // cross-dissolve differed in one frame, while PNG frames never did): check it is an MP4.
                #expect(one.map { $0.count > 1000 && $0[4..<8].elementsEqual("ftyp".utf8) } == true, "\(name)")
                #expect(three.map { $0.count > 1000 && $0[4..<8].elementsEqual("ftyp".utf8) } == true, "\(name)")
            } else {
                #expect(one != nil && one == three, "\(name)")
            }
        }
    }

    @Test func resultsComeBackInOrderAndAnErrorStopsTheRest() {
        for workers in [1, 2, 5] {
            var delivered: [Int] = []
            // Uneven work, so later items often finish first.
            OrderedPool.run(count: 40, workers: workers, { index in
                var x: UInt64 = UInt64(index)
                for _ in 0..<((40 - index) * 2000) { x = x &* 6364136223846793005 &+ 1442695040888963407 }
                return (index, x)
            }, deliver: { index, result in
                #expect(result.0 == index)
                delivered.append(index)
            })
            #expect(delivered == Array(0..<40))

            struct Stop: Error {}
            var seen: [Int] = []
            #expect(throws: Stop.self) {
                try OrderedPool.run(count: 40, workers: workers, { $0 }, deliver: { index, _ in
                    seen.append(index)
                    if index == 7 { throw Stop() }
                })
            }
            #expect(seen == Array(0...7))
        }
    }
}
