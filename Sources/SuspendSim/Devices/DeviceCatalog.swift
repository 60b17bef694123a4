/// The device catalog (SPEC 11): real devices with their RAM and per-app memory limit, the
/// hardware ids JetsamEvent reports name them by, and where each figure comes from.
///
/// The rows are data, `Resources/devices.csv`, compiled into the module. Measured rows come
/// from the public "crash at / of total" table of per-app limits; estimated rows give the
/// nominal RAM and 55 % of it as the limit, and say so in `source`. Rows may be added, none
/// changed.
package struct DeviceCatalog: Sendable {
    /// One device.
    package struct Entry: Sendable, Hashable {
        /// The name scenarios use: lower-case, hyphenated (`iphone-11`).
        package var model: String
        /// The marketing name (`iPhone 11`).
        package var name: String
        /// Hardware product ids (`iPhone12,1`), as JetsamEvent reports give them.
        package var products: [String]
        package var ramMB: Int
        package var appLimitMB: Int
        /// `measured` or `estimated`.
        package var limitSource: String
        /// Where the figures come from.
        package var source: String
    }

    /// The catalog's columns, in file order.
    package static let columns = ["model", "name", "products", "ram_mb", "app_limit_mb", "limit_source", "source"]

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
            guard record.count == Self.columns.count, let ram = Int(record[3]), let limit = Int(record[4]) else { return nil }
            entries.append(Entry(
                model: record[0], name: record[1], products: record[2].split(separator: " ").map(String.init),
                ramMB: ram, appLimitMB: limit, limitSource: record[5], source: record[6]))
        }
        self.entries = entries
    }

    /// The entry named `model`, compared case-insensitively (SPEC 16).
    package func entry(model: String) -> Entry? {
        let wanted = model.lowercased()
        return entries.first { $0.model == wanted }
    }

    /// The entry whose products include `product` (`iPhone12,1`).
    package func entry(product: String) -> Entry? {
        entries.first { $0.products.contains(product) }
    }

    /// Up to `limit` model names closest to `model` by edit distance, closest first (ties in
    /// catalog order), for "unknown model" messages.
    package func nearestModels(to model: String, limit: Int = 3) -> [String] {
        let wanted = Array(model.lowercased().unicodeScalars)
        return entries.enumerated()
            .map { (distance: Self.editDistance(wanted, Array($0.element.model.unicodeScalars)), order: $0.offset, model: $0.element.model) }
            .sorted { ($0.distance, $0.order) < ($1.distance, $1.order) }
            .prefix(limit).map(\.model)
    }

    /// Levenshtein distance between two strings of scalars.
    private static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
