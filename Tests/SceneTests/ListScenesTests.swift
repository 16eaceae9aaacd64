import Testing
import Foundation
import CoreGraphics
import QuartzCore
@testable import UIKit
@testable import Stage
@testable import Scenes
@testable import Playback

/// The scenes built from table and collection views, as apps build them: what their transitions find
/// through the lists, and that their clips stream as fresh stills of the same moments render.
@Suite struct ListScenes {
    /// A clip streamed through one renderer (damage tracking, cached backdrops) equals fresh runs' stills.
    @Test("streamed frames equal fresh stills", arguments: ["settings-push", "photo-zoom"])
    func streamedEqualsFresh(scene name: String) throws {
        try expectStreamedFramesEqualFreshStills(scene: name)
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

/// Where a view is on screen now: its presentation frame in window coordinates (scroll offsets included).
private func shownFrame(_ view: UIView, in session: SceneSession) -> CGRect {
    session.within {
        var frame = (view.layer.presentation() ?? view.layer).frame
        var parent = view.superview
        while let p = parent {
            let pl = p.layer.presentation() ?? p.layer
            frame = frame.offsetBy(dx: pl.frame.minX - pl.bounds.minX, dy: pl.frame.minY - pl.bounds.minY)
            parent = p.superview
        }
        return frame
    }
}

private func near(_ a: CGRect, _ b: CGRect, _ tolerance: CGFloat = 0.01) -> Bool {
    abs(a.minX - b.minX) < tolerance && abs(a.minY - b.minY) < tolerance
        && abs(a.width - b.width) < tolerance && abs(a.height - b.height) < tolerance
}

/// card-expand / card-collapse: the Today list is a collection view fed by a diffable data source, and the
/// transition starts from (and returns to) the cell the collection view gives for the tapped item.
@Suite struct TodayList {
    @Test func cardsAreCellsOfACompositionalLayoutUnderTheHeader() throws {
        let session = SceneSession(CardExpandScene.self)
        let today = (session.scene as! CardExpandScene).today
        session.advance(to: 0)
        try session.within {
            let collectionView = try #require(today.collectionView)
            #expect(collectionView.collectionViewLayout is UICollectionViewCompositionalLayout)
            let dataSource = try #require(collectionView.dataSource as? UICollectionViewDiffableDataSource<Int, Int>)
            #expect(dataSource.snapshot().itemIdentifiers == [0, 1, 2])
            // The header block (80 pt) is the section's header supplementary view, at the top of the content.
            let header = try #require(collectionView.layoutAttributesForSupplementaryElement(
                ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0)))
            #expect(header.frame == CGRect(x: 20, y: 0, width: 353, height: 80))
            #expect(collectionView.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader,
                                                     at: IndexPath(item: 0, section: 0)) is TodayHeaderView)
            // One column of cards: screen − 40 wide, 1.2 × as tall (rounded), 20 pt apart, after the header.
            let first = try #require(collectionView.cellForItem(at: IndexPath(item: 0, section: 0)) as? TodayCardCell)
            #expect(first.frame == CGRect(x: 20, y: 80, width: 353, height: 424))
            let second = try #require(collectionView.layoutAttributesForItem(at: IndexPath(item: 1, section: 0)))
            #expect(second.frame == CGRect(x: 20, y: 524, width: 353, height: 424))
            // The card keeps its look: corner radius 16, shadow black 0.2, radius 12, offset (0, 4).
            let card = try #require(first.card)
            #expect(card.bgBackView.layer.cornerRadius == 16 && card.bgBackView.layer.shadowOpacity == 0.2
                    && card.bgBackView.layer.shadowRadius == 12 && card.bgBackView.layer.shadowOffset == CGSize(width: 0, height: 4))
        }
    }

    @Test func expandStartsFromTheTappedCell() throws {
        let plan = try Stage.plan(CardExpandScene.self, settings: RenderSettings(scale: 1))
        let present = try #require(plan.transitions.first)
        let session = SceneSession(CardExpandScene.self)
        let scene = session.scene as! CardExpandScene
        session.advance(to: present.start)
        let cell = try #require(session.within { scene.today.collectionView.cellForItem(at: IndexPath(item: 0, section: 0)) as? TodayCardCell })
        #expect(session.within { scene.today.selectedIndexPath } == IndexPath(item: 0, section: 0))
        let detail = try #require(session.within { scene.app.presentedViewController as? CardDetailViewController })
        // At the start the detail has the card's frame on screen, wherever the list has put the cell.
        let card = try #require(cell.card)
        #expect(near(shownFrame(detail.view, in: session), shownFrame(card.bgBackView, in: session)))
        _ = try session.runToEnd()
        #expect(detail.view.frame == CGRect(x: 0, y: 0, width: 393, height: 852))
    }

    @Test func collapseEndsOnTheCellFoundAgain() throws {
        let session = SceneSession(CardCollapseScene.self)
        let scene = session.scene as! CardCollapseScene
        _ = try session.runToEnd()
        // The detail is gone and the list shows the card where the collection view keeps it.
        #expect(session.within { scene.app.presentedViewController } == nil)
        let cell = try #require(session.within { scene.today.collectionView.cellForItem(at: IndexPath(item: 0, section: 0)) as? TodayCardCell })
        #expect(shownFrame(cell, in: session).minX == 20)
        #expect(session.within { scene.app.tabBar.superview } === scene.app.view)
    }
}
