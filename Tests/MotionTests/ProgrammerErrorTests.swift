import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit

/// Misuse that UIKit treats as a programmer error stops the process with a message saying what was wrong.
/// Each case runs in a child process (Swift Testing exit tests).
@Suite struct AnimatorProgrammerErrors {
    static func message(_ result: ExitTest.Result) -> String {
        String(decoding: result.standardErrorContent, as: UTF8.self)
    }

    @Test func startingAStoppedAnimator() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let view = UIView(frame: .zero)
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.alpha = 0 }
            animator.startAnimation()
            animator.stopAnimation(false)
            animator.startAnimation()
        }
        #expect(Self.message(result).contains("the animator is stopped; a stopped animator cannot be restarted"))
    }

    @Test func settingFractionCompleteWhileRunning() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let view = UIView(frame: .zero)
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.alpha = 0 }
            animator.startAnimation()
            animator.fractionComplete = 0.5
        }
        #expect(Self.message(result).contains("fractionComplete can be set only while the animator is paused"))
    }

    @Test func continuingAnAnimatorThatIsNotPaused() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let view = UIView(frame: .zero)
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.alpha = 0 }
            animator.startAnimation()
            animator.continueAnimation(withTimingParameters: nil, durationFactor: 1)
        }
        #expect(Self.message(result).contains("only a paused animator can be continued (it is running)"))
    }

    @Test func finishingAnAnimatorThatWasNotStopped() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear)
            animator.pauseAnimation()
            animator.finishAnimation(at: .end)
        }
        #expect(Self.message(result).contains("finishAnimation(at:) is valid only after stopAnimation(false); the animator is paused"))
    }

    @Test func pausingAnAnimatorThatIsNotInterruptible() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear)
            animator.isInterruptible = false
            animator.startAnimation()
            animator.pauseAnimation()
        }
        #expect(Self.message(result).contains("not interruptible"))
    }

    @Test func changingInterruptibilityWhileActive() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear)
            animator.startAnimation()
            animator.isInterruptible = false
        }
        #expect(Self.message(result).contains("isInterruptible can be set only while the animator is inactive"))
    }
}

/// `precondition` messages are stripped in optimised builds; users render in release, so misuse checks in
/// the modules a scene's code calls go through `misuse` / `checkUsage` (built on `fatalError`).
@Suite struct MisuseMessagesInReleaseBuilds {
    @Test func misuseKeepsItsMessage() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            checkUsage(1 + 1 == 3, "UIThing.call: arithmetic is broken; fix the universe")
        }
        #expect(String(decoding: result.standardErrorContent, as: UTF8.self).contains("arithmetic is broken; fix the universe"))
    }

    @Test func noPreconditionsLeftInUserFacingModules() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        var offenders: [String] = []
        for module in ["UIKit", "QuartzCore", "Stage", "Playback"] {
            let folder = sources.appendingPathComponent(module)
            // Modules keep their files in folders by job (UIKit/Animation, …): walk them all.
            let files = (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? [])
                .filter { $0.hasSuffix(".swift") }.sorted()
            #expect(!files.isEmpty, "no sources found in \(folder.path)")
            for file in files {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                where line.contains("precondition(") || line.contains("preconditionFailure(") {
                    offenders.append("\(module)/\(file):\(number + 1)")
                }
            }
        }
        #expect(offenders.isEmpty, "use checkUsage/misuse (messages survive -O): \(offenders)")
    }
}
