/// The device catalog (SPEC 11): real devices with their RAM and per-app memory limit, the
/// hardware ids JetsamEvent reports name them by, and where each figure comes from.
///
/// The rows are data, `Resources/devices.csv`, compiled into the module, on one basis (SPEC
/// 37, "The catalog on one basis"). Measured rows come from the public "crash at / of total"
/// table of per-app limits: RAM as the OS reports it, the limit as measured. Estimated rows
/// give Apple's GB figure × 1024 × 0.92 as the RAM (what the measured phones since the iPhone
/// X report of their nominal RAM), 55 % of it as the limit and 50.0-63.7 % as its range (the
/// spread of the measured phones since the X), and say so in `source`. Rows may be added.
package struct DeviceCatalog: Sendable {
    /// One device.
    package struct Entry: Sendable, Hashable {
        /// The catalog's name for it, lower-case and hyphenated (`iphone-11`): what a resolved
        /// device's `model` holds, whether a scenario named it so, by a product or by `name`
        /// (`entry(named:)`, SPEC 19).
        package var model: String
        /// The marketing name (`iPhone 11`).
        package var name: String
        /// Hardware product ids (`iPhone12,1`), as JetsamEvent reports give them.
        package var products: [String]
        package var ramMB: Int
        package var appLimitMB: Int
        /// `measured` or `estimated`.
        package var limitSource: String
        /// The system memory of the phone (SPEC 30): `ram_mb` − `app_limit_mb`, what the OS
        /// kept for itself while one foreground app grew to its limit.
        package var systemMB: Int
        /// `limit` (the limit was measured) or `estimated` (SPEC 30).
        package var systemSource: Device.SystemSource
        /// Where `ramMB` comes from (SPEC 37).
        package var ramSource: RAMSource
        /// The range the per-app limit may lie in (SPEC 37): the limit itself when measured;
        /// 50.0 % and 63.7 % of `ramMB`, rounded half up to a MB, when estimated.
        package var limitLowMB: Int
        package var limitHighMB: Int
        /// Where the figures come from.
        package var source: String
    }

    /// Where a row's RAM comes from (SPEC 37, `ram_source`).
    package enum RAMSource: String, Sendable, Hashable {
        /// What the OS reports (the per-app limit table's "of total").
        case reported
        /// Apple's GB figure × 1024 × 0.92, rounded half up to a MB.
        case nominal
    }

    /// The catalog's columns, in file order.
    package static let columns = [
        "model", "name", "products", "ram_mb", "app_limit_mb", "limit_source", "system_mb", "system_source",
        "ram_source", "limit_low_mb", "limit_high_mb", "source",
    ]

    /// Every entry, in file order.
    package let entries: [Entry]

    /// The shipped catalog's file, as it is (`suspendsim devices --csv` prints it).
    package static let shippedCSV = String(decoding: PackageResources.devices_csv, as: UTF8.self)

    /// The catalog shipped with suspendsim.
    package static let shipped: DeviceCatalog = {
        guard let catalog = DeviceCatalog(csv: shippedCSV) else {
            preconditionFailure("Resources/devices.csv is not a valid catalog")
        }
        return catalog
    }()

    /// A catalog from CSV text with `columns` as its header; nil when a row does not fit.
    package init?(csv text: String) {
        guard let records = try? CSVRecordReader(bytes: Array(text.utf8), name: "devices.csv").textRecords() else { return nil }
        guard let header = records.first, header == Self.columns else { return nil }
        var entries: [Entry] = []
        for record in records.dropFirst() {
            guard record.count == Self.columns.count, let ram = Int(record[3]), ram > 0, let limit = Int(record[4]),
                  let system = Int(record[6]), system >= 0, let systemSource = Device.SystemSource(rawValue: record[7]),
                  systemSource == .limit || systemSource == .estimated, let ramSource = RAMSource(rawValue: record[8]),
                  let low = Int(record[9]), let high = Int(record[10]), low <= limit, limit <= high else { return nil }
            entries.append(Entry(
                model: record[0], name: record[1], products: record[2].split(separator: " ").map(String.init),
                ramMB: ram, appLimitMB: limit, limitSource: record[5], systemMB: system, systemSource: systemSource,
                ramSource: ramSource, limitLowMB: low, limitHighMB: high, source: record[11]))
        }
        self.entries = entries
    }
}
