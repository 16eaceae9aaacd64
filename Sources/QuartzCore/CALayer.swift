import CoreGraphics

public protocol CALayerDelegate: AnyObject {
    /// The action for a property change; UIKit answers with an animation inside animation blocks.
    func action(for layer: CALayer, forKey event: String) -> CAAction?
    func layoutSublayers(of layer: CALayer)
}
extension CALayerDelegate {
    public func action(for layer: CALayer, forKey event: String) -> CAAction? { nil }
    public func layoutSublayers(of layer: CALayer) {}
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
open class CALayer: NSObject {
    /// The model values.
    package private(set) var model = LayerState() {
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
    public private(set) var needsLayout = false
    /// Values key-value coding stored for keys that are not animatable properties (CALayer is a key-value
    /// coding container class).
    var arbitraryValues: [String: Any] = [:]

    public required override init() { super.init() }

    /// A copy of another layer's properties (Core Animation uses this for presentation layers).
    public required init(layer: Any) {
        if let other = layer as? CALayer { model = other.model; name = other.name; arbitraryValues = other.arbitraryValues }
        super.init()
    }

    /// Core Animation's shape: `<CALayer: 0x…>`.
    open override var description: String { "<\(type(of: self)): \(objectAddress(self))>" }

    // MARK: Properties

    /// Runs the action for `key` (before the value changes), as Core Animation does.
    func runAction(forKey key: String) { willChange(key) }
    private func willChange(_ key: String) {
        delegate?.action(for: self, forKey: key)?.run(forKey: key, object: self, arguments: nil)
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
        get { model.bounds }
        set {
            guard newValue != model.bounds else { return }
            willChange("bounds")
            if newValue.size != model.bounds.size { setNeedsLayout() }
            model.bounds = newValue
        }
    }
    public var position: CGPoint {
        get { model.position }
        set { guard newValue != model.position else { return }; willChange("position"); model.position = newValue }
    }
    public var anchorPoint: CGPoint {
        get { model.anchorPoint }
        set { willChange("anchorPoint"); model.anchorPoint = newValue }
    }
    public var zPosition: CGFloat {
        get { model.zPosition }
        set { willChange("zPosition"); model.zPosition = newValue }
    }
    public var transform: CATransform3D {
        get { model.transform }
        set { willChange("transform"); model.transform = newValue }
    }
    public var sublayerTransform: CATransform3D {
        get { model.sublayerTransform }
        set { willChange("sublayerTransform"); model.sublayerTransform = newValue }
    }
    public func affineTransform() -> CGAffineTransform { CATransform3DGetAffineTransform(model.transform) }
    public func setAffineTransform(_ m: CGAffineTransform) { transform = CATransform3DMakeAffineTransform(m) }

    /// Derived from position, anchorPoint and bounds; setting it rewrites position and bounds.size.
    public var frame: CGRect {
        get { model.frame }
        set {
            keyValueObserversIfAny?.willChange(["frame"]); defer { keyValueObserversIfAny?.didChange(["frame"]) }
            let rect = newValue.standardized
            bounds = CGRect(origin: model.bounds.origin, size: rect.size)
            position = CGPoint(x: rect.minX + model.anchorPoint.x * rect.width,
                               y: rect.minY + model.anchorPoint.y * rect.height)
        }
    }
    /// Whether the layer is drawn when it faces away from the viewer (Core Animation's default: true).
    public var isDoubleSided: Bool {
        get { model.isDoubleSided }
        set { model.isDoubleSided = newValue }
    }
    public var isHidden: Bool {
        get { model.isHidden }
        set { willChange("hidden"); model.isHidden = newValue }
    }
    /// Clamped to 0…1.
    public var opacity: Float {
        get { model.opacity }
        set { willChange("opacity"); model.opacity = newValue.isNaN ? 0 : min(max(newValue, 0), 1) }
    }
    public var allowsGroupOpacity: Bool {
        get { model.allowsGroupOpacity }
        set { model.allowsGroupOpacity = newValue }
    }
    public var masksToBounds: Bool {
        get { model.masksToBounds }
        set { willChange("masksToBounds"); model.masksToBounds = newValue }
    }
    public var backgroundColor: CGColor? {
        get { model.backgroundColor }
        set { willChange("backgroundColor"); model.backgroundColor = newValue }
    }
    public var cornerRadius: CGFloat {
        get { model.cornerRadius }
        set { willChange("cornerRadius"); model.cornerRadius = max(newValue, 0) }
    }
    public var maskedCorners: CACornerMask {
        get { model.maskedCorners }
        set { willChange("maskedCorners"); model.maskedCorners = newValue }
    }
    public var cornerCurve: CALayerCornerCurve {
        get { model.cornerCurve }
        set { willChange("cornerCurve"); model.cornerCurve = newValue }
    }
    /// A CGImage (Apple declares `Any?`; anything else draws nothing).
    public var contents: Any? {
        get { model.contents }
        set { willChange("contents"); model.contents = newValue as? CGImage }
    }
    public var contentsGravity: CALayerContentsGravity {
        get { model.contentsGravity }
        set { willChange("contentsGravity"); model.contentsGravity = newValue }
    }
    public var contentsScale: CGFloat {
        get { model.contentsScale }
        set { willChange("contentsScale"); model.contentsScale = newValue > 0 ? newValue : 1 }
    }
    /// A layer whose composited alpha masks this one (it has no superlayer; positioned in this layer's bounds space).
    public var mask: CALayer? {
        didSet { oldValue?.maskOwner = nil; mask?.removeFromSuperlayer(); mask?.maskOwner = self }
    }
    weak var maskOwner: CALayer?
    public var shadowPath: CGPath? {
        get { model.shadowPath }
        set { willChange("shadowPath"); model.shadowPath = newValue?.copy() }
    }
    public var shadowColor: CGColor? {
        get { model.shadowColor }
        set { willChange("shadowColor"); model.shadowColor = newValue }
    }
    public var shadowOpacity: Float {
        get { model.shadowOpacity }
        set { willChange("shadowOpacity"); model.shadowOpacity = newValue.isNaN ? 0 : min(max(newValue, 0), 1) }
    }
    public var shadowOffset: CGSize {
        get { model.shadowOffset }
        set { willChange("shadowOffset"); model.shadowOffset = newValue }
    }
    public var shadowRadius: CGFloat {
        get { model.shadowRadius }
        set { willChange("shadowRadius"); model.shadowRadius = max(newValue, 0) }
    }

    /// Width of the border drawn inside the bounds (clamped to 0 or more).
    public var borderWidth: CGFloat {
        get { model.borderWidth }
        set { willChange("borderWidth"); model.borderWidth = max(newValue, 0) }
    }
    /// Default opaque black, as in Core Animation.
    public var borderColor: CGColor? {
        get { model.borderColor }
        set { willChange("borderColor"); model.borderColor = newValue }
    }

    /// This renderer's stand-in for Core Animation's private backdrop layers (what UIVisualEffectView draws
    /// with): the content behind the layer, within its bounds and clips, blurred, saturated and tinted.
    /// Not animatable itself; `backdropStrength` is.
    public var backdropFilter: BackdropFilter? {
        get { model.backdropFilter }
        set { willChange("backdropFilter"); model.backdropFilter = newValue }
    }
    /// How much of `backdropFilter` is applied, 0…1 (clamped); animatable.
    public var backdropStrength: CGFloat {
        get { model.backdropStrength }
        set { willChange("backdropStrength"); model.backdropStrength = newValue.isNaN ? 0 : min(max(newValue, 0), 1) }
    }

    /// Subclasses that draw something of their own (gradients) write it here.
    func updateModel(_ change: (inout LayerState) -> Void) { change(&model) }

    /// Text drawn as this layer's contents (UILabel's): set without an animation, as text is not animatable.
    package func setText(_ text: LayerText?) { model.text = text }
    /// A vector shape drawn as this layer's contents (symbol images): set without an animation.
    package func setShape(_ shape: ShapeContent?) { model.shape = shape }

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

    public func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        let oldTimeBaseIsMedia = timeBaseIsMedia
        parent.children.removeAll { $0 === self }
        superlayer = nil
        if !oldTimeBaseIsMedia { rescheduleAnimationEnds() }
    }

    // MARK: Layout

    public func setNeedsLayout() { needsLayout = true }

    /// Lays out from the highest ancestor that needs layout (Apple: "the layer's super layers are
    /// traversed until a ancestor layer is found that does not require layout. Then layout is performed
    /// on the entire layer-tree beneath that ancestor"), top-down.
    public func layoutIfNeeded() {
        var top = self
        while let parent = top.superlayer, parent.needsLayout { top = parent }
        top.layoutTreeIfNeeded()
    }

    private func layoutTreeIfNeeded() {
        if needsLayout {
            needsLayout = false
            layoutSublayers()
        }
        for child in children { child.layoutTreeIfNeeded() }
    }

    open func layoutSublayers() { delegate?.layoutSublayers(of: self) }

    // MARK: Coordinates

    /// Converts a point from this layer's bounds space to `layer`'s (nil: the root of the tree), through
    /// positions, transforms and sublayerTransforms (model values).
    public func convert(_ point: CGPoint, to layer: CALayer?) -> CGPoint {
        let target = layer.map { CATransform3DInvert($0.toRoot()) } ?? CATransform3DIdentity
        return CATransform3DConcat(toRoot(), target).apply(to: point)
    }

    public func convert(_ point: CGPoint, from layer: CALayer?) -> CGPoint {
        let source = layer?.toRoot() ?? CATransform3DIdentity
        return CATransform3DConcat(source, CATransform3DInvert(toRoot())).apply(to: point)
    }

    /// The bounding box of the converted rectangle.
    public func convert(_ rect: CGRect, to layer: CALayer?) -> CGRect {
        boundingBox(of: rect) { convert($0, to: layer) }
    }

    public func convert(_ rect: CGRect, from layer: CALayer?) -> CGRect {
        boundingBox(of: rect) { convert($0, from: layer) }
    }

    private func boundingBox(of rect: CGRect, _ map: (CGPoint) -> CGPoint) -> CGRect {
        let points = [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                      CGPoint(x: rect.minX, y: rect.maxY), CGPoint(x: rect.maxX, y: rect.maxY)].map(map)
        let xs = points.map(\.x), ys = points.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    /// This layer's bounds space → the root's bounds space.
    private func toRoot() -> CATransform3D {
        var matrix = CATransform3DIdentity
        var layer = self
        while let parent = layer.superlayer {
            matrix = CATransform3DConcat(CATransform3DConcat(matrix, layer.model.toSuperlayer),
                                         parent.model.sublayerTransformAboutAnchor)
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
        let key = key ?? { generatedKeyCount += 1; return "animation-\(generatedKeyCount)" }()
        removeAnimation(forKey: key)
        if anim.beginTime == 0 { anim.beginTime = localTime(atMedia: CACurrentMediaTime()) }
        let entry = AnimationEntry(key: key, animation: anim)
        animationEntries.append(entry)
        anim.hasStopped = false
        CATransaction.animationAdded(anim)
        anim.delegate?.animationDidStart(anim)
        scheduleEnd(of: entry)
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
        var state = model
        for entry in animationEntries { entry.animation.apply(to: &state, model: model, at: local) }
        return state
    }

    /// The model with only the animations `include` accepts applied at media time `t`, in order (what the
    /// layer would show if every other animation were removed).
    package func presentationState(at t: CFTimeInterval, applying include: (CAAnimation) -> Bool) -> LayerState {
        let local = localTime(atMedia: t)
        var state = model
        for entry in animationEntries where include(entry.animation) { entry.animation.apply(to: &state, model: model, at: local) }
        return state
    }

    /// A detached copy of this layer holding its presentation values now.
    public func presentation() -> Self? {
        let copy = Self(layer: self)
        copy.model = presentationState(at: CACurrentMediaTime())
        return copy
    }

    /// The presentation of the whole subtree at media time `t`, as plain values clamped the way Core
    /// Animation draws them (`clampedForRendering`). Layers without a name are
    /// named after their delegate's class (the view), so dumps and error messages say which view is meant.
    public func snapshot(at t: CFTimeInterval) -> LayerSnapshot {
        snapshot(parentTime: superlayer.map { $0.localTime(atMedia: t) } ?? t)
    }

    private func snapshot(parentTime: CFTimeInterval) -> LayerSnapshot {
        let local = localTime(fromParent: parentTime)
        return LayerSnapshot(name: name ?? delegate.map { String(describing: type(of: $0)) },
                             state: presentationState(localTime: local).clampedForRendering(),
                             sublayers: children.map { $0.snapshot(parentTime: local) },
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
