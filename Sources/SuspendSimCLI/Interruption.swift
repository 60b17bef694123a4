#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import SuspendSim

/// What the commands that write reports do when they are interrupted (SIGINT, SIGTERM) or
/// hit a file-size limit (SIGXFSZ).
enum Interruption {
    /// Kept alive for the life of the process.
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

    /// From now on, Ctrl-C (or a SIGTERM) closes the `OutputRegistry`: workers stop taking
    /// work, no report is put in place any more, and every unfinished report file or folder is
    /// removed (a report being replaced stays as it was); then it says so and exits with 130
    /// (SIGINT) or 143 (SIGTERM). A write past a file-size limit fails with an error (EFBIG) instead of
    /// killing the process, so that it is reported like a full disk.
    static func cleanUpOnSignals() {
        signal(SIGXFSZ, SIG_IGN)
        for (number, status) in [(SIGINT, Int32(130)), (SIGTERM, Int32(143))] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                let removed = OutputRegistry.close()
                printError("\ninterrupted: removed \(removed) unfinished report file(s) or folder(s); finished reports are untouched.")
                exit(status)
            }
            source.resume()
            sources.append(source)
        }
    }
}
