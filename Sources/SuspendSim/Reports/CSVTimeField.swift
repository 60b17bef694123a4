/// The `time_s` fields of the instants formatted last, reused while rows share them.
///
/// Most rows share their time with the row before (one event makes several), so the last
/// instant's field is kept. The formatting thread writes a chunk of rows file by file
/// (`RunReportBesideRows.write(_:time:)`), so the same instant comes again in each file: once
/// it calls `startChunk()`, every instant formatted in the chunk is kept too, in time order,
/// and each file walks them forward from its first row (`rewind()`), a row finding its field
/// after a compare or a few. A `time_s` past 10,000 s costs about 100 instructions to format,
/// and the six files of a 10^5-event run formatted one 307,000 times; with the kept instants,
/// 90,000 times (docs/performance.md).
///
/// The kept instants are strictly increasing: one is added only when later than all, and
/// when the table is full it starts again empty. A row whose time is not kept (earlier than
/// the last kept one, or before `startChunk()`) is formatted into the field of the last
/// instant, as before.
final class CSVTimeField {
    /// Instants a chunk can keep: as many as a chunk's rows (`CSVFormattingThread.chunkSize`).
    private static let tableCapacity = 4096
    /// Bytes of each kept field: `CSVStoredField.readableLength`.
    private static let slot = CSVStoredField.readableLength

    /// The last row's instant and its field.
    @exclusivity(unchecked) private var lastMillis = Millis(-1)
    @exclusivity(unchecked) private var lastField: CSVStoredField
    /// An instant formatted and not kept. At most 24 bytes are written, so it never grows
    /// (`storedField`).
    @exclusivity(unchecked) private var digits: CSVRowWriter

    /// The kept instants, `count` of `capacity` (0 until `startChunk()`), and their fields,
    /// `slot` bytes each.
    @exclusivity(unchecked) private var times: UnsafeMutablePointer<Millis>?
    @exclusivity(unchecked) private var fields: UnsafeMutablePointer<UInt8>?
    @exclusivity(unchecked) private var lengths: UnsafeMutablePointer<Int>?
    @exclusivity(unchecked) private var capacity = 0
    @exclusivity(unchecked) private var count = 0
    /// The first kept instant not earlier than the current file's last row.
    @exclusivity(unchecked) private var cursor = 0

    init() {
        var digits = CSVRowWriter(capacity: 64, zeroFilled: true)
        CSVFormatting.appendSeconds(Millis(-1), to: &digits)
        self.digits = digits
        lastField = digits.storedField
    }

    deinit {
        digits.deallocate()
        times?.deallocate()
        fields?.deallocate()
        lengths?.deallocate()
    }

    /// Forgets the kept instants, and from now on keeps each instant formatted (allocating
    /// the table the first time).
    func startChunk() {
        if capacity == 0 {
            capacity = Self.tableCapacity
            times = .allocate(capacity: capacity)
            lengths = .allocate(capacity: capacity)
            let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * Self.slot)
            bytes.initialize(repeating: 0, count: capacity * Self.slot)
            fields = bytes
        }
        count = 0
        cursor = 0
    }

    /// Walks the kept instants from the first again, for a file's first row.
    func rewind() {
        cursor = 0
    }

    /// Appends `timeMs` as seconds with 3 decimals.
    @inline(__always)
    func append(_ timeMs: Millis, to row: inout CSVRowWriter) {
        row.append(field(timeMs))
    }

    /// Writes `timeMs` as seconds with 3 decimals in `column` of a reserved row.
    @inline(__always)
    func append<Columns>(_ column: Columns, _ timeMs: Millis, to row: inout CSVReservedRow<Columns>) {
        row.append(column, field(timeMs))
    }

    /// `timeMs`'s field: the last row's, a kept one, or formatted now.
    @inline(__always)
    private func field(_ timeMs: Millis) -> CSVStoredField {
        if timeMs == lastMillis { return lastField }
        let field = lookUp(timeMs)
        lastMillis = timeMs
        lastField = field
        return field
    }

    /// A kept field of `timeMs`, else one formatted now (`format`).
    private func lookUp(_ timeMs: Millis) -> CSVStoredField {
        if let times, let fields, let lengths {
            while cursor < count, times[cursor] < timeMs { cursor &+= 1 }
            if cursor < count, times[cursor] == timeMs {
                return CSVStoredField(start: fields + cursor &* Self.slot, count: lengths[cursor])
            }
        }
        return format(timeMs)
    }

    /// Formats `timeMs`, and keeps it when it is later than every kept instant; else its field
    /// is good until the next one formatted.
    private func format(_ timeMs: Millis) -> CSVStoredField {
        digits.removeAll()
        CSVFormatting.appendSeconds(timeMs, to: &digits)
        guard cursor == count, let times, let fields, let lengths else { return digits.storedField }
        if count == capacity {
            count = 0
            cursor = 0
        }
        let kept = fields + count &* Self.slot
        kept.update(from: digits.base, count: Self.slot)
        times[count] = timeMs
        lengths[count] = digits.count
        count &+= 1
        return CSVStoredField(start: kept, count: digits.count)
    }
}
