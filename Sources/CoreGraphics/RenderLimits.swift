/// Every size limit of render-transition, in one place. Input beyond a limit (a layer-tree document, an
/// image, a command-line value, a scene's frame) is refused before anything is allocated or computed for
/// it, with a message that names the limit and the key or option that broke it. README ("Limits") and
/// docs/LAYER-TREE-FORMAT.md state the same numbers.
///
/// The numbers are chosen so that nothing below them can crash or exhaust the machine: pixel areas stay far
/// inside `Int`, allocations under a few GiB, and recursion far from the bottom of a thread's stack.
package enum RenderLimits {
    /// Largest side of a canvas (a rendered frame or still), in pixels.
    public static let canvasSide = 8192
    /// Pixels per point: more than 0, at most this.
    public static let maxScale: Double = 4
    /// Frames per second of a clip.
    public static let fps = 1...240
    /// A scene that has not settled by this many seconds of its clock is refused (an animation that never
    /// ends, a script that loops): the longest clip.
    public static let clipSeconds: Double = 120
    /// Most frames in one clip: the longest clip at the highest frame rate, plus the first frame.
    public static let frames = Int(clipSeconds) * fps.upperBound + 1
    /// Deepest nesting of layers: the root is at depth 1, each sublayer or mask one deeper. Drawing
    /// recurses through the tree, and this keeps it far from the end of a thread's stack.
    public static let layerDepth = 100
    /// Most layers in one tree (sublayers and masks, the root included).
    public static let layerCount = 250_000
    /// How far anything a layer draws (its bounds, contents, shape, text, shadow, blur) may reach from the
    /// canvas's origin, in points, after every transform above it. Keeps pixel arithmetic exact.
    public static let coordinate: Double = 10_000_000
    /// Deepest nesting of arrays and objects in a JSON document (a layer tree of `layerDepth` layers
    /// needs about twice that many).
    public static let jsonDepth = 512
    /// Largest layer-tree document, in bytes.
    public static let documentBytes = 256 << 20
    /// Largest side of an image (an embedded or PNG image), in pixels.
    public static let imageSide = 32_768
    /// Most pixels in one image (1 GiB of RGBA).
    public static let imagePixels = 1 << 28
    /// Largest PNG file read as an image, in bytes.
    public static let imageFileBytes = 512 << 20
    /// Largest font size in a layer's text, in points.
    public static let fontSize: Double = 10_000
    /// How far a shadow may spread beyond its layer on the canvas (3.5 × its radius plus its offset, scaled
    /// by the transforms above it), in points: shadows are drawn in buffers that grow with it.
    public static let shadowReach: Double = 2000
    /// Most pixels of offscreen images kept at once while drawing a frame: nested opacity groups, masks and
    /// shadows cast from content each draw into an image of their own (counted three times its area, for
    /// the mask or shadow that goes with it) while the groups inside them draw theirs. 1 GiB of RGBA.
    public static let offscreenPixels = 1 << 28
    /// Most dashes a shape's stroke is cut into.
    public static let dashes = 1_000_000
    /// Largest Gaussian radius (standard deviation) of a shadow or backdrop blur, in points.
    public static let blurRadius: Double = 1000

    /// Whether `width`×`height` is an image size within the limits (checked before multiplying).
    public static func allowsImage(width: Int, height: Int) -> Bool {
        width >= 1 && height >= 1 && width <= imageSide && height <= imageSide && width * height <= imagePixels
    }

    /// Says the image limits, for messages.
    public static var imageLimitDescription: String {
        "at most \(imageSide) pixels on a side and \(imagePixels) pixels in all"
    }
}
