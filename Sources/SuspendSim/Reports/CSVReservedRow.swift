/// One row of a CSV file written into room its buffer reserved for the whole row beforehand
/// (`CSVRowWriter.appendRow(_:room:_:)`), so that each field is a store or two with no room
/// check of its own. The six files a long run formats on a thread of its own (SPEC 8) write
/// their rows this way: one check a row in place of one or more a field, and no loop over the
/// columns, cut the formatting thread's instructions by about a third (docs/performance.md).
///
/// Each field is written with its column, in the order `Columns` declares them, followed by a
/// comma; `finish()` turns the last comma into the line end. Builds with
/// `SUSPENDSIM_INTERNAL_CHECKS` (the tests') check that every column comes once, in the
/// enum's order, and that the row stays within its room: a column added to the enum and not
/// given a field fails the first test that writes such a row, as `CSVColumns.appendRow`'s
/// exhaustive `switch` fails the build.
///
/// - Precondition: the room holds the row's longest possible length plus `slack` (the fixed
///   moves below store up to `slack` bytes past a field's end).
struct CSVReservedRow<Columns: CSVColumns>: CSVByteSink {
    /// Bytes a field's store may write past the field's end (`CSVStoredField.readableLength`).
    static var slack: Int { CSVStoredField.readableLength }

    /// Room enough for any number in a `_s` or `_mb` column and its comma: a sign, 17 whole
    /// digits (2^64 thousandths), a point, 3 decimals.
    static var numberRoom: Int { 24 }

    private let start: UnsafeMutablePointer<UInt8>
    private var end: UnsafeMutablePointer<UInt8>
    #if SUSPENDSIM_INTERNAL_CHECKS
    private let limit: UnsafeMutablePointer<UInt8>
    private var columnsWritten: Int
    #endif

    /// A row written from `start`, where `room` bytes may be written.
    @inline(__always)
    init(start: UnsafeMutablePointer<UInt8>, room: Int) {
        self.start = start
        end = start
        #if SUSPENDSIM_INTERNAL_CHECKS
        limit = start + room
        columnsWritten = 0
        #endif
    }

    /// Checks, in builds with internal checks, that `column` is the next of `Columns`.
    @inline(__always)
    private mutating func begin(_ column: Columns) {
        #if SUSPENDSIM_INTERNAL_CHECKS
        let columns = Columns.allCases
        precondition(columnsWritten < columns.count && columns[columnsWritten] == column,
                     "\(Columns.self).\(column.rawValue) written as column \(columnsWritten) of \(columns.map(\.rawValue))")
        columnsWritten += 1
        #endif
    }

    /// Ends a field with its comma.
    @inline(__always)
    private mutating func endField() {
        end.pointee = CSVFormatting.comma
        end += 1
        #if SUSPENDSIM_INTERNAL_CHECKS
        precondition(end + Self.slack <= limit, "\(Columns.self) row longer than its room")
        #endif
    }

    /// Writes `field` in `column`: a short field (the apps' ids and every enum's spelling) as
    /// two fixed 16-byte moves, as `CSVRowWriter.append(_:)` does, a long one in one copy.
    @inline(__always)
    mutating func append(_ column: Columns, _ field: CSVStoredField) {
        begin(column)
        let length = field.count
        if length <= CSVStoredField.readableLength {
            let source = UnsafeRawPointer(field.start)
            let target = UnsafeMutableRawPointer(end)
            target.storeBytes(of: source.loadUnaligned(as: SIMD16<UInt8>.self), as: SIMD16<UInt8>.self)
            (target + 16).storeBytes(of: (source + 16).loadUnaligned(as: SIMD16<UInt8>.self), as: SIMD16<UInt8>.self)
        } else {
            end.update(from: field.start, count: length)
        }
        end += length
        endField()
    }

    /// Leaves `column` empty.
    @inline(__always)
    mutating func appendEmpty(_ column: Columns) {
        begin(column)
        endField()
    }

    /// Writes whole KiB as MB with 3 decimals in `column`, as `CSVFormatting.appendMB`.
    ///
    /// 0 is one stored word: on a phone without a compressor or flash every `compressed_mb`,
    /// `compressor_mb` and `flash_mb` cell of `memory.csv` and `pressure.csv` is `0.000`, five
    /// of the nine numbers of their rows (docs/performance.md).
    @inline(__always)
    mutating func appendMB(_ column: Columns, _ kib: KiB) {
        begin(column)
        if kib == .zero {
            UnsafeMutableRawPointer(end).storeBytes(of: Self.zeroMB.littleEndian, as: UInt64.self)
            end += 5
        } else {
            CSVFormatting.appendMB(kib, to: &self)
        }
        endField()
    }

    /// `0.000` in the low 5 bytes of a little-endian word, the first byte lowest.
    private static var zeroMB: UInt64 { 0x30_30_30_2E_30 }

    /// Writes whole milliseconds as seconds with 3 decimals in `column`, as
    /// `CSVFormatting.appendSeconds`.
    @inline(__always)
    mutating func appendSeconds(_ column: Columns, _ milliseconds: Millis) {
        begin(column)
        CSVFormatting.appendSeconds(milliseconds, to: &self)
        endField()
    }

    /// Turns the last field's comma into the line end, and returns the row's length.
    @inline(__always)
    mutating func finish() -> Int {
        #if SUSPENDSIM_INTERNAL_CHECKS
        precondition(columnsWritten == Columns.allCases.count,
                     "\(Columns.self) row with \(columnsWritten) of \(Columns.allCases.count) columns")
        #endif
        (end - 1).pointee = CSVFormatting.lineFeed
        return end - start
    }

    // MARK: CSVByteSink, within the room (for the formatting functions above)

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        end.pointee = byte
        end += 1
    }

    mutating func append(contentsOf bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { source in
            if let address = source.baseAddress { end.update(from: address, count: source.count) }
        }
        end += bytes.count
    }

    @inline(__always)
    mutating func appendDecimal(_ value: UInt64) {
        let length = CSVFormatting.decimalLength(value)
        CSVFormatting.writeDecimal(value, length: length, to: end)
        end += length
    }

    /// As `CSVRowWriter.appendThousandths`: a field under 10,000 in one 8-byte store, one of
    /// 5 to 8 whole digits in two, longer ones a digit pair at a time.
    @inline(__always)
    mutating func appendThousandths(_ thousandths: UInt64) {
        let target = UnsafeMutableRawPointer(end)
        if thousandths < CSVFormatting.packedThousandthsLimit {
            let (word, length) = CSVFormatting.packedThousandths(thousandths)
            target.storeBytes(of: word.littleEndian, as: UInt64.self)
            end += length
        } else if thousandths < CSVFormatting.packedLongThousandthsLimit {
            let (high, highLength, low) = CSVFormatting.packedLongThousandths(thousandths)
            target.storeBytes(of: high.littleEndian, as: UInt64.self)
            (target + highLength).storeBytes(of: low.littleEndian, as: UInt64.self)
            end += highLength &+ 8
        } else {
            let length = CSVFormatting.thousandthsLength(thousandths)
            CSVFormatting.writeThousandths(thousandths, length: length, to: end)
            end += length
        }
    }
}

extension CSVRowWriter {
    /// Appends one row of `Columns` and its line end: makes room for `room` bytes once, then
    /// `fields` writes each field with no room check of its own (`CSVReservedRow`, whose
    /// precondition `room` must meet).
    @inline(__always)
    mutating func appendRow<Columns: CSVColumns>(_ columns: Columns.Type, room: Int,
                                                 _ fields: (inout CSVReservedRow<Columns>) -> Void) {
        var row = CSVReservedRow<Columns>(start: reserve(room), room: room)
        fields(&row)
        advance(by: row.finish())
    }
}
