import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit
import Compositor
import Raster

/// UIView.transition(with:…) and transition(from:to:…), and back faces hidden with isDoubleSided.
@Suite struct ViewTransitions {
    static func frame(_ stage: Stage) -> PixelBuffer {
        LayerRenderer(scale: 1).render(stage.window.layer.snapshot(at: stage.clock.now), size: stage.window.bounds.size)
    }

    @Test func crossDissolveFadesTheOldRenderingOverTheNew() {
        _ = LayerRenderer(scale: 1)   // installs the rasterizer snapshots use
        let root = UIViewController()
        onStage(root) { stage in
            let card = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
            card.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
            root.view.addSubview(card)
            var finished: Bool?
            let start = stage.clock.now
            UIView.transition(with: card, duration: 1, options: [.transitionCrossDissolve, .curveLinear], animations: {
                card.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
            }, completion: { finished = $0 })
            stage.run(to: start + 0.25)
            let quarter = Self.frame(stage)[100, 100]
            #expect(abs(Int(quarter.r) - 191) <= 1 && abs(Int(quarter.b) - 64) <= 1, "\(quarter)")
            stage.settle()
            #expect(finished == true && card.subviews.isEmpty)
            #expect(Self.frame(stage)[100, 100] == RGBA8(r: 0, g: 0, b: 255, a: 255))
        }
    }

    @Test func flipShowsTheOldSideThenTheNew() {
        _ = LayerRenderer(scale: 1)
        let root = UIViewController()
        root.view.backgroundColor = .white
        onStage(root) { stage in
            let container = UIView(frame: CGRect(x: 50, y: 100, width: 200, height: 300))
            let front = UIView(frame: container.bounds), back = UIView(frame: container.bounds)
            front.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
            back.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
            container.addSubview(front)
            root.view.addSubview(container)
            let start = stage.clock.now
            var finished = false
            UIView.transition(from: front, to: back, duration: 1, options: [.transitionFlipFromLeft, .curveLinear]) { _ in finished = true }
            #expect(back.superview === container && front.superview == nil)
            stage.run(to: start + 0.25)
            let early = Self.frame(stage)
            #expect(early[150, 250] == RGBA8(r: 255, g: 0, b: 0, a: 255))   // the old side, turned 45°
            #expect(early[52, 250] == RGBA8(r: 255, g: 255, b: 255, a: 255))   // narrower: its edge has moved in
            stage.run(to: start + 0.75)
            #expect(Self.frame(stage)[150, 250] == RGBA8(r: 0, g: 0, b: 255, a: 255))   // the new side
            stage.settle()
            #expect(finished && container.subviews.count == 1 && container.subviews[0] === back && CATransform3DIsIdentity(container.layer.presentationState(at: stage.clock.now).transform))
        }
    }

    @Test func backFacesAreHiddenWhenNotDoubleSided() {
        func render(doubleSided: Bool, angle: CGFloat) -> RGBA8 {
            var root = LayerState()
            root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
            root.position = CGPoint(x: 50, y: 50)
            root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
            var card = LayerState()
            card.bounds = CGRect(x: 0, y: 0, width: 60, height: 60)
            card.position = CGPoint(x: 50, y: 50)
            card.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            card.isDoubleSided = doubleSided
            var turn = CATransform3DMakeRotation(angle, 0, 1, 0)
            turn.m34 = -1 / 500
            card.transform = turn
            var tree = LayerSnapshot(state: root)
            tree.sublayers = [LayerSnapshot(state: card)]
            return LayerRenderer(scale: 1).render(tree, size: CGSize(width: 100, height: 100))[50, 50]
        }
        let blue = RGBA8(r: 0, g: 0, b: 255, a: 255), white = RGBA8(r: 255, g: 255, b: 255, a: 255)
        #expect(render(doubleSided: true, angle: 0.3) == blue && render(doubleSided: false, angle: 0.3) == blue)
        #expect(render(doubleSided: true, angle: .pi - 0.3) == blue)     // its back, drawn
        #expect(render(doubleSided: false, angle: .pi - 0.3) == white)   // its back, hidden
        let layer = CALayer()
        layer.isDoubleSided = false
        #expect(!layer.modelState.isDoubleSided)
    }

    /// A hidden back face hides its sublayers too (double-sided or not), and the turn that decides it may
    /// come from the superlayer's perspective (sublayerTransform) and the layer's own rotation together, as
    /// the modal flip sets them up.
    @Test func aHiddenBackFaceTakesItsSublayersWithItUnderTheParentsPerspective() {
        func render(angle: CGFloat) -> (centre: RGBA8, child: RGBA8) {
            var root = LayerState()
            root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
            root.position = CGPoint(x: 50, y: 50)
            root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
            var perspective = CATransform3DIdentity
            perspective.m34 = -1 / 1000
            root.sublayerTransform = perspective
            var face = LayerState()
            face.bounds = CGRect(x: 0, y: 0, width: 80, height: 80)
            face.position = CGPoint(x: 50, y: 50)
            face.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            face.isDoubleSided = false
            face.transform = CATransform3DMakeRotation(angle, 0, 1, 0)
            var label = LayerState()
            label.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
            label.position = CGPoint(x: 40, y: 20)
            label.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            var faceTree = LayerSnapshot(state: face)
            faceTree.sublayers = [LayerSnapshot(state: label)]
            var tree = LayerSnapshot(state: root)
            tree.sublayers = [faceTree]
            let image = LayerRenderer(scale: 1).render(tree, size: CGSize(width: 100, height: 100))
            return (image[50, 50], image[50, 30])
        }
        let white = RGBA8(r: 255, g: 255, b: 255, a: 255)
        let front = render(angle: 0.4)
        #expect(front.centre == RGBA8(r: 0, g: 0, b: 255, a: 255) && front.child == RGBA8(r: 255, g: 0, b: 0, a: 255))
        let back = render(angle: .pi - 0.4)
        #expect(back.centre == white && back.child == white)
    }

    /// Curl up lifts the old content off from the bottom-right corner (the new shows there first); curl
    /// down lays the new content over the old from the top-left. Both end with the new content alone.
    @Test(arguments: [true, false]) func curls(up: Bool) {
        _ = LayerRenderer(scale: 1)
        let root = UIViewController()
        root.view.backgroundColor = .white
        onStage(root) { stage in
            let card = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 400))
            card.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
            root.view.addSubview(card)
            var finished: Bool?
            let start = stage.clock.now
            UIView.transition(with: card, duration: 1, options: [up ? .transitionCurlUp : .transitionCurlDown, .curveLinear], animations: {
                card.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
            }, completion: { finished = $0 })
            // (Down: by 0.4 the laid-down part reaches past the band of the paper's back at the corner.)
            stage.run(to: start + (up ? 0.25 : 0.4))
            let image = Self.frame(stage)
            let red = RGBA8(r: 255, g: 0, b: 0, a: 255), blue = RGBA8(r: 0, g: 0, b: 255, a: 255)
            if up {
                #expect(image[195, 395] == blue && image[5, 5] == red, "the bottom-right corner lifts first")
            } else {
                #expect(image[5, 5] == blue && image[195, 395] == red, "the new page comes down from the top-left")
            }
            stage.settle()
            #expect(finished == true && card.subviews.isEmpty)
            #expect(Self.frame(stage)[100, 200] == blue)
        }
    }
}
