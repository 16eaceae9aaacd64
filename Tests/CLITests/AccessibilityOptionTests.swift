import Testing
import Stage
@testable import RenderTransitionCLI

/// `--reduce-motion`, `--reduce-transparency` and `--increase-contrast` become the render's accessibility settings.
@Suite struct AccessibilityOptionTests {
    @Test func flagsBecomeSettings() throws {
        #expect(try Arguments.parse(["card-expand"]).accessibility == [])
        #expect(try Arguments.parse(["card-expand", "--reduce-motion"]).accessibility == .reduceMotion)
        #expect(try Arguments.parse(["--reduce-transparency", "card-expand", "--reduce-motion"]).accessibility
                == [.reduceMotion, .reduceTransparency])
        #expect(try Arguments.parse(["card-expand", "--increase-contrast"]).accessibility == .darkerSystemColors)
        #expect(throws: UsageError.self) { try Arguments.parse(["card-expand", "--increase-contrast=1"]) }
    }
}
