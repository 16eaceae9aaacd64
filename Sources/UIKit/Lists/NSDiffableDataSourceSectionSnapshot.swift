import Foundation

/// The items of one section as a tree (Apple's `NSDiffableDataSourceSectionSnapshot`, iOS 14): root items, each
/// with children, each parent expanded or collapsed. A collection view shows `visibleItems` — the items whose
/// ancestors are all expanded, depth first — and outline cells indent by `level(of:)`.
///
/// As in `NSDiffableDataSourceSnapshot`, identifiers are unique across the whole tree, and misuse that iOS
/// traps on stops with a message that names the identifier.
public struct NSDiffableDataSourceSectionSnapshot<ItemIdentifierType: Hashable> {
    fileprivate struct Node {
        var parent: ItemIdentifierType?
        var children: [ItemIdentifierType] = []
        var isExpanded = false
    }
    private var roots: [ItemIdentifierType] = []
    private var nodes: [ItemIdentifierType: Node] = [:]

    /// An empty section snapshot.
    public init() {}

    // MARK: Building

    /// Adds `items` after the last child of `parent`, or after the last root item when `parent` is nil.
    public mutating func append(_ items: [ItemIdentifierType], to parent: ItemIdentifierType? = nil) {
        requireNew(items, "append(_:to:)")
        if let parent { require(parent, "append(_:to:)") }
        for item in items { nodes[item] = Node(parent: parent) }
        if let parent { nodes[parent]!.children.append(contentsOf: items) } else { roots.append(contentsOf: items) }
    }
    /// Inserts `items` as siblings just before `item`.
    public mutating func insert(_ items: [ItemIdentifierType], before item: ItemIdentifierType) {
        insert(items, nextTo: item, after: false, "insert(_:before:)")
    }
    /// Inserts `items` as siblings just after `item`.
    public mutating func insert(_ items: [ItemIdentifierType], after item: ItemIdentifierType) {
        insert(items, nextTo: item, after: true, "insert(_:after:)")
    }
    /// Inserts another section snapshot's trees (with their expansion) as siblings just before `item`.
    public mutating func insert(_ snapshot: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>, before item: ItemIdentifierType) {
        insert(snapshot.rootItems, nextTo: item, after: false, "insert(_:before:)")
        adoptDescendants(of: snapshot)
    }
    /// Inserts another section snapshot's trees (with their expansion) as siblings just after `item`.
    public mutating func insert(_ snapshot: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>, after item: ItemIdentifierType) {
        insert(snapshot.rootItems, nextTo: item, after: true, "insert(_:after:)")
        adoptDescendants(of: snapshot)
    }
    /// Removes `items` and all their descendants; identifiers not in the snapshot are ignored.
    public mutating func delete(_ items: [ItemIdentifierType]) {
        for item in items {
            guard let node = nodes[item] else { continue }
            if let parent = node.parent { nodes[parent]?.children.removeAll { $0 == item } } else { roots.removeAll { $0 == item } }
            removeSubtree(item)
        }
    }
    /// Removes every item.
    public mutating func deleteAll() { self = NSDiffableDataSourceSectionSnapshot() }
    /// Replaces the children of `parent` with `snapshot`'s trees.
    public mutating func replace(childrenOf parent: ItemIdentifierType, using snapshot: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>) {
        require(parent, "replace(childrenOf:using:)")
        for child in nodes[parent]!.children { removeSubtree(child) }
        nodes[parent]!.children = []
        append(snapshot.rootItems, to: parent)
        adoptDescendants(of: snapshot)
    }

    // MARK: Expansion

    /// Shows the children of `items` (where their own ancestors are expanded too).
    public mutating func expand(_ items: [ItemIdentifierType]) {
        for item in items { require(item, "expand(_:)"); nodes[item]!.isExpanded = true }
    }
    /// Hides the children of `items`.
    public mutating func collapse(_ items: [ItemIdentifierType]) {
        for item in items { require(item, "collapse(_:)"); nodes[item]!.isExpanded = false }
    }
    /// Whether `item`'s children are shown when it is visible.
    public func isExpanded(_ item: ItemIdentifierType) -> Bool { nodes[item]?.isExpanded ?? false }
    /// Whether every ancestor of `item` is expanded (a root item is always visible).
    public func isVisible(_ item: ItemIdentifierType) -> Bool {
        guard var node = nodes[item] else { return false }
        while let parent = node.parent {
            guard let parentNode = nodes[parent], parentNode.isExpanded else { return false }
            node = parentNode
        }
        return true
    }

    // MARK: Reading

    /// Whether `item` is anywhere in the tree.
    public func contains(_ item: ItemIdentifierType) -> Bool { nodes[item] != nil }
    /// 0 for a root item, 1 for its children, and so on. Traps if `item` is not in the snapshot, as on iOS.
    public func level(of item: ItemIdentifierType) -> Int {
        require(item, "level(of:)")
        var level = 0, current = nodes[item]!
        while let parent = current.parent { level += 1; current = nodes[parent]! }
        return level
    }
    /// The item's index in `items`, or nil.
    public func index(of item: ItemIdentifierType) -> Int? { nodes[item] == nil ? nil : items.firstIndex(of: item) }
    /// The item's parent, or nil for a root item (or an item not in the snapshot).
    public func parent(of child: ItemIdentifierType) -> ItemIdentifierType? { nodes[child]?.parent }
    /// The subtree under `parent` as its own section snapshot (its children become roots unless
    /// `includingParent`).
    public func snapshot(of parent: ItemIdentifierType, includingParent: Bool = false) -> NSDiffableDataSourceSectionSnapshot<ItemIdentifierType> {
        require(parent, "snapshot(of:includingParent:)")
        var result = NSDiffableDataSourceSectionSnapshot()
        let tops = includingParent ? [parent] : nodes[parent]!.children
        result.append(tops)
        for top in tops { result.copySubtree(top, from: self) }
        return result
    }
    /// Every item, depth first (parents before their children).
    public var items: [ItemIdentifierType] {
        var result: [ItemIdentifierType] = []
        result.reserveCapacity(nodes.count)
        walk(roots, onlyVisible: false) { result.append($0) }
        return result
    }
    /// The items at the top level.
    public var rootItems: [ItemIdentifierType] { roots }
    /// The items shown: depth first, descending only into expanded parents.
    public var visibleItems: [ItemIdentifierType] {
        var result: [ItemIdentifierType] = []
        walk(roots, onlyVisible: true) { result.append($0) }
        return result
    }
    /// The tree as indented text, one item a line (`+` expanded, `-` collapsed, `•` leaf): for debugging.
    public func visualDescription() -> String {
        var lines = ["<NSDiffableDataSourceSectionSnapshot: \(nodes.count) items>"]
        func visit(_ items: [ItemIdentifierType], depth: Int) {
            for item in items {
                let node = nodes[item]!
                let mark = node.children.isEmpty ? "•" : (node.isExpanded ? "+" : "-")
                lines.append(String(repeating: "  ", count: depth + 1) + "\(mark) \(item)")
                visit(node.children, depth: depth + 1)
            }
        }
        visit(roots, depth: 0)
        return lines.joined(separator: "\n")
    }

    // MARK: Private

    private func walk(_ items: [ItemIdentifierType], onlyVisible: Bool, _ body: (ItemIdentifierType) -> Void) {
        for item in items {
            body(item)
            let node = nodes[item]!
            if !onlyVisible || node.isExpanded { walk(node.children, onlyVisible: onlyVisible, body) }
        }
    }
    private func require(_ item: ItemIdentifierType, _ call: String) {
        checkUsage(nodes[item] != nil, "NSDiffableDataSourceSectionSnapshot.\(call): item \(item) is not in the section snapshot")
    }
    private func requireNew(_ items: [ItemIdentifierType], _ call: String) {
        var seen = Set<ItemIdentifierType>()
        for item in items {
            checkUsage(nodes[item] == nil && seen.insert(item).inserted,
                       "NSDiffableDataSourceSectionSnapshot.\(call): item identifier \(item) is already in the section snapshot; every item identifier must be unique (as on iOS, where this traps)")
        }
    }
    private mutating func insert(_ items: [ItemIdentifierType], nextTo anchor: ItemIdentifierType, after: Bool, _ call: String) {
        require(anchor, call)
        requireNew(items, call)
        let parent = nodes[anchor]!.parent
        for item in items { nodes[item] = Node(parent: parent) }
        if let parent {
            let index = nodes[parent]!.children.firstIndex(of: anchor)! + (after ? 1 : 0)
            nodes[parent]!.children.insert(contentsOf: items, at: index)
        } else {
            let index = roots.firstIndex(of: anchor)! + (after ? 1 : 0)
            roots.insert(contentsOf: items, at: index)
        }
    }
    private mutating func removeSubtree(_ item: ItemIdentifierType) {
        guard let node = nodes.removeValue(forKey: item) else { return }
        for child in node.children { removeSubtree(child) }
    }
    /// Copies the children (recursively) and expansion of `other`'s roots, which are already in this snapshot.
    private mutating func adoptDescendants(of other: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>) {
        for root in other.rootItems { copySubtree(root, from: other) }
    }
    private mutating func copySubtree(_ item: ItemIdentifierType, from other: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>) {
        let source = other.nodes[item]!
        nodes[item]!.isExpanded = source.isExpanded
        append(source.children, to: item)
        for child in source.children { copySubtree(child, from: other) }
    }
}

extension NSDiffableDataSourceSectionSnapshot: Sendable where ItemIdentifierType: Sendable {}
extension NSDiffableDataSourceSectionSnapshot.Node: Sendable where ItemIdentifierType: Sendable {}
