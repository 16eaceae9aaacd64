// iOS 18's zoom transition as an app adopts it: no animator, no delegate, one property. A photo grid
// (the photo-zoom scene's compositional layout and bundled photos) sets the detail controller's
// `preferredTransition = .zoom { … }`, whose source view provider returns the tapped cell's photo, and
// whose alignment rectangle is the detail's fitted photo, so the cell's square crop grows into the whole
// picture. `zoom-push` pushes it and taps Back; `zoom-swipe-dismiss` presents it from a grid of rounded
// thumbnails and drags it down twice: a short drag that springs back, then one that dismisses it into
// its cell.
import UIKit
import Stage

/// A photo grid whose taps show the photo zoomed: pushed, or presented full screen.
final class ZoomGridViewController: UIViewController, UICollectionViewDelegate {
    let photos = Photo.library(count: 60)
    let presents: Bool
    /// The thumbnails' corner radius (0: Photos' square grid).
    let thumbnailCornerRadius: CGFloat
    private(set) var collectionView: UICollectionView!
    private var dataSource: UICollectionViewDiffableDataSource<Int, Int>!
    /// How often the zoom asked for its source view.
    private(set) var sourceRequests = 0

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    init(presents: Bool, thumbnailCornerRadius: CGFloat) {
        self.presents = presents
        self.thumbnailCornerRadius = thumbnailCornerRadius
        super.init(nibName: nil, bundle: nil)
    }

    override func loadView() {
        let collectionView = UICollectionView(frame: UIScreen.main.bounds, collectionViewLayout: PhotoGridViewController.makeLayout())
        collectionView.backgroundColor = .systemBackground
        self.collectionView = collectionView
        view = collectionView
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = presents ? "For You" : "Library"
        navigationItem.largeTitleDisplayMode = .never
        collectionView.delegate = self
        let photos = self.photos, radius = thumbnailCornerRadius
        let registration = UICollectionView.CellRegistration<PhotoCell, Int> { cell, _, item in
            cell.show(photos[item])
            cell.photoView?.layer.cornerRadius = radius
        }
        dataSource = UICollectionViewDiffableDataSource<Int, Int>(collectionView: collectionView) { collectionView, indexPath, item in
            collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(photos.indices))
        dataSource.apply(snapshot, animatingDifferences: false)
    }

    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        guard let item = dataSource.itemIdentifier(for: indexPath) else { return }
        let detail = ZoomPhotoViewController(photo: photos[item], day: 4 + indexPath.item / 9)
        let options = UIViewController.Transition.ZoomOptions()
        // The cell shows a crop of the photo: line it up with the photo, not with the whole screen.
        options.alignmentRectProvider = { context in
            let detail = context.zoomedViewController as! ZoomPhotoViewController
            return detail.photoView.frame
        }
        detail.preferredTransition = .zoom(options: options) { [weak self] _ in
            guard let self else { return nil }
            self.sourceRequests += 1
            return (self.collectionView.cellForItem(at: indexPath) as? PhotoCell)?.photoView
        }
        if presents {
            present(detail, animated: true)
        } else {
            navigationController?.pushViewController(detail, animated: true)
        }
    }
}

/// One photo, fitted to the screen over the system background.
final class ZoomPhotoViewController: UIViewController {
    let photo: Photo
    let photoView: PhotoView

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    init(photo: Photo, day: Int) {
        self.photo = photo
        photoView = PhotoView(photo: photo)
        super.init(nibName: nil, bundle: nil)
        title = "June \(day)"
        navigationItem.largeTitleDisplayMode = .never
    }

    override func loadView() {
        view = UIView(frame: UIScreen.main.bounds)
        view.backgroundColor = .systemBackground
        view.addSubview(photoView)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        photoView.frame = PhotoView.fittedFrame(aspectRatio: photo.aspectRatio, in: view.bounds.inset(by: view.safeAreaInsets))
    }
}

/// Tap a photo in the grid: it zooms into its detail screen, pushed. Tap Back: it zooms back into its cell.
public final class ZoomPushScene: Scene {
    public static let name = "zoom-push"
    public static let summary = "iOS 18's zoom transition (preferredTransition = .zoom) on a push: a tapped photo's cell grows into the detail screen, Back shrinks it into the cell again"
    /// The photo the script taps: row 3, last column (the astronaut).
    static let tappedItem = IndexPath(item: 8, section: 0)
    private(set) var grid: ZoomGridViewController!
    public init() {}

    public func makeRootViewController() -> UIViewController {
        let grid = ZoomGridViewController(presents: false, thumbnailCornerRadius: 0)
        self.grid = grid
        return UINavigationController(rootViewController: grid)
    }

    public func script() -> Script {
        var script = Script()
        script.wait(0.2)
        script.tap { [unowned self] in self.grid.collectionView.cellForItem(at: Self.tappedItem)! }
        script.waitUntilIdle()
        script.wait(0.4)
        script.tapBackButton()
        script.waitUntilIdle()
        script.wait(0.2)
        return script
    }
}

/// Tap a rounded thumbnail: its photo zooms open, presented full screen. Drag it down a little and let go
/// while moving back up (it springs back), then drag it down and let go (it zooms into its thumbnail).
public final class ZoomSwipeDismissScene: Scene {
    public static let name = "zoom-swipe-dismiss"
    public static let summary = "iOS 18's zoom on a presentation: a rounded thumbnail zooms open full screen; a short drag down shrinks it with the finger and springs back, a longer one dismisses it into its thumbnail"
    static let tappedItem = IndexPath(item: 4, section: 0)
    /// The thumbnails' corner radius (an album grid's rounded squares).
    static let thumbnailCornerRadius: CGFloat = 10
    private(set) var grid: ZoomGridViewController!
    public init() {}

    public func makeRootViewController() -> UIViewController {
        let grid = ZoomGridViewController(presents: true, thumbnailCornerRadius: Self.thumbnailCornerRadius)
        self.grid = grid
        return UINavigationController(rootViewController: grid)
    }

    public func script() -> Script {
        var script = Script()
        script.wait(0.2)
        script.tap { [unowned self] in self.grid.collectionView.cellForItem(at: Self.tappedItem)! }
        script.waitUntilIdle()
        script.wait(0.3)
        let detail: () -> UIView = { [unowned self] in self.grid.presentedViewController?.view ?? self.grid.view }
        // Down 140 pt, then back up 50 pt and let go while moving up: it springs back.
        script.touchDown(on: detail)
        script.move(by: CGVector(dx: 0, dy: 140), duration: 0.4)
        script.move(by: CGVector(dx: 0, dy: -50), duration: 0.25, releaseVelocity: CGVector(dx: 0, dy: -200))
        script.touchUp()
        script.waitUntilIdle()
        script.wait(0.3)
        // Down and away, drifting right: it zooms into its thumbnail.
        script.drag(detail, by: CGVector(dx: 30, dy: 280), duration: 0.5, releaseVelocity: CGVector(dx: 0, dy: 800))
        script.waitUntilIdle()
        script.wait(0.2)
        return script
    }
}
