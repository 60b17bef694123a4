import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// Exact decimal parsing and rounding (`DecimalQuantity`), behind every time and memory value.
@Suite struct ScenarioLoaderNumberTests {
    @Test(arguments: [
        ("0", 0), ("-0", 0), ("+0.000", 0), ("1", 1000), ("1.", 1000), (".5", 500), ("-.5", -500), ("+.5", 500),
        ("0.0005", 1), ("0.0004", 0), ("0.00049999999999999999999", 0), ("-0.0005", -1), ("-0.0004", 0),
        ("1e3", 1_000_000), ("1E+3", 1_000_000), ("2.5e-3", 3), ("25e-4", 3), ("1_000.5", 1_000_500),
        ("0.001", 1), ("12.3456", 12_346), ("1e-9999999999999999999999", 0), ("000123.4500", 123_450),
        ("4294967296", 4_294_967_296_000), ("-4294967296", -4_294_967_296_000),
        ("4294967295.9999999999999999", 4_294_967_296_000),
    ])
    func secondsToMilliseconds(text: String, expected: Int64) {
        #expect(DecimalQuantity(text)?.scaled(by: 1000, limit: 1 << 32) == expected)
    }

    @Test(arguments: [
        ("1", 1024), ("0.5", 512), ("2.675", 2739), ("0.00048828125", 1), ("0.000488", 0),
        ("-0.00048828125", -1), ("-0.000488", 0), ("-1.5", -1536), ("0.1", 102), ("1e-4", 0),
        ("0.00146484375", 2), ("4294967296", 4_398_046_511_104),
    ])
    func megabytesToKiB(text: String, expected: Int64) {
        #expect(DecimalQuantity(text)?.scaled(by: 1024, limit: 1 << 32) == expected)
    }

    @Test(arguments: [
        "4294967296.0000000001", "4294967297", "-4294967297", "1e10", "1e20", "9e999999999999999999999",
        "100000000000000000000000000000000",
    ])
    func beyondTheLimit(text: String) throws {
        let value = try #require(DecimalQuantity(text))
        #expect(value.scaled(by: 1024, limit: 1 << 32) == nil)
    }

    @Test(arguments: [
        "", "+", "-", ".", "e3", "1e", "1e+", "--1", "1.2.3", " 1", "1 ", "0x10", "1,5", "_1", "abc", "1e3.5",
        ".inf", "nan", "١", "1e-", "+-1",
    ])
    func notADecimalNumber(text: String) {
        #expect(DecimalQuantity(text) == nil)
    }

    @Test func comparesExactly() throws {
        func value(_ text: String) throws -> DecimalQuantity { try #require(DecimalQuantity(text)) }
        #expect(try value("0.0001") < value("0.0004"))
        #expect(try value("-1") < value("0"))
        #expect(try value("-2") < value("-1.5"))
        #expect(try value("9.99") < value("10"))
        #expect(try value("1.5") < value("1.50001"))
        #expect(try value("1e3") == value("1000.000"))
        #expect(try value("-0") == value("0"))
        #expect(try !(value("5") < value("5.0")))
        #expect(try value("123e-2") == value("1.23"))
    }

    @Test func loadsALongNumberWithoutTrouble() throws {
        let digits = String(repeating: "0", count: 100_000) + "1." + String(repeating: "4", count: 100_000)
        let value = try #require(DecimalQuantity(digits))
        #expect(value.scaled(by: 1000, limit: 1 << 32) == 1_444)
    }
}
