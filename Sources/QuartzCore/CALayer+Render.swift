import CoreGraphics

// Drawing a layer tree into a Core Graphics context: the tree is recorded as one display-list item and
// drawn by the renderer that draws frames, so it looks exactly as it does on screen.
extension CALayer {
    /// Renders the layer and its sublayers into `ctx`, in the layer's bounds coordinate space. As Core
    /// Animation documents, this draws the model tree and ignores animations; the layer's own position and
    /// transform do not apply (its opacity, shadow, mask and clipping do).
    public func render(in ctx: CGContext) {
        ctx.drawContent(modelSnapshot().placedInOwnBoundsSpace())
    }

    /// The model values of the whole subtree (animations not applied), clamped as they are drawn.
    package func modelSnapshot() -> LayerSnapshot {
        LayerSnapshot(name: name ?? delegate.map { String(describing: type(of: $0)) },
                      state: modelState.clampedForRendering(),
                      sublayers: (sublayers ?? []).map { $0.modelSnapshot() },
                      mask: mask?.modelSnapshot())
    }
}

extension LayerSnapshot {
    /// The tree with its root placed so that the root's bounds space is the space it is drawn in (no
    /// position, anchor offset or transform): a bounds point (x, y) lands on (x, y).
    package func placedInOwnBoundsSpace() -> LayerSnapshot {
        var placed = self
        let b = state.bounds
        placed.state.transform = CATransform3DIdentity
        placed.state.zPosition = 0
        placed.state.position = CGPoint(x: b.minX + state.anchorPoint.x * b.width, y: b.minY + state.anchorPoint.y * b.height)
        return placed
    }
}
