@_spi(Generators) import SuspendSimCore

/// The `_mb` fields of the amounts formatted before, kept by amount, for the formatting
/// thread's `memory.csv` and `pressure.csv`.
///
/// A run's amounts repeat: at 10^5 events the 99,294 non-zero `footprint_mb` fields hold 232
/// values and the 210,718 `used_mb` and `free_mb` fields 815, while formatting one (KiB to
/// thousandths of a MB, rounded half to even, then the digits) took about 100 instructions,
/// 33 M of the formatting thread's 156 M, the pipeline's slowest stage (docs/performance.md).
/// A kept field is one compare and a 32-byte copy.
///
/// Direct-mapped: an amount's slot is a multiplicative hash of its KiB (footprints are often
/// whole MB, multiples of 1024 KiB, so the low bits alone would collide), and a new amount
/// replaces the one in its slot. A slot is empty while its length is 0 (a field is at least
/// `0.000`). The bytes are `CSVFormatting.appendMB`'s, whichever way they are found.
final class CSVMBField {
    /// Slots: a power of two, more than the distinct amounts of a long run's files.
    private static let slotCount = 1 << 10
    /// Bytes of each slot: `CSVStoredField.readableLength`, more than any field's 25.
    private static let slot = CSVStoredField.readableLength

    private let amounts: UnsafeMutablePointer<Int64>
    private let lengths: UnsafeMutablePointer<Int>
    private let fields: UnsafeMutablePointer<UInt8>
    /// Where an amount not kept is formatted: zero-filled, so `slot` bytes are always readable.
    @exclusivity(unchecked) private var digits = CSVRowWriter(capacity: 64, zeroFilled: true)

    init() {
        amounts = .allocate(capacity: Self.slotCount)
        amounts.initialize(repeating: 0, count: Self.slotCount)
        lengths = .allocate(capacity: Self.slotCount)
        lengths.initialize(repeating: 0, count: Self.slotCount)
        fields = .allocate(capacity: Self.slotCount * Self.slot)
        fields.initialize(repeating: 0, count: Self.slotCount * Self.slot)
    }

    deinit {
        amounts.deallocate()
        lengths.deallocate()
        fields.deallocate()
        digits.deallocate()
    }

    /// Writes `kib` in MB with 3 decimals in `column` of a reserved row, as
    /// `CSVReservedRow.appendMB` writes it.
    @inline(__always)
    func append<Columns>(_ column: Columns, _ kib: KiB, to row: inout CSVReservedRow<Columns>) {
        if kib == .zero { return row.appendMB(column, kib) }
        row.append(column, field(kib))
    }

    /// `kib`'s field: the kept one, or formatted now and kept.
    @inline(__always)
    private func field(_ kib: KiB) -> CSVStoredField {
        let index = Int(truncatingIfNeeded: (UInt64(bitPattern: kib.count) &* 0x9E37_79B9_7F4A_7C15) >> 54)
        let start = fields + index &* Self.slot
        if amounts[index] == kib.count, lengths[index] != 0 {
            return CSVStoredField(start: start, count: lengths[index])
        }
        return format(kib, into: index)
    }

    private func format(_ kib: KiB, into index: Int) -> CSVStoredField {
        digits.removeAll()
        CSVFormatting.appendMB(kib, to: &digits)
        let start = fields + index &* Self.slot
        start.update(from: digits.base, count: Self.slot)
        amounts[index] = kib.count
        lengths[index] = digits.count
        return CSVStoredField(start: start, count: digits.count)
    }
}
