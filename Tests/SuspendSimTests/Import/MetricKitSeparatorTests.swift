import Foundation
import Testing
@testable import SuspendSim

/// SPEC 35 "Numbers in payloads": a number with two kinds of separator takes its rightmost `,`
/// or `.` as the decimal mark; spaces (U+0020, U+00A0, U+202F) are one kind; any other
/// character inside a number is bad input; a listed region's decimal mark is enforced.
@Suite struct MetricKitSeparatorTests {
    @Test("Two kinds: the rightmost , or . is the decimal mark, with or without a region that agrees", arguments: [
        (String?.none, "1 234,500 kB", "1234500"), ("CA", "1 234,500 kB", "1234500"), ("FR", "1 234,500 kB", "1234500"),
        (nil, "1.234,5 kB", "1234500"), ("DE", "1.234,5 kB", "1234500"), (nil, "1,234.5 kB", "1234500"),
        ("US", "1,234.5 kB", "1234500"), (nil, "1\u{202F}234,5 kB", "1234500"), (nil, "1\u{00A0}234.25 kB", "1234250"),
        (nil, "12.345.678,9 B", "12345678.9"), ("IN", "12,34,567.5 B", "1234567.5"),
    ] as [(String?, String, String)])
    func twoKinds(_ region: String?, _ text: String, _ bytes: String) {
        let convention = region.flatMap(MetricKitRegion.init)?.convention
        guard case .success(let quantity) = MetricKitQuantity.read(text, convention: convention) else {
            Issue.record("\(text) in \(region ?? "no region") was not read")
            return
        }
        #expect(quantity.value.description == bytes, "\(text)")
    }

    @Test("\"1 234,500 kB\" under CA reads 1234.5 kB: 1.177 MB, not 1,177 MB")
    func frenchStyleUnderCanada() throws {
        #expect(try MetricKitLocaleTests.peakMB(region: "CA", peak: "1 234,500 kB") == 1_177)
        #expect(try MetricKitLocaleTests.peakMB(region: nil, peak: "1 234,500 kB") == 1_177)
    }

    @Test("Two kinds that do not fit, or whose mark is not the listed region's, are bad input with the JSON path", arguments: [
        ("DE", "1,234.5 kB", "1,234.5 does not fit region DE"), ("US", "1 234,500 kB", "1 234,500 does not fit region US"),
        (nil, "1.23,5 kB", "1.23,5 does not fit SPEC 18's reading"), (nil, "1,234.567 890 kB", "1,234.567 890 does not fit"),
        (nil, "1 234.567,5 kB", "1 234.567,5 does not fit"), (nil, "1,234,5.5 kB", "1,234,5.5 does not fit"),
        (nil, "1.234.5 kB", "1.234.5 does not fit"),
    ] as [(String?, String, String)])
    func twoKindsRefused(_ region: String?, _ peak: String, _ expected: String) throws {
        let message = try #require(MetricKitLocaleTests.refusal(region: region, peak: peak))
        #expect(message.hasPrefix("day3.json: [0].memoryMetrics.peakMemoryUsage: cannot read \"\(peak)\": \(expected)"), "\(message)")
    }

    @Test("Any other character inside a number is bad input, with or without a region", arguments: [
        ("1'234 kB", "\"1'2\""), ("1\u{2019}234 kB", "\"1\u{2019}2\""), ("1\u{2009}234 kB", "\"1\u{2009}2\""),
        ("1 234'567 kB", "\"1 234'5\""), ("12x5 kB", "\"12x5\""),
    ])
    func foreignCharacter(_ peak: String, _ number: String) throws {
        for region in [nil, "DE", "US"] as [String?] {
            let message = try #require(MetricKitLocaleTests.refusal(region: region, peak: peak))
            #expect(message == "day3.json: [0].memoryMetrics.peakMemoryUsage: cannot read \"\(peak)\": \(number) holds a character "
                + "that is no separator (only \",\", \".\" and spaces separate digits)", "\(message)")
        }
    }

    @Test("One kind reads as SPEC 26-27: 1.234 in US is 1.234, 12,5 in US is refused, 1 234 is 1234 everywhere")
    func oneKind() throws {
        #expect(MetricKitQuantity("1.234 kB")?.value.description == "1234")
        #expect(MetricKitLocaleTests.refusal(region: "US", peak: "12,5 kB")?.contains("12,5 does not fit region US") == true)
        for region in [nil, "CA", "US", "DE"] as [String?] {
            #expect(try MetricKitLocaleTests.peakMB(region: region, peak: "1 234 MB") == 1_176_834, "\(region ?? "none")")
        }
        #expect(MetricKitLocaleTests.refusal(region: nil, peak: "1,530 kB")?.contains("is ambiguous") == true)
    }
}
