
extension StreamedJSONEvents {
    /// The longest header (everything before `events`) looked for.
    private static let longestHeader = 8 << 20

    /// Where a JSON file's `events` array starts, with the header's text: the file's bytes up
    /// to the array's `[`, then `[]` and the closing `}`, which the ordinary reader reads with
    /// every key on its own line. Nil when the file does not start with a JSON object whose
    /// keys before `events` read plainly, or has no `events`.
    static func header(ofFile path: String) -> (text: String, eventsStart: (offset: Int64, line: Int))? {
        guard let descriptor = try? FileDescriptor.open(FilePath(path), .readOnly, options: [.closeOnExec]) else {
            return nil
        }
        defer { try? descriptor.close() }
        var prefix: [UInt8] = []
        var chunk = 64 << 10
        while prefix.count < longestHeader {
            let kept = prefix.count
            prefix.append(contentsOf: repeatElement(0, count: chunk))
            guard let read = try? prefix.withUnsafeMutableBytes({ raw in
                try descriptor.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[kept...]))
            }) else { return nil }
            prefix.removeLast(chunk - read)
            if let found = eventsArrayStart(in: prefix) {
                var header = Array(prefix[..<found.offset])
                header += Array("[]\n}\n".utf8)
                guard let text = String(validating: header, as: UTF8.self) else { return nil }
                return (text, (Int64(found.offset + 1), found.line))
            }
            if read == 0 { return nil }
            chunk *= 2
        }
        return nil
    }

    /// The offset and line of the `[` of the top-level `events` key, when `bytes` are JSON
    /// (`_ScenarioInput`) and the keys before it read plainly within them.
    private static func eventsArrayStart(in bytes: [UInt8]) -> (offset: Int, line: Int)? {
        bytes.withUnsafeBufferPointer { buffer in
            let input = _ScenarioInput(buffer)
            // JSON has no byte-order mark: its body is the whole of `bytes`, offsets included.
            guard input.format == .json else { return nil }
            var scanner = _JSONByteScanner(input.body)
            scanner.skipWhitespace()
            guard scanner.consume(UInt8(ascii: "{")) else { return nil }
            while true {
                scanner.skipWhitespace()
                guard let key = scanner.plainString(), scanner.consumeColon() else { return nil }
                scanner.skipWhitespace()
                if key == "events" {
                    return scanner.peek == UInt8(ascii: "[") ? (scanner.position, scanner.line(at: scanner.position)) : nil
                }
                guard scanner.skipValue() else { return nil }
                scanner.skipWhitespace()
                guard scanner.consume(UInt8(ascii: ",")) else { return nil }
            }
        }
    }
}
