import Testing
import Foundation
import CoreGraphics
@testable import QuartzCore
import UIKit
import Stage
import Playback
import Raster
import Media
import Diagnostics

// A half sheet presented over a blurred backdrop, written as public iOS transition code writes it: a
// presentation controller puts a UIVisualEffectView under the sheet and animates its effect from nil to a
// material alongside the transition; an animator slides the sheet up.

final class BlurSheetPresentationController: UIPresentationController {
    private let blurView = UIVisualEffectView(effect: nil)

    override var frameOfPresentedViewInContainerView: CGRect {
        guard let containerView = containerView else { return .zero }
        let height = containerView.bounds.height * 0.5
        return CGRect(x: 0, y: containerView.bounds.height - height, width: containerView.bounds.width, height: height)
    }

    override func presentationTransitionWillBegin() {
        guard let containerView = containerView else { return }
        blurView.frame = containerView.bounds
        containerView.insertSubview(blurView, at: 0)
        presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in
            self.blurView.effect = UIBlurEffect(style: .systemThinMaterial)
        }, completion: nil)
    }

    override func dismissalTransitionWillBegin() {
        presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in
            self.blurView.effect = nil
        }, completion: nil)
    }

    override func containerViewWillLayoutSubviews() {
        super.containerViewWillLayoutSubviews()
        presentedView?.frame = frameOfPresentedViewInContainerView
        blurView.frame = containerView?.bounds ?? .zero
    }
}

final class SheetSlideAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    let isPresenting: Bool
    init(isPresenting: Bool) { self.isPresenting = isPresenting }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.5 }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let key: UITransitionContextViewControllerKey = isPresenting ? .to : .from
        guard let controller = transitionContext.viewController(forKey: key) else { return }
        let finalFrame = transitionContext.finalFrame(for: controller)
        var offscreen = finalFrame
        offscreen.origin.y = transitionContext.containerView.bounds.height
        if isPresenting {
            transitionContext.containerView.addSubview(controller.view)
            controller.view.frame = offscreen
        }
        UIView.animate(withDuration: transitionDuration(using: transitionContext), delay: 0,
                       usingSpringWithDamping: 1, initialSpringVelocity: 0, options: [], animations: {
            controller.view.frame = self.isPresenting ? finalFrame : offscreen
        }, completion: { finished in
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
}

final class BlurSheetTransitioningDelegate: NSObject, UIViewControllerTransitioningDelegate {
    func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                source: UIViewController) -> UIPresentationController? {
        BlurSheetPresentationController(presentedViewController: presented, presenting: presenting)
    }
    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        SheetSlideAnimator(isPresenting: true)
    }
    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        SheetSlideAnimator(isPresenting: false)
    }
}

final class BlurSheetHomeController: UIViewController {
    let sheetDelegate = BlurSheetTransitioningDelegate()
    let openButton = UIButton(type: .system)

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        // Colourful content to blur: bands of colour and a few cards with titles.
        let colors: [UIColor] = [.systemRed, .systemOrange, .systemYellow, .systemGreen, .systemTeal, .systemBlue, .systemPurple]
        for (index, color) in colors.enumerated() {
            let band = UIView(frame: CGRect(x: 0, y: 120 + CGFloat(index) * 100, width: 393, height: 100))
            band.backgroundColor = color
            view.addSubview(band)
            let card = UIView(frame: CGRect(x: 24 + CGFloat(index % 3) * 40, y: 140 + CGFloat(index) * 100, width: 220, height: 60))
            card.backgroundColor = .white
            card.layer.cornerRadius = 14
            view.addSubview(card)
            let label = UILabel(frame: CGRect(x: 16, y: 0, width: 200, height: 60))
            label.text = "Item \(index + 1)"
            label.font = .systemFont(ofSize: 22, weight: .bold)
            label.textColor = .black
            card.addSubview(label)
        }
        openButton.setTitle("Open sheet", for: .normal)
        openButton.frame = CGRect(x: 100, y: 60, width: 193, height: 44)
        openButton.addAction(UIAction { [unowned self] _ in self.openSheet() }, for: .touchUpInside)
        view.addSubview(openButton)
    }

    func openSheet() {
        let sheet = UIViewController()
        sheet.view.backgroundColor = .systemBackground
        sheet.view.layer.cornerRadius = 16
        sheet.view.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
        let title = UILabel(frame: CGRect(x: 20, y: 20, width: 300, height: 40))
        title.text = "Half sheet"
        title.font = .systemFont(ofSize: 28, weight: .bold)
        sheet.view.addSubview(title)
        sheet.modalPresentationStyle = .custom
        sheet.transitioningDelegate = sheetDelegate
        present(sheet, animated: true)
    }
}

final class BlurSheetScene: Scene {
    static let name = "blur-sheet-sample"
    static let summary = "A half sheet over a blurred backdrop (test sample)"
    let home = BlurSheetHomeController()
    init() {}
    func makeRootViewController() -> UIViewController { home }
    func script() -> Script {
        var script = Script()
        script.wait(0.2)
        script.tap { [unowned self] in self.home.openButton }
        script.waitUntilIdle()
        script.wait(0.2)
        return script
    }
}

@Suite struct BlurSheetSample {
    static let settings = RenderSettings(scale: 2, fps: 30, touches: false)

    /// Renders the presentation: before, half way, and the end; writes PNGs for looking when
    /// BLUR_SAMPLE_OUT is set. The blur grows with the transition and the sheet's backdrop is blurred.
    @Test func halfSheetOverBlurredBackdrop() throws {
        let plan = try Stage.plan(BlurSheetScene.self, settings: Self.settings)
        let span = try #require(plan.transitions.first)
        let times = [span.start - 0.05, span.time(at: 0.5), span.end + 0.1]
        let frames = try Stage.frames(BlurSheetScene.self, settings: Self.settings, times: times)
        if let out = ProcessInfo.processInfo.environment["BLUR_SAMPLE_OUT"] {
            for (index, frame) in frames.enumerated() {
                try Data(PNGCodec.encode(frame)).write(to: URL(fileURLWithPath: out).appendingPathComponent("blur-sheet-\(index).png"))
            }
        }
        // A band's sharp edge (y = 220 pt between red and orange, at x = 380 pt, right of the cards) in the
        // upper half: sharp before, blurred at the end (the blur reaches tens of points).
        func column(_ frame: PixelBuffer) -> [RGBA8] { (400..<480).map { frame[760, $0] } }
        let before = column(frames[0]), after = column(frames[2])
        #expect(Set(before).count <= 4)
        #expect(Set(after).count > 20)
        // Half way the blur is partly there: different from both ends.
        #expect(column(frames[1]) != before && column(frames[1]) != after)
        // Deterministic: the same frames again.
        #expect(try Stage.frames(BlurSheetScene.self, settings: Self.settings, times: times) == frames)
    }

    /// The blur travels in layer-tree documents and draws the same pixels after a round trip.
    @Test func backdropFilterRoundTripsAndIsChecked() throws {
        let json = #"""
            {"format": "render-transition.layer-tree", "version": 1, "canvas": {"width": 60, "height": 40},
             "root": {"bounds": [0, 0, 60, 40], "position": [30, 20], "backgroundColor": [1, 1, 1, 1],
                      "sublayers": [{"bounds": [0, 0, 20, 40], "position": [10, 20], "backgroundColor": [1, 0, 0, 1]},
                                    {"bounds": [0, 0, 40, 30], "position": [30, 20], "cornerRadius": 8,
                                     "backdropFilter": {"blurRadius": 6, "saturation": 1.8, "tintColor": [1, 1, 1, 0.3]},
                                     "backdropStrength": 0.75}]}}
            """#
        let doc = try LayerTreeDocument.decode(json)
        let layer = try #require(doc.root.sublayers.last?.state)
        #expect(layer.backdropFilter == BackdropFilter(blurRadius: 6, saturation: 1.8, tintColor: CGColor(red: 1, green: 1, blue: 1, alpha: 0.3)))
        #expect(layer.backdropStrength == 0.75)
        let again = try LayerTreeDocument.decode(doc.encoded())
        #expect(again == doc)
        #expect(Stage.render(again, scale: 2) == Stage.render(doc, scale: 2))
        func problem(_ text: String) -> String? {
            do { _ = try LayerTreeDocument.decode(text); return nil } catch { return "\(error)" }
        }
        let base = #"{"format": "render-transition.layer-tree", "version": 1, "canvas": {"width": 10, "height": 10}, "root": {"bounds": [0, 0, 10, 10], "position": [5, 5], "#
        #expect(problem(base + #""backdropFilter": {"blurRadius": -1}}}"#)?.contains("root.backdropFilter.blurRadius") == true)
        #expect(problem(base + #""backdropFilter": {"saturation": 2}}}"#)?.contains("root.backdropFilter.blurRadius: missing") == true)
        #expect(problem(base + #""backdropFilter": {"blurRadius": 2, "tint": 1}}}"#)?.contains("root.backdropFilter") == true)
        #expect(problem(base + #""backdropStrength": 1.5}}"#)?.contains("root.backdropStrength") == true)
    }
}
