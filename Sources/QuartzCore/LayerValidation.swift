import CoreGraphics

/// A layer tree that cannot be drawn: which layer (its path from the root, e.g.
/// `root.sublayers[2].sublayers[0]`, with its name when it has one), which property, and why.
public struct InvalidLayerTree: Error, CustomStringConvertible, Equatable {
    public let layerPath: String
    public let property: String
    public let problem: String
    public var description: String { "\(layerPath).\(property): \(problem)" }
}

extension LayerSnapshot {
    /// Checks that every value that places or sizes something is finite, and that sizes and radii are not
    /// negative. `path` names this layer in messages.
    public func validate(path: String = "root") throws {
        let where_ = name.map { "\(path) (\"\($0)\")" } ?? path
        func fail(_ property: String, _ problem: String) -> InvalidLayerTree {
            InvalidLayerTree(layerPath: where_, property: property, problem: problem)
        }
        func finite(_ property: String, _ values: [CGFloat]) throws {
            if let bad = values.first(where: { !$0.isFinite }) { throw fail(property, "\(bad) is not a finite number") }
        }
        let s = state
        try finite("bounds", [s.bounds.origin.x, s.bounds.origin.y, s.bounds.size.width, s.bounds.size.height])
        if s.bounds.size.width < 0 || s.bounds.size.height < 0 {
            throw fail("bounds", "the size \(s.bounds.size.width)×\(s.bounds.size.height) is negative; sizes must be 0 or more")
        }
        try finite("position", [s.position.x, s.position.y])
        try finite("anchorPoint", [s.anchorPoint.x, s.anchorPoint.y])
        try finite("zPosition", [s.zPosition])
        try finite("transform", s.transform.entries)
        try finite("sublayerTransform", s.sublayerTransform.entries)
        if !s.opacity.isFinite { throw fail("opacity", "\(s.opacity) is not a finite number") }
        try finite("cornerRadius", [s.cornerRadius])
        if s.cornerRadius < 0 { throw fail("cornerRadius", "\(s.cornerRadius) is negative") }
        try finite("shadowRadius", [s.shadowRadius])
        if s.shadowRadius < 0 { throw fail("shadowRadius", "\(s.shadowRadius) is negative") }
        try finite("shadowOffset", [s.shadowOffset.width, s.shadowOffset.height])
        if !s.shadowOpacity.isFinite { throw fail("shadowOpacity", "\(s.shadowOpacity) is not a finite number") }
        try finite("borderWidth", [s.borderWidth])
        if s.borderWidth < 0 { throw fail("borderWidth", "\(s.borderWidth) is negative") }
        try finite("contentsScale", [s.contentsScale])
        if s.contentsScale <= 0 { throw fail("contentsScale", "\(s.contentsScale) must be greater than 0") }
        if let gradient = s.gradient {
            try finite("startPoint", [gradient.startPoint.x, gradient.startPoint.y])
            try finite("endPoint", [gradient.endPoint.x, gradient.endPoint.y])
            try finite("locations", gradient.locations ?? [])
        }
        if let text = s.text {
            for run in text.runs {
                try finite("text.fontSize", [run.fontSize])
                if run.fontSize <= 0 { throw fail("text.fontSize", "\(run.fontSize) must be greater than 0") }
                try finite("text.kern", [run.kern])
            }
            try finite("text.lineSpacing", [text.lineSpacing])
            if text.numberOfLines < 0 { throw fail("text.numberOfLines", "\(text.numberOfLines) is negative; 0 means no limit") }
        }
        if let filter = s.backdropFilter {
            try finite("backdropFilter.blurRadius", [filter.blurRadius])
            if filter.blurRadius < 0 { throw fail("backdropFilter.blurRadius", "\(filter.blurRadius) is negative") }
            try finite("backdropFilter.saturation", [filter.saturation])
        }
        try finite("backdropStrength", [s.backdropStrength])
        try mask?.validate(path: "\(path).mask")
        for (index, child) in sublayers.enumerated() { try child.validate(path: "\(path).sublayers[\(index)]") }
    }
}
