import Testing
import Foundation
@testable import QuartzCore
import TestSupport

/// `LayerTreeValidator` checks a clip's frames skipping layers that did not change since the previous frame;
/// it must answer every frame exactly as validating that frame alone does (the same error, or none).
@Suite struct LayerTreeValidatorAgreement {
    func alone(_ tree: LayerSnapshot, _ canvas: (CGSize, CGFloat)) -> String? {
        do { try tree.validate(canvas: canvas) } catch { return "\(error)" }
        return nil
    }

    func incremental(_ validator: LayerTreeValidator, _ tree: LayerSnapshot, _ canvas: (CGSize, CGFloat)) -> String? {
        do { try validator.validate(tree, canvas: canvas) } catch { return "\(error)" }
        return nil
    }

    @Test("animated random trees: each frame as if alone", arguments: 0..<6)
    func animatedTrees(seed: Int) {
        let validator = LayerTreeValidator()
        let canvas = (StreamedFrames.size, CGFloat(2))
        for step in 0...12 {
            let tree = RandomTree(seed: UInt64(seed), t: Double(step) / 12).root
            #expect(incremental(validator, tree, canvas) == alone(tree, canvas), "seed \(seed), step \(step)")
        }
    }

    @Test("unrelated extreme trees one after another, some refused", arguments: 0..<4)
    func extremeSequences(batch: Int) {
        let validator = LayerTreeValidator()
        var refused = 0
        var previous: LayerSnapshot?
        for index in 0..<25 {
            var generator = ExtremeTree(seed: UInt64(batch * 25 + index))
            let tree = generator.make()
            let canvas = (CGSize(width: 40, height: 40), CGFloat(index % 3 == 0 ? 2 : 1))
            let expected = alone(tree, canvas)
            if expected != nil { refused += 1 }
            #expect(incremental(validator, tree, canvas) == expected, "batch \(batch), tree \(index)")
            // The previous tree again right after (after a refusal too): still the same answers.
            if let previous {
                #expect(incremental(validator, previous, canvas) == alone(previous, canvas), "batch \(batch), tree \(index - 1) again")
                #expect(incremental(validator, tree, canvas) == expected, "batch \(batch), tree \(index) again")
            }
            previous = tree
        }
        #expect(refused >= 1)
    }

    @Test func oneLayerGoingBadIsCaughtThoughTheRestHoldsStill() throws {
        let validator = LayerTreeValidator()
        let canvas = (CGSize(width: 100, height: 100), CGFloat(1))
        var tree = testLayer(CGRect(x: 0, y: 0, width: 100, height: 100), .white)
        for index in 0..<5 {
            var child = testLayer(CGRect(x: CGFloat(index) * 10, y: 0, width: 8, height: 8), .black)
            child.sublayers.append(testLayer(CGRect(x: 1, y: 1, width: 2, height: 2), .white))
            tree.sublayers.append(child)
        }
        try validator.validate(tree, canvas: canvas)
        try validator.validate(tree, canvas: canvas)
        var bad = tree
        bad.sublayers[3].sublayers[0].state.cornerRadius = -2
        #expect(incremental(validator, bad, canvas) == alone(bad, canvas))
        #expect(incremental(validator, bad, canvas)?.contains("root.sublayers[3].sublayers[0].cornerRadius") == true)
        // A layer moving out of range is caught though its sublayers hold still.
        var far = tree
        far.sublayers[2].state.position.x = 9e9
        #expect(incremental(validator, far, canvas) == alone(far, canvas))
        #expect(incremental(validator, far, canvas) != nil)
        #expect(incremental(validator, tree, canvas) == nil)
    }
}
