/// A report CSV read by the HTML page and by `explain`: columns are found by name in the
/// header row, so that files with more columns than a reader uses (later parts of the spec
/// append columns, SPEC 14) read the same (SPEC 15).
///
/// ```swift
/// let memory = try ReportCSV(path: folder + "/memory.csv", required: [MemoryColumn.time, .app, .footprint])
/// let time = memory.column(MemoryColumn.time)!
/// try memory.forEachRow { row in print(row[time]) }
/// ```
///
/// Rows are read one at a time through `CSVRecordReader`, so a long run's files are never
/// held whole. A file that cannot be read throws `ReportCSV.Unreadable`, which each reader
/// turns into its own error (the page's `unreadable`, `explain`'s message).
final class ReportCSV {
    /// A report file could not be read, or lacks a column its reader needs: the path and why.
    struct Unreadable: Error, Equatable, CustomStringConvertible {
        let path: String
        let reason: String
        var description: String { "\(path): \(reason)" }
    }

    /// The file's path.
    let path: String
    /// The header's names, in file order.
    let header: [String]
    private let reader: CSVRecordReader
    private let indexByName: [String: Int]

    /// Opens `path` and reads its header.
    ///
    /// - Throws: `Unreadable` when the file cannot be read, is empty, or lacks
    ///   one of the `required` columns.
    convenience init<Column: CSVColumns>(path: String, required: [Column]) throws(Unreadable) {
        try self.init(path: path, required: required.map { $0.rawValue })
    }

    /// Opens `path` and reads its header (`required` by name).
    init(path: String, required: [String] = []) throws(Unreadable) {
        self.path = path
        do {
            reader = try CSVRecordReader(path: path)
            guard let first = try reader.next() else { throw Unreadable(path: path, reason: "the file is empty") }
            header = CSVRecordReader.fields(first).map(CSVRecordReader.text)
        } catch let error as Unreadable {
            throw error
        } catch {
            throw Unreadable(path: path, reason: "\(error)")
        }
        var indexByName: [String: Int] = [:]
        for (index, name) in header.enumerated() where indexByName[name] == nil { indexByName[name] = index }
        self.indexByName = indexByName
        let missing = required.filter { indexByName[$0] == nil }
        guard missing.isEmpty else {
            throw Unreadable(path: path, reason: "no column \(missing.joined(separator: ", ")) in the header")
        }
    }

    /// The index of the column `name`, nil when the header has no such column.
    func column(_ name: String) -> Int? { indexByName[name] }

    /// The index of `column` (by its name), nil when the header has no such column.
    func column(_ column: some CSVColumns) -> Int? { indexByName[column.rawValue] }

    /// Calls `body` with each row's fields as text (unquoted), in file order. A row shorter
    /// than the header is padded with empty fields; an empty line is skipped.
    ///
    /// - Throws: `Unreadable` when the file cannot be read, or what `body` throws.
    func forEachRow(_ body: ([String]) throws(Unreadable) -> Void) throws(Unreadable) {
        while true {
            let record: ArraySlice<UInt8>?
            do {
                record = try reader.next()
            } catch {
                throw Unreadable(path: path, reason: error.description)
            }
            guard let record else { return }
            if record.isEmpty { continue }
            var fields = CSVRecordReader.fields(record).map(CSVRecordReader.text)
            if fields.count < header.count { fields += Array(repeating: "", count: header.count - fields.count) }
            try body(fields)
        }
    }

    /// Every row, read at once (for the small files: survivors, device, survival).
    func rows() throws(Unreadable) -> [[String]] {
        var rows: [[String]] = []
        try forEachRow { rows.append($0) }
        return rows
    }

    /// A number field as a Double; nil when empty or not a number.
    static func number(_ text: String) -> Double? {
        text.isEmpty ? nil : Double(text)
    }
}
