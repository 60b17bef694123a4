import Foundation

/// Reads a CSV file record by record, as raw bytes, in constant memory: a record ends at an
/// LF outside double quotes (RFC 4180: a quoted field may hold line breaks). `merge` copies
/// shards' rows with it byte for byte.
final class CSVRecordReader {
    private let handle: FileHandle
    let path: String
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false

    /// Opens `path`.
    ///
    /// - Throws: `MergeError` when it cannot be opened.
    init(path: String) throws(MergeError) {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw MergeError("\(path): cannot open the file")
        }
        self.handle = handle
        self.path = path
    }

    deinit {
        try? handle.close()
    }

    /// The next record without its LF; nil at the end of the file.
    ///
    /// - Throws: `MergeError` when the file cannot be read.
    func next() throws(MergeError) -> ArraySlice<UInt8>? {
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
                chunk = try handle.read(upToCount: 1 << 16)
            } catch {
                throw MergeError("\(path): cannot read the file: \(error)")
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
}
