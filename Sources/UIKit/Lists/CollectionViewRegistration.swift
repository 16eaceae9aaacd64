import Foundation

/// Identifies one registration: a registration is a value, but every copy of it must dequeue the same
/// reuse identifier (so its cells are reused together). The collection view keeps the token alive and
/// numbers it the first time it sees it.
final class RegistrationToken {}

extension UICollectionView {
    /// A cell class and the closure that configures it for an item (iOS 14). Make it once, outside the
    /// cell provider; `dequeueConfiguredReusableCell(using:for:item:)` registers it on first use.
    public struct CellRegistration<Cell: UICollectionViewCell, Item> {
        public typealias Handler = (Cell, IndexPath, Item) -> Void
        let handler: Handler
        let token = RegistrationToken()
        public init(handler: @escaping Handler) { self.handler = handler }
    }

    /// A supplementary view class for one element kind and the closure that configures it (iOS 14).
    public struct SupplementaryRegistration<Supplementary: UICollectionReusableView> {
        public typealias Handler = (Supplementary, String, IndexPath) -> Void
        public let elementKind: String
        let handler: Handler
        let token = RegistrationToken()
        public init(elementKind: String, handler: @escaping Handler) {
            self.elementKind = elementKind
            self.handler = handler
        }
    }

    /// A cell of the registration's class for `indexPath`, configured by its handler with `item`.
    public func dequeueConfiguredReusableCell<Cell, Item>(using registration: CellRegistration<Cell, Item>, for indexPath: IndexPath,
                                                          item: Item?) -> Cell {
        let identifier = reuseIdentifier(for: registration.token)
        if !isRegisteredCell(identifier) { register(Cell.self, forCellWithReuseIdentifier: identifier) }
        guard let cell = dequeueReusableCell(withReuseIdentifier: identifier, for: indexPath) as? Cell else {
            misuse("dequeueConfiguredReusableCell(using:for:item:): the reuse identifier of a registration was registered with another class")
        }
        guard let item else {
            misuse("dequeueConfiguredReusableCell(using:for:item:): the item for \(indexPath) is nil; pass the item the cell shows")
        }
        registration.handler(cell, indexPath, item)
        return cell
    }

    /// A supplementary view of the registration's class and kind for `indexPath`, configured by its handler.
    public func dequeueConfiguredReusableSupplementary<Supplementary>(using registration: SupplementaryRegistration<Supplementary>,
                                                                      for indexPath: IndexPath) -> Supplementary {
        let identifier = reuseIdentifier(for: registration.token)
        if !isRegisteredSupplementary(kind: registration.elementKind, identifier) {
            register(Supplementary.self, forSupplementaryViewOfKind: registration.elementKind, withReuseIdentifier: identifier)
        }
        guard let view = dequeueReusableSupplementaryView(ofKind: registration.elementKind, withReuseIdentifier: identifier,
                                                          for: indexPath) as? Supplementary else {
            misuse("dequeueConfiguredReusableSupplementary(using:for:): the reuse identifier of a registration was registered with another class")
        }
        registration.handler(view, registration.elementKind, indexPath)
        return view
    }
}
