import Foundation
import QuartzCore
import Stage

/// Issue 3's standard workload, built from bare CALayers on a virtual clock: an opaque background, a list
/// of cards (353×424 pt, corner radius 16, shadow radius 12), a black dimming layer fading to 0.3, and one
/// card expanding to full screen — an unclipped shadow container outside, a clipped gradient image inside.
/// 60 frames at 60 fps over the 1 s expansion.
struct CardListWorkload {
    let timeline = Timeline()
    let root = CALayer()
    let frameCount = 60

    enum Motion { case expandOverDimmedList, oneCardMoves, oneCardMovesUnderBlur }

    init(shadows: Bool, motion: Motion = .expandOverDimmedList) {
        Timeline.$current.withValue(timeline) {
            switch motion {
            case .expandOverDimmedList: build(shadows: shadows)
            case .oneCardMoves: buildList(shadows: shadows)
            case .oneCardMovesUnderBlur:
                // A full-screen material over the list (UIBlurEffect's systemMaterial: 30 pt, ×1.8, white at 72 %).
                buildList(shadows: shadows)
                let blur = CALayer()
                blur.frame = root.bounds
                blur.backdropFilter = BackdropFilter(blurRadius: 30, saturation: 1.8, tintColor: CGColor(red: 0.97, green: 0.97, blue: 0.97, alpha: 0.72))
                root.addSublayer(blur)
            }
        }
    }

    /// The list alone; its middle card slides 40 pt to the right over the 60 frames, the rest stand still.
    private func buildList(shadows: Bool) {
        root.frame = CGRect(x: 0, y: 0, width: 393, height: 852)
        root.backgroundColor = CGColor(red: 0.95, green: 0.95, blue: 0.97, alpha: 1)
        let colors = [CGColor(red: 1, green: 0.62, blue: 0.04, alpha: 1), CGColor(red: 0.37, green: 0.36, blue: 0.9, alpha: 1)]
        var moving: CALayer!
        for index in 0..<3 {
            let container = card(frame: CGRect(x: 20, y: 30 + CGFloat(index) * 290, width: 353, height: 270), colors: colors, shadows: shadows).container
            root.addSublayer(container)
            if index == 1 { moving = container }
        }
        let slide = CABasicAnimation(keyPath: "position")
        slide.fromValue = moving.position
        slide.toValue = CGPoint(x: moving.position.x + 40, y: moving.position.y)
        slide.duration = 1
        moving.add(slide, forKey: "position")
    }

    private func card(frame: CGRect, colors: [CGColor], shadows: Bool) -> (container: CALayer, content: CALayer) {
        let container = CALayer()
        container.frame = frame
        container.backgroundColor = .white
        container.cornerRadius = 16
        if shadows {
            container.shadowOpacity = 0.2
            container.shadowRadius = 12
            container.shadowOffset = CGSize(width: 0, height: 4)
        }
        let content = CALayer()
        content.frame = container.bounds
        content.cornerRadius = 16
        content.masksToBounds = true
        let image = CAGradientLayer()
        image.frame = content.bounds
        image.colors = colors
        image.startPoint = .zero
        image.endPoint = CGPoint(x: 1, y: 1)
        content.addSublayer(image)
        container.addSublayer(content)
        return (container, content)
    }

    private func build(shadows: Bool) {
        root.frame = CGRect(x: 0, y: 0, width: 393, height: 852)
        root.backgroundColor = CGColor(red: 0.95, green: 0.95, blue: 0.97, alpha: 1)
        let palettes: [[CGColor]] = [
            [CGColor(red: 1, green: 0.62, blue: 0.04, alpha: 1), CGColor(red: 0.37, green: 0.36, blue: 0.9, alpha: 1)],
            [CGColor(red: 0.19, green: 0.82, blue: 0.35, alpha: 1), CGColor(red: 0.04, green: 0.52, blue: 1, alpha: 1)],
            [CGColor(red: 0.75, green: 0.35, blue: 0.95, alpha: 1), CGColor(red: 1, green: 0.39, blue: 0.51, alpha: 1)],
        ]
        for (index, palette) in palettes.enumerated() {
            root.addSublayer(card(frame: CGRect(x: 20, y: 140 + CGFloat(index) * 444, width: 353, height: 424),
                                  colors: palette, shadows: shadows).container)
        }
        let dimming = CALayer()
        dimming.frame = root.bounds
        dimming.backgroundColor = .black
        dimming.opacity = 0.3
        root.addSublayer(dimming)
        let start = CGRect(x: 20, y: 140, width: 353, height: 424), end = root.bounds
        let (expanding, content) = card(frame: end, colors: palettes[0], shadows: shadows)
        content.cornerRadius = 0
        root.addSublayer(expanding)
        func animate(_ layer: CALayer, _ key: String, from: Any, to: Any) {
            let animation = CABasicAnimation(keyPath: key)
            animation.fromValue = from
            animation.toValue = to
            animation.duration = 1
            animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            layer.add(animation, forKey: key)
        }
        animate(dimming, "opacity", from: Float(0), to: Float(0.3))
        animate(expanding, "position", from: CGPoint(x: start.midX, y: start.midY), to: CGPoint(x: end.midX, y: end.midY))
        animate(expanding, "bounds", from: CGRect(origin: .zero, size: start.size), to: CGRect(origin: .zero, size: end.size))
        animate(content, "bounds", from: CGRect(origin: .zero, size: start.size), to: CGRect(origin: .zero, size: end.size))
        animate(content, "position", from: CGPoint(x: start.width / 2, y: start.height / 2), to: CGPoint(x: end.midX, y: end.midY))
        // The card's shape (shadow container and clipped content together) goes from radius 16 to 0.
        expanding.cornerRadius = 0
        animate(expanding, "cornerRadius", from: CGFloat(16), to: CGFloat(0))
        animate(content, "cornerRadius", from: CGFloat(16), to: CGFloat(0))
        for sublayer in content.sublayers ?? [] {
            animate(sublayer, "bounds", from: CGRect(origin: .zero, size: start.size), to: CGRect(origin: .zero, size: end.size))
            animate(sublayer, "position", from: CGPoint(x: start.width / 2, y: start.height / 2), to: CGPoint(x: end.midX, y: end.midY))
        }
    }

    /// The presentation tree of frame `index`.
    func snapshot(frame index: Int) -> LayerSnapshot {
        root.snapshot(at: Double(index) / 60)
    }
}
