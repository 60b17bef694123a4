import SuspendSimCore

// Test fixtures write memory and time as the engine counts them, in whole KiB and
// milliseconds (`$0.wakeWorkMs = 300_000`, `.allocate(1, 700 * 1024)`, `#expect(idleFreeKiB ==
// 154_112)`), as the field names say. A comparison with an expression of literals goes through
// the unit (`== .mb(4096)`): `== 4096 * 1024` compares two `Int`s as `AnyHashable`
// (docs/development.md). The library itself takes no integer literal for a
// unit: a user writes `.mb(150)` or `.seconds(30)` (SPEC 7 units; docs/decisions.md), and the
// README's example test (`Examples/LibraryExample.swift`) is written that way too.
extension KiB: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int64) { self.init(value) }
}

extension Millis: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int64) { self.init(value) }
}
