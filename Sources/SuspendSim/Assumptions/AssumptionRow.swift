/// One row of the assumption table (SPEC 36): `key,applies,value,unit,origin,source,low,high`.
package struct AssumptionRow: Sendable, Hashable {
    /// The scenario key (`device.reaper_free_mb`, `app.*.cold_launch_s`, `workload.dwell_s`).
    package var key: String
    /// When the default is taken: every condition must hold.
    package var applies: [AssumptionCondition]
    package var value: AssumptionValue
    package var unit: AssumptionUnit
    package var origin: AssumptionOrigin
    /// The citation; never empty.
    package var source: String
    /// The range the source supports: `low` ≤ `value` ≤ `high`.
    package var low: AssumptionValue
    package var high: AssumptionValue

    /// A row from its eight CSV fields.
    ///
    /// - Throws: `AssumptionRow.FieldError` naming the field that does not fit.
    init(record: [String]) throws(FieldError) {
        key = record[0]
        guard !key.isEmpty else { throw FieldError(message: "key is empty") }
        applies = try AssumptionCondition.parseAll(record[1])
        guard let unit = AssumptionUnit(rawValue: record[3]) else {
            throw FieldError(message: "unit '\(record[3])' is not one of \(AssumptionUnit.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        self.unit = unit
        guard let origin = AssumptionOrigin(rawValue: record[4]) else {
            throw FieldError(message: "origin '\(record[4])' is not one of \(AssumptionOrigin.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        self.origin = origin
        source = record[5]
        guard !source.isEmpty else { throw FieldError(message: "source is empty") }
        value = try AssumptionValue(parsing: record[2], unit: unit, field: "value")
        low = try AssumptionValue(parsing: record[6], unit: unit, field: "low")
        high = try AssumptionValue(parsing: record[7], unit: unit, field: "high")
    }

    /// What is wrong with one field of a row.
    package struct FieldError: Error, Sendable, Equatable {
        package var message: String
    }
}

/// What a default measures (SPEC 36's `unit`), which says how `assumptions.csv` writes it.
package enum AssumptionUnit: String, Sendable, CaseIterable {
    case mb = "MB"
    case seconds = "s"
    case mbPerSecond = "MB/s"
    case count
    case ratio
    case share
    case perHour = "per hour"
    case factor
    case exponent
    case boolean
}

/// Where a default comes from (SPEC 36's `origin`).
package enum AssumptionOrigin: String, Sendable, CaseIterable {
    /// XNU's or AOSP's source code.
    case sourceCode = "source-code"
    /// Apple's or Android's documentation.
    case documented
    /// A public measurement.
    case measured
    /// A published study.
    case study
    /// The project's own figure, with no source for the figure itself.
    case estimated
}
