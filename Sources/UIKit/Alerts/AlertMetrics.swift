import Foundation

/// The numbers of iOS 17/18's alerts and action sheets on an iPhone. Apple publishes none of them; each is
/// an estimate from iOS 17/18 screenshots at 3× or from SDCAlertView (a public reverse-engineering of
/// UIAlertController's look and motion), listed with its source in docs/UIKIT-COMPATIBILITY.md, "Alerts
/// and action sheets".
enum AlertMetrics {
    // MARK: Alert

    static let alertWidth: CGFloat = 270
    static let alertCornerRadius: CGFloat = 14
    /// Title and message: inset from the platter's sides, from its top, and above the buttons.
    static let alertSideInset: CGFloat = 16
    static let alertTopInset: CGFloat = 20
    static let alertHeaderBottomInset: CGFloat = 20
    static let alertTitleToMessage: CGFloat = 2
    static let alertTitleFont = UIFont.systemFont(ofSize: 17, weight: .semibold)
    static let alertMessageFont = UIFont.systemFont(ofSize: 13)
    static let alertButtonHeight: CGFloat = 44
    static let alertButtonFontSize: CGFloat = 17
    /// Side by side only when each title fits its half less this padding on each side.
    static let alertButtonTitlePadding: CGFloat = 8

    // Text fields: a rounded group of 28 pt rows, 16 pt from the labels and from the buttons.
    static let textFieldFontSize: CGFloat = 13
    static let textFieldHeight: CGFloat = 28
    static let textFieldInset: CGFloat = 6
    static let textFieldGroupCornerRadius: CGFloat = 7
    static let textFieldSpacing: CGFloat = 16

    // MARK: Action sheet

    static let sheetSideMargin: CGFloat = 8
    static let sheetCornerRadius: CGFloat = 14
    static let sheetRowHeight: CGFloat = 57
    static let sheetButtonFontSize: CGFloat = 20
    static let sheetCancelGap: CGFloat = 8
    /// Above the screen's bottom when there is no home indicator (with one, the safe area's bottom).
    static let sheetBottomMargin: CGFloat = 8
    static let sheetHeaderVerticalInset: CGFloat = 14
    static let sheetHeaderSideInset: CGFloat = 16
    static let sheetTitleToMessage: CGFloat = 3
    static let sheetTitleFont = UIFont.systemFont(ofSize: 13, weight: .semibold)
    static let sheetMessageFont = UIFont.systemFont(ofSize: 13)

    // MARK: Motion (SDCAlertView's reverse-engineered values)

    /// The alert starts this much larger and settles to its size.
    static let popInitialScale: CGFloat = 1.2
    /// One critically damped spring (UIKit's duration-fitted spring, damping ratio 1) for every move.
    static let springDuration: TimeInterval = 0.404

    // MARK: Colours

    /// The dimming over the presenter.
    static let dimming = UIColor { $0.userInterfaceStyle == .dark ? UIColor(white: 0, alpha: 0.48) : UIColor(white: 0, alpha: 0.2) }
    /// Laid over a button while the finger is on it.
    static let highlight = UIColor { $0.userInterfaceStyle == .dark ? UIColor(white: 1, alpha: 0.1) : UIColor(white: 0, alpha: 0.1) }
    /// The action sheet's cancel group (opaque, not blurred).
    static let sheetCancelBackground = UIColor { $0.userInterfaceStyle == .dark ? UIColor(red: 44 / 255, green: 44 / 255, blue: 46 / 255, alpha: 1) : .white }
    /// Between the buttons and around the text-field group.
    static let separator = UIColor { $0.userInterfaceStyle == .dark ? UIColor(white: 1, alpha: 0.16) : UIColor(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.29) }
    /// The text fields' fill.
    static let textFieldBackground = UIColor { $0.userInterfaceStyle == .dark ? UIColor(red: 28 / 255, green: 28 / 255, blue: 30 / 255, alpha: 1) : .white }
    /// A disabled button's title.
    static let disabledTitle = UIColor { $0.userInterfaceStyle == .dark ? UIColor(red: 235 / 255, green: 235 / 255, blue: 245 / 255, alpha: 0.3) : UIColor(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.3) }

    /// The platter's blur for the appearance.
    static func material(dark: Bool) -> UIBlurEffect.Style { dark ? .systemMaterialDark : .systemMaterialLight }

    /// One device pixel.
    static var hairline: CGFloat { 1 / max(1, UIScreen.main.scale) }
}
