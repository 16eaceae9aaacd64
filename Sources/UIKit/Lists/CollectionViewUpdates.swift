import Foundation

/// The changes recorded in one batch: what `insertItems(at:)` and friends say inside
/// `performBatchUpdates(_:completion:)` (sections and deletions/reloads in old indices, insertions in new).
struct CollectionBatch {
    var deletedSections = IndexSet(), insertedSections = IndexSet(), reloadedSections = IndexSet()
    var movedSections: [(from: Int, to: Int)] = []
    var deletedItems: [IndexPath] = [], insertedItems: [IndexPath] = [], reloadedItems: [IndexPath] = []
    var movedItems: [(from: IndexPath, to: IndexPath)] = []
    var reconfiguredItems: [IndexPath] = []

    var updateItems: [UICollectionViewUpdateItem] {
        var result: [UICollectionViewUpdateItem] = []
        for s in deletedSections { result.append(.init(action: .delete, before: IndexPath(item: NSNotFound, section: s), after: nil)) }
        for s in reloadedSections { result.append(.init(action: .reload, before: IndexPath(item: NSNotFound, section: s), after: IndexPath(item: NSNotFound, section: s))) }
        for i in deletedItems { result.append(.init(action: .delete, before: i, after: nil)) }
        for i in reloadedItems { result.append(.init(action: .reload, before: i, after: i)) }
        for m in movedSections { result.append(.init(action: .move, before: IndexPath(item: NSNotFound, section: m.from), after: IndexPath(item: NSNotFound, section: m.to))) }
        for m in movedItems { result.append(.init(action: .move, before: m.from, after: m.to)) }
        for s in insertedSections { result.append(.init(action: .insert, before: nil, after: IndexPath(item: NSNotFound, section: s))) }
        for i in insertedItems { result.append(.init(action: .insert, before: nil, after: i)) }
        return result
    }
}

/// Where every old element goes after a batch: old section → new section, old item → new item.
struct CollectionUpdateMap {
    var sectionMap: [Int?]
    var itemMaps: [[Int?]]
    /// Old index paths whose cells are replaced (reloaded items, items of reloaded sections).
    var reloaded: Set<IndexPath>
    var insertedSections: IndexSet
    var insertedItems: Set<IndexPath>

    func newIndexPath(for old: IndexPath) -> IndexPath? {
        guard itemMaps.indices.contains(old.section), itemMaps[old.section].indices.contains(old.item),
              let section = sectionMap[old.section], let item = itemMaps[old.section][old.item] else { return nil }
        return IndexPath(item: item, section: section)
    }
    func newSection(for old: Int) -> Int? { sectionMap.indices.contains(old) ? sectionMap[old] : nil }

    /// Checks the batch against the counts before and after it, as UIKit does, and works out the map.
    /// A mismatch is the app's mistake: the message says which section and what the numbers were.
    init(batch: CollectionBatch, oldCounts: [Int], newCounts: [Int]) {
        func fail(_ message: String) -> Never {
            misuse("performBatchUpdates: invalid update: \(message). The data source must report the counts after the update; fix the data source or the list of changes.")
        }
        let removedSections = batch.deletedSections.union(IndexSet(batch.movedSections.map(\.from)))
        let fixedNewSections = batch.insertedSections.union(IndexSet(batch.movedSections.map(\.to)))
        for s in removedSections where s >= oldCounts.count { fail("section \(s) does not exist (there were \(oldCounts.count) sections)") }
        let expected = oldCounts.count - batch.deletedSections.count + batch.insertedSections.count
        guard expected == newCounts.count else {
            fail("the number of sections after the update (\(newCounts.count)) must equal the number before (\(oldCounts.count)), plus \(batch.insertedSections.count) inserted, minus \(batch.deletedSections.count) deleted")
        }
        var sectionMap = [Int?](repeating: nil, count: oldCounts.count)
        var freeNew = (0..<newCounts.count).filter { !fixedNewSections.contains($0) }.makeIterator()
        for s in 0..<oldCounts.count where !removedSections.contains(s) { sectionMap[s] = freeNew.next() }
        for m in batch.movedSections { sectionMap[m.from] = m.to }

        var itemMaps = oldCounts.map { [Int?](repeating: nil, count: $0) }
        let deleted = Set(batch.deletedItems), movedFrom = Set(batch.movedItems.map(\.from))
        let insertedItems = Set(batch.insertedItems), movedTo = Set(batch.movedItems.map(\.to))
        for path in deleted.union(movedFrom) where !(oldCounts.indices.contains(path.section) && path.item < oldCounts[path.section]) {
            fail("item \(path.item) in section \(path.section) does not exist before the update")
        }
        for old in 0..<oldCounts.count {
            guard let new = sectionMap[old] else { continue }
            let sectionMoved = batch.movedSections.contains { $0.from == old }
            let kept = (0..<oldCounts[old]).filter { !deleted.contains(IndexPath(item: $0, section: old)) && !movedFrom.contains(IndexPath(item: $0, section: old)) }
            let taken = (0..<newCounts[new]).filter { insertedItems.contains(IndexPath(item: $0, section: new)) || movedTo.contains(IndexPath(item: $0, section: new)) }
            let free = (0..<newCounts[new]).filter { !taken.contains($0) }
            guard sectionMoved || batch.reloadedSections.contains(old) || kept.count == free.count else {
                let ins = batch.insertedItems.filter { $0.section == new }.count, del = batch.deletedItems.filter { $0.section == old }.count
                let movedIn = batch.movedItems.filter { $0.to.section == new }.count, movedOut = batch.movedItems.filter { $0.from.section == old }.count
                fail("the number of items in section \(new) after the update (\(newCounts[new])) must equal the number in section \(old) before (\(oldCounts[old])), plus \(ins) inserted minus \(del) deleted, plus \(movedIn) moved in minus \(movedOut) moved out")
            }
            for (k, item) in kept.enumerated() where k < free.count { itemMaps[old][item] = free[k] }
        }
        for m in batch.movedItems { itemMaps[m.from.section][m.from.item] = m.to.item }
        // A moved item's section is its destination's: record that by moving it in the section map.
        self.sectionMap = sectionMap
        self.itemMaps = itemMaps
        var reloaded = Set(batch.reloadedItems)
        for s in batch.reloadedSections where s < oldCounts.count { for i in 0..<oldCounts[s] { reloaded.insert(IndexPath(item: i, section: s)) } }
        self.reloaded = reloaded
        self.insertedSections = batch.insertedSections
        self.insertedItems = insertedItems
        movedAcrossSections = Dictionary(batch.movedItems.map { ($0.from, $0.to) }, uniquingKeysWith: { a, _ in a })
    }
    /// Moves, which may change section (the item map alone only knows the item index).
    var movedAcrossSections: [IndexPath: IndexPath] = [:]

    func destination(of old: IndexPath) -> IndexPath? {
        if let to = movedAcrossSections[old] { return to }
        return newIndexPath(for: old)
    }
}

extension UICollectionView {
    /// The batch being recorded by `performBatchUpdates`, if any.
    private static let batchKey = "UICollectionView.batch"

    func beginBatch(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
        if currentBatch != nil {
            // Nested batches join the outer one, as UIKit's do.
            updates?()
            completion?(true)
            return
        }
        layoutIfNeeded()
        let oldCounts = sectionCounts
        currentBatch = CollectionBatch()
        updates?()
        let batch = currentBatch!
        currentBatch = nil
        applyBatch(batch, oldCounts: oldCounts, animated: UIView.areAnimationsEnabled, completion: completion)
    }

    var currentBatch: CollectionBatch? {
        get { batchStorage }
        set { batchStorage = newValue }
    }

    func record(_ change: @escaping (inout CollectionBatch) -> Void) {
        if currentBatch != nil {
            change(&currentBatch!)
        } else {
            beginBatch({ change(&self.currentBatch!) }, completion: nil)
        }
    }

    func reconfigure(_ indexPaths: [IndexPath]) {
        layoutIfNeeded()
        for indexPath in indexPaths.sorted() {
            guard let cell = visibleCellsByIndexPath[indexPath], let dataSource else { continue }
            reconfiguringCell = cell
            let returned = dataSource.collectionView(self, cellForItemAt: indexPath)
            reconfiguringCell = nil
            checkUsage(returned === cell, "reconfigureItems(at:): the data source returned another cell for \(indexPath); return the dequeued one")
            cell.updateConfigurationIfNeeded()
        }
        measuredSizes = [:]
        collectionViewLayout.invalidateLayout()
    }

    /// Applies a recorded batch: new counts, moved selection and views, the new layout, the animation.
    func applyBatch(_ batch: CollectionBatch, oldCounts: [Int], animated: Bool, completion: ((Bool) -> Void)?) {
        let newCounts = readCountsFromDataSource()
        let map = CollectionUpdateMap(batch: batch, oldCounts: oldCounts, newCounts: newCounts)
        let layout = collectionViewLayout
        // What the old layout said, for the elements on screen and a screen's worth around them (the
        // items that slide in from off screen start there).
        let around = bounds.insetBy(dx: -bounds.width, dy: -bounds.height)
        var before: [CollectionElementKey: UICollectionViewLayoutAttributes] = [:]
        for attributes in layout.layoutAttributesForElements(in: around) ?? [] { before[attributes.elementKey] = attributes }
        for (path, cell) in visibleCellsByIndexPath { if let applied = cell.appliedAttributes { before[CollectionElementKey(category: .cell, kind: nil, indexPath: path)] = applied } }
        for (key, view) in visibleOtherViews { if let applied = view.appliedAttributes { before[key] = applied } }
        layout.attributesBeforeUpdate = before

        replaceCounts(newCounts)
        measuredSizes = [:]
        mapSelection { old in map.reloaded.contains(old) ? map.destination(of: old) : map.destination(of: old) }

        // Re-key the views on screen; the ones whose element went away (or is reloaded) disappear.
        var disappearing: [(view: UICollectionReusableView, key: CollectionElementKey)] = []
        var cells: [IndexPath: UICollectionViewCell] = [:]
        for (old, cell) in visibleCellsByIndexPath {
            if let new = map.destination(of: old), !map.reloaded.contains(old) { cells[new] = cell; cell.owningCollectionView = self }
            else { disappearing.append((cell, CollectionElementKey(category: .cell, kind: nil, indexPath: old))) }
        }
        var others: [CollectionElementKey: UICollectionReusableView] = [:]
        for (key, view) in visibleOtherViews {
            // Supplementary views follow their section (header and footer at item 0, badges at their item).
            let new: IndexPath? = key.indexPath.count == 2 && key.indexPath.item != 0 && key.category == .supplementaryView
                ? map.destination(of: key.indexPath)
                : map.newSection(for: key.indexPath.section).map { IndexPath(item: key.indexPath.item, section: $0) }
            if let new, !(key.indexPath.count == 2 && batch.reloadedSections.contains(key.indexPath.section)) {
                var moved = key; moved.indexPath = new; others[moved] = view
            } else {
                disappearing.append((view, key))
            }
        }
        visibleCellsByIndexPath = cells
        visibleOtherViews = others

        layout.prepare(forCollectionViewUpdates: batch.updateItems)
        layout.invalidateLayout()
        // Where an element that comes on screen starts: the layout's appearing attributes, else (an
        // item that moved in from off screen) its attributes in the old layout.
        let inverse = Dictionary(before.keys.compactMap { key -> (CollectionElementKey, CollectionElementKey)? in
            guard key.category == .cell, let new = map.destination(of: key.indexPath), !map.reloaded.contains(key.indexPath) else { return nil }
            return (CollectionElementKey(category: .cell, kind: nil, indexPath: new), key)
        }, uniquingKeysWith: { a, _ in a })
        let initial: (UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes? = { final in
            let key = final.elementKey
            switch key.category {
            case .cell:
                if let attributes = layout.initialLayoutAttributesForAppearingItem(at: key.indexPath) { return attributes }
                if let old = inverse[key], let attributes = before[old] { return attributes }
                return nil
            case .supplementaryView:
                return layout.initialLayoutAttributesForAppearingSupplementaryElement(ofKind: key.kind ?? "", at: key.indexPath)
            case .decorationView:
                return layout.initialLayoutAttributesForAppearingDecorationElement(ofKind: key.kind ?? "", at: key.indexPath)
            }
        }
        let finalAttributes: (CollectionElementKey) -> UICollectionViewLayoutAttributes? = { key in
            switch key.category {
            case .cell: layout.finalLayoutAttributesForDisappearingItem(at: key.indexPath)
            case .supplementaryView: layout.finalLayoutAttributesForDisappearingSupplementaryElement(ofKind: key.kind ?? "", at: key.indexPath)
            case .decorationView: layout.finalLayoutAttributesForDisappearingDecorationElement(ofKind: key.kind ?? "", at: key.indexPath)
            }
        }
        for (view, _) in disappearing { disappearingViews.append(view) }
        let changes = {
            self.prepareLayoutIfNeeded()
            self.tile(initialAttributes: initial)
            for (view, key) in disappearing {
                if let final = finalAttributes(key) { view.applyAttributes(final) }
                else { view.alpha = 0 }
            }
        }
        let finish: (Bool) -> Void = { finished in
            for (view, key) in disappearing {
                self.disappearingViews.removeAll { $0 === view }
                self.recycle(view, key: key)
            }
            layout.finalizeCollectionViewUpdates()
            layout.attributesBeforeUpdate = [:]
            completion?(finished)
        }
        if animated {
            UIView.animate(withDuration: Self.updateAnimationDuration, delay: 0, options: [.curveEaseInOut], animations: changes, completion: finish)
        } else {
            UIView.performWithoutAnimation(changes)
            finish(true)
        }
    }
}
