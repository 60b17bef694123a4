import Foundation

/// Reads a text file line by line in 256 KiB chunks, as bytes, so that a file of any size is
/// read in constant memory and lines the caller skips cost no decoding (a usage trace of
/// 180 MB, SPEC 13). Lines end at LF; a CR before it is dropped.
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

    /// The next line's bytes without its line end; nil at the end of the file. The slice is
    /// valid until the next call.
    func nextBytes() -> ArraySlice<UInt8>? {
        while true {
            if let newline = newlineIndex() {
                var end = newline
                if end > start, buffer[end - 1] == 0x0D { end -= 1 }
                let line = buffer[start..<end]
                start = newline + 1
                lineNumber += 1
                return line
            }
            if atEnd {
                guard start < buffer.count else { return nil }
                let line = buffer[start...]
                start = buffer.count
                lineNumber += 1
                return line
            }
            buffer.removeSubrange(0..<start)
            start = 0
            let chunk = (try? handle.read(upToCount: 1 << 18)) ?? nil
            if let chunk, !chunk.isEmpty { buffer.append(contentsOf: chunk) } else { atEnd = true }
        }
    }

    /// The index of the first line feed in the buffer from `start`, found by `memchr` (a
    /// generic `firstIndex(of:)` over the slice took a tenth of a trace pass).
    private func newlineIndex() -> Int? {
        guard start < buffer.count else { return nil }
        return buffer.withUnsafeBufferPointer { bytes in
            let base = bytes.baseAddress!
            guard let found = memchr(base + start, 0x0A, bytes.count - start) else { return nil }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// The next line as text; nil at the end of the file.
    func next() -> Substring? {
        nextBytes().map { String(decoding: $0, as: UTF8.self)[...] }
    }
}

extension ArraySlice<UInt8> {
    /// Field `index` of a tab-separated line (empty past the last field), without decoding.
    func tabField(_ index: Int) -> ArraySlice<UInt8> {
        var field = 0
        var fieldStart = startIndex
        var position = startIndex
        while position < endIndex {
            if self[position] == 0x09 {
                if field == index { return self[fieldStart..<position] }
                field += 1
                fieldStart = position + 1
            }
            position += 1
        }
        return field == index ? self[fieldStart..<endIndex] : self[endIndex..<endIndex]
    }

    /// Whether the line holds only spaces and tabs.
    var isBlankLine: Bool { allSatisfy { $0 == 0x20 || $0 == 0x09 } }
}
