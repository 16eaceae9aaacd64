import Testing
import Foundation
import UIKit
import Stage
@testable import Playback
import TestSupport
import Media
@testable import RenderTransitionCLI

/// `--transition` renders one transition of a scene with a short hold around it, on the clip's own frame
/// grid; `--list --json` says lengths a reader can use; Auto Layout conflicts are said once per command.
@Suite struct TransitionSelection {
    /// A list whose button pushes a blue screen; the script pushes it, then taps Back: a push and a pop.
    final class Root: UIViewController {
        let button = UIButton(type: .system)
        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = .white
            button.frame = CGRect(x: 100, y: 300, width: 120, height: 44)
            button.backgroundColor = .systemOrange
            button.addAction(UIAction { [unowned self] _ in
                let detail = UIViewController()
                detail.view.backgroundColor = .systemBlue
                self.navigationController?.pushViewController(detail, animated: true)
            }, for: .touchUpInside)
            view.addSubview(button)
        }
    }
    final class PushPopScene: Scene {
        static let name = "push-pop"
        static let summary = "Pushes a screen, then goes back"
        private var root: Root!
        init() {}
        func makeRootViewController() -> UIViewController {
            root = Root()
            return UINavigationController(rootViewController: root)
        }
        func script() -> Script {
            var script = Script()
            script.tap { [unowned self] in self.root.button }
            script.waitUntilIdle()
            script.wait(0.5)   // longer than the push's hold after it
            script.tapBackButton()
            script.waitUntilIdle()
            return script
        }
    }

    static let scenes = [PushPopScene.definition]
    static let fps = 10

    func plan() throws -> ClipPlan {
        try Stage.plan(PushPopScene.definition, settings: RenderSettings(fps: Self.fps))
    }

    func pngs(in folder: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "png" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    @Test func theSceneHasAPushThenAPop() throws {
        let plan = try plan()
        #expect(plan.transitions.map { $0.label.split(separator: " ").first } == ["push", "pop"])
        #expect(plan.transitions.allSatisfy { $0.isAnimated })
    }

    /// The hold is 0.2 s before and 0.3 s after, widened to whole frames and clamped to the clip.
    @Test func theFramesOfATransitionHoldAroundItOnTheClipsGrid() {
        let span = TransitionSpan(label: "push A", start: 0.33, end: 0.81, completed: true)
        let plan = ClipPlan(duration: 2, fps: 10, transitions: [span,
            TransitionSpan(label: "pop A", start: 0.05, end: 1.95, completed: true)])
        // 0.13 s → frame 1 (0.1 s, at or before); 1.11 s → frame 12 (1.2 s, at or after).
        #expect(plan.frames(ofTransition: 0) == 1...12)
        #expect(plan.frames(ofTransition: 1) == 0...20)   // clamped to the clip's 21 frames
        // A time that is a whole frame up to rounding stays on that frame.
        let exact = ClipPlan(duration: 2, fps: 10, transitions: [TransitionSpan(label: "push A", start: 0.5, end: 1.0, completed: true)])
        #expect(exact.frames(ofTransition: 0) == 3...13)
    }

    /// Each frame of the push alone is the same PNG, byte for byte, as the frame of the whole clip at that
    /// time: the selection moves no frame off the clip's grid.
    @Test func aPNGSequenceOfThePushIsThatPartOfTheWholeClip() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let whole = scratch.url.appendingPathComponent("whole/"), push = scratch.url.appendingPathComponent("push/")
        let common = ["push-pop", "--fps", "\(Self.fps)", "--scale", "0.25", "--no-chrome", "--quiet"]
        #expect(RenderTransitionCLI.run(common + ["--out", whole.path + "/"], scenes: Self.scenes) == 0)
        #expect(RenderTransitionCLI.run(common + ["--out", push.path + "/", "--transition", "push"], scenes: Self.scenes) == 0)
        let plan = try plan()
        let range = plan.frames(ofTransition: 0)
        let wholeFrames = try pngs(in: whole), pushFrames = try pngs(in: push)
        #expect(wholeFrames.count == plan.frameCount)
        #expect(pushFrames.count == range.count)
        #expect(range.count < plan.frameCount, "the pop is left out")
        #expect(plan.time(ofFrame: range.lowerBound) <= plan.transitions[0].start - ClipPlan.holdBefore + 1e-9)
        #expect(plan.time(ofFrame: range.upperBound) >= plan.transitions[0].end + ClipPlan.holdAfter - 1e-9)
        #expect(plan.time(ofFrame: range.upperBound) < plan.transitions[1].start, "the pop starts after the push's hold")
        for (index, frame) in pushFrames.enumerated() {
            #expect(try Data(contentsOf: frame) == Data(contentsOf: wholeFrames[range.lowerBound + index]), "frame \(index)")
        }
    }

    @Test("a transition by name, label or index", arguments: ["pop", "1"])
    func choosingThePop(_ wanted: String) throws {
        let plan = try plan()
        let byName = try TransitionChoice.resolve(wanted, in: plan, scene: "push-pop")
        #expect(byName.index == 1 && byName.name == "pop")
        let byLabel = try TransitionChoice.resolve(plan.transitions[1].label, in: plan, scene: "push-pop")
        #expect(byLabel.index == 1)
    }

    @Test("an unknown transition lists the scene's, writes nothing", arguments: ["present", "2", "-1", "push3"])
    func unknownTransition(_ wanted: String) throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let out = scratch.url.appendingPathComponent("clip.gif")
        #expect(throws: UsageError.self) { try TransitionChoice.resolve(wanted, in: try plan(), scene: "push-pop") }
        do {
            _ = try TransitionChoice.resolve(wanted, in: try plan(), scene: "push-pop")
        } catch let error as UsageError {
            #expect(error.description.contains("push-pop has no transition '\(wanted)'"), "\(error)")
            #expect(error.description.contains("  0  push  push ") && error.description.contains("  1  pop   pop "), "\(error)")
        }
        #expect(RenderTransitionCLI.run(["push-pop", "--out", out.path, "--transition", wanted, "--quiet"], scenes: Self.scenes) == 2)
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test("--transition is refused where it chooses nothing", arguments: [
        ["push-pop", "--out", "still.png", "--at", "0.5", "--transition", "push"],
        ["push-pop", "--plot", "plot.png", "--transition", "push"],
        ["gallery", "--transition", "push"],
        ["verify", "Goldens", "--transition", "push"],
        ["push-pop", "--out", "clip.gif", "--transition", ""],
    ])
    func refused(_ arguments: [String]) throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let inside = arguments.map { $0.hasSuffix(".png") || $0.hasSuffix(".gif") ? scratch.url.appendingPathComponent($0).path : $0 }
        #expect(RenderTransitionCLI.run(inside + ["--quiet"], scenes: Self.scenes) == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).isEmpty)
    }

    /// Through the built tool: the summary says which transition and what part of the clip was written.
    @Test func theSummarySaysWhichTransition() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let out = scratch.url.appendingPathComponent("pop.apng")
        let result = try CommandLine.run(["nav-interactive-pop", "--scale", "0.2", "--fps", "10", "--out", out.path,
                                          "--transition", "pop2", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let transition = try #require(object["transition"] as? [String: Any])
        #expect(transition["name"] as? String == "pop2" && (transition["index"] as? NSNumber)?.intValue == 1)
        let start = try #require((object["start"] as? NSNumber)?.doubleValue), end = try #require((object["end"] as? NSNumber)?.doubleValue)
        let frames = try #require((object["frames"] as? NSNumber)?.intValue)
        #expect(frames == Int(((end - start) * 10).rounded()) + 1)
        #expect(abs((transition["start"] as? NSNumber)!.doubleValue - 0.2 - start) < 0.1 + 1e-9)
        #expect(end - (transition["end"] as? NSNumber)!.doubleValue >= 0.3 - 1e-9 || end == (object["duration"] as? NSNumber)?.doubleValue)
        #expect(try APNG.decode(contentsOf: out).frames.count == frames)

        let line = try CommandLine.run(["nav-interactive-pop", "--scale", "0.2", "--fps", "10", "--out", out.path, "--transition", "1"])
        #expect(line.status == 0, "\(line.stderr)")
        #expect(line.stdout.contains("\(frames) frames") && line.stdout.contains("of the clip: transition pop2 (pop "), "\(line.stdout)")
    }

    /// `--list --json` says each scene's length as a render shows it: its last frame's time at 60 fps, to
    /// the millisecond (not the scene's raw end, e.g. 1.6000000001).
    @Test func listedDurationsAreTheLastFramesTime() throws {
        let noisy = ClipPlan(duration: 1.6000000001, fps: 60, transitions: [])
        #expect(Command.milliseconds(noisy.shownDuration) == 1.617)   // 98 frames: the last at 97/60 s
        #expect(Command.milliseconds(ClipPlan(duration: 1.6, fps: 60, transitions: []).shownDuration) == 1.6)

        let list = try CommandLine.run(["--list", "--json"])
        let scenes = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        #expect(!scenes.isEmpty)
        for scene in scenes {
            let duration = try #require((scene["duration"] as? NSNumber)?.doubleValue)
            #expect(duration * 1000 == (duration * 1000).rounded(), "\(scene["name"] ?? "?"): \(duration)")
        }
    }
}

