import CoreGraphics
import QuartzCore
import Raster

// Damage: the region that changed between two trees, shadows included.
extension LayerRenderer {
    /// The canvas area (pixels) that differs between two trees: for every subtree whose own properties,
    /// mask or list of sublayers changed, where it drew before and where it draws now, shadows included.
    /// nil when nothing changed.
    func damageRect(_ old: LayerSnapshot, _ new: LayerSnapshot, parent: Space) -> CGRect? {
        // A shadow cast from content follows the sublayers; whether it is cast from the layer's own shape
        // instead depends on them too, and switching draws the whole layer another way.
        let shadowFromContent = hasShadow(new.state) && new.state.shadowPath == nil
        if old.state != new.state || old.mask != new.mask || old.sublayers.count != new.sublayers.count || old.name != new.name ||
            (shadowFromContent && castsOwnShape(old) != castsOwnShape(new)) {
            let before = visualExtent(old, placement: layerTransform(old.state, parent: parent))
            let after = visualExtent(new, placement: layerTransform(new.state, parent: parent))
            switch (before, after) {
            case (nil, nil): return nil
            case (let a?, nil): return a
            case (nil, let b?): return b
            case (let a?, let b?): return a.union(b)
            }
        }
        // Same properties, same placement: only the sublayers can differ.
        let placement = layerTransform(new.state, parent: parent)
        let content = contentTransform(new.state, layer: placement)
        var damage: CGRect?
        for (a, b) in zip(old.sublayers, new.sublayers) where a != b {
            if let d = damageRect(a, b, parent: content) { damage = damage.map { $0.union(d) } ?? d }
        }
        // The layer's shadow, cast from what the sublayers draw, changes as far from them as it reaches.
        if shadowFromContent, let d = damage {
            let reach = CGFloat(shadowReach(new.state, placement: placement))
            damage = d.insetBy(dx: -reach, dy: -reach)
        }
        return damage
    }

    /// Everything a layer can touch: its content and, when it casts one, its shadow (a generous bound).
    func visualExtent(_ layer: LayerSnapshot, placement: Transform2D) -> CGRect? {
        guard placementIsDrawable(placement, layer.state), let extent = shadowedExtent(layer, placement: placement) else { return nil }
        return extent.insetBy(dx: -1, dy: -1)
    }
}
