import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit
import Compositor
import Raster
import TransitionTesting

/// A Settings-like screen in each style: a titled section of rows with symbols, a value row, a checkmark,
/// a selected row, a footer; a second section of plain rows.
final class SettingsRows: NSObject, UITableViewDataSource, UITableViewDelegate {
    func numberOfSections(in tableView: UITableView) -> Int { 2 }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { section == 0 ? 4 : 3 }
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { section == 0 ? "Network" : nil }
    func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
        section == 0 ? "Devices on this network can see this iPhone." : nil
    }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        var content = indexPath == IndexPath(row: 1, section: 0) ? UIListContentConfiguration.valueCell() : cell.defaultContentConfiguration()
        if indexPath.section == 0 {
            content.text = ["Wi-Fi", "Bluetooth", "Personal Hotspot", "VPN"][indexPath.row]
            content.image = UIImage(systemName: ["star", "house", "person.crop.circle", "magnifyingglass"][indexPath.row])
            if indexPath.row == 1 { content.secondaryText = "On" }
            cell.accessoryType = indexPath.row == 3 ? .checkmark : .disclosureIndicator
        } else {
            content.text = ["General", "Accessibility", "Privacy"][indexPath.row]
        }
        cell.contentConfiguration = content
        return cell
    }
}

@Suite("Table view goldens")
struct TableGoldenTests {
    static func render(_ style: UITableView.Style, scale: CGFloat) -> PixelBuffer {
        let clock = Timeline()
        return Timeline.$current.withValue(clock) {
            let rows = SettingsRows()
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 393, height: 520))
            let table = UITableView(frame: window.bounds, style: style)
            table.dataSource = rows
            table.delegate = rows
            window.addSubview(table)
            window.layoutIfNeeded()
            table.selectRow(at: IndexPath(row: 0, section: 1), animated: false, scrollPosition: .none)
            window.layoutIfNeeded()
            return withExtendedLifetime(rows) {
                LayerRenderer(scale: scale).render(window.layer.snapshot(at: 0), size: window.bounds.size, background: .white)
            }
        }
    }

    @Test("Plain table at 3x") func plain() { assertImageSnapshot(Self.render(.plain, scale: 3), named: "plain-3x") }
    @Test("Grouped table at 3x") func grouped() { assertImageSnapshot(Self.render(.grouped, scale: 3), named: "grouped-3x") }
    @Test("Inset-grouped table at 3x") func insetGrouped3x() { assertImageSnapshot(Self.render(.insetGrouped, scale: 3), named: "inset-grouped-3x") }
    @Test("Inset-grouped table at 1x") func insetGrouped1x() { assertImageSnapshot(Self.render(.insetGrouped, scale: 1), named: "inset-grouped-1x") }

    @Test("Rendering is the same on every run")
    func deterministic() {
        #expect(Self.render(.insetGrouped, scale: 1).bytes == Self.render(.insetGrouped, scale: 1).bytes)
    }
}
