import Foundation

/// The physics of a sheet under a finger: UIScrollView's rubber band beyond the sheet's range, and on release
/// the WWDC18 projection ("Designing Fluid Interfaces": where the sheet would coast to with the scroll
/// view's normal deceleration) choosing the nearest resting place.
enum SheetPhysics {
    /// UIScrollView's rubber band (public reverse-engineering, c = 0.55): a finger `offset` beyond the edge
    /// moves the sheet (1 − 1/(offset·c/dimension + 1))·dimension, always less than the offset and never
    /// more than `dimension`. Negative offsets mirror positive ones.
    static func rubberBand(_ offset: CGFloat, dimension: CGFloat, constant: CGFloat = 0.55) -> CGFloat {
        guard dimension > 0, offset != 0 else { return 0 }
        let x = abs(offset)
        let banded = (1 - 1 / (x * constant / dimension + 1)) * dimension
        return offset < 0 ? -banded : banded
    }

    /// Where the sheet's top shows for a finger that would put it at `proposed`: free between `highest` (the
    /// largest detent) and `lowest` (off screen, or the smallest detent when the sheet may not go), rubber-banded
    /// beyond either over `dimension` (the container's height).
    static func displayedTop(proposed: CGFloat, highest: CGFloat, lowest: CGFloat, dimension: CGFloat) -> CGFloat {
        if proposed < highest { return highest - rubberBand(highest - proposed, dimension: dimension) }
        if proposed > lowest { return lowest + rubberBand(proposed - lowest, dimension: dimension) }
        return proposed
    }

    /// The top the sheet would coast to from `top` at `velocity` (pt/s, down positive).
    static func projectedTop(_ top: CGFloat, velocity: CGFloat) -> CGFloat {
        top + project(initialVelocity: velocity, decelerationRate: .normal)
    }

    enum Target: Equatable {
        /// Rest at the detent whose top is `tops[index]`.
        case detent(Int)
        case dismiss
    }

    /// On release: the detent top (or, when dismissal is allowed, `dismissedTop`) nearest the projected top.
    /// Ties go to the larger detent (the earlier top), then to staying.
    static func target(top: CGFloat, velocity: CGFloat, detentTops tops: [CGFloat], dismissedTop: CGFloat?) -> Target {
        let projected = projectedTop(top, velocity: velocity)
        var best: (target: Target, distance: CGFloat)?
        for (index, candidate) in tops.enumerated() {
            let distance = abs(candidate - projected)
            if best == nil || distance < best!.distance { best = (.detent(index), distance) }
        }
        if let dismissedTop, best == nil || abs(dismissedTop - projected) < best!.distance { return .dismiss }
        return best?.target ?? .dismiss
    }
}
