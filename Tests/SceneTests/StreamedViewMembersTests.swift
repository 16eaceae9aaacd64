import Testing
import Foundation
import UIKit
import Raster
import Stage
import Playback

/// The view members that reach pixels through layer state the frame renderer caches — a mask view whose
/// frame animates, contents placed by `contentMode` in a view whose bounds animate, a `draw(_:)` view
/// redrawn mid-clip, and a push `CATransition` — stream through one renderer exactly as fresh stills draw.
@Suite struct StreamedViewMembers {
    /// A custom-drawn bar that grows each time it is told to redraw.
    final class Meter: UIView {
        var level: CGFloat = 0.2
        override func draw(_ rect: CGRect) {
            UIColor.systemGreen.setFill()
            UIGraphicsGetCurrentContext()?.fill(CGRect(x: 0, y: 0, width: bounds.width * level, height: bounds.height))
        }
    }

    final class Board: UIViewController {
        let card = UIView(), window = UIView(), picture = UIView(), meter = Meter(), panel = UIView()
        let button = UIButton(type: .system)
        override func viewDidLoad() {
            view.backgroundColor = .white
            button.frame = CGRect(x: 240, y: 400, width: 80, height: 44)
            button.backgroundColor = .systemBlue
            button.addAction(UIAction { [unowned self] _ in self.go() }, for: .touchUpInside)
            view.addSubview(button)
            card.frame = CGRect(x: 20, y: 80, width: 200, height: 160)
            card.backgroundColor = .systemIndigo
            window.frame = CGRect(x: 10, y: 10, width: 40, height: 40)
            window.backgroundColor = .black
            window.layer.cornerRadius = 20
            card.mask = window
            view.addSubview(card)

            picture.frame = CGRect(x: 20, y: 260, width: 120, height: 90)
            picture.backgroundColor = .systemYellow
            picture.contentMode = .bottomRight
            picture.layer.contents = UIGraphicsImageRenderer(size: CGSize(width: 30, height: 20)).image { context in
                UIColor.systemRed.setFill()
                context.fill(CGRect(x: 0, y: 0, width: 30, height: 20))
                UIColor.systemBlue.setFill()
                context.fill(CGRect(x: 5, y: 5, width: 10, height: 10))
            }.cgImage
            picture.layer.contentsScale = UIScreen.main.scale
            view.addSubview(picture)

            meter.frame = CGRect(x: 20, y: 370, width: 200, height: 24)
            meter.backgroundColor = .systemGray5
            view.addSubview(meter)

            panel.frame = CGRect(x: 240, y: 80, width: 100, height: 100)
            panel.backgroundColor = .systemOrange
            view.addSubview(panel)
        }

        func go() {
            UIView.animate(withDuration: 0.6, delay: 0, options: .curveEaseInOut, animations: {
                self.window.frame = CGRect(x: 0, y: 0, width: 200, height: 160)
                self.window.layer.cornerRadius = 0
                self.picture.frame = CGRect(x: 20, y: 260, width: 200, height: 140)
            })
            meter.level = 0.8
            meter.setNeedsDisplay()
            let push = CATransition()
            push.type = .push
            push.subtype = .fromBottom
            push.duration = 0.5
            panel.layer.add(push, forKey: nil)
            panel.backgroundColor = .systemTeal
        }
    }

    final class MembersScene: Scene {
        static let name = "view-members"
        static let summary = "A mask view, content modes, draw(_:) and a push transition"
        let board = Board()
        init() {}
        func makeRootViewController() -> UIViewController { board }
        func script() -> Script {
            var script = Script()
            script.wait(0.1)
            script.tap { [unowned self] in self.board.button }
            script.waitUntilIdle()
            script.wait(0.1)
            return script
        }
    }

    @Test func everyStreamedFrameEqualsAFreshStill() throws {
        let settings = RenderSettings(device: .iPhoneSE, scale: 1, fps: 30)
        let plan = try Stage.plan(MembersScene.definition, settings: settings)
        let times = (0..<plan.frameCount).map(plan.time(ofFrame:))
        #expect(times.count >= 20)
        let streamed = try Stage.frames(MembersScene.definition, settings: settings, times: times)
        for (time, frame) in zip(times, streamed) {
            let still = try #require(Stage.frames(MembersScene.definition, settings: settings, times: [time]).first)
            #expect(frame == still, "t = \(time)")
        }
        // Before: the masked card shows only the round window; the meter is a fifth full.
        let first = streamed[0], last = streamed[streamed.count - 1]
        #expect(first[25, 85] == RGBA8(r: 255, g: 255, b: 255, a: 255) && first[50, 110] != first[25, 85])
        #expect(first[22, 382] != first[100, 382] && last[100, 382] == last[22, 382])
        // After: the whole card shows; the picture sits at the bottom right of its grown bounds.
        #expect(last[25, 85] == last[200, 230] && last[25, 85] != RGBA8(r: 255, g: 255, b: 255, a: 255))
        #expect(last[210, 390] != last[30, 270])
    }
}
