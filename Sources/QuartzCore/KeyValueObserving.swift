import Foundation

// Key-value observing of the framework's own properties. Foundation on Linux has no KVO (no Objective-C
// runtime to swizzle setters), but every observable property here has a setter of ours, which tells the
// object's `KeyValueObservers` before and after the change. The shapes are Apple's Swift overlay's:
// `observe(_:options:changeHandler:)` on a `_KeyValueCodingAndObserving` object returns an
// `NSKeyValueObservation` that lives as long as the caller keeps it.

/// What an observation reports (Apple's option set; the raw values are Foundation's).
public struct NSKeyValueObservingOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The change carries the value after it (`newValue`).
    public static let new = NSKeyValueObservingOptions(rawValue: 0x01)
    /// The change carries the value before it (`oldValue`).
    public static let old = NSKeyValueObservingOptions(rawValue: 0x02)
    /// The handler runs once at once, from `observe`, with the current value as `newValue`.
    public static let initial = NSKeyValueObservingOptions(rawValue: 0x04)
    /// The handler also runs before each change (`isPrior` true, `oldValue` with `.old`, no `newValue`).
    public static let prior = NSKeyValueObservingOptions(rawValue: 0x08)
}

/// The kind of change. Only `.setting` happens here: no observable property is a to-many relationship.
public enum NSKeyValueChange: UInt, Sendable {
    case setting = 1, insertion = 2, removal = 3, replacement = 4
}

/// One notification to a change handler (Apple's shape).
public struct NSKeyValueObservedChange<Value> {
    public typealias Kind = NSKeyValueChange
    public let kind: Kind
    /// The value after the change; nil unless `.new` was asked for, and in prior notifications.
    public let newValue: Value?
    /// The value before the change; nil unless `.old` was asked for, and in `.initial`'s notification.
    public let oldValue: Value?
    /// Always nil: the indexes of a to-many change, and there are none here.
    public let indexes: IndexSet?
    /// True for the notification sent before the change (`.prior`).
    public let isPrior: Bool
}

/// A running observation. It ends when `invalidate()` is called or when the last reference to it goes, as
/// on iOS: keep it (`var observations: [NSKeyValueObservation]`) for as long as you want notifications.
public class NSKeyValueObservation: NSObject {
    private weak var observers: KeyValueObservers?
    private let id: Int

    init(observers: KeyValueObservers, id: Int) {
        self.observers = observers
        self.id = id
        super.init()
    }

    /// Ends the observation: its handler does not run again, even in a change already under way.
    public func invalidate() {
        observers?.remove(id)
        observers = nil
    }

    deinit { observers?.remove(id) }
}

/// Apple's marker for objects with key-value coding and observing. NSObject conforms, as on iOS; `observe`
/// exists only where this package can see the setters (CALayer, UIView, UIScrollView, UIViewController),
/// so calling it on another class is a compile-time error naming the class it needs.
public protocol _KeyValueCodingAndObserving {}
extension NSObject: _KeyValueCodingAndObserving {}

/// One observable key path of a class: the path, its Swift name (for messages) and the key its setters
/// announce.
package struct ObservableKey {
    package let keyPath: AnyKeyPath
    package let name: String
    package let key: String
    package init(_ keyPath: AnyKeyPath, _ name: String, key: String? = nil) {
        self.keyPath = keyPath; self.name = name; self.key = key ?? name
    }
}

/// The observers of one object, and the setters' side: `willChange`/`didChange` around each change of a
/// key. Nested changes of one key (a setter that goes through another setter announcing the same key) send
/// one pair of notifications, from the outermost.
package final class KeyValueObservers {
    private struct Entry {
        let id: Int
        let key: String
        let willChange: () -> Void
        let didChange: () -> Void
    }
    private var entries: [Entry] = []
    private var nextID = 0
    private var depth: [String: Int] = [:]

    package init() {}

    func add(key: String, willChange: @escaping () -> Void, didChange: @escaping () -> Void) -> Int {
        nextID += 1
        entries.append(Entry(id: nextID, key: key, willChange: willChange, didChange: didChange))
        return nextID
    }
    func remove(_ id: Int) { entries.removeAll { $0.id == id } }
    private func isLive(_ id: Int) -> Bool { entries.contains { $0.id == id } }

    /// Before `keys` change: observers remember the old value (and hear a prior notification).
    package func willChange(_ keys: [String]) {
        for key in keys {
            depth[key, default: 0] += 1
            guard depth[key] == 1 else { continue }
            for entry in entries where entry.key == key && isLive(entry.id) { entry.willChange() }
        }
    }
    /// After `keys` changed: observers hear the change.
    package func didChange(_ keys: [String]) {
        for key in keys.reversed() {
            let level = (depth[key] ?? 1) - 1
            depth[key] = level == 0 ? nil : level
            guard level == 0 else { continue }
            for entry in entries where entry.key == key && isLive(entry.id) { entry.didChange() }
        }
    }

    /// Starts observing `keyPath` of `object` (announced by its setters as `key`).
    package func observe<Object: AnyObject, Value>(
        _ object: Object, _ keyPath: KeyPath<Object, Value>, key: String, options: NSKeyValueObservingOptions,
        changeHandler: @escaping (Object, NSKeyValueObservedChange<Value>) -> Void
    ) -> NSKeyValueObservation {
        var oldValue: Value?
        let wantsOld = options.contains(.old), wantsNew = options.contains(.new), wantsPrior = options.contains(.prior)
        let id = add(key: key, willChange: { [weak object] in
            guard let object else { return }
            oldValue = object[keyPath: keyPath]
            if wantsPrior {
                changeHandler(object, NSKeyValueObservedChange(kind: .setting, newValue: nil,
                                                               oldValue: wantsOld ? oldValue : nil,
                                                               indexes: nil, isPrior: true))
            }
        }, didChange: { [weak object] in
            guard let object else { return }
            let change = NSKeyValueObservedChange(kind: .setting, newValue: wantsNew ? object[keyPath: keyPath] : nil,
                                                  oldValue: wantsOld ? oldValue : nil, indexes: nil, isPrior: false)
            oldValue = nil
            changeHandler(object, change)
        })
        let observation = NSKeyValueObservation(observers: self, id: id)
        if options.contains(.initial) {
            changeHandler(object, NSKeyValueObservedChange(kind: .setting, newValue: wantsNew ? object[keyPath: keyPath] : nil,
                                                           oldValue: nil, indexes: nil, isPrior: false))
        }
        return observation
    }
}

/// Finds `keyPath` among a class's observable keys, or stops with a message that names it and lists the
/// ones that can be observed.
package func observableKey<Object, Value>(_ keyPath: KeyPath<Object, Value>, in keys: [ObservableKey],
                                          className: String) -> ObservableKey {
    if let found = keys.first(where: { $0.keyPath == keyPath }) { return found }
    let names = keys.map { "\\.\($0.name)" }.joined(separator: ", ")
    misuse("""
        \(className).observe: the key path \(keyPath) (of type \(Value.self)) cannot be observed here: only \
        properties whose setters announce changes can (Linux has no KVO runtime). Observable key paths of \
        \(className): \(names). A subclass's override of one of them is a different key path: observe it \
        through the base class, e.g. `(object as \(className)).observe(...)`.
        """)
}

extension CALayer {
    /// The key paths a layer's observers can watch, with the keys the setters announce.
    package static func observableKeys<Layer: CALayer>(_: Layer.Type) -> [ObservableKey] {
        [ObservableKey(\Layer.position, "position"), ObservableKey(\Layer.bounds, "bounds"),
         ObservableKey(\Layer.frame, "frame"), ObservableKey(\Layer.anchorPoint, "anchorPoint"),
         ObservableKey(\Layer.zPosition, "zPosition"), ObservableKey(\Layer.transform, "transform"),
         ObservableKey(\Layer.sublayerTransform, "sublayerTransform"), ObservableKey(\Layer.opacity, "opacity"),
         ObservableKey(\Layer.isHidden, "isHidden", key: "hidden"), ObservableKey(\Layer.cornerRadius, "cornerRadius"),
         ObservableKey(\Layer.masksToBounds, "masksToBounds"), ObservableKey(\Layer.backgroundColor, "backgroundColor"),
         ObservableKey(\Layer.borderWidth, "borderWidth"), ObservableKey(\Layer.borderColor, "borderColor"),
         ObservableKey(\Layer.shadowColor, "shadowColor"), ObservableKey(\Layer.shadowOpacity, "shadowOpacity"),
         ObservableKey(\Layer.shadowOffset, "shadowOffset"), ObservableKey(\Layer.shadowRadius, "shadowRadius"),
         ObservableKey(\Layer.shadowPath, "shadowPath"), ObservableKey(\Layer.contents, "contents")]
    }

    /// The keys the setters announce that observers can watch.
    static let announcedKeys: Set<String> = [
        "position", "bounds", "anchorPoint", "zPosition", "transform", "sublayerTransform", "opacity", "hidden",
        "cornerRadius", "masksToBounds", "backgroundColor", "borderWidth", "borderColor", "shadowColor",
        "shadowOpacity", "shadowOffset", "shadowRadius", "shadowPath", "contents",
    ]

    /// The keys whose observers also hear a change of `key` (Core Animation's `frame` is derived from
    /// position, bounds, anchor point and transform).
    static func keysAffected(by key: String) -> [String] {
        switch key {
        case "position", "bounds", "anchorPoint", "transform": [key, "frame"]
        default: [key]
        }
    }
}

extension _KeyValueCodingAndObserving where Self: CALayer {
    /// Calls `changeHandler` when the property at `keyPath` is set (see `NSKeyValueObservingOptions`). A key
    /// path without an announcing setter stops with a message listing the observable ones. Inside an
    /// animation the handler hears the model (final) value once, when it is set, as on iOS.
    public func observe<Value>(_ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [],
                               changeHandler: @escaping (Self, NSKeyValueObservedChange<Value>) -> Void) -> NSKeyValueObservation {
        let key = observableKey(keyPath, in: CALayer.observableKeys(Self.self), className: "\(Self.self)")
        return keyValueObservers.observe(self, keyPath, key: key.key, options: options, changeHandler: changeHandler)
    }
}

/// An object's address as Objective-C prints it (`0x600000c04000`), for descriptions.
package func objectAddress(_ object: AnyObject) -> String {
    "0x" + String(UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque()), radix: 16)
}
