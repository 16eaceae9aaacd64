/// Auto Layout's visual format language ("H:|-20-[icon(48)]-[title(>=80@750)]-|"), as Apple's "Visual
/// Format Language" appendix of the Auto Layout Guide describes it: an optional orientation, an optional
/// superview edge, views in brackets with size predicates, connections with spacing predicates, and an
/// optional closing edge. `-` alone is the standard spacing: 8 points between views, 20 to the superview.
extension NSLayoutConstraint {
    public class func constraints(withVisualFormat format: String, options opts: FormatOptions = [],
                                  metrics: [String: Any]?, views: [String: Any]) -> [NSLayoutConstraint] {
        var parser = VisualFormatParser(format: format, metrics: metrics ?? [:], views: views)
        return parser.parse(options: opts)
    }
}

private struct VisualFormatParser {
    let format: String
    let metrics: [String: Any]
    let views: [String: Any]
    private var characters: [Character]
    private var index = 0

    init(format: String, metrics: [String: Any], views: [String: Any]) {
        self.format = format; self.metrics = metrics; self.views = views
        characters = Array(format.filter { !$0.isWhitespace })
    }

    /// One predicate: `==40`, `>=title`, `<=80@750`.
    struct Predicate {
        var relation: NSLayoutConstraint.Relation = .equal
        var constant: CGFloat = 0
        var view: UIView?
        var priority: UILayoutPriority = .required
    }

    private func fail(_ what: String) -> Never {
        let caret = String(repeating: " ", count: min(index, characters.count)) + "^"
        misuse("Unable to parse constraint format: \(what)\n\(String(characters))\n\(caret)")
    }

    private var current: Character? { index < characters.count ? characters[index] : nil }
    private mutating func take(_ c: Character) -> Bool {
        guard current == c else { return false }
        index += 1
        return true
    }
    private mutating func expect(_ c: Character) { if !take(c) { fail("expected '\(c)'") } }

    private mutating func identifier() -> String? {
        var name = ""
        while let c = current, c.isLetter || c.isNumber || c == "_" {
            if name.isEmpty && c.isNumber { break }
            name.append(c); index += 1
        }
        return name.isEmpty ? nil : name
    }

    private mutating func number() -> CGFloat? {
        var text = ""
        while let c = current, c.isNumber || c == "." { text.append(c); index += 1 }
        return text.isEmpty ? nil : Double(text).map { CGFloat($0) }
    }

    private func metric(_ name: String) -> CGFloat {
        switch metrics[name] {
        case let v as CGFloat: return v
        case let v as Double: return CGFloat(v)
        case let v as Float: return CGFloat(v)
        case let v as Int: return CGFloat(v)
        default: fail("'\(name)' is not a key in the metrics dictionary (or not a number)")
        }
    }

    private func view(_ name: String) -> UIView {
        guard let view = views[name] as? UIView else { fail("'\(name)' is not a key in the views dictionary") }
        return view
    }

    private mutating func constantOrMetric() -> CGFloat? {
        if let n = number() { return n }
        let start = index
        if let name = identifier() {
            if metrics[name] != nil { return metric(name) }
            index = start
        }
        return nil
    }

    private mutating func predicate(allowViews: Bool) -> Predicate {
        var p = Predicate()
        if take("=") { expect("="); p.relation = .equal }
        else if take("<") { expect("="); p.relation = .lessThanOrEqual }
        else if take(">") { expect("="); p.relation = .greaterThanOrEqual }
        if let c = constantOrMetric() {
            p.constant = c
        } else if allowViews, let name = identifier() {
            p.view = view(name)
        } else {
            fail("expected a number, a metric\(allowViews ? " or a view" : "")")
        }
        if take("@") {
            if let n = number() { p.priority = UILayoutPriority(Float(n)) }
            else if let name = identifier() { p.priority = UILayoutPriority(Float(metric(name))) }
            else { fail("expected a priority") }
        }
        return p
    }

    /// `(p, p, …)` or a single bare predicate (a number or metric).
    private mutating func predicateList(allowViews: Bool) -> [Predicate] {
        if take("(") {
            var list = [predicate(allowViews: allowViews)]
            while take(",") { list.append(predicate(allowViews: allowViews)) }
            expect(")")
            return list
        }
        return [predicate(allowViews: allowViews)]
    }

    /// Between two items: nil for flush (no dash), or the spacing predicates (standard when `-` alone).
    private mutating func connection(toSuperview: Bool) -> [Predicate]? {
        guard take("-") else { return nil }
        if take("-") { fail("unexpected '-'") }
        if current == "[" || current == "|" {
            return [Predicate(constant: toSuperview ? 20 : systemSpacing)]
        }
        let list = predicateList(allowViews: false)
        expect("-")
        return list
    }

    mutating func parse(options: NSLayoutConstraint.FormatOptions) -> [NSLayoutConstraint] {
        var horizontal = true
        if characters.starts(with: Array("H:")) { index = 2 }
        else if characters.starts(with: Array("V:")) { index = 2; horizontal = false }
        let lead: NSLayoutConstraint.Attribute = horizontal ? .leading : .top
        let trail: NSLayoutConstraint.Attribute = horizontal ? .trailing : .bottom
        let size: NSLayoutConstraint.Attribute = horizontal ? .width : .height
        var result: [NSLayoutConstraint] = []

        func add(_ a: UIView, _ aAttr: NSLayoutConstraint.Attribute, _ b: UIView?, _ bAttr: NSLayoutConstraint.Attribute, _ p: Predicate, flip: Bool = false) {
            var relation = p.relation
            if flip && relation != .equal { relation = relation == .lessThanOrEqual ? .greaterThanOrEqual : .lessThanOrEqual }
            let c = NSLayoutConstraint(item: a, attribute: aAttr, relatedBy: relation, toItem: b,
                                       attribute: b == nil ? .notAnAttribute : bAttr, multiplier: 1, constant: p.constant)
            c.priority = p.priority
            result.append(c)
        }

        var leadingEdge: [Predicate]?? = .none   // .some(connection) when the format opens with "|"
        if take("|") { leadingEdge = .some(connection(toSuperview: true)) }
        var previous: UIView?
        var pendingConnection: [Predicate]?
        var arranged: [UIView] = []
        while take("[") {
            guard let name = identifier() else { fail("expected a view name") }
            let view = view(name)
            if take("(") {
                index -= 1
                for p in predicateList(allowViews: true) {
                    if let other = p.view { add(view, size, other, size, Predicate(relation: p.relation, constant: 0, priority: p.priority)) }
                    else { add(view, size, nil, .notAnAttribute, p) }
                }
            }
            expect("]")
            if let previous {
                for p in pendingConnection ?? [Predicate()] { add(view, lead, previous, trail, p) }
            } else if case .some(let edge) = leadingEdge {
                guard let superview = view.superview else { fail("'|' needs '\(name)' to have a superview") }
                for p in edge ?? [Predicate()] { add(view, lead, superview, lead, p) }
            }
            arranged.append(view)
            previous = view
            pendingConnection = nil
            if current == "-" { pendingConnection = connection(toSuperview: characters.dropFirst(index).drop { $0 != "[" && $0 != "|" }.first == "|") }
            else if current != "[" && current != "|" && current != nil { fail("expected '[', '|' or '-'") }
        }
        if take("|"), let last = previous {
            guard let superview = last.superview else { fail("'|' needs the last view to have a superview") }
            for p in pendingConnection ?? [Predicate()] { add(superview, trail, last, trail, p) }
        }
        if current != nil { fail("unexpected '\(current!)'") }
        if arranged.isEmpty { fail("no views") }

        // Options align every view with the first on the other axis.
        let alignments: [(NSLayoutConstraint.FormatOptions, NSLayoutConstraint.Attribute)] = [
            (.alignAllLeft, .left), (.alignAllRight, .right), (.alignAllTop, .top), (.alignAllBottom, .bottom),
            (.alignAllLeading, .leading), (.alignAllTrailing, .trailing), (.alignAllCenterX, .centerX),
            (.alignAllCenterY, .centerY), (.alignAllLastBaseline, .lastBaseline), (.alignAllFirstBaseline, .firstBaseline),
        ]
        for (option, attribute) in alignments where options.contains(option) {
            checkUsage(attribute.family != (horizontal ? .horizontal : .vertical),
                       "NSLayoutConstraint.constraints(withVisualFormat:): \(attribute) alignment is along the format's own axis in \(format)")
            for (a, b) in zip(arranged, arranged.dropFirst()) {
                add(b, attribute, a, attribute, Predicate())
            }
        }
        return result
    }
}
