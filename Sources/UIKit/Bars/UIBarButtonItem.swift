/// A button in a navigation bar: a title, an image, a system item (words or a glyph) or a custom view, with
/// an action. Target–action takes an unapplied method reference instead of a selector, as the gesture
/// recognizers do: `UIBarButtonItem(title: "Edit", style: .plain, target: self, action: Screen.edit)`.
open class UIBarButtonItem: UIBarItem {
    public enum Style: Int, Sendable {
        case plain = 0
        /// Deprecated in UIKit; drawn as `.plain`.
        case bordered
        /// Semibold, as UIKit draws the item that confirms (Done, Save).
        case done
    }

    public enum SystemItem: Int, Sendable {
        case done, cancel, edit, save, add, flexibleSpace, fixedSpace, compose, reply, action, organize, bookmarks,
             search, refresh, stop, camera, trash, play, pause, rewind, fastForward, undo, redo, pageCurl, close
    }

    open var style: Style {
        get { storedStyle }
        set { storedStyle = newValue; changed() }
    }
    private var storedStyle: Style = .plain
    /// The item's colour; nil: the bar's `tintColor` (systemBlue).
    open var tintColor: UIColor? {
        get { storedTintColor }
        set { storedTintColor = newValue; changed() }
    }
    private var storedTintColor: UIColor?
    /// Shown instead of the title or image (sized by its frame).
    open var customView: UIView? {
        get { storedCustomView }
        set { storedCustomView = newValue; changed() }
    }
    private var storedCustomView: UIView?
    /// 0: the content's own width.
    open var width: CGFloat {
        get { storedWidth }
        set { storedWidth = newValue; changed() }
    }
    private var storedWidth: CGFloat = 0
    open var primaryAction: UIAction? {
        get { storedPrimaryAction }
        set { storedPrimaryAction = newValue; changed() }
    }
    private var storedPrimaryAction: UIAction?
    /// Kept for code written for iOS; no menu is shown here.
    open var menu: UIMenu?
    /// The system item this was made with, if any.
    public private(set) var systemItem: SystemItem?

    /// The target–action pair (the target held weakly), or nil.
    private var targetAction: ((UIBarButtonItem) -> Void)?
    /// The bar showing this item, told when it changes.
    weak var bar: UINavigationBar?
    /// The toolbar showing this item, told when it changes.
    weak var toolbar: UIToolbar?

    public override init() { super.init() }

    public init(title: String?, style: Style = .plain) {
        storedStyle = style
        super.init()
        self.title = title
    }

    public convenience init<Target: AnyObject>(title: String?, style: Style, target: Target,
                                               action: @escaping (Target) -> (UIBarButtonItem) -> Void) {
        self.init(title: title, style: style)
        setTarget(target, action: action)
    }
    public convenience init<Target: AnyObject>(title: String?, style: Style, target: Target,
                                               action: @escaping (Target) -> () -> Void) {
        self.init(title: title, style: style)
        setTarget(target) { target in { _ in action(target)() } }
    }
    public convenience init<Target: AnyObject>(image: UIImage?, style: Style, target: Target,
                                               action: @escaping (Target) -> (UIBarButtonItem) -> Void) {
        self.init(title: nil, style: style)
        self.image = image
        setTarget(target, action: action)
    }

    public convenience init<Target: AnyObject>(image: UIImage?, style: Style, target: Target,
                                               action: @escaping (Target) -> () -> Void) {
        self.init(title: nil, style: style)
        self.image = image
        setTarget(target) { target in { _ in action(target)() } }
    }
    /// Items without an action (`target: nil, action: nil`), as iOS code makes spaces and labels.
    public convenience init(title: String?, style: Style, target: AnyObject?, action: Never?) {
        self.init(title: title, style: style)
    }
    public convenience init(image: UIImage?, style: Style, target: AnyObject?, action: Never?) {
        self.init(title: nil, style: style)
        self.image = image
    }
    public convenience init(barButtonSystemItem systemItem: SystemItem, target: AnyObject?, action: Never?) {
        self.init(barButtonSystemItem: systemItem)
    }

    /// iOS 14's initialiser: the action's title is the item's title when none is given.
    public convenience init(title: String? = nil, image: UIImage? = nil, primaryAction: UIAction? = nil, menu: UIMenu? = nil) {
        let actionTitle = primaryAction.flatMap { $0.title.isEmpty ? nil : $0.title }
        self.init(title: title ?? (image == nil ? actionTitle : nil), style: .plain)
        self.image = image
        self.primaryAction = primaryAction
        self.menu = menu
    }
    public convenience init(primaryAction: UIAction?) {
        self.init(title: nil, image: nil, primaryAction: primaryAction, menu: nil)
    }

    public convenience init(barButtonSystemItem systemItem: SystemItem, primaryAction: UIAction? = nil, menu: UIMenu? = nil) {
        self.init(title: Self.systemTitle(systemItem), style: Self.systemStyle(systemItem))
        self.systemItem = systemItem
        self.primaryAction = primaryAction
        self.menu = menu
    }
    public convenience init<Target: AnyObject>(barButtonSystemItem systemItem: SystemItem, target: Target,
                                               action: @escaping (Target) -> (UIBarButtonItem) -> Void) {
        self.init(barButtonSystemItem: systemItem)
        setTarget(target, action: action)
    }
    public convenience init<Target: AnyObject>(barButtonSystemItem systemItem: SystemItem, target: Target,
                                               action: @escaping (Target) -> () -> Void) {
        self.init(barButtonSystemItem: systemItem)
        setTarget(target) { target in { _ in action(target)() } }
    }

    /// iOS 14's spelling of the system-item initializer.
    public convenience init(systemItem: SystemItem, primaryAction: UIAction? = nil, menu: UIMenu? = nil) {
        self.init(barButtonSystemItem: systemItem, primaryAction: primaryAction, menu: menu)
    }

    public convenience init(customView: UIView) {
        self.init(title: nil, style: .plain)
        self.customView = customView
    }

    /// The words iOS shows for the system items that are words (the others are glyphs).
    static func systemTitle(_ item: SystemItem) -> String? {
        switch item {
        case .done: "Done"
        case .cancel: "Cancel"
        case .edit: "Edit"
        case .save: "Save"
        case .undo: "Undo"
        case .redo: "Redo"
        default: nil
        }
    }

    /// Done and Save confirm, so iOS draws them semibold.
    static func systemStyle(_ item: SystemItem) -> Style {
        item == .done || item == .save ? .done : .plain
    }

    private func setTarget<Target: AnyObject>(_ target: Target, action: @escaping (Target) -> (UIBarButtonItem) -> Void) {
        targetAction = { [weak target] item in
            guard let target else { return }
            action(target)(item)
        }
    }

    /// What a tap does: the primary action, else the target's action.
    func performAction() {
        guard isEnabled else { return }
        if let primaryAction {
            primaryAction.sender = self
            primaryAction.handler(primaryAction)
        } else {
            targetAction?(self)
        }
    }

    override func barItemChanged() { changed() }
    private func changed() {
        bar?.itemsChanged()
        toolbar?.itemsChanged()
    }
}

/// A menu of actions. Kept for code written for iOS (bar button items and buttons take one); it is not shown.
public final class UIMenu: UIMenuElement {
    public let children: [UIMenuElement]
    public init(title: String = "", children: [UIMenuElement] = []) {
        self.children = children
        super.init(title: title)
    }
}
