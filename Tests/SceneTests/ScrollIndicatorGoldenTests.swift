import Testing
import Foundation
import Raster
import Stage
import UIKit
import TransitionTesting
@testable import Playback

/// A full-screen list of grey rows over 3000 pt, scrolled 600 pt by a script: its vertical indicator
/// lingers after the finger lifts.
final class IndicatorScene: Scene {
    static var name: String { "scroll-indicator-probe" }
    static var summary: String { "a scrolled list's indicator" }
    let scroll = UIScrollView()
    required init() {}
    func makeRootViewController() -> UIViewController {
        let controller = UIViewController()
        controller.view.backgroundColor = .systemBackground
        scroll.frame = controller.view.bounds
        scroll.contentSize = CGSize(width: scroll.frame.width, height: 3000)
        for row in 0..<60 {
            let cell = UIView(frame: CGRect(x: 16, y: CGFloat(row) * 50 + 4, width: scroll.frame.width - 32, height: 42))
            cell.backgroundColor = row % 2 == 0 ? .secondarySystemBackground : .tertiarySystemBackground
            scroll.addSubview(cell)
        }
        controller.view.addSubview(scroll)
        return controller
    }
    func script() -> Script {
        var s = Script()
        s.scroll({ [unowned self] in self.scroll }, by: 600)
        return s
    }
}

/// The indicator as drawn (3 pt bar, 3 pt from the edge, 35 % black in light mode, white in dark), at 3×:
/// the right 24 pt of the screen, just after the scroll ended.
@Suite struct ScrollIndicatorGolden {
    @Test(arguments: [RenderSettings.Appearance.light, .dark])
    func indicatorAfterAScroll(appearance: RenderSettings.Appearance) throws {
        let session = SceneSession(IndicatorScene.self, appearance: appearance)
        // Frame by frame until the finger lifts, then 0.1 s on: the bar lingers (0.5 s) before it fades.
        var now = 0.0
        while session.within({ !Timeline.current.marks.contains { $0.label.hasPrefix("touch.up") } }) {
            try #require(now < 5, "the scroll never lifted its finger")
            now += 1.0 / 60
            session.advance(to: now)
        }
        session.advance(to: now + 0.1)
        #expect(session.within { (session.scene as! IndicatorScene).scroll.contentOffset.y } == 600)
        let frame = try session.render(scale: 3)
        let strip = 24 * 3
        var out = PixelBuffer(width: strip, height: frame.height)
        for y in 0..<frame.height { for x in 0..<strip { out[x, y] = frame[frame.width - strip + x, y] } }
        assertImageSnapshot(out, named: "scroll-indicator-\(appearance == .dark ? "dark" : "light")")
    }
}
