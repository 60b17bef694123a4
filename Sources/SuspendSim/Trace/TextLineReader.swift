import Foundation

/// Reads a text file line by line in 64 KiB chunks, so that a file of any size is read in
/// constant memory (a usage trace of 180 MB, SPEC 13). Lines end at LF; a CR before it is
/// dropped.
final class TextLineReader {
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false
    /// The 1-based number of the line `next()` returned last.
    private(set) var lineNumber = 0

    /// Opens `path`; nil when it cannot be opened.
    init?(path: String) {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        self.handle = handle
    }

    deinit { try? handle.close() }

    /// The next line without its line end; nil at the end of the file.
    func next() -> Substring? {
        while true {
            if let newline = buffer[start...].firstIndex(of: 0x0A) {
                var end = newline
                if end > start, buffer[end - 1] == 0x0D { end -= 1 }
                let line = String(decoding: buffer[start..<end], as: UTF8.self)[...]
                start = newline + 1
                lineNumber += 1
                return line
            }
            if atEnd {
                guard start < buffer.count else { return nil }
                let line = String(decoding: buffer[start...], as: UTF8.self)[...]
                start = buffer.count
                lineNumber += 1
                return line
            }
            buffer.removeSubrange(0..<start)
            start = 0
            let chunk = (try? handle.read(upToCount: 1 << 16)) ?? nil
            if let chunk, !chunk.isEmpty { buffer.append(contentsOf: chunk) } else { atEnd = true }
        }
    }
}
