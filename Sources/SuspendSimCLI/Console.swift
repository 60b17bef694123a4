#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SuspendSim
import Synchronization

/// Writes a line to standard error: a command's error or warning.
///
/// Once an interruption's clean-up has begun (`OutputRegistry.isClosing`), what a command
/// thread has to say is about the writes the clean-up cancelled ("Cannot put in place ...:
/// Operation canceled"): the thread says nothing and waits for the clean-up to end the process
/// with its one message and exit status 130 or 143 (`Interruption.waitForCleanUpIfInterrupted`).
func printError(_ message: String) {
    Interruption.waitForCleanUpIfInterrupted()
    var line = message
    if !line.hasSuffix("\n") { line += "\n" }
    writeToStandardError(line)
}

/// Writes `warning: <message>` to standard error: something valid that is probably not what
/// was meant. A warning changes no output file and no exit status.
func printWarning(_ message: String) {
    printError("warning: " + message)
}

/// Writes text to standard error unbuffered (the C `stderr` global is not concurrency-safe).
func writeToStandardError(_ text: String) {
    _ = try? FileDescriptor.standardError.writeAll(text.utf8)
}

/// A progress bar on standard error, shown only when it is a terminal (SPEC 9): done and
/// total, a bar, the rate and the time left.
///
/// ```text
/// runs 1200/4000 [######--------------]  30%  412.5/s  ETA 0:06
/// ```
///
/// and, once the last item is done, the time taken in place of the ETA.
///
/// It redraws at most ten times a second, so that a batch of fast runs does not spend its
/// time writing to the terminal.
final class ProgressLine: Sendable {
    private let total: Int
    private let label: String
    private let enabled: Bool
    private let start = ContinuousClock.now
    private let state = Mutex<(done: Int, lastDraw: ContinuousClock.Instant?)>((0, nil))

    /// A bar for `total` items, drawn when standard error is a terminal (or `enabled` says so).
    init(total: Int, label: String, enabled: Bool = isatty(STDERR_FILENO) == 1) {
        self.total = total
        self.label = label
        self.enabled = enabled
        advance(by: 0)
    }

    /// Counts one more finished item.
    func advance() {
        advance(by: 1)
    }

    private func advance(by count: Int) {
        guard enabled else { return }
        state.withLock { state in
            state.done += count
            let now = ContinuousClock.now
            if let last = state.lastDraw, now - last < .milliseconds(100), state.done < total { return }
            state.lastDraw = now
            writeToStandardError("\r" + Self.render(done: state.done, total: total, label: label, elapsed: now - start) + "\u{1B}[K")
        }
    }

    /// Ends the line.
    func finish() {
        guard enabled else { return }
        state.withLock { state in
            writeToStandardError("\r" + Self.render(done: state.done, total: total, label: label, elapsed: .now - start) + "\u{1B}[K\n")
        }
    }

    /// The line for `done` of `total` after `elapsed`: `label done/total [bar] pct%  rate/s  ETA m:ss`
    /// (the rate and ETA once something is done; the time taken instead of the ETA at the end).
    static func render(done: Int, total: Int, label: String, elapsed: Duration) -> String {
        let width = 20
        let filled = total > 0 ? min(width, done * width / total) : width
        let percent = total > 0 ? done * 100 / total : 100
        var line = "\(label) \(done)/\(total) [" + String(repeating: "#", count: filled)
            + String(repeating: "-", count: width - filled) + "] " + pad(percent, to: 3) + "%"
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        if done > 0, seconds > 0 {
            let rate = Double(done) / seconds
            let tenths = Int((rate * 10).rounded())
            line += "  \(tenths / 10).\(tenths % 10)/s"
            if done < total {
                line += "  ETA " + clock(Int((Double(total - done) / rate).rounded(.up)))
            } else {
                line += "  in " + clock(Int(seconds.rounded(.up)))
            }
        }
        return line
    }

    /// `h:mm:ss` or `m:ss`.
    static func clock(_ seconds: Int) -> String {
        let hours = seconds / 3600
        let minutes = seconds / 60 % 60
        let rest = seconds % 60
        let secondsText = rest < 10 ? "0\(rest)" : "\(rest)"
        if hours > 0 { return "\(hours):" + (minutes < 10 ? "0\(minutes)" : "\(minutes)") + ":" + secondsText }
        return "\(minutes):" + secondsText
    }

    private static func pad(_ value: Int, to width: Int) -> String {
        let text = String(value)
        return String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
