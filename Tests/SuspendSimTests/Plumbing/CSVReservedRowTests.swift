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
