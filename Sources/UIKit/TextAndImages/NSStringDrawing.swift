import Foundation

// Drawing strings into the current context (UIKit's NSString and NSAttributedString additions). The text
// is recorded as a text layer in the context, so it is laid out and filled by the same code as UILabel's:
// the same glyphs, the same pixels.
extension NSAttributedString {
    /// Draws the string on one line with the top left of its line box at `point`.
    public func draw(at point: CGPoint) {
        let size = measure(width: nil, lines: 1)
        // A point of slack, so the one line is never broken or truncated by rounding.
        drawText(in: CGRect(origin: point, size: CGSize(width: size.width.rounded(.up) + 1, height: size.height.rounded(.up) + 1)),
                 lines: 1, clips: false)
    }

    /// Draws the string wrapped to `rect`'s width from its top, clipped to `rect`.
    public func draw(in rect: CGRect) { drawText(in: rect, lines: 0, clips: true) }

    /// Draws the string in `rect`; with `.usesLineFragmentOrigin` it wraps, otherwise it is one line.
    public func draw(with rect: CGRect, options: NSStringDrawingOptions = [], context: NSStringDrawingContext?) {
        drawText(in: rect, lines: options.contains(.usesLineFragmentOrigin) ? 0 : 1, clips: false)
    }

    private func drawText(in rect: CGRect, lines: Int, clips: Bool) {
        guard let context = UIGraphicsGetCurrentContext(), rect.width > 0, rect.height > 0 else { return }
        let (runs, style) = textRuns(defaultFont: .systemFont(ofSize: 12), defaultColor: .black)
        guard runs.contains(where: { !$0.0.isEmpty }) else { return }
        let alignment: LayerText.Alignment = switch style?.alignment ?? .natural {
        case .left: .left
        case .center: .center
        case .right: .right
        case .justified: .justified
        case .natural: .natural
        }
        let wrapping: LayerText.LineBreak = switch style?.lineBreakMode ?? .byWordWrapping {
        case .byWordWrapping: .byWordWrapping
        case .byCharWrapping: .byCharWrapping
        case .byClipping: .byClipping
        case .byTruncatingHead: .byTruncatingHead
        case .byTruncatingTail: .byTruncatingTail
        case .byTruncatingMiddle: .byTruncatingMiddle
        }
        let lineBreak: LayerText.LineBreak = lines == 1 ? .byClipping : wrapping
        var state = LayerState()
        state.bounds = CGRect(origin: .zero, size: rect.size)
        state.anchorPoint = .zero
        state.position = rect.origin
        state.masksToBounds = clips
        state.text = LayerText(runs: runs.map { LayerText.Run($0.0, fontName: $0.1.fontName, fontSize: $0.1.pointSize, color: $0.2.cgColor, kern: $0.3) },
                               alignment: alignment, lineBreak: lineBreak, numberOfLines: lines,
                               lineSpacing: style?.lineSpacing ?? 0, verticalPlacement: .top)
        context.drawContent(LayerSnapshot(name: "text", state: state))
    }
}

extension NSString {
    public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        NSAttributedString(string: self as String, attributes: attrs).draw(at: point)
    }
    public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        NSAttributedString(string: self as String, attributes: attrs).draw(in: rect)
    }
}

extension String {
    /// Draws the string on one line at `point` (its line box's top left) in the current context.
    public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        NSAttributedString(string: self, attributes: attrs).draw(at: point)
    }
    /// Draws the string wrapped to `rect` from its top, clipped to it, in the current context.
    public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        NSAttributedString(string: self, attributes: attrs).draw(in: rect)
    }
}
