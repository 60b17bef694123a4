import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The long property, fuzz and limit tests run at full size only as CI's stress step
/// (`SUSPENDSIM_STRESS=1`, docs/development.md "Stress tests"); the README's test command runs
/// them small, so that it stays well under ten minutes on a shared two-core machine.
enum StressRun {
    /// Whether this is the stress step: the environment has `SUSPENDSIM_STRESS=1`.
    static let isOn = ProcessInfo.processInfo.environment["SUSPENDSIM_STRESS"] == "1"

    /// `normal` in the README's test command, `stress` in the stress step.
    static func size(_ normal: Int, stress: Int) -> Int { isOn ? stress : normal }

    /// The CPU time the calling thread has used. A hang guard measures this, not the wall
    /// clock: a machine busy with other work slows the wall clock, not the work done.
    static func threadCPUTime() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(Int64(time.tv_sec)) + .nanoseconds(Int64(time.tv_nsec))
    }
}

extension Trait where Self == ConditionTrait {
    /// A test that runs only in the stress step (`SUSPENDSIM_STRESS=1`).
    static var stressOnly: Self {
        .enabled(if: StressRun.isOn, "a stress test: it runs with SUSPENDSIM_STRESS=1, CI's stress step (docs/development.md)")
    }
}
