import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// SPEC 8: seconds and MB with 3 decimals, ties to even as C's `printf("%.3f")` rounds;
/// booleans `true`/`false`; RFC 4180 quoting.
@Suite struct CSVFormattingTests {
    private func text(_ append: (inout [UInt8]) -> Void) -> String {
        var bytes: [UInt8] = []
        append(&bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private func mb(_ kib: Int64) -> String { text { CSVFormatting.appendMB(KiB(kib), to: &$0) } }
    private func printfMB(_ kib: Int64) -> String { String(format: "%.3f", Double(kib) / 1024) }

    @Test func secondsAreExactMilliseconds() {
        let cases: [(Millis, String)] = [
            (0, "0.000"), (1, "0.001"), (10, "0.010"), (999, "0.999"), (1_000, "1.000"),
            (12_345, "12.345"), (600_000, "600.000"), (Millis(Int64.max), "9223372036854775.807"),
        ]
        for (ms, expected) in cases {
            #expect(text { CSVFormatting.appendSeconds(ms, to: &$0) } == expected, "\(ms) ms")
        }
    }

    @Test func megabytesMatchPrintfFromMinus5000To5000KiB() {
        for kib in Int64(-5_000) ... 5_000 {
            #expect(mb(kib) == printfMB(kib), "\(kib) KiB")
        }
    }

    @Test func megabytesRoundExactTiesToEven() {
        // KiB * 125 / 128 leaves remainder 64 exactly when KiB = 64 mod 128: a tie.
        #expect(mb(64) == "0.062")
        #expect(mb(192) == "0.188")
        #expect(mb(-64) == "-0.062")
        #expect(mb(307_264) == "300.062")  // 300.0625 MB
        #expect(mb(-1) == "-0.001")
        #expect(mb(1) == "0.001")
        #expect(mb(0) == "0.000")
        // Every tie in a wide range agrees with printf.
        for kib in stride(from: Int64(-1_000_000_000), through: 1_000_000_000, by: 128 * 7_919) {
            #expect(mb(kib + 64) == printfMB(kib + 64), "\(kib + 64) KiB")
        }
    }

    @Test func megabytesMatchPrintfForRandomLargeValues() {
        var generator = SplitMix64(seed: 0x5EED)
        for _ in 0 ..< 200_000 {
            // |KiB| < 2^53, where Double(kib) / 1024 is exact.
            let bits = Int(generator.next() % 53) + 1
            let magnitude = Int64(generator.next() >> UInt64(64 - bits))
            let kib = generator.next() & 1 == 0 ? magnitude : -magnitude
            #expect(mb(kib) == printfMB(kib), "\(kib) KiB")
        }
    }

    @Test func megabytesAtTheExtremes() {
        // Beyond 2^53 a Double cannot hold KiB exactly; the expected values are exact
        // decimal arithmetic (Python's Decimal with ROUND_HALF_EVEN).
        #expect(mb(Int64.max) == "9007199254740991.999")  // (2^63 - 1) / 1024
        #expect(mb(Int64.min) == "-9007199254740992.000")  // -2^53, exactly
        #expect(mb(Int64.max - 64) == "9007199254740991.937")
        #expect(mb(Int64.max - 959) == "9007199254740991.062")  // a tie: .0625 -> .062
    }

    @Test("hot_launch_ratio is the Double warm / launches as printf(\"%.3f\") prints it (SPEC 8)")
    func ratiosFollowPrintf() {
        func ratio(_ numerator: Int, _ denominator: Int) -> String {
            text { CSVFormatting.appendRatio(numerator, of: denominator, to: &$0) }
        }
        #expect(ratio(1, 80) == "0.013")  // the Double of 0.0125 lies just above the tie
        #expect(ratio(1, 16) == "0.062")  // 0.0625 is exact: a tie, to even
        #expect(ratio(2, 3) == "0.667")
        #expect(ratio(7, 7) == "1.000")
    }

    @Test("Ratios and means print as printf(\"%.3f\") prints the Double, on every path (SPEC 8)")
    func fixedThreeDecimalsMatchPrintf() {
        func fixed(_ value: Double) -> String { text { CSVFormatting.appendFixed3(value, to: &$0) } }
        func printf(_ value: Double) -> String { String(format: "%.3f", value) }
        var special: [Double] = [
            0, -0.0, 0.0005, -0.0005, 0.0015, 0.0025, 1.0 / 80, 2.5e-4, 0.9995, 1e-300,
            Double.leastNonzeroMagnitude, -Double.leastNonzeroMagnitude, Double.leastNormalMagnitude,
            8.999e12, 9.0e12, 1e15, 1e300, -1e300, Double.greatestFiniteMagnitude,
            .infinity, -.infinity, .nan,
        ]
        // Every exact tie k / 2000 and its neighbours one ulp away.
        for k in 0 ..< 4_000 {
            let tie = Double(k) / 2_000
            special += [tie, tie.nextUp, tie.nextDown, -tie]
        }
        for value in special {
            #expect(fixed(value) == printf(value), "\(value)")
        }
        var generator = SplitMix64(seed: 0xF1CED)
        for _ in 0 ..< 200_000 {
            // Random bit patterns of every exponent, and ratios of small counts.
            let bits = Double(bitPattern: generator.next())
            let ratio = Double(generator.next() % 100_000) / Double(generator.next() % 5_000 + 1)
            #expect(fixed(bits) == printf(bits), "bits \(bits.bitPattern)")
            #expect(fixed(ratio) == printf(ratio), "\(ratio)")
        }
    }

    @Test func thousandthsAreExactWithTiesToEven() {
        func ratio(_ numerator: UInt64, _ denominator: UInt64) -> String {
            text { CSVFormatting.appendRoundedThousandths(numerator: numerator, denominator: denominator, to: &$0) }
        }
        #expect(ratio(0, 5) == "0.000")
        #expect(ratio(5, 5) == "1.000")
        #expect(ratio(1, 3) == "0.333")
        #expect(ratio(2, 3) == "0.667")
        #expect(ratio(1, 16) == "0.062")  // 0.0625, a tie, to even
        // 0.0125 is a tie. Its nearest Double is a little above, so printf says 0.013; the
        // exact value ties to even.
        #expect(ratio(1, 80) == "0.012")
        #expect(ratio(3, 80) == "0.038")
        #expect(ratio(1, 2_000) == "0.000")
        #expect(ratio(3, 2_000) == "0.002")
        // Everywhere else printf of the Double agrees.
        for denominator in UInt64(1) ... 400 {
            for numerator in 0 ... denominator {
                let scaled = numerator * 1000
                if 2 * (scaled % denominator) == denominator { continue }  // an exact tie
                let printf = String(format: "%.3f", Double(numerator) / Double(denominator))
                #expect(ratio(numerator, denominator) == printf, "\(numerator)/\(denominator)")
            }
        }
    }

    @Test func integersAndBooleans() {
        let cases: [(Int64, String)] = [
            (0, "0"), (7, "7"), (-7, "-7"), (10, "10"), (1_000_000, "1000000"),
            (Int64.max, "9223372036854775807"), (Int64.min, "-9223372036854775808"),
        ]
        for (value, expected) in cases {
            #expect(text { CSVFormatting.appendInteger(value, to: &$0) } == expected)
        }
        #expect(text { CSVFormatting.appendUnsigned(UInt64.max, to: &$0) } == "18446744073709551615")
        #expect(text { CSVFormatting.appendBool(true, to: &$0) } == "true")
        #expect(text { CSVFormatting.appendBool(false, to: &$0) } == "false")
    }

    /// Decimal digits are written two at a time from the right: every length from 1 to 20
    /// digits, each side of every power of ten, and random values, agree with Swift's own
    /// `description`, both into an array and into a report file's row buffer.
    @Test func unsignedIntegersMatchTheirDescription() {
        var values: [UInt64] = [0, 1, 9, 99, 100, 101, UInt64.max, UInt64.max - 1]
        var power: UInt64 = 1
        for _ in 0 ..< 19 {
            power *= 10
            values += [power - 1, power, power + 1]
        }
        var generator = SplitMix64(seed: 0xD161_75)
        for _ in 0 ..< 20_000 { values.append(generator.next() >> (generator.next() % 64)) }
        var row = CSVRowWriter(capacity: 64)
        defer { row.deallocate() }
        for value in values {
            #expect(text { CSVFormatting.appendUnsigned(value, to: &$0) } == value.description)
            row.removeAll()
            CSVFormatting.appendUnsigned(value, to: &row)
            #expect(String(decoding: row.bytes, as: UTF8.self) == value.description)
        }
    }

    /// Thousandths with 3 decimals (every `_s` and `_mb` column): the whole part's decimal
    /// digits, a point, the fraction's 3 digits with its leading zeros; the row writer, which
    /// writes the field in one pass, grows as a byte at a time would.
    @Test func thousandthsAreTheWholePartAPointAndThreeDigits() {
        let cases: [(UInt64, String)] = [
            (0, "0.000"), (7, "0.007"), (40, "0.040"), (999, "0.999"), (1_000, "1.000"), (1_005, "1.005"),
            (12_345, "12.345"), (270_000, "270.000"), (UInt64.max, "18446744073709551.615"),
        ]
        // 60 bytes written first: the 64-byte writer must grow for every field of 5 bytes or more.
        var row = CSVRowWriter(capacity: 64)
        defer { row.deallocate() }
        for (value, expected) in cases {
            #expect(text { CSVFormatting.appendThousandths(value, to: &$0) } == expected)
            row.removeAll()
            CSVFormatting.appendThousandths(value, to: &row)
            #expect(String(decoding: row.bytes, as: UTF8.self) == expected)
            var full = CSVRowWriter(capacity: 64)
            for _ in 0 ..< 60 { full.append(UInt8(ascii: "x")) }
            CSVFormatting.appendThousandths(value, to: &full)
            #expect(String(decoding: full.bytes, as: UTF8.self) == String(repeating: "x", count: 60) + expected)
            full.deallocate()
        }
    }

    /// The row writer builds a field under 10,000 in one 8-byte word: each count of whole
    /// digits (1 to 4), the last value it takes and the first it leaves to the general path,
    /// and fields written with fewer than 8 bytes of room, agree with the field written as
    /// text: the whole part, a point, the fraction padded to 3 digits.
    @Test func packedThousandthsAgreeWithTheFieldAsText() {
        func expected(_ value: UInt64) -> String {
            let fraction = String(value % 1000)
            return "\(value / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
        }
        #expect(expected(9_999_999) == "9999.999")
        var values: [UInt64] = [0, 1, 9, 10, 99, 100, 999, 1_000, 9_999, 10_000, 99_999, 100_000, 999_999,
                                1_000_000, 9_999_999, 10_000_000, 10_000_001, 123_456_789]
        var generator = SplitMix64(seed: 0xFACE)
        for _ in 0 ..< 20_000 { values.append(generator.next() % 12_000_000) }
        for value in values {
            // Room for the field but not for the 8-byte word: from 56 bytes written of 64 up.
            for filled in [0, 56, 57, 58, 59, 60] {
                var row = CSVRowWriter(capacity: 64)
                for _ in 0 ..< filled { row.append(UInt8(ascii: "x")) }
                CSVFormatting.appendThousandths(value, to: &row)
                #expect(String(decoding: row.bytes, as: UTF8.self) == String(repeating: "x", count: filled) + expected(value),
                        "\(value) after \(filled) bytes")
                row.deallocate()
            }
        }
        // Fields one after another: each word's spare bytes are overwritten by the next field.
        var row = CSVRowWriter(capacity: 64)
        defer { row.deallocate() }
        for value: UInt64 in [7, 270_000, 12_345, 9_999_999, 0] {
            CSVFormatting.appendThousandths(value, to: &row)
            row.append(CSVFormatting.comma)
        }
        #expect(String(decoding: row.bytes, as: UTF8.self) == "0.007,270.000,12.345,9999.999,0.000,")
    }

    /// A field of 5 to 8 whole digits (`time_s` after 2.7 hours) is two words: the digits
    /// above the last 4, then the last 4, the point and the 3 decimals. Each count of leading
    /// digits (1 to 4), the first value the path takes and the first it leaves to the general
    /// one, random values around it, and fields written with fewer than 16 bytes of room agree
    /// with the field written as text.
    @Test func longPackedThousandthsAgreeWithTheFieldAsText() {
        func expected(_ value: UInt64) -> String {
            let fraction = String(value % 1000)
            return "\(value / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
        }
        #expect(expected(99_732_259) == "99732.259")
        var values: [UInt64] = [9_999_999, 10_000_000, 10_000_001, 99_732_259, 99_999_999, 100_000_000, 999_999_999,
                                1_000_000_000, 9_999_999_999, 10_000_000_000, 10_000_009_001, 99_999_999_999,
                                100_000_000_000, 100_000_000_001]
        var generator = SplitMix64(seed: 0xBEEF)
        for _ in 0 ..< 20_000 { values.append(generator.next() % 120_000_000_000) }
        for value in values {
            // Room for the field but not for the two words: from 48 bytes written of 64 up.
            for filled in [0, 48, 49, 52, 53, 56] {
                var row = CSVRowWriter(capacity: 64)
                for _ in 0 ..< filled { row.append(UInt8(ascii: "x")) }
                CSVFormatting.appendThousandths(value, to: &row)
                #expect(String(decoding: row.bytes, as: UTF8.self) == String(repeating: "x", count: filled) + expected(value),
                        "\(value) after \(filled) bytes")
                row.deallocate()
            }
        }
        // Fields one after another: the words' spare bytes are overwritten by the next field.
        var row = CSVRowWriter(capacity: 64)
        defer { row.deallocate() }
        for value: UInt64 in [10_000_000, 5, 12_345_678_901, 99_732_259] {
            CSVFormatting.appendThousandths(value, to: &row)
            row.append(CSVFormatting.comma)
        }
        #expect(String(decoding: row.bytes, as: UTF8.self) == "10000.000,0.005,12345678.901,99732.259,")
    }

    /// RFC 4180 §2: fields holding a comma, a double quote, CR or LF are enclosed in double
    /// quotes, and a double quote inside is escaped by another double quote.
    @Test(arguments: [
        ("com.example.a", "com.example.a"),
        ("", ""),
        ("a,b", "\"a,b\""),
        ("say \"hi\"", "\"say \"\"hi\"\"\""),
        ("\"", "\"\"\"\""),
        ("line\nbreak", "\"line\nbreak\""),
        ("cr\rhere", "\"cr\rhere\""),
        ("crlf\r\n", "\"crlf\r\n\""),
        ("émoji 📱", "émoji 📱"),
        ("application(_:didReceiveRemoteNotification:fetchCompletionHandler:)",
         "application(_:didReceiveRemoteNotification:fetchCompletionHandler:)"),
    ])
    func quoting(field: String, expected: String) {
        #expect(String(decoding: CSVFormatting.field(field), as: UTF8.self) == expected)
        #expect(CSVFormatting.needsQuoting(field) == (field != expected))
        // The text form (`report --figures`' tables) quotes by the same rule.
        #expect(CSVFormatting.fieldText(field) == expected)
    }

    /// Every spelling a report writes comes out of its table as its raw value, quoted only
    /// if it must be; the tables number each case once.
    @Test func fieldTablesSpellEveryCase() {
        func check<Field: CSVField>(_: Field.Type) {
            let table = CSVFieldTable<Field>()
            for field in Field.allCases {
                #expect(Array(table[field].bytes) == CSVFormatting.field(field.rawValue))
            }
            #expect(Set(Field.allCases.map(\.csvIndex)) == Set(0 ..< Field.allCases.count))
        }
        check(LifecycleState.self)
        check(Callback.self)
        check(KillReason.self)
        check(EventLog.TimerKind.self)
        check(ScenarioEvent.Kind.self)
        check(EventLog.PressureLevel.self)
        check(EventLog.SkipReason.self)
    }
}
