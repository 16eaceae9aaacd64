import Testing
import Foundation
import Stage
import Playback
@testable import Scenes

/// The alert scenes blur what is behind a platter that scales, fades and slides: a clip streamed through
/// one renderer (damage tracking, cached backdrops) equals fresh stills of the same moments.
@Suite struct AlertScenes {
    @Test("streamed frames equal fresh stills: action-sheet")
    func actionSheetStreamedEqualsFresh() throws {
        try expectStreamedFramesEqualFreshStills(scene: "action-sheet")
    }

    /// Known: while a button is held (frames 49–51 at 30 fps on an iPhone SE), the damaged region redrawn
    /// over the previous frame differs from a fresh render in about 50 pixels of the title and message (by
    /// 1 level; by up to 58 when the platter sits on whole points, as glyphs then land on the glyph
    /// cache's subpixel-phase boundaries, which a region's translation can tip). Fresh renders are
    /// deterministic; the incremental path in the Compositor/Raster is the cause, not the alert.
    @Test("streamed frames equal fresh stills: alert")
    func alertStreamedEqualsFresh() throws {
        withKnownIssue("incremental redraw of text over a backdrop filter differs slightly from a fresh render") {
            try expectStreamedFramesEqualFreshStills(scene: "alert")
        }
    }
}
