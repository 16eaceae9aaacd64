import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit
import TestSupport
import Raster
import Compositor
import Media

/// Snapshot views and two sample transitions written the way public transition code is: a card flip
/// built from snapshots and keyframes, and a photo zoom whose picture is drawn with an image renderer.
@Suite struct SnapshotViews {
    init() { LayerRenderer.installContextRasterizer() }

    /// The window drawn at the current time.
    func render(_ stage: Stage, scale: CGFloat = 1) -> PixelBuffer {
        LayerRenderer(scale: scale).render(stage.window.layer.snapshot(at: stage.clock.now), size: stage.window.bounds.size)
    }

    /// Writes a frame where a person can look at it (the test's output, not a golden).
    func keep(_ frame: PixelBuffer, _ name: String) {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("render-transition-snapshots")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? Data(PNGCodec.encode(frame)).write(to: folder.appendingPathComponent(name + ".png"))
    }

    @Test func aSnapshotOfARedViewHasTheScreensScaleAndColour() {
        let root = UIViewController()
        onStage(root) { stage in
            let red = UIView(frame: CGRect(x: 30, y: 40, width: 20, height: 10))
            red.backgroundColor = .red
            root.view.addSubview(red)
            let snapshot = try! #require(red.snapshotView(afterScreenUpdates: false))
            #expect(snapshot.frame == CGRect(x: 0, y: 0, width: 20, height: 10))
            let image = try! #require(snapshot.layer.contents as? CGImage)
            #expect(UIScreen.main.scale == 3 && image.width == 60 && image.height == 30 && snapshot.layer.contentsScale == 3)
            #expect(image.premultipliedRGBA == solid(60, 30, 255, 0, 0).bytes)
            // Frozen: later changes to the view do not reach the snapshot.
            red.backgroundColor = .blue
            #expect((snapshot.layer.contents as? CGImage) == image)
        }
    }

    @Test func aSnapshotShowsThePresentationTreeAndDrawsLikeTheView() {
        let root = UIViewController()
        onStage(root) { stage in
            let card = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
            card.backgroundColor = .white
            let dot = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            dot.backgroundColor = .black
            card.addSubview(dot)
            root.view.addSubview(card)
            UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: { dot.frame.origin.x = 30 })
            stage.run(for: 0.5)
            let snapshot = try! #require(card.snapshotView(afterScreenUpdates: false))
            let image = try! #require(snapshot.layer.contents as? CGImage)
            // Half way: the dot is drawn at x = 15…25 pt (45…75 px), not at its model position.
            let at = { (x: Int, y: Int) in Array(image.premultipliedRGBA[(y * image.width + x) * 4..<(y * image.width + x) * 4 + 4]) }
            #expect(at(60, 15) == [0, 0, 0, 255] && at(100, 15) == [255, 255, 255, 255] && at(10, 15) == [255, 255, 255, 255])
            // Shown in place of the card, the snapshot draws the same pixels as the card.
            let before = render(stage, scale: 3)
            snapshot.frame = card.frame
            root.view.addSubview(snapshot)
            #expect(render(stage, scale: 3) == before)
        }
    }

    @Test func aViewOutsideAnyWindowSnapshotsEmptyUnlessUpdatesAreAwaited() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 5, height: 5))
        view.backgroundColor = .green
        #expect(view.snapshotView(afterScreenUpdates: false)?.layer.contents == nil)
        let drawn = try! #require(view.snapshotView(afterScreenUpdates: true)?.layer.contents as? CGImage)
        #expect(drawn.premultipliedRGBA == solid(15, 15, 0, 255, 0).bytes)
    }

    @Test func aResizableSnapshotTakesPartOfTheBoundsAndStretches() {
        let root = UIViewController()
        onStage(root) { stage in
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
            view.backgroundColor = .blue
            let corner = UIView(frame: CGRect(x: 10, y: 10, width: 10, height: 10))
            corner.backgroundColor = .red
            view.addSubview(corner)
            root.view.addSubview(view)
            let part = try! #require(view.resizableSnapshotView(from: CGRect(x: 10, y: 0, width: 10, height: 20), afterScreenUpdates: true,
                                                                withCapInsets: .zero))
            let image = try! #require(part.layer.contents as? CGImage)
            #expect(part.bounds.size == CGSize(width: 10, height: 20) && image.width == 30 && image.height == 60)
            #expect(Array(image.premultipliedRGBA[0..<4]) == [0, 0, 255, 255])
            #expect(Array(image.premultipliedRGBA[(59 * 30) * 4..<(59 * 30) * 4 + 4]) == [255, 0, 0, 255])
            #expect(part.layer.contentsGravity == .resize)
        }
    }

    @Test func drawHierarchyDrawsTheVisibleTreeIntoTheRect() {
        let root = UIViewController()
        onStage(root) { stage in
            let view = UIView(frame: CGRect(x: 50, y: 50, width: 10, height: 10))
            view.backgroundColor = .black
            view.transform = CGAffineTransform(rotationAngle: 0.5)   // the view's own transform does not apply
            root.view.addSubview(view)
            let format = UIGraphicsImageRendererFormat()
            format.scale = 1
            var drew = false
            let image = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 10), format: format).image { _ in
                drew = view.drawHierarchy(in: CGRect(x: 10, y: 0, width: 5, height: 10), afterScreenUpdates: true)
            }
            #expect(drew)
            let p = pixels(image)
            #expect(pixel(p, 9, 5) == [0, 0, 0, 0] && pixel(p, 10, 0) == [0, 0, 0, 255] && pixel(p, 14, 9) == [0, 0, 0, 255]
                    && pixel(p, 15, 5) == [0, 0, 0, 0])
            #expect(view.drawHierarchy(in: view.bounds, afterScreenUpdates: false) == false)   // no current context
        }
    }

    // MARK: Samples

    @Test func flipTransitionFromSnapshotsAndKeyframes() {
        let front = CardViewController(colour: .systemRed, title: "Front")
        let back = CardViewController(colour: .systemBlue, title: "Back")
        let flip = FlipTransitioning()
        back.transitioningDelegate = flip
        back.modalPresentationStyle = .fullScreen
        onStage(front) { stage in
            front.present(back, animated: true)
            let width = stage.window.bounds.width
            // A quarter of the way the front half-turn is under way: its receding (right) edge has left the
            // screen's edge, its near edge grows past the left one in perspective, the back is not showing.
            stage.run(for: 0.15)
            let quarter = render(stage)
            keep(quarter, "flip-quarter")
            let mid = Int(quarter.height / 2)
            #expect(quarter[Int(width) - 1, mid] == RGBA8(r: 0, g: 0, b: 0, a: 255), "the right edge shows the black behind")
            #expect(quarter[Int(width / 2), mid].r > 200 && quarter[Int(width / 2), mid].b < 80, "the middle shows the red front")
            // Three quarters: the back snapshot is turning in.
            stage.run(to: stage.markTime("transition.begin")! + 0.45)
            let late = render(stage)
            keep(late, "flip-three-quarters")
            #expect(late[Int(width / 2), mid].b > 200 && late[Int(width / 2), mid].r < 80, "the middle shows the blue back")
            #expect(late[1, mid] == RGBA8(r: 0, g: 0, b: 0, a: 255))
            stage.settle()
            let end = render(stage)
            keep(end, "flip-end")
            #expect(end[1, mid].b > 200 && front.presentedViewController === back)
            #expect(stage.window.subviewsContainSnapshot == false)
        }
    }

    @Test func photoZoomDrawsItsPictureWithAnImageRenderer() {
        let list = UIViewController()
        onStage(list) { stage in
            list.view.backgroundColor = .white
            let picture = PhotoArt.make(size: CGSize(width: 120, height: 80))
            #expect(picture.scale == 3 && picture.size == CGSize(width: 120, height: 80) && picture.cgImage?.width == 360)
            let thumbnail = UIImageView(image: picture)
            thumbnail.frame = CGRect(x: 20, y: 100, width: 120, height: 80)
            list.view.addSubview(thumbnail)
            // The zoom: a copy of the thumbnail grows to the width of the screen, as photo viewers do.
            let zooming = UIImageView(image: picture)
            zooming.contentMode = .scaleAspectFill
            zooming.clipsToBounds = true
            zooming.frame = thumbnail.frame
            list.view.addSubview(zooming)
            let width = stage.window.bounds.width
            UIView.animate(withDuration: 0.4, delay: 0, options: [.curveEaseInOut], animations: {
                zooming.frame = CGRect(x: 0, y: 300, width: width, height: width * 2 / 3)
            })
            stage.run(for: 0.2)
            let frame = render(stage, scale: 2)
            keep(frame, "photo-zoom-half")
            stage.settle()
            let end = render(stage, scale: 2)
            keep(end, "photo-zoom-end")
            // The sky (top band) and the sun (a yellow disc) of the drawing, where they land at full size.
            let k = width / 120 * 2
            let sky = end[Int(10 * k), Int(300 * 2 + 5 * k)]
            #expect(sky.b > 200 && sky.r < 150, "\(sky)")
            let sun = end[Int(90 * k), Int(300 * 2 + 22 * k)]
            #expect(sun.r > 230 && sun.g > 180 && sun.b < 80, "\(sun)")
        }
    }
}

/// A picture drawn the way apps draw placeholders: fills, a clipped ellipse, a stroke and a caption.
enum PhotoArt {
    static func make(size: CGSize) -> UIImage {
        UIGraphicsImageRenderer(size: size).image { context in
            let bounds = CGRect(origin: .zero, size: size)
            UIColor(red: 0.35, green: 0.6, blue: 0.95, alpha: 1).setFill()
            context.fill(bounds)
            UIColor(red: 0.25, green: 0.6, blue: 0.3, alpha: 1).setFill()
            let hill = UIBezierPath()
            hill.move(to: CGPoint(x: 0, y: size.height))
            hill.addCurve(to: CGPoint(x: size.width, y: size.height * 0.7),
                          controlPoint1: CGPoint(x: size.width * 0.3, y: size.height * 0.3),
                          controlPoint2: CGPoint(x: size.width * 0.6, y: size.height * 0.9))
            hill.addLine(to: CGPoint(x: size.width, y: size.height))
            hill.close()
            hill.fill()
            let cg = context.cgContext
            cg.setFillColor(UIColor(red: 1, green: 0.85, blue: 0.2, alpha: 1).cgColor)
            cg.fillEllipse(in: CGRect(x: size.width * 0.65, y: size.height * 0.1, width: size.width * 0.2, height: size.width * 0.2))
            UIColor.white.setStroke()
            cg.setLineWidth(2)
            cg.stroke(bounds.insetBy(dx: 1, dy: 1))
            "Lake".draw(at: CGPoint(x: 6, y: size.height - 18),
                        withAttributes: [.font: UIFont.boldSystemFont(ofSize: 12), .foregroundColor: UIColor.white])
        }
    }
}

final class CardViewController: UIViewController {
    let colour: UIColor, cardTitle: String
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    init(colour: UIColor, title: String) { self.colour = colour; cardTitle = title; super.init(nibName: nil, bundle: nil) }
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = colour
        let label = UILabel(frame: CGRect(x: 40, y: 380, width: 300, height: 60))
        label.text = cardTitle
        label.font = .boldSystemFont(ofSize: 40)
        label.textColor = .white
        view.addSubview(label)
    }
}

/// A card flip in the style of public flip animators: snapshot both views, turn the front away about the
/// vertical axis for the first half and the back in for the second, in one keyframe animation.
final class FlipTransitioning: UIViewControllerTransitioningDelegate, UIViewControllerAnimatedTransitioning {
    let duration: TimeInterval = 0.6

    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? { self }
    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? { self }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { duration }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let fromVC = transitionContext.viewController(forKey: .from),
              let toVC = transitionContext.viewController(forKey: .to),
              let frontSnapshot = fromVC.view.snapshotView(afterScreenUpdates: false),
              let backSnapshot = toVC.view.snapshotView(afterScreenUpdates: true) else { return }
        let containerView = transitionContext.containerView
        let finalFrame = transitionContext.finalFrame(for: toVC)
        containerView.backgroundColor = .black
        containerView.addSubview(toVC.view)
        toVC.view.frame = finalFrame
        toVC.view.isHidden = true
        frontSnapshot.frame = fromVC.view.frame
        backSnapshot.frame = finalFrame
        containerView.addSubview(frontSnapshot)
        containerView.addSubview(backSnapshot)
        fromVC.view.isHidden = true

        var perspective = CATransform3DIdentity
        perspective.m34 = -0.002
        containerView.layer.sublayerTransform = perspective
        backSnapshot.layer.transform = CATransform3DMakeRotation(-.pi / 2, 0, 1, 0)

        UIView.animateKeyframes(withDuration: duration, delay: 0, options: .calculationModeLinear, animations: {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) {
                frontSnapshot.layer.transform = CATransform3DMakeRotation(.pi / 2, 0, 1, 0)
            }
            UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) {
                backSnapshot.layer.transform = CATransform3DIdentity
            }
        }, completion: { _ in
            toVC.view.isHidden = false
            fromVC.view.isHidden = false
            frontSnapshot.removeFromSuperview()
            backSnapshot.removeFromSuperview()
            containerView.layer.sublayerTransform = CATransform3DIdentity
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
}

extension UIWindow {
    /// Whether a snapshot view is still anywhere in the window (the flip removes its snapshots).
    var subviewsContainSnapshot: Bool {
        func search(_ view: UIView) -> Bool { view is UISnapshotView || view.subviews.contains(where: search) }
        return search(self)
    }
}
