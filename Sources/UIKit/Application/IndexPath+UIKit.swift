import Foundation

// UIKit's extension of IndexPath for table and collection views: a two-index path (section, then row or
// item). Foundation on Linux has IndexPath but not these names.
extension IndexPath {
    /// A path to `row` in `section` (table views).
    public init(row: Int, section: Int) { self.init(indexes: [section, row]) }
    /// A path to `item` in `section` (collection views).
    public init(item: Int, section: Int) { self.init(indexes: [section, item]) }

    /// The first index. Like UIKit, this traps unless the path has exactly two indexes.
    public var section: Int {
        get { checkTwoIndexes("section"); return self[0] }
        set { checkTwoIndexes("section"); self[0] = newValue }
    }
    /// The second index. Like UIKit, this traps unless the path has exactly two indexes.
    public var row: Int {
        get { checkTwoIndexes("row"); return self[1] }
        set { checkTwoIndexes("row"); self[1] = newValue }
    }
    /// The second index (the same as `row`).
    public var item: Int {
        get { checkTwoIndexes("item"); return self[1] }
        set { checkTwoIndexes("item"); self[1] = newValue }
    }

    private func checkTwoIndexes(_ name: String) {
        checkUsage(count == 2, "IndexPath.\(name): the index path \(self) must have exactly two indexes (section and row or item)")
    }
}
