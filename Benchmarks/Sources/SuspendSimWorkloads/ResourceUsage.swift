#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the process has used so far, from `getrusage`.
public enum ResourceUsage {
    /// Peak resident memory in KiB (`ru_maxrss`: KiB on Linux, bytes on macOS).
    public static func peakResidentKiB() -> Int {
        let usage = current()
        #if canImport(Darwin)
        return Int(usage.ru_maxrss) / 1024
        #else
        return Int(usage.ru_maxrss)
        #endif
    }

    /// CPU seconds, user and system, of every thread of the process.
    public static func cpuSeconds() -> Double {
        let usage = current()
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) * 1e-6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    private static func current() -> rusage {
        var usage = rusage()
        #if canImport(Darwin)
        getrusage(RUSAGE_SELF, &usage)
        #else
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #endif
        return usage
    }
}
