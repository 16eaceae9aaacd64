import CoreGraphics
import Foundation

public protocol CALayerDelegate: AnyObject {
    /// Makes the layer's contents. Without it (the default below) the layer draws through `draw(in:)`.
    func display(_ layer: CALayer)
    /// Draws the layer's contents into `ctx` (its bounds space), when the layer draws itself.
    func draw(_ layer: CALayer, in ctx: CGContext)
    /// Called before the layer makes a context to draw in.
    func layerWillDraw(_ layer: CALayer)
    func layoutSublayers(of layer: CALayer)
    /// The action for a property change; UIKit answers with an animation inside animation blocks. nil
    /// goes on searching (the layer's `actions`, `style`, `defaultAction(forKey:)`); `NSNull()` stops.
    func action(for layer: CALayer, forKey event: String) -> CAAction?
}
extension CALayerDelegate {
    /// Optional in Core Animation: a delegate that does not implement it leaves the drawing to the layer.
    public func display(_ layer: CALayer) { layer.displayByDrawing() }
    public func draw(_ layer: CALayer, in ctx: CGContext) {}
    public func layerWillDraw(_ layer: CALayer) {}
    public func action(for layer: CALayer, forKey event: String) -> CAAction? { nil }
    public func layoutSublayers(of layer: CALayer) {}
}

/// `NSNull` as an action is Core Animation's "no action, stop searching" (a delegate returns it).
extension NSNull: CAAction {
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}

public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let circular = CALayerCornerCurve(rawValue: "circular")
    /// Apple's squircle: each corner's curve starts 1.528665 × radius from the corner.
    public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}

public struct CALayerContentsGravity: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let center = CALayerContentsGravity(rawValue: "center")
    public static let top = CALayerContentsGravity(rawValue: "top")
    public static let bottom = CALayerContentsGravity(rawValue: "bottom")
    public static let left = CALayerContentsGravity(rawValue: "left")
    public static let right = CALayerContentsGravity(rawValue: "right")
    public static let topLeft = CALayerContentsGravity(rawValue: "topLeft")
    public static let topRight = CALayerContentsGravity(rawValue: "topRight")
    public static let bottomLeft = CALayerContentsGravity(rawValue: "bottomLeft")
    public static let bottomRight = CALayerContentsGravity(rawValue: "bottomRight")
    public static let resize = CALayerContentsGravity(rawValue: "resize")
    public static let resizeAspect = CALayerContentsGravity(rawValue: "resizeAspect")
    public static let resizeAspectFill = CALayerContentsGravity(rawValue: "resizeAspectFill")
    public static let all: [CALayerContentsGravity] = [.center, .top, .bottom, .left, .right, .topLeft, .topRight,
                                                       .bottomLeft, .bottomRight, .resize, .resizeAspect, .resizeAspectFill]
}

public struct CALayerContentsFormat: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let RGBA8Uint = CALayerContentsFormat(rawValue: "RGBA8")
    public static let RGBA16Float = CALayerContentsFormat(rawValue: "RGBAh")
    public static let gray8Uint = CALayerContentsFormat(rawValue: "Gray8")
}

public struct CALayerContentsFilter: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let nearest = CALayerContentsFilter(rawValue: "nearest")
    public static let linear = CALayerContentsFilter(rawValue: "linear")
    public static let trilinear = CALayerContentsFilter(rawValue: "trilinear")
}

public struct CAEdgeAntialiasingMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let layerLeftEdge = CAEdgeAntialiasingMask(rawValue: 1 << 0)
    public static let layerRightEdge = CAEdgeAntialiasingMask(rawValue: 1 << 1)
    public static let layerBottomEdge = CAEdgeAntialiasingMask(rawValue: 1 << 2)
    public static let layerTopEdge = CAEdgeAntialiasingMask(rawValue: 1 << 3)
}

public struct CACornerMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1)
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 2)
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 4)
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 8)
}

/// A layer of the model tree. Setting a property changes the model at once; what is drawn at time t is the
/// presentation: the model with the layer's animations applied (`presentation()`, `snapshot(at:)`).
///
/// Standalone layers have no implicit animations here (Core Animation's 0.25 s implicit actions apply only
/// to layers not backed by a view): a property animates only through an explicit `add(_:forKey:)` or a
/// delegate action (UIKit animation blocks).
open class CALayer: NSObject, CAMediaTiming {
    /// The model values.
    package private(set) var modelState = LayerState() {
        didSet { if !pendingObservedKeys.isEmpty { announceObservedChanges() } }
    }
    /// Key-value observers (KeyValueObserving.swift), made when the first one registers, and the keys
    /// announced by `willChange` whose change the next write of the model completes.
    package private(set) var keyValueObserversIfAny: KeyValueObservers?
    private var pendingObservedKeys: [String] = []
    public weak var delegate: CALayerDelegate?
    public private(set) weak var superlayer: CALayer?
    private var children: [CALayer] = []
    public var name: String?
    /// Accepted and stored: Core Animation caches the layer as a bitmap at `rasterizationScale`; a
    /// renderer that draws every frame from scratch shows the same pixels without the cache.
    public var shouldRasterize = false
    public var rasterizationScale: CGFloat = 1
    private var animationEntries: [AnimationEntry] = []
    private var generatedKeyCount = 0
    private var layoutIsNeeded = false
    private var displayIsNeeded = false
    /// Values key-value coding stored for keys that are not animatable properties (CALayer is a key-value
    /// coding container class).
    var arbitraryValues: [String: Any] = [:]

    public required override init() { super.init() }

    /// A copy of another layer's properties (Core Animation uses this for presentation layers).
    public required init(layer: Any) {
        if let other = layer as? CALayer { modelState = other.modelState; name = other.name; arbitraryValues = other.arbitraryValues }
        super.init()
    }

    /// Core Animation's shape: `<CALayer: 0x…>`.
    open override var description: String { "<\(type(of: self)): \(objectAddress(self))>" }

    // MARK: Properties

    /// Runs the action for `key` (before the value changes), as Core Animation does.
    func runAction(forKey key: String) { willChange(key) }
    private func willChange(_ key: String) {
        if Self.needsDisplay(forKey: key) { setNeedsDisplay() }
        if let action = action(forKey: key), !(action is NSNull) {
            action.run(forKey: key, object: self, arguments: nil)
        }
        if let observers = keyValueObserversIfAny, CALayer.announcedKeys.contains(key) {
            let keys = CALayer.keysAffected(by: key)
            pendingObservedKeys += keys
            observers.willChange(keys)
        }
    }
    private func announceObservedChanges() {
        let keys = pendingObservedKeys
        pendingObservedKeys = []
        keyValueObserversIfAny?.didChange(keys)
    }
    package var keyValueObservers: KeyValueObservers {
        if let observers = keyValueObserversIfAny { return observers }
        let observers = KeyValueObservers()
        keyValueObserversIfAny = observers
        return observers
    }

    public var bounds: CGRect {
        get { modelState.bounds }
        set {
            guard newValue != modelState.bounds else { return }
            willChange("bounds")
            if newValue.size != modelState.bounds.size {
                setNeedsLayout()
                if needsDisplayOnBoundsChange { setNeedsDisplay() }
            }
            modelState.bounds = newValue
        }
    }
    public var position: CGPoint {
        get { modelState.position }
        set { guard newValue != modelState.position else { return }; willChange("position"); modelState.position = newValue }
    }
    public var anchorPoint: CGPoint {
        get { modelState.anchorPoint }
        set { willChange("anchorPoint"); modelState.anchorPoint = newValue }
    }
    public var zPosition: CGFloat {
        get { modelState.zPosition }
        set { willChange("zPosition"); modelState.zPosition = newValue }
    }
    public var transform: CATransform3D {
        get { modelState.transform }
        set { willChange("transform"); modelState.transform = newValue }
    }
    public var sublayerTransform: CATransform3D {
        get { modelState.sublayerTransform }
        set { willChange("sublayerTransform"); modelState.sublayerTransform = newValue }
    }
    public func affineTransform() -> CGAffineTransform { CATransform3DGetAffineTransform(modelState.transform) }
    public func setAffineTransform(_ m: CGAffineTransform) { transform = CATransform3DMakeAffineTransform(m) }

    /// Derived from position, anchorPoint and bounds; setting it rewrites position and bounds.size.
    public var frame: CGRect {
        get { modelState.frame }
        set {
            keyValueObserversIfAny?.willChange(["frame"]); defer { keyValueObserversIfAny?.didChange(["frame"]) }
            let rect = newValue.standardized
            bounds = CGRect(origin: modelState.bounds.origin, size: rect.size)
            position = CGPoint(x: rect.minX + modelState.anchorPoint.x * rect.width,
                               y: rect.minY + modelState.anchorPoint.y * rect.height)
        }
    }
    /// Whether the layer is drawn when it faces away from the viewer (Core Animation's default: true).
    public var isDoubleSided: Bool {
        get { modelState.isDoubleSided }
        set { modelState.isDoubleSided = newValue }
    }
    public var isHidden: Bool {
        get { modelState.isHidden }
        set { willChange("hidden"); modelState.isHidden = newValue }
    }
    /// Clamped to 0…1.
    public var opacity: Float {
        get { modelState.opacity }
        set { willChange("opacity"); modelState.opacity = newValue.isNaN ? 0 : min(max(newValue, 0), 1) }
    }
    public var allowsGroupOpacity: Bool {
        get { modelState.allowsGroupOpacity }
        set { modelState.allowsGroupOpacity = newValue }
    }
    public var masksToBounds: Bool {
        get { modelState.masksToBounds }
        set { willChange("masksToBounds"); modelState.masksToBounds = newValue }
    }
    public var backgroundColor: CGColor? {
        get { modelState.backgroundColor }
        set { willChange("backgroundColor"); modelState.backgroundColor = newValue }
    }
    public var cornerRadius: CGFloat {
        get { modelState.cornerRadius }
        set { willChange("cornerRadius"); modelState.cornerRadius = max(newValue, 0) }
    }
    public var maskedCorners: CACornerMask {
        get { modelState.maskedCorners }
        set { willChange("maskedCorners"); modelState.maskedCorners = newValue }
    }
    public var cornerCurve: CALayerCornerCurve {
        get { modelState.cornerCurve }
        set { willChange("cornerCurve"); modelState.cornerCurve = newValue }
    }
    /// A CGImage (Apple declares `Any?`; anything else draws nothing).
    public var contents: Any? {
        get { modelState.contents }
        set { willChange("contents"); modelState.contents = newValue as? CGImage }
    }
    public var contentsGravity: CALayerContentsGravity {
        get { modelState.contentsGravity }
        set { willChange("contentsGravity"); modelState.contentsGravity = newValue }
    }
    public var contentsScale: CGFloat {
        get { modelState.contentsScale }
        set { willChange("contentsScale"); modelState.contentsScale = newValue > 0 ? newValue : 1 }
    }
    /// A layer whose composited alpha masks this one (it has no superlayer; positioned in this layer's bounds space).
    public var mask: CALayer? {
        didSet { oldValue?.maskOwner = nil; mask?.removeFromSuperlayer(); mask?.maskOwner = self }
    }
    weak var maskOwner: CALayer?
    public var shadowPath: CGPath? {
        get { modelState.shadowPath }
        set { willChange("shadowPath"); modelState.shadowPath = newValue?.copy() }
    }
    public var shadowColor: CGColor? {
        get { modelState.shadowColor }
        set { willChange("shadowColor"); modelState.shadowColor = newValue }
    }
    public var shadowOpacity: Float {
        get { modelState.shadowOpacity }
        set { willChange("shadowOpacity"); modelState.shadowOpacity = newValue.isNaN ? 0 : min(max(newValue, 0), 1) }
    }
    public var shadowOffset: CGSize {
        get { modelState.shadowOffset }
        set { willChange("shadowOffset"); modelState.shadowOffset = newValue }
    }
    public var shadowRadius: CGFloat {
        get { modelState.shadowRadius }
        set { willChange("shadowRadius"); modelState.shadowRadius = max(newValue, 0) }
    }

    /// Width of the border drawn inside the bounds (clamped to 0 or more).
    public var borderWidth: CGFloat {
        get { modelState.borderWidth }
        set { willChange("borderWidth"); modelState.borderWidth = max(newValue, 0) }
    }
    /// Default opaque black, as in Core Animation.
    public var borderColor: CGColor? {
        get { modelState.borderColor }
        set { willChange("borderColor"); modelState.borderColor = newValue }
    }

    /// This renderer's stand-in for Core Animation's private backdrop layers (what UIVisualEffectView draws
    /// with): the content behind the layer, within its bounds and clips, blurred, saturated and tinted.
    /// Not animatable itself; `backdropStrength` is.
    public var backdropFilter: BackdropFilter? {
        get { modelState.backdropFilter }
        set { willChange("backdropFilter"); modelState.backdropFilter = newValue }
    }
    /// How much of `backdropFilter` is applied, 0…1 (clamped); animatable.
    public var backdropStrength: CGFloat {
        get { modelState.backdropStrength }
        set { willChange("backdropStrength"); modelState.backdropStrength = newValue.isNaN ? 0 : min(max(newValue, 0), 1) }
    }

    /// Subclasses that draw something of their own (gradients) write it here.
    func updateModel(_ change: (inout LayerState) -> Void) { change(&modelState) }

    /// Text drawn as this layer's contents (UILabel's): set without an animation, as text is not animatable.
    package func setText(_ text: LayerText?) { modelState.text = text }
    /// A vector shape drawn as this layer's contents (symbol images): set without an animation.
    package func setShape(_ shape: ShapeContent?) { modelState.shape = shape }

    // MARK: Tree

    public var sublayers: [CALayer]? {
        get { children.isEmpty ? nil : children }
        set {
            for child in children { child.superlayer = nil }
            children = []
            for child in newValue ?? [] { addSublayer(child) }
        }
    }

    public func addSublayer(_ layer: CALayer) { insertSublayer(layer, at: UInt32(children.count)) }

    public func insertSublayer(_ layer: CALayer, at index: UInt32) {
        checkUsage(layer !== self, "CALayer.insertSublayer: a layer cannot be its own sublayer")
        let oldTimeBaseIsMedia = layer.timeBaseIsMedia
        defer { if !(oldTimeBaseIsMedia && layer.timeBaseIsMedia) { layer.rescheduleAnimationEnds() } }
        var target = Int(index)
        if layer.superlayer === self, let current = children.firstIndex(where: { $0 === layer }) {
            children.remove(at: current)
            if current < target { target -= 1 }
        } else {
            layer.removeFromSuperlayer()
        }
        children.insert(layer, at: min(max(target, 0), children.count))
        layer.superlayer = self
    }

    public func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        let index = sibling.flatMap { s in children.firstIndex { $0 === s } } ?? 0
        insertSublayer(layer, at: UInt32(index))
    }

    public func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        let index = sibling.flatMap { s in children.firstIndex { $0 === s }.map { $0 + 1 } } ?? children.count
        insertSublayer(layer, at: UInt32(index))
    }

    /// Puts `newLayer` where `oldLayer` is among the sublayers; does nothing if `oldLayer` is not one.
    public func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        guard oldLayer !== newLayer, let index = children.firstIndex(where: { $0 === oldLayer }) else { return }
        oldLayer.removeFromSuperlayer()
        insertSublayer(newLayer, at: UInt32(index))
    }

    public func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        let oldTimeBaseIsMedia = timeBaseIsMedia
        parent.children.removeAll { $0 === self }
        superlayer = nil
        if !oldTimeBaseIsMedia { rescheduleAnimationEnds() }
    }

    // MARK: Layout

    public func setNeedsLayout() { layoutIsNeeded = true }
    /// Whether `setNeedsLayout()` was called and no layout pass has run since.
    public func needsLayout() -> Bool { layoutIsNeeded }

    /// Lays out from the highest ancestor that needs layout (Apple: "the layer's super layers are
    /// traversed until a ancestor layer is found that does not require layout. Then layout is performed
    /// on the entire layer-tree beneath that ancestor"), top-down.
    public func layoutIfNeeded() {
        var top = self
        while let parent = top.superlayer, parent.layoutIsNeeded { top = parent }
        top.layoutTreeIfNeeded()
    }

    private func layoutTreeIfNeeded() {
        if layoutIsNeeded {
            layoutIsNeeded = false
            layoutSublayers()
        }
        for child in children { child.layoutTreeIfNeeded() }
    }

    open func layoutSublayers() { delegate?.layoutSublayers(of: self) }

    /// The bounds size (Core Animation asks a layout manager first; layers have none here).
    open func preferredFrameSize() -> CGSize { modelState.bounds.size }

    // MARK: Drawing (contents made by drawing)

    /// Marks the contents as out of date: `display()` runs at the end of the run-loop turn (a scene
    /// session's display pass after layout) or at `displayIfNeeded()`.
    public func setNeedsDisplay() { displayIsNeeded = true }
    /// Redraws the whole layer: contents are one image here, so a part marks all of it.
    public func setNeedsDisplay(_ r: CGRect) { setNeedsDisplay() }
    public func needsDisplay() -> Bool { displayIsNeeded }
    /// Runs a pending `display()`. A layer without area keeps it pending until it has one (so a view
    /// made at zero size and sized by layout later still draws).
    public func displayIfNeeded() {
        guard displayIsNeeded, modelState.bounds.width > 0, modelState.bounds.height > 0 else { return }
        displayIsNeeded = false
        display()
    }
    /// Whether a change of the bounds' size marks the contents as out of date (UIKit: `contentMode = .redraw`).
    public var needsDisplayOnBoundsChange = false

    /// Makes the contents: the delegate's `display(_:)` if it has one, else `draw(in:)` into an image of
    /// the bounds at `contentsScale`, which becomes `contents`.
    open func display() {
        if let delegate { delegate.display(self) } else { displayByDrawing() }
    }

    /// Draws the contents; the default asks the delegate (`draw(_:in:)`).
    open func draw(in ctx: CGContext) { delegate?.draw(self, in: ctx) }

    /// Core Animation's default display: a context the size of the bounds (origin at the bounds' origin),
    /// `draw(in:)`, the image as `contents`. Needs the rasterizer a render installs; without one (no pixels
    /// can be made) the contents stay as they are.
    package func displayByDrawing() {
        guard let recording = drawnRecording() else { return }
        if let image = recording.makeImage() { contents = image }
    }

    /// What `draw(in:)` records now, at `scale` pixels per point (default `contentsScale`); nil for empty
    /// bounds, or without a rasterizer to turn it into pixels.
    package func drawnRecording(scale: CGFloat? = nil) -> CGContext? {
        let size = modelState.bounds.size
        guard size.width > 0, size.height > 0, size.width.isFinite, size.height.isFinite, CGContext.rasterizer != nil else { return nil }
        delegate?.layerWillDraw(self)
        let context = CGContext(size: size, scale: scale ?? modelState.contentsScale, opaque: isOpaque)
        context.translateBy(x: -modelState.bounds.minX, y: -modelState.bounds.minY)
        draw(in: context)
        return context
    }

    /// Runs every pending `display()` in the subtree (mask layers included), as Core Animation does when a
    /// transaction commits after layout.
    package func displayTreeIfNeeded() {
        displayIfNeeded()
        mask?.displayTreeIfNeeded()
        for child in children { child.displayTreeIfNeeded() }
    }

    /// Whether changing `key` marks the contents as out of date (subclasses that draw from their own
    /// properties answer true for them).
    open class func needsDisplay(forKey key: String) -> Bool { false }

    // MARK: Actions

    /// Actions by key, consulted after the delegate (Core Animation's search order).
    public var actions: [String: CAAction]?

    /// The action for `event`: the delegate's answer, else `actions`, else the `style` dictionary's
    /// "actions", else `defaultAction(forKey:)`. `NSNull` in any of them means none.
    open func action(forKey event: String) -> CAAction? {
        if let delegate, let answer = delegate.action(for: self, forKey: event) { return answer }
        if let action = actions?[event] { return action }
        if let styleActions = style?["actions"] as? [String: CAAction], let action = styleActions[event] { return action }
        return Self.defaultAction(forKey: event)
    }

    /// The class's action for `event` when nothing else gives one. Core Animation answers with its implicit
    /// 0.25 s animations; here nil, since standalone layers do not animate implicitly (see the class
    /// comment); a subclass may answer with its own.
    open class func defaultAction(forKey event: String) -> CAAction? { nil }

    /// The value a property has before it is set (key-value coding names). Properties here are initialised
    /// with their defaults, so this answers for the geometry and appearance keys only; a subclass may add its own.
    open class func defaultValue(forKey key: String) -> Any? {
        let state = LayerState()
        switch key {
        case "anchorPoint": return state.anchorPoint
        case "opacity": return state.opacity
        case "transform", "sublayerTransform": return CATransform3DIdentity
        case "contentsRect": return CGRect(x: 0, y: 0, width: 1, height: 1)
        case "contentsCenter": return CGRect(x: 0, y: 0, width: 1, height: 1)
        case "contentsScale", "rasterizationScale": return CGFloat(1)
        case "shadowOffset": return state.shadowOffset
        case "shadowRadius": return state.shadowRadius
        case "shadowColor", "borderColor": return CGColor.black
        case "isDoubleSided", "doubleSided", "allowsGroupOpacity", "allowsEdgeAntialiasing": return key != "allowsEdgeAntialiasing"
        default: return nil
        }
    }

    /// Inert: archiving (NSCoding) is not supported on Linux here; every key would be archived.
    open func shouldArchiveValue(forKey key: String) -> Bool { true }

    /// A dictionary of default values (and an "actions" dictionary) consulted after the layer's own.
    /// Only its "actions" entry is read (by `action(forKey:)`); property defaults are the initial values.
    public var style: [AnyHashable: Any]?

    // MARK: Hit testing

    /// The deepest layer of this subtree (itself included) whose bounds contain `p`, a point in the
    /// superlayer's bounds space (the layer's own for a root); hidden layers and what a `masksToBounds`
    /// layer clips away are skipped. Model values, sublayers front to back.
    open func hitTest(_ p: CGPoint) -> CALayer? {
        guard !modelState.isHidden else { return nil }
        let local: CGPoint
        if let parent = superlayer {
            local = CATransform3DInvert(CATransform3DConcat(modelState.toSuperlayer, parent.modelState.sublayerTransformAboutAnchor)).apply(to: p)
        } else {
            local = p
        }
        if modelState.masksToBounds && !contains(local) { return nil }
        for child in children.reversed() { if let hit = child.hitTest(local) { return hit } }
        return contains(local) ? self : nil
    }

    /// Whether `p` (bounds space) is inside the bounds; subclasses with a shape may answer by it.
    open func contains(_ p: CGPoint) -> Bool { modelState.bounds.contains(p) }

    // MARK: Stored properties without pixels here (see docs/UIKIT-COMPATIBILITY.md)

    /// Inert: `anchorPoint`'s z is a depth offset for 3-D layer trees flattened per layer; the renderer
    /// places layers by their 2-D anchor (stored and read back).
    public var anchorPointZ: CGFloat = 0
    /// Inert: layers here are always drawn in UIKit's flipped (y down) space, so flipping the geometry
    /// of a subtree (a macOS idiom) is stored and read back without effect.
    public var isGeometryFlipped = false
    /// Whether the contents are drawn flipped: never, as layers here have no flipped geometry.
    public func contentsAreFlipped() -> Bool { false }
    /// The part of `contents` shown, in unit coordinates of the image (default the whole of it): the
    /// gravity places that part as if it were the whole image. Animatable.
    public var contentsRect: CGRect {
        get { modelState.contentsRect }
        set { willChange("contentsRect"); modelState.contentsRect = newValue }
    }
    /// The stretchable middle of the shown contents, in unit coordinates of `contentsRect` (default the
    /// whole of it): when the gravity resizes the image, the parts outside it keep their size (scaled down
    /// together when the layer is smaller than they are) and only the middle stretches — nine-part
    /// scaling, as UIKit's resizable images use. Animatable.
    public var contentsCenter: CGRect {
        get { modelState.contentsCenter }
        set { willChange("contentsCenter"); modelState.contentsCenter = newValue }
    }
    /// Inert: every image here is 8-bit RGBA sRGB, whatever format is asked for drawn contents.
    public var contentsFormat: CALayerContentsFormat = .RGBA8Uint
    /// Inert: no extended-range (HDR) output; frames are 8-bit sRGB.
    public var wantsExtendedDynamicRangeContent = false
    /// Inert: drawn contents are made at `contentsScale`, and frames at one scale per render.
    public var wantsDynamicContentScaling = false
    /// Inert: images are sampled with the renderer's one filter (bilinear, box-averaged when shrunk),
    /// whatever filter is named; stored and read back.
    public var minificationFilter: CALayerContentsFilter = .linear
    /// Inert: see `minificationFilter`.
    public var magnificationFilter: CALayerContentsFilter = .linear
    /// Inert: see `minificationFilter`.
    public var minificationFilterBias: Float = 0
    /// Whether drawn contents start opaque (black) rather than transparent; as in Core Animation it does
    /// not change how the layer composites.
    public var isOpaque = false
    /// Inert: drawing is recorded and rasterized deterministically in one place; there is no
    /// asynchronous path to choose.
    public var drawsAsynchronously = false
    /// Inert: every edge is drawn with exact area coverage (always antialiased), so per-edge control has
    /// nothing to switch.
    public var edgeAntialiasingMask: CAEdgeAntialiasingMask = [.layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge]
    /// Inert: see `edgeAntialiasingMask`.
    public var allowsEdgeAntialiasing = false
    /// Inert: Core Image filters do not exist here (blur and vibrancy are drawn through `backdropFilter`);
    /// stored and read back.
    public var compositingFilter: Any?
    /// Inert: see `compositingFilter`.
    public var filters: [Any]?
    /// Inert: see `compositingFilter`.
    public var backgroundFilters: [Any]?

    /// Inert: scrolling a layer scrolls its nearest CAScrollLayer ancestor, and there are none here.
    public func scroll(_ p: CGPoint) {}
    /// Inert: see `scroll(_:)`.
    public func scrollRectToVisible(_ r: CGRect) {}
    /// The visible part of the layer in its own space: its bounds (no CAScrollLayer ancestors clip it).
    public var visibleRect: CGRect { modelState.bounds }

    /// How far a corner's curve reaches beyond its radius: 1 for circular corners, 1.528665 for continuous ones.
    public class func cornerCurveExpansionFactor(_ curve: CALayerCornerCurve) -> CGFloat {
        curve == .continuous ? 1.528665 : 1
    }

    // MARK: Coordinates

    /// Converts a point from this layer's bounds space to `layer`'s (nil: the root of the tree), through
    /// positions, transforms and sublayerTransforms (model values).
    public func convert(_ point: CGPoint, to layer: CALayer?) -> CGPoint {
        conversion(to: layer).apply(to: point)
    }

    public func convert(_ point: CGPoint, from layer: CALayer?) -> CGPoint {
        conversion(from: layer).apply(to: point)
    }

    /// This layer's bounds space → `layer`'s (nil: the root's).
    private func conversion(to layer: CALayer?) -> CATransform3D {
        let target = layer.map { CATransform3DInvert($0.toRoot()) } ?? CATransform3DIdentity
        return CATransform3DConcat(toRoot(), target)
    }

    /// `layer`'s bounds space (nil: the root's) → this layer's.
    private func conversion(from layer: CALayer?) -> CATransform3D {
        let source = layer?.toRoot() ?? CATransform3DIdentity
        return CATransform3DConcat(source, CATransform3DInvert(toRoot()))
    }

    /// The bounding box of the converted rectangle.
    public func convert(_ rect: CGRect, to layer: CALayer?) -> CGRect {
        boundingBox(of: rect, conversion(to: layer))
    }

    public func convert(_ rect: CGRect, from layer: CALayer?) -> CGRect {
        boundingBox(of: rect, conversion(from: layer))
    }

    /// The box around the rectangle's four corners mapped by `matrix` (one matrix for all four: layout and
    /// safe areas convert rectangles many times a frame).
    private func boundingBox(of rect: CGRect, _ matrix: CATransform3D) -> CGRect {
        let a = matrix.apply(to: CGPoint(x: rect.minX, y: rect.minY)), b = matrix.apply(to: CGPoint(x: rect.maxX, y: rect.minY))
        let c = matrix.apply(to: CGPoint(x: rect.minX, y: rect.maxY)), d = matrix.apply(to: CGPoint(x: rect.maxX, y: rect.maxY))
        let minX = Swift.min(a.x, b.x, c.x, d.x), maxX = Swift.max(a.x, b.x, c.x, d.x)
        let minY = Swift.min(a.y, b.y, c.y, d.y), maxY = Swift.max(a.y, b.y, c.y, d.y)
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// This layer's bounds space → the root's bounds space.
    private func toRoot() -> CATransform3D {
        var matrix = CATransform3DIdentity
        var layer = self
        while let parent = layer.superlayer {
            matrix = CATransform3DConcat(CATransform3DConcat(matrix, layer.modelState.toSuperlayer),
                                         parent.modelState.sublayerTransformAboutAnchor)
            layer = parent
        }
        return matrix
    }

    // MARK: Timing (CAMediaTiming)

    /// The layer's local time is `(parentTime − beginTime) · speed + timeOffset`, where the parent time is
    /// the superlayer's local time (media time at the root). The layer's animations and its sublayers run
    /// on it, so `speed = 0` freezes a subtree and `timeOffset` scrubs it, as in Core Animation.
    public var beginTime: CFTimeInterval = 0 { didSet { if beginTime != oldValue { rescheduleAnimationEnds() } } }
    public var speed: Float = 1 { didSet { if speed != oldValue { rescheduleAnimationEnds() } } }
    public var timeOffset: CFTimeInterval = 0 { didSet { if timeOffset != oldValue { rescheduleAnimationEnds() } } }

    /// The layer's own active duration, repeats and fill. Stored and read back: a layer's local time here
    /// runs without end (Core Animation's behaviour for the default duration of 0); its animations repeat
    /// and fill by their own timing.
    public var duration: CFTimeInterval = 0
    public var repeatCount: Float = 0
    public var repeatDuration: CFTimeInterval = 0
    public var autoreverses = false
    public var fillMode: CAMediaTimingFillMode = .removed

    private var hasIdentityTiming: Bool { beginTime == 0 && speed == 1 && timeOffset == 0 }

    /// Whether this layer's local time is media time (every layer up to the root has identity timing).
    private var timeBaseIsMedia: Bool {
        var layer: CALayer? = self
        while let l = layer { if !l.hasIdentityTiming { return false }; layer = l.superlayer }
        return true
    }

    private func localTime(fromParent t: CFTimeInterval) -> CFTimeInterval { (t - beginTime) * Double(speed) + timeOffset }

    /// This layer's local time at media time `t`.
    package func localTime(atMedia t: CFTimeInterval) -> CFTimeInterval {
        localTime(fromParent: superlayer.map { $0.localTime(atMedia: t) } ?? t)
    }

    /// How fast local time runs against media time (the product of the speeds up to the root).
    private var effectiveSpeed: Double {
        var rate = 1.0, layer: CALayer? = self
        while let l = layer { rate *= Double(l.speed); layer = l.superlayer }
        return rate
    }

    /// The media time at which local time is `local` (nil while some layer on the way is frozen).
    private func mediaTime(atLocal local: CFTimeInterval) -> CFTimeInterval? {
        guard speed != 0 else { return nil }
        let parent = beginTime + (local - timeOffset) / Double(speed)
        return superlayer.map { $0.mediaTime(atLocal: parent) } ?? parent
    }

    /// Converts a time from `layer`'s time space (nil: media time) into this layer's.
    public func convertTime(_ t: CFTimeInterval, from layer: CALayer?) -> CFTimeInterval {
        let media = layer.map { $0.mediaTime(atLocal: t) ?? CACurrentMediaTime() } ?? t
        return localTime(atMedia: media)
    }

    /// Converts a time from this layer's time space into `layer`'s (nil: media time). A frozen layer's
    /// time maps to the current media time.
    public func convertTime(_ t: CFTimeInterval, to layer: CALayer?) -> CFTimeInterval {
        let media = mediaTime(atLocal: t) ?? CACurrentMediaTime()
        return layer.map { $0.localTime(atMedia: media) } ?? media
    }

    // MARK: Animations

    private final class AnimationEntry {
        let key: String
        let animation: CAAnimation
        /// The pending timeline event that ends the animation (none while its layer's time stands still
        /// or runs backwards).
        var endEvent: Int?
        init(key: String, animation: CAAnimation) { self.key = key; self.animation = animation }
    }

    /// Adds an animation (replacing any with the same key). A `beginTime` of 0 becomes the layer's current
    /// local time (media time unless the layer or an ancestor is re-timed).
    public func add(_ anim: CAAnimation, forKey key: String?) {
        var key = key ?? { generatedKeyCount += 1; return "animation-\(generatedKeyCount)" }()
        if let transition = anim as? CATransition {
            // The rendering it starts from, taken before the transition is attached.
            key = kCATransition
            transition.before = snapshot(at: CACurrentMediaTime())
        }
        removeAnimation(forKey: key)
        if anim.beginTime == 0 { anim.beginTime = localTime(atMedia: CACurrentMediaTime()) }
        let entry = AnimationEntry(key: key, animation: anim)
        animationEntries.append(entry)
        anim.hasStopped = false
        CATransaction.animationAdded(anim)
        announceStart(of: anim)
        scheduleEnd(of: entry)
    }

    /// Tells the delegate when the animation starts: now, or for a `beginTime` still ahead, when the
    /// layer's time reaches it (if it runs forward), as long as the animation is still attached then.
    private func announceStart(of anim: CAAnimation) {
        guard anim.delegate != nil else { return }
        let now = localTime(atMedia: CACurrentMediaTime())
        guard anim.beginTime > now, effectiveSpeed > 0, let start = mediaTime(atLocal: anim.beginTime), start.isFinite else {
            anim.delegate?.animationDidStart(anim)
            return
        }
        _ = Timeline.current.schedule(at: start) { [weak self, weak anim] in
            guard let self, let anim, self.isAttached(anim) else { return }
            anim.delegate?.animationDidStart(anim)
        }
    }

    /// Schedules the event at which the animation's end is reached in this layer's time, if its time runs
    /// forward.
    private func scheduleEnd(of entry: AnimationEntry) {
        if let event = entry.endEvent { Timeline.current.cancel(event) }
        entry.endEvent = nil
        let anim = entry.animation
        let end = anim.endTime
        guard end.isFinite, effectiveSpeed > 0, let time = mediaTime(atLocal: end), time.isFinite else { return }
        entry.endEvent = Timeline.current.schedule(at: time) { [weak self, weak entry] in
            guard let self, let entry, let index = self.animationEntries.firstIndex(where: { $0 === entry }) else { return }
            entry.endEvent = nil
            if anim.isRemovedOnCompletion { self.animationEntries.remove(at: index) }
            anim.didStop(finished: true)
        }
    }

    /// The time base of this subtree changed: every animation's end moves (or disappears while frozen).
    private func rescheduleAnimationEnds() {
        for entry in animationEntries { scheduleEnd(of: entry) }
        for child in children { child.rescheduleAnimationEnds() }
    }

    /// Removes an animation; its delegate hears `finished: false`.
    public func removeAnimation(forKey key: String) {
        guard let index = animationEntries.firstIndex(where: { $0.key == key }) else { return }
        let entry = animationEntries.remove(at: index)
        if let event = entry.endEvent { Timeline.current.cancel(event) }
        entry.animation.didStop(finished: false)
    }

    public func removeAllAnimations() {
        for key in animationKeys() ?? [] { removeAnimation(forKey: key) }
    }

    public func animation(forKey key: String) -> CAAnimation? {
        animationEntries.first { $0.key == key }?.animation
    }

    public func animationKeys() -> [String]? {
        animationEntries.isEmpty ? nil : animationEntries.map(\.key)
    }

    /// Whether `anim` (the object itself) is attached to this layer.
    package func isAttached(_ anim: CAAnimation) -> Bool { animationEntries.contains { $0.animation === anim } }

    /// Removes `anim` (the object itself) if attached; its delegate hears `finished: false`.
    package func remove(_ anim: CAAnimation) {
        guard let entry = animationEntries.first(where: { $0.animation === anim }) else { return }
        removeAnimation(forKey: entry.key)
    }

    /// Whether any attached animation drives `keyPath`.
    public func isAnimating(keyPath: String) -> Bool {
        animationEntries.contains { ($0.animation as? CAPropertyAnimation)?.keyPath == keyPath }
    }

    // MARK: Presentation

    /// The model with every attached animation applied at media time `t` (converted into the layer's
    /// local time), in the order they were added.
    package func presentationState(at t: CFTimeInterval) -> LayerState {
        presentationState(localTime: localTime(atMedia: t))
    }

    private func presentationState(localTime local: CFTimeInterval) -> LayerState {
        var state = modelState
        for entry in animationEntries { entry.animation.apply(to: &state, model: modelState, at: local) }
        return state
    }

    /// The model with only the animations `include` accepts applied at media time `t`, in order (what the
    /// layer would show if every other animation were removed).
    package func presentationState(at t: CFTimeInterval, applying include: (CAAnimation) -> Bool) -> LayerState {
        let local = localTime(atMedia: t)
        var state = modelState
        for entry in animationEntries where include(entry.animation) { entry.animation.apply(to: &state, model: modelState, at: local) }
        return state
    }

    /// The model layer: the layer itself (this object always holds the model values).
    public func model() -> Self { self }

    /// A detached copy of this layer holding its presentation values now.
    public func presentation() -> Self? {
        let copy = Self(layer: self)
        copy.modelState = presentationState(at: CACurrentMediaTime())
        return copy
    }

    /// The presentation of the whole subtree at media time `t`, as plain values clamped the way Core
    /// Animation draws them (`clampedForRendering`). Layers without a name are
    /// named after their delegate's class (the view), so dumps and error messages say which view is meant.
    public func snapshot(at t: CFTimeInterval) -> LayerSnapshot {
        snapshot(parentTime: superlayer.map { $0.localTime(atMedia: t) } ?? t)
    }

    /// What the layer draws in its superlayer's list: itself, or while a transition runs, its old and new
    /// renderings (`CATransition.frames`).
    private func snapshots(parentTime: CFTimeInterval) -> [LayerSnapshot] {
        let current = snapshot(parentTime: parentTime)
        guard let transition = animation(forKey: kCATransition) as? CATransition, let before = transition.before,
              let time = transition.activeLocalTime(at: localTime(fromParent: parentTime)) else { return [current] }
        return transition.frames(before: before, after: current, progress: transition.transitionProgress(atLocalTime: time))
    }

    private func snapshot(parentTime: CFTimeInterval) -> LayerSnapshot {
        let local = localTime(fromParent: parentTime)
        return LayerSnapshot(name: name ?? delegate.map { String(describing: type(of: $0)) },
                             state: presentationState(localTime: local).clampedForRendering(),
                             sublayers: children.flatMap { $0.snapshots(parentTime: local) },
                             mask: mask?.snapshot(parentTime: local))
    }
}

/// A frozen presentation tree: what one frame draws.
public struct LayerSnapshot: Equatable, Sendable {
    public var name: String?
    package var state: LayerState
    public var sublayers: [LayerSnapshot]
    /// The mask layer's snapshot (boxed: a struct cannot hold itself inline).
    public var mask: LayerSnapshot? {
        get { maskBox.first }
        set { maskBox = newValue.map { [$0] } ?? [] }
    }
    private var maskBox: [LayerSnapshot] = []
    package init(name: String? = nil, state: LayerState, sublayers: [LayerSnapshot] = [], mask: LayerSnapshot? = nil) {
        self.name = name; self.state = state; self.sublayers = sublayers
        self.mask = mask
    }
}

/// A layer that fills its bounds with an axial gradient.
open class CAGradientLayer: CALayer {
    public required init() {
        super.init()
        syncGradient()
    }
    public required init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CAGradientLayer {
            colors = other.colors; locations = other.locations
            startPoint = other.startPoint; endPoint = other.endPoint
        }
    }

    /// CGColor values, top to bottom by default.
    public var colors: [Any]? { didSet { syncGradient() } }
    public var locations: [NSNumber]? { didSet { syncGradient() } }
    public var startPoint = CGPoint(x: 0.5, y: 0) { didSet { syncGradient() } }
    public var endPoint = CGPoint(x: 0.5, y: 1) { didSet { syncGradient() } }

    private func syncGradient() {
        let cgColors = (colors ?? []).compactMap { $0 as? CGColor }
        updateModel { state in
            state.gradient = cgColors.isEmpty ? nil : LayerState.Gradient(
                colors: cgColors, locations: locations?.map { CGFloat($0.doubleValue) },
                startPoint: startPoint, endPoint: endPoint)
        }
    }
}
