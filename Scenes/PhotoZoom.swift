// A photo library as an app writes it: a UICollectionView with a compositional layout (three columns of
// square items, 2 pt apart, as Photos lays out its grid), cells made through a CellRegistration and fed by a
// UICollectionViewDiffableDataSource, under a navigation bar. Tapping a photo pushes its detail screen with
// a zoom: the navigation controller's delegate returns an animator that finds where the photo is on screen
// through the collection view (`layoutAttributesForItem(at:)` converted to the window) and grows a copy of
// it from there to the detail's fitted frame. A downward drag on the detail pops interactively and shrinks
// the photo back into its cell, found again with `cellForItem(at:)` (scrolled into view first when it is
// off screen). The grid is scrolled before the tap, so the lookups run with a non-zero content offset.
import UIKit
import Stage

// MARK: - Model

/// A photo: one of the bundled photographs (Photos/, CC0 and public domain), or a gradient at an angle
/// with the aspect ratio of the picture it stands for.
struct Photo {
    let colors: [UIColor]
    let start: CGPoint
    let end: CGPoint
    /// Width over height.
    let aspectRatio: CGFloat
    /// The photograph, when this photo is one (every fourth item; the tapped one is the cat).
    var picture: UIImage?

    /// The bundled photographs, decoded as an app decodes its own (JPEG and HEIC, Display P3 included).
    static func pictures() -> [UIImage] {
        ["chelsea.jpg", "coffee.heic", "astronaut.jpg", "rocket.heic"].compactMap { name in
            Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Photos")
                .flatMap { UIImage(contentsOfFile: $0.path) }
        }
    }

    static let palettes: [[UIColor]] = [
        [UIColor(rgb: 0xFF9F0A), UIColor(rgb: 0xFF375F)], [UIColor(rgb: 0x64D2FF), UIColor(rgb: 0x5E5CE6)],
        [UIColor(rgb: 0x30D158), UIColor(rgb: 0x0A84FF)], [UIColor(rgb: 0xFFD60A), UIColor(rgb: 0xFF9F0A)],
        [UIColor(rgb: 0xBF5AF2), UIColor(rgb: 0xFF6482)], [UIColor(rgb: 0x66D4CF), UIColor(rgb: 0x30B0C7)],
        [UIColor(rgb: 0x1C3D5A), UIColor(rgb: 0x64D2FF), UIColor(rgb: 0xFFE3A3)],
        [UIColor(rgb: 0x2C5F2D), UIColor(rgb: 0x97BC62)], [UIColor(rgb: 0xFFB4A2), UIColor(rgb: 0x6D6875)],
    ]
    /// Landscape, portrait and square pictures, as a camera roll mixes them.
    static let aspectRatios: [CGFloat] = [4.0 / 3, 3.0 / 4, 1, 16.0 / 9, 3.0 / 4]

    /// The library: `count` photos, each a palette, an angle and an aspect ratio picked by a hash of its
    /// index (so neighbouring rows differ and a scrolled grid shows new photos).
    static func library(count: Int) -> [Photo] {
        let pictures = pictures()
        return (0..<count).map { index in
            let hash = (UInt32(truncatingIfNeeded: index &+ 1) &* 2_654_435_761) >> 7
            let angle = CGFloat(hash % 8) * .pi / 4
            let start = CGPoint(x: 0.5 - 0.5 * cos(angle), y: 0.5 - 0.5 * sin(angle))
            let end = CGPoint(x: 1 - start.x, y: 1 - start.y)
            var photo = Photo(colors: palettes[Int((hash / 8) % UInt32(palettes.count))], start: start, end: end,
                              aspectRatio: aspectRatios[Int((hash / 128) % UInt32(aspectRatios.count))])
            if index % 4 == 0, !pictures.isEmpty {
                let picture = pictures[(index / 4) % pictures.count]
                photo = Photo(colors: photo.colors, start: start, end: end,
                              aspectRatio: picture.size.width / picture.size.height, picture: picture)
            }
            return photo
        }
    }
}

/// A photo shown aspect-filled in its bounds: a gradient at the photo's own proportions, centred and
/// clipped (a cell's square crop, or the whole picture when the bounds have its aspect ratio).
final class PhotoView: UIView {
    let photo: Photo
    private let image: UIView

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    init(photo: Photo) {
        self.photo = photo
        // Laid out at the picture's own proportions below, so the image view's default scale-to-fill is exact.
        image = photo.picture.map { UIImageView(image: $0) }
            ?? GradientView(colors: photo.colors, start: photo.start, end: photo.end)
        super.init(frame: .zero)
        clipsToBounds = true
        image.isUserInteractionEnabled = false
        addSubview(image)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let scale = max(bounds.width / photo.aspectRatio, bounds.height)
        let size = CGSize(width: photo.aspectRatio * scale, height: scale)
        image.frame = CGRect(x: (bounds.width - size.width) / 2, y: (bounds.height - size.height) / 2,
                             width: size.width, height: size.height)
    }

    /// The photo's whole picture fitted (aspect-fit) and centred in `rect`.
    static func fittedFrame(aspectRatio: CGFloat, in rect: CGRect) -> CGRect {
        let width = min(rect.width, rect.height * aspectRatio)
        let height = width / aspectRatio
        return CGRect(x: rect.midX - width / 2, y: rect.midY - height / 2, width: width, height: height)
    }
}

/// A grid cell: the photo, filling the cell.
final class PhotoCell: UICollectionViewCell {
    private(set) var photoView: PhotoView?

    func show(_ photo: Photo) {
        photoView?.removeFromSuperview()
        let photoView = PhotoView(photo: photo)
        contentView.addSubview(photoView)
        self.photoView = photoView
        setNeedsLayout()
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        photoView?.frame = contentView.bounds
    }
}

// MARK: - Screens

/// The grid: "Library" in the bar, 60 photos in three columns.
final class PhotoGridViewController: UIViewController, UICollectionViewDelegate {
    /// Photos' grid: three columns with 2 pt between items and rows (the task's numbers; Photos' own gap
    /// estimated from iOS 18 screenshots at iPhone 16, 3×, is 2 pt), items square.
    static let columns = 3
    static let spacing: CGFloat = 2

    let photos = Photo.library(count: 60)
    private(set) var collectionView: UICollectionView!
    private var dataSource: UICollectionViewDiffableDataSource<Int, Int>!
    /// The navigation controller's delegate: zoom animators and the drag's interaction controller.
    let zoomTransition = PhotoZoomTransition()
    /// The item the detail screen shows (the last one tapped).
    private(set) var selectedIndexPath: IndexPath?

    static func makeLayout() -> UICollectionViewCompositionalLayout {
        UICollectionViewCompositionalLayout { _, environment in
            let width = environment.container.effectiveContentSize.width
            let side = (width - CGFloat(columns - 1) * spacing) / CGFloat(columns)
            let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                                 heightDimension: .fractionalHeight(1)))
            // A row as tall as an item is wide: the items come out square.
            let group = NSCollectionLayoutGroup.horizontal(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(side)),
                repeatingSubitem: item, count: columns)
            group.interItemSpacing = .fixed(spacing)
            let section = NSCollectionLayoutSection(group: group)
            section.interGroupSpacing = spacing
            return section
        }
    }

    override func loadView() {
        let collectionView = UICollectionView(frame: UIScreen.main.bounds, collectionViewLayout: Self.makeLayout())
        collectionView.backgroundColor = .systemBackground
        self.collectionView = collectionView
        view = collectionView
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Library"
        navigationItem.largeTitleDisplayMode = .never
        collectionView.delegate = self
        let photos = self.photos
        let registration = UICollectionView.CellRegistration<PhotoCell, Int> { cell, _, item in
            cell.show(photos[item])
        }
        dataSource = UICollectionViewDiffableDataSource<Int, Int>(collectionView: collectionView) { collectionView, indexPath, item in
            collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(photos.indices))
        dataSource.apply(snapshot, animatingDifferences: false)
        zoomTransition.grid = self
        navigationController?.delegate = zoomTransition
    }

    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        guard let item = dataSource.itemIdentifier(for: indexPath) else { return }
        selectedIndexPath = indexPath
        let detail = PhotoDetailViewController(photo: photos[item], indexPath: indexPath, transition: zoomTransition)
        navigationController?.pushViewController(detail, animated: true)
    }

    /// Where an item is in the window, from the layout (whether or not its cell is on screen).
    func frameInWindow(ofItemAt indexPath: IndexPath) -> CGRect? {
        guard let attributes = collectionView.layoutAttributesForItem(at: indexPath) else { return nil }
        return collectionView.convert(attributes.frame, to: nil)
    }

    /// The item's cell on screen, scrolling it into view first when it is off screen or cut by the bars.
    func visibleCell(forItemAt indexPath: IndexPath) -> UICollectionViewCell? {
        let visible = collectionView.bounds.inset(by: collectionView.adjustedContentInset)
        if collectionView.cellForItem(at: indexPath) == nil
            || !visible.contains(collectionView.layoutAttributesForItem(at: indexPath)?.frame ?? .null) {
            collectionView.scrollToItem(at: indexPath, at: .centeredVertically, animated: false)
            collectionView.layoutIfNeeded()
        }
        return collectionView.cellForItem(at: indexPath)
    }
}

/// One photo, fitted to the screen; a downward drag takes it back to the grid.
final class PhotoDetailViewController: UIViewController {
    let photo: Photo
    let indexPath: IndexPath
    let photoView: PhotoView
    private unowned let transition: PhotoZoomTransition

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    init(photo: Photo, indexPath: IndexPath, transition: PhotoZoomTransition) {
        self.photo = photo
        self.indexPath = indexPath
        self.transition = transition
        photoView = PhotoView(photo: photo)
        super.init(nibName: nil, bundle: nil)
    }

    override func loadView() {
        view = UIView(frame: UIScreen.main.bounds)
        view.backgroundColor = .systemBackground
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "June \(4 + indexPath.item / 9)"
        navigationItem.largeTitleDisplayMode = .never
        view.addSubview(photoView)
        let pan = UIPanGestureRecognizer(target: self, action: PhotoDetailViewController.handleDrag(_:))
        view.addGestureRecognizer(pan)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        photoView.frame = PhotoView.fittedFrame(aspectRatio: photo.aspectRatio, in: view.bounds)
    }

    /// progress = downward travel / half the screen's height; on release, still moving down (or flung)
    /// finishes, moving back up cancels — as Photos decides by the finger's direction.
    func handleDrag(_ pan: UIPanGestureRecognizer) {
        let progress = min(max(pan.translation(in: view).y / (view.bounds.height / 2), 0), 1)
        switch pan.state {
        case .began:
            transition.interaction = UIPercentDrivenInteractiveTransition()
            navigationController?.popViewController(animated: true)
        case .changed:
            transition.interaction?.update(progress)
        case .ended:
            let velocity = pan.velocity(in: view).y
            if velocity > 0 && progress > 0.1 || velocity > 1000 {
                transition.interaction?.finish()
            } else {
                transition.interaction?.cancel()
            }
            transition.interaction = nil
        case .cancelled, .failed:
            transition.interaction?.cancel()
            transition.interaction = nil
        default:
            break
        }
    }
}

// MARK: - Transition

/// The navigation controller's delegate: a zoom for pushes and pops between the grid and a photo, and,
/// while a drag pops, the drag's interaction controller.
final class PhotoZoomTransition: UINavigationControllerDelegate {
    weak var grid: PhotoGridViewController?
    /// Set by the detail screen while its drag drives a pop.
    var interaction: UIPercentDrivenInteractiveTransition?
    /// Where each zoom started or ended on the grid, in window coordinates (push: the source; pop: the
    /// destination), in order.
    private(set) var gridFrames: [CGRect] = []

    func record(_ frame: CGRect) { gridFrames.append(frame) }

    func navigationController(_ navigationController: UINavigationController,
                              animationControllerFor operation: UINavigationController.Operation,
                              from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        guard let grid, operation == .push || operation == .pop else { return nil }
        return PhotoZoomAnimator(operation: operation, grid: grid, transition: self)
    }

    func navigationController(_ navigationController: UINavigationController,
                              interactionControllerFor animationController: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? {
        interaction
    }
}

/// Grows a copy of the tapped photo from its cell to the detail's fitted frame while the detail screen
/// fades in over the grid (push), or the reverse into the cell found again (pop). The cell and the detail's
/// own photo are hidden while the copy flies.
final class PhotoZoomAnimator: UIViewControllerAnimatedTransitioning {
    static let duration: TimeInterval = 0.45
    let operation: UINavigationController.Operation
    unowned let grid: PhotoGridViewController
    unowned let transition: PhotoZoomTransition

    init(operation: UINavigationController.Operation, grid: PhotoGridViewController, transition: PhotoZoomTransition) {
        self.operation = operation
        self.grid = grid
        self.transition = transition
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { Self.duration }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let isPush = operation == .push
        guard let fromViewController = transitionContext.viewController(forKey: .from),
              let toViewController = transitionContext.viewController(forKey: .to),
              let fromView = transitionContext.view(forKey: .from), let toView = transitionContext.view(forKey: .to),
              let detail = (isPush ? toViewController : fromViewController) as? PhotoDetailViewController else {
            transitionContext.completeTransition(false)
            return
        }
        let containerView = transitionContext.containerView
        toView.frame = transitionContext.finalFrame(for: toViewController)
        let detailView = isPush ? toView : fromView
        if isPush {
            containerView.addSubview(toView)
        } else {
            containerView.insertSubview(toView, belowSubview: fromView)
        }
        toView.layoutIfNeeded()

        // The grid's side: on push, where the layout puts the item; on pop, the cell found again.
        let cell: UICollectionViewCell?
        let gridFrame: CGRect
        if isPush {
            cell = grid.collectionView.cellForItem(at: detail.indexPath)
            gridFrame = grid.frameInWindow(ofItemAt: detail.indexPath) ?? .zero
        } else {
            cell = grid.visibleCell(forItemAt: detail.indexPath)
            gridFrame = cell.map { $0.convert($0.bounds, to: nil) } ?? .zero
        }
        transition.record(gridFrame)
        let cellFrame = containerView.convert(gridFrame, from: nil)
        let detailFrame = detail.photoView.convert(detail.photoView.bounds, to: containerView)

        let zoom = PhotoView(photo: detail.photo)
        zoom.frame = isPush ? cellFrame : detailFrame
        zoom.layoutIfNeeded()
        containerView.addSubview(zoom)
        cell?.isHidden = true
        detail.photoView.isHidden = true
        if isPush { detailView.alpha = 0 }

        let animations = {
            zoom.frame = isPush ? detailFrame : cellFrame
            zoom.layoutIfNeeded()
            detailView.alpha = isPush ? 1 : 0
        }
        let completion: (Bool) -> Void = { _ in
            let cancelled = transitionContext.transitionWasCancelled
            zoom.removeFromSuperview()
            cell?.isHidden = false
            detail.photoView.isHidden = false
            // The model keeps the block's values: give the detail back its look when it stays.
            detailView.alpha = 1
            if cancelled { toView.removeFromSuperview() }
            transitionContext.completeTransition(!cancelled)
        }
        if transitionContext.isInteractive {
            // Linear while a finger drives it, so the photo follows the drag.
            UIView.animate(withDuration: Self.duration, delay: 0, options: .curveLinear, animations: animations, completion: completion)
        } else {
            UIView.animate(withDuration: Self.duration, delay: 0, usingSpringWithDamping: 0.9, initialSpringVelocity: 0,
                           options: [], animations: animations, completion: completion)
        }
    }
}

// MARK: - Scene

/// Scroll the grid up, tap a photo: it zooms into the detail screen. Drag it down a little and back up
/// (cancelled: it returns to full size), then drag it down and let go (finished: it shrinks into its cell).
public final class PhotoZoomScene: Scene {
    public static let name = "photo-zoom"
    public static let summary = "A compositional-layout photo grid (3 columns, 2 pt): the grid scrolls, a tapped photo zooms from its cell (found through the collection view) into a detail screen; a downward drag zooms it back, cancelled once, finished once"
    /// The photo the script taps: row 6, middle column.
    static let tappedItem = IndexPath(item: 16, section: 0)
    private(set) var grid: PhotoGridViewController!
    public init() {}

    public func makeRootViewController() -> UIViewController {
        let grid = PhotoGridViewController()
        self.grid = grid
        return UINavigationController(rootViewController: grid)
    }

    public func script() -> Script {
        var script = Script()
        // Scroll down the grid by about three rows, coming to rest before lifting.
        script.scroll({ [unowned self] in self.grid.collectionView }, by: 400, duration: 0.7)
        script.waitUntilIdle()
        script.wait(0.3)
        script.tap { [unowned self] in self.grid.collectionView.cellForItem(at: Self.tappedItem)! }
        script.waitUntilIdle()
        script.wait(0.4)
        let detailPhoto: () -> UIView = { [unowned self] in
            (self.grid.navigationController?.topViewController as? PhotoDetailViewController)?.photoView ?? self.grid.view
        }
        // Down 150 pt, and on the way back up let go: cancelled.
        script.touchDown(on: detailPhoto)
        script.move(by: CGVector(dx: 0, dy: 190), duration: 0.45)
        script.move(by: CGVector(dx: 0, dy: -40), duration: 0.25, releaseVelocity: CGVector(dx: 0, dy: -120))
        script.touchUp()
        script.waitUntilIdle()
        script.wait(0.3)
        // Down and away: finished.
        script.drag(detailPhoto, by: CGVector(dx: 12, dy: 260), duration: 0.45, releaseVelocity: CGVector(dx: 0, dy: 900))
        return script
    }
}
