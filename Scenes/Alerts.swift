// UIKit's own alerts, as an app uses them: `UIAlertController` in both styles, presented from a button,
// no custom transition code. The script taps a button of the alert as a person does; the handler runs
// once the alert has gone (UIKit's order), and what it does is in the frames that follow.
import UIKit
import Stage

/// The view under `root` (itself included) showing a label with `text`: the button a person would tap.
private func viewShowing(_ text: String, in root: UIView?) -> UIView? {
    guard let root else { return nil }
    if let label = root as? UILabel, label.text == text { return label.superview }
    for subview in root.subviews { if let found = viewShowing(text, in: subview) { return found } }
    return nil
}

// MARK: - alert

/// A voice memo's screen: its waveform card and a red "Delete Recording" button, which asks first.
final class RecordingViewController: UIViewController {
    let deleteButton = SurveyButton(title: "Delete Recording", color: .systemRed)
    private let card = GradientView(colors: [UIColor(rgb: 0xFF6482), UIColor(rgb: 0xBF5AF2)])
    private let titleLabel = makeLabel("Morning Walk", font: .systemFont(ofSize: 28, weight: .bold))
    private let detailLabel = makeLabel("Today, 7:42 · 3:18", font: .preferredFont(forTextStyle: .subheadline), color: .secondaryLabel)
    private let deletedLabel = makeLabel("Recording deleted", font: .preferredFont(forTextStyle: .headline), color: .secondaryLabel,
                                         alignment: .center)
    private var bars: [UIView] = []
    /// Tinted, so the dimming of the presenter's tint under the alert shows.
    private let shareIcon = UIImageView(image: UIImage(systemName: "square.and.arrow.up"))

    override func loadView() {
        view = UIView(frame: UIScreen.main.bounds)
        view.backgroundColor = .systemGroupedBackground
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        card.layer.cornerRadius = 22
        card.clipsToBounds = true
        view.addSubview(card)
        // A waveform: bars of a fixed pattern (no randomness, so frames repeat exactly).
        let heights: [CGFloat] = [18, 42, 30, 64, 52, 80, 36, 58, 90, 44, 70, 26, 54, 38, 66, 30, 48, 22, 40, 16]
        for height in heights {
            let bar = UIView()
            bar.backgroundColor = UIColor(white: 1, alpha: 0.85)
            bar.layer.cornerRadius = 3
            bar.frame.size = CGSize(width: 6, height: height)
            card.addSubview(bar)
            bars.append(bar)
        }
        view.addSubview(titleLabel)
        view.addSubview(detailLabel)
        shareIcon.contentMode = .scaleAspectFit
        view.addSubview(shareIcon)
        deletedLabel.alpha = 0
        view.addSubview(deletedLabel)
        view.addSubview(deleteButton)
        deleteButton.addAction(UIAction { [unowned self] _ in self.confirmDelete() }, for: .touchUpInside)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let bounds = view.bounds, top = view.safeAreaInsets.top
        card.frame = CGRect(x: 20, y: top + 24, width: bounds.width - 40, height: 200)
        let step = (card.bounds.width - 40) / CGFloat(bars.count)
        for (index, bar) in bars.enumerated() {
            bar.center = CGPoint(x: 20 + step * (CGFloat(index) + 0.5), y: card.bounds.midY)
        }
        titleLabel.frame = CGRect(x: 20, y: card.frame.maxY + 20, width: bounds.width - 40, height: 34)
        detailLabel.frame = CGRect(x: 20, y: titleLabel.frame.maxY + 4, width: bounds.width - 40, height: 20)
        shareIcon.frame = CGRect(x: bounds.width - 20 - 30, y: card.frame.maxY + 24, width: 30, height: 30)
        deletedLabel.frame = CGRect(x: 20, y: card.frame.midY - 12, width: bounds.width - 40, height: 24)
        deleteButton.frame = CGRect(x: 20, y: bounds.height - view.safeAreaInsets.bottom - 76, width: bounds.width - 40, height: 52)
    }

    /// Three actions, as Voice Memos asks: delete (destructive), keep the file elsewhere, cancel.
    func confirmDelete() {
        let alert = UIAlertController(title: "Delete “Morning Walk”?",
                                      message: "This recording will be deleted from iCloud and all your devices.",
                                      preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Delete", style: .destructive) { [unowned self] _ in self.recordingDeleted() })
        alert.addAction(UIAlertAction(title: "Keep on This iPhone", style: .default))
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        present(alert, animated: true)
    }

    /// The handler's work, after the alert has gone: the card and its title fade away.
    private func recordingDeleted() {
        UIView.animate(withDuration: 0.35) {
            self.card.alpha = 0
            self.titleLabel.alpha = 0
            self.detailLabel.alpha = 0
            self.shareIcon.alpha = 0
            self.deletedLabel.alpha = 1
            self.deleteButton.alpha = 0.4
        }
        deleteButton.isEnabled = false
    }
}

/// A tap on "Delete Recording" pops the alert in over a dimming; a tap on "Delete" fades it out, and
/// then the handler deletes the recording.
public final class AlertScene: Scene {
    public static let name = "alert"
    public static let summary = "UIAlertController (.alert): three actions stacked (destructive, default, bold cancel) pop in from 1.2× over a dimming; tapping Delete fades it out, then its handler runs"
    private let screen = RecordingViewController()
    public init() {}

    public func makeRootViewController() -> UIViewController { screen }

    public func script() -> Script {
        var script = Script()
        script.wait(0.3)
        script.tap { [unowned self] in self.screen.deleteButton }
        script.waitUntilIdle()
        script.wait(0.6)
        script.tap { [unowned self] in viewShowing("Delete", in: self.screen.presentedViewController?.view) ?? self.screen.view }
        script.waitUntilIdle()
        script.wait(0.6)
        return script
    }
}

// MARK: - action-sheet

/// A photo on its own, with a toolbar-like row of buttons under it; the share button asks what to do.
final class PhotoActionsViewController: UIViewController {
    let shareButton = SurveyButton(title: "Share", color: .systemBlue)
    private let photo = UIImageView()
    private let caption = makeLabel("Chelsea · June 12, 9:41", font: .preferredFont(forTextStyle: .subheadline), color: .secondaryLabel,
                                    alignment: .center)

    override func loadView() {
        view = UIView(frame: UIScreen.main.bounds)
        view.backgroundColor = .systemBackground
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        photo.image = Photo.pictures().first
        photo.contentMode = .scaleAspectFill
        photo.clipsToBounds = true
        view.addSubview(photo)
        view.addSubview(caption)
        view.addSubview(shareButton)
        shareButton.addAction(UIAction { [unowned self] _ in self.showActions() }, for: .touchUpInside)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let bounds = view.bounds, insets = view.safeAreaInsets
        photo.frame = CGRect(x: 0, y: insets.top + 40, width: bounds.width, height: bounds.width * 1.1)
        caption.frame = CGRect(x: 20, y: photo.frame.maxY + 12, width: bounds.width - 40, height: 20)
        shareButton.frame = CGRect(x: 20, y: bounds.height - insets.bottom - 76, width: bounds.width - 40, height: 52)
    }

    /// Photos' choices for one picture: share, duplicate, hide, delete (destructive), and cancel.
    func showActions() {
        let sheet = UIAlertController(title: nil, message: "This photo is also in 2 albums.", preferredStyle: .actionSheet)
        sheet.addAction(UIAlertAction(title: "Share Photo…", style: .default))
        sheet.addAction(UIAlertAction(title: "Duplicate", style: .default))
        sheet.addAction(UIAlertAction(title: "Hide", style: .default))
        sheet.addAction(UIAlertAction(title: "Delete Photo", style: .destructive))
        sheet.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        present(sheet, animated: true)
    }
}

/// A tap on Share slides the action sheet up (the cancel button in its own group below the others); a
/// tap on Cancel slides it back down.
public final class ActionSheetScene: Scene {
    public static let name = "action-sheet"
    public static let summary = "UIAlertController (.actionSheet): a photo's actions slide up with Cancel in its own group; tapping Cancel slides the sheet down"
    private let screen = PhotoActionsViewController()
    public init() {}

    public func makeRootViewController() -> UIViewController { screen }

    public func script() -> Script {
        var script = Script()
        script.wait(0.3)
        script.tap { [unowned self] in self.screen.shareButton }
        script.waitUntilIdle()
        script.wait(0.6)
        script.tap { [unowned self] in viewShowing("Cancel", in: self.screen.presentedViewController?.view) ?? self.screen.view }
        script.waitUntilIdle()
        script.wait(0.4)
        return script
    }
}
