import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit
import Compositor
import Raster
import TransitionTesting

/// Feature goldens of the text-input controls at 3×, light and dark; each was looked at before it was
/// recorded (compared with iOS 17's Settings, Contacts and Mail).
@Suite("Text input goldens")
struct TextInputGoldenTests {
    static let styles: [(UIUserInterfaceStyle, String)] = [(.light, "light"), (.dark, "dark")]

    /// Text fields in each border style: placeholder, text, clear button and caret while editing, a left
    /// view, secure text.
    static func textFields(_ style: UIUserInterfaceStyle) -> PixelBuffer {
        UIApplication.$shared.withValue(UIApplication()) {
            LayerRenderer.installContextRasterizer()
            return renderControl(size: CGSize(width: 393, height: 330), style: style) { window in
                func field(_ y: CGFloat, _ border: UITextField.BorderStyle, configure: (UITextField) -> Void) {
                    let field = UITextField(frame: CGRect(x: 16, y: y, width: 361, height: 34))
                    field.borderStyle = border
                    configure(field)
                    window.addSubview(field)
                }
                field(16, .roundedRect) { $0.placeholder = "Email address" }
                field(62, .roundedRect) { field in
                    field.text = "ada@example.com"
                    field.clearButtonMode = .whileEditing
                }
                field(108, .roundedRect) { field in
                    field.text = "correct horse"
                    field.isSecureTextEntry = true
                    field.clearButtonMode = .always
                }
                field(154, .line) { $0.text = "A line border" }
                field(200, .bezel) { $0.text = "A bezel border" }
                field(246, .none) { field in
                    field.placeholder = "No border, a left view"
                    let glass = UIImageView(image: UIImage(systemName: "magnifyingglass"))
                    glass.tintColor = .secondaryLabel
                    glass.frame.size = CGSize(width: 18, height: 18)
                    field.leftView = glass
                    field.leftViewMode = .always
                }
                field(286, .roundedRect) { field in
                    field.text = "Centred, disabled"
                    field.textAlignment = .center
                    field.isEnabled = false
                }
                window.layoutIfNeeded()
                (window.subviews[1] as! UITextField).becomeFirstResponder()
                window.layoutIfNeeded()
            }
        }
    }

    /// A text view with two paragraphs, wrapped, scrolled to its top.
    static func textView(_ style: UIUserInterfaceStyle) -> PixelBuffer {
        UIApplication.$shared.withValue(UIApplication()) {
            LayerRenderer.installContextRasterizer()
            return renderControl(size: CGSize(width: 393, height: 260), style: style) { window in
                let view = UITextView(frame: CGRect(x: 16, y: 16, width: 361, height: 228))
                view.font = .systemFont(ofSize: 17)
                view.text = """
                    Text views wrap their text at the width of their text container and scroll when the text is \
                    taller than the view.

                    The container sits 8 points from the top and bottom, and every line keeps 5 points of \
                    padding at each end, so text lines up with a label inset by 5 points.
                    """
                window.addSubview(view)
            }
        }
    }

    /// Three search bars: the default style with its placeholder, one editing with text and Cancel, and a
    /// minimal one with a scope bar.
    static func searchBars(_ style: UIUserInterfaceStyle) -> PixelBuffer {
        UIApplication.$shared.withValue(UIApplication()) {
            LayerRenderer.installContextRasterizer()
            return renderControl(size: CGSize(width: 393, height: 250), style: style) { window in
                let plain = UISearchBar(frame: CGRect(x: 0, y: 0, width: 393, height: 56))
                let editing = UISearchBar(frame: CGRect(x: 0, y: 66, width: 393, height: 56))
                editing.text = "Lovelace"
                editing.showsCancelButton = true
                let minimal = UISearchBar(frame: CGRect(x: 0, y: 132, width: 393, height: 100))
                minimal.searchBarStyle = .minimal
                minimal.placeholder = "Mail, contacts"
                minimal.scopeButtonTitles = ["All", "Mail", "Contacts"]
                minimal.selectedScopeButtonIndex = 1
                minimal.showsScopeBar = true
                for bar in [plain, editing, minimal] { window.addSubview(bar) }
                window.layoutIfNeeded()
                editing.becomeFirstResponder()
            }
        }
    }

    /// The top 300 pt of a navigation controller with a large title and a search bar over a list, `d` points
    /// scrolled up from rest.
    static func navigation(_ style: UIUserInterfaceStyle, movedUp d: CGFloat) -> PixelBuffer {
        onSearchStage(style: style) { window, nav, list in
            list.tableView.contentOffset.y = -207 + d
            window.layoutIfNeeded()
            window.layoutIfNeeded()
            return LayerRenderer(scale: 3).render(window.layer.snapshot(at: 0), size: CGSize(width: 393, height: 300),
                                                  background: style == .dark ? .black : .white)
        }
    }

    @Test("Text fields", arguments: [0, 1]) func textFields(_ index: Int) {
        let (style, name) = Self.styles[index]
        assertImageSnapshot(Self.textFields(style), named: "text-fields-\(name)-3x")
    }

    @Test("Text view", arguments: [0, 1]) func textView(_ index: Int) {
        let (style, name) = Self.styles[index]
        assertImageSnapshot(Self.textView(style), named: "text-view-\(name)-3x")
    }

    @Test("Search bars", arguments: [0, 1]) func searchBars(_ index: Int) {
        let (style, name) = Self.styles[index]
        assertImageSnapshot(Self.searchBars(style), named: "search-bars-\(name)-3x")
    }

    @Test("Large title and search over a list, at rest and scrolled", arguments: [0, 1])
    func navigation(_ index: Int) {
        let (style, name) = Self.styles[index]
        assertImageSnapshot(Self.navigation(style, movedUp: 0), named: "navigation-search-rest-\(name)-3x")
        // 12 pt up: the field shrinking, its glyph and placeholder fading; 130 pt: the search row gone and
        // the large title collapsed into the inline one over the standard background.
        assertImageSnapshot(Self.navigation(style, movedUp: 12), named: "navigation-search-scrolled-\(name)-3x")
        // Collapsed, light only: the bar's standard background has no dark variant yet (UINavigationBarAppearance's
        // default is the light material; dark bars are the lead's work on #25).
        if style == .light {
            assertImageSnapshot(Self.navigation(style, movedUp: 130), named: "navigation-search-collapsed-\(name)-3x")
        }
    }

    /// The search active with text typed: the title rows gone, Cancel beside the field, the caret, the list
    /// dimmed under the bar.
    static func activeSearch(_ style: UIUserInterfaceStyle) -> PixelBuffer {
        onSearchStage(style: style) { window, nav, list in
            let search = list.navigationItem.searchController!
            search.isActive = true
            search.searchBar.searchTextField.insertText("Ada")
            Timeline.current.advance(to: 1)   // the Cancel button's slide has ended
            window.layoutIfNeeded()
            return LayerRenderer(scale: 3).render(window.layer.snapshot(at: 1), size: CGSize(width: 393, height: 300),
                                                  background: style == .dark ? .black : .white)
        }
    }

    @Test("Active search", arguments: [0, 1]) func activeSearch(_ index: Int) {
        let (style, name) = Self.styles[index]
        assertImageSnapshot(Self.activeSearch(style), named: "navigation-search-active-\(name)-3x")
    }

    @Test func renderingIsTheSameOnEveryRun() {
        #expect(Self.textFields(.light) == Self.textFields(.light))
        #expect(Self.navigation(.dark, movedUp: 30) == Self.navigation(.dark, movedUp: 30))
    }
}
