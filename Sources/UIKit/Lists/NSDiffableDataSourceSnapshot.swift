import Foundation

/// The state of a table or collection view's data at one moment: sections in order, each with its items in
/// order, every identifier unique across the snapshot (Apple's `NSDiffableDataSourceSnapshot`). A diffable data
/// source applies one and animates the differences from the one before (`updates(from:)`).
///
/// Identifiers are compared with `Hashable`, as on iOS: two equal identifiers are the same row, so a changed
/// value with an equal identity is not redrawn unless it is reloaded or reconfigured. Misuse that iOS traps on
/// (a duplicate identifier, an item for a missing section, a missing anchor item) stops here with a message that
/// names the identifier.
///
/// Apple constrains both identifier types to `Sendable` (iOS 17 SDK); here they need only be `Hashable`, so code
/// written before that constraint compiles too, and the snapshot is `Sendable` when they are.
public struct NSDiffableDataSourceSnapshot<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable> {
    fileprivate struct Section {
        var identifier: SectionIdentifierType
        var items: [ItemIdentifierType]
    }
    private var sections: [Section] = []
    /// Where each identifier lives, for lookups and the uniqueness rule; rebuilt after each structural change.
    private var sectionIndexes: [SectionIdentifierType: Int] = [:]
    private var itemLocations: [ItemIdentifierType: Int] = [:]   // item → its section's index
    private var reloadedSections: [SectionIdentifierType] = []
    private var reloadedItems: [ItemIdentifierType] = []
    private var reconfiguredItems: [ItemIdentifierType] = []

    /// An empty snapshot: no sections, no items.
    public init() {}

    // MARK: Reading

    /// How many items, in all sections.
    public var numberOfItems: Int { itemLocations.count }
    /// How many sections.
    public var numberOfSections: Int { sections.count }
    /// The sections, in order.
    public var sectionIdentifiers: [SectionIdentifierType] { sections.map(\.identifier) }
    /// Every item, section by section.
    public var itemIdentifiers: [ItemIdentifierType] { sections.flatMap(\.items) }
    /// Sections marked with `reloadSections(_:)` since the snapshot was made.
    public var reloadedSectionIdentifiers: [SectionIdentifierType] { reloadedSections }
    /// Items marked with `reloadItems(_:)` since the snapshot was made.
    public var reloadedItemIdentifiers: [ItemIdentifierType] { reloadedItems }
    /// Items marked with `reconfigureItems(_:)` since the snapshot was made.
    public var reconfiguredItemIdentifiers: [ItemIdentifierType] { reconfiguredItems }

    /// How many items `identifier` holds. Traps if the section is not in the snapshot, as on iOS.
    public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int {
        sections[requireSection(identifier, "numberOfItems(inSection:)")].items.count
    }
    /// The items of section `identifier`, in order. Traps if the section is not in the snapshot, as on iOS.
    public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] {
        sections[requireSection(identifier, "itemIdentifiers(inSection:)")].items
    }
    /// The section holding `identifier`, or nil when the item is not in the snapshot.
    public func sectionIdentifier(containingItem identifier: ItemIdentifierType) -> SectionIdentifierType? {
        itemLocations[identifier].map { sections[$0].identifier }
    }
    /// The item's index in `itemIdentifiers` (counted across sections), or nil.
    public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? {
        guard let section = itemLocations[identifier] else { return nil }
        let before = sections[..<section].reduce(0) { $0 + $1.items.count }
        return sections[section].items.firstIndex(of: identifier).map { before + $0 }
    }
    /// The section's index, or nil.
    public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? { sectionIndexes[identifier] }

    // MARK: Items

    /// Adds `identifiers` at the end of `sectionIdentifier`, or of the last section when it is nil.
    public mutating func appendItems(_ identifiers: [ItemIdentifierType], toSection sectionIdentifier: SectionIdentifierType? = nil) {
        let section: Int
        if let sectionIdentifier {
            section = requireSection(sectionIdentifier, "appendItems(_:toSection:)")
        } else {
            checkUsage(!sections.isEmpty, "NSDiffableDataSourceSnapshot.appendItems(_:toSection:): there is no section to append to; call appendSections(_:) first")
            section = sections.count - 1
        }
        requireNew(identifiers, "appendItems(_:toSection:)")
        sections[section].items.append(contentsOf: identifiers)
        for item in identifiers { itemLocations[item] = section }
    }
    /// Inserts `identifiers` just before `beforeIdentifier`, in its section.
    public mutating func insertItems(_ identifiers: [ItemIdentifierType], beforeItem beforeIdentifier: ItemIdentifierType) {
        insert(identifiers, nextTo: beforeIdentifier, after: false, "insertItems(_:beforeItem:)")
    }
    /// Inserts `identifiers` just after `afterIdentifier`, in its section.
    public mutating func insertItems(_ identifiers: [ItemIdentifierType], afterItem afterIdentifier: ItemIdentifierType) {
        insert(identifiers, nextTo: afterIdentifier, after: true, "insertItems(_:afterItem:)")
    }
    /// Removes `identifiers`; identifiers not in the snapshot are ignored, as on iOS.
    public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
        let doomed = Set(identifiers)
        for index in sections.indices where sections[index].items.contains(where: doomed.contains) {
            sections[index].items.removeAll(where: doomed.contains)
        }
        for item in doomed { itemLocations[item] = nil }
        reloadedItems.removeAll(where: doomed.contains)
        reconfiguredItems.removeAll(where: doomed.contains)
    }
    /// Removes every item and every section.
    public mutating func deleteAllItems() { self = NSDiffableDataSourceSnapshot() }
    /// Moves `identifier` to just before `toIdentifier` (possibly into another section).
    public mutating func moveItem(_ identifier: ItemIdentifierType, beforeItem toIdentifier: ItemIdentifierType) {
        move(identifier, nextTo: toIdentifier, after: false, "moveItem(_:beforeItem:)")
    }
    /// Moves `identifier` to just after `toIdentifier` (possibly into another section).
    public mutating func moveItem(_ identifier: ItemIdentifierType, afterItem toIdentifier: ItemIdentifierType) {
        move(identifier, nextTo: toIdentifier, after: true, "moveItem(_:afterItem:)")
    }
    /// Marks items to be reloaded when applied: their cells are made again (a cross-fade, or the data source's
    /// row animation).
    public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) {
        requireExisting(identifiers, "reloadItems(_:)")
        for item in identifiers where !reloadedItems.contains(item) { reloadedItems.append(item) }
    }
    /// Marks items to be reconfigured when applied: their existing cells are configured again in place.
    public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) {
        requireExisting(identifiers, "reconfigureItems(_:)")
        for item in identifiers where !reconfiguredItems.contains(item) { reconfiguredItems.append(item) }
    }

    // MARK: Sections

    /// Adds empty sections at the end.
    public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
        requireNewSections(identifiers, "appendSections(_:)")
        sections.append(contentsOf: identifiers.map { Section(identifier: $0, items: []) })
        reindex()
    }
    /// Inserts empty sections just before `toIdentifier`.
    public mutating func insertSections(_ identifiers: [SectionIdentifierType], beforeSection toIdentifier: SectionIdentifierType) {
        requireNewSections(identifiers, "insertSections(_:beforeSection:)")
        let index = requireSection(toIdentifier, "insertSections(_:beforeSection:)")
        sections.insert(contentsOf: identifiers.map { Section(identifier: $0, items: []) }, at: index)
        reindex()
    }
    /// Inserts empty sections just after `toIdentifier`.
    public mutating func insertSections(_ identifiers: [SectionIdentifierType], afterSection toIdentifier: SectionIdentifierType) {
        requireNewSections(identifiers, "insertSections(_:afterSection:)")
        let index = requireSection(toIdentifier, "insertSections(_:afterSection:)")
        sections.insert(contentsOf: identifiers.map { Section(identifier: $0, items: []) }, at: index + 1)
        reindex()
    }
    /// Removes sections and their items; identifiers not in the snapshot are ignored.
    public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
        let doomed = Set(identifiers)
        let items = sections.filter { doomed.contains($0.identifier) }.flatMap(\.items)
        sections.removeAll { doomed.contains($0.identifier) }
        reloadedSections.removeAll(where: doomed.contains)
        reindex()
        let gone = Set(items)
        reloadedItems.removeAll(where: gone.contains)
        reconfiguredItems.removeAll(where: gone.contains)
    }
    /// Moves a section (with its items) to just before `toIdentifier`.
    public mutating func moveSection(_ identifier: SectionIdentifierType, beforeSection toIdentifier: SectionIdentifierType) {
        moveSection(identifier, nextTo: toIdentifier, after: false, "moveSection(_:beforeSection:)")
    }
    /// Moves a section (with its items) to just after `toIdentifier`.
    public mutating func moveSection(_ identifier: SectionIdentifierType, afterSection toIdentifier: SectionIdentifierType) {
        moveSection(identifier, nextTo: toIdentifier, after: true, "moveSection(_:afterSection:)")
    }
    /// Marks sections to be reloaded when applied.
    public mutating func reloadSections(_ identifiers: [SectionIdentifierType]) {
        for section in identifiers {
            _ = requireSection(section, "reloadSections(_:)")
            if !reloadedSections.contains(section) { reloadedSections.append(section) }
        }
    }

    // MARK: Package: what a data source needs

    /// The same sections and items with no reload or reconfigure marks: what a data source keeps after applying
    /// (on iOS, `snapshot()` after an apply reports no reloads).
    package var clearingUpdateMarks: NSDiffableDataSourceSnapshot {
        var copy = self
        copy.reloadedSections = []; copy.reloadedItems = []; copy.reconfiguredItems = []
        return copy
    }

    /// The section and item of `indexPath`, or nil when it is outside the snapshot.
    package func itemIdentifier(at indexPath: IndexPath) -> ItemIdentifierType? {
        guard indexPath.count == 2, sections.indices.contains(indexPath[0]) else { return nil }
        let items = sections[indexPath[0]].items
        return items.indices.contains(indexPath[1]) ? items[indexPath[1]] : nil
    }
    /// Where `identifier` sits (section, item), or nil.
    package func indexPath(of identifier: ItemIdentifierType) -> IndexPath? {
        guard let section = itemLocations[identifier],
              let item = sections[section].items.firstIndex(of: identifier) else { return nil }
        return IndexPath(indexes: [section, item])
    }
    /// The section at `index`, or nil.
    package func sectionIdentifier(at index: Int) -> SectionIdentifierType? {
        sections.indices.contains(index) ? sections[index].identifier : nil
    }

    // MARK: Private

    private func requireSection(_ identifier: SectionIdentifierType, _ call: String) -> Int {
        guard let index = sectionIndexes[identifier] else {
            misuse("NSDiffableDataSourceSnapshot.\(call): section \(identifier) is not in the snapshot; append it with appendSections(_:) first")
        }
        return index
    }
    private func requireItem(_ identifier: ItemIdentifierType, _ call: String) -> Int {
        guard let section = itemLocations[identifier] else {
            misuse("NSDiffableDataSourceSnapshot.\(call): item \(identifier) is not in the snapshot")
        }
        return section
    }
    private func requireExisting(_ identifiers: [ItemIdentifierType], _ call: String) {
        for item in identifiers { _ = requireItem(item, call) }
    }
    private func requireNew(_ identifiers: [ItemIdentifierType], _ call: String) {
        var seen = Set<ItemIdentifierType>()
        for item in identifiers {
            checkUsage(itemLocations[item] == nil && seen.insert(item).inserted,
                       "NSDiffableDataSourceSnapshot.\(call): item identifier \(item) is already in the snapshot; every item identifier must be unique (as on iOS, where this traps)")
        }
    }
    private func requireNewSections(_ identifiers: [SectionIdentifierType], _ call: String) {
        var seen = Set<SectionIdentifierType>()
        for section in identifiers {
            checkUsage(sectionIndexes[section] == nil && seen.insert(section).inserted,
                       "NSDiffableDataSourceSnapshot.\(call): section identifier \(section) is already in the snapshot; every section identifier must be unique (as on iOS, where this traps)")
        }
    }
    private mutating func insert(_ identifiers: [ItemIdentifierType], nextTo anchor: ItemIdentifierType, after: Bool, _ call: String) {
        let section = requireItem(anchor, call)
        requireNew(identifiers, call)
        let index = sections[section].items.firstIndex(of: anchor)! + (after ? 1 : 0)
        sections[section].items.insert(contentsOf: identifiers, at: index)
        for item in identifiers { itemLocations[item] = section }
    }
    private mutating func move(_ identifier: ItemIdentifierType, nextTo anchor: ItemIdentifierType, after: Bool, _ call: String) {
        let from = requireItem(identifier, call)
        _ = requireItem(anchor, call)
        checkUsage(identifier != anchor, "NSDiffableDataSourceSnapshot.\(call): cannot move item \(identifier) relative to itself")
        sections[from].items.removeAll { $0 == identifier }
        let to = itemLocations[anchor]!
        let index = sections[to].items.firstIndex(of: anchor)! + (after ? 1 : 0)
        sections[to].items.insert(identifier, at: index)
        itemLocations[identifier] = to
    }
    private mutating func moveSection(_ identifier: SectionIdentifierType, nextTo anchor: SectionIdentifierType, after: Bool, _ call: String) {
        let from = requireSection(identifier, call)
        _ = requireSection(anchor, call)
        checkUsage(identifier != anchor, "NSDiffableDataSourceSnapshot.\(call): cannot move section \(identifier) relative to itself")
        let moving = sections.remove(at: from)
        let index = sections.firstIndex { $0.identifier == anchor }! + (after ? 1 : 0)
        sections.insert(moving, at: index)
        reindex()
    }
    private mutating func reindex() {
        sectionIndexes = [:]
        itemLocations = [:]
        for (index, section) in sections.enumerated() {
            sectionIndexes[section.identifier] = index
            for item in section.items { itemLocations[item] = index }
        }
    }
}

extension NSDiffableDataSourceSnapshot: Sendable where SectionIdentifierType: Sendable, ItemIdentifierType: Sendable {}
extension NSDiffableDataSourceSnapshot.Section: Sendable where SectionIdentifierType: Sendable, ItemIdentifierType: Sendable {}

// MARK: - The difference between two snapshots

/// What changed between two snapshots, in the terms of UIKit's batch updates (`performBatchUpdates`): section
/// changes, then item changes. Deletions and reloads use index paths in the OLD snapshot, insertions and
/// reconfigurations in the NEW one, moves go from old to new — the convention of `UITableView` and
/// `UICollectionView` batch updates. Items of deleted or inserted sections are not listed separately (the
/// section change carries them), and a move is reported only where the relative order actually changed, so an
/// insertion above a row does not make that row "move".
package struct ListUpdates: Equatable, Sendable {
    package var deletedSections = IndexSet()
    package var insertedSections = IndexSet()
    package var reloadedSections = IndexSet()
    package var movedSections: [Move<Int>] = []
    package var deletedItems: [IndexPath] = []
    package var insertedItems: [IndexPath] = []
    package var reloadedItems: [IndexPath] = []
    package var reconfiguredItems: [IndexPath] = []
    package var movedItems: [Move<IndexPath>] = []

    package struct Move<Index: Hashable & Sendable>: Hashable, Sendable {
        package var from: Index
        package var to: Index
        package init(from: Index, to: Index) { self.from = from; self.to = to }
    }

    package init() {}

    /// True when applying the new snapshot changes nothing on screen.
    package var isEmpty: Bool {
        deletedSections.isEmpty && insertedSections.isEmpty && reloadedSections.isEmpty && movedSections.isEmpty
            && deletedItems.isEmpty && insertedItems.isEmpty && reloadedItems.isEmpty && reconfiguredItems.isEmpty
            && movedItems.isEmpty
    }
}

extension NSDiffableDataSourceSnapshot {
    /// What changed from `old` to this snapshot (see `ListUpdates`). Reload and reconfigure marks are read from
    /// this snapshot. A reloaded item that also moved is deleted and inserted instead (a batch update cannot
    /// move and reload one row).
    package func updates(from old: NSDiffableDataSourceSnapshot) -> ListUpdates {
        var result = ListUpdates()

        // Sections: gone, new, and among the survivors those outside the longest run that kept its order.
        for (index, section) in old.sections.enumerated() where sectionIndexes[section.identifier] == nil {
            result.deletedSections.insert(index)
        }
        for (index, section) in sections.enumerated() where old.sectionIndexes[section.identifier] == nil {
            result.insertedSections.insert(index)
        }
        let survivingSections = sections.enumerated().compactMap { index, section in
            old.sectionIndexes[section.identifier].map { (old: $0, new: index) }
        }
        let steadySections = longestIncreasingRun(survivingSections.map(\.old))
        for (position, pair) in survivingSections.enumerated() where !steadySections.contains(position) {
            result.movedSections.append(.init(from: pair.old, to: pair.new))
        }
        for section in reloadedSections {
            if let index = old.sectionIndexes[section], sectionIndexes[section] != nil {
                result.reloadedSections.insert(index)
            }
        }
        let reloadedSectionSet = Set(reloadedSections)

        // Items: only sections that survive and are not reloaded are compared item by item; deleted, inserted
        // and reloaded sections carry their items with them.
        var oldPaths: [ItemIdentifierType: IndexPath] = [:]
        for (s, section) in old.sections.enumerated()
        where !result.deletedSections.contains(s) && !reloadedSectionSet.contains(section.identifier) {
            for (i, item) in section.items.enumerated() { oldPaths[item] = IndexPath(indexes: [s, i]) }
        }
        var newPaths: [ItemIdentifierType: IndexPath] = [:]
        for (s, section) in sections.enumerated()
        where !result.insertedSections.contains(s) && !reloadedSectionSet.contains(section.identifier) {
            for (i, item) in section.items.enumerated() { newPaths[item] = IndexPath(indexes: [s, i]) }
        }
        for (item, from) in oldPaths where newPaths[item] == nil { result.deletedItems.append(from) }
        for (item, to) in newPaths where oldPaths[item] == nil { result.insertedItems.append(to) }

        // Survivors that stayed in the same section (by identity) keep their place unless their relative order
        // changed; survivors that changed section always move.
        var oldSectionOfNew: [Int: Int] = [:]
        for pair in survivingSections { oldSectionOfNew[pair.new] = pair.old }
        for (s, section) in sections.enumerated() {
            var sameSection: [(from: IndexPath, to: IndexPath)] = []
            for item in section.items {
                guard let from = oldPaths[item], let to = newPaths[item] else { continue }
                if oldSectionOfNew[s] == from[0] {
                    sameSection.append((from, to))
                } else {
                    result.movedItems.append(.init(from: from, to: to))
                }
            }
            let steady = longestIncreasingRun(sameSection.map { $0.from[1] })
            for (position, entry) in sameSection.enumerated() where !steady.contains(position) {
                result.movedItems.append(.init(from: entry.from, to: entry.to))
            }
        }
        // Reloads of moved items become delete + insert; the rest reload in place (old index paths).
        let movedFrom = Set(result.movedItems.map(\.from))
        for item in reloadedItems {
            guard let from = oldPaths[item], let to = newPaths[item] else { continue }
            if movedFrom.contains(from) {
                result.movedItems.removeAll { $0.from == from }
                result.deletedItems.append(from)
                result.insertedItems.append(to)
            } else {
                result.reloadedItems.append(from)
            }
        }
        let reloaded = Set(reloadedItems)
        for item in reconfiguredItems where !reloaded.contains(item) {
            if let to = newPaths[item], oldPaths[item] != nil { result.reconfiguredItems.append(to) }
        }
        result.deletedItems.sort { $0.lexicographicallyPrecedes($1) }
        result.insertedItems.sort { $0.lexicographicallyPrecedes($1) }
        result.reloadedItems.sort { $0.lexicographicallyPrecedes($1) }
        result.reconfiguredItems.sort { $0.lexicographicallyPrecedes($1) }
        result.movedItems.sort { $0.to.lexicographicallyPrecedes($1.to) }
        return result
    }
}

/// Positions (in `values`) of one longest strictly increasing subsequence: the elements that kept their relative
/// order, so everything else is reported as moved (the fewest moves that explain the new order).
/// Patience sorting with back-pointers, O(n log n).
package func longestIncreasingRun(_ values: [Int]) -> Set<Int> {
    var tails: [Int] = []          // tails[k]: position of the smallest tail of a run of length k + 1
    var previous = [Int](repeating: -1, count: values.count)
    for (position, value) in values.enumerated() {
        var low = 0, high = tails.count
        while low < high {
            let mid = (low + high) / 2
            if values[tails[mid]] < value { low = mid + 1 } else { high = mid }
        }
        if low > 0 { previous[position] = tails[low - 1] }
        if low == tails.count { tails.append(position) } else { tails[low] = position }
    }
    var run = Set<Int>()
    var position = tails.last ?? -1
    while position >= 0 { run.insert(position); position = previous[position] }
    return run
}
