import Foundation

/// What content insets count from: nothing, the safe area, the layout margins or the readable width.
public enum UIContentInsetsReference: Int, Sendable { case automatic, none, safeArea, layoutMargins, readableContent }

/// How a section scrolls across the layout's axis. Every behaviour but `.none` lays the section out as
/// one row of groups; the row does not scroll here (see `NSCollectionLayoutSection`).
public enum UICollectionLayoutSectionOrthogonalScrollingBehavior: Int, Sendable {
    case none, continuous, continuousGroupLeadingBoundary, paging, groupPaging, groupPagingCentered
}

/// Inert: the orthogonal row does not scroll offscreen; stored (iOS 17's deceleration and bounce).
open class UICollectionLayoutSectionOrthogonalScrollingProperties: NSObject, NSCopying {
    public enum Bounce: Int, Sendable { case automatic, always, never }
    open var decelerationRate: UIScrollView.DecelerationRate = .normal
    open var bounce: Bounce = .automatic
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = UICollectionLayoutSectionOrthogonalScrollingProperties()
        copy.decelerationRate = decelerationRate; copy.bounce = bounce
        return copy
    }
}

/// A section of a compositional layout: a group repeated until the section's items run out, with
/// spacing between groups, insets, headers and footers, and backgrounds.
open class NSCollectionLayoutSection: NSObject, NSCopying {
    open private(set) var group: NSCollectionLayoutGroup
    open var contentInsets: NSDirectionalEdgeInsets = .zero
    open var interGroupSpacing: CGFloat = 0
    open var contentInsetsReference: UIContentInsetsReference = .automatic
    open var supplementaryContentInsetsReference: UIContentInsetsReference = .automatic
    /// Anything but `.none` puts the groups in one row along the cross axis. Orthogonal scrolling of that
    /// row is not simulated: it shows from its leading edge (paging behaviours align as `.continuous`).
    open var orthogonalScrollingBehavior: UICollectionLayoutSectionOrthogonalScrollingBehavior = .none
    /// Inert: the orthogonal row does not scroll offscreen; stored.
    open var orthogonalScrollingProperties = UICollectionLayoutSectionOrthogonalScrollingProperties()
    open var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []
    /// Headers and footers are inset with the content (true, the default) or span the container.
    open var supplementariesFollowContentInsets = true
    open var decorationItems: [NSCollectionLayoutDecorationItem] = []
    /// Inert: visible-item callbacks (for animating items as the orthogonal row scrolls) are not made,
    /// as nothing scrolls orthogonally here; stored.
    open var visibleItemsInvalidationHandler: Any?

    /// Set by `list(using:layoutEnvironment:)`: list cells read their look from it.
    var listConfiguration: UICollectionLayoutListConfiguration?

    public init(group: NSCollectionLayoutGroup) {
        self.group = group
        super.init()
    }
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSCollectionLayoutSection(group: group)
        copy.contentInsets = contentInsets; copy.interGroupSpacing = interGroupSpacing
        copy.contentInsetsReference = contentInsetsReference; copy.supplementaryContentInsetsReference = supplementaryContentInsetsReference
        copy.orthogonalScrollingBehavior = orthogonalScrollingBehavior; copy.boundarySupplementaryItems = boundarySupplementaryItems
        copy.supplementariesFollowContentInsets = supplementariesFollowContentInsets; copy.decorationItems = decorationItems
        copy.listConfiguration = listConfiguration
        return copy
    }
}

/// The layout's own settings: its axis, space between sections, global headers and footers.
open class UICollectionViewCompositionalLayoutConfiguration: NSObject, NSCopying {
    /// Inert: `.horizontal` is stored but the layout stacks sections vertically here (sections of
    /// horizontal layouts are usually written with orthogonal rows instead).
    open var scrollDirection: UICollectionView.ScrollDirection = .vertical
    open var interSectionSpacing: CGFloat = 0
    open var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []
    open var contentInsetsReference: UIContentInsetsReference = .automatic
    public override init() { super.init() }
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = UICollectionViewCompositionalLayoutConfiguration()
        copy.scrollDirection = scrollDirection; copy.interSectionSpacing = interSectionSpacing
        copy.boundarySupplementaryItems = boundarySupplementaryItems; copy.contentInsetsReference = contentInsetsReference
        return copy
    }
}

public typealias UICollectionViewCompositionalLayoutSectionProvider = (Int, NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection?

/// Sections made of groups of items, sized relative to their containers (iOS 13).
///
/// Each section's group is laid out along the vertical axis, repeated until the items run out (the last
/// group keeps its size, partly filled). Sizes resolve against the container: an item's fractions are of
/// its group, a group's of the section's content area (the collection view's width less the section
/// insets, and its visible height). Estimated dimensions are measured from the cell's Auto Layout
/// (`preferredLayoutAttributesFitting(_:)`) when the layout is prepared.
open class UICollectionViewCompositionalLayout: UICollectionViewLayout {
    private let sectionProvider: UICollectionViewCompositionalLayoutSectionProvider
    /// Set by `list(using:)`: the collection view takes the list's background colour.
    var wholeListConfiguration: UICollectionLayoutListConfiguration?
    open var configuration: UICollectionViewCompositionalLayoutConfiguration {
        didSet { invalidateLayout() }
    }

    public convenience init(section: NSCollectionLayoutSection) {
        self.init(section: section, configuration: UICollectionViewCompositionalLayoutConfiguration())
    }
    public init(section: NSCollectionLayoutSection, configuration: UICollectionViewCompositionalLayoutConfiguration) {
        sectionProvider = { _, _ in section }
        self.configuration = configuration
        super.init()
    }
    public convenience init(sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider) {
        self.init(sectionProvider: sectionProvider, configuration: UICollectionViewCompositionalLayoutConfiguration())
    }
    public init(sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider,
                configuration: UICollectionViewCompositionalLayoutConfiguration) {
        self.sectionProvider = sectionProvider
        self.configuration = configuration
        super.init()
    }
    public override init?(coder: NSCoder) { nil }

    // MARK: Prepared state

    struct GroupRun { var frame: CGRect; var items: Range<Int> }
    struct PreparedSection {
        var section: NSCollectionLayoutSection
        var frame: CGRect = .zero
        var items: [UICollectionViewLayoutAttributes] = []
        var groups: [GroupRun] = []
        var supplementaries: [UICollectionViewLayoutAttributes] = []
        var pinned: [UICollectionViewLayoutAttributes] = []
        var decorations: [UICollectionViewLayoutAttributes] = []
        var isOrthogonal: Bool { section.orthogonalScrollingBehavior != .none }
    }
    private(set) var prepared: [PreparedSection] = []
    private var globalSupplementaries: [UICollectionViewLayoutAttributes] = []
    private var contentSize: CGSize = .zero

    open override var collectionViewContentSize: CGSize { contentSize }

    /// The section as the provider made it for `index` at the last prepare.
    func preparedSection(_ index: Int) -> NSCollectionLayoutSection? {
        prepared.indices.contains(index) ? prepared[index].section : nil
    }

    private func referenceInsets(_ reference: UIContentInsetsReference, in collectionView: UICollectionView) -> NSDirectionalEdgeInsets {
        switch reference {
        case .none: return .zero
        case .automatic, .safeArea:
            let safe = collectionView.safeAreaInsets
            return NSDirectionalEdgeInsets(top: 0, leading: safe.left, bottom: 0, trailing: safe.right)
        case .layoutMargins, .readableContent:
            let margins = collectionView.layoutMargins
            return NSDirectionalEdgeInsets(top: 0, leading: margins.left, bottom: 0, trailing: margins.right)
        }
    }

    open override func prepare() {
        super.prepare()
        prepared = []
        globalSupplementaries = []
        contentSize = .zero
        guard let collectionView else { return }
        if let list = wholeListConfiguration, collectionView.backgroundColor != list.resolvedBackgroundColor {
            collectionView.backgroundColor = list.resolvedBackgroundColor
        }
        let inset = collectionView.adjustedContentInset
        let width = collectionView.bounds.width - inset.left - inset.right
        let height = collectionView.bounds.height - inset.top - inset.bottom
        let layoutInsets = referenceInsets(configuration.contentInsetsReference, in: collectionView)
        var y: CGFloat = 0
        let layoutWidth = width - layoutInsets.leading - layoutInsets.trailing
        func placeGlobal(_ items: [NSCollectionLayoutBoundarySupplementaryItem], leading: Bool) {
            for item in items where item.isLeadingBoundary == leading {
                let size = item.layoutSize.resolve(in: CGSize(width: layoutWidth, height: height))
                let attributes = makeAttributes(forSupplementaryViewOfKind: item.elementKind, with: IndexPath(item: 0, section: 0))
                attributes.frame = CGRect(x: layoutInsets.leading + item.offset.x, y: y + item.offset.y, width: size.width, height: size.height)
                attributes.zIndex = item.zIndex
                globalSupplementaries.append(attributes)
                if item.extendsBoundary { y += size.height }
            }
        }
        placeGlobal(configuration.boundarySupplementaryItems, leading: true)
        for s in 0..<collectionView.numberOfSections {
            let containerInsets = referenceInsets(configuration.contentInsetsReference, in: collectionView)
            let environment = CompositionalEnvironment(
                container: CompositionalContainer(contentSize: CGSize(width: width, height: height), contentInsets: containerInsets),
                traitCollection: collectionView.traitCollection)
            guard let section = sectionProvider(s, environment) else {
                misuse("UICollectionViewCompositionalLayout: the section provider returned nil for section \(s); return a section for every section of the data source")
            }
            if s > 0 { y += configuration.interSectionSpacing }
            var result = PreparedSection(section: section)
            layout(&result, index: s, top: &y, width: width, height: height, collectionView: collectionView)
            prepared.append(result)
        }
        placeGlobal(configuration.boundarySupplementaryItems, leading: false)
        contentSize = CGSize(width: width, height: y)
    }

    private func layout(_ result: inout PreparedSection, index s: Int, top y: inout CGFloat, width: CGFloat, height: CGFloat, collectionView: UICollectionView) {
        let section = result.section
        let start = y
        let reference = referenceInsets(section.contentInsetsReference, in: collectionView)
        let contentMinX = reference.leading + section.contentInsets.leading
        let contentWidth = max(0, width - reference.leading - reference.trailing - section.contentInsets.leading - section.contentInsets.trailing)
        let supplementaryReference = referenceInsets(section.supplementaryContentInsetsReference, in: collectionView)
        let supplementaryMinX = section.supplementariesFollowContentInsets ? contentMinX : supplementaryReference.leading
        let supplementaryWidth = section.supplementariesFollowContentInsets ? contentWidth : width - supplementaryReference.leading - supplementaryReference.trailing

        func placeBoundary(leading: Bool) {
            for item in section.boundarySupplementaryItems where item.isLeadingBoundary == leading {
                var size = item.layoutSize.resolve(in: CGSize(width: supplementaryWidth, height: height))
                let indexPath = IndexPath(item: 0, section: s)
                if item.layoutSize.heightDimension.isEstimated {
                    size.height = collectionView.selfSizedSupplementarySize(ofKind: item.elementKind, at: indexPath, estimate: size)
                }
                let attributes = makeAttributes(forSupplementaryViewOfKind: item.elementKind, with: indexPath)
                attributes.frame = CGRect(x: supplementaryMinX + item.offset.x, y: y + item.offset.y, width: size.width, height: size.height)
                attributes.zIndex = item.pinToVisibleBounds ? max(item.zIndex, 1024) : item.zIndex
                if item.pinToVisibleBounds { result.pinned.append(attributes) } else { result.supplementaries.append(attributes) }
                if item.extendsBoundary { y += size.height }
            }
        }
        placeBoundary(leading: true)
        let contentStart = y
        y += section.contentInsets.top
        let count = collectionView.numberOfItems(inSection: s)
        let groupContainer = CGSize(width: contentWidth, height: height)
        var next = 0
        var x = contentMinX
        var rowHeight: CGFloat = 0
        let perGroup = max(1, section.group.leafCount)
        while next < count {
            let origin = result.isOrthogonal ? CGPoint(x: x, y: y) : CGPoint(x: contentMinX, y: y)
            let first = next
            let size = place(section.group, at: origin, container: groupContainer, section: s, next: &next, count: count, into: &result)
            result.groups.append(GroupRun(frame: CGRect(origin: origin, size: size), items: first..<next))
            if result.isOrthogonal {
                x += size.width + section.interGroupSpacing
                rowHeight = max(rowHeight, size.height)
            } else {
                y += size.height
                if next < count { y += section.interGroupSpacing }
            }
            if next == first { next += perGroup }  // a group that placed nothing must still move on
        }
        if result.isOrthogonal { y += rowHeight }
        y += section.contentInsets.bottom
        let contentEnd = y
        placeBoundary(leading: false)
        result.frame = CGRect(x: 0, y: start, width: width, height: y - start)
        for (d, decoration) in section.decorationItems.enumerated() {
            let attributes = makeAttributes(forDecorationViewOfKind: decoration.elementKind, with: IndexPath(item: d, section: s))
            // A background covers the section's content area (its insets included), less its own insets.
            let area = CGRect(x: reference.leading, y: contentStart, width: width - reference.leading - reference.trailing, height: contentEnd - contentStart)
            attributes.frame = CGRect(x: area.minX + decoration.contentInsets.leading, y: area.minY + decoration.contentInsets.top,
                                      width: max(0, area.width - decoration.contentInsets.leading - decoration.contentInsets.trailing),
                                      height: max(0, area.height - decoration.contentInsets.top - decoration.contentInsets.bottom))
            attributes.zIndex = decoration.zIndex
            result.decorations.append(attributes)
        }
    }

    /// Lays out `item` (a leaf or a group) at `origin` inside a container of `container` size, taking
    /// items from `next`; returns the size it took.
    private func place(_ item: NSCollectionLayoutItem, at origin: CGPoint, container: CGSize, section: Int,
                       next: inout Int, count: Int, into result: inout PreparedSection) -> CGSize {
        var size = item.layoutSize.resolve(in: container)
        let isLeaf = (item as? ForcedSizeItem)?.isLeaf ?? !(item is NSCollectionLayoutGroup)
        guard !isLeaf, let group = item as? NSCollectionLayoutGroup else {
            guard next < count else { return size }
            let indexPath = IndexPath(item: next, section: section)
            next += 1
            let insets = item.contentInsets
            if item.layoutSize.heightDimension.isEstimated || item.layoutSize.widthDimension.isEstimated {
                let cellWidth = size.width - insets.leading - insets.trailing
                let fixedWidth: CGFloat? = item.layoutSize.widthDimension.isEstimated ? nil : cellWidth
                let measured = collectionView?.selfSizedSize(at: indexPath, estimate: CGSize(width: cellWidth, height: size.height - insets.top - insets.bottom), fixedWidth: fixedWidth)
                    ?? size
                if item.layoutSize.heightDimension.isEstimated { size.height = measured.height + insets.top + insets.bottom }
                // List rows are never shorter than the standard row (ListMetrics).
                if result.section.listConfiguration != nil { size.height = max(size.height, ListMetrics.estimatedRowHeight) }
                if item.layoutSize.widthDimension.isEstimated { size.width = measured.width + insets.leading + insets.trailing }
            }
            let attributes = makeAttributes(forCellWith: indexPath)
            attributes.frame = CGRect(x: origin.x + insets.leading, y: origin.y + insets.top,
                                      width: max(0, size.width - insets.leading - insets.trailing),
                                      height: max(0, size.height - insets.top - insets.bottom))
            result.items.append(attributes)
            for supplementary in item.supplementaryItems {
                let supplementarySize = supplementary.layoutSize.resolve(in: attributes.size)
                let badge = makeAttributes(forSupplementaryViewOfKind: supplementary.elementKind, with: indexPath)
                badge.frame = supplementary.containerAnchor.frame(of: supplementarySize, in: attributes.frame, itemAnchor: supplementary.itemAnchor)
                badge.zIndex = supplementary.zIndex
                result.supplementaries.append(badge)
            }
            return size
        }
        if case .custom(let provider) = group.arrangement {
            let environment = CompositionalEnvironment(container: CompositionalContainer(contentSize: size, contentInsets: .zero),
                                                       traitCollection: collectionView?.traitCollection ?? UITraitCollection())
            for custom in provider(environment) where next < count {
                let attributes = makeAttributes(forCellWith: IndexPath(item: next, section: section))
                attributes.frame = custom.frame.offsetBy(dx: origin.x, dy: origin.y)
                attributes.zIndex = custom.zIndex
                result.items.append(attributes)
                next += 1
            }
            return size
        }
        let horizontal: Bool = if case .horizontal = group.arrangement { true } else { false }
        // Without a count, the subitems repeat while the next one fits in the group's length (Apple's
        // photo grid: one third-width item fills a row three times); an estimated length holds one pass.
        var subitems = group.expandedSubitems
        let axisDimension = horizontal ? group.layoutSize.widthDimension : group.layoutSize.heightDimension
        if group.repeatCount == nil, !axisDimension.isEstimated, !subitems.isEmpty {
            let groupLength = horizontal ? size.width : size.height
            let lengths = subitems.map { sub -> CGFloat? in
                let dimension = horizontal ? sub.layoutSize.widthDimension : sub.layoutSize.heightDimension
                guard !dimension.isEstimated else { return nil }
                let s = sub.layoutSize.resolve(in: size)
                return horizontal ? s.width : s.height
            }
            if lengths.allSatisfy({ ($0 ?? 0) > 0 }) && !lengths.contains(where: { $0 == nil }) {
                var repeated: [NSCollectionLayoutItem] = []
                var used: CGFloat = 0
                var k = 0
                let gap = group.interItemSpacing?.spacing ?? 0
                while true {
                    let sub = subitems[k % subitems.count], length = lengths[k % subitems.count]!
                    let edges = sub.edgeSpacing
                    let extra = ((horizontal ? edges?.leading?.spacing : edges?.top?.spacing) ?? 0)
                        + ((horizontal ? edges?.trailing?.spacing : edges?.bottom?.spacing) ?? 0)
                    let needed = used + (repeated.isEmpty ? 0 : gap) + length + extra
                    if !repeated.isEmpty && needed > groupLength + 0.001 { break }
                    repeated.append(sub)
                    used = needed
                    k += 1
                    if repeated.count >= 1_000 { break }
                }
                subitems = repeated
            }
        }
        let fixedSpacing = group.interItemSpacing?.spacing ?? 0
        // With a count, the items share the group's length equally (their own size along the axis is ignored).
        let sharedLength: CGFloat? = group.repeatCount.map { n in
            ((horizontal ? size.width : size.height) - fixedSpacing * CGFloat(n - 1)) / CGFloat(n)
        }
        // Flexible spacing: first measure the items' lengths, then share the rest between them.
        var spacing = fixedSpacing
        if let interItem = group.interItemSpacing, interItem.isFlexibleSpacing, subitems.count > 1 {
            let lengths = subitems.map { sub -> CGFloat in
                let s = sub.layoutSize.resolve(in: size)
                return sharedLength ?? (horizontal ? s.width : s.height)
            }
            let free = (horizontal ? size.width : size.height) - lengths.reduce(0, +) - fixedSpacing * CGFloat(subitems.count - 1)
            spacing = fixedSpacing + max(0, free) / CGFloat(subitems.count - 1)
        }
        var cursor: CGFloat = 0
        var crossExtent: CGFloat = 0
        let uniform = subitems.contains { horizontal ? $0.layoutSize.heightDimension.isUniformAcrossSiblings : $0.layoutSize.widthDimension.isUniformAcrossSiblings }
        let firstItem = result.items.count
        for (i, sub) in subitems.enumerated() {
            guard next < count else { break }
            if i > 0 { cursor += spacing }
            let edges = sub.edgeSpacing
            cursor += (horizontal ? edges?.leading?.spacing : edges?.top?.spacing) ?? 0
            let crossOffset = (horizontal ? edges?.top?.spacing : edges?.leading?.spacing) ?? 0
            var subContainer = size
            if let sharedLength {
                if horizontal { subContainer.width = sharedLength } else { subContainer.height = sharedLength }
            }
            let subOrigin = horizontal ? CGPoint(x: origin.x + cursor, y: origin.y + crossOffset) : CGPoint(x: origin.x + crossOffset, y: origin.y + cursor)
            var subSize: CGSize
            if let sharedLength {
                // Resolve the subitem as if its own length were the shared one.
                let forced = NSCollectionLayoutSize(
                    widthDimension: horizontal ? .absolute(sharedLength) : sub.layoutSize.widthDimension,
                    heightDimension: horizontal ? sub.layoutSize.heightDimension : .absolute(sharedLength))
                subSize = place(ForcedSizeItem(sub, forced), at: subOrigin, container: subContainer, section: section, next: &next, count: count, into: &result)
            } else {
                subSize = place(sub, at: subOrigin, container: size, section: section, next: &next, count: count, into: &result)
            }
            cursor += horizontal ? subSize.width : subSize.height
            cursor += (horizontal ? edges?.trailing?.spacing : edges?.bottom?.spacing) ?? 0
            crossExtent = max(crossExtent, (horizontal ? subSize.height : subSize.width) + crossOffset + ((horizontal ? edges?.bottom?.spacing : edges?.trailing?.spacing) ?? 0))
        }
        if uniform {
            // Siblings share the tallest measured height (iOS 17's uniformAcrossSiblings).
            for attributes in result.items[firstItem...] {
                if horizontal { attributes.size.height = crossExtent; attributes.frame.origin.y = origin.y }
                else { attributes.size.width = crossExtent; attributes.frame.origin.x = origin.x }
            }
        }
        // An estimated group takes the size of what it holds along the estimated axis.
        if horizontal && group.layoutSize.heightDimension.isEstimated { size.height = crossExtent }
        if !horizontal && group.layoutSize.widthDimension.isEstimated { size.width = crossExtent }
        if !horizontal && group.layoutSize.heightDimension.isEstimated { size.height = cursor }
        if horizontal && group.layoutSize.widthDimension.isEstimated { size.width = cursor }
        return size
    }

    // MARK: Queries

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        var result = globalSupplementaries.filter { $0.frame.intersects(rect) }
        for (s, section) in prepared.enumerated() {
            let pinned = section.pinned.map { pin($0, in: section) }
            let extent = section.frame.union(pinned.reduce(CGRect.null) { $0.union($1.frame) })
            guard extent.intersects(rect) || section.frame.height == 0 else { continue }
            result += section.decorations.filter { $0.frame.intersects(rect) }
            result += pinned.filter { $0.frame.intersects(rect) }
            result += section.supplementaries.filter { $0.frame.intersects(rect) }
            result += items(in: rect, section: section)
            _ = s
        }
        return result
    }

    /// Groups stack downwards, so a binary search over them finds the first one `rect` reaches.
    private func items(in rect: CGRect, section: PreparedSection) -> [UICollectionViewLayoutAttributes] {
        if section.isOrthogonal { return section.items.filter { $0.frame.intersects(rect) } }
        var low = 0, high = section.groups.count
        while low < high {
            let mid = (low + high) / 2
            if section.groups[mid].frame.maxY < rect.minY { low = mid + 1 } else { high = mid }
        }
        var result: [UICollectionViewLayoutAttributes] = []
        var g = low
        while g < section.groups.count && section.groups[g].frame.minY <= rect.maxY {
            for i in section.groups[g].items where i < section.items.count && section.items[i].frame.intersects(rect) {
                result.append(section.items[i])
            }
            g += 1
        }
        return result
    }

    /// A pinned header stays at the top of the visible area while its section is under it.
    private func pin(_ attributes: UICollectionViewLayoutAttributes, in section: PreparedSection) -> UICollectionViewLayoutAttributes {
        guard let collectionView else { return attributes }
        let top = collectionView.bounds.minY + collectionView.adjustedContentInset.top
        let copy = attributes.copy() as! UICollectionViewLayoutAttributes
        copy.frame.origin.y = min(max(attributes.frame.minY, top), section.frame.maxY - attributes.frame.height)
        copy.frame.origin.y = max(copy.frame.origin.y, attributes.frame.minY)
        return copy
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard prepared.indices.contains(indexPath.section), prepared[indexPath.section].items.indices.contains(indexPath.item) else { return nil }
        return prepared[indexPath.section].items[indexPath.item]
    }
    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        if let global = globalSupplementaries.first(where: { $0.representedElementKind == elementKind && $0.indexPath == indexPath }) { return global }
        guard prepared.indices.contains(indexPath.section) else { return nil }
        let section = prepared[indexPath.section]
        if let pinned = section.pinned.first(where: { $0.representedElementKind == elementKind && $0.indexPath == indexPath }) { return pin(pinned, in: section) }
        return section.supplementaries.first { $0.representedElementKind == elementKind && $0.indexPath == indexPath }
    }
    open override func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard prepared.indices.contains(indexPath.section) else { return nil }
        return prepared[indexPath.section].decorations.first { $0.representedElementKind == elementKind && $0.indexPath == indexPath }
    }
    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        super.shouldInvalidateLayout(forBoundsChange: newBounds)
    }
}

/// A leaf or group seen with another size (a repeating group's share of its length).
private final class ForcedSizeItem: NSCollectionLayoutGroup {
    init(_ base: NSCollectionLayoutItem, _ size: NSCollectionLayoutSize) {
        let group = base as? NSCollectionLayoutGroup
        self.base = base
        super.init(layoutSize: size, arrangement: group?.arrangement ?? .horizontal, subitems: group?.subitems ?? [], count: group?.repeatCount,
                   supplementaryItems: base.supplementaryItems)
        contentInsets = base.contentInsets
        edgeSpacing = base.edgeSpacing
        interItemSpacing = group?.interItemSpacing
    }
    let base: NSCollectionLayoutItem
    var isLeaf: Bool { !(base is NSCollectionLayoutGroup) }
    override var leafCount: Int { base.leafCount }
}
