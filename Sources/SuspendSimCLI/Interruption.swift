#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import SuspendSim

/// What the commands that write reports do when they are interrupted (SIGINT, SIGTERM, SIGHUP) or
/// hit a file-size limit (SIGXFSZ).
///
/// A process-wide `sigaction` handler, whichever thread the signal lands on, writes the
/// signal's number to a pipe (`write(2)` is async-signal-safe); a thread of its own reads it
/// and does the clean-up. A Dispatch signal source was used before: on Linux it blocks the
/// signal in the threads it knows of and reads a `signalfd`, so a signal delivered to another
/// thread, where it was ignored, could be lost, and the batch ran on.
enum Interruption {
    /// The pipe's writing end, set once before the handler is installed.
    nonisolated(unsafe) private static var signalPipe: Int32 = -1

    /// From now on, Ctrl-C (or a SIGTERM, or a SIGHUP: the terminal closed) closes the
    /// `OutputRegistry`: workers stop taking work, no report is put in place any more, and every
    /// unfinished report file or folder is removed (a report being replaced stays as it was),
    /// with an incomplete set of top-level files (`OutputSet`, SPEC 35); then it says so and
    /// exits with 130 (SIGINT), 143 (SIGTERM) or 129 (SIGHUP). A write past a file-size limit fails with an error (EFBIG)
    /// instead of killing the process, so that it is reported like a full disk.
    static func cleanUpOnSignals() {
        signal(SIGXFSZ, SIG_IGN)
        guard signalPipe < 0, let ends = try? FileDescriptor.pipe() else { return }
        signalPipe = ends.writeEnd.rawValue
        let reader = ends.readEnd
        let cleaner = Thread {
            var number: UInt8 = 0
            // `read` retries when a signal interrupts it.
            let count = (try? withUnsafeMutableBytes(of: &number) { try reader.read(into: $0) }) ?? 0
            guard count == 1 else { return }
            let removed = OutputRegistry.close()
            writeToStandardError("\ninterrupted: removed \(removed) unfinished report file(s) or folder(s); finished reports are untouched.\n")
            CommandFailure.endProcess(interruptedBy: Int32(number))
        }
        cleaner.start()
        // The process may start with the signals blocked or ignored (a parent's mask, a shell's
        // background job): unblock them in this thread, which lives as long as the command,
        // so that some thread always takes them, and handle them.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        sigaddset(&signals, SIGHUP)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        for number in [SIGINT, SIGTERM, SIGHUP] {
            var action = sigaction()
            #if canImport(Darwin)
            action.__sigaction_u.__sa_handler = Interruption.forward
            #else
            action.__sigaction_handler.sa_handler = Interruption.forward
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(number, &action, nil)
        }
    }

    /// Once the clean-up has begun, the cleaning thread owns the process's end: it removes the
    /// unfinished outputs, then exits with 130, 143 or 129. A command thread that finishes or fails
    /// meanwhile (its last commit refused with ECANCELED, say) must not end the process first
    /// with its own status and message, so it waits here for that exit. Returns at once when no
    /// interruption has begun.
    static func waitForCleanUpIfInterrupted() {
        guard OutputRegistry.isClosing else { return }
        while true { pause() }
    }

    /// The signal handler: hands the signal's number to the cleaning thread. Only
    /// async-signal-safe calls here: the bare `write(2)`, not `FileDescriptor.writeAll`.
    private static let forward: @convention(c) (Int32) -> Void = { number in
        var byte = UInt8(truncatingIfNeeded: number)
        _ = write(Interruption.signalPipe, &byte, 1)
    }
}
