import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Starts a helper thread of a long run's pipeline: the streamed JSON reader
/// (`StreamedJSONEvents`), the `CSVFormattingThread` or the `CSVWriteBehindThread`.
///
/// The run's own thread is the pipeline's slowest stage (it simulates and formats four of
/// the report files), and the helpers together need about a core. Linux's scheduler
/// shares the cores by weight, so the helpers run five nice levels below the run's thread
/// (each weighs a third as much): it then places the run's thread on a core of its own and
/// the helpers on the other, instead of letting one helper share the run's core half the
/// time. A helper still gets a whole core while the run's thread waits for it. (Measured on
/// two cores, docs/performance.md.) On Linux the nice value belongs to each thread
/// (sched(7)); on macOS, where it belongs to the process, the thread's quality of service
/// says the same.
///
/// The formatting thread is the exception: it formats six of the eight files, as much work as
/// the run's thread has left (docs/performance.md), so it keeps the run's priority and the
/// scheduler shares the two cores between the two; at five levels below, it shared the
/// second core with the reader and the run's thread waited for it.
enum PipelineThread {
    /// How many nice levels below its starter a helper runs.
    static let niceIncrement: Int32 = 5

    /// Runs `body` on a new thread at the helpers' priority, or at its starter's when
    /// `keepingPriority`.
    static func start(keepingPriority: Bool = false, _ body: @escaping @Sendable () -> Void) {
        let thread = Thread {
            if !keepingPriority { lowerPriority() }
            body()
        }
        #if !os(Linux)
        if !keepingPriority { thread.qualityOfService = .utility }
        #endif
        thread.start()
    }

    /// Lowers the calling thread's priority by `niceIncrement` (never above 19, the lowest).
    private static func lowerPriority() {
        #if os(Linux)
        // `who` 0 names the calling thread; -1 is a valid nice value, so errno tells failure.
        let which = __priority_which_t(PRIO_PROCESS.rawValue)
        errno = 0
        let current = getpriority(which, 0)
        guard errno == 0 else { return }
        _ = setpriority(which, 0, min(current + niceIncrement, 19))
        #endif
    }
}
