import Foundation

/// A table view's data source over snapshots: apply a new `NSDiffableDataSourceSnapshot` and the table
/// animates the difference from the last one (as batch updates with `defaultRowAnimation`), or reloads
/// (the first apply, `animatingDifferences: false`, `applySnapshotUsingReloadData`), as UIKit does.
/// Keep a strong reference to it: the table holds its data source weakly.
open class UITableViewDiffableDataSource<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable>: NSObject, UITableViewDataSource {
    public typealias CellProvider = (UITableView, IndexPath, ItemIdentifierType) -> UITableViewCell?
    public typealias Snapshot = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

    private weak var tableView: UITableView?
    private let cellProvider: CellProvider
    private var current = Snapshot()
    private var hasApplied = false
    /// The animation of inserted, deleted and reloaded rows when a snapshot is applied with animation.
    open var defaultRowAnimation: UITableView.RowAnimation = .automatic

    public init(tableView: UITableView, cellProvider: @escaping CellProvider) {
        self.tableView = tableView
        self.cellProvider = cellProvider
        super.init()
        tableView.dataSource = self
    }

    /// Shows `snapshot`: animated from the last one when `animatingDifferences` (and one was applied
    /// before), else by reloading; `completion` runs when the rows are in place.
    open func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        let old = current
        let wasApplied = hasApplied
        current = snapshot.clearingUpdateMarks
        hasApplied = true
        guard let tableView else { completion?(); return }
        guard animatingDifferences, wasApplied else {
            tableView.reloadData()
            if tableView.window != nil { tableView.layoutIfNeeded() }
            completion?()
            return
        }
        let updates = snapshot.updates(from: old)
        guard !updates.isEmpty else { completion?(); return }
        let animation = defaultRowAnimation
        tableView.performBatchUpdates({
            if !updates.deletedSections.isEmpty { tableView.deleteSections(updates.deletedSections, with: animation) }
            if !updates.insertedSections.isEmpty { tableView.insertSections(updates.insertedSections, with: animation) }
            if !updates.reloadedSections.isEmpty { tableView.reloadSections(updates.reloadedSections, with: animation) }
            for move in updates.movedSections { tableView.moveSection(move.from, toSection: move.to) }
            if !updates.deletedItems.isEmpty { tableView.deleteRows(at: updates.deletedItems, with: animation) }
            if !updates.insertedItems.isEmpty { tableView.insertRows(at: updates.insertedItems, with: animation) }
            if !updates.reloadedItems.isEmpty { tableView.reloadRows(at: updates.reloadedItems, with: animation) }
            for move in updates.movedItems { tableView.moveRow(at: move.from, to: move.to) }
        }, completion: { _ in completion?() })
        if !updates.reconfiguredItems.isEmpty { tableView.reconfigureRows(at: updates.reconfiguredItems) }
    }
    /// Shows `snapshot` by reloading the table (no animation, no difference computed).
    open func applySnapshotUsingReloadData(_ snapshot: Snapshot, completion: (() -> Void)? = nil) {
        apply(snapshot, animatingDifferences: false, completion: completion)
    }
    /// The snapshot shown (without reload or reconfigure marks).
    open func snapshot() -> Snapshot { current }
    open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { current.itemIdentifier(at: indexPath) }
    open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? { current.indexPath(of: itemIdentifier) }
    open func sectionIdentifier(for index: Int) -> SectionIdentifierType? { current.sectionIdentifier(at: index) }
    open func index(for sectionIdentifier: SectionIdentifierType) -> Int? { current.indexOfSection(sectionIdentifier) }

    // MARK: UITableViewDataSource (overridable)

    open func numberOfSections(in tableView: UITableView) -> Int { current.numberOfSections }
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        guard let identifier = current.sectionIdentifier(at: section) else { return 0 }
        return current.numberOfItems(inSection: identifier)
    }
    /// The cell provider's cell for the row's item. Stops with a message when the provider returns nil (as
    /// UIKit raises).
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        guard let item = current.itemIdentifier(at: indexPath) else {
            misuse("UITableViewDiffableDataSource: no item at \(indexPath) in the applied snapshot")
        }
        guard let cell = cellProvider(tableView, indexPath, item) else {
            misuse("UITableViewDiffableDataSource: the cell provider returned nil for \(indexPath); return a dequeued cell")
        }
        return cell
    }
    open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    open func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
    open func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { false }
    open func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }
    open func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}
    /// Inert: the section index is not drawn; nil.
    open func sectionIndexTitles(for tableView: UITableView) -> [String]? { nil }
    /// Inert: the section index is not drawn.
    open func tableView(_ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int { index }
}
