/// Why two renders of one clip differ, in terms of time: a motion that starts late or early shows as
/// frames that match the golden's frames a few indices away. Said as "the motion runs 3 frames (0.05 s)
/// late from t = 0.3 s" rather than as pixel counts.
package struct TimingDiagnosis: Equatable {
    /// A run of consecutive differing frames that all match the golden shifted by the same amount.
    package struct Run: Equatable {
        package var first: Int
        package var last: Int
        /// actual frame k shows the golden's frame k − shift: positive is late, negative early, nil when no
        /// nearby golden frame matches (the motion itself changed).
        package var shift: Int?
    }

    package var runs: [Run]
    package var fps: Int

    package init(runs: [Run], fps: Int) { self.runs = runs; self.fps = fps }

    /// How far to look for a shifted match, in frames on either side.
    package static let searchWindow = 30

    /// Differing frames of `actual` against `expected` (equal frame rates), grouped into runs. `same(i, j)`
    /// says whether actual frame i matches golden frame j.
    package init(expectedCount: Int, actualCount: Int, fps: Int, same: (Int, Int) -> Bool) {
        self.fps = fps
        var runs: [Run] = []
        for k in 0..<actualCount {
            if k < expectedCount, same(k, k) { continue }
            var shift: Int?
            // Prefer the smallest shift, and the same shift as the run in progress (a steady delay).
            let previous = runs.last.flatMap { $0.last == k - 1 ? $0.shift : nil }
            if let previous, k - previous >= 0, k - previous < expectedCount, same(k, k - previous) {
                shift = previous
            } else {
                for distance in 1...Self.searchWindow {
                    if k - distance >= 0, k - distance < expectedCount, same(k, k - distance) { shift = distance; break }
                    if k + distance < expectedCount, same(k, k + distance) { shift = -distance; break }
                }
            }
            if let last = runs.last, last.last == k - 1, last.shift == shift {
                runs[runs.count - 1].last = k
            } else {
                runs.append(Run(first: k, last: k, shift: shift))
            }
        }
        // A motion that starts late first shows one frame held, then the next…: single frames whose shift
        // grows by one each, ramping into a steady shift, are one delay, said once.
        var merged: [Run] = []
        var leadingShift: Int?   // the shift of the first frame of the last merged run
        for run in runs.reversed() {
            if let next = merged.last, run.first == run.last, next.first == run.last + 1,
               let shift = run.shift, let following = leadingShift, following.signum() == shift.signum(),
               abs(following) == abs(shift) + 1 {
                merged[merged.count - 1].first = run.first
            } else {
                merged.append(run)
            }
            leadingShift = run.shift
        }
        self.runs = merged.reversed()
    }

    /// One line per run: "frames 18–40 (t = 0.3–0.667 s): the motion runs 3 frames (0.05 s) late". When any
    /// run matches no golden frame, the motion itself changed, and stretches that happen to match a shifted
    /// frame (a spring settling near where the old one did) are not delays: then one line covers them all.
    package var lines: [String] {
        if runs.contains(where: { $0.shift == nil }), let first = runs.first?.first, let last = runs.map(\.last).max() {
            let frames = first == last ? "frame \(first)" : "frames \(first)–\(last)"
            let times = first == last ? "t = \(seconds(first)) s" : "t = \(seconds(first))–\(seconds(last)) s"
            return ["\(frames) (\(times)) differ, and no golden frame within \(Self.searchWindow) frames matches: the motion itself changed"]
        }
        return runs.map { run in
            let frames = run.first == run.last ? "frame \(run.first)" : "frames \(run.first)–\(run.last)"
            let times = run.first == run.last ? "t = \(seconds(run.first)) s" : "t = \(seconds(run.first))–\(seconds(run.last)) s"
            guard let shift = run.shift else {
                return "\(frames) (\(times)) differ, and no golden frame within \(Self.searchWindow) frames matches: the motion itself changed"
            }
            let amount = "\(abs(shift)) frame\(abs(shift) == 1 ? "" : "s") (\(seconds(abs(shift))) s)"
            return "\(frames): the motion runs \(amount) \(shift > 0 ? "late" : "early") from t = \(seconds(run.first)) s"
        }
    }

    private func seconds(_ frames: Int) -> String { format(Double(frames) / Double(fps)) }
}

import Stage
