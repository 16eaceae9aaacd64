import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit
import Raster
import Compositor

/// UIView members public transition code leans on: the hierarchy callbacks and their order, finding and
/// exchanging subviews, mask views, content modes, `draw(_:)`, safe-area callbacks, switching animations
/// off, the delete system animation, motion effects and interactions.
@Suite struct ViewMembers {
    init() { LayerRenderer.installContextRasterizer() }

    func render(_ stage: Stage) -> PixelBuffer {
        LayerRenderer(scale: 1).render(stage.window.layer.snapshot(at: stage.clock.now), size: stage.window.bounds.size)
    }

    /// Layout and display, as the end of a run-loop turn does.
    func endTurn(_ stage: Stage) {
        stage.window.layoutIfNeeded()
        stage.window.displayPendingContent()
    }

    let white = RGBA8(r: 255, g: 255, b: 255, a: 255)
    let red = RGBA8(r: 255, g: 0, b: 0, a: 255)
    let blue = RGBA8(r: 0, g: 0, b: 255, a: 255)

    @Test func hierarchyCallbacksComeInUIKitsOrder() {
        let root = UIViewController()
        onStage(root) { stage in
            let log = CallLog()
            let parent = LoggingView(log, "parent"), child = LoggingView(log, "child"), grandchild = LoggingView(log, "grandchild")
            child.addSubview(grandchild)
            log.clear()
            // Into a view outside any window: no window callbacks.
            parent.addSubview(child)
            #expect(log.lines == ["child.willMove(toSuperview: parent)", "child.didMoveToSuperview", "parent.didAddSubview(child)"])
            log.clear()
            root.view.addSubview(parent)
            #expect(log.lines == ["parent.willMove(toSuperview: UIView)", "parent.willMove(toWindow: window)",
                                  "child.willMove(toWindow: window)", "grandchild.willMove(toWindow: window)",
                                  "parent.didMoveToWindow", "child.didMoveToWindow", "grandchild.didMoveToWindow",
                                  "parent.didMoveToSuperview"])
            log.clear()
            child.removeFromSuperview()
            #expect(log.lines == ["parent.willRemoveSubview(child)", "child.willMove(toSuperview: nil)",
                                  "child.willMove(toWindow: nil)", "grandchild.willMove(toWindow: nil)",
                                  "child.didMoveToWindow", "grandchild.didMoveToWindow", "child.didMoveToSuperview"])
            #expect(child.window == nil && grandchild.window == nil && parent.window === stage.window)
        }
    }

    @Test func viewWithTagSearchesDepthFirstAndExchangeSwapsViewsAndLayers() {
        let top = UIView(), a = UIView(), b = UIView(), c = UIView(), deep = UIView()
        a.tag = 1; deep.tag = 2; c.tag = 2
        for view in [a, b, c] { top.addSubview(view) }
        b.addSubview(deep)
        #expect(top.viewWithTag(0) === top && top.viewWithTag(2) === deep && top.viewWithTag(9) == nil)
        let extra = CALayer()
        top.layer.insertSublayer(extra, at: 1)
        top.exchangeSubview(at: 0, withSubviewAt: 2)
        #expect(top.subviews.map(ObjectIdentifier.init) == [c, b, a].map(ObjectIdentifier.init))
        #expect(top.layer.sublayers!.map(ObjectIdentifier.init) == [c.layer, extra, b.layer, a.layer].map(ObjectIdentifier.init))
        top.exchangeSubview(at: 0, withSubviewAt: 7)
        #expect(top.subviews[0] === c)
        #expect(a.isDescendant(of: top) && !top.isDescendant(of: a))
    }

    @Test func aMaskViewShowsTheViewOnlyWhereTheMaskIsOpaqueAndAnimates() {
        let root = UIViewController()
        onStage(root) { stage in
            root.view.backgroundColor = .white
            let card = UIView(frame: CGRect(x: 0, y: 100, width: 100, height: 100))
            card.backgroundColor = .red
            let mask = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 100))
            mask.backgroundColor = .black
            card.mask = mask
            root.view.addSubview(card)
            #expect(card.mask === mask && card.layer.mask === mask.layer && mask.superview == nil)
            endTurn(stage)
            var frame = render(stage)
            #expect(frame[25, 150] == red && frame[75, 150] == white)
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { mask.frame.size.width = 100 })
            stage.run(to: stage.clock.now + 0.5)
            frame = render(stage)
            #expect(frame[70, 150] == red && frame[80, 150] == white)
            card.mask = nil
            #expect(card.layer.mask == nil)
        }
    }

    @Test func contentModePlacesALayersContentsOnAnyView() {
        let root = UIViewController()
        onStage(root) { stage in
            root.view.backgroundColor = .white
            let image = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 10), format: {
                let format = UIGraphicsImageRendererFormat(); format.scale = 1; return format }()).image { context in
                UIColor.blue.setFill()
                context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
            }
            let plain = UIView(frame: CGRect(x: 0, y: 100, width: 100, height: 100))
            plain.layer.contents = image.cgImage
            #expect(plain.contentMode == .scaleToFill)
            root.view.addSubview(plain)
            endTurn(stage)
            #expect(render(stage)[5, 105] == blue)
            plain.contentMode = .center
            #expect(plain.layer.contentsGravity == .center)
            var frame = render(stage)
            #expect(frame[5, 105] == white && frame[50, 150] == blue && frame[44, 150] == white)
            plain.contentMode = .bottomRight
            frame = render(stage)
            #expect(frame[95, 195] == blue && frame[85, 185] == white)
        }
    }

    @Test func drawRectDrawsWhenTheViewGetsASizeAndAgainAfterSetNeedsDisplay() {
        let root = UIViewController()
        onStage(root) { stage in
            root.view.backgroundColor = .white
            let gauge = Gauge(frame: .zero)
            root.view.addSubview(gauge)
            endTurn(stage)
            #expect(gauge.draws == 0)
            gauge.frame = CGRect(x: 0, y: 100, width: 100, height: 20)
            endTurn(stage)
            #expect(gauge.draws == 1)
            let image = try! #require(gauge.layer.contents as? CGImage)
            #expect(image.width == 300 && image.height == 60 && gauge.layer.contentsScale == 3)
            var frame = render(stage)
            #expect(frame[20, 110] == red && frame[30, 110] == white)
            gauge.level = 0.5
            gauge.setNeedsDisplay()
            endTurn(stage)
            frame = render(stage)
            #expect(gauge.draws == 2 && frame[45, 110] == red && frame[55, 110] == white)
            // A size change stretches the drawing (scaleToFill) without drawing again…
            gauge.frame.size.width = 200
            endTurn(stage)
            #expect(gauge.draws == 2 && render(stage)[95, 110] == red)
            // …unless the content mode is redraw.
            gauge.contentMode = .redraw
            gauge.frame.size.width = 100
            endTurn(stage)
            #expect(gauge.draws == 3 && render(stage)[55, 110] == white)
            // A plain view never drew, so its layer's contents stay as set.
            let plain = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            let picture = image
            plain.layer.contents = picture
            root.view.addSubview(plain)
            endTurn(stage)
            #expect((plain.layer.contents as? CGImage) === picture)
        }
    }

    @Test func safeAreaInsetsDidChangeIsCalledInLayoutWhenTheInsetsChange() {
        let root = UIViewController()
        onStage(root) { stage in
            let log = CallLog()
            let band = LoggingView(log, "band")
            band.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            root.view.addSubview(band)
            log.clear()
            endTurn(stage)
            let top = band.safeAreaInsets.top
            #expect(top > 0 && log.lines.filter { $0.hasPrefix("band.safeArea") } == ["band.safeAreaInsetsDidChange \(top)"])
            log.clear()
            band.setNeedsLayout()
            endTurn(stage)
            #expect(log.lines.filter { $0.hasPrefix("band.safeArea") }.isEmpty)
            // Moved below the status bar: reported at the view's next layout pass.
            band.frame.origin.y = 200
            band.setNeedsLayout()
            endTurn(stage)
            #expect(log.lines.filter { $0.hasPrefix("band.safeArea") } == ["band.safeAreaInsetsDidChange 0.0"])
        }
    }

    @Test func animationsSwitchedOffApplyChangesAtOnce() {
        let root = UIViewController()
        onStage(root) { stage in
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            root.view.addSubview(view)
            UIView.setAnimationsEnabled(false)
            #expect(!UIView.areAnimationsEnabled)
            UIView.animate(withDuration: 1) { view.alpha = 0 }
            #expect(view.layer.animationKeys() == nil && view.layer.presentation()!.opacity == 0)
            UIView.setAnimationsEnabled(true)
            UIView.animate(withDuration: 1) { view.alpha = 1 }
            #expect(view.layer.isAnimating(keyPath: "opacity"))
            // Repeat modifiers run their block inside the animation (repeats are not applied).
            UIView.animate(withDuration: 1) { UIView.modifyAnimations(withRepeatCount: 2, autoreverses: true) { view.center.x = 50 } }
            #expect(view.layer.isAnimating(keyPath: "position"))
        }
    }

    @Test func theDeleteSystemAnimationFadesTheViewsOutAndRemovesThem() {
        let root = UIViewController()
        onStage(root) { stage in
            let doomed = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            doomed.alpha = 0.8
            root.view.addSubview(doomed)
            var finished: Bool?
            UIView.perform(.delete, on: [doomed], options: [], animations: nil) { finished = $0 }
            stage.run(for: 0.15)
            let opacity = doomed.layer.presentation()!.opacity
            #expect(opacity > 0 && opacity < 0.8 && doomed.superview === root.view)
            stage.run(for: 0.3)
            #expect(finished == true && doomed.superview == nil && abs(doomed.alpha - 0.8) < 1e-6)
        }
    }

    @Test func motionEffectsAreKeptAndInterpolateAndInteractionsHearTheirMoves() {
        let view = UIView()
        let tilt = UIInterpolatingMotionEffect(keyPath: "center.x", type: .tiltAlongHorizontalAxis)
        tilt.minimumRelativeValue = -10
        tilt.maximumRelativeValue = 10
        view.addMotionEffect(tilt)
        view.addMotionEffect(tilt)
        #expect(view.motionEffects.count == 1)
        #expect(tilt.keyPathsAndRelativeValues(forViewerOffset: UIOffset(horizontal: 0.5, vertical: -1))?["center.x"] as? CGFloat == 5)
        let group = UIMotionEffectGroup()
        group.motionEffects = [tilt]
        #expect(group.keyPathsAndRelativeValues(forViewerOffset: .zero)?["center.x"] as? CGFloat == 0)
        view.removeMotionEffect(tilt)
        #expect(view.motionEffects.isEmpty)

        let interaction = Watcher()
        view.addInteraction(interaction)
        view.removeInteraction(interaction)
        #expect(interaction.moves == ["will UIView", "did UIView", "will nil", "did nil"] && view.interactions.isEmpty)
        #expect(view.endEditing(true))
        view.semanticContentAttribute = .forceRightToLeft
        #expect(view.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        #expect(UIView.userInterfaceLayoutDirection(for: .unspecified, relativeTo: .rightToLeft) == .rightToLeft)
        #expect(UIView.userInterfaceLayoutDirection(for: .playback, relativeTo: .rightToLeft) == .leftToRight)
    }
}

private final class LoggingView: UIView {
    let log: CallLog, name: String
    init(_ log: CallLog, _ name: String) { self.log = log; self.name = name; super.init(frame: .zero) }
    required init?(coder: NSCoder) { fatalError() }
    func describe(_ view: UIView?) -> String {
        guard let view else { return "nil" }
        return (view as? LoggingView)?.name ?? (view is UIWindow ? "window" : String(describing: type(of: view)))
    }
    override func willMove(toSuperview newSuperview: UIView?) { log("\(name).willMove(toSuperview: \(describe(newSuperview)))") }
    override func didMoveToSuperview() { log("\(name).didMoveToSuperview") }
    override func willMove(toWindow newWindow: UIWindow?) { log("\(name).willMove(toWindow: \(describe(newWindow)))") }
    override func didMoveToWindow() { log("\(name).didMoveToWindow") }
    override func didAddSubview(_ subview: UIView) { log("\(name).didAddSubview(\(describe(subview)))") }
    override func willRemoveSubview(_ subview: UIView) { log("\(name).willRemoveSubview(\(describe(subview)))") }
    override func safeAreaInsetsDidChange() { log("\(name).safeAreaInsetsDidChange \(safeAreaInsets.top)") }
}

/// A custom-drawn view: a red bar as long as `level` of its width.
private final class Gauge: UIView {
    var level: CGFloat = 0.25
    var draws = 0
    override func draw(_ rect: CGRect) {
        draws += 1
        let context = UIGraphicsGetCurrentContext()!
        context.setFillColor(UIColor.red.cgColor)
        context.fill(CGRect(x: 0, y: 0, width: bounds.width * level, height: bounds.height))
    }
}

private final class Watcher: UIInteraction {
    weak var view: UIView?
    var moves: [String] = []
    func willMove(to view: UIView?) { moves.append("will \(view.map { String(describing: type(of: $0)) } ?? "nil")") }
    func didMove(to view: UIView?) { self.view = view; moves.append("did \(view.map { String(describing: type(of: $0)) } ?? "nil")") }
}
