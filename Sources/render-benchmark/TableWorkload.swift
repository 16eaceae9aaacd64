import Foundation
import QuartzCore
import Compositor
import UIKit

/// A UITableView scrolling 12 pt a frame for 60 frames, each row a list cell with a disclosure chevron: with
/// 10,000 rows (720 pt down) and with 20 (whose 28 pt of scrolling wraps, so every frame moves too). A
/// frame is the table's tiling (layout), the layer snapshot and the render; with cell reuse it costs what
/// the visible rows cost, whatever the row count.
enum TableWorkload {
    final class Source: NSObject, UITableViewDataSource {
        let rows: Int
        init(rows: Int) { self.rows = rows }
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            var content = cell.defaultContentConfiguration()
            content.text = "Row \(indexPath.row)"
            cell.contentConfiguration = content
            cell.accessoryType = .disclosureIndicator
            return cell
        }
    }

    static func run(scales: [CGFloat]) {
        for scale in scales {
            for rows in [10_000, 20] {
                let timeline = Timeline()
                var times: [Double] = []
                var cells = 0
                Timeline.$current.withValue(timeline) {
                    let source = Source(rows: rows)
                    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
                    let table = UITableView(frame: window.bounds, style: .plain)
                    table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
                    table.dataSource = source
                    window.addSubview(table)
                    window.layoutIfNeeded()
                    let renderer = LayerRenderer(scale: scale)
                    let maxOffset = max(0, table.contentSize.height - 852)
                    for index in 0..<60 {
                        times.append(milliseconds {
                            table.contentOffset = CGPoint(x: 0, y: (CGFloat(index) * 12).truncatingRemainder(dividingBy: maxOffset + 1))
                            window.layoutIfNeeded()
                            _ = renderer.render(window.layer.snapshot(at: timeline.now), size: CGSize(width: 393, height: 852))
                        })
                        cells = max(cells, table.subviews.filter { $0 is UITableViewCell }.count)
                    }
                    _ = source
                }
                print(String(format: "  %.0fx table of %d rows scrolling 12 pt/frame: median %.2f ms/frame (min %.2f, max %.2f), at most %d cells",
                             Double(scale), rows, median(times), times.min()!, times.max()!, cells))
            }
        }
        print(String(format: "peak memory %.0f MiB", peakMemoryMiB()))
    }
}
