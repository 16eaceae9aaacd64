import Foundation

/// The numbers lists are drawn with: the table view's (UITableView's constants, whose sources are in
/// docs/UIKIT-COMPATIBILITY.md): rows at least 44 pt, inset-grouped sections inset by the system margin
/// (16 pt, 20 pt from 414 pt wide screens) with 10 pt corners, grouped sections without a header 35 pt
/// below the one above, separators one pixel of `separator` from the text's leading edge (the margin into
/// the row) to the row's trailing edge.
enum ListMetrics {
    static let estimatedRowHeight: CGFloat = UITableView.minimumRowHeight
    static let insetGroupedCornerRadius: CGFloat = UITableView.insetGroupedCornerRadius
    static let groupedSectionSpacing: CGFloat = UITableView.groupedFirstEmptyHeaderHeight
    static let estimatedHeaderHeight: CGFloat = 38
    /// A sidebar row is inset 10 pt each side with 10 pt corners when selected (estimated).
    static let sidebarSideInset: CGFloat = 10
    /// The system margin for a list `width` wide: UITableView's rule.
    static func systemMargin(forWidth width: CGFloat) -> CGFloat { width >= 414 ? 20 : 16 }
    static let insetGroupedSideInset: CGFloat = systemMargin(forWidth: 393)
    static let separatorLeadingInset: CGFloat = systemMargin(forWidth: 393)
}

/// How the separator under a list row looks: visibility of the top and bottom separators, their insets
/// and colour (iOS 14.5).
public struct UIListSeparatorConfiguration: Hashable, @unchecked Sendable {
    public enum Visibility: Int, Sendable { case automatic, visible, hidden }
    public var topSeparatorVisibility: Visibility = .automatic
    public var bottomSeparatorVisibility: Visibility = .automatic
    /// `automaticInsets` (the default) places the separator from the text's leading edge.
    public var topSeparatorInsets: NSDirectionalEdgeInsets = UIListSeparatorConfiguration.automaticInsets
    public var bottomSeparatorInsets: NSDirectionalEdgeInsets = UIListSeparatorConfiguration.automaticInsets
    public var color: UIColor = .separator
    public var multipleSelectionColor: UIColor = .separator
    /// Inert: no visual effect is applied to separators here; stored.
    public var visualEffect: UIVisualEffect?
    public init(listAppearance: UICollectionLayoutListConfiguration.Appearance) {}
    public static let automaticInsets = NSDirectionalEdgeInsets(top: -.greatestFiniteMagnitude, leading: -.greatestFiniteMagnitude,
                                                                bottom: -.greatestFiniteMagnitude, trailing: -.greatestFiniteMagnitude)
    public static func == (a: Self, b: Self) -> Bool {
        a.topSeparatorVisibility == b.topSeparatorVisibility && a.bottomSeparatorVisibility == b.bottomSeparatorVisibility
            && a.topSeparatorInsets == b.topSeparatorInsets && a.bottomSeparatorInsets == b.bottomSeparatorInsets
            && a.color == b.color && a.multipleSelectionColor == b.multipleSelectionColor
    }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(topSeparatorVisibility); hasher.combine(bottomSeparatorVisibility); hasher.combine(bottomSeparatorInsets)
    }
}

/// A list section's look: appearance, separators, headers and footers, background (iOS 14).
public struct UICollectionLayoutListConfiguration {
    public enum Appearance: Int, Sendable { case plain, grouped, insetGrouped, sidebar, sidebarPlain }
    public enum HeaderMode: Int, Sendable { case none, supplementary, firstItemInSection }
    public enum FooterMode: Int, Sendable { case none, supplementary }
    public typealias ItemSeparatorHandler = (IndexPath, UIListSeparatorConfiguration) -> UIListSeparatorConfiguration
    public typealias SwipeActionsConfigurationProvider = (IndexPath) -> UISwipeActionsConfiguration?

    public private(set) var appearance: Appearance
    public var showsSeparators = true
    public var separatorConfiguration: UIListSeparatorConfiguration
    /// Changes the separators of one row (called as each row is laid out).
    public var itemSeparatorHandler: ItemSeparatorHandler?
    /// nil: the appearance's (`systemBackground` plain, `systemGroupedBackground` grouped and inset grouped).
    public var backgroundColor: UIColor?
    /// Inert: swipe actions are not simulated (no swipe gesture on cells); stored.
    public var leadingSwipeActionsConfigurationProvider: SwipeActionsConfigurationProvider?
    /// Inert: swipe actions are not simulated (no swipe gesture on cells); stored.
    public var trailingSwipeActionsConfigurationProvider: SwipeActionsConfigurationProvider?
    public var headerMode: HeaderMode = .none
    public var footerMode: FooterMode = .none
    /// Space above each section's header (nil: the appearance's).
    public var headerTopPadding: CGFloat?
    /// Inert: the content hugging of list rows is not configurable here; stored.
    public var contentHuggingElements: ContentHuggingElements = []
    public struct ContentHuggingElements: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let supplementaryHeader = ContentHuggingElements(rawValue: 1 << 0)
    }

    public init(appearance: Appearance) {
        self.appearance = appearance
        separatorConfiguration = UIListSeparatorConfiguration(listAppearance: appearance)
    }

    var isGrouped: Bool { appearance == .grouped || appearance == .insetGrouped }
    var resolvedBackgroundColor: UIColor {
        backgroundColor ?? (isGrouped ? .systemGroupedBackground : .systemBackground)
    }
}

extension NSCollectionLayoutSection {
    /// A section that lays its items out as list rows: full-width rows (inset 16 pt and rounded in
    /// `.insetGrouped`) whose height comes from the cell (estimated 44 pt), the configuration's
    /// headers and footers (pinned in `.plain`), and the appearance's spacing.
    public static func list(using configuration: UICollectionLayoutListConfiguration,
                            layoutEnvironment: NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection {
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                             heightDimension: .estimated(ListMetrics.estimatedRowHeight)))
        let group = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                                        heightDimension: .estimated(ListMetrics.estimatedRowHeight)),
                                                     subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.contentInsetsReference = .none
        var insets = NSDirectionalEdgeInsets.zero
        switch configuration.appearance {
        case .insetGrouped:
            let margin = ListMetrics.systemMargin(forWidth: layoutEnvironment.container.contentSize.width)
            insets.leading = margin
            insets.trailing = margin
        case .sidebar:
            insets.leading = ListMetrics.sidebarSideInset
            insets.trailing = ListMetrics.sidebarSideInset
        default: break
        }
        if configuration.isGrouped && configuration.headerMode != .supplementary {
            insets.top = configuration.headerTopPadding ?? ListMetrics.groupedSectionSpacing
        }
        section.contentInsets = insets
        var boundary: [NSCollectionLayoutBoundarySupplementaryItem] = []
        if configuration.headerMode == .supplementary {
            let header = NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(ListMetrics.estimatedHeaderHeight)),
                elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
            header.pinToVisibleBounds = configuration.appearance == .plain || configuration.appearance == .sidebarPlain
            boundary.append(header)
        }
        if configuration.footerMode == .supplementary {
            boundary.append(NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(ListMetrics.estimatedHeaderHeight)),
                elementKind: UICollectionView.elementKindSectionFooter, alignment: .bottom))
        }
        section.boundarySupplementaryItems = boundary
        section.listConfiguration = configuration
        return section
    }
}

extension UICollectionViewCompositionalLayout {
    /// A layout whose every section is a list of `configuration`; it also gives the collection view the
    /// list's background colour, as UIKit does.
    public static func list(using configuration: UICollectionLayoutListConfiguration) -> UICollectionViewCompositionalLayout {
        let layout = UICollectionViewCompositionalLayout { _, environment in
            NSCollectionLayoutSection.list(using: configuration, layoutEnvironment: environment)
        }
        layout.wholeListConfiguration = configuration
        return layout
    }
}

/// Where a row sits in its list section, for its background corners and separators.
struct ListRowPlacement: Equatable {
    var configuration: UICollectionLayoutListConfiguration.Appearance
    var isFirst: Bool
    var isLast: Bool
    var showsBottomSeparator: Bool
    var separatorColor: UIColor
    var separatorLeadingInset: CGFloat
    var separatorTrailingInset: CGFloat
}

extension UICollectionViewCompositionalLayout {
    /// The row placement of a list item, nil outside list sections.
    func listPlacement(at indexPath: IndexPath) -> ListRowPlacement? {
        guard let section = preparedSection(indexPath.section), let list = section.listConfiguration,
              let collectionView, indexPath.section < collectionView.numberOfSections else { return nil }
        let count = collectionView.numberOfItems(inSection: indexPath.section)
        let isFirst = indexPath.item == 0, isLast = indexPath.item == count - 1
        var separator = list.separatorConfiguration
        if let handler = list.itemSeparatorHandler { separator = handler(indexPath, separator) }
        // Automatic: a separator under every row but the section's last (the group's edge shows there),
        // none in sidebars.
        let automatic = list.showsSeparators && !isLast && list.appearance != .sidebar && list.appearance != .sidebarPlain
        let shows: Bool = switch separator.bottomSeparatorVisibility {
        case .automatic: automatic
        case .visible: true
        case .hidden: false
        }
        let insets = separator.bottomSeparatorInsets
        let leading = insets.leading == UIListSeparatorConfiguration.automaticInsets.leading
            ? ListMetrics.systemMargin(forWidth: collectionView.bounds.width) : insets.leading
        let trailing = insets.trailing == UIListSeparatorConfiguration.automaticInsets.trailing ? 0 : insets.trailing
        return ListRowPlacement(configuration: list.appearance, isFirst: isFirst, isLast: isLast, showsBottomSeparator: shows,
                                separatorColor: separator.color, separatorLeadingInset: leading, separatorTrailingInset: trailing)
    }
}
