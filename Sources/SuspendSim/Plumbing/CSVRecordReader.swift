import Foundation

/// Reads CSV record by record, as raw bytes: a record ends at an LF outside double quotes
/// (RFC 4180: a quoted field may hold line breaks; a CR before the LF is dropped). A file is
/// read in chunks, in constant memory. Every CSV suspendsim reads goes through it: `merge`
/// copies shards' rows with it byte for byte, the HTML report and `explain` read report
/// files by column name (`ReportCSV`), and the device catalog is read from its bytes.
///
/// Written here because the CSV packages at hand parse whole files into strings, and `merge`
/// needs the raw bytes of each record, in constant memory.
final class CSVRecordReader {
    private let handle: FileHandle?
    let path: String
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false

    /// Opens `path`.
    ///
    /// - Throws: `CSVReadError` when it cannot be opened.
    init(path: String) throws(CSVReadError) {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw CSVReadError("\(path): cannot open the file")
        }
        self.handle = handle
        self.path = path
    }

    /// Reads `bytes`, named `name` in messages.
    init(bytes: [UInt8], name: String) {
        handle = nil
        path = name
        buffer = bytes
        atEnd = true
    }

    deinit {
        try? handle?.close()
    }

    /// The next record without its line end; nil at the end.
    ///
    /// - Throws: `CSVReadError` when the file cannot be read.
    func next() throws(CSVReadError) -> ArraySlice<UInt8>? {
        guard var record = try nextLine() else { return nil }
        if record.last == CSVFormatting.carriageReturn { record.removeLast() }
        return record
    }

    /// The next record up to its LF.
    private func nextLine() throws(CSVReadError) -> ArraySlice<UInt8>? {
        var quoted = false
        var index = start
        while true {
            while index < buffer.count {
                let byte = buffer[index]
                if byte == CSVFormatting.quote {
                    quoted.toggle()
                } else if byte == CSVFormatting.lineFeed, !quoted {
                    let record = buffer[start..<index]
                    start = index + 1
                    return record
                }
                index += 1
            }
            if atEnd {
                guard start < buffer.count else { return nil }
                let record = buffer[start...]
                start = buffer.count
                return record
            }
            // Keep the unread part and read more after it.
            buffer.removeSubrange(0..<start)
            index -= start
            start = 0
            let chunk: Data?
            do {
                chunk = try handle?.read(upToCount: 1 << 16)
            } catch {
                throw CSVReadError("\(path): cannot read the file: \(error)")
            }
            if let chunk, !chunk.isEmpty { buffer.append(contentsOf: chunk) } else { atEnd = true }
        }
    }

    /// The fields of a record, as raw bytes (quotes kept), split at commas outside quotes.
    static func fields(_ record: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var fields: [ArraySlice<UInt8>] = []
        var quoted = false
        var fieldStart = record.startIndex
        for index in record.indices {
            let byte = record[index]
            if byte == CSVFormatting.quote {
                quoted.toggle()
            } else if byte == CSVFormatting.comma, !quoted {
                fields.append(record[fieldStart..<index])
                fieldStart = index + 1
            }
        }
        fields.append(record[fieldStart...])
        return fields
    }

    /// A field's text: RFC 4180 quotes removed and doubled quotes undoubled.
    static func text(_ field: ArraySlice<UInt8>) -> String {
        guard field.first == CSVFormatting.quote, field.count >= 2, field.last == CSVFormatting.quote else {
            return String(decoding: field, as: UTF8.self)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(field.count)
        var index = field.startIndex + 1
        let end = field.endIndex - 1
        while index < end {
            let byte = field[index]
            bytes.append(byte)
            if byte == CSVFormatting.quote, index + 1 < end, field[index + 1] == CSVFormatting.quote { index += 1 }
            index += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Every remaining record as the text of its fields, skipping empty lines.
    ///
    /// - Throws: `CSVReadError` when the file cannot be read.
    func textRecords() throws(CSVReadError) -> [[String]] {
        var records: [[String]] = []
        while let record = try next() {
            if record.isEmpty { continue }
            records.append(Self.fields(record).map(Self.text))
        }
        return records
    }
}

/// A CSV file could not be opened or read.
struct CSVReadError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, with the path.
    var description: String
    init(_ description: String) { self.description = description }
}
