import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit
import Raster

/// UIActivityIndicatorView: iOS's sizes per style, the deprecated styles' mapping, hiding while stopped,
/// and spokes that turn on the scene's clock and stop.
@Suite struct ActivityIndicatorTests {
    @Test func stylesHaveIOSsSizesAndColours() {
        IndicatorStage.run { _, _ in
            #expect(UIActivityIndicatorView(style: .medium).intrinsicContentSize == CGSize(width: 20, height: 20))
            #expect(UIActivityIndicatorView(style: .large).intrinsicContentSize == CGSize(width: 37, height: 37))
            #expect(UIActivityIndicatorView(style: .large).bounds.size == CGSize(width: 37, height: 37))
            // The deprecated styles: white and gray are medium, whiteLarge is large, white ones are white.
            let whiteLarge = UIActivityIndicatorView(style: .whiteLarge)
            #expect(whiteLarge.intrinsicContentSize == CGSize(width: 37, height: 37) && whiteLarge.color == .white)
            #expect(UIActivityIndicatorView(style: .white).intrinsicContentSize == CGSize(width: 20, height: 20))
            #expect(UIActivityIndicatorView(style: .gray).color == .systemGray)
            #expect(UIActivityIndicatorView(style: .medium).color == .systemGray)
            let custom = UIActivityIndicatorView(style: .medium)
            custom.color = .systemRed
            #expect(custom.color == .systemRed && custom.spinner.color == .systemRed)
            custom.style = .large   // the colour survives a change of style
            #expect(custom.spinner.color == .systemRed && custom.spinner.bounds.width == 37)
        }
    }

    @Test func aStoppedIndicatorHidesUnlessToldNotTo() {
        IndicatorStage.run { _, _ in
            let spinner = UIActivityIndicatorView(style: .medium)
            #expect(spinner.isHidden && !spinner.isAnimating)
            spinner.startAnimating()
            #expect(!spinner.isHidden && spinner.isAnimating)
            spinner.stopAnimating()
            #expect(spinner.isHidden && !spinner.isAnimating)
            spinner.hidesWhenStopped = false
            #expect(!spinner.isHidden)
        }
    }

    @Test func theSpokesTurnWithTheClockAndStop() {
        IndicatorStage.run { window, clock in
            let spinner = UIActivityIndicatorView(style: .large)
            spinner.color = .black
            spinner.frame = CGRect(x: 0, y: 0, width: 37, height: 37)   // at the origin: rendered on its own
            window.addSubview(spinner)
            spinner.startAnimating()
            // One spoke's step is an eighth of the 1 s turn: within a step the picture holds, across one it moves.
            let start = IndicatorStage.pixels(of: spinner, at: 0.01)
            let held = IndicatorStage.pixels(of: spinner, at: 0.1) == start
            let stepped = IndicatorStage.pixels(of: spinner, at: 0.13) != start
            let turned = IndicatorStage.pixels(of: spinner, at: 1.01) == start
            #expect(held && stepped)
            #expect(turned, "a full turn comes back")
            #expect(start.bytes.contains { $0 < 128 }, "the spokes are drawn")
            IndicatorStage.advance(window, clock, to: 0.3)
            spinner.hidesWhenStopped = false
            spinner.stopAnimating()
            let still = IndicatorStage.pixels(of: spinner, at: 0.3) == IndicatorStage.pixels(of: spinner, at: 0.9)
            #expect(still, "stopped: still")
            #expect(clock.nextEventTime == nil, "a stopped spinner keeps nothing scheduled")
        }
    }

    @Test func theSameMomentRendersTheSameBytesOnEveryRun() {
        func frame() -> [UInt8] {
            IndicatorGoldenTests.render(size: CGSize(width: 160, height: 60), at: 0.4, style: .dark, IndicatorGoldenTests.spinners).bytes
        }
        let first = frame(), second = frame()
        #expect(first == second)
    }

    @Test func theSpinnerIsCentredInLargerBounds() {
        IndicatorStage.run { window, _ in
            let spinner = UIActivityIndicatorView(style: .medium)
            spinner.frame = CGRect(x: 0, y: 0, width: 100, height: 60)
            window.addSubview(spinner)
            window.layoutIfNeeded()
            #expect(spinner.spinner.frame == CGRect(x: 40, y: 20, width: 20, height: 20))
        }
    }
}

/// UIProgressView: the 4 pt rounded track, the fill's share of the width, pinning, colours, and the
/// animated change's course on the clock.
@Suite struct ProgressViewTests {
    @Test func theFillCoversTheProgressOfTheTrack() {
        IndicatorStage.run { window, _ in
            let bar = UIProgressView(progressViewStyle: .default)
            #expect(bar.intrinsicContentSize.height == 4 && bar.sizeThatFits(CGSize(width: 200, height: 50)) == CGSize(width: 200, height: 4))
            bar.frame = CGRect(x: 20, y: 100, width: 200, height: 4)
            window.addSubview(bar)
            bar.progress = 0.4
            window.layoutIfNeeded()
            #expect(abs(bar.fill.frame.width - 80) < 1e-4 && bar.fill.frame.origin == .zero && bar.fill.frame.height == 4)
            #expect(bar.track.frame == bar.bounds && bar.track.layer.cornerRadius == 2 && bar.fill.layer.cornerRadius == 2)
            bar.progress = 1.7
            #expect(bar.progress == 1)
            bar.progress = -1
            #expect(bar.progress == 0)
            // Colours: the tint and a light grey track by default; set ones win.
            #expect(bar.fill.backgroundColor == .systemBlue && bar.track.backgroundColor == .systemFill)
            bar.progressTintColor = .systemGreen
            bar.trackTintColor = .systemYellow
            #expect(bar.fill.backgroundColor == .systemGreen && bar.track.backgroundColor == .systemYellow)
            // The bar style: square ends, no track of its own.
            let plain = UIProgressView(progressViewStyle: .bar)
            plain.frame = CGRect(x: 0, y: 0, width: 100, height: 4)
            plain.layoutIfNeeded()
            #expect(plain.track.layer.cornerRadius == 0 && (plain.track.backgroundColor?.cgColor.alpha ?? 0) == 0)
        }
    }

    @Test func anAnimatedChangeEasesOverAQuarterSecond() {
        IndicatorStage.run { window, clock in
            let bar = UIProgressView(progressViewStyle: .default)
            bar.frame = CGRect(x: 0, y: 100, width: 200, height: 4)
            window.addSubview(bar)
            bar.progress = 0.2
            window.layoutIfNeeded()
            bar.setProgress(0.8, animated: true)
            #expect(bar.progress == 0.8 && abs(bar.fill.frame.width - 160) < 1e-4, "the model jumps to the end")
            func shown() -> CGFloat { bar.fill.layer.presentation()!.bounds.width }
            IndicatorStage.advance(window, clock, to: 0.125)
            // Ease-in-out at half time is half way: 40 + (160 − 40) / 2.
            #expect(abs(shown() - 100) < 0.5, "\(shown())")
            IndicatorStage.advance(window, clock, to: 0.3)
            #expect(abs(shown() - 160) < 1e-4 && bar.fill.layer.animationKeys()?.isEmpty ?? true)
        }
    }

    @Test func observedProgressGivesItsFraction() {
        let bar = UIProgressView(progressViewStyle: .default)
        let progress = Progress(totalUnitCount: 4)
        progress.completedUnitCount = 1
        bar.observedProgress = progress
        #expect(bar.progress == 0.25)
    }
}
