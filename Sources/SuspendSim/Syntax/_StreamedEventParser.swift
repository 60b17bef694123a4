
/// Reads a streamed file's events a chunk at a time: a buffer of at most a few chunks.
struct _StreamedEventParser {
    /// The first chunk is small, so that the run starts as soon as a few hundred events are
    /// parsed rather than after a whole chunk of them; each next chunk doubles, up to 512 KiB
    /// (1 MiB chunks ran no faster and held more memory; 256 KiB ones were slower at 10^6
    /// events).
    private static let firstChunkSize = 32 << 10
    private static let largestChunkSize = 512 << 10
    private var chunkSize = firstChunkSize
    /// Fewer bytes than any event and its comma take (`{"at":0,"home":null},` is 21): the
    /// room a batch reserves. An event shorter still would only make the batch grow as it
    /// did before.
    private static let shortestEventBytes = 14
    private let stream: StreamedJSONEvents
    private var descriptor: FileDescriptor?
    private var buffer: [UInt8] = []
    /// Where unread bytes start in `buffer`, and their line.
    private var start = 0
    private var line: Int
    private var atEndOfFile = false
    private var ended = false
    private var latestTime: _FastDecimal?
    /// The file offset of `buffer`'s first byte.
    private var bufferOffset: Int64
    /// The file offset and line of the last event read.
    private var lastEvent: (offset: Int64, line: Int)?
    /// How many events were handed over.
    private var eventsSent = 0
    private let apps: _AppIDTable

    init(_ stream: StreamedJSONEvents) {
        self.stream = stream
        line = stream.eventsStart.line
        bufferOffset = stream.eventsStart.offset
        apps = _AppIDTable(stream.appIDs)
        do {
            let descriptor = try FileDescriptor.open(FilePath(stream.path), .readOnly, options: [.closeOnExec])
            _ = try descriptor.seek(offset: stream.eventsStart.offset, from: .start)
            self.descriptor = descriptor
        } catch {
            fail()
        }
    }

    /// The next events of the file, appended to `empty`, or nil when there are no more (or
    /// it turned out unreadable: `stream.status` then says so). Closes the file at the end.
    mutating func nextBatch(into empty: [ScenarioEvent]) -> [ScenarioEvent]? {
        var events = empty
        while events.isEmpty, !ended {
            readMore(into: &events)
        }
        if ended { close() }
        eventsSent += events.count
        return events.isEmpty ? nil : events
    }

    /// Closes the file (a run that stops early stops its reader here too).
    mutating func close() {
        try? descriptor?.close()
        descriptor = nil
    }

    /// Parses the whole events of the buffer, reading a chunk first.
    private mutating func readMore(into events: inout [ScenarioEvent]) {
        if !atEndOfFile { readChunk() }
        if ended { return }
        // Room for as many events as the unread bytes can hold, made before the first is
        // appended: a batch that grew by doubling copied its events into fresh pages at each
        // step (about 400 page faults and 1.5 MB of copying at 10^5 events). Pages of the room
        // that no event reaches are never touched.
        events.reserveCapacity(events.count + (buffer.count - start) / Self.shortestEventBytes + 1)
        let (progress, position, nextLine, latest, last) = buffer.withUnsafeBufferPointer { bytes in
            var reader = _FastEventReader(scanner: _JSONByteScanner(bytes, at: start, line: line), expectedEvents: 0)
            reader.apps = apps
            reader.addsUnknownApps = false
            reader.latestTime = latestTime
            let progress = reader.readAvailableEvents(into: &events, isComplete: atEndOfFile)
            return (progress, reader.scanner.position, reader.scanner.currentLine, reader.latestTime, reader.lastEventStart)
        }
        (start, line, latestTime) = (position, nextLine, latest)
        if let last { lastEvent = (bufferOffset + Int64(last.offset), last.line) }
        switch progress {
        case .needsMore: break
        case .endOfArray: finish()
        case .unreadable:
            // Where it stopped, for the ordinary reader to say why (`StreamedJSONEvents.refusal`).
            stream.status.noteStop(EventStreamStatus.Stop(
                event: (bufferOffset + Int64(start), line), index: eventsSent + events.count, previous: lastEvent))
            events.removeAll()
            fail()
        }
    }

    /// Appends the next chunk of the file to the unread part of the buffer.
    private mutating func readChunk() {
        guard let descriptor else { return fail() }
        buffer.removeSubrange(0..<start)
        bufferOffset += Int64(start)
        start = 0
        let kept = buffer.count
        let chunkSize = self.chunkSize
        self.chunkSize = min(chunkSize * 2, Self.largestChunkSize)
        buffer.append(contentsOf: repeatElement(0, count: chunkSize))
        do {
            let read = try buffer.withUnsafeMutableBytes { raw in
                try descriptor.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[kept...]))
            }
            buffer.removeLast(chunkSize - read)
            if read == 0 { atEndOfFile = true }
        } catch {
            fail()
        }
    }

    /// After the array's `]`: reads what is left of the file, which must be one `}` (with white
    /// space): `events` was the file's last key.
    private mutating func finish() {
        while !atEndOfFile, !ended {
            readChunk()
            if buffer.count - start > Self.largestChunkSize { return fail() }
        }
        if ended { return }
        var sawBrace = false
        for byte in buffer[start...] {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): continue
            case UInt8(ascii: "}") where !sawBrace: sawBrace = true
            default: return fail()
            }
        }
        guard sawBrace else { return fail() }
        ended = true
    }

    private mutating func fail() {
        stream.status.markUnreadable()
        ended = true
    }
}
