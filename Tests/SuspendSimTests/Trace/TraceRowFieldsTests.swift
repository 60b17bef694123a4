import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// A trace row's fields, found 8 bytes at a time (`_TraceRowFields`), are the row's text split
/// at tabs, wherever the tabs fall against the 8-byte steps.
@Suite struct TraceRowFieldsTests {
    @Test func theTabMaskMarksTabsAndNothingElse() {
        for position in 0 ..< 8 {
            for value in 0 ... 255 {
                var word: UInt64 = 0x6161_6161_6161_6161
                word &= ~(0xFF << (8 * UInt64(position)))
                word |= UInt64(value) << (8 * UInt64(position))
                let expected: UInt64 = value == 0x09 ? 0x80 << (8 * UInt64(position)) : 0
                #expect(_TraceRowFields.tabBits(word) == expected, "byte \(value) at \(position)")
            }
        }
        #expect(_TraceRowFields.tabBits(0x0909_0909_0909_0909) == 0x8080_8080_8080_8080)
    }

    @Test func fieldsAreTheRowSplitAtTabs() {
        let columns = UsageTrace.Columns(user: 0, timestamp: 1, app: 3, event: 4)
        var generator = SplitMix64(seed: 0x7AB5)
        var rows = ["", "\t", "1\t2019-03-01 08:49:30\tx\tWeather\tOpened", "a\tb", "\t\t\t\t\t\t\t\t\t"]
        for _ in 0 ..< 2_000 {
            let length = Int(generator.next() % 40)
            rows.append(String((0 ..< length).map { _ in generator.next() % 4 == 0 ? "\t" : "k" }))
        }
        for row in rows {
            let parts = row.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            func part(_ index: Int) -> String { index < parts.count ? parts[index] : "" }
            let bytes = ArraySlice(Array(("xx" + row).utf8)).dropFirst(2)  // a slice not starting at 0
            let fields = _TraceRowFields(bytes, columns: columns)
            #expect(fields.count == parts.count, "\(row.debugDescription)")
            #expect(String(decoding: fields.timestamp, as: UTF8.self) == part(1), "\(row.debugDescription)")
            #expect(String(decoding: fields.app, as: UTF8.self) == part(3), "\(row.debugDescription)")
            #expect(String(decoding: fields.event, as: UTF8.self) == part(4), "\(row.debugDescription)")
        }
    }

    @Test func eventTypesAreReadByTheirExactBytes() {
        #expect(_TraceRowFields.EventType(ArraySlice("Opened".utf8)) == .opened)
        #expect(_TraceRowFields.EventType(ArraySlice("Closed".utf8)) == .closed)
        #expect(_TraceRowFields.EventType(ArraySlice("User Interaction".utf8)) == .ignored)
        #expect(_TraceRowFields.EventType(ArraySlice("Broken".utf8)) == .ignored)
        for other in ["", "Open", "opened", "Opened ", "Closes", "User interaction"] {
            #expect(_TraceRowFields.EventType(ArraySlice(other.utf8)) == nil, "\(other)")
        }
    }
}
