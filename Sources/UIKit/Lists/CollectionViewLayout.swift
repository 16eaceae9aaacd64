import Foundation

/// What a layout attribute describes: a cell, a supplementary view (header, footer, badge) or a decoration.
public enum UICollectionElementCategory: UInt, Sendable { case cell, supplementaryView, decorationView }

/// The element kinds of UIKit's flow and list layouts.
public let UICollectionElementKindSectionHeader = "UICollectionElementKindSectionHeader"
public let UICollectionElementKindSectionFooter = "UICollectionElementKindSectionFooter"

extension UICollectionView {
    /// Apple's Swift name for the element category.
    public typealias ElementCategory = UICollectionElementCategory
    public static let elementKindSectionHeader = UICollectionElementKindSectionHeader
    public static let elementKindSectionFooter = UICollectionElementKindSectionFooter
}

/// Where one element of a collection view sits and how it looks: what a layout hands its collection view.
/// Equal (`==`, `isEqual`) when every property is equal, as on iOS.
open class UICollectionViewLayoutAttributes: NSObject, NSCopying, UIDynamicItem {
    open var frame: CGRect {
        get { CGRect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height) }
        set { size = newValue.size; center = CGPoint(x: newValue.midX, y: newValue.midY) }
    }
    open var center: CGPoint = .zero
    open var size: CGSize = .zero
    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: size) }
        set { size = newValue.size }
    }
    open var transform3D: CATransform3D = CATransform3DIdentity
    open var transform: CGAffineTransform {
        get { CATransform3DIsAffine(transform3D) ? CATransform3DGetAffineTransform(transform3D) : .identity }
        set { transform3D = CATransform3DMakeAffineTransform(newValue) }
    }
    open var alpha: CGFloat = 1
    open var zIndex: Int = 0
    open var isHidden = false
    open var indexPath = IndexPath(item: 0, section: 0)
    open private(set) var representedElementCategory: UICollectionElementCategory = .cell
    open private(set) var representedElementKind: String?
    /// Inert: there are no dynamic item collisions over layout attributes offscreen; always `.rectangle`.
    open var collisionBoundsType: UIDynamicItemCollisionBoundsType { .rectangle }
    /// Inert: the rectangle of `bounds` (collision paths are not used by layout attributes here).
    open var collisionBoundingPath: UIBezierPath { UIBezierPath(rect: bounds) }

    public required override init() { super.init() }

    public convenience init(forCellWith indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
    }
    public convenience init(forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
        representedElementCategory = .supplementaryView
        representedElementKind = elementKind
    }
    public convenience init(forDecorationViewOfKind decorationViewKind: String, with indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
        representedElementCategory = .decorationView
        representedElementKind = decorationViewKind
    }

    /// A copy of the same class (subclasses with properties of their own override this and copy them).
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = type(of: self).init()
        copy.center = center; copy.size = size; copy.transform3D = transform3D; copy.alpha = alpha
        copy.zIndex = zIndex; copy.isHidden = isHidden; copy.indexPath = indexPath
        copy.representedElementCategory = representedElementCategory
        copy.representedElementKind = representedElementKind
        return copy
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UICollectionViewLayoutAttributes, type(of: other) == type(of: self) else { return false }
        return center == other.center && size == other.size && CATransform3DEqualToTransform(transform3D, other.transform3D)
            && alpha == other.alpha && zIndex == other.zIndex && isHidden == other.isHidden && indexPath == other.indexPath
            && representedElementCategory == other.representedElementCategory
            && representedElementKind == other.representedElementKind
    }
    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(indexPath); hasher.combine(representedElementCategory); hasher.combine(representedElementKind)
        return hasher.finalize()
    }
    open override var description: String {
        "<\(type(of: self)): index path: (\(indexPath)); element kind: (\(representedElementKind ?? "cell")); frame = \(frame)\(alpha != 1 ? "; alpha = \(alpha)" : "")\(zIndex != 0 ? "; zIndex = \(zIndex)" : "")>"
    }

    /// The key an element is found under: category, kind and index path.
    var elementKey: CollectionElementKey {
        CollectionElementKey(category: representedElementCategory, kind: representedElementKind, indexPath: indexPath)
    }
}

/// Identifies one element of a collection view (a cell, or a view of a kind) at an index path.
struct CollectionElementKey: Hashable {
    var category: UICollectionElementCategory
    var kind: String?
    var indexPath: IndexPath
}

/// One change of a batch update, as the layout sees it in `prepare(forCollectionViewUpdates:)`.
open class UICollectionViewUpdateItem: NSObject {
    public enum Action: Int, Sendable { case insert, delete, reload, move, none }
    /// Before the update (nil for an insertion). A whole section is an index path with item `NSNotFound`.
    open private(set) var indexPathBeforeUpdate: IndexPath?
    /// After the update (nil for a deletion).
    open private(set) var indexPathAfterUpdate: IndexPath?
    open private(set) var updateAction: Action
    init(action: Action, before: IndexPath?, after: IndexPath?) {
        updateAction = action; indexPathBeforeUpdate = before; indexPathAfterUpdate = after
    }
}

/// What a layout must recompute (kept minimal: everything, the data source counts, or the listed paths).
open class UICollectionViewLayoutInvalidationContext: NSObject {
    public required override init() { super.init() }
    open var invalidateEverything: Bool { storedEverything }
    open var invalidateDataSourceCounts: Bool { storedEverything || storedCounts }
    var storedEverything = false
    var storedCounts = false
    open private(set) var invalidatedItemIndexPaths: [IndexPath]?
    open private(set) var invalidatedSupplementaryIndexPaths: [String: [IndexPath]]?
    open private(set) var invalidatedDecorationIndexPaths: [String: [IndexPath]]?
    open var contentOffsetAdjustment: CGPoint = .zero
    open var contentSizeAdjustment: CGSize = .zero
    open private(set) var previousIndexPathsForInteractivelyMovingItems: [IndexPath]?
    open private(set) var targetIndexPathsForInteractivelyMovingItems: [IndexPath]?
    open private(set) var interactiveMovementTarget: CGPoint = .zero

    open func invalidateItems(at indexPaths: [IndexPath]) {
        invalidatedItemIndexPaths = (invalidatedItemIndexPaths ?? []) + indexPaths
    }
    open func invalidateSupplementaryElements(ofKind elementKind: String, at indexPaths: [IndexPath]) {
        invalidatedSupplementaryIndexPaths = invalidatedSupplementaryIndexPaths ?? [:]
        invalidatedSupplementaryIndexPaths![elementKind, default: []] += indexPaths
    }
    open func invalidateDecorationElements(ofKind elementKind: String, at indexPaths: [IndexPath]) {
        invalidatedDecorationIndexPaths = invalidatedDecorationIndexPaths ?? [:]
        invalidatedDecorationIndexPaths![elementKind, default: []] += indexPaths
    }
}

/// Decides where every element of a collection view goes. Subclasses override `prepare()`,
/// `collectionViewContentSize`, `layoutAttributesForElements(in:)` and `layoutAttributesForItem(at:)`
/// (the collection view asks only for the rectangle it shows, and for single items when code asks).
///
/// The appearing and disappearing attributes default to UIKit's cross-fade: an inserted element starts
/// at its final attributes with alpha 0, a deleted one ends at its last attributes with alpha 0.
open class UICollectionViewLayout: NSObject {
    public override init() { super.init() }
    /// See `UIView.init?(coder:)`: nothing is decoded.
    public init?(coder: NSCoder) { super.init() }

    /// The collection view this layout is installed on (set by the collection view).
    open internal(set) weak var collectionView: UICollectionView?

    open class var layoutAttributesClass: AnyClass { UICollectionViewLayoutAttributes.self }
    open class var invalidationContextClass: AnyClass { UICollectionViewLayoutInvalidationContext.self }

    /// Makes a layout-attributes object of `layoutAttributesClass` (what subclasses' attributes are).
    func makeAttributes(forCellWith indexPath: IndexPath) -> UICollectionViewLayoutAttributes {
        let attributes = attributesType.init()
        attributes.indexPath = indexPath
        return attributes
    }
    func makeAttributes(forSupplementaryViewOfKind kind: String, with indexPath: IndexPath) -> UICollectionViewLayoutAttributes {
        let template = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: kind, with: indexPath)
        let attributes = attributesType.init()
        attributes.indexPath = indexPath
        attributes.adoptCategory(of: template)
        return attributes
    }
    func makeAttributes(forDecorationViewOfKind kind: String, with indexPath: IndexPath) -> UICollectionViewLayoutAttributes {
        let template = UICollectionViewLayoutAttributes(forDecorationViewOfKind: kind, with: indexPath)
        let attributes = attributesType.init()
        attributes.indexPath = indexPath
        attributes.adoptCategory(of: template)
        return attributes
    }
    private var attributesType: UICollectionViewLayoutAttributes.Type {
        guard let type = Self.layoutAttributesClass as? UICollectionViewLayoutAttributes.Type else {
            misuse("\(Self.self).layoutAttributesClass must be UICollectionViewLayoutAttributes or a subclass")
        }
        return type
    }

    /// Set by `invalidateLayout()`; the collection view calls `prepare()` before it next asks for attributes.
    var needsPrepare = true
    var lastInvalidationContext: UICollectionViewLayoutInvalidationContext?

    open func invalidateLayout() {
        let context = UICollectionViewLayoutInvalidationContext()
        context.storedEverything = true
        invalidateLayout(with: context)
    }
    open func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        needsPrepare = true
        lastInvalidationContext = context
        collectionView?.layoutDidInvalidate()
    }

    /// Decoration view classes by kind (instantiated with `init(frame:)`).
    var decorationClasses: [String: UICollectionReusableView.Type] = [:]
    open func register(_ viewClass: AnyClass?, forDecorationViewOfKind elementKind: String) {
        guard let viewClass else { decorationClasses[elementKind] = nil; return }
        guard let type = viewClass as? UICollectionReusableView.Type else {
            misuse("register(_:forDecorationViewOfKind:): \(viewClass) is not a UICollectionReusableView subclass")
        }
        decorationClasses[elementKind] = type
    }

    open func prepare() {}
    open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { nil }
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
    open func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
    open func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
    /// Inert: interactive movement is not simulated; the item's attributes centred on `position`.
    open func layoutAttributesForInteractivelyMovingItem(at indexPath: IndexPath, withTargetPosition position: CGPoint) -> UICollectionViewLayoutAttributes {
        let attributes = (layoutAttributesForItem(at: indexPath)?.copy() as? UICollectionViewLayoutAttributes) ?? makeAttributes(forCellWith: indexPath)
        attributes.center = position
        return attributes
    }
    /// Inert: interactive movement is not simulated; returns `previousIndexPath`.
    open func targetIndexPath(forInteractivelyMovingItem previousIndexPath: IndexPath, withPosition position: CGPoint) -> IndexPath { previousIndexPath }

    /// Whether a new bounds (scrolling, resizing) needs a new layout. UIKit's default: only a size change.
    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let collectionView else { return false }
        return newBounds.size != collectionView.bounds.size
    }
    open func invalidationContext(forBoundsChange newBounds: CGRect) -> UICollectionViewLayoutInvalidationContext {
        let context = makeInvalidationContext()
        context.storedEverything = true
        return context
    }
    open func shouldInvalidateLayout(forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
                                     withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes) -> Bool { false }
    open func invalidationContext(forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
                                  withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutInvalidationContext {
        let context = makeInvalidationContext()
        context.invalidateItems(at: [originalAttributes.indexPath])
        return context
    }
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint) -> CGPoint {
        proposedContentOffset
    }
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint { proposedContentOffset }

    open var collectionViewContentSize: CGSize { .zero }
    open var developmentLayoutDirection: UIUserInterfaceLayoutDirection { .leftToRight }
    /// Inert: the layout direction is always left to right here, so nothing is flipped.
    open var flipsHorizontallyInOppositeLayoutDirection: Bool { true }

    func makeInvalidationContext() -> UICollectionViewLayoutInvalidationContext {
        guard let type = Self.invalidationContextClass as? UICollectionViewLayoutInvalidationContext.Type else {
            misuse("\(Self.self).invalidationContextClass must be UICollectionViewLayoutInvalidationContext or a subclass")
        }
        return type.init()
    }

    // MARK: Updates

    /// The updates of the batch being animated (between prepare and finalize), and every element's
    /// attributes before it, which the default disappearing attributes start from.
    var pendingUpdates: [UICollectionViewUpdateItem] = []
    var attributesBeforeUpdate: [CollectionElementKey: UICollectionViewLayoutAttributes] = [:]

    open func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) { pendingUpdates = updateItems }
    open func finalizeCollectionViewUpdates() { pendingUpdates = [] }
    open func prepare(forAnimatedBoundsChange oldBounds: CGRect) {}
    open func finalizeAnimatedBoundsChange() {}
    open func prepareForTransition(to newLayout: UICollectionViewLayout) {}
    open func prepareForTransition(from oldLayout: UICollectionViewLayout) {}
    open func finalizeLayoutTransition() {}

    private func isInserted(_ indexPath: IndexPath) -> Bool {
        pendingUpdates.contains { update in
            guard update.updateAction == .insert || update.updateAction == .reload, let after = update.indexPathAfterUpdate else { return false }
            return after == indexPath || (after.item == NSNotFound && after.section == indexPath.section)
        }
    }
    private func isDeleted(_ indexPath: IndexPath) -> Bool {
        pendingUpdates.contains { update in
            guard update.updateAction == .delete || update.updateAction == .reload, let before = update.indexPathBeforeUpdate else { return false }
            return before == indexPath || (before.item == NSNotFound && before.section == indexPath.section)
        }
    }
    private func faded(_ attributes: UICollectionViewLayoutAttributes?) -> UICollectionViewLayoutAttributes? {
        guard let copy = attributes?.copy() as? UICollectionViewLayoutAttributes else { return nil }
        copy.alpha = 0
        return copy
    }

    /// Where an item that appears in an update starts: an inserted (or reloaded) item at its final
    /// attributes with alpha 0 (UIKit's fade); nil for the others (they move from where they are).
    open func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        isInserted(itemIndexPath) ? faded(layoutAttributesForItem(at: itemIndexPath)) : nil
    }
    /// Where an item that disappears in an update ends: a deleted (or reloaded) item at its last
    /// attributes with alpha 0; nil for the others.
    open func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard isDeleted(itemIndexPath) else { return nil }
        return faded(attributesBeforeUpdate[CollectionElementKey(category: .cell, kind: nil, indexPath: itemIndexPath)])
    }
    open func initialLayoutAttributesForAppearingSupplementaryElement(ofKind elementKind: String, at elementIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        isInserted(IndexPath(item: NSNotFound, section: elementIndexPath.section)) || isInserted(elementIndexPath)
            ? faded(layoutAttributesForSupplementaryView(ofKind: elementKind, at: elementIndexPath)) : nil
    }
    open func finalLayoutAttributesForDisappearingSupplementaryElement(ofKind elementKind: String, at elementIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard isDeleted(IndexPath(item: NSNotFound, section: elementIndexPath.section)) || isDeleted(elementIndexPath) else { return nil }
        return faded(attributesBeforeUpdate[CollectionElementKey(category: .supplementaryView, kind: elementKind, indexPath: elementIndexPath)])
    }
    open func initialLayoutAttributesForAppearingDecorationElement(ofKind elementKind: String, at decorationIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        isInserted(IndexPath(item: NSNotFound, section: decorationIndexPath.section))
            ? faded(layoutAttributesForDecorationView(ofKind: elementKind, at: decorationIndexPath)) : nil
    }
    open func finalLayoutAttributesForDisappearingDecorationElement(ofKind elementKind: String, at decorationIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard isDeleted(IndexPath(item: NSNotFound, section: decorationIndexPath.section)) else { return nil }
        return faded(attributesBeforeUpdate[CollectionElementKey(category: .decorationView, kind: elementKind, indexPath: decorationIndexPath)])
    }
    open func indexPathsToDeleteForSupplementaryView(ofKind elementKind: String) -> [IndexPath] { [] }
    open func indexPathsToDeleteForDecorationView(ofKind elementKind: String) -> [IndexPath] { [] }
    open func indexPathsToInsertForSupplementaryView(ofKind elementKind: String) -> [IndexPath] { [] }
    open func indexPathsToInsertForDecorationView(ofKind elementKind: String) -> [IndexPath] { [] }

    /// Inert: interactive movement is not simulated; a context that invalidates the target items.
    open func invalidationContext(forInteractivelyMovingItems targetIndexPaths: [IndexPath], withTargetPosition targetPosition: CGPoint,
                                  previousIndexPaths: [IndexPath], previousPosition: CGPoint) -> UICollectionViewLayoutInvalidationContext {
        let context = makeInvalidationContext()
        context.invalidateItems(at: targetIndexPaths)
        return context
    }
    /// Inert: interactive movement is not simulated; a context that invalidates the final items.
    open func invalidationContextForEndingInteractiveMovementOfItems(toFinalIndexPaths indexPaths: [IndexPath], previousIndexPaths: [IndexPath],
                                                                     movementCancelled: Bool) -> UICollectionViewLayoutInvalidationContext {
        let context = makeInvalidationContext()
        context.invalidateItems(at: indexPaths)
        return context
    }
}

extension UICollectionViewLayoutAttributes {
    func adoptCategory(of other: UICollectionViewLayoutAttributes) {
        representedElementCategory = other.representedElementCategory
        representedElementKind = other.representedElementKind
    }
}
