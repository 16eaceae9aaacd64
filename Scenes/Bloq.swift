// From Trevor Phillips, "How to implement interactive animations with Swift's UIViewPropertyAnimator"
// (freeCodeCamp), the game Bloq: every
// coloured block is a BlockViewController with a pan. The first non-zero pan velocity picks the direction
// (larger axis wins), the block's UIViewPropertyAnimator is created paused and scrubbed with the finger
// (translation / cell pitch, added to the progress caught when the pan began), and on release it is reversed
// if the finger last moved against the animation (or back along it after a reversal) and continued with nil
// timing and duration factor 0. The completion resets the offsets at `.start` and swaps them at `.end`.
//
// The article's Auto Layout code runs as written: `topConstraint` / `leadingConstraint` tie each block to
// the board and the animator changes their constants and calls `layoutIfNeeded()`. Mechanical edits:
// `#selector` becomes a method reference, and the constraints are made when the block's view joins the
// board (the article's viewDidLoad assumes a superview). The article's gists are not in its text; the pan
// handlers below follow its prose. Ours: the 0.35 s ease-in-out timing, the board, the blocks' size
// constraints, and a pause when a pan catches a running animator (needed to scrub it).
import UIKit
import Stage

enum AnimationDirection: Int {
    case up, down, left, right, undefined
}

protocol BlockViewControllerDelegate: AnyObject {
    /// Sets the block's starting and ending offsets for a move in `direction`; false when it cannot move
    /// that way (a wall or another block).
    func setOffsets(of block: BlockViewController, for direction: AnimationDirection) -> Bool
    /// The block's animator finished at `position` (`.end`: it now sits in the neighbouring cell).
    func block(_ block: BlockViewController, didFinishAt position: UIViewAnimatingPosition)
}

// MARK: - A block

final class BlockViewController: UIViewController {
    var startingXOffset: CGFloat = 0
    var endingXOffset: CGFloat = 0
    var startingYOffset: CGFloat = 0
    var endingYOffset: CGFloat = 0
    var topConstraint = NSLayoutConstraint()
    var leadingConstraint = NSLayoutConstraint()
    /// The block's side (ours: the article leaves sizes out); the board sets it from the screen width.
    var sizeConstraints: [NSLayoutConstraint] = []

    var animationDirection: AnimationDirection = .undefined
    var isVerticalAnimation: Bool {
        animationDirection == .up || animationDirection == .down
    }
    var transitionAnimator: UIViewPropertyAnimator?
    var animationProgress: CGFloat = 0

    weak var delegate: BlockViewControllerDelegate?
    let color: UIColor
    /// Where the block sits on the board (column, row); the delegate keeps it up to date.
    var cell: (column: Int, row: Int)
    /// The timeline label of the current animator run (render-transition marks it as a transition).
    private var runLabel = ""

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    init(color: UIColor, cell: (column: Int, row: Int)) {
        self.color = color
        self.cell = cell
        super.init(nibName: nil, bundle: nil)
    }

    override func loadView() { view = BlockView(color: color) }

    override func viewDidLoad() {
        super.viewDidLoad()
        let recognizer = UIPanGestureRecognizer()
        recognizer.addTarget(self, action: BlockViewController.viewPanned(recognizer:))
        view.addGestureRecognizer(recognizer)
    }

    /// The article's constraint set-up, once the view is on the board.
    override func didMove(toParent parent: UIViewController?) {
        super.didMove(toParent: parent)
        guard let superview = view.superview, !topConstraint.isActive else { return }
        view.translatesAutoresizingMaskIntoConstraints = false
        topConstraint = view.topAnchor.constraint(equalTo: superview.topAnchor, constant: startingYOffset)
        leadingConstraint = view.leadingAnchor.constraint(equalTo: superview.leadingAnchor, constant: startingXOffset)
        topConstraint.isActive = true
        leadingConstraint.isActive = true
        sizeConstraints = [view.widthAnchor.constraint(equalToConstant: 0), view.heightAnchor.constraint(equalTo: view.widthAnchor)]
        NSLayoutConstraint.activate(sizeConstraints)
    }

    /// Puts the block at rest at an offset (the board's layout, before any move).
    func place(x: CGFloat, y: CGFloat) {
        startingXOffset = x; endingXOffset = x
        startingYOffset = y; endingYOffset = y
        leadingConstraint.constant = x
        topConstraint.constant = y
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

    private func directionFromVelocity(_ velocity: CGPoint) -> AnimationDirection {
        guard velocity != .zero else { return .undefined }
        let isVertical = abs(velocity.y) > abs(velocity.x)
        var derivedDirection: AnimationDirection = .undefined
        if isVertical {
            derivedDirection = velocity.y < 0 ? .up : .down
        } else {
            derivedDirection = velocity.x < 0 ? .left : .right
        }
        return derivedDirection
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

    // MARK: Interaction

    func viewPanned(recognizer: UIPanGestureRecognizer) {
        switch recognizer.state {
        case .began:
            // A pan that starts mid-flight catches the animation where it is (ours: pausing it, which
            // scrubbing needs).
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

    /// The velocity is zero when the pan begins, so the animator starts at the first change that moves.
    private func didChangePan(recognizer: UIPanGestureRecognizer) {
        if transitionAnimator == nil {
            animationDirection = directionFromVelocity(recognizer.velocity(in: view.superview))
            guard animationDirection != .undefined else { return }
            beginAnimation()
            guard transitionAnimator != nil else { return }
        }
        guard let animator = transitionAnimator else { return }
        let translation = recognizer.translation(in: view.superview)
        let distance = isVerticalAnimation ? abs(endingYOffset - startingYOffset) : abs(endingXOffset - startingXOffset)
        var fraction: CGFloat
        switch animationDirection {
        case .up: fraction = -translation.y / distance
        case .down: fraction = translation.y / distance
        case .left: fraction = -translation.x / distance
        case .right: fraction = translation.x / distance
        case .undefined: fraction = 0
        }
        // A reversed animator counts its fraction from the far end.
        if animator.isReversed { fraction *= -1 }
        animator.fractionComplete = fraction + animationProgress
    }

    private func didEndPan(recognizer: UIPanGestureRecognizer) {
        guard let animator = transitionAnimator else { return }
        let velocity = recognizer.velocity(in: view.superview)
        let isOpposite = oppositeOfInitialAnimation(velocity: velocity)
        if isOpposite && !animator.isReversed {
            // Case 1: released against the move, not yet reversed → go back.
            reverseAnimation()
        } else if !isOpposite && animator.isReversed {
            // Case 2: released along the move after a reversal → go forward again.
            reverseAnimation()
        }
        // nil timing and factor 0: the rest of the way at the original curve, not an instant jump.
        animator.continueAnimation(withTimingParameters: nil, durationFactor: 0)
    }

    // MARK: Animation

    private func beginAnimation() {
        guard delegate?.setOffsets(of: self, for: animationDirection) == true else {
            animationDirection = .undefined
            return
        }
        transitionAnimator = UIViewPropertyAnimator(duration: 0.35, curve: .easeInOut) { [unowned self] in
            self.leadingConstraint.constant = self.endingXOffset
            self.topConstraint.constant = self.endingYOffset
            self.view.superview?.layoutIfNeeded()
        }
        configureAnimationCompletionBlock()
        runLabel = "block \(cell.column),\(cell.row) \(animationDirection)"
        Timeline.current.markTransitionBegin(runLabel)
        // Started from a pan: paused, the finger scrubs it.
        transitionAnimator?.pauseAnimation()
    }

    private func configureAnimationCompletionBlock() {
        transitionAnimator?.addCompletion { [unowned self] position in
            switch position {
            case .start:
                // Back where it began: the constraints as before the animation.
                self.leadingConstraint.constant = self.startingXOffset
                self.topConstraint.constant = self.startingYOffset
            case .end:
                // Moved: the end is the new start, so the block can go back and forth.
                self.swapXConstraints()
                self.swapYConstraints()
                self.leadingConstraint.constant = self.startingXOffset
                self.topConstraint.constant = self.startingYOffset
            case .current:
                break
            }
            // The article's sanity check: at `.end` the view must really be in its new place.
            if position == .end, self.view.frame.origin != CGPoint(x: self.startingXOffset, y: self.startingYOffset) {
                self.view.superview?.layoutIfNeeded()
            }
            Timeline.current.markTransitionEnd(self.runLabel, completed: position == .end)
            self.delegate?.block(self, didFinishAt: position)
            self.nullifyAnimations()
        }
    }
}

/// A rounded colour block with a soft shadow and a top-lit sheen.
final class BlockView: UIView {
    private let sheen = GradientView(colors: [UIColor(white: 1, alpha: 0.32), UIColor(white: 1, alpha: 0),
                                              UIColor(white: 0, alpha: 0.14)],
                                     start: CGPoint(x: 0.5, y: 0), end: CGPoint(x: 0.5, y: 1))
    private let highlight = UIView()

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    init(color: UIColor) {
        super.init(frame: .zero)
        backgroundColor = color
        layer.cornerRadius = Bloq.blockCornerRadius
        layer.shadowColor = UIColor.black.cgColor
        layer.shadowOpacity = 0.3
        layer.shadowRadius = 3
        layer.shadowOffset = CGSize(width: 0, height: 3)
        sheen.clipsToBounds = true
        sheen.layer.cornerRadius = Bloq.blockCornerRadius
        addSubview(sheen)
        highlight.backgroundColor = UIColor(white: 1, alpha: 0.35)
        addSubview(highlight)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        sheen.frame = bounds
        highlight.frame = CGRect(x: bounds.width * 0.18, y: 6, width: bounds.width * 0.34, height: 5)
        highlight.layer.cornerRadius = 2.5
    }
}

// MARK: - The board

enum Bloq {
    static let columns = 5
    static let rows = 6
    static let boardInset: CGFloat = 18     // screen edge → board
    static let boardPadding: CGFloat = 10   // board edge → first cell
    static let cellGap: CGFloat = 8
    static let boardCornerRadius: CGFloat = 22
    static let blockCornerRadius: CGFloat = 12

    /// The level: a letter per cell, "." empty. The hero (H) has empty cells to its right and below.
    static let level = [
        "CA.MV",
        "M.VCA",
        "AH.MC",
        "V.C.M",
        "CMAV.",
        ".VMAC",
    ]
    static let colors: [Character: UIColor] = [
        "H": UIColor(rgb: 0xFF5D73),        // coral: the block the script moves
        "A": UIColor(rgb: 0xFFB830),        // amber
        "M": UIColor(rgb: 0x2EC4A0),        // mint
        "C": UIColor(rgb: 0x3E8EF7),        // cornflower
        "V": UIColor(rgb: 0x9B6DF2),        // violet
    ]
}

final class BoardViewController: UIViewController, BlockViewControllerDelegate {
    let board = UIView()
    private let backdrop = GradientView(colors: [UIColor(rgb: 0x1B1840), UIColor(rgb: 0x2D1F57)],
                                        start: CGPoint(x: 0.5, y: 0), end: CGPoint(x: 0.5, y: 1))
    private let levelTitle = UILabel()
    private let levelCaption = UILabel()
    private let movesChip = UIView()
    private let movesLabel = UILabel()
    /// Moves made on this level so far; a block that lands in a new cell counts one more.
    private var moves = 12 {
        didSet { updateMovesLabel() }
    }
    private var emptyCells: [UIView] = []
    private(set) var blocks: [BlockViewController] = []
    /// Which block sits in each cell ([row][column]).
    private var grid: [[BlockViewController?]] = []
    /// Column/row pitch of the cells (cell size + gap).
    private(set) var pitch: CGFloat = 0
    private var laidOutFor: CGRect?
    /// Every animator run's end: the position it reported and the block's offsets after its completion.
    private(set) var finishes: [(position: UIViewAnimatingPosition, starting: CGPoint, ending: CGPoint)] = []

    var hero: BlockViewController { blocks.first { $0.color === Bloq.colors["H"] }! }

    override func loadView() {
        view = UIView(frame: UIScreen.main.bounds)
        view.backgroundColor = UIColor(rgb: 0x1B1840)
    }

    /// Light status bar text over the dark board.
    override var preferredStatusBarStyle: UIStatusBarStyle { .lightContent }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(backdrop)
        levelTitle.text = "Level 3"
        levelTitle.font = .systemFont(ofSize: 28, weight: .bold)
        levelTitle.textColor = UIColor(white: 1, alpha: 0.92)
        view.addSubview(levelTitle)
        levelCaption.text = "Par 14 · Best 16"
        levelCaption.font = .preferredFont(forTextStyle: .footnote)
        levelCaption.textColor = UIColor(white: 1, alpha: 0.5)
        view.addSubview(levelCaption)
        movesChip.backgroundColor = UIColor(white: 1, alpha: 0.12)
        movesLabel.textAlignment = .center
        updateMovesLabel()
        movesChip.addSubview(movesLabel)
        view.addSubview(movesChip)
        movesChip.layer.cornerRadius = 16
        // The header by anchors, as the game's would be: title and caption down the left of the safe
        // area, the moves chip on the right, its label filling it.
        for v in [levelTitle, levelCaption, movesChip, movesLabel] { v.translatesAutoresizingMaskIntoConstraints = false }
        let safe = view.safeAreaLayoutGuide
        NSLayoutConstraint.activate([
            levelTitle.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 24),
            levelTitle.topAnchor.constraint(equalTo: safe.topAnchor, constant: 10),
            levelTitle.heightAnchor.constraint(equalToConstant: 34),
            levelTitle.trailingAnchor.constraint(equalTo: movesChip.leadingAnchor, constant: -6),
            levelCaption.leadingAnchor.constraint(equalTo: levelTitle.leadingAnchor),
            levelCaption.trailingAnchor.constraint(equalTo: levelTitle.trailingAnchor),
            levelCaption.topAnchor.constraint(equalTo: levelTitle.bottomAnchor),
            levelCaption.heightAnchor.constraint(equalToConstant: 18),
            movesChip.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -24),
            movesChip.topAnchor.constraint(equalTo: safe.topAnchor, constant: 16),
            movesChip.widthAnchor.constraint(equalToConstant: 104), movesChip.heightAnchor.constraint(equalToConstant: 32),
            movesLabel.leadingAnchor.constraint(equalTo: movesChip.leadingAnchor),
            movesLabel.trailingAnchor.constraint(equalTo: movesChip.trailingAnchor),
            movesLabel.topAnchor.constraint(equalTo: movesChip.topAnchor),
            movesLabel.bottomAnchor.constraint(equalTo: movesChip.bottomAnchor),
        ])
        board.backgroundColor = UIColor(rgb: 0x0F0D2B, alpha: 0.75)
        board.layer.cornerRadius = Bloq.boardCornerRadius
        view.addSubview(board)
        grid = Array(repeating: Array(repeating: nil, count: Bloq.columns), count: Bloq.rows)
        for (row, line) in Bloq.level.enumerated() {
            for (column, letter) in line.enumerated() {
                let well = UIView()
                well.backgroundColor = UIColor(white: 1, alpha: 0.06)
                well.layer.cornerRadius = Bloq.blockCornerRadius
                board.addSubview(well)
                emptyCells.append(well)
                guard let color = Bloq.colors[letter] else { continue }
                let block = BlockViewController(color: color, cell: (column, row))
                addChild(block)
                block.delegate = self
                blocks.append(block)
                grid[row][column] = block
            }
        }
        // Blocks above every well, so a moving block never passes under an empty cell.
        for block in blocks {
            board.addSubview(block.view)
            block.didMove(toParent: self)
        }
    }

    /// The board fills the width between insets and sits in the middle of the safe area below the header.
    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let bounds = view.bounds, safe = view.safeAreaInsets
        guard laidOutFor != bounds else { return }
        laidOutFor = bounds
        backdrop.frame = bounds
        let top = safe.top

        let inner = bounds.width - 2 * Bloq.boardInset - 2 * Bloq.boardPadding
        pitch = ((inner + Bloq.cellGap) / CGFloat(Bloq.columns)).rounded(.down)
        let cellSize = pitch - Bloq.cellGap
        let width = CGFloat(Bloq.columns) * pitch - Bloq.cellGap + 2 * Bloq.boardPadding
        let height = CGFloat(Bloq.rows) * pitch - Bloq.cellGap + 2 * Bloq.boardPadding
        let headerBottom = top + 76
        let available = bounds.height - safe.bottom - headerBottom
        board.frame = CGRect(x: ((bounds.width - width) / 2).rounded(), y: (headerBottom + (available - height) / 2).rounded(),
                             width: width, height: height)
        for (index, well) in emptyCells.enumerated() {
            let origin = offset(column: index % Bloq.columns, row: index / Bloq.columns)
            well.frame = CGRect(origin: origin, size: CGSize(width: cellSize, height: cellSize))
        }
        for block in blocks {
            let origin = offset(column: block.cell.column, row: block.cell.row)
            block.place(x: origin.x, y: origin.y)
            block.sizeConstraints[0].constant = cellSize
        }
        board.layoutIfNeeded()
    }

    /// "Moves 12": a quiet word and the count in digits of one width, so the chip does not jitter as it counts.
    private func updateMovesLabel() {
        let text = NSMutableAttributedString(string: "Moves  ", attributes: [
            .font: UIFont.systemFont(ofSize: 13, weight: .semibold), .foregroundColor: UIColor(white: 1, alpha: 0.55),
        ])
        text.append(NSAttributedString(string: "\(moves)", attributes: [
            .font: UIFont.monospacedDigitSystemFont(ofSize: 17, weight: .semibold), .foregroundColor: UIColor.white,
        ]))
        movesLabel.attributedText = text
    }

    func offset(column: Int, row: Int) -> CGPoint {
        CGPoint(x: Bloq.boardPadding + CGFloat(column) * pitch, y: Bloq.boardPadding + CGFloat(row) * pitch)
    }

    private func neighbour(of cell: (column: Int, row: Int), _ direction: AnimationDirection) -> (column: Int, row: Int)? {
        switch direction {
        case .up: return (cell.column, cell.row - 1)
        case .down: return (cell.column, cell.row + 1)
        case .left: return (cell.column - 1, cell.row)
        case .right: return (cell.column + 1, cell.row)
        case .undefined: return nil
        }
    }

    // MARK: BlockViewControllerDelegate

    func setOffsets(of block: BlockViewController, for direction: AnimationDirection) -> Bool {
        guard let target = neighbour(of: block.cell, direction),
              (0..<Bloq.columns).contains(target.column), (0..<Bloq.rows).contains(target.row),
              grid[target.row][target.column] == nil else { return false }
        let start = offset(column: block.cell.column, row: block.cell.row)
        let end = offset(column: target.column, row: target.row)
        block.startingXOffset = start.x; block.startingYOffset = start.y
        block.endingXOffset = end.x; block.endingYOffset = end.y
        return true
    }

    func block(_ block: BlockViewController, didFinishAt position: UIViewAnimatingPosition) {
        finishes.append((position, CGPoint(x: block.startingXOffset, y: block.startingYOffset),
                         CGPoint(x: block.endingXOffset, y: block.endingYOffset)))
        guard position == .end, let target = neighbour(of: block.cell, block.animationDirection) else { return }
        moves += 1
        grid[block.cell.row][block.cell.column] = nil
        grid[target.row][target.column] = block
        block.cell = target
    }
}

// MARK: - Scene

/// bloq: drag the coral block half-way right, change your mind and let go moving left (it returns,
/// `.start`), then flick it down into the empty cell below (`.end`).
public final class BloqScene: Scene {
    public static let name = "bloq"
    public static let summary = "Bloq: a block scrubbed by a pan, reversed on release, then flicked into the cell below"
    private(set) var root: BoardViewController!
    public init() {}

    public func makeRootViewController() -> UIViewController {
        root = BoardViewController()
        return root
    }

    public func script() -> Script {
        var script = Script()
        let hero = { [unowned self] in self.root.hero.view! }
        let pitch = { [unowned self] in self.root.pitch }
        // Right, half a cell past the pan's 10 pt hysteresis; then back a little and let go moving left.
        script.touchDown(on: hero)
        script.move(to: { [unowned self] in
            let block = self.root.hero.view!
            let p = block.superview!.convert(block.center, to: nil)
            return CGPoint(x: p.x + pitch() / 2 + 10, y: p.y)
        }, duration: 0.4, curve: .easeInOut)
        script.hold(0.1)
        script.move(by: CGVector(dx: -16, dy: 0), duration: 0.15, releaseVelocity: CGVector(dx: -180, dy: 0))
        script.touchUp()
        script.waitUntilIdle()
        script.wait(0.3)
        // A flick down: released moving down past a third of a cell, the block completes into the cell below.
        script.flick(hero, velocity: CGVector(dx: 0, dy: 900), duration: 0.12)
        script.waitUntilIdle()
        return script
    }
}
