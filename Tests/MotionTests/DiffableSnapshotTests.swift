import Foundation
import Testing
import UIKit

// NSDiffableDataSourceSnapshot's model and the batch updates a data source derives from two snapshots.

private typealias Snapshot = NSDiffableDataSourceSnapshot<String, Int>

private func snapshot(_ sections: [(String, [Int])]) -> Snapshot {
    var snapshot = Snapshot()
    for (section, items) in sections {
        snapshot.appendSections([section])
        snapshot.appendItems(items, toSection: section)
    }
    return snapshot
}

private func path(_ section: Int, _ item: Int) -> IndexPath { IndexPath(item: item, section: section) }

@Suite struct DiffableSnapshotModelTests {
    @Test func readsSectionsAndItemsAsBuilt() {
        var s = snapshot([("a", [1, 2, 3]), ("b", [4])])
        s.appendItems([5])                      // to the last section
        #expect(s.numberOfSections == 2)
        #expect(s.numberOfItems == 5)
        #expect(s.sectionIdentifiers == ["a", "b"])
        #expect(s.itemIdentifiers == [1, 2, 3, 4, 5])
        #expect(s.itemIdentifiers(inSection: "b") == [4, 5])
        #expect(s.numberOfItems(inSection: "a") == 3)
        #expect(s.sectionIdentifier(containingItem: 4) == "b")
        #expect(s.sectionIdentifier(containingItem: 9) == nil)
        #expect(s.indexOfItem(4) == 3)
        #expect(s.indexOfItem(9) == nil)
        #expect(s.indexOfSection("b") == 1)
        #expect(s.indexPath(of: 5) == path(1, 1))
        #expect(s.itemIdentifier(at: path(0, 2)) == 3)
        #expect(s.itemIdentifier(at: path(2, 0)) == nil)
    }

    @Test func insertsMovesAndDeletesRelativeToAnchors() {
        var s = snapshot([("a", [1, 2, 3]), ("b", [4])])
        s.insertItems([10, 11], beforeItem: 2)
        s.insertItems([12], afterItem: 4)
        #expect(s.itemIdentifiers(inSection: "a") == [1, 10, 11, 2, 3])
        #expect(s.itemIdentifiers(inSection: "b") == [4, 12])
        s.moveItem(1, afterItem: 12)            // across sections
        s.moveItem(3, beforeItem: 10)
        #expect(s.itemIdentifiers(inSection: "a") == [3, 10, 11, 2])
        #expect(s.itemIdentifiers(inSection: "b") == [4, 12, 1])
        #expect(s.sectionIdentifier(containingItem: 1) == "b")
        s.deleteItems([10, 99])                 // unknown identifiers are ignored
        #expect(s.itemIdentifiers == [3, 11, 2, 4, 12, 1])
        s.insertSections(["z"], beforeSection: "a")
        s.insertSections(["m"], afterSection: "a")
        #expect(s.sectionIdentifiers == ["z", "a", "m", "b"])
        s.moveSection("b", beforeSection: "a")
        #expect(s.sectionIdentifiers == ["z", "b", "a", "m"])
        #expect(s.indexOfItem(4) == 0)
        s.deleteSections(["b"])
        #expect(s.itemIdentifiers == [3, 11, 2])
        #expect(s.sectionIdentifier(containingItem: 4) == nil)
        s.deleteAllItems()
        #expect(s.numberOfSections == 0 && s.numberOfItems == 0)
    }

    @Test func keepsReloadAndReconfigureMarksUntilCleared() {
        var s = snapshot([("a", [1, 2, 3])])
        s.reloadItems([2, 2])
        s.reconfigureItems([3])
        s.reloadSections(["a"])
        #expect(s.reloadedItemIdentifiers == [2])
        #expect(s.reconfiguredItemIdentifiers == [3])
        #expect(s.reloadedSectionIdentifiers == ["a"])
        s.deleteItems([3])
        #expect(s.reconfiguredItemIdentifiers.isEmpty)
        let kept = s.clearingUpdateMarks
        #expect(kept.reloadedItemIdentifiers.isEmpty && kept.reloadedSectionIdentifiers.isEmpty)
        #expect(kept.itemIdentifiers == [1, 2])
    }

    @Test func sectionSnapshotShowsExpandedBranchesOnly() {
        var tree = NSDiffableDataSourceSectionSnapshot<String>()
        tree.append(["Fruit", "Veg"])
        tree.append(["Apple", "Pear"], to: "Fruit")
        tree.append(["Kale"], to: "Veg")
        tree.append(["Gala"], to: "Apple")
        #expect(tree.items == ["Fruit", "Apple", "Gala", "Pear", "Veg", "Kale"])
        #expect(tree.visibleItems == ["Fruit", "Veg"])
        tree.expand(["Fruit", "Apple"])
        #expect(tree.visibleItems == ["Fruit", "Apple", "Gala", "Pear", "Veg"])
        #expect(tree.level(of: "Gala") == 2)
        #expect(tree.parent(of: "Gala") == "Apple")
        #expect(tree.isVisible("Gala") && !tree.isVisible("Kale"))
        #expect(tree.index(of: "Pear") == 3)
        tree.collapse(["Fruit"])
        #expect(!tree.isVisible("Gala"))             // an expanded child under a collapsed parent stays hidden
        let apple = tree.snapshot(of: "Apple", includingParent: true)
        #expect(apple.items == ["Apple", "Gala"] && apple.isExpanded("Apple"))
        var replacement = NSDiffableDataSourceSectionSnapshot<String>()
        replacement.append(["Plum"])
        tree.replace(childrenOf: "Fruit", using: replacement)
        #expect(tree.items == ["Fruit", "Plum", "Veg", "Kale"])
        #expect(!tree.contains("Gala"))
        tree.insert(["Nuts"], after: "Fruit")
        tree.delete(["Veg"])
        #expect(tree.rootItems == ["Fruit", "Nuts"])
        #expect(tree.visualDescription().contains("- Fruit"))
    }
}

@Suite struct DiffableSnapshotUpdateTests {
    @Test func sameSnapshotChangesNothing() {
        let s = snapshot([("a", [1, 2]), ("b", [3])])
        #expect(s.updates(from: s).isEmpty)
    }

    @Test func insertionAboveARowDoesNotMoveIt() {
        let old = snapshot([("a", [1, 2, 3])])
        let new = snapshot([("a", [0, 1, 3, 4])])
        let u = new.updates(from: old)
        #expect(u.deletedItems == [path(0, 1)])
        #expect(u.insertedItems == [path(0, 0), path(0, 3)])
        #expect(u.movedItems.isEmpty)
    }

    @Test func reorderReportsTheFewestMoves() {
        let old = snapshot([("a", [1, 2, 3, 4, 5])])
        let new = snapshot([("a", [2, 3, 4, 5, 1])])
        let u = new.updates(from: old)
        #expect(u.movedItems == [.init(from: path(0, 0), to: path(0, 4))])
        #expect(u.insertedItems.isEmpty && u.deletedItems.isEmpty)
    }

    @Test func sectionChangesCarryTheirItems() {
        let old = snapshot([("a", [1]), ("b", [2, 3]), ("c", [4])])
        let new = snapshot([("c", [4]), ("a", [1, 3]), ("d", [5])])
        let u = new.updates(from: old)
        #expect(u.deletedSections == IndexSet([1]))           // b, with item 2
        #expect(u.insertedSections == IndexSet([2]))          // d, with item 5
        #expect(u.movedSections.count == 1)                   // c moved above a (one move explains it)
        #expect(u.deletedItems.isEmpty)                       // 2 leaves with its section
        #expect(u.insertedItems == [path(1, 1)])              // 3 arrives in a from a deleted section
        #expect(u.movedItems.isEmpty)
    }

    @Test func itemsChangingSectionMove() {
        let old = snapshot([("a", [1, 2]), ("b", [3])])
        let new = snapshot([("a", [1]), ("b", [2, 3])])
        let u = new.updates(from: old)
        #expect(u.movedItems == [.init(from: path(0, 1), to: path(1, 0))])
        #expect(u.insertedItems.isEmpty && u.deletedItems.isEmpty)
    }

    @Test func reloadsUseOldPathsAndReconfiguresNewPaths() {
        let old = snapshot([("a", [1, 2, 3])])
        var new = snapshot([("a", [0, 1, 2, 3])])
        new.reloadItems([3])
        new.reconfigureItems([1])
        let u = new.updates(from: old)
        #expect(u.reloadedItems == [path(0, 2)])
        #expect(u.reconfiguredItems == [path(0, 1)])
        #expect(u.insertedItems == [path(0, 0)])
    }

    @Test func aReloadedItemThatMovedIsDeletedAndInserted() {
        let old = snapshot([("a", [1, 2, 3])])
        var new = snapshot([("a", [3, 1, 2])])
        new.reloadItems([3])
        let u = new.updates(from: old)
        #expect(u.movedItems.isEmpty)
        #expect(u.deletedItems == [path(0, 2)])
        #expect(u.insertedItems == [path(0, 0)])
        #expect(u.reloadedItems.isEmpty)
    }

    @Test func reloadedSectionsListNoItemChanges() {
        let old = snapshot([("a", [1, 2]), ("b", [3])])
        var new = snapshot([("a", [2, 9]), ("b", [3])])
        new.reloadSections(["a"])
        let u = new.updates(from: old)
        #expect(u.reloadedSections == IndexSet([0]))
        #expect(u.insertedItems.isEmpty && u.deletedItems.isEmpty && u.movedItems.isEmpty)
    }

    /// Replaying the updates on the old identifiers with UIKit's batch rules (deletions by old index paths, then
    /// insertions and move targets by new index paths; everything else keeps its order) gives the new snapshot.
    @Test(arguments: 0..<60) func updatesReplayToTheNewSnapshot(seed: Int) {
        var rng = SplitMix(seed: UInt64(seed))
        var old = randomSnapshot(&rng)
        var new = randomSnapshot(&rng)
        if seed % 3 == 0, let item = new.itemIdentifiers.first { new.reloadItems([item]) }
        if seed % 5 == 0, let section = new.sectionIdentifiers.last { new.reloadSections([section]) }
        if seed % 7 == 0 { old = Snapshot() }
        if seed % 11 == 0 { new = old }
        #expect(replay(new.updates(from: old), on: old, new: new) == sectionsOf(new))
    }

    private func sectionsOf(_ s: Snapshot) -> [[Int]] { s.sectionIdentifiers.map { s.itemIdentifiers(inSection: $0) } }

    private func replay(_ u: ListUpdates, on old: Snapshot, new: Snapshot) -> [[Int]] {
        let oldSections = sectionsOf(old)
        // Sections: survivors (not deleted, not moved) keep their order in the slots nobody else claims.
        let movedSectionTargets = Dictionary(uniqueKeysWithValues: u.movedSections.map { ($0.to, $0.from) })
        let movedSectionSources = Set(u.movedSections.map(\.from))
        var steady = oldSections.indices.filter { !u.deletedSections.contains($0) && !movedSectionSources.contains($0) }.makeIterator()
        var sourceOfNew: [Int?] = []
        for newIndex in 0..<new.numberOfSections {
            if u.insertedSections.contains(newIndex) { sourceOfNew.append(nil) }
            else if let from = movedSectionTargets[newIndex] { sourceOfNew.append(from) }
            else { sourceOfNew.append(steady.next()) }
        }
        #expect(steady.next() == nil)
        let deleted = Set(u.deletedItems), movedFrom = Set(u.movedItems.map(\.from))
        var arriving: [IndexPath: Int] = [:]
        for path in u.insertedItems { arriving[path] = new.itemIdentifier(at: path)! }
        for move in u.movedItems { arriving[move.to] = oldSections[move.from[0]][move.from[1]] }
        var result: [[Int]] = []
        for (newIndex, source) in sourceOfNew.enumerated() {
            // Inserted and reloaded sections arrive whole from the new snapshot.
            guard let source, !u.reloadedSections.contains(source) else {
                result.append(new.itemIdentifiers(inSection: new.sectionIdentifiers[newIndex])); continue
            }
            var staying = oldSections[source].indices.filter {
                !deleted.contains(IndexPath(item: $0, section: source)) && !movedFrom.contains(IndexPath(item: $0, section: source))
            }.map { oldSections[source][$0] }.makeIterator()
            var items: [Int] = []
            let count = new.numberOfItems(inSection: new.sectionIdentifiers[newIndex])
            for i in 0..<count {
                if let item = arriving[IndexPath(item: i, section: newIndex)] { items.append(item) }
                else if let item = staying.next() { items.append(item) }
            }
            #expect(staying.next() == nil, "section \(newIndex): old items left over")
            result.append(items)
        }
        return result
    }

    private func randomSnapshot(_ rng: inout SplitMix) -> Snapshot {
        var s = Snapshot()
        let sections = ["s0", "s1", "s2", "s3"].filter { _ in rng.next() % 4 != 0 }.shuffled(using: &rng)
        s.appendSections(sections)
        var pool = Array(0..<30).shuffled(using: &rng)
        pool.removeLast(Int(rng.next() % 10))
        for item in pool where !sections.isEmpty {
            s.appendItems([item], toSection: sections[Int(rng.next() % UInt64(sections.count))])
        }
        return s
    }
}

/// A small seeded generator, so the random cases are the same on every run.
private struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
