import Foundation
import QuartzCore

/// A scrolling list of rows in sections, as iOS 17/18 draws it at iPhone 16 (393 pt, @3x). Only the rows,
/// headers and footers on screen exist as subviews: `layoutSubviews()` tiles them as the content offset
/// changes, asking the data source for cells (which come from the reuse pool) and putting the ones scrolled
/// away back in the pool. Geometry (docs/UIKIT-COMPATIBILITY.md, "Table views and content configurations"):
/// rows 44 pt at least (a one-line body cell), separators one pixel in `.separator` inset 16 pt (20 pt from
/// 414 pt wide screens) or from the text, grouped sections 35 pt apart, inset-grouped sections inset by the
/// same margin with 10 pt corners.
open class UITableView: UIScrollView {
    public enum Style: Int, Sendable { case plain, grouped, insetGrouped }
    public enum ScrollPosition: Int, Sendable { case none, top, middle, bottom }
    public enum RowAnimation: Int, Sendable { case fade, right, left, top, bottom, none, middle, automatic = 100 }
    public enum SeparatorInsetReference: Int, Sendable { case fromCellEdges, fromAutomaticInsets }
    public enum SelfSizingInvalidation: Int, Sendable { case disabled, enabled, enabledIncludingConstraints }
    /// A height that asks the table to size the row, header or footer from its content.
    public static let automaticDimension: CGFloat = -1
    /// Inert: the section index is not drawn; the search symbol's title as UIKit names it.
    public static let indexSearch = "{search}"
    /// A cell's `separatorInset` until set: the table's.
    static let automaticSeparatorInset = UIEdgeInsets(top: 0, left: -1, bottom: 0, right: -1)

    public let style: Style
    open weak var dataSource: UITableViewDataSource? { didSet { reloadData() } }
    /// The scroll view's `delegate` read as a table view delegate: one object, as on iOS (Swift cannot narrow
    /// the inherited property's type, so `delegate` reads back as a UIScrollViewDelegate).
    var tableDelegate: UITableViewDelegate? { delegate as? UITableViewDelegate }

    // MARK: Initializers

    public required init(frame: CGRect, style: Style) {
        self.style = style
        super.init(frame: frame)
        setUp()
    }
    public convenience override init(frame: CGRect) { self.init(frame: frame, style: .plain) }
    /// See `UIView.init?(coder:)`: nothing is decoded; a plain table.
    public required init?(coder: NSCoder) {
        style = .plain
        super.init(coder: coder)
        setUp()
    }
    private func setUp() {
        // plain: systemBackground; grouped: systemGroupedBackground (Apple's published system colours).
        backgroundColor = style == .plain ? .systemBackground : .systemGroupedBackground
        alwaysBounceVertical = true
    }

    // MARK: Geometry settings

    /// `automaticDimension`: each row's height comes from its content (at least 44 pt for system content).
    open var rowHeight: CGFloat = UITableView.automaticDimension { didSet { setNeedsGeometry() } }
    open var sectionHeaderHeight: CGFloat = UITableView.automaticDimension { didSet { setNeedsGeometry() } }
    open var sectionFooterHeight: CGFloat = UITableView.automaticDimension { didSet { setNeedsGeometry() } }
    /// The height given to rows not yet measured (`automaticDimension`: 44 pt).
    open var estimatedRowHeight: CGFloat = UITableView.automaticDimension { didSet { setNeedsGeometry() } }
    open var estimatedSectionHeaderHeight: CGFloat = UITableView.automaticDimension
    open var estimatedSectionFooterHeight: CGFloat = UITableView.automaticDimension
    /// Space above each section header (`automaticDimension`: 22 pt above the headers of a plain table,
    /// iOS 15's padding; 0 in grouped tables, whose headers carry their own space).
    open var sectionHeaderTopPadding: CGFloat = UITableView.automaticDimension { didSet { setNeedsGeometry() } }
    /// Inert: the self-sizing of shown cells is measured when they are tiled; stored.
    open var selfSizingInvalidation: SelfSizingInvalidation = .enabled
    /// Inert: the table never allows content to fill the readable width on iPhone (it is the full width
    /// there); stored.
    open var cellLayoutMarginsFollowReadableWidth = false
    /// Inert: layout margins are applied to the rows as the table's system margin; stored.
    open var insetsContentViewsToSafeArea = true
    /// Inert: iOS 15's fill of the rows before a table first appears is not simulated; stored.
    open var fillerRowHeight: CGFloat = UITableView.automaticDimension
    /// Inert: cells are made when tiled, never ahead (nothing is prefetched offscreen).
    open var isPrefetchingEnabled = true
    /// Inert: prefetching is not simulated; stored.
    open weak var prefetchDataSource: UITableViewDataSourcePrefetching?
    /// Inert: drag and drop is not simulated; stored.
    open var dragInteractionEnabled = false
    /// Inert: drag and drop is not simulated.
    open var hasActiveDrag: Bool { false }
    /// Inert: drag and drop is not simulated.
    open var hasActiveDrop: Bool { false }
    /// Inert: the section index is not drawn; stored.
    open var sectionIndexMinimumDisplayRowCount = 0
    /// Inert: the section index is not drawn; stored.
    open var sectionIndexColor: UIColor?
    /// Inert: the section index is not drawn; stored.
    open var sectionIndexBackgroundColor: UIColor?
    /// Inert: the section index is not drawn; stored.
    open var sectionIndexTrackingBackgroundColor: UIColor?
    /// Inert: the section index is not drawn.
    open func reloadSectionIndexTitles() {}
    /// Inert: focus is not simulated; stored.
    open var remembersLastFocusedIndexPath = false
    /// Inert: focus is not simulated; stored.
    open var selectionFollowsFocus = false
    /// Inert: focus is not simulated; stored.
    open var allowsFocus = false
    /// Inert: focus is not simulated; stored.
    open var allowsFocusDuringEditing = false
    open var backgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let backgroundView { insertSubview(backgroundView, at: 0) }
            setNeedsLayout()
        }
    }

    open var separatorStyle: UITableViewCell.SeparatorStyle = .singleLine { didSet { setNeedsLayout() } }
    open var separatorColor: UIColor? = .separator { didSet { setNeedsLayout() } }
    /// Inert: separators are drawn in `separatorColor` without a vibrancy effect; stored.
    open var separatorEffect: UIVisualEffect?
    /// The separators' insets from the row's edges: 16 pt leading (20 pt from 414 pt wide screens), or from
    /// the text when the row has an image (Apple's HIG margins; estimated from iOS 18 screenshots at iPhone 16 @3x).
    open var separatorInset: UIEdgeInsets {
        get { storedSeparatorInset ?? UIEdgeInsets(top: 0, left: systemMargin, bottom: 0, right: 0) }
        set { storedSeparatorInset = newValue; setNeedsLayout() }
    }
    private var storedSeparatorInset: UIEdgeInsets?
    open var separatorInsetReference: SeparatorInsetReference = .fromCellEdges { didSet { setNeedsLayout() } }

    /// The system margin of the rows: 16 pt on screens narrower than 414 pt (iPhone 16), 20 pt from 414 pt.
    var systemMargin: CGFloat { bounds.width >= 414 ? 20 : 16 }
    /// Inset-grouped sections' corner radius (estimated from iOS 18 screenshots at iPhone 16 @3x).
    static let insetGroupedCornerRadius: CGFloat = 10
    /// The smallest height of a row with system content (Apple's HIG: 44 pt hit targets and rows).
    static let minimumRowHeight: CGFloat = 44
    /// Grouped tables: a section's header and footer without text (35 pt between sections, 35 pt above the
    /// first; estimated from iOS 18 screenshots at iPhone 16 @3x).
    static let groupedEmptyHeaderHeight: CGFloat = 18
    static let groupedEmptyFooterHeight: CGFloat = 17
    static let groupedFirstEmptyHeaderHeight: CGFloat = 35
    /// Plain tables: the space iOS 15+ adds above each section header (`sectionHeaderTopPadding`).
    static let plainHeaderTopPadding: CGFloat = 22

    open var tableHeaderView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let tableHeaderView { addSubview(tableHeaderView) }
            setNeedsGeometry()
        }
    }
    open var tableFooterView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let tableFooterView { addSubview(tableFooterView) }
            setNeedsGeometry()
        }
    }

    // MARK: Registration and reuse

    private var cellClasses: [String: UITableViewCell.Type] = [:]
    private var headerFooterClasses: [String: UITableViewHeaderFooterView.Type] = [:]
    private var cellPool: [String: [UITableViewCell]] = [:]
    private var headerFooterPool: [String: [UITableViewHeaderFooterView]] = [:]

    /// Registers a UITableViewCell subclass under `identifier` (nil unregisters).
    open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
        guard let cellClass else { cellClasses[identifier] = nil; return }
        guard let type = cellClass as? UITableViewCell.Type else {
            preconditionFailure("UITableView.register(_:forCellReuseIdentifier:): \(cellClass) is not a UITableViewCell subclass; register a UITableViewCell class for '\(identifier)'")
        }
        cellClasses[identifier] = type
    }
    open func register(_ aClass: AnyClass?, forHeaderFooterViewReuseIdentifier identifier: String) {
        guard let aClass else { headerFooterClasses[identifier] = nil; return }
        guard let type = aClass as? UITableViewHeaderFooterView.Type else {
            preconditionFailure("UITableView.register(_:forHeaderFooterViewReuseIdentifier:): \(aClass) is not a UITableViewHeaderFooterView subclass; register one for '\(identifier)'")
        }
        headerFooterClasses[identifier] = type
    }

    /// A cell from the reuse pool (after `prepareForReuse()`), or nil when the pool is empty and no class
    /// is registered for `identifier`.
    open func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? {
        if let cell = cellPool[identifier]?.popLast() {
            cell.prepareForReuse()
            return cell
        }
        return cellClasses[identifier].map { $0.init(style: .default, reuseIdentifier: identifier) }
    }
    /// A cell for `indexPath`: the one being reconfigured, one from the pool, or a new one of the registered
    /// class. Stops with a message when nothing is registered for `identifier` (as UIKit raises).
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        if let reconfiguring, reconfiguring.path == indexPath, reconfiguring.cell.reuseIdentifier == identifier { return reconfiguring.cell }
        guard let cell = dequeueReusableCell(withIdentifier: identifier) else {
            preconditionFailure("UITableView.dequeueReusableCell(withIdentifier:for:): no class is registered for '\(identifier)'; call register(_:forCellReuseIdentifier:) first")
        }
        return cell
    }
    open func dequeueReusableHeaderFooterView(withIdentifier identifier: String) -> UITableViewHeaderFooterView? {
        if let view = headerFooterPool[identifier]?.popLast() {
            view.prepareForReuse()
            return view
        }
        return headerFooterClasses[identifier].map { $0.init(reuseIdentifier: identifier) }
    }
    private var reconfiguring: (path: IndexPath, cell: UITableViewCell)?

    // MARK: The model: counts and geometry

    /// One section's geometry in content coordinates.
    struct SectionGeometry {
        var top: CGFloat = 0
        var headerTopPadding: CGFloat = 0
        var header: CGRect = .zero
        var rowTops: [CGFloat] = []
        var rowHeights: [CGFloat] = []
        var footer: CGRect = .zero
        var bottom: CGFloat = 0
        var headerTitle: String?
        var footerTitle: String?
    }
    private var counts: [Int] = []
    private(set) var sections: [SectionGeometry] = []
    private var measuredRows: [IndexPath: CGFloat] = [:]
    private var measuredHeaders: [Int: CGFloat] = [:]
    private var measuredFooters: [Int: CGFloat] = [:]
    private var needsReload = true
    private var needsGeometry = true
    private var contentTop: CGFloat = 0

    func setNeedsGeometry() { needsGeometry = true; setNeedsLayout() }

    /// Reads the counts and heights again if anything changed.
    private func updateModelIfNeeded() {
        if needsReload {
            needsReload = false
            counts = loadCounts()
            measuredRows = [:]; measuredHeaders = [:]; measuredFooters = [:]
            needsGeometry = true
        }
        if needsGeometry {
            needsGeometry = false
            rebuildGeometry()
        }
    }
    private func loadCounts() -> [Int] {
        guard let dataSource else { return [] }
        let n = max(0, dataSource.numberOfSections(in: self))
        return (0..<n).map { max(0, dataSource.tableView(self, numberOfRowsInSection: $0)) }
    }

    private func rebuildGeometry() {
        let width = bounds.width
        var y: CGFloat = 0
        if let tableHeaderView {
            tableHeaderView.frame = CGRect(x: 0, y: 0, width: width, height: tableHeaderView.frame.height)
            y = tableHeaderView.frame.height
        }
        contentTop = y
        var built: [SectionGeometry] = []
        built.reserveCapacity(counts.count)
        for (s, count) in counts.enumerated() {
            var g = SectionGeometry()
            g.top = y
            g.headerTitle = dataSource?.tableView(self, titleForHeaderInSection: s)
            g.footerTitle = dataSource?.tableView(self, titleForFooterInSection: s)
            let headerHeight = resolvedHeaderHeight(section: s, title: g.headerTitle)
            if headerHeight > 0 {
                g.headerTopPadding = sectionHeaderTopPadding == UITableView.automaticDimension
                    ? (style == .plain ? Self.plainHeaderTopPadding : 0) : sectionHeaderTopPadding
            }
            y += g.headerTopPadding
            g.header = CGRect(x: 0, y: y, width: width, height: headerHeight)
            y += headerHeight
            g.rowTops.reserveCapacity(count)
            g.rowHeights.reserveCapacity(count)
            for r in 0..<count {
                let h = resolvedRowHeight(IndexPath(row: r, section: s))
                g.rowTops.append(y)
                g.rowHeights.append(h)
                y += h
            }
            let footerHeight = resolvedFooterHeight(section: s, title: g.footerTitle)
            g.footer = CGRect(x: 0, y: y, width: width, height: footerHeight)
            y += footerHeight
            g.bottom = y
            built.append(g)
        }
        sections = built
        if let tableFooterView {
            tableFooterView.frame = CGRect(x: 0, y: y, width: width, height: tableFooterView.frame.height)
            y += tableFooterView.frame.height
        }
        if contentSize != CGSize(width: width, height: y) { contentSize = CGSize(width: width, height: y) }
    }

    private func resolvedRowHeight(_ indexPath: IndexPath) -> CGFloat {
        let asked = tableDelegate?.tableView(self, heightForRowAt: indexPath) ?? rowHeight
        if asked != UITableView.automaticDimension { return max(0, asked) }
        if let measured = measuredRows[indexPath] { return measured }
        let estimate = tableDelegate?.tableView(self, estimatedHeightForRowAt: indexPath) ?? estimatedRowHeight
        return estimate > 0 ? estimate : Self.minimumRowHeight
    }
    private func resolvedHeaderHeight(section: Int, title: String?) -> CGFloat {
        let asked = tableDelegate?.tableView(self, heightForHeaderInSection: section) ?? sectionHeaderHeight
        if asked != UITableView.automaticDimension { return max(0, asked) }
        if let measured = measuredHeaders[section] { return measured }
        let height: CGFloat
        if let view = tableDelegate?.tableView(self, viewForHeaderInSection: section) {
            height = measure(view, footer: false)
            pendingHeaderViews[section] = view
        } else if let title {
            height = measure(systemHeaderFooter(title: title, footer: false), footer: false)
        } else {
            height = style == .plain ? 0 : (section == 0 ? Self.groupedFirstEmptyHeaderHeight : Self.groupedEmptyHeaderHeight)
        }
        measuredHeaders[section] = height
        return height
    }
    private func resolvedFooterHeight(section: Int, title: String?) -> CGFloat {
        let asked = tableDelegate?.tableView(self, heightForFooterInSection: section) ?? sectionFooterHeight
        if asked != UITableView.automaticDimension { return max(0, asked) }
        if let measured = measuredFooters[section] { return measured }
        let height: CGFloat
        if let view = tableDelegate?.tableView(self, viewForFooterInSection: section) {
            height = measure(view, footer: true)
            pendingFooterViews[section] = view
        } else if let title {
            height = measure(systemHeaderFooter(title: title, footer: true), footer: true)
        } else {
            height = style == .plain ? 0 : Self.groupedEmptyFooterHeight
        }
        measuredFooters[section] = height
        return height
    }
    private var pendingHeaderViews: [Int: UIView] = [:]
    private var pendingFooterViews: [Int: UIView] = [:]

    private func measure(_ view: UIView, footer: Bool) -> CGFloat {
        let width = sectionContentWidth
        if let headerFooter = view as? UITableViewHeaderFooterView {
            headerFooter.table = self
            headerFooter.isFooter = footer
            headerFooter.layoutMargins = headerFooterMargins
            return ceil(headerFooter.fittingHeight(width: bounds.width))
        }
        let fitted = view.systemLayoutSizeFitting(CGSize(width: width, height: 0), withHorizontalFittingPriority: .required,
                                                  verticalFittingPriority: .fittingSizeLevel).height
        return fitted > 0 ? ceil(fitted) : view.frame.height
    }
    /// A system header or footer view showing `title` with the style's configuration.
    private func systemHeaderFooter(title: String, footer: Bool) -> UITableViewHeaderFooterView {
        let view = headerFooterPool[Self.systemHeaderIdentifier]?.popLast() ?? UITableViewHeaderFooterView(reuseIdentifier: Self.systemHeaderIdentifier)
        view.table = self
        view.isFooter = footer
        var configuration = view.defaultContentConfiguration()
        configuration.text = title
        view.contentConfiguration = configuration
        view.applyBackground()
        return view
    }
    private static let systemHeaderIdentifier = "UITableView.systemHeaderFooter"
    /// Header and footer text lines up with the rows' text: the section inset plus the row margin.
    private var headerFooterMargins: UIEdgeInsets {
        let inset = style == .insetGrouped ? systemMargin * 2 : systemMargin
        return UIEdgeInsets(top: 0, left: inset, bottom: 0, right: inset)
    }
    /// The horizontal extent of rows: the full width, or inset by the system margin for `.insetGrouped`.
    private var rowX: CGFloat { style == .insetGrouped ? systemMargin : 0 }
    private var sectionContentWidth: CGFloat { max(0, bounds.width - 2 * rowX) }

    // MARK: Reading the model

    open var numberOfSections: Int { updateModelIfNeeded(); return counts.count }
    open func numberOfRows(inSection section: Int) -> Int {
        updateModelIfNeeded()
        return counts.indices.contains(section) ? counts[section] : 0
    }
    private func isValid(_ indexPath: IndexPath) -> Bool {
        indexPath.count == 2 && counts.indices.contains(indexPath.section) && (0..<counts[indexPath.section]).contains(indexPath.row)
    }
    open func rectForRow(at indexPath: IndexPath) -> CGRect {
        updateModelIfNeeded()
        guard isValid(indexPath) else { return .zero }
        let g = sections[indexPath.section]
        return CGRect(x: rowX, y: g.rowTops[indexPath.row], width: sectionContentWidth, height: g.rowHeights[indexPath.row])
    }
    open func rect(forSection section: Int) -> CGRect {
        updateModelIfNeeded()
        guard sections.indices.contains(section) else { return .zero }
        let g = sections[section]
        return CGRect(x: 0, y: g.top, width: bounds.width, height: g.bottom - g.top)
    }
    open func rectForHeader(inSection section: Int) -> CGRect {
        updateModelIfNeeded()
        return sections.indices.contains(section) ? sections[section].header : .zero
    }
    open func rectForFooter(inSection section: Int) -> CGRect {
        updateModelIfNeeded()
        return sections.indices.contains(section) ? sections[section].footer : .zero
    }
    /// The row under `point` (content coordinates), or nil.
    open func indexPathForRow(at point: CGPoint) -> IndexPath? {
        updateModelIfNeeded()
        guard point.x >= rowX, point.x < rowX + sectionContentWidth else { return nil }
        for (s, g) in sections.enumerated() where point.y >= g.top && point.y < g.bottom {
            if let r = rowIndex(in: g, at: point.y) { return IndexPath(row: r, section: s) }
        }
        return nil
    }
    private func rowIndex(in g: SectionGeometry, at y: CGFloat) -> Int? {
        // Rows are in order: binary search for the last row starting at or above `y`.
        var low = 0, high = g.rowTops.count - 1, found: Int?
        while low <= high {
            let mid = (low + high) / 2
            if g.rowTops[mid] <= y { found = mid; low = mid + 1 } else { high = mid - 1 }
        }
        guard let found, y < g.rowTops[found] + g.rowHeights[found] else { return nil }
        return found
    }
    open func indexPath(for cell: UITableViewCell) -> IndexPath? {
        visible.first { $0.value === cell }?.key
    }
    /// The rows that intersect `rect` (content coordinates), in order.
    open func indexPathsForRows(in rect: CGRect) -> [IndexPath]? {
        updateModelIfNeeded()
        var result: [IndexPath] = []
        guard rect.maxX > rowX, rect.minX < rowX + sectionContentWidth else { return result }
        for (s, g) in sections.enumerated() where g.bottom > rect.minY && g.top < rect.maxY && !g.rowTops.isEmpty {
            var r = rowIndex(in: g, at: max(rect.minY, g.rowTops[0])) ?? 0
            while r < g.rowTops.count, g.rowTops[r] < rect.maxY {
                if g.rowTops[r] + g.rowHeights[r] > rect.minY, g.rowHeights[r] > 0 { result.append(IndexPath(row: r, section: s)) }
                r += 1
            }
        }
        return result
    }
    /// The cell shown for `indexPath`, or nil when that row is off screen (no cell exists for it).
    open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? {
        layoutIfNeeded()
        return visible[indexPath]
    }
    open var visibleCells: [UITableViewCell] {
        layoutIfNeeded()
        return visible.keys.sorted().compactMap { visible[$0] }
    }
    open var indexPathsForVisibleRows: [IndexPath]? {
        layoutIfNeeded()
        return visible.keys.sorted()
    }
    open func headerView(forSection section: Int) -> UITableViewHeaderFooterView? {
        layoutIfNeeded()
        return visibleHeaders[section] as? UITableViewHeaderFooterView
    }
    open func footerView(forSection section: Int) -> UITableViewHeaderFooterView? {
        layoutIfNeeded()
        return visibleFooters[section] as? UITableViewHeaderFooterView
    }

    // MARK: Reloading

    /// Forgets every row, header and footer (cells go back to the pool) and asks the data source again.
    open func reloadData() {
        for (path, cell) in visible { enqueue(cell, at: path) }
        visible = [:]
        for (s, view) in visibleHeaders { enqueueHeaderFooter(view, section: s, footer: false) }
        for (s, view) in visibleFooters { enqueueHeaderFooter(view, section: s, footer: true) }
        visibleHeaders = [:]; visibleFooters = [:]
        pendingHeaderViews = [:]; pendingFooterViews = [:]
        selected = []
        needsReload = true
        setNeedsLayout()
    }
    open func reloadSections(_ sections: IndexSet, with animation: RowAnimation) {
        applyUpdate(Update(reloadedSections: sections), animation: animation)
    }
    open func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        applyUpdate(Update(reloadedRows: indexPaths), animation: animation)
    }
    /// Has the data source configure the shown cells of these rows again, in place (the data source's
    /// `dequeueReusableCell(withIdentifier:for:)` returns the cell already shown), without animation.
    open func reconfigureRows(at indexPaths: [IndexPath]) {
        layoutIfNeeded()
        for path in indexPaths {
            guard let cell = visible[path], let dataSource else { continue }
            reconfiguring = (path, cell)
            let returned = dataSource.tableView(self, cellForRowAt: path)
            reconfiguring = nil
            if returned !== cell {
                enqueue(cell, at: path)
                install(returned, at: path)
            }
            measuredRows[path] = nil
        }
        setNeedsGeometry()
    }

    // MARK: Tiling

    /// Scrolling (a new bounds origin) tiles again: rows come on screen and go to the pool.
    open override var bounds: CGRect {
        get { super.bounds }
        set {
            let changed = newValue != super.bounds
            super.bounds = newValue
            if changed { setNeedsLayout() }
        }
    }

    private var visible: [IndexPath: UITableViewCell] = [:]
    private var visibleHeaders: [Int: UIView] = [:]
    private var visibleFooters: [Int: UIView] = [:]

    open override func layoutSubviews() {
        super.layoutSubviews()
        backgroundView?.frame = bounds
        if let last = lastLaidOutWidth, last != bounds.width { measuredRows = [:]; measuredHeaders = [:]; measuredFooters = [:]; needsGeometry = true }
        lastLaidOutWidth = bounds.width
        updateModelIfNeeded()
        // Measuring the rows that come on screen can change the geometry; a second pass settles it.
        for _ in 0..<3 {
            tileRows()
            if !needsGeometry { break }
            updateModelIfNeeded()
        }
        placeRows()
        tileHeadersAndFooters()
    }
    private var lastLaidOutWidth: CGFloat?

    private var visibleRect: CGRect { CGRect(x: 0, y: bounds.minY, width: bounds.width, height: bounds.height) }

    private func tileRows() {
        let wanted = Set(indexPathsForRows(in: visibleRect) ?? [])
        for (path, cell) in visible where !wanted.contains(path) {
            visible[path] = nil
            enqueue(cell, at: path)
        }
        guard let dataSource else { return }
        for path in wanted.sorted() where visible[path] == nil {
            let cell = dataSource.tableView(self, cellForRowAt: path)
            install(cell, at: path)
        }
    }
    private func install(_ cell: UITableViewCell, at path: IndexPath) {
        cell.table = self
        cell.layoutMargins = UIEdgeInsets(top: 11, left: systemMargin, bottom: 11, right: systemMargin)
        cell.indentationLevel = tableDelegate?.tableView(self, indentationLevelForRowAt: path) ?? 0
        cell.editingStyle = isEditing ? (tableDelegate?.tableView(self, editingStyleForRowAt: path) ?? .delete) : .none
        if cell.isEditing != isEditing { cell.setEditing(isEditing, animated: false) }
        let isSelected = selected.contains(path)
        if cell.isSelected != isSelected { cell.setSelected(isSelected, animated: false) }
        cell.setNeedsUpdateConfiguration()
        visible[path] = cell
        if cell.superview !== self { insertSubview(cell, at: backgroundView == nil ? 0 : 1) }
        UIView.performWithoutAnimation {
            cell.frame = rectForRow(at: path)
            measureIfNeeded(cell, at: path)
        }
        tableDelegate?.tableView(self, willDisplay: cell, forRowAt: path)
    }
    private func measureIfNeeded(_ cell: UITableViewCell, at path: IndexPath) {
        let asked = tableDelegate?.tableView(self, heightForRowAt: path) ?? rowHeight
        guard asked == UITableView.automaticDimension, measuredRows[path] == nil else { return }
        let fitted = cell.fittingHeight(width: sectionContentWidth)
        let height = fitted > 0 ? max(ceil(fitted), Self.minimumRowHeight) : Self.minimumRowHeight
        measuredRows[path] = height
        if height != sections[path.section].rowHeights[path.row] { needsGeometry = true }
    }
    private func enqueue(_ cell: UITableViewCell, at path: IndexPath) {
        cell.removeFromSuperview()
        tableDelegate?.tableView(self, didEndDisplaying: cell, forRowAt: path)
        if let identifier = cell.reuseIdentifier { cellPool[identifier, default: []].append(cell) }
    }
    /// Every row's frame, corners and separator (rows animating to a new place get their frame in the
    /// update's animation; this sets the same final values).
    private func placeRows() {
        let hairlineColor = separatorColor ?? .separator
        for (path, cell) in visible {
            let frame = rectForRow(at: path)
            if cell.frame != frame, !animatingRows.contains(ObjectIdentifier(cell)) { cell.frame = frame }
            let count = counts[path.section]
            let first = path.row == 0, last = path.row == count - 1
            if style == .insetGrouped {
                var corners: CACornerMask = []
                if first { corners.formUnion([.layerMinXMinYCorner, .layerMaxXMinYCorner]) }
                if last { corners.formUnion([.layerMinXMaxYCorner, .layerMaxXMaxYCorner]) }
                cell.sectionCornerRadius = Self.insetGroupedCornerRadius
                cell.roundedCorners = corners
            } else if cell.sectionCornerRadius != 0 {
                cell.sectionCornerRadius = 0
                cell.roundedCorners = []
            }
            var separator = UITableViewCell.Separator()
            separator.color = hairlineColor
            separator.hidden = separatorStyle == .none || (last && style != .grouped && !(style == .plain && tableFooterView == nil))
            if style == .plain, last { separator.hidden = separatorStyle == .none || path.section < counts.count - 1 }
            separator.top = style == .grouped && first && separatorStyle != .none
            separator.fullWidthBottom = style == .grouped && last
            let cellInset = cell.separatorInset
            let inset = cellInset == UITableView.automaticSeparatorInset ? separatorInset : cellInset
            // The separator starts at the text when the row shows an image (iOS 14+), else at the inset.
            let textLeading = cell.textLeading
            let followsText = separatorInsetReference == .fromCellEdges && cellInset == UITableView.automaticSeparatorInset
                && textLeading > inset.left + 0.5 && storedSeparatorInset == nil
            separator.left = followsText ? textLeading : inset.left
            separator.right = inset.right
            cell.separator = separator
        }
    }

    private func tileHeadersAndFooters() {
        let rect = visibleRect
        let top = bounds.minY + adjustedContentInset.top
        for (s, g) in sections.enumerated() {
            // Plain headers float: pinned to the top while their section is on screen (as iOS).
            var header = g.header
            if style == .plain, header.height > 0 {
                header.origin.y = min(max(header.minY, top), g.footer.minY - header.height)
                header.origin.y = max(header.origin.y, g.header.minY)
            }
            tile(section: s, frame: header, views: &visibleHeaders, footer: false, show: header.height > 0 && header.intersects(rect))
            tile(section: s, frame: g.footer, views: &visibleFooters, footer: true, show: g.footer.height > 0 && g.footer.intersects(rect))
        }
        for (s, view) in visibleHeaders where s >= sections.count { visibleHeaders[s] = nil; enqueueHeaderFooter(view, section: s, footer: false) }
        for (s, view) in visibleFooters where s >= sections.count { visibleFooters[s] = nil; enqueueHeaderFooter(view, section: s, footer: true) }
    }
    private func tile(section s: Int, frame: CGRect, views: inout [Int: UIView], footer: Bool, show: Bool) {
        if !show {
            if let view = views[s] { views[s] = nil; enqueueHeaderFooter(view, section: s, footer: footer) }
            return
        }
        let view: UIView
        if let existing = views[s] {
            view = existing
        } else {
            let made: UIView?
            if footer {
                made = pendingFooterViews.removeValue(forKey: s) ?? tableDelegate?.tableView(self, viewForFooterInSection: s)
                    ?? sections[s].footerTitle.map { systemHeaderFooter(title: $0, footer: true) }
            } else {
                made = pendingHeaderViews.removeValue(forKey: s) ?? tableDelegate?.tableView(self, viewForHeaderInSection: s)
                    ?? sections[s].headerTitle.map { systemHeaderFooter(title: $0, footer: false) }
            }
            guard let made else { return }
            if let headerFooter = made as? UITableViewHeaderFooterView {
                headerFooter.table = self
                headerFooter.isFooter = footer
                headerFooter.layoutMargins = headerFooterMargins
                headerFooter.applyBackground()
            }
            view = made
            views[s] = view
            addSubview(view)
            if footer { tableDelegate?.tableView(self, willDisplayFooterView: view, forSection: s) }
            else { tableDelegate?.tableView(self, willDisplayHeaderView: view, forSection: s) }
        }
        if view.frame != frame { UIView.performWithoutAnimation { view.frame = frame } }
        // Plain headers float over the rows.
        if style == .plain, !footer { bringSubviewToFront(view) }
    }
    private func enqueueHeaderFooter(_ view: UIView, section: Int, footer: Bool) {
        view.removeFromSuperview()
        if footer { tableDelegate?.tableView(self, didEndDisplayingFooterView: view, forSection: section) }
        else { tableDelegate?.tableView(self, didEndDisplayingHeaderView: view, forSection: section) }
        if let reusable = view as? UITableViewHeaderFooterView, let identifier = reusable.reuseIdentifier {
            headerFooterPool[identifier, default: []].append(reusable)
        }
    }

    // MARK: Scrolling to rows

    /// Scrolls so the row sits at `scrollPosition` (`.none`: just enough to show it), within the content.
    open func scrollToRow(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        updateModelIfNeeded()
        guard isValid(indexPath) else {
            preconditionFailure("UITableView.scrollToRow(at:at:animated:): row \(indexPath) is outside the table (\(counts.count) sections)")
        }
        let row = rectForRow(at: indexPath)
        let inset = adjustedContentInset
        let visibleHeight = bounds.height - inset.top - inset.bottom
        var y = contentOffset.y
        switch scrollPosition {
        case .top: y = row.minY - inset.top
        case .middle: y = row.midY - inset.top - visibleHeight / 2
        case .bottom: y = row.maxY - inset.top - visibleHeight
        case .none:
            if row.minY < y + inset.top { y = row.minY - inset.top }
            else if row.maxY > y + inset.top + visibleHeight { y = row.maxY - inset.top - visibleHeight }
        }
        let maxY = max(-inset.top, contentSize.height + inset.bottom - bounds.height)
        y = min(max(y, -inset.top), maxY)
        setContentOffset(CGPoint(x: contentOffset.x, y: y), animated: animated)
    }
    open func scrollToNearestSelectedRow(at scrollPosition: ScrollPosition, animated: Bool) {
        guard let first = selected.min() else { return }
        scrollToRow(at: first, at: scrollPosition, animated: animated)
    }

    // MARK: Selection

    open var allowsSelection = true
    open var allowsSelectionDuringEditing = false
    open var allowsMultipleSelection = false
    open var allowsMultipleSelectionDuringEditing = false
    private var selected: Set<IndexPath> = []
    open var indexPathForSelectedRow: IndexPath? { selected.min() }
    open var indexPathsForSelectedRows: [IndexPath]? { selected.isEmpty ? nil : selected.sorted() }

    /// Selects the row (without telling the delegate, as UIKit) and scrolls to it.
    open func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard let indexPath else {
            for path in selected { deselectRow(at: path, animated: animated) }
            return
        }
        updateModelIfNeeded()
        guard isValid(indexPath) else { return }
        if !allowsMultipleSelectionNow { for path in selected where path != indexPath { deselectRow(at: path, animated: animated) } }
        selected.insert(indexPath)
        visible[indexPath]?.setSelected(true, animated: animated)
        if scrollPosition != .none { scrollToRow(at: indexPath, at: scrollPosition, animated: animated) }
    }
    /// Deselects the row (without telling the delegate); `animated`: its highlight fades (0.3 s, or the
    /// animation block it is called in, e.g. a transition coordinator's alongside block).
    open func deselectRow(at indexPath: IndexPath, animated: Bool) {
        selected.remove(indexPath)
        visible[indexPath]?.setSelected(false, animated: animated)
    }
    private var allowsMultipleSelectionNow: Bool { isEditing ? allowsMultipleSelectionDuringEditing : allowsMultipleSelection }
    private var allowsSelectionNow: Bool { isEditing ? allowsSelectionDuringEditing : allowsSelection }

    // Touches: down highlights the row, up selects it (didSelectRowAt), a cancel or a move away unhighlights.
    private var touchedRow: IndexPath?
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first, allowsSelectionNow, touchedRow == nil,
              let path = indexPathForRow(at: touch.location(in: self)),
              tableDelegate?.tableView(self, shouldHighlightRowAt: path) ?? true,
              let cell = cellForRow(at: path), cell.selectionStyle != .none || true else {
            super.touchesBegan(touches, with: event)
            return
        }
        touchedRow = path
        cell.setHighlighted(true, animated: false)
        tableDelegate?.tableView(self, didHighlightRowAt: path)
    }
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let path = touchedRow, let touch = touches.first else { return super.touchesMoved(touches, with: event) }
        let inside = indexPathForRow(at: touch.location(in: self)) == path
        if visible[path]?.isHighlighted != inside { visible[path]?.setHighlighted(inside, animated: false) }
    }
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let path = touchedRow, let touch = touches.first else { return super.touchesEnded(touches, with: event) }
        touchedRow = nil
        visible[path]?.setHighlighted(false, animated: false)
        tableDelegate?.tableView(self, didUnhighlightRowAt: path)
        guard indexPathForRow(at: touch.location(in: self)) == path else { return }
        userSelect(path)
    }
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let path = touchedRow else { return super.touchesCancelled(touches, with: event) }
        touchedRow = nil
        visible[path]?.setHighlighted(false, animated: false)
        tableDelegate?.tableView(self, didUnhighlightRowAt: path)
    }
    private func willSelect(_ path: IndexPath) -> IndexPath? {
        guard let tableDelegate else { return path }
        return tableDelegate.tableView(self, willSelectRowAt: path)
    }
    private func willDeselect(_ path: IndexPath) -> IndexPath? {
        guard let tableDelegate else { return path }
        return tableDelegate.tableView(self, willDeselectRowAt: path)
    }
    /// A tap's selection: asks willSelect (and willDeselect), selects, tells didSelect (didDeselect).
    private func userSelect(_ path: IndexPath) {
        if allowsMultipleSelectionNow, selected.contains(path) {
            guard let target = willDeselect(path) else { return }
            deselectRow(at: target, animated: false)
            tableDelegate?.tableView(self, didDeselectRowAt: target)
            return
        }
        guard let target = willSelect(path) else { return }
        if !allowsMultipleSelectionNow {
            for old in selected.sorted() where old != target {
                guard let deselect = willDeselect(old) else { continue }
                deselectRow(at: deselect, animated: false)
                tableDelegate?.tableView(self, didDeselectRowAt: deselect)
            }
        }
        selectRow(at: target, animated: false, scrollPosition: .none)
        tableDelegate?.tableView(self, didSelectRowAt: target)
    }

    // MARK: Editing

    open private(set) var isEditing = false
    open func setEditing(_ editing: Bool, animated: Bool) {
        guard editing != isEditing else { return }
        isEditing = editing
        let change = {
            for (path, cell) in self.visible {
                cell.editingStyle = editing ? (self.tableDelegate?.tableView(self, editingStyleForRowAt: path) ?? .delete) : .none
                cell.setEditing(editing, animated: animated)
                cell.layoutIfNeeded()
            }
        }
        if animated { UIView.animate(withDuration: Self.updateDuration, animations: change) } else { change() }
    }

    // MARK: Updates

    /// How long row animations take: 0.3 s, ease in-out (estimated from iOS 18 screen recordings at 60 fps).
    static let updateDuration: TimeInterval = 0.3

    /// One batch of changes, in UIKit's terms: deletions and reloads in old indexes, insertions in new ones.
    struct Update {
        var deletedSections = IndexSet(), insertedSections = IndexSet(), reloadedSections = IndexSet()
        var movedSections: [(from: Int, to: Int)] = []
        var deletedRows: [IndexPath] = [], insertedRows: [IndexPath] = [], reloadedRows: [IndexPath] = []
        var movedRows: [(from: IndexPath, to: IndexPath)] = []
        var isEmpty: Bool {
            deletedSections.isEmpty && insertedSections.isEmpty && reloadedSections.isEmpty && movedSections.isEmpty
                && deletedRows.isEmpty && insertedRows.isEmpty && reloadedRows.isEmpty && movedRows.isEmpty
        }
        mutating func merge(_ other: Update) {
            deletedSections.formUnion(other.deletedSections); insertedSections.formUnion(other.insertedSections)
            reloadedSections.formUnion(other.reloadedSections); movedSections += other.movedSections
            deletedRows += other.deletedRows; insertedRows += other.insertedRows
            reloadedRows += other.reloadedRows; movedRows += other.movedRows
        }
    }
    private var batch: (update: Update, animation: RowAnimation, depth: Int)?

    open func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) { applyUpdate(Update(insertedRows: indexPaths), animation: animation) }
    open func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) { applyUpdate(Update(deletedRows: indexPaths), animation: animation) }
    open func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) { applyUpdate(Update(movedRows: [(indexPath, newIndexPath)]), animation: .automatic) }
    open func insertSections(_ sections: IndexSet, with animation: RowAnimation) { applyUpdate(Update(insertedSections: sections), animation: animation) }
    open func deleteSections(_ sections: IndexSet, with animation: RowAnimation) { applyUpdate(Update(deletedSections: sections), animation: animation) }
    open func moveSection(_ section: Int, toSection newSection: Int) { applyUpdate(Update(movedSections: [(section, newSection)]), animation: .automatic) }

    /// Runs `updates` (inserts, deletes, moves, reloads) and animates them together; `completion` runs when
    /// the rows are in place (true: the animations finished).
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        beginUpdates()
        updates?()
        endUpdates(completion: completion)
    }
    open func beginUpdates() {
        if var batch { batch.depth += 1; self.batch = batch } else { batch = (Update(), .automatic, 1) }
    }
    open func endUpdates() { endUpdates(completion: nil) }
    private func endUpdates(completion: ((Bool) -> Void)?) {
        guard var current = batch else { completion?(true); return }
        current.depth -= 1
        if current.depth > 0 { batch = current; completion?(true); return }
        batch = nil
        perform(current.update, animation: current.animation, completion: completion)
    }
    private func applyUpdate(_ update: Update, animation: RowAnimation) {
        if var current = batch {
            current.update.merge(update)
            if animation != .automatic { current.animation = animation }
            batch = current
        } else {
            perform(update, animation: animation, completion: nil)
        }
    }

    private var animatingRows: Set<ObjectIdentifier> = []

    /// Applies an update: the new counts from the data source, the shown cells mapped to their new rows and
    /// slid there, deleted rows animated out and inserted rows in (as `animation` says), then tiled.
    private func perform(_ update: Update, animation: RowAnimation, completion: ((Bool) -> Void)?) {
        if needsReload || dataSource == nil {
            reloadData()
            completion?(true)
            return
        }
        updateModelIfNeeded()
        let oldCounts = counts
        let oldFrames = visible.mapValues { $0.frame }
        let oldHeaderFrames = visibleHeaders.mapValues { $0.frame }
        counts = loadCounts()
        checkCounts(update, old: oldCounts)
        let mapping = Self.map(update, oldCounts: oldCounts, newCounts: counts)
        // Heights measured before move with their rows.
        var remeasured: [IndexPath: CGFloat] = [:]
        for (old, height) in measuredRows { if let new = mapping.rows[old] { remeasured[new] = height } }
        measuredRows = remeasured
        var headers: [Int: CGFloat] = [:], footers: [Int: CGFloat] = [:]
        for (old, h) in measuredHeaders { if let new = mapping.sections[old] { headers[new] = h } }
        for (old, h) in measuredFooters { if let new = mapping.sections[old] { footers[new] = h } }
        measuredHeaders = headers; measuredFooters = footers
        pendingHeaderViews = [:]; pendingFooterViews = [:]
        selected = Set(selected.compactMap { mapping.rows[$0] })
        rebuildGeometry()
        needsGeometry = false

        var surviving: [IndexPath: UITableViewCell] = [:]
        var leaving: [(cell: UITableViewCell, frame: CGRect)] = []
        for (old, cell) in visible {
            if let new = mapping.rows[old], !mapping.reloadedNew.contains(new) { surviving[new] = cell }
            else { leaving.append((cell, oldFrames[old] ?? cell.frame)) }
        }
        visible = surviving
        // Headers and footers re-tile at their new places (sections' views follow their sections).
        var movedHeaders: [Int: UIView] = [:]
        for (old, view) in visibleHeaders { if let new = mapping.sections[old] { movedHeaders[new] = view } else { view.removeFromSuperview() } }
        visibleHeaders = movedHeaders
        var movedFooters: [Int: UIView] = [:]
        for (old, view) in visibleFooters { if let new = mapping.sections[old] { movedFooters[new] = view } else { view.removeFromSuperview() } }
        visibleFooters = movedFooters

        let animated = animation != .none && UIView.areAnimationsEnabled
        // New rows on screen: made now, placed where they come from.
        tileRows()
        if needsGeometry { updateModelIfNeeded(); tileRows() }
        let kind = animation == .automatic ? RowAnimation.fade : animation
        var appearing: [UITableViewCell] = []
        for (path, cell) in visible where surviving[path] == nil {
            let final = rectForRow(at: path)
            appearing.append(cell)
            let isNew = mapping.insertedNew.contains(path) || mapping.reloadedNew.contains(path)
            if let old = mapping.rows.first(where: { $0.value == path })?.key, !isNew {
                // A row moving in from off screen: it starts where its old row would have been.
                let oldY = oldFrames[old]?.minY ?? final.minY
                UIView.performWithoutAnimation { cell.frame = CGRect(x: final.minX, y: oldY, width: final.width, height: final.height) }
            } else if animated {
                UIView.performWithoutAnimation { Self.setOutState(cell, kind, frame: final, width: bounds.width) }
            }
        }
        guard animated else {
            for (cell, _) in leaving { enqueueLeaving(cell) }
            setNeedsLayout()
            layoutIfNeeded()
            completion?(true)
            return
        }
        for (path, cell) in surviving {
            if let old = mapping.rows.first(where: { $0.value == path })?.key, let frame = oldFrames[old] {
                UIView.performWithoutAnimation { cell.frame = frame }
            }
        }
        for (s, view) in visibleHeaders { if let old = mapping.sections.first(where: { $0.value == s })?.key, let frame = oldHeaderFrames[old] { UIView.performWithoutAnimation { view.frame = frame } } }
        for (cell, frame) in leaving {
            if cell.superview !== self { addSubview(cell) }
            UIView.performWithoutAnimation { cell.frame = frame }
            sendSubviewToBack(cell)
            if let backgroundView { sendSubviewToBack(backgroundView) }
        }
        let moving = Array(visible.values) + leaving.map(\.cell)
        for cell in moving { animatingRows.insert(ObjectIdentifier(cell)) }
        UIView.animate(withDuration: Self.updateDuration, delay: 0, options: [.curveEaseInOut], animations: {
            for (path, cell) in self.visible {
                cell.alpha = 1
                cell.transform = .identity
                cell.frame = self.rectForRow(at: path)
            }
            for (cell, frame) in leaving { Self.setOutState(cell, kind, frame: frame, width: self.bounds.width) }
            self.tileHeadersAndFooters()
            self.placeRows()
        }, completion: { finished in
            for cell in moving { self.animatingRows.remove(ObjectIdentifier(cell)) }
            for (cell, _) in leaving { self.enqueueLeaving(cell) }
            self.setNeedsLayout()
            completion?(finished)
        })
        _ = appearing
    }
    private func enqueueLeaving(_ cell: UITableViewCell) {
        cell.removeFromSuperview()
        cell.alpha = 1
        cell.transform = .identity
        if let identifier = cell.reuseIdentifier { cellPool[identifier, default: []].append(cell) }
    }
    /// Where a row is when animated out (deleted) or before it is animated in (inserted), by the animation.
    private static func setOutState(_ cell: UITableViewCell, _ kind: RowAnimation, frame: CGRect, width: CGFloat) {
        switch kind {
        case .fade, .automatic: cell.frame = frame; cell.alpha = 0
        case .right: cell.frame = frame.offsetBy(dx: width, dy: 0)
        case .left: cell.frame = frame.offsetBy(dx: -width, dy: 0)
        case .top: cell.frame = frame.offsetBy(dx: 0, dy: -frame.height); cell.alpha = 0
        case .bottom: cell.frame = frame.offsetBy(dx: 0, dy: frame.height); cell.alpha = 0
        case .middle: cell.frame = frame; cell.transform = CGAffineTransform(scaleX: 1, y: 0.01); cell.alpha = 0
        case .none: cell.frame = frame; cell.alpha = 0
        }
    }
    /// UIKit's check: the new counts must equal the old ones plus insertions minus deletions.
    private func checkCounts(_ update: Update, old: [Int]) {
        let expectedSections = old.count - update.deletedSections.count + update.insertedSections.count
        precondition(counts.count == expectedSections, "UITableView: invalid update: \(counts.count) sections after the update, but \(old.count) before, \(update.insertedSections.count) inserted and \(update.deletedSections.count) deleted; change the data source's model before (or in) the update block")
    }

    /// Old rows and sections to new ones for an update (nil: deleted); rows inserted and reloaded, in new paths.
    struct Mapping {
        var sections: [Int: Int] = [:]
        var rows: [IndexPath: IndexPath] = [:]
        var insertedNew: Set<IndexPath> = []
        var reloadedNew: Set<IndexPath> = []
    }
    static func map(_ u: Update, oldCounts: [Int], newCounts: [Int]) -> Mapping {
        var m = Mapping()
        // Sections: fixed new places for inserted and moved ones, the rest keep their order.
        let movedFrom = Set(u.movedSections.map(\.from))
        var newToOld = [Int?](repeating: nil, count: newCounts.count)
        var fixed = Set(u.insertedSections)
        for move in u.movedSections where move.to < newToOld.count { newToOld[move.to] = move.from; fixed.insert(move.to) }
        var remaining = (0..<oldCounts.count).filter { !u.deletedSections.contains($0) && !movedFrom.contains($0) }.makeIterator()
        for s in 0..<newCounts.count where !fixed.contains(s) { newToOld[s] = remaining.next() }
        for (new, old) in newToOld.enumerated() { if let old { m.sections[old] = new } }
        // Rows, per new section.
        let reloadedOldSections = u.reloadedSections
        let movedRowSources = Set(u.movedRows.map(\.from))
        let deleted = Set(u.deletedRows)
        for (ns, oldSection) in newToOld.enumerated() {
            var fixedRows = Set(u.insertedRows.filter { $0.section == ns }.map(\.row))
            var newRowToOld = [IndexPath?](repeating: nil, count: newCounts[ns])
            for move in u.movedRows where move.to.section == ns && move.to.row < newRowToOld.count {
                newRowToOld[move.to.row] = move.from; fixedRows.insert(move.to.row)
            }
            if let os = oldSection, !reloadedOldSections.contains(os) {
                var rest = (0..<oldCounts[os]).map { IndexPath(row: $0, section: os) }
                    .filter { !deleted.contains($0) && !movedRowSources.contains($0) }.makeIterator()
                for r in 0..<newCounts[ns] where !fixedRows.contains(r) { newRowToOld[r] = rest.next() }
            }
            for (r, old) in newRowToOld.enumerated() {
                let new = IndexPath(row: r, section: ns)
                if let old { m.rows[old] = new } else { m.insertedNew.insert(new) }
            }
        }
        for old in u.reloadedRows { if let new = m.rows[old] { m.reloadedNew.insert(new) } }
        return m
    }
}

extension UITableViewCell {
    public enum SeparatorStyle: Int, Sendable { case none, singleLine, singleLineEtched }
}

/// Told ahead which rows will be needed. Inert: nothing is prefetched (cells are made when tiled).
public protocol UITableViewDataSourcePrefetching: NSObjectProtocol {
    func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath])
    func tableView(_ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath])
}
extension UITableViewDataSourcePrefetching {
    public func tableView(_ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {}
}
