import Foundation

/// What bar button items and tab bar items share: a title, an image, a tag and whether it takes taps.
/// An NSObject, as on iOS, so items compare and hash by identity. The subclasses redraw their bar when
/// these change (`barItemChanged()`).
open class UIBarItem: NSObject {
    public override init() { super.init() }

    open var title: String? {
        get { storedTitle }
        set { storedTitle = newValue; barItemChanged() }
    }
    private var storedTitle: String?
    open var image: UIImage? {
        get { storedImage }
        set { storedImage = newValue; barItemChanged() }
    }
    private var storedImage: UIImage?
    /// A disabled item is drawn grey and takes no taps.
    open var isEnabled: Bool {
        get { storedIsEnabled }
        set { storedIsEnabled = newValue; barItemChanged() }
    }
    private var storedIsEnabled = true
    open var tag = 0

    /// Inert: renders are of portrait phones, so the landscape image is never shown; stored and returned.
    open var landscapeImagePhone: UIImage?
    /// Inert: the accessibility large-content viewer does not exist offscreen; stored and returned.
    open var largeContentSizeImage: UIImage?
    /// Inert: the bars place their images themselves; stored and returned.
    open var imageInsets: UIEdgeInsets = .zero
    /// Inert: renders are of portrait phones; stored and returned.
    open var landscapeImagePhoneInsets: UIEdgeInsets = .zero
    /// Inert: the accessibility large-content viewer does not exist offscreen; stored and returned.
    open var largeContentSizeImageInsets: UIEdgeInsets = .zero

    private var titleAttributes: [UInt: [NSAttributedString.Key: Any]] = [:]
    /// Inert: the bars draw titles in their own fonts and colours; the attributes are stored per state and
    /// returned by `titleTextAttributes(for:)`.
    open func setTitleTextAttributes(_ attributes: [NSAttributedString.Key: Any]?, for state: UIControl.State) {
        titleAttributes[state.rawValue] = attributes
    }
    /// Inert: returns what `setTitleTextAttributes(_:for:)` stored; the bars do not draw with it.
    open func titleTextAttributes(for state: UIControl.State) -> [NSAttributedString.Key: Any]? {
        titleAttributes[state.rawValue]
    }

    /// A title, image or enabled state changed: the subclass tells its bar.
    func barItemChanged() {}
}
