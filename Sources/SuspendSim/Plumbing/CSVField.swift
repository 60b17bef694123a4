/// An enum whose raw value is written to a CSV column (states, callbacks, reasons, ...).
///
/// `csvIndex` is a `switch` over every case, numbering them from 0. Reports look a case's
/// bytes up by that index because a `String`-backed enum compares and hashes through its
/// raw value: `==`, `firstIndex(of:)` and dictionary lookups would all build `String`s for
/// every row.
protocol CSVField: CaseIterable, RawRepresentable where RawValue == String {
    /// The case's position, 0 ..< `allCases.count`; distinct for distinct cases.
    var csvIndex: Int { get }
}

/// The CSV bytes of every case of a `CSVField` enum, computed once.
///
/// - Complexity: a lookup is O(1) and builds no `String`.
struct CSVFieldTable<Field: CSVField> {
    private let storage: CSVFieldStorage

    init() {
        var bytes = [[UInt8]?](repeating: nil, count: Field.allCases.count)
        for field in Field.allCases {
            let index = field.csvIndex
            precondition(bytes.indices.contains(index) && bytes[index] == nil,
                         "\(Field.self).\(field.rawValue) has csvIndex \(index), out of range or taken")
            bytes[index] = CSVFormatting.field(field.rawValue)
        }
        storage = CSVFieldStorage(bytes.map { $0! })
    }

    /// The bytes of `field` as one CSV field (quoted if RFC 4180 requires it).
    subscript(field: Field) -> CSVStoredField { storage[field.csvIndex] }

    /// The length of the longest field.
    var longest: Int { storage.longest }
}

/// The bytes of one field held by a `CSVFieldStorage` or a `CSVTimeField`: at least
/// `readableLength` bytes can be read from `start`, past the field's own end, so that a row
/// copies a short field with two fixed 16-byte moves instead of a loop over its bytes
/// (`CSVRowWriter.append(_:)`).
struct CSVStoredField {
    /// Bytes readable from `start`, whatever the field's length.
    static let readableLength = 32

    let start: UnsafePointer<UInt8>
    let count: Int

    /// The field's own bytes.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: start, count: count) }
}

/// Field bytes laid out once in one block that lives as long as this object, so that copying
/// a field into a row costs no reference counting (an `[[UInt8]]` retains the inner array on
/// every read).
final class CSVFieldStorage: @unchecked Sendable {
    private let block: UnsafeMutablePointer<UInt8>
    /// The fields, in the order given.
    let fields: [CSVStoredField]
    /// The length of the longest field (0 without fields).
    let longest: Int

    init(_ contents: [[UInt8]]) {
        // Zeros after the last field, so that every field has `readableLength` bytes to read.
        let total = contents.reduce(0) { $0 + $1.count } + CSVStoredField.readableLength
        let block = UnsafeMutablePointer<UInt8>.allocate(capacity: total)
        block.initialize(repeating: 0, count: total)
        self.block = block
        var offset = 0
        var fields: [CSVStoredField] = []
        for field in contents {
            field.withUnsafeBufferPointer { source in
                if let address = source.baseAddress { (block + offset).update(from: address, count: field.count) }
            }
            fields.append(CSVStoredField(start: block + offset, count: field.count))
            offset += field.count
        }
        self.fields = fields
        longest = contents.map(\.count).max() ?? 0
    }

    deinit {
        block.deallocate()
    }

    subscript(index: Int) -> CSVStoredField { fields[index] }
}
