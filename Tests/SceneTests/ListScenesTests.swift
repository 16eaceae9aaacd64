import Testing
import Foundation
import CoreGraphics
import UIKit
@testable import Stage
@testable import Scenes
@testable import Playback

/// The scenes built from table and collection views, as apps build them: what their transitions find
/// through the lists, and that their clips stream as fresh stills of the same moments render.
@Suite struct ListScenes {
    /// A clip streamed through one renderer (damage tracking, cached backdrops) equals fresh runs' stills.
    @Test("streamed frames equal fresh stills", arguments: ["settings-push", "photo-zoom"])
    func streamedEqualsFresh(scene name: String) throws {
        let definition = try #require(scene(named: name)).definition
        let settings = RenderSettings(device: .iPhoneSE, scale: 1, fps: 30)
        let plan = try Stage.plan(definition, settings: settings)
        let times = (0..<plan.frameCount).map(plan.time(ofFrame:))
        let streamed = try Stage.frames(definition, settings: settings, times: times)
        #expect(Set(streamed.map(\.bytes)).count > 3, "the scene moves")
        for index in stride(from: 1, to: times.count, by: max(1, times.count / 8)) {
            let still = try #require(Stage.frames(definition, settings: settings, times: [times[index]]).first)
            #expect(streamed[index] == still, "\(name) frame \(index) (t = \(times[index]))")
        }
    }

    /// settings-push: the tapped row is selected under the pushed screen, selected again after the
    /// cancelled edge-swipe pop, and deselected by the finished one.
    @Test func selectionFollowsThePops() throws {
        let plan = try Stage.plan(SettingsPushScene.self, settings: RenderSettings(scale: 1))
        #expect(plan.transitions.map(\.label) == ["push GeneralViewController", "pop GeneralViewController", "pop GeneralViewController"])
        #expect(plan.transitions.map(\.completed) == [true, false, true])

        let session = SceneSession(SettingsPushScene.self)
        let list = (session.scene as! SettingsPushScene).list!
        let general = try #require(session.within { list.indexPath(ofRowTitled: SettingsPushScene.tappedRow) })
        // Settings' icons: 29 pt squares (docs/UIKIT-COMPATIBILITY.md, "Built-in scenes on lists").
        #expect(session.within { SettingsIcon.image(color: .systemBlue, symbol: nil).size } == CGSize(width: SettingsIcon.side, height: SettingsIcon.side))
        #expect(SettingsIcon.side == 29 && SettingsIcon.cornerRadius == 7)
        session.advance(to: plan.transitions[0].end)
        session.within {
            #expect(list.tableView.indexPathForSelectedRow == general)
            #expect(list.navigationController?.topViewController === list.generalViewController)
        }
        session.advance(to: plan.transitions[1].end)
        session.within {
            #expect(list.tableView.indexPathForSelectedRow == general, "a cancelled pop leaves the row selected")
            #expect(list.deselectionResults == [false])
        }
        _ = try session.runToEnd()
        session.within {
            #expect(list.tableView.indexPathForSelectedRow == nil, "the finished pop deselects the row")
            #expect(list.deselectionResults == [false, true])
            #expect(list.navigationController?.topViewController === list)
        }
    }

    /// photo-zoom: the grid was scrolled before the tap; the zoom starts exactly on the tapped cell as the
    /// window shows it, and ends (once cancelled, once finished) on the cell found again.
    @Test func zoomStartsAndEndsOnTheCell() throws {
        let plan = try Stage.plan(PhotoZoomScene.self, settings: RenderSettings(scale: 1))
        #expect(plan.transitions.map(\.completed) == [true, false, true])
        #expect(plan.transitions.first?.label == "push PhotoDetailViewController")

        let session = SceneSession(PhotoZoomScene.self)
        let grid = (session.scene as! PhotoZoomScene).grid!
        let item = PhotoZoomScene.tappedItem
        session.advance(to: plan.transitions[0].start)
        let (offset, cellFrame) = try session.within {
            let cell = try #require(grid.collectionView.cellForItem(at: item))
            return (grid.collectionView.contentOffset.y, cell.convert(cell.bounds, to: nil))
        }
        #expect(offset > grid.collectionView.adjustedContentInset.top * -1 + 100, "the grid was scrolled before the tap")
        // Three square columns 2 pt apart across the 393 pt screen.
        let side = (393 - 2 * 2) / 3.0
        #expect(abs(cellFrame.width - side) < 1e-6 && abs(cellFrame.height - side) < 1e-6)
        #expect(abs(cellFrame.minX - (side + 2)) < 1e-6, "the middle column")
        session.advance(to: plan.transitions[0].end)
        let frames = session.within { grid.zoomTransition.gridFrames }
        #expect(frames.first == cellFrame, "the zoom starts on the cell's frame in the window")
        _ = try session.runToEnd()
        let cellFrameAtEnd = try session.within {
            let cell = try #require(grid.collectionView.cellForItem(at: item))
            return cell.convert(cell.bounds, to: nil)
        }
        let allFrames = session.within { grid.zoomTransition.gridFrames }
        #expect(allFrames.count == 3)
        #expect(allFrames.last == cellFrameAtEnd, "the finished pop ends on the cell found again")
    }
}
