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

    /// While a button is held (frames 49–51 at 30 fps on an iPhone SE) the damaged region — grown to the
    /// platter's blur region — is redrawn over the previous frame, cutting the gradient card behind the
    /// platter: the region's pixels are still the full render's (GradientRegionRedraw in CompositorTests).
    @Test("streamed frames equal fresh stills: alert")
    func alertStreamedEqualsFresh() throws {
        try expectStreamedFramesEqualFreshStills(scene: "alert")
    }
}
