import Foundation

/// A whole text file written whole or not at all (an `AtomicOutput` file): a generated scenario,
/// a JUnit report, an HTML page.
package enum AtomicTextFile {
    /// Writes `text` to `path`, replacing any file there once it is complete; through a
    /// device or a FIFO, and to what a symbolic link names, as `SingleFileTarget` says.
    ///
    /// - Throws: `ReportWriter.Error` naming the path.
    package static func write(_ text: String, to path: String) throws {
        let target: String
        switch try SingleFileTarget.resolve(path) {
        case .writeThrough:
            try SingleFileTarget.writeThrough(Array(text.utf8), to: path)
            return
        case .replace(let file):
            target = file
        }
        let output = try AtomicOutput(target: target, kind: .file)
        // The system's own error, so that a full disk says so (ENOSPC), not EIO.
        do {
            try SingleFileTarget.writeThrough(Array(text.utf8), to: output.partial)
        } catch {
            output.discard()
            throw ReportWriter.Error("write", path: path, code: error.code)
        }
        try output.commit()
    }
}
