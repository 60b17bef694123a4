extension SweepAxis {
    /// How two values of a key are found to be the same point (SPEC 16, 35): a number by its
    /// value (`2.8` is `2.80`, `3072` is `3072.0`), `device.ios` as a release (`18.1` is not
    /// `18.10`; `18` is `18.0`), `device.model` as the catalog entry it names (`iphone-11`,
    /// `iPhone 11` and `iPhone12,1` are one phone, SPEC 19), and everything else as text
    /// (`trace.user`, `policy`, switches).
    enum Comparison: Sendable, Hashable {
        case number
        case version
        case model
        case text
    }

    /// A value in the form two values that are the same point share.
    enum Identity: Hashable {
        case number(DecimalQuantity)
        case version(major: Int, minor: Int)
        case text(String)
    }

    /// How values of `key` compare: by the unit of its row in the key tables (SPEC 7, 14);
    /// `end_s` and the workload's keys are numbers, `policy` and `trace.user` text.
    static func comparison(of key: SweepKey) -> Comparison {
        switch key {
        case .device(.ios): return .version
        case .device(.model): return .model
        case .endS, .workload, .allocations, .typicalDayFactor, .limitShare: return .number
        case .trace, .policy: return .text
        case .device, .compressor, .freezer, .app: break
        }
        switch key.unit {
        case .mb?, .seconds?, .ratio?, .mbPerSecond?, .count?: return .number
        case .flag?, .list?, .name?, .mapping?, nil: return .text
        }
    }

    /// `value`'s identity under `comparison`; a value that is not a number (or a release)
    /// keeps its text, and the reading of its point then says what is wrong with it.
    static func identity(of value: String, _ comparison: Comparison) -> Identity {
        switch comparison {
        case .number:
            if let number = DecimalQuantity(value) { return .number(number) }
        case .version:
            if let version = IOSVersion(value) { return .version(major: version.major, minor: version.minor ?? 0) }
        case .model:
            if let entry = DeviceCatalog.shipped.entry(named: value) { return .text(entry.model) }
        case .text:
            break
        }
        return .text(value)
    }

    /// The first value of `values` (of `key`) that is the same point as an earlier one, with
    /// the index of each; nil when every value is its own point.
    ///
    /// - Complexity: O(n) in the total length of the values (one hashed set).
    static func repeatedValue(_ values: [String], key: SweepKey) -> (first: Int, again: Int)? {
        let comparison = comparison(of: key)
        var seen: [Identity: Int] = [:]
        seen.reserveCapacity(values.count)
        for (index, value) in values.enumerated() {
            if let first = seen.updateValue(index, forKey: identity(of: value, comparison)) { return (first, index) }
        }
        return nil
    }

    /// The message for value `again` of `values` being the same point as value `first`.
    static func repeatedValueMessage(_ values: [String], key: SweepKey, first: Int, again: Int) -> String {
        let how: String
        switch comparison(of: key) {
        case .number: how = "the same number"
        case .version: how = "the same iOS release"
        case .model: how = "the same catalog phone"
        case .text: how = "the same text"
        }
        if values[first] == values[again] { return "value '\(values[again])' is given twice" }
        return "value '\(values[again])' is \(how) as '\(values[first])' (value \(first + 1)): two points would be one"
    }
}
