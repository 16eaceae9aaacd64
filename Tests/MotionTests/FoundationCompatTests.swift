import Testing
import Foundation
import UIKit

// UIKit's additions to Foundation types, `UIImage()` and the colour and image literals.

@Suite struct IndexPathsOfTablesAndCollections {
    @Test func rowsAndItems() {
        var path = IndexPath(row: 3, section: 1)
        #expect(path.section == 1 && path.row == 3 && path.item == 3)
        #expect(path == IndexPath(item: 3, section: 1))
        #expect(Array(path) == [1, 3])
        path.row = 5
        path.section = 2
        #expect(path == IndexPath(indexes: [2, 5]))
        #expect([IndexPath(row: 1, section: 0), IndexPath(row: 0, section: 1), IndexPath(row: 0, section: 0)].sorted()
                == [IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0), IndexPath(row: 0, section: 1)])
    }

    @Test func aPathWithoutTwoIndexesStops() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = IndexPath(indexes: [1, 2, 3]).row
        }
        #expect(String(decoding: result.standardErrorContent, as: UTF8.self).contains("IndexPath.row: the index path [1, 2, 3] must have exactly two indexes"))
    }
}

@Suite struct ImagesAndLiterals {
    @Test func emptyImage() {
        let image = UIImage()
        #expect(image.size == .zero)
        #expect(image.cgImage == nil)
        #expect(image.scale == 1)
    }

    @Test func colorLiteral() {
        let color = #colorLiteral(red: 1, green: 0.5, blue: 0, alpha: 1)
        #expect(type(of: color) == UIColor.self)
        #expect(color == UIColor(red: 1, green: 0.5, blue: 0, alpha: 1))
        let view = UIView(frame: .zero)
        view.backgroundColor = #colorLiteral(red: 0, green: 0, blue: 1, alpha: 0.5)
        #expect(view.backgroundColor == UIColor(red: 0, green: 0, blue: 1, alpha: 0.5))
    }

    @Test func imageLiteralOfAMissingImageStops() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let image = #imageLiteral(resourceName: "no-such-image")
            _ = image.size
        }
        #expect(String(decoding: result.standardErrorContent, as: UTF8.self).contains(#"#imageLiteral(resourceName: "no-such-image"): no image named"#))
    }
}

@Suite struct GeometryStrings {
    @Test func roundTrips() {
        #expect(NSCoder.string(for: CGPoint(x: 1.5, y: -2)) == "{1.5, -2}")
        #expect(NSCoder.string(for: CGRect(x: 0, y: 10, width: 390, height: 844)) == "{{0, 10}, {390, 844}}")
        #expect(NSCoder.string(for: CGAffineTransform(scaleX: 2, y: 0.5)) == "[2, 0, 0, 0.5, 0, 0]")
        #expect(NSCoder.string(for: UIEdgeInsets(top: 59, left: 0, bottom: 34, right: 0)) == "{59, 0, 34, 0}")
        #expect(NSCoder.cgPoint(for: "{1.5, -2}") == CGPoint(x: 1.5, y: -2))
        #expect(NSCoder.cgRect(for: "{{0, 10}, {390, 844}}") == CGRect(x: 0, y: 10, width: 390, height: 844))
        #expect(NSCoder.cgSize(for: "{3e2, 4}") == CGSize(width: 300, height: 4))
        #expect(NSCoder.cgAffineTransform(for: "[2, 0, 0, 0.5, 10, 20]") == CGAffineTransform(a: 2, b: 0, c: 0, d: 0.5, tx: 10, ty: 20))
        #expect(NSCoder.uiEdgeInsets(for: "{59, 0, 34, 0}") == UIEdgeInsets(top: 59, left: 0, bottom: 34, right: 0))
        #expect(NSCoder.cgPoint(for: "nonsense") == .zero)
        #expect(NSCoder.cgVector(for: NSCoder.string(for: CGVector(dx: 0.25, dy: 7))) == CGVector(dx: 0.25, dy: 7))
    }
}
