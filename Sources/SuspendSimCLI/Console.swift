#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Writes a line to standard error.
func printError(_ message: String) {
    var line = message
    if !line.hasSuffix("\n") { line += "\n" }
    writeToStandardError(line)
}

/// Writes text to standard error unbuffered (the C `stderr` global is not concurrency-safe).
func writeToStandardError(_ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
        let written = bytes.withUnsafeMutableBytes { write(STDERR_FILENO, $0.baseAddress! + offset, $0.count - offset) }
        if written <= 0 { return }
        offset += written
    }
}

/// A one-line progress counter on standard error, shown only when it is a terminal (SPEC 9).
final class ProgressLine: Sendable {
    private let total: Int
    private let label: String
    private let done = Mutex(0)
    private let enabled: Bool

    init(total: Int, label: String) {
        self.total = total
        self.label = label
        self.enabled = isatty(STDERR_FILENO) == 1
        draw(0)
    }

    /// Counts one more finished item.
    func advance() {
        let count = done.withLock { value -> Int in
            value += 1
            return value
        }
        draw(count)
    }

    /// Ends the line.
    func finish() {
        if enabled { writeToStandardError("\n") }
    }

    private func draw(_ count: Int) {
        guard enabled else { return }
        writeToStandardError("\r\(label) \(count)/\(total)")
    }
}
