import Foundation

/// UIKit's line-based layout: items fill a line across the scrolling axis and wrap to the next.
///
/// Line breaking as iOS: items go on a line while they fit with `minimumInteritemSpacing` between them;
/// a full line (not the section's last) is justified (the spare space spread equally between its items,
/// a lone item centred); the last line keeps the minimum spacing from the leading edge. Items are
/// centred across their line. Defaults are Apple's (header values of UICollectionViewFlowLayout.h):
/// itemSize 50×50, line and interitem spacing 10, no insets, vertical.
open class UICollectionViewFlowLayout: UICollectionViewLayout {
    public enum SectionInsetReference: Int, Sendable { case fromContentInset, fromSafeArea, fromLayoutMargins }

    /// `estimatedItemSize` that asks each cell for its size (`preferredLayoutAttributesFitting(_:)`).
    public static let automaticSize = CGSize(width: CGFloat.greatestFiniteMagnitude, height: CGFloat.greatestFiniteMagnitude)

    open var minimumLineSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    open var minimumInteritemSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    open var itemSize = CGSize(width: 50, height: 50) { didSet { invalidateLayout() } }
    /// Not zero: items size themselves from their cells (estimated first, then measured).
    open var estimatedItemSize: CGSize = .zero { didSet { invalidateLayout() } }
    open var scrollDirection: UICollectionView.ScrollDirection = .vertical { didSet { invalidateLayout() } }
    open var headerReferenceSize: CGSize = .zero { didSet { invalidateLayout() } }
    open var footerReferenceSize: CGSize = .zero { didSet { invalidateLayout() } }
    open var sectionInset: UIEdgeInsets = .zero { didSet { invalidateLayout() } }
    open var sectionInsetReference: SectionInsetReference = .fromContentInset { didSet { invalidateLayout() } }
    open var sectionHeadersPinToVisibleBounds = false { didSet { invalidateLayout() } }
    open var sectionFootersPinToVisibleBounds = false { didSet { invalidateLayout() } }

    public override init() { super.init() }
    public override init?(coder: NSCoder) { super.init() }

    private struct Section {
        var header: UICollectionViewLayoutAttributes?
        var footer: UICollectionViewLayoutAttributes?
        var items: [UICollectionViewLayoutAttributes] = []
        /// Where each item's line starts and ends along the scrolling axis.
        var lineStarts: [CGFloat] = [], lineEnds: [CGFloat] = []
        /// From the header's leading edge to the footer's trailing edge along the scrolling axis.
        var frame: CGRect = .zero
    }
    private var sections: [Section] = []
    private var contentSize: CGSize = .zero

    private var delegate: UICollectionViewDelegateFlowLayout? { collectionView?.delegate as? UICollectionViewDelegateFlowLayout }

    open override var collectionViewContentSize: CGSize { contentSize }

    open override func prepare() {
        super.prepare()
        sections = []
        contentSize = .zero
        guard let collectionView else { return }
        let vertical = scrollDirection == .vertical
        // Along the scrolling axis ("main") and across it ("cross"); horizontal layouts swap x and y.
        func rect(main: CGFloat, cross: CGFloat, mainLength: CGFloat, crossLength: CGFloat) -> CGRect {
            vertical ? CGRect(x: cross, y: main, width: crossLength, height: mainLength)
                : CGRect(x: main, y: cross, width: mainLength, height: crossLength)
        }
        func mainLength(_ size: CGSize) -> CGFloat { vertical ? size.height : size.width }
        func crossLength(_ size: CGSize) -> CGFloat { vertical ? size.width : size.height }

        let bounds = collectionView.bounds.size
        let inset = collectionView.adjustedContentInset
        let crossExtent = vertical ? bounds.width - inset.left - inset.right : bounds.height - inset.top - inset.bottom
        // The section inset counts from the safe area or the margins instead of the content edge when asked.
        let reference: UIEdgeInsets = switch sectionInsetReference {
        case .fromContentInset: .zero
        case .fromSafeArea: collectionView.safeAreaInsets
        case .fromLayoutMargins: collectionView.layoutMargins
        }
        var main: CGFloat = 0
        for s in 0..<collectionView.numberOfSections {
            var section = Section()
            let start = main
            let sectionInset = delegate?.collectionView(collectionView, layout: self, insetForSectionAt: s) ?? self.sectionInset
            let lineSpacing = delegate?.collectionView(collectionView, layout: self, minimumLineSpacingForSectionAt: s) ?? minimumLineSpacing
            let itemSpacing = delegate?.collectionView(collectionView, layout: self, minimumInteritemSpacingForSectionAt: s) ?? minimumInteritemSpacing
            let headerSize = delegate?.collectionView(collectionView, layout: self, referenceSizeForHeaderInSection: s) ?? headerReferenceSize
            let footerSize = delegate?.collectionView(collectionView, layout: self, referenceSizeForFooterInSection: s) ?? footerReferenceSize
            if mainLength(headerSize) > 0 {
                let header = makeAttributes(forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader, with: IndexPath(item: 0, section: s))
                header.frame = rect(main: main, cross: 0, mainLength: mainLength(headerSize), crossLength: crossExtent)
                section.header = header
                main += mainLength(headerSize)
            }
            let leadingInset = vertical ? sectionInset.top : sectionInset.left
            let trailingInset = vertical ? sectionInset.bottom : sectionInset.right
            let crossStart = (vertical ? sectionInset.left + reference.left : sectionInset.top + reference.top)
            let crossEnd = crossExtent - (vertical ? sectionInset.right + reference.right : sectionInset.bottom + reference.bottom)
            let available = crossEnd - crossStart
            main += leadingInset
            let count = collectionView.numberOfItems(inSection: s)
            var sizes: [CGSize] = []
            sizes.reserveCapacity(count)
            for i in 0..<count {
                let indexPath = IndexPath(item: i, section: s)
                var size = delegate?.collectionView(collectionView, layout: self, sizeForItemAt: indexPath) ?? itemSize
                if estimatedItemSize != .zero {
                    let estimate = estimatedItemSize == Self.automaticSize ? size : estimatedItemSize
                    size = collectionView.selfSizedSize(at: indexPath, estimate: estimate, fixedWidth: nil)
                }
                sizes.append(size)
            }
            // Break into lines.
            var lines: [Range<Int>] = []
            var lineStart = 0, used: CGFloat = 0
            for i in 0..<count {
                let length = crossLength(sizes[i])
                if i > lineStart && used + itemSpacing + length > available + 0.0001 {
                    lines.append(lineStart..<i)
                    lineStart = i
                    used = length
                } else {
                    used += (i > lineStart ? itemSpacing : 0) + length
                }
            }
            if count > lineStart { lines.append(lineStart..<count) }
            for (l, line) in lines.enumerated() {
                if l > 0 { main += lineSpacing }
                let lineLength = line.map { mainLength(sizes[$0]) }.max() ?? 0
                let total = line.map { crossLength(sizes[$0]) }.reduce(0, +)
                let isLast = l == lines.count - 1
                var spacing = itemSpacing
                var cross = crossStart
                if !isLast && line.count > 1 {
                    spacing = (available - total) / CGFloat(line.count - 1)
                } else if !isLast {
                    cross = crossStart + (available - total) / 2
                }
                for i in line {
                    let item = makeAttributes(forCellWith: IndexPath(item: i, section: s))
                    let length = mainLength(sizes[i])
                    item.frame = rect(main: main + (lineLength - length) / 2, cross: cross,
                                      mainLength: length, crossLength: crossLength(sizes[i]))
                    section.items.append(item)
                    section.lineStarts.append(main)
                    section.lineEnds.append(main + lineLength)
                    cross += crossLength(sizes[i]) + spacing
                }
                main += lineLength
            }
            main += trailingInset
            if mainLength(footerSize) > 0 {
                let footer = makeAttributes(forSupplementaryViewOfKind: UICollectionView.elementKindSectionFooter, with: IndexPath(item: 0, section: s))
                footer.frame = rect(main: main, cross: 0, mainLength: mainLength(footerSize), crossLength: crossExtent)
                section.footer = footer
                main += mainLength(footerSize)
            }
            section.frame = rect(main: start, cross: 0, mainLength: main - start, crossLength: crossExtent)
            sections.append(section)
        }
        contentSize = vertical ? CGSize(width: crossExtent, height: main) : CGSize(width: main, height: crossExtent)
    }

    /// A header pinned to the visible bounds stays at the top edge while its section passes under it.
    private func pinned(_ attributes: UICollectionViewLayoutAttributes?, in section: Section, header: Bool) -> UICollectionViewLayoutAttributes? {
        guard let attributes, let collectionView, header ? sectionHeadersPinToVisibleBounds : sectionFootersPinToVisibleBounds else { return attributes }
        let copy = attributes.copy() as! UICollectionViewLayoutAttributes
        let visible = collectionView.bounds.inset(by: collectionView.adjustedContentInset)
        var frame = copy.frame
        if scrollDirection == .vertical {
            frame.origin.y = header ? min(max(frame.minY, visible.minY), section.frame.maxY - frame.height)
                : max(min(frame.minY, visible.maxY - frame.height), section.frame.minY)
        } else {
            frame.origin.x = header ? min(max(frame.minX, visible.minX), section.frame.maxX - frame.width)
                : max(min(frame.minX, visible.maxX - frame.width), section.frame.minX)
        }
        copy.frame = frame
        copy.zIndex = 1024
        return copy
    }

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        var result: [UICollectionViewLayoutAttributes] = []
        for section in sections where section.frame.intersects(rect) || section.frame.isEmpty {
            if let header = pinned(section.header, in: section, header: true), header.frame.intersects(rect) { result.append(header) }
            result += itemsIntersecting(rect, in: section)
            if let footer = pinned(section.footer, in: section, header: false), footer.frame.intersects(rect) { result.append(footer) }
        }
        return result
    }

    /// Lines only move forward along the scrolling axis, so a binary search over each item's line end
    /// finds the first line that reaches `rect`; the walk stops at the first line past it.
    private func itemsIntersecting(_ rect: CGRect, in section: Section) -> [UICollectionViewLayoutAttributes] {
        let vertical = scrollDirection == .vertical
        let start = vertical ? rect.minY : rect.minX, end = vertical ? rect.maxY : rect.maxX
        var low = 0, high = section.items.count
        while low < high {
            let mid = (low + high) / 2
            if section.lineEnds[mid] < start { low = mid + 1 } else { high = mid }
        }
        var result: [UICollectionViewLayoutAttributes] = []
        var i = low
        while i < section.items.count && section.lineStarts[i] <= end {
            if section.items[i].frame.intersects(rect) { result.append(section.items[i]) }
            i += 1
        }
        return result
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard sections.indices.contains(indexPath.section), sections[indexPath.section].items.indices.contains(indexPath.item) else { return nil }
        return sections[indexPath.section].items[indexPath.item]
    }

    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard sections.indices.contains(indexPath.section) else { return nil }
        let section = sections[indexPath.section]
        switch elementKind {
        case UICollectionView.elementKindSectionHeader: return pinned(section.header, in: section, header: true)
        case UICollectionView.elementKindSectionFooter: return pinned(section.footer, in: section, header: false)
        default: return nil
        }
    }

    /// Scrolling moves pinned headers, so it needs a new layout then; otherwise only a size change does.
    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        if sectionHeadersPinToVisibleBounds || sectionFootersPinToVisibleBounds { return true }
        return super.shouldInvalidateLayout(forBoundsChange: newBounds)
    }
    open override func shouldInvalidateLayout(forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
                                              withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes) -> Bool {
        preferredAttributes.size != originalAttributes.size
    }
}

/// The flow layout's questions to the collection view's delegate; each answer overrides the layout's
/// property for one item or section. All optional.
public protocol UICollectionViewDelegateFlowLayout: UICollectionViewDelegate {
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, insetForSectionAt section: Int) -> UIEdgeInsets
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, minimumLineSpacingForSectionAt section: Int) -> CGFloat
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, minimumInteritemSpacingForSectionAt section: Int) -> CGFloat
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, referenceSizeForHeaderInSection section: Int) -> CGSize
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, referenceSizeForFooterInSection section: Int) -> CGSize
}

extension UICollectionViewDelegateFlowLayout {
    // The defaults hand back the layout's own properties (what UIKit uses when the method is missing).
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.itemSize ?? CGSize(width: 50, height: 50)
    }
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, insetForSectionAt section: Int) -> UIEdgeInsets {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.sectionInset ?? .zero
    }
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, minimumLineSpacingForSectionAt section: Int) -> CGFloat {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.minimumLineSpacing ?? 10
    }
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, minimumInteritemSpacingForSectionAt section: Int) -> CGFloat {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.minimumInteritemSpacing ?? 10
    }
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, referenceSizeForHeaderInSection section: Int) -> CGSize {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.headerReferenceSize ?? .zero
    }
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, referenceSizeForFooterInSection section: Int) -> CGSize {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.footerReferenceSize ?? .zero
    }
}
