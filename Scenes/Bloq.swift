// From seed 002 (Bloq, "interactive animations with UIViewPropertyAnimator"): a puzzle board of coloured
// blocks with empty cells. A pan on a block moves it one cell through a UIViewPropertyAnimator that is
// created paused and scrubbed by `fractionComplete`; on release it is reversed or not and continued.
// Roles and names follow the article: BlockViewController with its starting/ending offsets,
// AnimationDirection, directionFromVelocity, oppositeOfInitialAnimation, beginAnimation,
// configureAnimationCompletionBlock; the delegate that sets the offsets is the board.
//
// Edits: the article's top/leading constraints become the block view's frame origin in the board (no Auto
// Layout here); the gists the article links are not in it, so `didChangePan`, `didEndPan`, `beginAnimation`
// and the completion block follow its prose. The animator's timing (0.35 s, ease-in-out) is ours.
import UIKit
import Stage

enum AnimationDirection: Int {
    case up, down, left, right, undefined
}

/// Sets a block's offsets before it moves and hears where each move ended.
protocol BlockViewControllerDelegate: AnyObject {
    /// Sets `startingXOffset` … `endingYOffset` of `block` for a move in `direction`; false when the
    /// neighbouring cell that way is taken (the block does not move).
    func setOffsets(of block: BlockViewController, for direction: AnimationDirection) -> Bool
    func blockViewController(_ block: BlockViewController, didFinishAnimationAt position: UIViewAnimatingPosition)
}

/// One coloured block of the board.
final class BlockViewController: UIViewController {
    var startingXOffset: CGFloat = 0
    var endingXOffset: CGFloat = 0
    var startingYOffset: CGFloat = 0
    var endingYOffset: CGFloat = 0

    var animationDirection: AnimationDirection = .undefined
    var isVerticalAnimation: Bool { animationDirection == .up || animationDirection == .down }
    var transitionAnimator: UIViewPropertyAnimator?
    var animationProgress: CGFloat = 0

    weak var delegate: BlockViewControllerDelegate?
    /// The distance of one move: cell size + gap. fractionComplete = translation / cellPitch.
    var cellPitch: CGFloat = 1
    static let animationDuration: TimeInterval = 0.35
    let color: UIColor

    init(color: UIColor) {
        self.color = color
        super.init()
    }

    override func loadView() {
        view = BlockView(color: color)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        let recognizer = UIPanGestureRecognizer()
        recognizer.addTarget(self, action: BlockViewController.viewPanned(recognizer:))
        view.addGestureRecognizer(recognizer)
    }

    /// Where the "constraints" put the view: its origin in the board.
    private func applyOffsets(x: CGFloat, y: CGFloat) {
        view.frame.origin = CGPoint(x: x, y: y)
    }

    // MARK: Helpers

    private func swapXConstraints() {
        let tmp = endingXOffset
        endingXOffset = startingXOffset
        startingXOffset = tmp
    }

    private func swapYConstraints() {
        let tmp = endingYOffset
        endingYOffset = startingYOffset
        startingYOffset = tmp
    }

    private func nullifyAnimations() {
        transitionAnimator = nil
        animationDirection = .undefined
    }

    private func reverseAnimation() {
        guard let animator = transitionAnimator else { return }
        animator.isReversed = !animator.isReversed
    }

    /// The larger axis of the velocity wins; zero velocity says nothing.
    func directionFromVelocity(_ velocity: CGPoint) -> AnimationDirection {
        guard velocity != .zero else { return .undefined }
        let isVertical = abs(velocity.y) > abs(velocity.x)
        if isVertical { return velocity.y < 0 ? .up : .down }
        return velocity.x < 0 ? .left : .right
    }

    private func oppositeOfInitialAnimation(velocity: CGPoint) -> Bool {
        switch animationDirection {
        case .up: return velocity.y > 0
        case .down: return velocity.y < 0
        case .left: return velocity.x > 0
        case .right: return velocity.x < 0
        case .undefined: return false
        }
    }

    // MARK: The pan

    func viewPanned(recognizer: UIPanGestureRecognizer) {
        switch recognizer.state {
        case .began:
            // A pan that starts mid-flight catches the animation where it is.
            if let animator = transitionAnimator, animator.isRunning { animator.pauseAnimation() }
            animationProgress = transitionAnimator?.fractionComplete ?? 0
        case .changed:
            didChangePan(recognizer: recognizer)
        case .ended:
            didEndPan(recognizer: recognizer)
        default:
            break
        }
    }

    /// The animator starts at the first change with a velocity (at `.began` it says nothing of direction),
    /// then follows the finger: fraction = translation along the move / cell pitch.
    private func didChangePan(recognizer: UIPanGestureRecognizer) {
        if transitionAnimator == nil {
            animationDirection = directionFromVelocity(recognizer.velocity(in: view.superview))
            guard animationDirection != .undefined else { return }
            guard beginAnimation(fromPan: true) else { animationDirection = .undefined; return }
        }
        guard let animator = transitionAnimator else { return }
        let translation = recognizer.translation(in: view.superview)
        var fraction = (isVerticalAnimation ? translation.y : translation.x) / cellPitch
        if animationDirection == .up || animationDirection == .left { fraction *= -1 }
        if animator.isReversed { fraction *= -1 }
        animator.fractionComplete = min(max(fraction + animationProgress, 0), 1)
    }

    /// Released: reverse the animator if the finger moved against the move (or back with it after a
    /// reversal), then let it run out in the time that remains.
    private func didEndPan(recognizer: UIPanGestureRecognizer) {
        guard let animator = transitionAnimator else { return }
        let velocity = recognizer.velocity(in: view.superview)
        let isOpposite = oppositeOfInitialAnimation(velocity: velocity)
        if isOpposite && !animator.isReversed {
            reverseAnimation()
        } else if !isOpposite && animator.isReversed {
            reverseAnimation()
        }
        animator.continueAnimation(withTimingParameters: nil, durationFactor: 0)
    }

    // MARK: Animation

    /// Asks the delegate for the offsets and builds the animator: paused for a pan (the pan scrubs it),
    /// running to the end otherwise.
    @discardableResult
    func beginAnimation(fromPan: Bool) -> Bool {
        guard delegate?.setOffsets(of: self, for: animationDirection) == true else { return false }
        let animator = UIViewPropertyAnimator(duration: Self.animationDuration, curve: .easeInOut) { [unowned self] in
            self.applyOffsets(x: self.endingXOffset, y: self.endingYOffset)
        }
        transitionAnimator = animator
        configureAnimationCompletionBlock()
        if fromPan {
            animator.pauseAnimation()
        } else {
            animator.continueAnimation(withTimingParameters: nil, durationFactor: 0)
        }
        return true
    }

    /// Back at the start: the offsets are as before. At the end: start and end swap, so the next move
    /// starts from here.
    private func configureAnimationCompletionBlock() {
        transitionAnimator?.addCompletion { [weak self] position in
            guard let self else { return }
            switch position {
            case .start:
                self.applyOffsets(x: self.startingXOffset, y: self.startingYOffset)
            case .end:
                self.swapXConstraints()
                self.swapYConstraints()
                self.applyOffsets(x: self.startingXOffset, y: self.startingYOffset)
            default:
                break
            }
            // The article's sanity check: a move that ended must have moved the view.
            if position == .end {
                assert(self.view.frame.origin == CGPoint(x: self.startingXOffset, y: self.startingYOffset))
            }
            self.nullifyAnimations()
            self.delegate?.blockViewController(self, didFinishAnimationAt: position)
        }
    }
}

/// A block's look: a rounded colour tile with a lighter top half and a soft drop shadow.
final class BlockView: UIView {
    init(color: UIColor) {
        super.init(frame: .zero)
        backgroundColor = color
        layer.cornerRadius = 14
        layer.shadowColor = UIColor.black.cgColor
        layer.shadowOpacity = 0.35
        layer.shadowRadius = 4
        layer.shadowOffset = CGSize(width: 0, height: 3)
        let shine = GradientView(colors: [UIColor(white: 1, alpha: 0.35), UIColor(white: 1, alpha: 0)],
                                 start: CGPoint(x: 0.5, y: 0), end: CGPoint(x: 0.5, y: 1))
        shine.isUserInteractionEnabled = false
        shine.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        shine.layer.cornerRadius = 14
        shine.clipsToBounds = true
        addSubview(shine)
        let dot = UIView()
        dot.isUserInteractionEnabled = false
        dot.backgroundColor = UIColor(white: 1, alpha: 0.55)
        dot.tag = 1
        addSubview(dot)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        subviews[0].frame = bounds
        // A small "gem" in the middle, as puzzle tiles have.
        let d = (bounds.width * 0.22).rounded()
        subviews[1].frame = CGRect(x: (bounds.width - d) / 2, y: (bounds.height - d) / 2, width: d, height: d)
        subviews[1].layer.cornerRadius = d / 2
    }
}

// MARK: - The board

/// A cell of the board: row and column.
struct BloqCell: Hashable {
    var row: Int, column: Int
}

/// The game screen: a header (level and score placeholders) over a board of 5 × 4 cells, some holding
/// blocks. It is every block's delegate: it knows which cells are empty and where each cell is.
final class BloqBoardViewController: UIViewController, BlockViewControllerDelegate {
    static let rows = 5, columns = 4
    /// Layout, in points: board margin to the screen, padding inside the board, gap between cells.
    static let margin: CGFloat = 20, padding: CGFloat = 12, gap: CGFloat = 10

    /// Where the blocks start; `nil` is an empty cell.
    static let layout: [[UIColor?]] = {
        let r = UIColor(rgb: 0xFF5E6C), b = UIColor(rgb: 0x4DA3FF), y = UIColor(rgb: 0xFFC83D),
            g = UIColor(rgb: 0x3DDC97), o = UIColor(rgb: 0xFF9A3D), p = UIColor(rgb: 0xB46CFF)
        return [[r, nil, b, y],
                [g, p, nil, o],
                [b, nil, y, r],
                [nil, o, g, b],
                [y, r, nil, g]]
    }()
    /// The purple block in row 1, column 1: the script moves it (right is empty, and so is below).
    static let playerCell = BloqCell(row: 1, column: 1)

    private(set) var blocks: [BloqCell: BlockViewController] = [:]
    private(set) var player: BlockViewController!
    /// Each finished move, in order: which block and where its animator ended.
    /// The move each moving block is making: from which cell to which.
    private var moves: [ObjectIdentifier: (from: BloqCell, to: BloqCell)] = [:]
    private(set) var finishedMoves: [(block: BlockViewController, position: UIViewAnimatingPosition)] = []

    private let header = UIView()
    private let levelBar = TextPlaceholder(color: UIColor(white: 1, alpha: 0.9))
    private let movesBar = TextPlaceholder(color: UIColor(white: 1, alpha: 0.45))
    private let scorePill = UIView()
    private let board = UIView()
    private var slots: [UIView] = []
    private var laidOutFor: CGRect?
    private var cellSize: CGFloat = 0

    override func loadView() {
        view = UIView(frame: UIScreen.main.bounds)
        view.backgroundColor = UIColor(rgb: 0x1B1E3C)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(header)
        header.addSubview(levelBar)
        header.addSubview(movesBar)
        scorePill.backgroundColor = UIColor(rgb: 0x2E3366)
        scorePill.layer.cornerRadius = 18
        scorePill.addSubview(TextPlaceholder(color: UIColor(rgb: 0xFFC83D), frame: CGRect(x: 16, y: 12, width: 56, height: 12)))
        header.addSubview(scorePill)
        board.backgroundColor = UIColor(rgb: 0x272B55)
        board.layer.cornerRadius = 24
        view.addSubview(board)
        for _ in 0..<(Self.rows * Self.columns) {
            let slot = UIView()
            slot.backgroundColor = UIColor(rgb: 0x1E2247)
            slot.layer.cornerRadius = 14
            slot.isUserInteractionEnabled = false
            board.addSubview(slot)
            slots.append(slot)
        }
        for (row, colors) in Self.layout.enumerated() {
            for (column, color) in colors.enumerated() {
                guard let color else { continue }
                let block = BlockViewController(color: color)
                block.delegate = self
                addChild(block)
                board.addSubview(block.view)
                block.didMove(toParent: self)
                blocks[BloqCell(row: row, column: column)] = block
            }
        }
        player = blocks[Self.playerCell]
    }

    /// Lays the board out once for the screen (later passes would fight the blocks' animations).
    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let safe = view.safeAreaInsets, width = view.bounds.width
        let key = CGRect(x: safe.top, y: safe.bottom, width: width, height: view.bounds.height)
        guard laidOutFor != key else { return }
        laidOutFor = key
        header.frame = CGRect(x: 0, y: safe.top, width: width, height: 72)
        levelBar.frame = CGRect(x: Self.margin, y: 16, width: 130, height: 24)
        movesBar.frame = CGRect(x: Self.margin, y: 48, width: 84, height: 12)
        scorePill.frame = CGRect(x: width - Self.margin - 88, y: 18, width: 88, height: 36)

        let boardWidth = width - 2 * Self.margin
        cellSize = ((boardWidth - 2 * Self.padding - CGFloat(Self.columns - 1) * Self.gap) / CGFloat(Self.columns)).rounded(.down)
        let pitch = cellSize + Self.gap
        let boardHeight = 2 * Self.padding + CGFloat(Self.rows) * pitch - Self.gap
        let contentWidth = 2 * Self.padding + CGFloat(Self.columns) * pitch - Self.gap
        let available = view.bounds.height - safe.bottom - header.frame.maxY
        board.frame = CGRect(x: ((width - contentWidth) / 2).rounded(), y: header.frame.maxY + max(0, ((available - boardHeight) / 2).rounded()),
                             width: contentWidth, height: boardHeight)
        for (index, slot) in slots.enumerated() {
            slot.frame = CGRect(origin: origin(of: BloqCell(row: index / Self.columns, column: index % Self.columns)),
                                size: CGSize(width: cellSize, height: cellSize))
        }
        for (cell, block) in blocks {
            block.cellPitch = pitch
            let o = origin(of: cell)
            block.startingXOffset = o.x; block.endingXOffset = o.x
            block.startingYOffset = o.y; block.endingYOffset = o.y
            block.view.frame = CGRect(origin: o, size: CGSize(width: cellSize, height: cellSize))
        }
    }

    /// A cell's top-left corner in the board.
    func origin(of cell: BloqCell) -> CGPoint {
        let pitch = cellSize + Self.gap
        return CGPoint(x: Self.padding + CGFloat(cell.column) * pitch, y: Self.padding + CGFloat(cell.row) * pitch)
    }

    func cell(of block: BlockViewController) -> BloqCell? { blocks.first { $0.value === block }?.key }

    // MARK: BlockViewControllerDelegate

    func setOffsets(of block: BlockViewController, for direction: AnimationDirection) -> Bool {
        guard let from = cell(of: block) else { return false }
        var to = from
        switch direction {
        case .up: to.row -= 1
        case .down: to.row += 1
        case .left: to.column -= 1
        case .right: to.column += 1
        case .undefined: return false
        }
        guard (0..<Self.rows).contains(to.row), (0..<Self.columns).contains(to.column), blocks[to] == nil else { return false }
        let start = origin(of: from), end = origin(of: to)
        block.startingXOffset = start.x; block.startingYOffset = start.y
        block.endingXOffset = end.x; block.endingYOffset = end.y
        // A block move is this scene's transition: mark it so clips, plots and goldens find it.
        moves[ObjectIdentifier(block)] = (from, to)
        Timeline.current.mark("transition.begin move \(from.row),\(from.column)→\(to.row),\(to.column)")
        return true
    }

    func blockViewController(_ block: BlockViewController, didFinishAnimationAt position: UIViewAnimatingPosition) {
        finishedMoves.append((block, position))
        guard let (from, to) = moves.removeValue(forKey: ObjectIdentifier(block)) else { return }
        if position == .end {
            blocks[from] = nil
            blocks[to] = block
        }
        Timeline.current.mark("transition.end move \(from.row),\(from.column)→\(to.row),\(to.column) \(position == .end ? "completed" : "cancelled")")
    }
}

// MARK: - Scene

/// Drag the purple block right half a cell, come back and let go moving left: the animator is reversed
/// and continued, the block returns (`.start`). Then a flick down moves it into the empty cell below
/// (`.end`).
public final class BloqScene: Scene {
    public static let name = "bloq"
    public static let summary = "Bloq: a paused property animator scrubbed by a pan; reversed on release (back to start), then a flick completes a move down"
    private(set) var board: BloqBoardViewController!
    public init() {}

    public func makeRootViewController() -> UIViewController {
        board = BloqBoardViewController()
        return board
    }

    public func script() -> Script {
        var script = Script()
        // The board is laid out before the script is asked for.
        let pitch = board.player.cellPitch
        // The pan drops its first 10 pt (UIKit's hysteresis), so half a cell of translation is pitch/2 + 10.
        script.touchDown(on: { [unowned self] in self.board.player.view })
        script.move(by: CGVector(dx: pitch / 2 + 10, dy: 0), duration: 0.45, curve: .easeInOut)
        script.hold(0.15)
        script.move(by: CGVector(dx: -30, dy: 0), duration: 0.2, releaseVelocity: CGVector(dx: -250, dy: 0))
        script.touchUp()
        script.waitUntilIdle()
        script.wait(0.3)
        script.flick({ [unowned self] in self.board.player.view }, velocity: CGVector(dx: 0, dy: 1400), duration: 0.12)
        return script
    }
}
