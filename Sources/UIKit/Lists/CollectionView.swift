import Foundation

/// A scroll view of items placed by a layout, made and reused as they come on screen.
///
/// Only the elements the layout puts in the visible bounds exist as views: `layoutSubviews()` asks the
/// layout for the attributes in `bounds`, dequeues cells from the data source for new index paths and
/// puts the ones that left into the reuse queue. `cellForItem(at:)` is nil for an item off screen, while
/// `layoutAttributesForItem(at:)` answers for any item. Counts are read from the data source on
/// `reloadData()` (and on the first layout) and kept until the next reload or batch update, as UIKit does.
open class UICollectionView: UIScrollView {
    public enum ScrollDirection: Int, Sendable { case vertical, horizontal }
    public struct ScrollPosition: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let top = ScrollPosition(rawValue: 1 << 0)
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
        public static let left = ScrollPosition(rawValue: 1 << 3)
        public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
        public static let right = ScrollPosition(rawValue: 1 << 5)
    }
    public enum ReorderingCadence: Int, Sendable { case immediate, fast, slow }
    public enum SelfSizingInvalidation: Int, Sendable { case disabled, enabled, enabledIncludingConstraints }

    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        collectionViewLayout = layout
        super.init(frame: frame)
        layout.collectionView = self
        backgroundColor = .systemBackground
    }
    /// See `UIView.init?(coder:)`: nothing is decoded; the layout is a flow layout.
    public required init?(coder: NSCoder) {
        collectionViewLayout = UICollectionViewFlowLayout()
        super.init(coder: coder)
        collectionViewLayout.collectionView = self
    }
    public convenience override init(frame: CGRect) {
        checkUsage(false, "UICollectionView must be initialized with a layout: use init(frame:collectionViewLayout:)")
        self.init(frame: frame, collectionViewLayout: UICollectionViewFlowLayout())
    }

    /// The layout; setting it lays the items out again at once.
    open var collectionViewLayout: UICollectionViewLayout {
        didSet {
            guard oldValue !== collectionViewLayout else { return }
            oldValue.collectionView = nil
            collectionViewLayout.collectionView = self
            collectionViewLayout.invalidateLayout()
            setNeedsLayout()
        }
    }
    /// Swaps the layout; with `animated`, every visible element moves to its new attributes in UIKit's
    /// update animation (see `updateAnimationDuration`).
    open func setCollectionViewLayout(_ layout: UICollectionViewLayout, animated: Bool) {
        setCollectionViewLayout(layout, animated: animated, completion: nil)
    }
    open func setCollectionViewLayout(_ layout: UICollectionViewLayout, animated: Bool, completion: ((Bool) -> Void)? = nil) {
        let old = collectionViewLayout
        for view in visibleElementViews { view.willTransition(from: old, to: layout) }
        old.prepareForTransition(to: layout)
        layout.prepareForTransition(from: old)
        if animated {
            UIView.animate(withDuration: Self.updateAnimationDuration, delay: 0, options: [], animations: {
                self.collectionViewLayout = layout
                self.layoutIfNeeded()
            }, completion: { finished in
                old.finalizeLayoutTransition(); layout.finalizeLayoutTransition()
                for view in self.visibleElementViews { view.didTransition(from: old, to: layout) }
                completion?(finished)
            })
        } else {
            collectionViewLayout = layout
            layoutIfNeeded()
            old.finalizeLayoutTransition(); layout.finalizeLayoutTransition()
            for view in visibleElementViews { view.didTransition(from: old, to: layout) }
            completion?(true)
        }
    }
    /// Inert: interactive layout transitions are not simulated; the layout is set at once and a
    /// transition layout is not made (nil).
    open func startInteractiveTransition(to layout: UICollectionViewLayout,
                                         completion: UICollectionView.LayoutInteractiveTransitionCompletion? = nil) -> UICollectionViewTransitionLayout? {
        setCollectionViewLayout(layout, animated: false)
        completion?(true, true)
        return nil
    }
    public typealias LayoutInteractiveTransitionCompletion = (Bool, Bool) -> Void
    /// Inert: interactive layout transitions are not simulated.
    open func finishInteractiveTransition() {}
    /// Inert: interactive layout transitions are not simulated.
    open func cancelInteractiveTransition() {}

    open weak var dataSource: UICollectionViewDataSource? {
        didSet { dataNeedsReload = true; setNeedsLayout() }
    }
    /// The scroll view's delegate, read as a collection view delegate when it is one (Swift cannot narrow
    /// the type of an inherited read-write property, so `delegate` keeps UIScrollView's type here).
    open override weak var delegate: UIScrollViewDelegate? {
        didSet { collectionViewLayout.invalidateLayout() }
    }
    var collectionDelegate: UICollectionViewDelegate? { delegate as? UICollectionViewDelegate }
    /// Inert: prefetching is not simulated (every cell is made as it comes on screen); stored.
    open weak var prefetchDataSource: UICollectionViewDataSourcePrefetching?
    /// Inert: prefetching is not simulated; stored.
    open var isPrefetchingEnabled = true
    /// Inert: drag and drop is not simulated offscreen; stored.
    open weak var dragDelegate: UICollectionViewDragDelegate?
    /// Inert: drag and drop is not simulated offscreen; stored.
    open weak var dropDelegate: UICollectionViewDropDelegate?
    /// Inert: drag and drop is not simulated offscreen; stored.
    open var dragInteractionEnabled = false
    /// Inert: drag and drop is not simulated offscreen; always false.
    open var hasActiveDrag: Bool { false }
    /// Inert: drag and drop is not simulated offscreen; always false.
    open var hasActiveDrop: Bool { false }
    /// Inert: drag and drop is not simulated offscreen; stored.
    open var reorderingCadence: ReorderingCadence = .immediate
    /// Inert: self-sizing cells are measured once per layout pass here, whatever this says; stored.
    open var selfSizingInvalidation: SelfSizingInvalidation = .enabled
    /// Shown behind every element, sized with the collection view.
    open var backgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let backgroundView {
                backgroundView.layer.zPosition = -.greatestFiniteMagnitude
                insertSubview(backgroundView, at: 0)
                setNeedsLayout()
            }
        }
    }
    /// Inert: no focus engine offscreen; stored.
    open var remembersLastFocusedIndexPath = false
    /// Inert: no focus engine offscreen; stored.
    open var selectionFollowsFocus = false
    /// Inert: no focus engine offscreen; stored.
    open var allowsFocus = false
    /// Inert: no focus engine offscreen; stored.
    open var allowsFocusDuringEditing = false
    open var allowsSelection = true
    open var allowsMultipleSelection = false
    open var allowsSelectionDuringEditing = false
    open var allowsMultipleSelectionDuringEditing = false
    /// Editing mode: list cells show their editing accessories; nothing else changes here.
    open var isEditing = false {
        didSet { for cell in visibleCells { cell.setNeedsUpdateConfiguration() } }
    }

    // MARK: Registration and reuse

    private var cellClasses: [String: UICollectionViewCell.Type] = [:]
    private var supplementaryClasses: [String: UICollectionReusableView.Type] = [:]
    private var reuseQueues: [String: [UICollectionReusableView]] = [:]
    private static func cellQueueKey(_ identifier: String) -> String { "cell\u{0}\(identifier)" }
    private static func supplementaryQueueKey(_ kind: String, _ identifier: String) -> String { "\(kind)\u{0}\(identifier)" }

    open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
        guard let cellClass else { cellClasses[identifier] = nil; return }
        guard let type = cellClass as? UICollectionViewCell.Type else {
            misuse("register(_:forCellWithReuseIdentifier:): \(cellClass) is not a UICollectionViewCell subclass")
        }
        cellClasses[identifier] = type
    }
    open func register(_ viewClass: AnyClass?, forSupplementaryViewOfKind elementKind: String, withReuseIdentifier identifier: String) {
        let key = Self.supplementaryQueueKey(elementKind, identifier)
        guard let viewClass else { supplementaryClasses[key] = nil; return }
        guard let type = viewClass as? UICollectionReusableView.Type else {
            misuse("register(_:forSupplementaryViewOfKind:withReuseIdentifier:): \(viewClass) is not a UICollectionReusableView subclass")
        }
        supplementaryClasses[key] = type
    }

    func isRegisteredCell(_ identifier: String) -> Bool { cellClasses[identifier] != nil }
    /// Registrations seen so far, kept alive so their identities stay unique.
    private var registrations: [(token: RegistrationToken, identifier: String)] = []
    func reuseIdentifier(for token: RegistrationToken) -> String {
        if let known = registrations.first(where: { $0.token === token }) { return known.identifier }
        let identifier = "UICollectionView.Registration.\(registrations.count)"
        registrations.append((token, identifier))
        return identifier
    }
    func isRegisteredSupplementary(kind: String, _ identifier: String) -> Bool {
        supplementaryClasses[Self.supplementaryQueueKey(kind, identifier)] != nil
    }

    /// A cell for `indexPath`: one from the reuse queue (after `prepareForReuse()`) or a new one of the
    /// registered class, already placed at the layout's attributes. Call it from the data source.
    open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell {
        let key = Self.cellQueueKey(identifier)
        let cell: UICollectionViewCell
        if let reconfiguring = reconfiguringCell, reconfiguring.reuseIdentifier == identifier {
            // reconfigureItems(at:): the same cell, configured again in place.
            dequeuedViews.insert(ObjectIdentifier(reconfiguring))
            return reconfiguring
        } else if let queued = reuseQueues[key]?.popLast() as? UICollectionViewCell {
            cell = queued
            cell.prepareForReuse()
        } else {
            guard let type = cellClasses[identifier] else {
                misuse("dequeueReusableCell(withReuseIdentifier:for:): no class registered for the identifier '\(identifier)'; call register(_:forCellWithReuseIdentifier:) first")
            }
            cell = type.init(frame: .zero)
            cell.reuseIdentifier = identifier
        }
        cell.isSelected = selectedIndexPaths.contains(indexPath)
        cell.isHighlighted = false
        cell.owningCollectionView = self
        cell.setNeedsUpdateConfiguration()
        placeListCell(cell, at: indexPath)
        if let attributes = layoutAttributesForItem(at: indexPath) {
            UIView.performWithoutAnimation { cell.applyAttributes(attributes) }
        }
        dequeuedViews.insert(ObjectIdentifier(cell))
        return cell
    }
    open func dequeueReusableSupplementaryView(ofKind elementKind: String, withReuseIdentifier identifier: String,
                                                for indexPath: IndexPath) -> UICollectionReusableView {
        let key = Self.supplementaryQueueKey(elementKind, identifier)
        let view: UICollectionReusableView
        if let queued = reuseQueues[key]?.popLast() {
            view = queued
            view.prepareForReuse()
        } else {
            guard let type = supplementaryClasses[key] else {
                misuse("dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:): no class registered for kind '\(elementKind)' and identifier '\(identifier)'; call register(_:forSupplementaryViewOfKind:withReuseIdentifier:) first")
            }
            view = type.init(frame: .zero)
            view.reuseIdentifier = identifier
        }
        if let attributes = layoutAttributesForSupplementaryElement(ofKind: elementKind, at: indexPath) {
            UIView.performWithoutAnimation { view.applyAttributes(attributes) }
        }
        dequeuedViews.insert(ObjectIdentifier(view))
        return view
    }
    /// Views handed out by the dequeue methods since the last check: a data source must return one of them.
    private var dequeuedViews: Set<ObjectIdentifier> = []

    private func enqueue(_ view: UICollectionReusableView, key: String) {
        view.removeFromSuperview()
        reuseQueues[key, default: []].append(view)
    }
    private func enqueue(cell: UICollectionViewCell) {
        cell.isHighlighted = false
        enqueue(cell, key: Self.cellQueueKey(cell.reuseIdentifier ?? ""))
    }

    // MARK: Data

    var dataNeedsReload = true
    /// The item count of each section, read from the data source at the last reload or update.
    private(set) var sectionCounts: [Int] = []

    /// Reads the counts again, drops every visible element into the reuse queue and lays out afresh (no
    /// animation), as UIKit does. Selection is cleared.
    open func reloadData() {
        selectedIndexPaths = []
        dataNeedsReload = true
        collectionViewLayout.invalidateLayout()
        setNeedsLayout()
    }
    private func reloadCountsIfNeeded() {
        guard dataNeedsReload else { return }
        dataNeedsReload = false
        sectionCounts = readCountsFromDataSource()
        measuredSizes = [:]
        for (_, cell) in cellsByIndexPath { delegateEndDisplaying(cell); enqueue(cell: cell) }
        cellsByIndexPath = [:]
        for (key, view) in supplementaryViewsByKey { enqueue(view, key: queueKey(for: view, key)) }
        supplementaryViewsByKey = [:]
        collectionViewLayout.needsPrepare = true
    }
    func readCountsFromDataSource() -> [Int] {
        guard let dataSource else { return [] }
        let sections = dataSource.numberOfSections(in: self)
        checkUsage(sections >= 0, "numberOfSections(in:) returned \(sections); it must be 0 or more")
        return (0..<sections).map { section in
            let count = dataSource.collectionView(self, numberOfItemsInSection: section)
            checkUsage(count >= 0, "collectionView(_:numberOfItemsInSection:) returned \(count) for section \(section); it must be 0 or more")
            return count
        }
    }
    open var numberOfSections: Int { reloadCountsIfNeeded(); return sectionCounts.count }
    open func numberOfItems(inSection section: Int) -> Int {
        reloadCountsIfNeeded()
        checkUsage(sectionCounts.indices.contains(section),
                   "numberOfItems(inSection:): section \(section) is out of range (the collection view has \(sectionCounts.count) sections)")
        return sectionCounts[section]
    }
    func replaceCounts(_ counts: [Int]) { sectionCounts = counts }

    // MARK: Layout and tiling

    private var cellsByIndexPath: [IndexPath: UICollectionViewCell] = [:]
    private var supplementaryViewsByKey: [CollectionElementKey: UICollectionReusableView] = [:]
    /// Views fading out after a batch update (removed when their animation ends).
    var disappearingViews: [UICollectionReusableView] = []
    /// Sizes of self-sizing items measured since the last data change, by index path.
    var measuredSizes: [CollectionElementKey: CGSize] = [:]

    /// Called by the layout's `invalidateLayout`.
    func layoutDidInvalidate() { setNeedsLayout() }

    open override var bounds: CGRect {
        get { super.bounds }
        set {
            let old = super.bounds
            guard newValue != old else { super.bounds = newValue; return }
            if collectionViewLayout.shouldInvalidateLayout(forBoundsChange: newValue) {
                collectionViewLayout.invalidateLayout(with: collectionViewLayout.invalidationContext(forBoundsChange: newValue))
            }
            super.bounds = newValue
            // A new offset shows other items: tile again before the next frame.
            setNeedsLayout()
        }
    }
    open override var frame: CGRect {
        get { super.frame }
        set {
            if newValue.size != super.frame.size, collectionViewLayout.shouldInvalidateLayout(forBoundsChange: CGRect(origin: bounds.origin, size: newValue.size)) {
                collectionViewLayout.invalidateLayout()
            }
            super.frame = newValue
        }
    }

    /// Prepares the layout if it was invalidated and reads its content size.
    func prepareLayoutIfNeeded() {
        reloadCountsIfNeeded()
        let layout = collectionViewLayout
        guard layout.needsPrepare else { return }
        layout.needsPrepare = false
        layout.prepare()
        let size = layout.collectionViewContentSize
        if contentSize != size { contentSize = size }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        prepareLayoutIfNeeded()
        backgroundView?.frame = bounds
        tile()
    }

    /// Makes the views for the elements in the visible bounds and reuses the others.
    func tile(initialAttributes: ((UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes?)? = nil) {
        let visible = bounds
        let attributes = collectionViewLayout.layoutAttributesForElements(in: visible) ?? []
        var wantedCells: [IndexPath: UICollectionViewLayoutAttributes] = [:]
        var wantedOthers: [CollectionElementKey: UICollectionViewLayoutAttributes] = [:]
        for attribute in attributes where attribute.frame.intersects(visible) {
            if attribute.representedElementCategory == .cell {
                if isValid(attribute.indexPath) { wantedCells[attribute.indexPath] = attribute }
            } else {
                wantedOthers[attribute.elementKey] = attribute
            }
        }
        for (indexPath, cell) in cellsByIndexPath where wantedCells[indexPath] == nil {
            cellsByIndexPath[indexPath] = nil
            delegateEndDisplaying(cell, at: indexPath)
            enqueue(cell: cell)
        }
        for (key, view) in supplementaryViewsByKey where wantedOthers[key] == nil {
            supplementaryViewsByKey[key] = nil
            if key.category == .supplementaryView, let kind = key.kind {
                collectionDelegate?.collectionView(self, didEndDisplayingSupplementaryView: view, forElementOfKind: kind, at: key.indexPath)
            }
            enqueue(view, key: queueKey(for: view, key))
        }
        // New and moved elements in index-path order, so the data source is asked in a stable order.
        for indexPath in wantedCells.keys.sorted() {
            let attribute = wantedCells[indexPath]!
            if let cell = cellsByIndexPath[indexPath] {
                cell.applyAttributes(attribute)
                placeListCell(cell, at: indexPath)
                continue
            }
            let cell = makeCell(at: indexPath)
            UIView.performWithoutAnimation { cell.applyAttributes(initialAttributes?(attribute) ?? attribute) }
            cell.applyAttributes(attribute)
            cellsByIndexPath[indexPath] = cell
            collectionDelegate?.collectionView(self, willDisplay: cell, forItemAt: indexPath)
            addElementView(cell)
        }
        for key in wantedOthers.keys.sorted(by: Self.keyOrder) {
            let attribute = wantedOthers[key]!
            if let view = supplementaryViewsByKey[key] {
                view.applyAttributes(attribute)
                continue
            }
            guard let view = makeSupplementaryOrDecoration(key) else { continue }
            UIView.performWithoutAnimation { view.applyAttributes(initialAttributes?(attribute) ?? attribute) }
            view.applyAttributes(attribute)
            supplementaryViewsByKey[key] = view
            if key.category == .supplementaryView, let kind = key.kind {
                collectionDelegate?.collectionView(self, willDisplaySupplementaryView: view, forElementKind: kind, at: key.indexPath)
            }
            addElementView(view)
        }
        for cell in cellsByIndexPath.values { (cell as UICollectionViewCell).updateConfigurationIfNeeded() }
    }

    /// Tells a list cell where it sits in its list section (its corners and separator follow).
    private func placeListCell(_ cell: UICollectionViewCell, at indexPath: IndexPath) {
        guard let listCell = cell as? UICollectionViewListCell,
              let layout = collectionViewLayout as? UICollectionViewCompositionalLayout, !measuringItem else { return }
        listCell.listPlacement = layout.listPlacement(at: indexPath)
    }

    private static func keyOrder(_ a: CollectionElementKey, _ b: CollectionElementKey) -> Bool {
        if a.category != b.category { return a.category.rawValue < b.category.rawValue }
        if a.kind != b.kind { return (a.kind ?? "") < (b.kind ?? "") }
        return a.indexPath < b.indexPath
    }

    /// Element views sit above the background view; z-order among them comes from their zIndex.
    private func addElementView(_ view: UIView) {
        if view.superview !== self { addSubview(view) }
    }

    private func isValid(_ indexPath: IndexPath) -> Bool {
        indexPath.count == 2 && sectionCounts.indices.contains(indexPath.section) && indexPath.item >= 0 && indexPath.item < sectionCounts[indexPath.section]
    }

    private func queueKey(for view: UICollectionReusableView, _ key: CollectionElementKey) -> String {
        if view is UICollectionViewCell { return Self.cellQueueKey(view.reuseIdentifier ?? "") }
        return Self.supplementaryQueueKey(key.kind ?? "", view.reuseIdentifier ?? "")
    }

    private func makeCell(at indexPath: IndexPath) -> UICollectionViewCell {
        guard let dataSource else { misuse("UICollectionView: a collection view with items needs a data source") }
        dequeuedViews = []
        let cell = dataSource.collectionView(self, cellForItemAt: indexPath)
        checkUsage(dequeuedViews.contains(ObjectIdentifier(cell)),
                   "collectionView(_:cellForItemAt:) for \(indexPath) returned a cell that was not dequeued: return the result of dequeueReusableCell(withReuseIdentifier:for:) or dequeueConfiguredReusableCell(using:for:item:)")
        dequeuedViews = []
        return cell
    }

    private func makeSupplementaryOrDecoration(_ key: CollectionElementKey) -> UICollectionReusableView? {
        if key.category == .decorationView {
            guard let kind = key.kind, let type = collectionViewLayout.decorationClasses[kind] else { return nil }
            let queueKey = Self.supplementaryQueueKey(kind, "decoration")
            if let queued = reuseQueues[queueKey]?.popLast() { queued.prepareForReuse(); return queued }
            let view = type.init(frame: .zero)
            view.reuseIdentifier = "decoration"
            return view
        }
        guard let kind = key.kind, let dataSource else { return nil }
        dequeuedViews = []
        let view = dataSource.collectionView(self, viewForSupplementaryElementOfKind: kind, at: key.indexPath)
        checkUsage(dequeuedViews.contains(ObjectIdentifier(view)),
                   "collectionView(_:viewForSupplementaryElementOfKind:at:) for kind '\(kind)' at \(key.indexPath) returned a view that was not dequeued: return the result of dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)")
        dequeuedViews = []
        return view
    }

    private func delegateEndDisplaying(_ cell: UICollectionViewCell, at indexPath: IndexPath? = nil) {
        guard let indexPath = indexPath ?? self.indexPath(for: cell) else { return }
        collectionDelegate?.collectionView(self, didEndDisplaying: cell, forItemAt: indexPath)
    }

    // MARK: Self-sizing

    /// The size a self-sizing item wants: the data source configures a cell for it (taken from and
    /// returned to the reuse queue), and the cell answers `preferredLayoutAttributesFitting(_:)` at the
    /// estimate (`fixedWidth` keeps the layout's width). Measured once per item until the data changes.
    package func selfSizedSize(at indexPath: IndexPath, estimate: CGSize, fixedWidth: CGFloat?) -> CGSize {
        let key = CollectionElementKey(category: .cell, kind: nil, indexPath: indexPath)
        if let size = measuredSizes[key] { return size }
        guard let dataSource, isValid(indexPath) else { return estimate }
        dequeuedViews = []
        // The cell must not take its frame from a layout that is being computed.
        measuringItem = true
        let cell = dataSource.collectionView(self, cellForItemAt: indexPath)
        measuringItem = false
        dequeuedViews = []
        let attributes = collectionViewLayout.makeAttributes(forCellWith: indexPath)
        attributes.size = CGSize(width: fixedWidth ?? estimate.width, height: estimate.height)
        var size = estimate
        UIView.performWithoutAnimation {
            cell.frame = CGRect(origin: .zero, size: attributes.size)
            cell.updateConfigurationIfNeeded()
            cell.selfSizingFixesWidth = fixedWidth != nil
            size = cell.preferredLayoutAttributesFitting(attributes).size
            cell.selfSizingFixesWidth = true
        }
        if let fixedWidth { size.width = fixedWidth }
        if cellsByIndexPath[indexPath] !== cell { enqueue(cell: cell) }
        measuredSizes[key] = size
        return size
    }
    var measuringItem = false

    /// The height a self-sizing header or footer wants at the layout's width (measured like items).
    package func selfSizedSupplementarySize(ofKind kind: String, at indexPath: IndexPath, estimate: CGSize) -> CGFloat {
        let key = CollectionElementKey(category: .supplementaryView, kind: kind, indexPath: indexPath)
        if let size = measuredSizes[key] { return size.height }
        guard let dataSource else { return estimate.height }
        dequeuedViews = []
        measuringItem = true
        let view = dataSource.collectionView(self, viewForSupplementaryElementOfKind: kind, at: indexPath)
        measuringItem = false
        dequeuedViews = []
        let attributes = collectionViewLayout.makeAttributes(forSupplementaryViewOfKind: kind, with: indexPath)
        attributes.size = estimate
        var height = estimate.height
        UIView.performWithoutAnimation {
            view.frame = CGRect(origin: .zero, size: estimate)
            height = view.preferredLayoutAttributesFitting(attributes).size.height
        }
        if !visibleOtherViews.values.contains(where: { $0 === view }) { recycle(view, key: key) }
        measuredSizes[key] = CGSize(width: estimate.width, height: height)
        return height
    }

    // MARK: Queries

    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        if measuringItem { return nil }
        prepareLayoutIfNeeded()
        return collectionViewLayout.layoutAttributesForItem(at: indexPath)
    }
    open func layoutAttributesForSupplementaryElement(ofKind kind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        if measuringItem { return nil }
        prepareLayoutIfNeeded()
        return collectionViewLayout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
    }
    /// The item whose cell frame contains `point` (content coordinates), from the layout, visible or not.
    open func indexPathForItem(at point: CGPoint) -> IndexPath? {
        prepareLayoutIfNeeded()
        let probe = CGRect(x: point.x, y: point.y, width: 1, height: 1)
        let hits = (collectionViewLayout.layoutAttributesForElements(in: probe) ?? [])
            .filter { $0.representedElementCategory == .cell && !$0.isHidden && $0.frame.contains(point) && isValid($0.indexPath) }
        return hits.max { ($0.zIndex, $1.indexPath) < ($1.zIndex, $0.indexPath) }?.indexPath
    }
    /// The index path of a visible cell (nil for a cell that is not shown).
    open func indexPath(for cell: UICollectionViewCell) -> IndexPath? {
        cellsByIndexPath.first { $0.value === cell }?.key
    }
    open func indexPathForSupplementaryView(_ supplementaryView: UICollectionReusableView) -> IndexPath? {
        supplementaryViewsByKey.first { $0.value === supplementaryView }?.key.indexPath
    }
    /// The cell shown for `indexPath`, nil when it is off screen.
    open func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? {
        layoutIfNeededForQuery()
        return cellsByIndexPath[indexPath]
    }
    open var visibleCells: [UICollectionViewCell] {
        layoutIfNeededForQuery()
        return cellsByIndexPath.keys.sorted().map { cellsByIndexPath[$0]! }
    }
    open var indexPathsForVisibleItems: [IndexPath] {
        layoutIfNeededForQuery()
        return cellsByIndexPath.keys.sorted()
    }
    open func supplementaryView(forElementKind elementKind: String, at indexPath: IndexPath) -> UICollectionReusableView? {
        layoutIfNeededForQuery()
        return supplementaryViewsByKey[CollectionElementKey(category: .supplementaryView, kind: elementKind, indexPath: indexPath)]
    }
    open func visibleSupplementaryViews(ofKind elementKind: String) -> [UICollectionReusableView] {
        layoutIfNeededForQuery()
        return supplementaryViewsByKey.keys.filter { $0.category == .supplementaryView && $0.kind == elementKind }
            .sorted(by: Self.keyOrder).map { supplementaryViewsByKey[$0]! }
    }
    open func indexPathsForVisibleSupplementaryElements(ofKind elementKind: String) -> [IndexPath] {
        layoutIfNeededForQuery()
        return supplementaryViewsByKey.keys.filter { $0.category == .supplementaryView && $0.kind == elementKind }
            .map(\.indexPath).sorted()
    }
    /// All element views on screen (cells, supplementary and decoration views).
    var visibleElementViews: [UICollectionReusableView] {
        Array(cellsByIndexPath.values) + Array(supplementaryViewsByKey.values)
    }
    /// Queries answer from an up-to-date layout, as UIKit's do (they lay out first when needed).
    private func layoutIfNeededForQuery() {
        if dataNeedsReload || collectionViewLayout.needsPrepare || layer.needsLayout() { layoutIfNeeded() }
    }

    // MARK: Scrolling

    /// Scrolls so the item sits at `scrollPosition` (one vertical and one horizontal position at most),
    /// clamped to the content; an empty position scrolls the least that shows it.
    open func scrollToItem(at indexPath: IndexPath, at scrollPosition: UICollectionView.ScrollPosition, animated: Bool) {
        guard let attributes = layoutAttributesForItem(at: indexPath) else {
            misuse("scrollToItem(at:at:animated:): there is no item at \(indexPath) (the collection view has \(sectionCounts.count) sections)")
        }
        let frame = attributes.frame
        let inset = adjustedContentInset
        var offset = contentOffset
        let height = bounds.height - inset.top - inset.bottom
        let width = bounds.width - inset.left - inset.right
        if scrollPosition.contains(.top) { offset.y = frame.minY - inset.top }
        else if scrollPosition.contains(.centeredVertically) { offset.y = frame.midY - height / 2 - inset.top }
        else if scrollPosition.contains(.bottom) { offset.y = frame.maxY - height - inset.top }
        if scrollPosition.contains(.left) { offset.x = frame.minX - inset.left }
        else if scrollPosition.contains(.centeredHorizontally) { offset.x = frame.midX - width / 2 - inset.left }
        else if scrollPosition.contains(.right) { offset.x = frame.maxX - width - inset.left }
        if scrollPosition.isEmpty {
            scrollRectToVisible(frame, animated: animated)
            return
        }
        let maxY = max(-inset.top, contentSize.height + inset.bottom - bounds.height)
        let maxX = max(-inset.left, contentSize.width + inset.right - bounds.width)
        offset.y = min(max(offset.y, -inset.top), maxY)
        offset.x = min(max(offset.x, -inset.left), maxX)
        setContentOffset(offset, animated: animated)
    }

    // MARK: Selection

    private(set) var selectedIndexPaths: [IndexPath] = []
    open var indexPathsForSelectedItems: [IndexPath]? { selectedIndexPaths }

    /// Selects the item (deselecting the others unless multiple selection is on) without asking the
    /// delegate, and scrolls to it when a position is given.
    open func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: UICollectionView.ScrollPosition) {
        guard allowsSelection else { return }
        guard let indexPath else {
            for selected in selectedIndexPaths { deselectItem(at: selected, animated: animated) }
            return
        }
        if !allowsMultipleSelection {
            for selected in selectedIndexPaths where selected != indexPath { deselectItem(at: selected, animated: animated) }
        }
        if !selectedIndexPaths.contains(indexPath) { selectedIndexPaths.append(indexPath) }
        cellsByIndexPath[indexPath]?.isSelected = true
        if !scrollPosition.isEmpty { scrollToItem(at: indexPath, at: scrollPosition, animated: animated) }
    }
    open func deselectItem(at indexPath: IndexPath, animated: Bool) {
        selectedIndexPaths.removeAll { $0 == indexPath }
        guard let cell = cellsByIndexPath[indexPath] else { return }
        if animated {
            UIView.animate(withDuration: Self.deselectAnimationDuration) { cell.isSelected = false }
        } else {
            cell.isSelected = false
        }
    }

    /// The item a finger is on, highlighted until it lifts (then selected) or moves away.
    private var trackedTouch: (indexPath: IndexPath, start: CGPoint)?

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first, trackedTouch == nil else { return }
        let point = touch.location(in: self)
        guard allowsSelection || isEditing, let indexPath = indexPathForItem(at: point) else { return }
        trackedTouch = (indexPath, touch.location(in: nil))
        guard collectionDelegate?.collectionView(self, shouldHighlightItemAt: indexPath) ?? true else { return }
        cellsByIndexPath[indexPath]?.isHighlighted = true
        collectionDelegate?.collectionView(self, didHighlightItemAt: indexPath)
    }
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first, let tracked = trackedTouch else { return }
        let location = touch.location(in: nil)
        // A finger that travels is a scroll, not a tap: UIKit drops the highlight (estimated 10 pt).
        if hypot(location.x - tracked.start.x, location.y - tracked.start.y) > Self.tapSlop { cancelTrackedTouch() }
    }
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let tracked = trackedTouch else { return }
        trackedTouch = nil
        unhighlight(tracked.indexPath)
        userTapped(tracked.indexPath)
    }
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { cancelTrackedTouch() }

    private func cancelTrackedTouch() {
        guard let tracked = trackedTouch else { return }
        trackedTouch = nil
        unhighlight(tracked.indexPath)
    }
    private func unhighlight(_ indexPath: IndexPath) {
        guard cellsByIndexPath[indexPath]?.isHighlighted ?? false else { return }
        cellsByIndexPath[indexPath]?.isHighlighted = false
        collectionDelegate?.collectionView(self, didUnhighlightItemAt: indexPath)
    }
    /// A tap on an item: toggles it under multiple selection, selects it otherwise, asking the delegate.
    private func userTapped(_ indexPath: IndexPath) {
        guard allowsSelection, isValid(indexPath) else { return }
        if selectedIndexPaths.contains(indexPath) {
            guard allowsMultipleSelection else {
                collectionDelegate?.collectionView(self, didSelectItemAt: indexPath)
                return
            }
            guard collectionDelegate?.collectionView(self, shouldDeselectItemAt: indexPath) ?? true else { return }
            deselectItem(at: indexPath, animated: false)
            collectionDelegate?.collectionView(self, didDeselectItemAt: indexPath)
            return
        }
        guard collectionDelegate?.collectionView(self, shouldSelectItemAt: indexPath) ?? true else { return }
        if !allowsMultipleSelection {
            for selected in selectedIndexPaths {
                deselectItem(at: selected, animated: false)
                collectionDelegate?.collectionView(self, didDeselectItemAt: selected)
            }
        }
        selectItem(at: indexPath, animated: false, scrollPosition: [])
        collectionDelegate?.collectionView(self, didSelectItemAt: indexPath)
    }

    /// How far a finger may move and still tap an item (estimated: UIKit's scroll-view touch slop).
    static let tapSlop: CGFloat = 10
    /// `deselectItem(at:animated:)`'s fade (estimated from iOS 18 screen recordings at 60 fps, iPhone 16 @3x).
    static let deselectAnimationDuration: TimeInterval = 0.25
    /// Batch updates and animated layout changes: 0.3 s ease-in-out (estimated from iOS 18 screen
    /// recordings at 60 fps, iPhone 16 @3x: moving items settle on the 18th frame).
    public static let updateAnimationDuration: TimeInterval = 0.3

    // MARK: Batch updates (CollectionViewUpdates.swift)

    /// Runs `updates` (which change the data source and say what changed with `insertItems(at:)` and
    /// friends), then animates every element from where it was to where the layout puts it now: kept
    /// and moved items move (frames animate), inserted ones fade in from their final attributes with
    /// alpha 0, deleted ones fade out (the layout's `initialLayoutAttributesForAppearingItem(at:)` and
    /// `finalLayoutAttributesForDisappearingItem(at:)` decide), in `updateAnimationDuration` ease-in-out.
    /// Inside `UIView.performWithoutAnimation` everything changes at once. A count that does not add up
    /// stops with a message naming the section and the numbers, as UIKit's exception does.
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        beginBatch(updates, completion: completion)
    }
    open func insertSections(_ sections: IndexSet) { record { $0.insertedSections.formUnion(sections) } }
    open func deleteSections(_ sections: IndexSet) { record { $0.deletedSections.formUnion(sections) } }
    open func reloadSections(_ sections: IndexSet) { record { $0.reloadedSections.formUnion(sections) } }
    open func moveSection(_ section: Int, toSection newSection: Int) { record { $0.movedSections.append((section, newSection)) } }
    open func insertItems(at indexPaths: [IndexPath]) { record { $0.insertedItems += indexPaths } }
    open func deleteItems(at indexPaths: [IndexPath]) { record { $0.deletedItems += indexPaths } }
    open func reloadItems(at indexPaths: [IndexPath]) { record { $0.reloadedItems += indexPaths } }
    open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) { record { $0.movedItems.append((indexPath, newIndexPath)) } }
    /// Asks the data source for the visible cells of these items again, keeping each cell (the dequeue
    /// hands back the same cell, without `prepareForReuse()`), as UIKit does; nothing animates.
    open func reconfigureItems(at indexPaths: [IndexPath]) { reconfigure(indexPaths) }
    /// Inert: interactive movement is not simulated; returns false.
    open func beginInteractiveMovementForItem(at indexPath: IndexPath) -> Bool { false }
    /// Inert: interactive movement is not simulated.
    open func updateInteractiveMovementTargetPosition(_ targetPosition: CGPoint) {}
    /// Inert: interactive movement is not simulated.
    open func endInteractiveMovement() {}
    /// Inert: interactive movement is not simulated.
    open func cancelInteractiveMovement() {}

    // MARK: Element removal bookkeeping (batch updates)

    var batchStorage: CollectionBatch?
    /// The cell `reconfigureItems(at:)` is configuring again (the dequeue hands it back).
    var reconfiguringCell: UICollectionViewCell?

    var visibleCellsByIndexPath: [IndexPath: UICollectionViewCell] {
        get { cellsByIndexPath }
        set { cellsByIndexPath = newValue }
    }
    var visibleOtherViews: [CollectionElementKey: UICollectionReusableView] {
        get { supplementaryViewsByKey }
        set { supplementaryViewsByKey = newValue }
    }
    func recycle(_ view: UICollectionReusableView, key: CollectionElementKey) {
        if let cell = view as? UICollectionViewCell { enqueue(cell: cell) } else { enqueue(view, key: queueKey(for: view, key)) }
    }
    func removeSelection(where predicate: (IndexPath) -> Bool) { selectedIndexPaths.removeAll(where: predicate) }
    func mapSelection(_ transform: (IndexPath) -> IndexPath?) { selectedIndexPaths = selectedIndexPaths.compactMap(transform) }
}

/// Inert: interactive layout transitions are not simulated, so none is ever made; declared for code that
/// names it.
open class UICollectionViewTransitionLayout: UICollectionViewLayout {
    open private(set) var currentLayout: UICollectionViewLayout
    open private(set) var nextLayout: UICollectionViewLayout
    open var transitionProgress: CGFloat = 0
    public init(currentLayout: UICollectionViewLayout, nextLayout: UICollectionViewLayout) {
        self.currentLayout = currentLayout; self.nextLayout = nextLayout
        super.init()
    }
    open func updateValue(_ value: CGFloat, forAnimatedKey key: String) { values[key] = value }
    open func value(forAnimatedKey key: String) -> CGFloat { values[key] ?? 0 }
    private var values: [String: CGFloat] = [:]
}
