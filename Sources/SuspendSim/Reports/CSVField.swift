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
    private let bytes: [[UInt8]]

    init() {
        var bytes = [[UInt8]?](repeating: nil, count: Field.allCases.count)
        for field in Field.allCases {
            let index = field.csvIndex
            precondition(bytes.indices.contains(index) && bytes[index] == nil,
                         "\(Field.self).\(field.rawValue) has csvIndex \(index), out of range or taken")
            bytes[index] = CSVFormatting.field(field.rawValue)
        }
        self.bytes = bytes.map { $0! }
    }

    /// The bytes of `field` as one CSV field (quoted if RFC 4180 requires it).
    subscript(field: Field) -> [UInt8] { bytes[field.csvIndex] }
}
