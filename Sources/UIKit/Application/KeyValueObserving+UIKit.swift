import QuartzCore

// `observe(_:options:changeHandler:)` for views, scroll views and view controllers. The machinery is
// QuartzCore's (KeyValueObserving.swift); here are the key paths whose setters announce their changes.
// What cannot be observed is listed in docs/UIKIT-COMPATIBILITY.md ("key-value observing").

extension UIView {
    static func observableKeys<View: UIView>(_: View.Type) -> [ObservableKey] {
        [ObservableKey(\View.frame, "frame"), ObservableKey(\View.bounds, "bounds"), ObservableKey(\View.center, "center"),
         ObservableKey(\View.transform, "transform"), ObservableKey(\View.alpha, "alpha"),
         ObservableKey(\View.isHidden, "isHidden"), ObservableKey(\View.backgroundColor, "backgroundColor"),
         ObservableKey(\View.tintColor, "tintColor")]
    }

    /// The keys whose observers hear a change of `key`: UIKit's `frame` depends on bounds, center and
    /// transform, and setting the frame moves the center.
    private static func keysAffected(by key: String) -> [String] {
        switch key {
        case "frame": ["frame", "center"]
        case "bounds", "center", "transform": [key, "frame"]
        default: [key]
        }
    }
    /// Setters call these around a change of an observable key.
    func willChangeObserved(_ key: String) { keyValueObserversIfAny?.willChange(Self.keysAffected(by: key)) }
    func didChangeObserved(_ key: String) { keyValueObserversIfAny?.didChange(Self.keysAffected(by: key)) }

    var keyValueObservers: KeyValueObservers {
        if let observers = keyValueObserversIfAny { return observers }
        let observers = KeyValueObservers()
        keyValueObserversIfAny = observers
        return observers
    }
}

extension UIScrollView {
    static func observableScrollKeys<View: UIScrollView>(_: View.Type) -> [ObservableKey] {
        observableKeys(View.self) + [ObservableKey(\View.contentOffset, "contentOffset"),
                                     ObservableKey(\View.contentSize, "contentSize"),
                                     ObservableKey(\View.contentInset, "contentInset")]
    }
}

extension UIViewController {
    static func observableKeys<Controller: UIViewController>(_: Controller.Type) -> [ObservableKey] {
        [ObservableKey(\Controller.title, "title"), ObservableKey(\Controller.preferredContentSize, "preferredContentSize")]
    }
    func willChangeObserved(_ key: String) { keyValueObserversIfAny?.willChange([key]) }
    func didChangeObserved(_ key: String) { keyValueObserversIfAny?.didChange([key]) }

    var keyValueObservers: KeyValueObservers {
        if let observers = keyValueObserversIfAny { return observers }
        let observers = KeyValueObservers()
        keyValueObserversIfAny = observers
        return observers
    }
}

extension _KeyValueCodingAndObserving where Self: UIView {
    /// Calls `changeHandler` when the property at `keyPath` is set (see `NSKeyValueObservingOptions`):
    /// `frame`, `bounds`, `center`, `transform`, `alpha`, `isHidden`, `backgroundColor`, `tintColor`.
    /// `frame` observers also hear changes of bounds, center and transform; `center` observers hear a new
    /// frame. Inside an animation the handler hears the model (final) value once, when it is set, as on iOS.
    /// Another key path stops with a message listing these.
    public func observe<Value>(_ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [],
                               changeHandler: @escaping (Self, NSKeyValueObservedChange<Value>) -> Void) -> NSKeyValueObservation {
        let key = observableKey(keyPath, in: UIView.observableKeys(Self.self), className: "\(Self.self)")
        return keyValueObservers.observe(self, keyPath, key: key.key, options: options, changeHandler: changeHandler)
    }
}

extension _KeyValueCodingAndObserving where Self: UIScrollView {
    /// A view's observable key paths, and `contentOffset`, `contentSize` and `contentInset`.
    public func observe<Value>(_ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [],
                               changeHandler: @escaping (Self, NSKeyValueObservedChange<Value>) -> Void) -> NSKeyValueObservation {
        let key = observableKey(keyPath, in: UIScrollView.observableScrollKeys(Self.self), className: "\(Self.self)")
        return keyValueObservers.observe(self, keyPath, key: key.key, options: options, changeHandler: changeHandler)
    }
}

extension _KeyValueCodingAndObserving where Self: UIViewController {
    /// Calls `changeHandler` when `title` or `preferredContentSize` is set; another key path stops with a
    /// message listing these.
    public func observe<Value>(_ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [],
                               changeHandler: @escaping (Self, NSKeyValueObservedChange<Value>) -> Void) -> NSKeyValueObservation {
        let key = observableKey(keyPath, in: UIViewController.observableKeys(Self.self), className: "\(Self.self)")
        return keyValueObservers.observe(self, keyPath, key: key.key, options: options, changeHandler: changeHandler)
    }
}
