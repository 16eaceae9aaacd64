import Foundation

/// Selector-style observers without selectors: iOS code's
/// `NotificationCenter.default.addObserver(self, selector: #selector(keyboardWillShow(_:)), name: …, object: nil)`
/// becomes `addObserver(self, selector: Self.keyboardWillShow, name: …, object: nil)` (the method itself, as
/// gesture recognizers take it here). The observer is held weakly: once it is released, its registration
/// removes itself at the next matching post. Foundation's `removeObserver(_:)` cannot see these
/// registrations (it is Foundation's own method), so an observer that stops listening while it lives
/// keeps the token this returns and removes that.
extension NotificationCenter {
    @discardableResult
    public func addObserver<Observer: AnyObject>(
        _ observer: Observer, selector: @escaping (Observer) -> (Notification) -> Void,
        name aName: NSNotification.Name?, object anObject: Any?
    ) -> NSObjectProtocol {
        register(observer, name: aName, object: anObject) { observer, note in selector(observer)(note) }
    }

    /// For an action method that takes `NSNotification`.
    @discardableResult
    public func addObserver<Observer: AnyObject>(
        _ observer: Observer, selector: @escaping (Observer) -> (NSNotification) -> Void,
        name aName: NSNotification.Name?, object anObject: Any?
    ) -> NSObjectProtocol {
        register(observer, name: aName, object: anObject) { observer, note in
            selector(observer)(NSNotification(name: note.name, object: note.object, userInfo: note.userInfo))
        }
    }

    /// For an action method without the notification parameter.
    @discardableResult
    public func addObserver<Observer: AnyObject>(
        _ observer: Observer, selector: @escaping (Observer) -> () -> Void,
        name aName: NSNotification.Name?, object anObject: Any?
    ) -> NSObjectProtocol {
        register(observer, name: aName, object: anObject) { observer, _ in selector(observer)() }
    }

    private func register<Observer: AnyObject>(
        _ observer: Observer, name: NSNotification.Name?, object: Any?,
        deliver: @escaping (Observer, Notification) -> Void
    ) -> NSObjectProtocol {
        let registration = MethodReferenceRegistration(center: self, observer: observer, deliver: deliver)
        registration.token = addObserver(forName: name, object: object, queue: nil) { [registration] note in
            registration.deliver(note)
        }
        return registration.token!
    }
}

/// One method-reference observer's registration: holds the observer weakly and ends itself when the
/// observer is gone. Posts arrive on the posting thread, which in a render is the scene's one thread.
private final class MethodReferenceRegistration<Observer: AnyObject>: @unchecked Sendable {
    weak var center: NotificationCenter?
    weak var observer: Observer?
    let action: (Observer, Notification) -> Void
    var token: NSObjectProtocol?
    init(center: NotificationCenter, observer: Observer, deliver: @escaping (Observer, Notification) -> Void) {
        self.center = center; self.observer = observer; action = deliver
    }
    func deliver(_ note: Notification) {
        guard let observer else { return end() }
        action(observer, note)
    }
    func end() {
        if let token { center?.removeObserver(token) }
        token = nil
    }
}
