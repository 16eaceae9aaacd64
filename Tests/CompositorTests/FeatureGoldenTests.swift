import Testing
import Foundation
import QuartzCore
import Raster
import TransitionTesting
import Compositor
import TestSupport

/// One golden per rendering feature, each a small layer tree drawn at 2×, checked by eye before recording.
@Suite struct FeatureGoldens {

    static let white = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
    static let orange = CGColor(red: 1, green: 0.62, blue: 0.04, alpha: 1)
    static let indigo = CGColor(red: 0.37, green: 0.36, blue: 0.9, alpha: 1)
    static let teal = CGColor(red: 0.19, green: 0.69, blue: 0.78, alpha: 1)

    static func layer(_ frame: CGRect, _ color: CGColor? = nil, _ configure: (inout LayerState) -> Void = { _ in }) -> LayerSnapshot {
        testLayer(frame, color, configure)
    }

    static func canvas(_ sublayers: [LayerSnapshot]) -> LayerSnapshot {
        var root = layer(CGRect(x: 0, y: 0, width: 160, height: 120), CGColor(red: 0.95, green: 0.95, blue: 0.97, alpha: 1))
        root.sublayers = sublayers
        return root
    }

    /// A 16×16 image: four coloured quadrants with a 1 px white frame, to see placement and sampling.
    static let quadrants: CGImage = {
        var bytes = [UInt8](repeating: 255, count: 16 * 16 * 4)
        for y in 0..<16 { for x in 0..<16 {
            let i = (y * 16 + x) * 4
            if x == 0 || y == 0 || x == 15 || y == 15 { continue }
            let c: [UInt8] = x < 8 ? (y < 8 ? [255, 59, 48] : [52, 199, 89]) : (y < 8 ? [0, 122, 255] : [255, 204, 0])
            bytes[i] = c[0]; bytes[i + 1] = c[1]; bytes[i + 2] = c[2]
        } }
        return CGImage(width: 16, height: 16, premultipliedRGBA: bytes)!
    }()

    static let features: [String: LayerSnapshot] = [
        // Left: circular corners; right: continuous (squircle) corners; bottom: only the top corners masked.
        "corners": canvas([
            layer(CGRect(x: 10, y: 10, width: 65, height: 55), indigo) { $0.cornerRadius = 24 },
            layer(CGRect(x: 85, y: 10, width: 65, height: 55), indigo) { $0.cornerRadius = 24; $0.cornerCurve = .continuous },
            layer(CGRect(x: 10, y: 75, width: 140, height: 35), orange) {
                $0.cornerRadius = 16; $0.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
            },
        ]),
        // A card rotated 15° about its centre, with its shadow rotating along.
        "rotation": canvas([
            layer(CGRect(x: 40, y: 25, width: 80, height: 70), white) {
                $0.cornerRadius = 12; $0.transform = CATransform3DMakeRotation(.pi / 12, 0, 0, 1)
                $0.shadowOpacity = 0.4; $0.shadowRadius = 4; $0.shadowOffset = CGSize(width: 0, height: 6)
            },
        ]),
        // Perspective: the parent's sublayerTransform has m34 = −1/300; the child turns 45° about y.
        "perspective": {
            var parent = layer(CGRect(x: 0, y: 0, width: 160, height: 120)) {
                var p = CATransform3DIdentity; p.m34 = -1.0 / 300; $0.sublayerTransform = p
            }
            parent.sublayers = [layer(CGRect(x: 40, y: 20, width: 80, height: 80), teal) {
                $0.cornerRadius = 10; $0.transform = CATransform3DMakeRotation(.pi / 4, 0, 1, 0)
            }]
            return canvas([parent])
        }(),
        // Part of an image (contentsRect: the top-right quadrant), and nine-part scaling (contentsCenter: the
        // 4 px frame and corners keep their size at 2×, the middle stretches) at two sizes.
        "contents-rect-center": canvas([
            layer(CGRect(x: 8, y: 30, width: 44, height: 60), CGColor(gray: 0.8, alpha: 1)) {
                $0.contents = quadrants; $0.contentsRect = CGRect(x: 0.5, y: 0, width: 0.5, height: 0.5)
            },
            layer(CGRect(x: 58, y: 10, width: 94, height: 40), CGColor(gray: 0.8, alpha: 1)) {
                $0.contents = quadrants; $0.contentsScale = 2; $0.contentsCenter = CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
            },
            layer(CGRect(x: 58, y: 60, width: 40, height: 50), CGColor(gray: 0.8, alpha: 1)) {
                $0.contents = quadrants; $0.contentsScale = 2; $0.contentsCenter = CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
            },
        ]),
        // One image, three gravities: resize, resizeAspect (letterboxed), center (natural size at scale 1).
        "contents": canvas([
            layer(CGRect(x: 8, y: 30, width: 44, height: 60), CGColor(gray: 0.8, alpha: 1)) { $0.contents = quadrants },
            layer(CGRect(x: 58, y: 30, width: 44, height: 60), CGColor(gray: 0.8, alpha: 1)) { $0.contents = quadrants; $0.contentsGravity = .resizeAspect },
            layer(CGRect(x: 108, y: 30, width: 44, height: 60), CGColor(gray: 0.8, alpha: 1)) { $0.contents = quadrants; $0.contentsGravity = .center },
        ]),
        // A gradient seen through a circular mask layer.
        "mask": {
            var gradient = layer(CGRect(x: 30, y: 10, width: 100, height: 100)) {
                $0.gradient = LayerState.Gradient(colors: [orange, indigo], locations: nil, startPoint: .zero, endPoint: CGPoint(x: 1, y: 1))
            }
            gradient.mask = layer(CGRect(x: 10, y: 10, width: 80, height: 80), .black) { $0.cornerRadius = 40 }
            return canvas([gradient])
        }(),
        // shadowPath: a transparent layer casting the shadow of an ellipse below it, and a layer with a
        // translucent background whose shadow comes from its composited alpha.
        "shadow-path": canvas([
            layer(CGRect(x: 15, y: 20, width: 60, height: 60)) {
                $0.shadowOpacity = 0.6; $0.shadowRadius = 3; $0.shadowOffset = CGSize(width: 0, height: 0)
                $0.shadowPath = CGPath(ellipseIn: CGRect(x: 0, y: 45, width: 60, height: 14), transform: nil)
            },
            layer(CGRect(x: 90, y: 25, width: 55, height: 55), CGColor(red: 1, green: 0, blue: 0, alpha: 0.5)) {
                $0.cornerRadius = 8; $0.shadowOpacity = 1; $0.shadowRadius = 5; $0.shadowOffset = CGSize(width: 4, height: 4)
            },
        ]),
        // Borders: inside the bounds, above a sublayer that pokes out (masksToBounds clips it, the border
        // stays on top), following the corners; a rotated square with a border on the right.
        "borders": {
            var card = layer(CGRect(x: 12, y: 20, width: 80, height: 80), white) {
                $0.cornerRadius = 18; $0.masksToBounds = true; $0.borderWidth = 6; $0.borderColor = indigo
            }
            card.sublayers = [layer(CGRect(x: 40, y: -10, width: 60, height: 60), orange)]
            return canvas([card, layer(CGRect(x: 105, y: 35, width: 44, height: 44), nil) {
                $0.borderWidth = 3; $0.borderColor = teal; $0.cornerRadius = 6; $0.transform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
            }])
        }(),
        // Group opacity: two overlapping squares under a parent at 0.6, then the same with allowsGroupOpacity false.
        "group-opacity": {
            func pair(x: CGFloat, grouped: Bool) -> LayerSnapshot {
                var parent = layer(CGRect(x: x, y: 20, width: 70, height: 80)) { $0.opacity = 0.6; $0.allowsGroupOpacity = grouped }
                parent.sublayers = [layer(CGRect(x: 0, y: 0, width: 45, height: 55), orange),
                                    layer(CGRect(x: 25, y: 25, width: 45, height: 55), indigo)]
                return parent
            }
            return canvas([pair(x: 8, grouped: true), pair(x: 84, grouped: false)])
        }(),
    ]

    @Test("feature goldens", arguments: ["corners", "rotation", "perspective", "contents", "contents-rect-center", "mask", "shadow-path", "borders", "group-opacity"])
    func feature(_ name: String) throws {
        let tree = try #require(Self.features[name])
        let image = LayerRenderer(scale: 2).render(tree, size: CGSize(width: 160, height: 120), background: .white)
        assertImageSnapshot(image, named: name)
    }
}
