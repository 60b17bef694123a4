/// Simulated time in whole milliseconds.
///
/// SPEC 7: time is kept as whole milliseconds so that results never depend on
/// floating-point order. Scenario inputs in seconds round half up to a millisecond.
///
/// A type of its own, not an integer, so that a time cannot be passed where memory or a
/// plain count is meant: write `.seconds(30)` or `.ms(30_000)`.
///
/// Written here rather than taken from a tagging package: the core depends on
/// swift-collections alone (docs/architecture.md), and such packages make the type
/// expressible by an integer literal, which is the mix-up this type exists to prevent.
public struct Millis: Hashable, Comparable, Sendable, AdditiveArithmetic, CustomStringConvertible {
    /// The whole milliseconds.
    public let count: Int64

    /// `count` milliseconds: inside the package only, so that a caller outside writes the
    /// unit (`.ms(30_000)`, `.seconds(30)`).
    @inlinable package init(_ count: Int64) { self.count = count }

    /// `count` milliseconds.
    @inlinable public static func ms(_ count: Int64) -> Millis { Millis(count) }

    /// `seconds` as whole milliseconds, rounded half away from zero (SPEC 7).
    @inlinable public static func seconds(_ seconds: Double) -> Millis {
        Millis(Int64((seconds * 1000).rounded(.toNearestOrAwayFromZero)))
    }

    /// The time in seconds, as scenario files and reports give it.
    @inlinable public var seconds: Double { Double(count) / 1000 }

    @inlinable public static var zero: Millis { Millis(0) }
    /// The largest time: "never".
    @inlinable public static var max: Millis { Millis(.max) }

    /// The whole milliseconds, as the integer was written before this type.
    public var description: String { String(count) }

    @inlinable public static func < (lhs: Millis, rhs: Millis) -> Bool { lhs.count < rhs.count }
    @inlinable public static func + (lhs: Millis, rhs: Millis) -> Millis { Millis(lhs.count + rhs.count) }
    @inlinable public static func - (lhs: Millis, rhs: Millis) -> Millis { Millis(lhs.count - rhs.count) }
    /// `lhs` times the time: `3 * .seconds(10)`.
    @inlinable public static func * (lhs: Int64, rhs: Millis) -> Millis { Millis(lhs * rhs.count) }
    /// How many whole `rhs` fit in `lhs`.
    @inlinable public static func / (lhs: Millis, rhs: Millis) -> Int64 { lhs.count / rhs.count }
    @inlinable public static func % (lhs: Millis, rhs: Millis) -> Millis { Millis(lhs.count % rhs.count) }
    /// The sum, wrapping around on overflow (a generated timeline's far future).
    @inlinable public static func &+ (lhs: Millis, rhs: Millis) -> Millis { Millis(lhs.count &+ rhs.count) }
    @inlinable public static func &+= (lhs: inout Millis, rhs: Millis) { lhs = lhs &+ rhs }
    /// The sum, and whether it overflowed.
    @inlinable public func addingReportingOverflow(_ other: Millis) -> (partialValue: Millis, overflow: Bool) {
        let (sum, overflow) = count.addingReportingOverflow(other.count)
        return (Millis(sum), overflow)
    }
}

/// Memory in whole kibibytes (1 MB in scenario files and reports = 1024 KiB).
///
/// SPEC 7: memory is kept as whole KiB; inputs in MB round half up to a KiB.
///
/// A type of its own, not an integer, so that memory cannot be passed where a time or a
/// plain count is meant, and `.allocate(app, 150)` does not compile: write
/// `.allocate(app, .mb(150))` or `.kib(150)`. Written here for the reasons given at `Millis`.
public struct KiB: Hashable, Comparable, Sendable, AdditiveArithmetic, CustomStringConvertible {
    /// The whole KiB.
    public let count: Int64

    /// `count` KiB: inside the package only, so that a caller outside writes the unit
    /// (`.kib(150)`, `.mb(150)`).
    @inlinable package init(_ count: Int64) { self.count = count }

    /// `count` KiB.
    @inlinable public static func kib(_ count: Int64) -> KiB { KiB(count) }

    /// `mb` megabytes as whole KiB, rounded half away from zero (SPEC 7).
    @inlinable public static func mb(_ mb: Double) -> KiB {
        KiB(Int64((mb * 1024).rounded(.toNearestOrAwayFromZero)))
    }

    /// The memory in MB, as scenario files and reports give it.
    @inlinable public var mb: Double { Double(count) / 1024 }

    @inlinable public static var zero: KiB { KiB(0) }

    /// The whole KiB, as the integer was written before this type.
    public var description: String { String(count) }

    @inlinable public static func < (lhs: KiB, rhs: KiB) -> Bool { lhs.count < rhs.count }
    @inlinable public static func + (lhs: KiB, rhs: KiB) -> KiB { KiB(lhs.count + rhs.count) }
    @inlinable public static func - (lhs: KiB, rhs: KiB) -> KiB { KiB(lhs.count - rhs.count) }
    @inlinable public static prefix func - (operand: KiB) -> KiB { KiB(-operand.count) }
    /// `lhs` times the memory: `3 * .mb(100)`.
    @inlinable public static func * (lhs: Int64, rhs: KiB) -> KiB { KiB(lhs * rhs.count) }
    @inlinable public static func / (lhs: KiB, rhs: Int64) -> KiB { KiB(lhs.count / rhs) }
    /// The product, and whether it overflowed.
    @inlinable public func multipliedReportingOverflow(by factor: Int64) -> (partialValue: KiB, overflow: Bool) {
        let (product, overflow) = count.multipliedReportingOverflow(by: factor)
        return (KiB(product), overflow)
    }
}

/// The position of an app in its scenario's `apps:` list ("scenario order").
public typealias AppIndex = Int
