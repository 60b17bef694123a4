import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// SPEC 8: a row written into reserved room (`CSVReservedRow`) is the same bytes as the same
/// fields appended one by one, whatever each number's length, and the buffer keeps every byte
/// written before it, growing when the row's room does not fit.
@Suite struct CSVReservedRowTests {
    private enum Column: String, CSVColumns { case time, word, empty, size }

    private func row(_ capacity: Int = 64, before: [UInt8] = [],
                     _ fields: (inout CSVReservedRow<Column>) -> Void) -> String {
        var writer = CSVRowWriter(capacity: capacity)
        defer { writer.deallocate() }
        writer.append(contentsOf: before)
        let room = 3 * CSVReservedRow<Column>.numberRoom + 200 + 1 + CSVReservedRow<Column>.slack
        writer.appendRow(Column.self, room: room, fields)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    @Test func fieldsAreCommaSeparatedAndTheRowEndsWithALineFeed() {
        let words = CSVFieldStorage([Array("abc".utf8)])
        // 64 KiB is 0.0625 MB: a tie, rounded to the even 0.062.
        let text = row { row in
            row.appendSeconds(.time, Millis(1_234))
            row.append(.word, words[0])
            row.appendEmpty(.empty)
            row.appendMB(.size, KiB(64))
        }
        #expect(text == "1.234,abc,,0.062\n")
    }

    @Test func eachLengthOfNumberIsWrittenWhole() {
        // Under 10^7 thousandths one word, under 10^11 two, above a digit pair at a time;
        // a negative value has its minus sign.
        let cases: [(Millis, String)] = [
            (0, "0.000"), (9_999_999, "9999.999"), (10_000_000, "10000.000"),
            (99_732_259, "99732.259"), (99_999_999_999, "99999999.999"),
            (100_000_000_000, "100000000.000"), (Millis(Int64.max), "9223372036854775.807"),
            (-1, "-0.001"), (Millis(Int64.min), "-9223372036854775.808"),
        ]
        let words = CSVFieldStorage([[]])
        for (ms, expected) in cases {
            let text = row { row in
                row.appendSeconds(.time, ms)
                row.append(.word, words[0])
                row.appendEmpty(.empty)
                row.appendMB(.size, KiB(-1))
            }
            #expect(text == expected + ",,,-0.001\n", "\(ms) ms")
        }
    }

    @Test func aWordLongerThanTheFixedMovesIsCopiedWhole() {
        let long = String(repeating: "com.example.", count: 8)  // 96 bytes
        let words = CSVFieldStorage([Array(long.utf8), Array("x".utf8)])
        let text = row { row in
            row.appendSeconds(.time, Millis(5))
            row.append(.word, words[0])
            row.append(.empty, words[1])
            row.appendMB(.size, KiB(1_024))
        }
        #expect(text == "0.005,\(long),x,1.000\n")
    }

    @Test func aRowPastTheBufferGrowsItAndKeepsWhatCameBefore() {
        // A writer of 64 bytes already holding 60: the row's room cannot fit, so it grows.
        let before = Array(repeating: UInt8(ascii: "z"), count: 59) + [CSVFormatting.lineFeed]
        let words = CSVFieldStorage([Array("word".utf8)])
        let text = row(64, before: before) { row in
            row.appendSeconds(.time, Millis(60_000))
            row.append(.word, words[0])
            row.appendEmpty(.empty)
            row.appendMB(.size, KiB(0))
        }
        #expect(text == String(repeating: "z", count: 59) + "\n60.000,word,,0.000\n")
    }
}

/// A chunk's instants are formatted once and found again by each file (`CSVTimeField`): every
/// field is the time's own seconds, whether kept, found, formatted outside the kept ones, or
/// after the table filled and started again.
@Suite struct CSVTimeFieldTests {
    /// `ms` as seconds with 3 decimals, worked out with integer division.
    private func seconds(_ ms: Int64) -> String {
        let fraction = String(ms % 1000)
        return "\(ms / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    private func written(_ time: CSVTimeField, _ times: [Int64]) -> [String] {
        var writer = CSVRowWriter(capacity: 64)
        defer { writer.deallocate() }
        for ms in times {
            time.append(Millis(ms), to: &writer)
            writer.append(CSVFormatting.comma)
        }
        return String(decoding: writer.bytes, as: UTF8.self).split(separator: ",").map(String.init)
    }

    @Test func eachFileOfAChunkFindsItsInstants() {
        let time = CSVTimeField()
        time.startChunk()
        let first: [Int64] = [1_000, 1_000, 12_345_678, 20_000_000]
        #expect(written(time, first) == first.map(seconds))
        time.rewind()
        // 999 and 15,000,000 were not kept (earlier than a kept one): formatted on their own.
        let second: [Int64] = [999, 1_000, 15_000_000, 15_000_000, 20_000_000, 30_000_000]
        #expect(written(time, second) == second.map(seconds))
        time.startChunk()
        #expect(written(time, [5, 20_000_000]) == ["0.005", "20000.000"])
    }

    @Test func aFullTableStartsAgain() {
        let time = CSVTimeField()
        time.startChunk()
        let many = (0 ..< 10_000).map { Int64($0) * 7_919 }
        #expect(written(time, many) == many.map(seconds))
        time.rewind()
        #expect(written(time, many) == many.map(seconds))
    }

    @Test func withoutChunksTheLastInstantIsReused() {
        let time = CSVTimeField()
        let times: [Int64] = [-1, 0, 0, 99_732_259, 5]
        #expect(written(time, times) == ["-0.001", "0.000", "0.000", "99732.259", "0.005"])
    }
}
