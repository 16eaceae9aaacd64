import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit
import Compositor
import Raster

// UIKit's own modal animations by `modalTransitionStyle`: the cover's timing, the 3D flip (direction, back
// faces hidden), the partial curl (its geometry, the tap that dismisses, the uncurl).
@Suite struct ModalStyles {
    static let red = RGBA8(r: 255, g: 0, b: 0, a: 255), blue = RGBA8(r: 0, g: 0, b: 255, a: 255)
    static let black = RGBA8(r: 0, g: 0, b: 0, a: 255)

    static func frame(_ stage: Stage) -> PixelBuffer {
        LayerRenderer(scale: 1).render(stage.window.layer.snapshot(at: stage.clock.now), size: stage.window.bounds.size)
    }

    /// A red root presenting a blue full-screen controller with `style`; `body` runs from the start.
    func presenting(_ style: UIModalTransitionStyle, _ body: (Stage, UIViewController, UIViewController, TimeInterval) -> Void) {
        _ = LayerRenderer(scale: 1)   // installs the rasterizer snapshots use
        let root = UIViewController(), presented = UIViewController()
        root.view.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        presented.view.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
        presented.modalPresentationStyle = .fullScreen
        presented.modalTransitionStyle = style
        onStage(root) { stage in
            let start = stage.clock.now
            root.present(presented, animated: true)
            body(stage, root, presented, start)
        }
    }

    /// The rows a colour covers in column `x`.
    static func height(of color: RGBA8, at x: Int, in image: PixelBuffer) -> Int {
        (0..<image.height).filter { image[x, $0] == color }.count
    }

    /// The cover slides up on a fast-start curve: 0.5 s, over 80 % of the way by half time (an
    /// ease-in-out would be at 50 %), and is done at 0.5 s.
    @Test func coverVerticalTiming() {
        presenting(.coverVertical) { stage, root, presented, start in
            let height = stage.window.bounds.height
            stage.run(to: start + 0.25)
            let travelled = 1 - presented.view.shownFrame.minY / height
            #expect(travelled > 0.8 && travelled < 1, "\(travelled)")
            stage.run(to: start + 0.5)
            #expect(presented.view.shownFrame.minY == 0 && presented.isBeingPresented == false)
        }
    }

    /// The flip turns the screen right to left: early on the right edge, swinging towards the viewer, is
    /// taller than the left; the back (the presented view) stays hidden while it faces away, and the front
    /// once it does; black shows around the card. Dismissal turns the other way.
    @Test func flipDirectionAndHiddenBackFaces() {
        presenting(.flipHorizontal) { stage, root, presented, start in
            let width = Int(stage.window.bounds.width)
            #expect(presented.view.layer.isDoubleSided == false && root.view.layer.isDoubleSided == false)
            #expect(presented.view.layer.presentation()?.isDoubleSided == false)
            stage.run(to: start + 0.2)
            var image = Self.frame(stage)
            let reds = (0..<width).filter { Self.height(of: Self.red, at: $0, in: image) > 0 }
            #expect(!reds.isEmpty && Self.height(of: Self.blue, at: width / 2, in: image) == 0, "the back faces away: hidden")
            let left = Self.height(of: Self.red, at: reds.first! + 2, in: image), right = Self.height(of: Self.red, at: reds.last! - 2, in: image)
            #expect(right > left + 10, "right edge nearer: \(right) vs \(left)")
            #expect(image[1, 1] == Self.black, "black around the turning card")
            stage.run(to: start + 0.55)
            image = Self.frame(stage)
            #expect(Self.height(of: Self.red, at: width / 2, in: image) == 0 && Self.height(of: Self.blue, at: width / 2, in: image) > 0,
                    "past half way only the back shows")
            stage.settle()
            #expect(root.view.window == nil && presented.view.layer.isDoubleSided == true)
            #expect(CATransform3DIsIdentity(presented.view.layer.presentationState(at: stage.clock.now).transform))
            #expect(Self.frame(stage)[width / 2, 400] == Self.blue)

            let back = stage.clock.now
            presented.dismiss(animated: true)
            stage.run(to: back + 0.2)
            image = Self.frame(stage)
            let blues = (0..<width).filter { Self.height(of: Self.blue, at: $0, in: image) > 0 }
            let l = Self.height(of: Self.blue, at: blues.first! + 2, in: image), r = Self.height(of: Self.blue, at: blues.last! - 2, in: image)
            #expect(l > r + 10, "dismissal: the left edge nearer: \(l) vs \(r)")
            #expect(Self.height(of: Self.red, at: width / 2, in: image) == 0)
            stage.settle()
            #expect(root.view.window != nil && root.view.layer.isDoubleSided && presented.view.window == nil)
            #expect(CATransform3DIsIdentity(root.view.layer.presentationState(at: stage.clock.now).transform))
            #expect(Self.frame(stage)[width / 2, 400] == Self.red)
        }
    }

    /// Over full screen the presenter's view stays where it is, so the front face is a snapshot of it: the
    /// flip looks the same, the snapshot goes when it ends, and the container is clear again.
    @Test func flipOverFullScreenTurnsASnapshotOfThePresenter() {
        _ = LayerRenderer(scale: 1)
        let root = UIViewController(), presented = UIViewController()
        root.view.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        presented.view.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
        presented.modalPresentationStyle = .overFullScreen
        presented.modalTransitionStyle = .flipHorizontal
        onStage(root) { stage in
            let start = stage.clock.now
            root.present(presented, animated: true)
            let container = presented.view.superview!
            #expect(container.subviews.count == 2 && container.subviews[0] !== root.view, "a snapshot is the front")
            stage.run(to: start + 0.2)
            let image = Self.frame(stage)
            let width = Int(stage.window.bounds.width)
            #expect(image[1, 1] == Self.black && Self.height(of: Self.red, at: width / 2, in: image) > 0)
            stage.settle()
            #expect(container.subviews.count == 1 && container.backgroundColor == nil)
            #expect(CATransform3DIsIdentity(container.layer.sublayerTransform) && root.view.window != nil)
        }
    }

    /// The resting fold crosses the left and right edges where the model says; the page takes touches
    /// above it only; half way the fold has travelled half the distance from the bottom-right corner.
    @Test func curlGeometry() {
        let size = CGSize(width: 400, height: 800)
        let curl = PageCurlView(frame: CGRect(origin: .zero, size: size), page: UIView(frame: CGRect(origin: .zero, size: size)), dark: false)
        #expect(abs(curl.distanceAboveFold(CGPoint(x: 400, y: 800))) < 1e-9, "progress 0: the fold touches the corner")
        curl.progress = 1
        #expect(abs(curl.distanceAboveFold(CGPoint(x: 0, y: 800 * PageCurlView.restingLeft))) < 1e-9)
        #expect(abs(curl.distanceAboveFold(CGPoint(x: 400, y: 800 * PageCurlView.restingRight))) < 1e-9)
        #expect(curl.point(inside: CGPoint(x: 200, y: 100), with: nil) && !curl.point(inside: CGPoint(x: 200, y: 700), with: nil))
        curl.progress = 0.5
        let corner = CGPoint(x: 400, y: 800)
        #expect(abs(curl.distanceAboveFold(corner) + curl.travel / 2) < 1e-9)
    }

    /// Presented with the curl: the top of the page stays (red), the bottom shows the presented view
    /// (blue), the back of the lifted paper shows lighter just above the fold; a tap below the fold
    /// reaches the presented view, a tap on the page uncurls it and dismisses.
    @Test func curlRevealsAndATapOnThePageDismisses() {
        presenting(.partialCurl) { stage, root, presented, start in
            stage.run(to: start + ModalStyleTiming.curlDuration / 2)
            #expect(presented.isBeingPresented)
            stage.settle()
            #expect(!presented.isBeingPresented)
            let image = Self.frame(stage)
            let bounds = stage.window.bounds
            #expect(image[20, 20] == Self.red && image[Int(bounds.midX), Int(bounds.height) - 20] == Self.blue)
            // Just above the fold at the middle: the washed back of the paper, lighter than the red page.
            let curl = try! #require(presented.view.superview?.subviews.last as? PageCurlView)
            let fold = curl.foldPoint
            let alongToMiddle = (bounds.midX - fold.x) / curl.along.x
            let onFold = CGPoint(x: fold.x + alongToMiddle * curl.along.x, y: fold.y + alongToMiddle * curl.along.y)
            let back = image[Int(onFold.x + curl.normal.x * 40), Int(onFold.y + curl.normal.y * 40)]
            #expect(back.g > 150 && back.b > 150, "the back of the paper is light: \(back)")

            var tapped = 0
            let button = UIView(frame: CGRect(x: 0, y: bounds.height - 100, width: bounds.width, height: 100))
            button.addGestureRecognizer(UITapGestureRecognizer { (_: UITapGestureRecognizer) in tapped += 1 })
            presented.view.addSubview(button)
            func tap(_ point: CGPoint) {
                stage.window.sendTouch(finger: 0, phase: .began, at: point)
                stage.run(for: 0.05)
                stage.window.sendTouch(finger: 0, phase: .ended, at: point)
            }
            tap(CGPoint(x: bounds.midX, y: bounds.height - 50))
            #expect(tapped == 1 && root.presentedViewController === presented)
            tap(CGPoint(x: 60, y: 120))
            #expect(presented.isBeingDismissed)
            let dismissal = stage.clock.now
            stage.run(to: dismissal + ModalStyleTiming.curlDuration / 2)
            #expect(curl.superview != nil && !curl.isUserInteractionEnabled, "the page is laid back down before it goes")
            stage.settle()
            #expect(root.presentedViewController == nil && curl.superview == nil && root.view.window != nil)
            #expect(Self.frame(stage)[Int(bounds.midX), Int(bounds.height) - 20] == Self.red)
        }
    }

    /// UIKit raises for a partial curl that is not full screen; here it warns and covers vertically.
    @Test func curlNeedsFullScreen() {
        let warnings = WarningBox()
        UIKitWarnings.$sink.withValue({ warnings.append($0) }) {
            let root = UIViewController(), presented = UIViewController()
            presented.modalTransitionStyle = .partialCurl
            presented.modalPresentationStyle = .pageSheet
            onStage(root) { stage in
                root.present(presented, animated: true)
                stage.settle()
                #expect(root.presentedViewController === presented)
            }
        }
        #expect(warnings.lines.contains { $0.contains("partialCurl needs a full-screen presentation") })
    }
}

/// Collects warnings from a task-local sink.
final class WarningBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    func append(_ line: String) { lock.lock(); stored.append(line); lock.unlock() }
    var lines: [String] { lock.lock(); defer { lock.unlock() }; return stored }
}
