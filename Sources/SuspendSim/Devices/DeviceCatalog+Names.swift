extension DeviceCatalog {
    /// The entry that `name` names, in any of the three forms a scenario's `device.model` and
    /// `Device(model:ios:)` accept (SPEC 11, 19): the catalog's model (`iphone-11`), a
    /// hardware product id (`iPhone12,1`) or the marketing name (`iPhone 11`), each compared
    /// case-insensitively. The model is tried first, then the products, then the names, so a
    /// name that happened to spell another entry's model would still mean that model.
    ///
    /// - Complexity: O(entries)
    package func entry(named name: String) -> Entry? {
        let wanted = name.lowercased()
        return entry(model: wanted)
            ?? entries.first { $0.products.contains { $0.lowercased() == wanted } }
            ?? entries.first { $0.name.lowercased() == wanted }
    }

    /// The entry whose model is `model`, compared case-insensitively (SPEC 16).
    package func entry(model: String) -> Entry? {
        let wanted = model.lowercased()
        return entries.first { $0.model == wanted }
    }

    /// The entry whose products include `product` (`iPhone12,1`), exactly as JetsamEvent
    /// reports and MetricKit payloads spell it.
    package func entry(product: String) -> Entry? {
        entries.first { $0.products.contains(product) }
    }

    /// Up to `limit` model names closest to `name`, for "unknown model" messages (SPEC 11):
    /// by edit distance, then those with a name that `name` begins (`iphone-1` is the start
    /// of `iphone-11`, not of `iphone-6`), then in catalog order. An entry's distance is the
    /// least over its names (model, marketing name, products; lower-cased), so that a mistyped
    /// marketing name (`iPhone 11 Pro Maxx`) finds its model as a mistyped model does.
    ///
    /// - Complexity: O(entries × name length²)
    package func nearestModels(to name: String, limit: Int = 3) -> [String] {
        let text = name.lowercased()
        let wanted = Array(text.unicodeScalars)
        return entries.enumerated()
            .map { order, entry in
                let names = [entry.model, entry.name.lowercased()] + entry.products.map { $0.lowercased() }
                let distance = names.map { NearestNames.editDistance(wanted, Array($0.unicodeScalars)) }.min() ?? Int.max
                let continues = names.contains { $0.hasPrefix(text) } ? 0 : 1
                return (distance: distance, continues: continues, order: order, model: entry.model)
            }
            .sorted { ($0.distance, $0.continues, $0.order) < ($1.distance, $1.continues, $1.order) }
            .prefix(limit).map(\.model)
    }
}
