@_spi(Generators) import SuspendSimCore

extension Scenario {
    /// Why the ordinary reader refuses this scenario's streamed file, found from where its
    /// events stopped reading without reading the whole file (`StreamedJSONEvents.refusal`);
    /// nil when that does not tell (the whole file is then read the ordinary way).
    var eventStreamRefusal: ScenarioLoader.Error? {
        (generator as? StreamedJSONEvents)?.refusal()
    }
}

extension StreamedJSONEvents {
    /// The most bytes read past the event the fast reader stopped at, to find its end.
    private static let longestExcerpt = 1 << 20

    /// Why the ordinary reader refuses the file, found from the event where the fast reader
    /// stopped (`EventStreamStatus.stopped`) without reading the whole file (SPEC 35, "Cost of
    /// a refusal": the error path streams as the run does). The ordinary reader reads an
    /// excerpt: the file's header (everything up to the `events` array's `[`), line breaks up
    /// to the line of the event before the stop, that event and the one stopped at as the file
    /// writes them, and the array and object closed; every line keeps its number, and each
    /// `events[k]` its index in the file. The event before is there for what depends on it
    /// (times in order).
    ///
    /// Nil when the excerpt reads (the fast reader stopped at a spelling it does not take, not
    /// a mistake), or cannot be made (the stopped event's end is not found within
    /// `longestExcerpt` bytes, short of the end of the file): the caller then reads the whole
    /// file the ordinary way.
    func refusal() -> ScenarioLoader.Error? {
        guard let stop = status.stopped,
              let descriptor = try? FileDescriptor.open(FilePath(path), .readOnly, options: [.closeOnExec]) else { return nil }
        defer { try? descriptor.close() }
        let from = stop.previous ?? stop.event
        guard let header = Self.read(descriptor, at: 0, count: Int(eventsStart.offset)),
              let window = Self.read(descriptor, at: from.offset, count: Int(stop.event.offset - from.offset) + Self.longestExcerpt)
        else { return nil }
        let reachedEnd = window.count < Int(stop.event.offset - from.offset) + Self.longestExcerpt
        let end = window.withUnsafeBufferPointer { bytes -> Int? in
            var scanner = _JSONByteScanner(bytes, at: Int(stop.event.offset - from.offset))
            return scanner.skipValue() ? scanner.position : nil
        }
        var excerpt = header + Array(repeating: UInt8(ascii: "\n"), count: max(0, from.line - eventsStart.line))
        if let end {
            excerpt += window[..<end] + Array("\n]\n}\n".utf8)
        } else if reachedEnd {
            excerpt += window
        } else {
            return nil
        }
        let outcome = excerpt.withUnsafeBufferPointer { bytes in
            Result { () throws(ScenarioLoader.Error) in try ScenarioDecoding.decode(bytes: bytes, path: path) }
        }
        guard case .failure(let error) = outcome else { return nil }
        // The excerpt's events are the file's from the one before the stop on.
        let first = stop.index - (stop.previous == nil ? 0 : 1)
        // On the excerpt's line of its first event, the file has more before it (the events
        // in between, on a one-line file): columns there move by what the excerpt left out.
        let shift = Self.scalars(descriptor, before: from.offset, after: eventsStart.offset)
        return ScenarioLoader.Error(diagnostics: error.diagnostics.map { diagnostic in
            var diagnostic = diagnostic
            diagnostic.field = Self.renumbered(diagnostic.field, by: first)
            if diagnostic.line == from.line, let column = diagnostic.column, let shift { diagnostic.column = column + shift }
            return diagnostic
        })
    }

    /// The Unicode scalars of the file on the line of `offset` before it, counted back to
    /// that line's start or to `floor`, whichever comes first (a UTF-8 scalar is each byte
    /// that is not a continuation byte, `10xxxxxx`); read back in chunks, in constant memory.
    /// Nil when the file cannot be read.
    private static func scalars(_ descriptor: FileDescriptor, before offset: Int64, after floor: Int64) -> Int? {
        var count = 0
        var end = offset
        while end > floor {
            let start = max(floor, end - (1 << 16))
            guard let chunk = read(descriptor, at: start, count: Int(end - start)), chunk.count == Int(end - start) else { return nil }
            if let newline = chunk.lastIndex(of: UInt8(ascii: "\n")) {
                return count + chunk[(newline + 1)...].count { $0 & 0xC0 != 0x80 }
            }
            count += chunk.count { $0 & 0xC0 != 0x80 }
            end = start
        }
        return count
    }

    /// `field` with the index of its leading `events[k]` increased by `offset`.
    private static func renumbered(_ field: String, by offset: Int) -> String {
        let prefix = "events["
        guard field.hasPrefix(prefix), let close = field.firstIndex(of: "]"),
              let index = Int(field[field.index(field.startIndex, offsetBy: prefix.count)..<close]) else { return field }
        return prefix + String(index + offset) + field[close...]
    }

    /// `count` bytes of the file from `offset` (fewer at its end); nil when it cannot be read.
    private static func read(_ descriptor: FileDescriptor, at offset: Int64, count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            guard let read = try? bytes.withUnsafeMutableBytes({ raw in
                try descriptor.read(fromAbsoluteOffset: offset + Int64(filled), into: UnsafeMutableRawBufferPointer(rebasing: raw[filled...]))
            }) else { return nil }
            if read == 0 { break }
            filled += read
        }
        bytes.removeLast(count - filled)
        return bytes
    }
}
