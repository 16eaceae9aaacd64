/// iOS 18's `UIViewController.Transition` and the zoom's options and contexts, as Apple declares them. A
/// controller's `preferredTransition` picks the system animation used when it is pushed or presented and
/// no delegate supplies an animator: the zoom (ZoomTransitionAnimator.swift), or one of the modal styles,
/// which run the same animators as `modalTransitionStyle`.
extension UIViewController {
    /// A transition for showing a view controller: `.zoom(options:sourceViewProvider:)`, `.coverVertical`,
    /// `.crossDissolve`, `.flipHorizontal` or `.partialCurl`.
    public final class Transition: NSObject {
        enum Kind {
            case zoom(ZoomOptions?, (ZoomSourceViewProviderContext) -> UIView?)
            case modal(UIModalTransitionStyle)
        }
        let kind: Kind
        /// The zoom's interactive dismissal while a finger drives it (asked by the pop or dismissal it starts).
        var pendingInteraction: ZoomInteractiveDismissal?
        /// The gestures that start the interactive dismissal, installed on the zoomed controller's view once
        /// it is shown.
        var dismissGestures: ZoomDismissGestures?

        init(kind: Kind) { self.kind = kind }

        /// Zooms the pushed or presented controller's view out of the view the provider returns (asked
        /// when the controller is shown, and again when it is dismissed, so it may name another view then),
        /// and back into it on the way out; a downward swipe or a pinch dismisses it interactively.
        public static func zoom(options: ZoomOptions? = nil,
                                sourceViewProvider: @escaping (ZoomSourceViewProviderContext) -> UIView?) -> Self {
            Self(kind: .zoom(options?.copy() as? ZoomOptions, sourceViewProvider))
        }
        /// The new view slides up from the bottom of the screen (`UIModalTransitionStyle.coverVertical`).
        public static var coverVertical: Self { Self(kind: .modal(.coverVertical)) }
        /// The current view fades out while the new one fades in (`UIModalTransitionStyle.crossDissolve`).
        public static var crossDissolve: Self { Self(kind: .modal(.crossDissolve)) }
        /// The current view flips horizontally to reveal the new one (`UIModalTransitionStyle.flipHorizontal`).
        public static var flipHorizontal: Self { Self(kind: .modal(.flipHorizontal)) }
        /// A corner of the current view curls up to reveal the new one (`UIModalTransitionStyle.partialCurl`).
        public static var partialCurl: Self { Self(kind: .modal(.partialCurl)) }

        /// The modal style this transition stands for (nil for the zoom).
        var modalTransitionStyle: UIModalTransitionStyle? {
            if case let .modal(style) = kind { return style }
            return nil
        }
        var isZoom: Bool { modalTransitionStyle == nil }
        /// The zoom's options (a default set when none were given).
        var zoomOptions: ZoomOptions {
            if case let .zoom(options, _) = kind, let options { return options }
            return ZoomOptions()
        }
        /// Asks the zoom's source view provider.
        func sourceView(_ context: ZoomSourceViewProviderContext) -> UIView? {
            if case let .zoom(_, provider) = kind { return provider(context) }
            return nil
        }

        /// Options for a zoom transition. Copied when the transition is made, as UIKit copies them.
        public class ZoomOptions: NSObject, NSCopying {
            /// Asked when a swipe or pinch on the zoomed view would start the interactive dismissal; false
            /// keeps the gesture from dismissing (its touches go on to the views below). nil: the system's
            /// own decision (`InteractionContext.willBegin`).
            public var interactiveDismissShouldBegin: ((InteractionContext) -> Bool)?
            /// The rectangle, in the zoomed controller's view, that the source view zooms into (and out of);
            /// nil (or no provider): the whole view.
            public var alignmentRectProvider: ((AlignmentRectContext) -> CGRect?)?
            /// The colour laid over the source's screen as the zoomed view grows (nil: the system's dimming,
            /// black at 10 % — an estimate, see docs/UIKIT-COMPATIBILITY.md).
            public var dimmingColor: UIColor?
            /// A blur laid over the source's screen as the zoomed view grows, fading in with it (nil: none).
            public var dimmingVisualEffect: UIBlurEffect?

            public override init() { super.init() }

            public func copy(with zone: NSZone? = nil) -> Any {
                let copy = ZoomOptions()
                copy.interactiveDismissShouldBegin = interactiveDismissShouldBegin
                copy.alignmentRectProvider = alignmentRectProvider
                copy.dimmingColor = dimmingColor
                copy.dimmingVisualEffect = dimmingVisualEffect
                return copy
            }

            /// What `interactiveDismissShouldBegin` is told about the gesture.
            public class InteractionContext: NSObject {
                /// Where the touch is, in the zoomed controller's view.
                public let location: CGPoint
                /// The touch's velocity in points per second.
                public let velocity: CGVector
                /// Whether the system would begin the dismissal on its own (a downward swipe, a rightward swipe
                /// from the left edge of a pushed controller, a pinch that closes).
                public let willBegin: Bool
                init(location: CGPoint, velocity: CGVector, willBegin: Bool) {
                    self.location = location; self.velocity = velocity; self.willBegin = willBegin
                    super.init()
                }
            }

            /// What `alignmentRectProvider` is told: the two ends of the zoom.
            public class AlignmentRectContext: NSObject {
                /// The zoomed-out view, for example a thumbnail image.
                public let sourceView: UIView
                /// The zoomed-in controller.
                public let zoomedViewController: UIViewController
                init(sourceView: UIView, zoomedViewController: UIViewController) {
                    self.sourceView = sourceView; self.zoomedViewController = zoomedViewController
                    super.init()
                }
            }
        }

        /// What the source view provider is told: the controller the zoom leaves from and the zoomed one.
        public class ZoomSourceViewProviderContext: NSObject {
            /// The controller the source view belongs to: the one below on the navigation stack, or the
            /// presenting controller.
            public let sourceViewController: UIViewController
            /// The controller shown zoomed (the one whose `preferredTransition` this is).
            public let zoomedViewController: UIViewController
            init(sourceViewController: UIViewController, zoomedViewController: UIViewController) {
                self.sourceViewController = sourceViewController; self.zoomedViewController = zoomedViewController
                super.init()
            }
        }
    }

    /// The modal style a presentation animates with: `preferredTransition`'s when it is one of the modal
    /// styles, otherwise `modalTransitionStyle`.
    var effectiveModalTransitionStyle: UIModalTransitionStyle {
        preferredTransition?.modalTransitionStyle ?? modalTransitionStyle
    }

    /// The presentation style a presentation uses: a zoom presents over the full screen when the style is
    /// left to the system (`.automatic`), as iOS 18 does, so the zoomed view can fill the screen.
    var effectiveModalPresentationStyle: UIModalPresentationStyle {
        if preferredTransition?.isZoom == true, modalPresentationStyle == .automatic { return .fullScreen }
        return modalPresentationStyle
    }
}
