import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// SPEC 8: an `_mb` field kept by amount (`CSVMBField`) is the bytes `CSVFormatting.appendMB`
/// writes, whether it is formatted, found again, or its slot was taken by another amount in
/// between.
@Suite struct CSVMBFieldTests {
    private enum Column: String, CSVColumns { case size, next }

    /// The row `size,x` with `kib` written through `cache`.
    private func row(_ kib: KiB, _ cache: CSVMBField) -> String {
        var writer = CSVRowWriter(capacity: 64)
        defer { writer.deallocate() }
        let words = CSVFieldStorage([Array("x".utf8)])
        writer.appendRow(Column.self, room: CSVReservedRow<Column>.numberRoom + 1 + CSVReservedRow<Column>.slack) { row in
            cache.append(.size, kib, to: &row)
            row.append(.next, words[0])
        }
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    private func expected(_ kib: KiB) -> String {
        var bytes: [UInt8] = []
        CSVFormatting.appendMB(kib, to: &bytes)
        return String(decoding: bytes, as: UTF8.self) + ",x\n"
    }

    @Test func eachAmountIsAppendMBsBytesFirstAndAgain() {
        let cache = CSVMBField()
        // Whole MB (multiples of 1024 KiB), a tie rounded to even, negatives, past 2^53 KiB
        // (appendMB's exact division), and 0 (the stored word).
        let amounts: [Int64] = [276_480, 40_960, 64, 1, -1, -276_480, 0, 1 << 53, (1 << 53) + 1, .max, .min]
        for _ in 0..<2 {
            for amount in amounts {
                #expect(row(KiB(amount), cache) == expected(KiB(amount)), "\(amount) KiB")
            }
        }
    }

    /// 5,000 amounts through 1,024 slots: most slots are taken by several amounts in turn, and
    /// each amount read back after the others still has its own bytes.
    @Test func anAmountWhoseSlotWasTakenIsFormattedAgain() {
        let cache = CSVMBField()
        let amounts = (0..<5_000).map { KiB(Int64($0) * 1_024 + Int64($0 % 7)) }
        for amount in amounts { #expect(row(amount, cache) == expected(amount)) }
        for amount in amounts.reversed() { #expect(row(amount, cache) == expected(amount)) }
    }
}
