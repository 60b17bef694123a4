/// The assumption table (SPEC 36): one row per default that a run can take without the file
/// setting it, each with where it comes from and the range its source supports.
///
/// The rows are data, `Resources/assumptions.csv`, compiled into the module as the device
/// catalog is; `shippedCSV` is that file's bytes as shipped (UTF-8, LF line ends), which
/// `device.csv`'s `assumptions_sha256` digests.
package struct AssumptionTable: Sendable {
    /// The table's columns, in file order.
    package static let columns = ["key", "applies", "value", "unit", "origin", "source", "low", "high"]

    /// Every row, in file order (SPEC 36: "the table's order").
    package let rows: [AssumptionRow]
    /// Every row's cells as written, in file order (for `suspendsim assumptions`).
    package let records: [[String]]

    /// The shipped table's file, as it is.
    package static let shippedCSV = String(decoding: PackageResources.assumptions_csv, as: UTF8.self)

    /// The table shipped with suspendsim.
    package static let shipped: AssumptionTable = {
        do {
            return try AssumptionTable(csv: shippedCSV)
        } catch {
            preconditionFailure("Resources/assumptions.csv is not a valid assumption table: \(error)")
        }
    }()

    /// A table from CSV text with `columns` as its header.
    ///
    /// - Throws: `AssumptionTable.FormatError` naming the line and the field that does not fit.
    package init(csv text: String) throws(FormatError) {
        let records: [[String]]
        do {
            records = try CSVRecordReader(bytes: Array(text.utf8), name: "assumptions.csv").textRecords()
        } catch {
            throw FormatError(line: 0, message: "not CSV: \(error)")
        }
        guard let header = records.first, header == Self.columns else {
            throw FormatError(line: 1, message: "the header must be \(Self.columns.joined(separator: ","))")
        }
        var rows: [AssumptionRow] = []
        for (offset, record) in records.dropFirst().enumerated() {
            let line = offset + 2
            guard record.count == Self.columns.count else {
                throw FormatError(line: line, message: "\(record.count) fields, expected \(Self.columns.count)")
            }
            do {
                rows.append(try AssumptionRow(record: record))
            } catch {
                throw FormatError(line: line, message: error.message)
            }
        }
        self.rows = rows
        self.records = Array(records.dropFirst())
    }

    /// The rows of `key`, in file order.
    package func rows(of key: String) -> [AssumptionRow] {
        rows.filter { $0.key == key }
    }

    /// A row of the table that does not fit its grammar.
    package struct FormatError: Error, Sendable, Equatable {
        /// The line of the CSV text (1 is the header; 0 when the text is not CSV at all).
        package var line: Int
        package var message: String
    }
}
