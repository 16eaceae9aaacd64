import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit
import Compositor
import Raster
import TransitionTesting

/// A controller whose view is a scroll view (as UITableViewController's is), with rows of labels.
final class ListController: UIViewController {
    let rows: Int
    let behaviour: UIScrollView.ContentInsetAdjustmentBehavior
    init(title: String = "Inbox", rows: Int = 40, behaviour: UIScrollView.ContentInsetAdjustmentBehavior = .automatic) {
        self.rows = rows
        self.behaviour = behaviour
        super.init(nibName: nil, bundle: nil)
        self.title = title
    }
    required init?(coder: NSCoder) { nil }
    var scrollView: UIScrollView { view as! UIScrollView }
    override func loadView() {
        let scroll = RecordingScrollView(frame: UIScreen.main.bounds)
        scroll.backgroundColor = .systemBackground
        scroll.contentInsetAdjustmentBehavior = behaviour
        for row in 0..<rows {
            let label = UILabel(frame: CGRect(x: 16, y: CGFloat(row) * 44, width: 361, height: 44))
            label.text = "Row \(row + 1)"
            scroll.addSubview(label)
            let separator = UIView(frame: CGRect(x: 16, y: CGFloat(row + 1) * 44 - 1.0 / 3, width: 377, height: 1.0 / 3))
            separator.backgroundColor = .separator
            scroll.addSubview(separator)
        }
        scroll.contentSize = CGSize(width: 393, height: CGFloat(rows) * 44)
        view = scroll
    }
}

/// Counts `adjustedContentInsetDidChange()` and what its delegate hears.
final class RecordingScrollView: UIScrollView, UIScrollViewDelegate {
    var didChangeCalls = 0
    var delegateCalls = 0
    override func adjustedContentInsetDidChange() { didChangeCalls += 1 }
    func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) { delegateCalls += 1 }
    override init(frame: CGRect) { super.init(frame: frame); delegate = self }
    required init?(coder: NSCoder) { nil }
}

/// adjustedContentInset by behaviour, the initial offset, the layout guides, the refresh control, and
/// the navigation bar following its scroll view (large titles, scroll-edge appearance), at iPhone 16
/// size (393 × 852 pt, 59 pt status area, 34 pt home indicator).
@Suite struct ScrollInsets {
    func inset(_ top: CGFloat, _ bottom: CGFloat, left: CGFloat = 0, right: CGFloat = 0) -> UIEdgeInsets {
        UIEdgeInsets(top: top, left: left, bottom: bottom, right: right)
    }

    @Test func aNavigationChildsScrollViewTakesTheBarsAndStartsUnderThem() {
        let list = ListController()
        onStage(UINavigationController(rootViewController: list)) { _ in
            // 59 pt status area + 44 pt bar above, the home indicator below.
            #expect(list.scrollView.adjustedContentInset == inset(103, 34))
            #expect(list.scrollView.contentOffset == CGPoint(x: 0, y: -103))
            let recorder = list.scrollView as! RecordingScrollView
            #expect(recorder.didChangeCalls == 1 && recorder.delegateCalls == 1)
        }
    }

    @Test func aTabAndNavigationChildTakesBothBars() {
        let list = ListController()
        let tabs = UITabBarController()
        tabs.viewControllers = [UINavigationController(rootViewController: list)]
        onStage(tabs) { _ in
            #expect(list.scrollView.adjustedContentInset == inset(103, 49 + 34))
            #expect(list.scrollView.contentOffset.y == -103)
        }
    }

    @Test func eachBehaviourFollowsApplesRules() {
        func adjusted(_ behaviour: UIScrollView.ContentInsetAdjustmentBehavior, rows: Int) -> UIEdgeInsets {
            let list = ListController(rows: rows, behaviour: behaviour)
            var result = UIEdgeInsets.zero
            onStage(UINavigationController(rootViewController: list)) { _ in result = list.scrollView.adjustedContentInset }
            return result
        }
        // 40 rows scroll vertically; 3 rows (132 pt) do not.
        #expect(adjusted(.automatic, rows: 40) == inset(103, 34))
        #expect(adjusted(.automatic, rows: 3) == inset(103, 34))   // a navigation child's scroll view: always vertical
        #expect(adjusted(.scrollableAxes, rows: 40) == inset(103, 34))
        #expect(adjusted(.scrollableAxes, rows: 3) == .zero)
        #expect(adjusted(.always, rows: 3) == inset(103, 34))
        #expect(adjusted(.never, rows: 40) == .zero)
    }

    @Test func neverLeavesTheOffsetAndAutomaticOutsideABarControllerIsScrollableAxes() {
        let list = ListController(behaviour: .never)
        onStage(UINavigationController(rootViewController: list)) { _ in
            #expect(list.scrollView.contentOffset == .zero)
        }
        // A plain controller: the screen's safe area, only on the axis that scrolls.
        let plain = ListController(rows: 3)
        onStage(plain) { _ in #expect(plain.scrollView.adjustedContentInset == .zero) }
        let tall = ListController(rows: 40)
        onStage(tall) { _ in
            #expect(tall.scrollView.adjustedContentInset == inset(59, 34))
            #expect(tall.scrollView.contentOffset.y == -59)
        }
    }

    @Test func contentInsetAddsUpAndIsReportedAtOnceWithoutMovingTheOffset() {
        let list = ListController()
        onStage(UINavigationController(rootViewController: list)) { _ in
            let scroll = list.scrollView as! RecordingScrollView
            scroll.contentInset = UIEdgeInsets(top: 10, left: 0, bottom: 20, right: 0)
            #expect(scroll.adjustedContentInset == inset(113, 54))
            #expect(scroll.didChangeCalls == 2 && scroll.delegateCalls == 2)
            #expect(scroll.contentOffset.y == -103)
            scroll.contentInsetAdjustmentBehavior = .never
            #expect(scroll.adjustedContentInset == inset(10, 20) && scroll.didChangeCalls == 3)
        }
    }

    @Test func anInsetSetInAWindowBeforeTheFirstLayoutStillStartsTheContentUnderIt() {
        Timeline.$current.withValue(Timeline()) {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
            let scroll = RecordingScrollView(frame: window.bounds)
            scroll.contentSize = CGSize(width: 393, height: 2000)
            window.addSubview(scroll)
            scroll.contentInset = UIEdgeInsets(top: 10, left: 0, bottom: 0, right: 0)
            window.layoutIfNeeded()
            #expect(scroll.adjustedContentInset.top == window.safeAreaInsets.top + 10 && window.safeAreaInsets.top > 0)
            #expect(scroll.contentOffset.y == -scroll.adjustedContentInset.top)
            #expect(scroll.didChangeCalls == 1 && scroll.delegateCalls == 1)
        }
    }

    @Test func largeTitlesStartTheFirstRowUnderTheFullBar() {
        let list = ListController()
        let nav = UINavigationController(rootViewController: list)
        nav.navigationBar.prefersLargeTitles = true
        onStage(nav) { _ in
            #expect(list.scrollView.adjustedContentInset.top == 155)
            #expect(list.scrollView.contentOffset.y == -155)
            #expect(nav.navigationBar.frame == CGRect(x: 0, y: 59, width: 393, height: 96))
        }
    }

    // MARK: Layout guides

    @Test func constraintsToTheContentGuideDecideTheContentSize() {
        let root = UIViewController()
        onStage(root) { stage in
            let scroll = UIScrollView(frame: .zero)
            scroll.translatesAutoresizingMaskIntoConstraints = false
            root.view.addSubview(scroll)
            let stack = UIStackView()
            stack.axis = .vertical
            stack.spacing = 10
            stack.translatesAutoresizingMaskIntoConstraints = false
            scroll.addSubview(stack)
            var cards: [UIView] = []
            for _ in 0..<5 {
                let card = UIView()
                card.heightAnchor.constraint(equalToConstant: 200).isActive = true
                stack.addArrangedSubview(card)
                cards.append(card)
            }
            NSLayoutConstraint.activate([
                scroll.topAnchor.constraint(equalTo: root.view.topAnchor),
                scroll.bottomAnchor.constraint(equalTo: root.view.bottomAnchor),
                scroll.leadingAnchor.constraint(equalTo: root.view.leadingAnchor),
                scroll.trailingAnchor.constraint(equalTo: root.view.trailingAnchor),
                stack.topAnchor.constraint(equalTo: scroll.contentLayoutGuide.topAnchor, constant: 20),
                stack.bottomAnchor.constraint(equalTo: scroll.contentLayoutGuide.bottomAnchor, constant: -20),
                stack.leadingAnchor.constraint(equalTo: scroll.contentLayoutGuide.leadingAnchor, constant: 16),
                stack.trailingAnchor.constraint(equalTo: scroll.contentLayoutGuide.trailingAnchor, constant: -16),
                stack.widthAnchor.constraint(equalTo: scroll.frameLayoutGuide.widthAnchor, constant: -32),
            ])
            stage.run(for: 0)
            // 5 × 200 + 4 × 10 + 2 × 20 tall; as wide as the frame.
            #expect(scroll.contentSize == CGSize(width: 393, height: 1080))
            #expect(scroll.contentLayoutGuide.layoutFrame == CGRect(x: 0, y: 0, width: 393, height: 1080))
            #expect(cards[4].convert(cards[4].bounds, to: scroll) == CGRect(x: 16, y: 860, width: 361, height: 200))
            // A taller card makes the content taller.
            cards[0].constraints.first { $0.firstAttribute == .height }?.constant = 300
            stage.run(for: 0)
            #expect(scroll.contentSize.height == 1180)
        }
    }

    @Test func aViewPinnedToTheFrameGuideStaysPutWhileTheContentScrolls() {
        let root = UIViewController()
        onStage(root) { stage in
            let scroll = UIScrollView(frame: root.view.bounds)
            scroll.contentSize = CGSize(width: 393, height: 3000)
            scroll.contentInsetAdjustmentBehavior = .never
            root.view.addSubview(scroll)
            let badge = UIView()
            badge.translatesAutoresizingMaskIntoConstraints = false
            scroll.addSubview(badge)
            NSLayoutConstraint.activate([
                badge.topAnchor.constraint(equalTo: scroll.frameLayoutGuide.topAnchor, constant: 100),
                badge.trailingAnchor.constraint(equalTo: scroll.frameLayoutGuide.trailingAnchor, constant: -10),
                badge.widthAnchor.constraint(equalToConstant: 40), badge.heightAnchor.constraint(equalToConstant: 40),
            ])
            stage.run(for: 0)
            #expect(badge.frame == CGRect(x: 343, y: 100, width: 40, height: 40))
            scroll.contentOffset.y = 500
            stage.run(for: 0)
            #expect(scroll.frameLayoutGuide.layoutFrame == CGRect(x: 0, y: 500, width: 393, height: 852))
            #expect(badge.frame.minY == 600 && badge.convert(badge.bounds, to: nil).minY == 100)
        }
    }

    // MARK: Refresh control

    @Test func theRefreshControlHidesAtRestShowsSpokesAsPulledAndRefreshesPastTheThreshold() {
        let list = ListController()
        let refresh = UIRefreshControl()
        var changes = 0
        refresh.addAction(UIAction { _ in changes += 1 }, for: .valueChanged)
        onStage(UINavigationController(rootViewController: list)) { stage in
            let scroll = list.scrollView
            scroll.refreshControl = refresh
            #expect(refresh.superview === scroll && scroll.subviews.first === refresh)
            // At rest: just above the content, no spokes showing.
            #expect(refresh.frame == CGRect(x: 0, y: -60, width: 393, height: 60))
            #expect(refresh.spinner.visibleSpokes == 0 && !refresh.isRefreshing)
            // Pulled 50 of the 100 pt: half the spokes, the spinner centred in the 50 pt gap.
            scroll.contentOffset.y = -103 - 50
            stage.run(for: 0)
            #expect(refresh.spinner.visibleSpokes == 4 && !refresh.isRefreshing && changes == 0)
            #expect(refresh.convert(refresh.spinner.center, to: scroll).y == -25)
            // Past the threshold: refreshing, .valueChanged once, the inset 60 pt taller; no second event.
            scroll.contentOffset.y = -103 - 100
            scroll.contentOffset.y = -103 - 120
            #expect(refresh.isRefreshing && changes == 1)
            #expect(scroll.adjustedContentInset.top == 163)
            #expect(refresh.spinner.isAnimating && refresh.spinner.visibleSpokes == 8)
            // Ending: the inset shrinks and content below its resting place goes back up.
            refresh.endRefreshing()
            stage.settle()
            #expect(!refresh.isRefreshing && scroll.adjustedContentInset.top == 103 && scroll.contentOffset.y == -103)
            #expect(!refresh.spinner.isAnimating)
            // Disabled: no refresh.
            refresh.isEnabled = false
            scroll.contentOffset.y = -103 - 150
            #expect(!refresh.isRefreshing && changes == 1)
        }
    }

    @Test func aFingerPullingTheListDownRefreshesAndTheContentRestsBelowTheSpinner() {
        let list = ListController()
        let refresh = UIRefreshControl()
        var changes = 0
        refresh.addAction(UIAction { _ in changes += 1 }, for: .valueChanged)
        onStage(UINavigationController(rootViewController: list)) { stage in
            let scroll = list.scrollView
            scroll.refreshControl = refresh
            // A 300 pt drag down (rubber-banded to about 134 pt past the top): refreshing during the drag.
            stage.window.sendTouch(finger: 0, phase: .began, at: CGPoint(x: 200, y: 300))
            for step in 1...30 {
                stage.run(for: 1.0 / 120)
                stage.window.sendTouch(finger: 0, phase: .moved, at: CGPoint(x: 200, y: 300 + CGFloat(step) * 10))
            }
            #expect(refresh.isRefreshing && changes == 1 && scroll.isDragging)
            stage.run(for: 0.2)   // held still before lifting: no flick
            stage.window.sendTouch(finger: 0, phase: .ended, at: CGPoint(x: 200, y: 600))
            stage.settle()
            // Released, the content bounces back to rest under the spinner (103 + 60 pt).
            #expect(scroll.contentOffset.y == -163 && refresh.isRefreshing && changes == 1)
            refresh.endRefreshing()
            stage.settle()
            #expect(scroll.contentOffset.y == -103 && !refresh.isRefreshing)
        }
    }

    @Test func beginRefreshingGrowsTheInsetWithoutScrollingAsOnIOS() {
        let list = ListController()
        let refresh = UIRefreshControl()
        refresh.tintColor = .systemRed
        refresh.attributedTitle = NSAttributedString(string: "Checking mail")
        var changes = 0
        refresh.addAction(UIAction { _ in changes += 1 }, for: .valueChanged)
        onStage(UINavigationController(rootViewController: list)) { stage in
            list.scrollView.refreshControl = refresh
            refresh.beginRefreshing()
            #expect(refresh.isRefreshing && changes == 0 && list.scrollView.adjustedContentInset.top == 163)
            #expect(list.scrollView.contentOffset.y == -103)
            #expect(refresh.spinner.color == .systemRed && refresh.tintColor == .systemRed)
            refresh.tintColor = nil
            #expect(refresh.tintColor == .systemGray)
        }
    }

    @Test func theSpinnerTurnsOneSpokeAnEighthOfASecondOnTheVirtualClock() throws {
        let root = UIViewController()
        onStage(root) { stage in
            let spinner = ActivitySpinnerView()
            root.view.addSubview(spinner)
            spinner.startAnimating()
            let start = stage.clock.now
            func angle(at t: TimeInterval) -> CGFloat {
                let state = spinner.spokes.presentationState(at: start + t)
                return atan2(state.transform.m12, state.transform.m11)
            }
            #expect(abs(angle(at: 0.01)) < 1e-9)
            #expect(abs(angle(at: 0.3) - .pi / 2) < 1e-9)        // 2 steps of 45°
            #expect(abs(angle(at: 1.13) - .pi / 4) < 1e-9)       // a full turn and one step
            spinner.stopAnimating()
            #expect(stage.clock.isIdle)
        }
    }

    // MARK: Large titles and scroll-edge appearance

    /// Scrolls the list so its content has moved `d` points up from rest (155 pt under a full large-title
    /// bar), then runs a layout pass.
    func scroll(_ list: ListController, movedUp d: CGFloat, _ stage: Stage) {
        list.scrollView.contentOffset.y = -155 + d
        stage.run(for: 0)
    }

    @Test func theLargeTitleRowCollapsesWithTheContentAndTheInsetFollows() {
        let list = ListController()
        let nav = UINavigationController(rootViewController: list)
        nav.navigationBar.prefersLargeTitles = true
        onStage(nav) { stage in
            let bar = nav.navigationBar
            let shown = bar.shownItemView!
            // 26 pt up: the row is 26 pt, the safe area and adjusted inset 26 pt less; the offset stays.
            scroll(list, movedUp: 26, stage)
            #expect(bar.frame.height == 70 && list.view.safeAreaInsets.top == 129)
            #expect(list.scrollView.adjustedContentInset.top == 129 && list.scrollView.contentOffset.y == -129)
            // The large title keeps to the bar's bottom edge; the standard row's lower edge (y = 44) clips it.
            let label = shown.largeTitleLabel!, box = NavigationBarItemView.restingFrame(label)
            #expect(abs(box.minY + (label.layer.mask?.frame.minY ?? 0) - 44) < 1e-9 && box.minY < 44)
            #expect(shown.titleLabel.isHidden)
            // The inline title fades in over the last 11 pt (the large title's baseline gone under the row).
            scroll(list, movedUp: 41, stage)
            #expect(shown.titleLabel.isHidden)
            scroll(list, movedUp: 46.5, stage)
            #expect(!shown.titleLabel.isHidden && abs(shown.titleLabel.alpha - 0.5) < 1e-9)
            // Collapsed: a 44 pt bar, the inline title shown, still at the scroll edge.
            scroll(list, movedUp: 52, stage)
            #expect(bar.frame.height == 44 && shown.titleLabel.alpha == 1 && bar.scrollEdgeProgress == 0)
            #expect(list.scrollView.adjustedContentInset.top == 103 && list.scrollView.contentOffset.y == -103)
            // Further up: content under the bar, the standard appearance fades in over 12 pt.
            scroll(list, movedUp: 58, stage)
            #expect(bar.scrollEdgeProgress == 0.5 && bar.frame.height == 44)
            #expect(bar.standardBackground?.isHidden == false && bar.standardBackground?.alpha == 0.5)
            scroll(list, movedUp: 300, stage)
            #expect(bar.scrollEdgeProgress == 1 && list.scrollView.adjustedContentInset.top == 103)
            // Back to rest: everything as it was.
            scroll(list, movedUp: 0, stage)
            #expect(bar.frame.height == 96 && shown.titleLabel.isHidden && bar.scrollEdgeProgress == 0)
            #expect(bar.standardBackground?.isHidden == true && list.scrollView.adjustedContentInset.top == 155)
            #expect(shown.largeTitleLabel?.layer.mask == nil)
        }
    }

    @Test func aScrollViewPinnedInsideTheRootViewIsFollowedAndSafeAreaConstraintsMoveWithTheBar() {
        let root = UIViewController()
        root.title = "Detail"
        let nav = UINavigationController(rootViewController: root)
        nav.navigationBar.prefersLargeTitles = true
        let scroll = UIScrollView()
        let banner = UIView()
        onStage(nav) { stage in
            scroll.translatesAutoresizingMaskIntoConstraints = false
            banner.translatesAutoresizingMaskIntoConstraints = false
            scroll.contentSize = CGSize(width: 393, height: 3000)
            root.view.addSubview(scroll)
            root.view.addSubview(banner)
            NSLayoutConstraint.activate([
                scroll.topAnchor.constraint(equalTo: root.view.topAnchor),
                scroll.bottomAnchor.constraint(equalTo: root.view.bottomAnchor),
                scroll.leadingAnchor.constraint(equalTo: root.view.leadingAnchor),
                scroll.trailingAnchor.constraint(equalTo: root.view.trailingAnchor),
                banner.topAnchor.constraint(equalTo: root.view.safeAreaLayoutGuide.topAnchor),
                banner.leadingAnchor.constraint(equalTo: root.view.leadingAnchor),
                banner.widthAnchor.constraint(equalToConstant: 100), banner.heightAnchor.constraint(equalToConstant: 20),
            ])
            stage.run(for: 0)
            #expect(root.contentScrollView(for: .top) === scroll)
            #expect(scroll.contentOffset.y == -155 && banner.frame.minY == 155)
            scroll.contentOffset.y = -155 + 26
            stage.run(for: 0)
            #expect(nav.navigationBar.frame.height == 70 && scroll.adjustedContentInset.top == 129)
            #expect(banner.frame.minY == 129)
        }
    }

    @Test func pulledDownTheLargeTitleRowGrowsAndTheTitleScalesButTheInsetStays() {
        let list = ListController()
        let nav = UINavigationController(rootViewController: list)
        nav.navigationBar.prefersLargeTitles = true
        onStage(nav) { stage in
            let shown = nav.navigationBar.shownItemView!
            scroll(list, movedUp: -50, stage)
            #expect(nav.navigationBar.frame.height == 146)
            #expect(list.scrollView.adjustedContentInset.top == 155 && list.scrollView.contentOffset.y == -205)
            // 50 of the 100 pt that give the full 1.1: 1.05, about the title's leading end on its baseline.
            let label = shown.largeTitleLabel!
            #expect(abs(label.transform.a - 1.05) < 1e-9 && abs(label.transform.d - 1.05) < 1e-9)
            let frame = NavigationBarItemView.restingFrame(label)
            let leading = CGPoint(x: frame.minX, y: frame.midY).applying(
                CGAffineTransform(translationX: -frame.midX, y: -frame.midY).concatenating(label.transform)
                    .concatenating(CGAffineTransform(translationX: frame.midX, y: frame.midY)))
            #expect(abs(leading.x - frame.minX) < 1e-9)
            scroll(list, movedUp: -300, stage)
            #expect(abs(label.transform.a - 1.1) < 1e-9)
        }
    }

    @Test func aStandardBarIsTransparentAtTheTopAndFadesToItsMaterialAsContentGoesUnder() {
        let list = ListController()
        let nav = UINavigationController(rootViewController: list)
        onStage(nav) { stage in
            let bar = nav.navigationBar
            #expect(bar.scrollEdgeProgress == 0 && bar.standardBackground == nil)
            list.scrollView.contentOffset.y = -103 + 3
            stage.run(for: 0)
            #expect(bar.scrollEdgeProgress == 0.25 && bar.standardBackground?.alpha == 0.25)
            list.scrollView.contentOffset.y = -103 + 40
            stage.run(for: 0)
            #expect(bar.scrollEdgeProgress == 1 && bar.frame.height == 44)
            // A pushed screen arrives at rest: the bar goes back to its scroll-edge look.
            nav.pushViewController(ListController(title: "Detail"), animated: true)
            stage.settle()
            #expect(bar.scrollEdgeProgress == 0)
        }
    }

    @Test func theTrackedScrollViewIsTheRootTheOneSetOrTheFirstOneDown() {
        let root = UIViewController()
        let nav = UINavigationController(rootViewController: root)
        onStage(nav) { stage in
            let header = UIView(frame: CGRect(x: 0, y: 0, width: 393, height: 100))
            let first = UIScrollView(frame: root.view.bounds)
            let second = UIScrollView(frame: root.view.bounds)
            root.view.addSubview(first)
            root.view.addSubview(second)
            root.view.addSubview(header)
            #expect(root.contentScrollView(for: .top) === first)
            root.setContentScrollView(second, for: .top)
            #expect(root.contentScrollView(for: .top) === second && root.contentScrollView(for: .bottom) === first)
            root.setContentScrollView(nil)
            #expect(root.contentScrollView(for: .top) === first)
            // The tracked one moves the bar's appearance.
            root.setContentScrollView(second)
            second.contentSize = CGSize(width: 393, height: 3000)
            stage.run(for: 0)
            second.contentOffset.y += 24
            stage.run(for: 0)
            #expect(nav.navigationBar.scrollEdgeProgress == 1)
        }
    }

    /// The window's top 300 pt at 1×: a large-title bar at rest over a list, and collapsed over the list
    /// scrolled under it. Looked at before recording: transparent bar with the 34 pt title over the first
    /// rows; then a 44 pt bar, the inline title centred, material fill and hairline over the rows.
    @Test func largeTitleBarGoldens() {
        LayerRenderer.installContextRasterizer()
        let list = ListController()
        let nav = UINavigationController(rootViewController: list)
        nav.navigationBar.prefersLargeTitles = true
        onStage(nav) { stage in
            func top() -> PixelBuffer {
                LayerRenderer(scale: 1).render(stage.window.layer.snapshot(at: stage.clock.now), size: CGSize(width: 393, height: 300))
            }
            assertImageSnapshot(top(), named: "large-title-expanded")
            scroll(list, movedUp: 120, stage)
            assertImageSnapshot(top(), named: "large-title-collapsed")
        }
    }
}
