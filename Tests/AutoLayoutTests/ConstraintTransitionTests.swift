import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit

/// A present animator written the Auto Layout way: the presented view is pinned into the container by
/// constraints, its top starts below the screen, and the animator changes the constant and lays out in an
/// animation block. The sheet's content is a stack view.
private final class SheetAnimator: NSObject, UIViewControllerAnimatedTransitioning, UIViewControllerTransitioningDelegate {
    var top: NSLayoutConstraint?
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.5 }
    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let container = transitionContext.containerView
        guard let sheet = transitionContext.view(forKey: .to) else { return }
        sheet.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(sheet)
        let top = sheet.topAnchor.constraint(equalTo: container.bottomAnchor)
        self.top = top
        NSLayoutConstraint.activate([
            top, sheet.leadingAnchor.constraint(equalTo: container.leadingAnchor),
            sheet.trailingAnchor.constraint(equalTo: container.trailingAnchor),
            sheet.heightAnchor.constraint(equalTo: container.heightAnchor, multiplier: 0.5),
        ])
        container.layoutIfNeeded()
        top.constant = -container.bounds.height / 2
        UIView.animate(withDuration: 0.5, delay: 0, options: [.curveLinear], animations: {
            container.layoutIfNeeded()
        }, completion: { transitionContext.completeTransition($0) })
    }
    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? { self }
}

private final class SheetController: UIViewController {
    let title1 = Box(120, 24), body = Box(200, 60), button = Box(100, 44)
    override func viewDidLoad() {
        super.viewDidLoad()
        let stack = UIStackView(arrangedSubviews: [title1, body, button])
        stack.axis = .vertical
        stack.alignment = .center
        stack.spacing = 12
        stack.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(stack)
        NSLayoutConstraint.activate([stack.centerXAnchor.constraint(equalTo: view.centerXAnchor),
                                     stack.topAnchor.constraint(equalTo: view.topAnchor, constant: 20)])
    }
}

@Suite(.serialized) struct ConstraintTransitions {
    @Test func aSheetPresentedByConstraintsSlidesUpOnTheBlockCurve() {
        let root = UIViewController()
        onStage(root) { window, clock in
            let animator = SheetAnimator()
            let sheet = SheetController()
            sheet.modalPresentationStyle = .custom
            sheet.transitioningDelegate = animator
            let start = clock.now
            root.present(sheet, animated: true)
            run(window, clock, to: start + 0.25)
            // Linear, half-way: the sheet's top at 852 − 213 = 639.
            let y = sheet.view.layer.presentation()!.position.y - sheet.view.layer.presentation()!.bounds.height / 2
            #expect(abs(y - 639) < 1e-6)
            run(window, clock, to: start + 0.6)
            #expect(sheet.view.frame == CGRect(x: 0, y: 426, width: 393, height: 426))
            // The stack inside: centred (96.5 points is 289.5 pixels, rounded to 290), 20 below the sheet's
            // top, sized by its views.
            #expect(sheet.title1.superview!.frame.isClose(to: CGRect(x: 290.0 / 3, y: 20, width: 200, height: 152)))
            #expect(sheet.body.frame == CGRect(x: 0, y: 36, width: 200, height: 60))
            #expect(sheet.button.frame == CGRect(x: 50, y: 108, width: 100, height: 44))
        }
    }
}
