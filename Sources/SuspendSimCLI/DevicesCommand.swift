import ArgumentParser
import SuspendSim

extension SuspendsimCommand {
    /// `suspendsim devices`: the device catalog (SPEC 11).
    struct DevicesCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "devices",
            abstract: "List the device catalog that `device.model` names.",
            discussion: """
                Each device's RAM (MB; `reported` by the OS, or `nominal`: Apple's GB figure \
                x 1024 x 0.92) and per-app limit (MB), whether the limit was measured or \
                estimated and the range it may lie in (an estimate's: 50.0-63.7 % of RAM), its system memory (RAM minus the limit: `limit` when the limit was \
                measured, else `estimated`), and the hardware ids of its JetsamEvent reports. A \
                scenario's `device: { model: iphone-11 }` takes ram_mb, app_limit_mb and \
                system_mb (scaled when ram_mb is set) from here; an explicit key wins. `model` may also be a product id (iPhone12,1) or the name \
                (iPhone 11), in any case; Swift's `Device(model:ios:)` takes the same names.
                """
        )

        @Flag(help: "Print the catalog as CSV (its columns: model,name,products,ram_mb,app_limit_mb,limit_source,system_mb,system_source,ram_source,limit_low_mb,limit_high_mb,source).")
        var csv = false

        func run() throws {
            let catalog = DeviceCatalog.shipped
            if csv { return print(DeviceCatalog.shippedCSV, terminator: "") }
            let rows = [["model", "name", "ram_mb", "ram", "app_limit_mb", "limit", "limit_range", "system_mb", "system", "products"]]
                + catalog.entries.map {
                    [$0.model, $0.name, String($0.ramMB), $0.ramSource.rawValue, String($0.appLimitMB), $0.limitSource,
                     "\($0.limitLowMB)-\($0.limitHighMB)", String($0.systemMB), $0.systemSource.rawValue, $0.products.joined(separator: " ")]
                }
            let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
            for row in rows {
                let cells = row.enumerated().map { column, text in
                    // Numbers right-aligned, text left-aligned; the last column unpadded.
                    let pad = String(repeating: " ", count: widths[column] - text.count)
                    if column == row.count - 1 { return text }
                    return [2, 4, 6, 7].contains(column) ? pad + text : text + pad
                }
                print(cells.joined(separator: "  "))
            }
            print("\n\(catalog.entries.count) devices. Sources: suspendsim devices --csv")
        }
    }
}
