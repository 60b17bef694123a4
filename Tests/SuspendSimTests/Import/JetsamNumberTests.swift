import Foundation
import Testing
@testable import SuspendSim

/// SPEC 35: a JetsamEvent report's numbers are read by one JSON reader that tells numbers,
/// booleans and null apart. A field that is present must be a whole number in its range, or
/// the report is refused at the field's JSON path; nothing is read as 1 (`true`) or as absent
/// (`null`, `-2^63`, `1e308`).
@Suite struct JetsamNumberTests {
    /// The modern report with process 1 (`com.a`, `rpages` 3000, `lifetimeMax` 5000,
    /// `priority` 0, `killDelta` 100) given `field: value` in place of its own.
    static func report(_ field: String, _ value: String) -> String {
        let line = "{ \"name\" : \"com.a\", \"states\" : [\"suspended\"], \"rpages\" : 3000, \"lifetimeMax\" : 5000, \"priority\" : 0, "
            + "\"reason\" : \"vm-pageshortage\", \"killDelta\" : 100 }"
        let original = ["rpages": "3000", "lifetimeMax": "5000", "priority": "0", "killDelta": "100"][field]!
        let mended = line.replacingOccurrences(of: "\"\(field)\" : \(original)", with: "\"\(field)\" : \(value)")
        let text = JetsamImportTests.modernReport()
        #expect(text.contains(line))
        return text.replacingOccurrences(of: line, with: mended)
    }

    /// The error reading `text` gives; nil when it reads.
    static func failure(_ text: String) -> String? {
        do {
            _ = try JetsamReport(text: text, file: "r.ips")
            return nil
        } catch {
            return error.description
        }
    }

    // Ranges, derived by hand: the modern report's pages are 16 KiB, so a page count runs to
    // 2^52 bytes (2^32 MB) / 2^14 = 2^38 = 274877906944; a priority is XNU's int32_t;
    // killDelta stays within RFC 8259's interoperable 2^53 − 1 = 9007199254740991.
    @Test("true, null, -2^63 and 1e308 where a whole number belongs are refused at the field's path", arguments: [
        ("rpages", "true", "processes[1] (com.a): rpages is true, must be a whole number from 0 to 274877906944"),
        ("rpages", "null", "processes[1] (com.a): rpages is null, must be a whole number from 0 to 274877906944"),
        ("rpages", "\"3000\"", "processes[1] (com.a): rpages is \"3000\", must be a whole number from 0 to 274877906944"),
        ("rpages", "-1", "processes[1] (com.a): rpages is -1, must be a whole number from 0 to 274877906944"),
        ("rpages", "3000.5", "processes[1] (com.a): rpages is 3000.5, must be a whole number from 0 to 274877906944"),
        ("lifetimeMax", "1e308", "processes[1] (com.a): lifetimeMax is 1e+308, must be a whole number from 0 to 274877906944"),
        ("lifetimeMax", "null", "processes[1] (com.a): lifetimeMax is null, must be a whole number from 0 to 274877906944"),
        ("priority", "true", "processes[1] (com.a): priority is true, must be a whole number from -2147483648 to 2147483647"),
        ("priority", "null", "processes[1] (com.a): priority is null, must be a whole number from -2147483648 to 2147483647"),
        ("killDelta", "-9223372036854775808",
         "processes[1] (com.a): killDelta is -9223372036854775808, must be a whole number from -9007199254740991 to 9007199254740991"),
        ("killDelta", "false", "processes[1] (com.a): killDelta is false, must be a whole number from -9007199254740991 to 9007199254740991"),
    ])
    func refused(_ field: String, _ value: String, _ expected: String) {
        #expect(Self.failure(Self.report(field, value)) == "r.ips: \(expected)")
    }

    @Test("Whole numbers in range read as before, also written with a fraction of zeros or an exponent")
    func accepted() throws {
        let report = try JetsamReport(text: Self.report("rpages", "3e3"), file: "r.ips")
        #expect(report.processes[1].residentPages == 3000)
        let shifted = try JetsamReport(text: Self.report("killDelta", "-9007199254740991"), file: "r.ips")
        #expect(shifted.processes[1].killDelta == -9_007_199_254_740_991)
        let fraction = try JetsamReport(text: Self.report("priority", "12.0"), file: "r.ips")
        #expect(fraction.processes[1].priority == 12)
    }

    @Test("memoryPages' counts, pageSize and a number past a double's range are refused where they are")
    func memoryStatus() {
        let text = JetsamImportTests.modernReport()
        #expect(Self.failure(text.replacingOccurrences(of: "\"free\" : 5000", with: "\"free\" : false"))
            == "r.ips: memoryStatus.memoryPages.free is false, must be a whole number from 0 to 274877906944")
        #expect(Self.failure(text.replacingOccurrences(of: "\"pageSize\" : 16384", with: "\"pageSize\" : true"))
            == "r.ips: memoryStatus.pageSize is true, must be a whole number from 0 to 2147483647")
        // The body begins on line 2; `1e400` is on line 4 of the file, after `  "memoryStatus" : { "pageSize" : `.
        let huge = Self.failure(text.replacingOccurrences(of: "\"pageSize\" : 16384", with: "\"pageSize\" : 1e400")) ?? ""
        #expect(huge.hasPrefix("r.ips: not a JetsamEvent report: its body: the number 1e400 is past the range of a double, at byte "), "\(huge)")
        #expect(huge.hasSuffix("(line 4, column 35)"), "\(huge)")
    }

    @Test("A page count past the report's range is refused with that range, wherever the page size stands in the body")
    func pageSizeAfterProcesses() {
        // 2^38 + 1 pages of 16 KiB pass 2^32 MB; they would not with 4 KiB pages (2^40 of them).
        let early = Self.report("rpages", "274877906945")
        let expected = "r.ips: processes[1] (com.a): rpages is 274877906945, must be a whole number from 0 to 274877906944"
        #expect(Self.failure(early) == expected)
        // The same body with memoryStatus moved after the processes.
        let status = "\"memoryStatus\" : { \"pageSize\" : 16384, \"memoryPages\" : { \"active\" : 100000, \"inactive\" : 50000, "
            + "\"speculative\" : 1000, \"throttled\" : 0, \"wired\" : 40000, \"free\" : 5000 } },"
        #expect(early.contains(status))
        let late = early.replacingOccurrences(of: status, with: "").replacingOccurrences(of: "\n  ]\n}", with: "\n  ],\n" + status.dropLast() + "\n}")
        #expect(late != early && late.hasSuffix("} }\n}"), "\(late.suffix(200))")
        #expect(Self.failure(late) == expected)
    }

    @Test("Page counts that add up past 2^32 MB are refused, so that no sum the import makes overflows")
    func sumOfPages() {
        // One process of 2^38 pages is in its own range; with the report's other pages (5000 free, ...) the sum is past it.
        let message = Self.failure(Self.report("rpages", "274877906944"))
        #expect(message == "r.ips: memoryStatus.memoryPages and the processes' rpages add up to more than 274877906944 pages (2^32 MB, SPEC 35)")
    }

    @Test("A process name that is not a string is refused, never read as its number")
    func nameKind() {
        let text = JetsamImportTests.modernReport().replacingOccurrences(of: "\"name\" : \"com.a\"", with: "\"name\" : 12")
        #expect(Self.failure(text) == "r.ips: processes[1].name is a number, must be a string")
    }
}
