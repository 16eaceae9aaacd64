import Foundation

/// One dimension of a compositional item's size: a fraction of its container's width or height, points,
/// an estimate the cell's Auto Layout replaces, or (iOS 17) an estimate shared by siblings.
open class NSCollectionLayoutDimension: NSObject, NSCopying {
    enum Kind: Equatable { case fractionalWidth, fractionalHeight, absolute, estimated, uniformAcrossSiblings }
    let kind: Kind
    open private(set) var dimension: CGFloat
    init(_ kind: Kind, _ dimension: CGFloat) {
        checkUsage(dimension.isFinite && dimension >= 0, "NSCollectionLayoutDimension: \(dimension) is not a valid dimension; use a finite value of 0 or more")
        self.kind = kind; self.dimension = dimension
        super.init()
    }
    open class func fractionalWidth(_ fractionalWidth: CGFloat) -> NSCollectionLayoutDimension { NSCollectionLayoutDimension(.fractionalWidth, fractionalWidth) }
    open class func fractionalHeight(_ fractionalHeight: CGFloat) -> NSCollectionLayoutDimension { NSCollectionLayoutDimension(.fractionalHeight, fractionalHeight) }
    open class func absolute(_ absoluteDimension: CGFloat) -> NSCollectionLayoutDimension { NSCollectionLayoutDimension(.absolute, absoluteDimension) }
    open class func estimated(_ estimatedDimension: CGFloat) -> NSCollectionLayoutDimension { NSCollectionLayoutDimension(.estimated, estimatedDimension) }
    /// Siblings in a group take the largest of their measured sizes (starting from the estimate).
    open class func uniformAcrossSiblings(estimate estimatedDimension: CGFloat) -> NSCollectionLayoutDimension { NSCollectionLayoutDimension(.uniformAcrossSiblings, estimatedDimension) }
    open var isFractionalWidth: Bool { kind == .fractionalWidth }
    open var isFractionalHeight: Bool { kind == .fractionalHeight }
    open var isAbsolute: Bool { kind == .absolute }
    open var isEstimated: Bool { kind == .estimated || kind == .uniformAcrossSiblings }
    open var isUniformAcrossSiblings: Bool { kind == .uniformAcrossSiblings }
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// The dimension in points inside a container of `container` size.
    func resolve(in container: CGSize) -> CGFloat {
        switch kind {
        case .fractionalWidth: container.width * dimension
        case .fractionalHeight: container.height * dimension
        case .absolute, .estimated, .uniformAcrossSiblings: dimension
        }
    }
}

/// A width and a height, each an `NSCollectionLayoutDimension`.
open class NSCollectionLayoutSize: NSObject, NSCopying {
    open private(set) var widthDimension: NSCollectionLayoutDimension
    open private(set) var heightDimension: NSCollectionLayoutDimension
    public init(widthDimension width: NSCollectionLayoutDimension, heightDimension height: NSCollectionLayoutDimension) {
        widthDimension = width; heightDimension = height
        super.init()
    }
    open func copy(with zone: NSZone? = nil) -> Any { self }
    func resolve(in container: CGSize) -> CGSize {
        CGSize(width: widthDimension.resolve(in: container), height: heightDimension.resolve(in: container))
    }
}

/// Space between items of a group: fixed, or flexible (at least this much, the rest shared out).
open class NSCollectionLayoutSpacing: NSObject, NSCopying {
    open private(set) var spacing: CGFloat
    open private(set) var isFlexibleSpacing: Bool
    open var isFixedSpacing: Bool { !isFlexibleSpacing }
    init(spacing: CGFloat, flexible: Bool) { self.spacing = spacing; isFlexibleSpacing = flexible; super.init() }
    open class func fixed(_ fixedSpacing: CGFloat) -> NSCollectionLayoutSpacing { NSCollectionLayoutSpacing(spacing: fixedSpacing, flexible: false) }
    open class func flexible(_ flexibleSpacing: CGFloat) -> NSCollectionLayoutSpacing { NSCollectionLayoutSpacing(spacing: flexibleSpacing, flexible: true) }
    open func copy(with zone: NSZone? = nil) -> Any { self }
}

/// Space around an item inside its group, on each edge (nil: none).
open class NSCollectionLayoutEdgeSpacing: NSObject, NSCopying {
    open private(set) var leading: NSCollectionLayoutSpacing?
    open private(set) var top: NSCollectionLayoutSpacing?
    open private(set) var trailing: NSCollectionLayoutSpacing?
    open private(set) var bottom: NSCollectionLayoutSpacing?
    public init(leading: NSCollectionLayoutSpacing?, top: NSCollectionLayoutSpacing?, trailing: NSCollectionLayoutSpacing?, bottom: NSCollectionLayoutSpacing?) {
        self.leading = leading; self.top = top; self.trailing = trailing; self.bottom = bottom
        super.init()
    }
    open func copy(with zone: NSZone? = nil) -> Any { self }
}

/// Where a supplementary item sits on its item: the edges it hugs and an offset (points or a fraction of
/// its own size).
open class NSCollectionLayoutAnchor: NSObject, NSCopying {
    open private(set) var edges: NSDirectionalRectEdge
    open private(set) var offset: CGPoint
    open private(set) var isAbsoluteOffset: Bool
    open var isFractionalOffset: Bool { !isAbsoluteOffset }
    public convenience init(edges: NSDirectionalRectEdge) { self.init(edges: edges, offset: .zero, absolute: true) }
    public convenience init(edges: NSDirectionalRectEdge, absoluteOffset: CGPoint) { self.init(edges: edges, offset: absoluteOffset, absolute: true) }
    public convenience init(edges: NSDirectionalRectEdge, fractionalOffset: CGPoint) { self.init(edges: edges, offset: fractionalOffset, absolute: false) }
    init(edges: NSDirectionalRectEdge, offset: CGPoint, absolute: Bool) {
        self.edges = edges; self.offset = offset; isAbsoluteOffset = absolute
        super.init()
    }
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// The frame of an element of `size` anchored in `container` (centred on an axis with no edge).
    func frame(of size: CGSize, in container: CGRect, itemAnchor: NSCollectionLayoutAnchor?) -> CGRect {
        var x = container.midX - size.width / 2, y = container.midY - size.height / 2
        if edges.contains(.leading) { x = container.minX } else if edges.contains(.trailing) { x = container.maxX - size.width }
        if edges.contains(.top) { y = container.minY } else if edges.contains(.bottom) { y = container.maxY - size.height }
        let dx = isAbsoluteOffset ? offset.x : offset.x * size.width
        let dy = isAbsoluteOffset ? offset.y : offset.y * size.height
        return CGRect(x: x + dx, y: y + dy, width: size.width, height: size.height)
    }
}

/// A view attached to an item (a badge): its size, kind and anchor.
open class NSCollectionLayoutSupplementaryItem: NSCollectionLayoutItem {
    open private(set) var elementKind: String
    open private(set) var containerAnchor: NSCollectionLayoutAnchor
    open private(set) var itemAnchor: NSCollectionLayoutAnchor?
    open var zIndex: Int = 1
    public convenience init(layoutSize: NSCollectionLayoutSize, elementKind: String, containerAnchor: NSCollectionLayoutAnchor) {
        self.init(layoutSize: layoutSize, elementKind: elementKind, containerAnchor: containerAnchor, itemAnchor: nil)
    }
    public init(layoutSize: NSCollectionLayoutSize, elementKind: String, containerAnchor: NSCollectionLayoutAnchor, itemAnchor: NSCollectionLayoutAnchor?) {
        self.elementKind = elementKind; self.containerAnchor = containerAnchor; self.itemAnchor = itemAnchor
        super.init(layoutSize: layoutSize, supplementaryItems: [])
    }
}

/// How a boundary supplementary item lines up on its section or layout.
public enum NSRectAlignment: Int, Sendable { case none, top, topLeading, leading, bottomLeading, bottom, bottomTrailing, trailing, topTrailing }

/// A header or footer of a section (or of the whole layout): laid out before or after the content by
/// its alignment, optionally pinned to the visible bounds while its section passes.
open class NSCollectionLayoutBoundarySupplementaryItem: NSCollectionLayoutSupplementaryItem {
    open var extendsBoundary = true
    open var pinToVisibleBounds = false
    open private(set) var alignment: NSRectAlignment
    open private(set) var offset: CGPoint
    public convenience init(layoutSize: NSCollectionLayoutSize, elementKind: String, alignment: NSRectAlignment) {
        self.init(layoutSize: layoutSize, elementKind: elementKind, alignment: alignment, absoluteOffset: .zero)
    }
    public init(layoutSize: NSCollectionLayoutSize, elementKind: String, alignment: NSRectAlignment, absoluteOffset: CGPoint) {
        self.alignment = alignment; offset = absoluteOffset
        super.init(layoutSize: layoutSize, elementKind: elementKind, containerAnchor: NSCollectionLayoutAnchor(edges: .top), itemAnchor: nil)
    }
    var isLeadingBoundary: Bool { [.top, .topLeading, .topTrailing].contains(alignment) }
}

/// A view behind a section (`background(elementKind:)`), of a class registered on the layout.
open class NSCollectionLayoutDecorationItem: NSCollectionLayoutItem {
    open var zIndex: Int = -1
    open private(set) var elementKind: String
    open class func background(elementKind: String) -> NSCollectionLayoutDecorationItem { NSCollectionLayoutDecorationItem(elementKind: elementKind) }
    init(elementKind: String) {
        self.elementKind = elementKind
        super.init(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)), supplementaryItems: [])
    }
}

/// The smallest unit of a compositional layout: one cell, of a size relative to its group.
open class NSCollectionLayoutItem: NSObject, NSCopying {
    open private(set) var layoutSize: NSCollectionLayoutSize
    open private(set) var supplementaryItems: [NSCollectionLayoutSupplementaryItem]
    /// Inset of the cell inside the item's frame (what the spacing of a photo grid is usually made of).
    open var contentInsets: NSDirectionalEdgeInsets = .zero
    open var edgeSpacing: NSCollectionLayoutEdgeSpacing?
    public convenience init(layoutSize: NSCollectionLayoutSize) { self.init(layoutSize: layoutSize, supplementaryItems: []) }
    public init(layoutSize: NSCollectionLayoutSize, supplementaryItems: [NSCollectionLayoutSupplementaryItem]) {
        self.layoutSize = layoutSize; self.supplementaryItems = supplementaryItems
        super.init()
    }
    open func copy(with zone: NSZone? = nil) -> Any { self }
    /// How many cells this item stands for (a group: all of its leaves).
    var leafCount: Int { 1 }
}

/// Where a custom group puts one of its items (relative to the group) and its z-index.
open class NSCollectionLayoutGroupCustomItem: NSObject, NSCopying {
    open private(set) var frame: CGRect
    open private(set) var zIndex: Int
    public convenience init(frame: CGRect) { self.init(frame: frame, zIndex: 0) }
    public init(frame: CGRect, zIndex: Int) { self.frame = frame; self.zIndex = zIndex; super.init() }
    open func copy(with zone: NSZone? = nil) -> Any { self }
}

/// Items (or groups) in a row, a column, or where a closure says; groups repeat down a section.
open class NSCollectionLayoutGroup: NSCollectionLayoutItem {
    enum Arrangement { case horizontal, vertical, custom((NSCollectionLayoutEnvironment) -> [NSCollectionLayoutGroupCustomItem]) }
    let arrangement: Arrangement
    open private(set) var subitems: [NSCollectionLayoutItem]
    /// With a count: the subitem repeated `count` times, sized to share the group equally.
    let repeatCount: Int?
    open var interItemSpacing: NSCollectionLayoutSpacing?

    init(layoutSize: NSCollectionLayoutSize, arrangement: Arrangement, subitems: [NSCollectionLayoutItem], count: Int?,
         supplementaryItems: [NSCollectionLayoutSupplementaryItem] = []) {
        self.arrangement = arrangement; self.subitems = subitems; repeatCount = count
        if let count { checkUsage(count > 0, "NSCollectionLayoutGroup: count must be 1 or more, got \(count)") }
        super.init(layoutSize: layoutSize, supplementaryItems: supplementaryItems)
    }
    open class func horizontal(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(layoutSize: layoutSize, arrangement: .horizontal, subitems: subitems, count: nil)
    }
    open class func horizontal(layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem, count: Int) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(layoutSize: layoutSize, arrangement: .horizontal, subitems: [subitem], count: count)
    }
    open class func vertical(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(layoutSize: layoutSize, arrangement: .vertical, subitems: subitems, count: nil)
    }
    open class func vertical(layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem, count: Int) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(layoutSize: layoutSize, arrangement: .vertical, subitems: [subitem], count: count)
    }
    open class func custom(layoutSize: NSCollectionLayoutSize, itemProvider: @escaping NSCollectionLayoutGroupCustomItemProvider) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(layoutSize: layoutSize, arrangement: .custom(itemProvider), subitems: [], count: nil)
    }
    /// A text picture of the group (Apple prints an ASCII drawing; this lists the arrangement and sizes).
    open func visualDescription() -> String {
        let kind = switch arrangement { case .horizontal: "horizontal"; case .vertical: "vertical"; case .custom: "custom" }
        return "\(kind) group, \(repeatCount.map { "\($0) × " } ?? "")\(subitems.count) subitem(s)"
    }

    /// The subitems in order, repeated when a count is given.
    var expandedSubitems: [NSCollectionLayoutItem] {
        if let repeatCount { return Array(repeating: subitems[0], count: repeatCount) }
        return subitems
    }
    override var leafCount: Int { expandedSubitems.reduce(0) { $0 + $1.leafCount } }
}

public typealias NSCollectionLayoutGroupCustomItemProvider = (NSCollectionLayoutEnvironment) -> [NSCollectionLayoutGroupCustomItem]

/// The size a section or layout is laid out in, with its insets.
public protocol NSCollectionLayoutContainer: NSObjectProtocol {
    var contentSize: CGSize { get }
    var effectiveContentSize: CGSize { get }
    var contentInsets: NSDirectionalEdgeInsets { get }
    var effectiveContentInsets: NSDirectionalEdgeInsets { get }
}

/// What a section provider knows: the container and the traits.
public protocol NSCollectionLayoutEnvironment: NSObjectProtocol {
    var container: NSCollectionLayoutContainer { get }
    var traitCollection: UITraitCollection { get }
}

final class CompositionalContainer: NSObject, NSCollectionLayoutContainer {
    let contentSize: CGSize
    let contentInsets: NSDirectionalEdgeInsets
    init(contentSize: CGSize, contentInsets: NSDirectionalEdgeInsets) {
        self.contentSize = contentSize; self.contentInsets = contentInsets
    }
    var effectiveContentInsets: NSDirectionalEdgeInsets { contentInsets }
    var effectiveContentSize: CGSize {
        CGSize(width: max(0, contentSize.width - contentInsets.leading - contentInsets.trailing),
               height: max(0, contentSize.height - contentInsets.top - contentInsets.bottom))
    }
}

final class CompositionalEnvironment: NSObject, NSCollectionLayoutEnvironment {
    let container: NSCollectionLayoutContainer
    let traitCollection: UITraitCollection
    init(container: NSCollectionLayoutContainer, traitCollection: UITraitCollection) {
        self.container = container; self.traitCollection = traitCollection
    }
}
