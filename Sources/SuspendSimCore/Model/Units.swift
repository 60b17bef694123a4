/// Simulated time in whole milliseconds.
///
/// SPEC 7: time is kept as whole milliseconds so that results never depend on
/// floating-point order. Scenario inputs in seconds round half up to a millisecond.
public typealias Millis = Int64

/// Memory in whole kibibytes (1 MB in scenario files and reports = 1024 KiB).
///
/// SPEC 7: memory is kept as whole KiB; inputs in MB round half up to a KiB.
public typealias KiB = Int64

/// The position of an app in its scenario's `apps:` list ("scenario order").
public typealias AppIndex = Int

extension Int64 {
    /// `mb` megabytes as whole KiB, rounded half away from zero.
    static func kib(mb: Double) -> KiB { KiB((mb * 1024).rounded(.toNearestOrAwayFromZero)) }
    /// `seconds` as whole milliseconds, rounded half away from zero.
    static func millis(seconds: Double) -> Millis { Millis((seconds * 1000).rounded(.toNearestOrAwayFromZero)) }
}
