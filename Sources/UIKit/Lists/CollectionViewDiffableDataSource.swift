import Foundation

/// A collection view's data source fed by snapshots (iOS 13): apply a new snapshot and the collection
/// view animates from the old one to it (the snapshot difference becomes `performBatchUpdates`).
///
/// The first apply reloads the data; later ones apply the difference, animated or (iOS 15's rule) at
/// once without animation; `applySnapshotUsingReloadData` always reloads.
open class UICollectionViewDiffableDataSource<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>: NSObject, UICollectionViewDataSource {
    public typealias CellProvider = (UICollectionView, IndexPath, ItemIdentifierType) -> UICollectionViewCell?
    public typealias SupplementaryViewProvider = (UICollectionView, String, IndexPath) -> UICollectionReusableView?
    public typealias Snapshot = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

    /// Inert: interactive reordering is not simulated, so these are never called; stored.
    public struct ReorderingHandlers {
        public var canReorderItem: ((ItemIdentifierType) -> Bool)?
        public var willReorder: ((NSDiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>) -> Void)?
        public var didReorder: ((NSDiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>) -> Void)?
        public init() {}
    }
    /// Inert: expanding and collapsing by the outline disclosure accessory is not simulated (taps on
    /// accessories are not routed), so these are never called; stored.
    public struct SectionSnapshotHandlers<ItemIdentifier: Hashable> {
        public var shouldExpandItem: ((ItemIdentifier) -> Bool)?
        public var willExpandItem: ((ItemIdentifier) -> Void)?
        public var shouldCollapseItem: ((ItemIdentifier) -> Bool)?
        public var willCollapseItem: ((ItemIdentifier) -> Void)?
        public var snapshotForExpandingParentItem: ((ItemIdentifier, NSDiffableDataSourceSectionSnapshot<ItemIdentifier>) -> NSDiffableDataSourceSectionSnapshot<ItemIdentifier>)?
        public init() {}
    }

    private weak var collectionView: UICollectionView?
    private let cellProvider: CellProvider
    open var supplementaryViewProvider: SupplementaryViewProvider?
    /// Inert: see `ReorderingHandlers`.
    open var reorderingHandlers = ReorderingHandlers()
    /// Inert: see `SectionSnapshotHandlers`.
    open var sectionSnapshotHandlers = SectionSnapshotHandlers<ItemIdentifierType>()

    private var current = Snapshot()
    private var sectionSnapshots: [SectionIdentifierType: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>] = [:]
    private var hasApplied = false

    /// Becomes the collection view's data source.
    public init(collectionView: UICollectionView, cellProvider: @escaping CellProvider) {
        self.collectionView = collectionView
        self.cellProvider = cellProvider
        super.init()
        collectionView.dataSource = self
    }

    /// Shows `snapshot`: the collection view animates the difference from the current one (inserted
    /// items fade in, deleted fade out, the others move), or changes at once without animation.
    open func apply(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
                    animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        guard let collectionView else { current = snapshot; completion?(); return }
        let old = current
        current = snapshot
        sectionSnapshots = sectionSnapshots.filter { snapshot.indexOfSection($0.key) != nil }
        guard hasApplied else {
            hasApplied = true
            collectionView.reloadData()
            completion?()
            return
        }
        let updates = snapshot.updates(from: old)
        guard !updates.isEmpty else { completion?(); return }
        let run = {
            collectionView.performBatchUpdates({
                collectionView.deleteSections(updates.deletedSections)
                collectionView.insertSections(updates.insertedSections)
                collectionView.reloadSections(updates.reloadedSections)
                for move in updates.movedSections { collectionView.moveSection(move.from, toSection: move.to) }
                collectionView.deleteItems(at: updates.deletedItems)
                collectionView.insertItems(at: updates.insertedItems)
                collectionView.reloadItems(at: updates.reloadedItems)
                for move in updates.movedItems { collectionView.moveItem(at: move.from, to: move.to) }
            }, completion: { _ in completion?() })
            if !updates.reconfiguredItems.isEmpty { collectionView.reconfigureItems(at: updates.reconfiguredItems) }
        }
        if animatingDifferences { run() } else { UIView.performWithoutAnimation(run) }
    }

    /// Shows `snapshot` by reloading the collection view (no difference, no animation).
    open func applySnapshotUsingReloadData(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
                                           completion: (() -> Void)? = nil) {
        current = snapshot
        hasApplied = true
        collectionView?.reloadData()
        completion?()
    }

    /// Replaces one section's items with a section snapshot's visible items (appending the section when
    /// it is new), applied like a full snapshot.
    open func apply(_ snapshot: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>, to section: SectionIdentifierType,
                    animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        var next = current
        if next.indexOfSection(section) != nil {
            next.deleteItems(next.itemIdentifiers(inSection: section))
        } else {
            next.appendSections([section])
        }
        next.appendItems(snapshot.visibleItems, toSection: section)
        apply(next, animatingDifferences: animatingDifferences, completion: completion)
        sectionSnapshots[section] = snapshot
    }

    /// A copy of what is shown.
    open func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> { current }

    /// The section snapshot last applied to `section`, or its items as a flat section snapshot.
    open func snapshot(for section: SectionIdentifierType) -> NSDiffableDataSourceSectionSnapshot<ItemIdentifierType> {
        if let known = sectionSnapshots[section] { return known }
        var flat = NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>()
        if current.indexOfSection(section) != nil { flat.append(current.itemIdentifiers(inSection: section)) }
        return flat
    }

    open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
        guard let section = sectionIdentifier(for: indexPath.section) else { return nil }
        let items = current.itemIdentifiers(inSection: section)
        return items.indices.contains(indexPath.item) ? items[indexPath.item] : nil
    }
    open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
        guard let section = current.sectionIdentifier(containingItem: itemIdentifier),
              let sectionIndex = current.indexOfSection(section),
              let item = current.itemIdentifiers(inSection: section).firstIndex(of: itemIdentifier) else { return nil }
        return IndexPath(item: item, section: sectionIndex)
    }
    open func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
        let sections = current.sectionIdentifiers
        return sections.indices.contains(index) ? sections[index] : nil
    }
    open func index(for sectionIdentifier: SectionIdentifierType) -> Int? { current.indexOfSection(sectionIdentifier) }

    // MARK: UICollectionViewDataSource

    open func numberOfSections(in collectionView: UICollectionView) -> Int { current.numberOfSections }
    open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        guard let identifier = sectionIdentifier(for: section) else { return 0 }
        return current.numberOfItems(inSection: identifier)
    }
    open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        guard let item = itemIdentifier(for: indexPath) else {
            misuse("UICollectionViewDiffableDataSource: no item at \(indexPath) in the applied snapshot")
        }
        guard let cell = cellProvider(collectionView, indexPath, item) else {
            misuse("UICollectionViewDiffableDataSource: the cell provider returned nil for \(item) at \(indexPath); return a dequeued cell")
        }
        return cell
    }
    open func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> UICollectionReusableView {
        guard let provider = supplementaryViewProvider else {
            misuse("UICollectionViewDiffableDataSource: the layout asked for a '\(kind)' view at \(indexPath) but supplementaryViewProvider is nil; set it")
        }
        guard let view = provider(collectionView, kind, indexPath) else {
            misuse("UICollectionViewDiffableDataSource: supplementaryViewProvider returned nil for '\(kind)' at \(indexPath); return a dequeued view")
        }
        return view
    }
    /// Inert: interactive reordering is not simulated; false unless a reordering handler says yes.
    open func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
        guard let item = itemIdentifier(for: indexPath), let handler = reorderingHandlers.canReorderItem else { return false }
        return handler(item)
    }
    /// Inert: interactive reordering is not simulated.
    open func collectionView(_ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}
    open func indexTitles(for collectionView: UICollectionView) -> [String]? { nil }
    open func collectionView(_ collectionView: UICollectionView, indexPathForIndexTitle title: String, at index: Int) -> IndexPath {
        IndexPath(item: 0, section: index)
    }
}

/// Inert: a reorder's before and after, as `ReorderingHandlers` would receive it; never made here.
public struct NSDiffableDataSourceTransaction<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable> {
    public let initialSnapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    public let finalSnapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    public let difference: CollectionDifference<ItemIdentifierType>
    public let sectionTransactions: [NSDiffableDataSourceSectionTransaction<SectionIdentifierType, ItemIdentifierType>]
}
/// Inert: one section's part of a reorder transaction; never made here.
public struct NSDiffableDataSourceSectionTransaction<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable> {
    public let sectionIdentifier: SectionIdentifierType
    public let initialSnapshot: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>
    public let finalSnapshot: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>
    public let difference: CollectionDifference<ItemIdentifierType>
}
