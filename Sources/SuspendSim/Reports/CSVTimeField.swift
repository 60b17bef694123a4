/// The `time_s` field of the last instant formatted, reused while rows share it.
final class CSVTimeField {
    @exclusivity(unchecked) private var millis = Millis(-1)
    /// At most 24 bytes are written, so it never grows (`storedField`).
    @exclusivity(unchecked) private var digits = CSVRowWriter(capacity: 64, zeroFilled: true)

    deinit {
        digits.deallocate()
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

    /// `timeMs`'s field, formatted unless it is the last instant's.
    @inline(__always)
    private func field(_ timeMs: Millis) -> CSVStoredField {
        if timeMs != millis {
            digits.removeAll()
            CSVFormatting.appendSeconds(timeMs, to: &digits)
            millis = timeMs
        }
        return digits.storedField
    }
}
