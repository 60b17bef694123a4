@_spi(Generators) import SuspendSimCore
import Dispatch
import Foundation
import Synchronization
import SystemPackage

/// The events of a large JSON scenario file, read from the file while a run goes, so that
/// memory stays O(apps) however long the timeline, and parsing feeds the engine as it runs.
///
/// `suspendsim run` takes this way for a JSON file of `streamingThreshold` bytes or more whose
/// `events` array is its last key, as the generators write it: the header (everything before
/// the array) is read as usual, and the events are parsed chunk by chunk when the engine asks
/// for them. Nothing about the events is checked before the run: the reader accepts only the
/// canonical shape (`JSONFastPath`), and at the first event it does not accept (a mistake, or
/// only a spelling it does not take, such as an escape) it stops and says so in `status`.
/// The run's report is then dropped before it is put in place, and the file is read the
/// ordinary way: its error, located, or the same run from the fully read file.
struct StreamedJSONEvents: EventGenerator {
    /// The file.
    let path: String
    /// The offset of the byte after the array's `[`, and its line.
    let eventsStart: (offset: Int64, line: Int)
    /// The apps' ids, in scenario order.
    let appIDs: [[UInt8]]
    /// Shared by every run of the file: whether a run met an event it could not read (the
    /// same bytes fail in every run).
    let status: EventStreamStatus

    /// Files this large (or larger) are streamed: below it, reading the whole file first costs
    /// about as much (docs/performance.md).
    static let streamingThreshold = 1 << 20

    func events(for scenario: Scenario, seed: UInt64, startingAt startMs: Millis) -> any EventSource {
        StreamedEventSource(self)
    }

    /// The file's events are the same whatever the seed.
    var dependsOnSeed: Bool { false }
}

/// Whether a streamed file turned out unreadable by the fast reader.
final class EventStreamStatus: Sendable {
    private let unreadable = Atomic<Bool>(false)

    var isUnreadable: Bool { unreadable.load(ordering: .acquiring) }

    func markUnreadable() { unreadable.store(true, ordering: .releasing) }
}

/// A run's report was dropped because its streamed events could not be read (see
/// `StreamedJSONEvents`); the file is to be read the ordinary way.
struct EventStreamUnreadable: Error {}

extension Scenario {
    /// Whether this scenario's events are streamed from a file that turned out unreadable by
    /// the fast reader: a run of it is incomplete.
    var eventStreamFailed: Bool {
        (generator as? StreamedJSONEvents)?.status.isUnreadable ?? false
    }

    /// Whether a run of this scenario writes a long report: its events are streamed from a
    /// large file, or it lists `longReportEvents` or more. Such a run formats part of its
    /// report on a thread of its own (`CSVFormattingThread`); a short one, as in a batch of
    /// many small runs, would only pay for the thread.
    var makesLongReport: Bool {
        generator is StreamedJSONEvents || events.count >= Self.longReportEvents
    }

    /// See `makesLongReport`.
    static let longReportEvents = 20_000
}

/// One run's reading of a streamed file: a thread of its own reads and parses the file a
/// chunk at a time, so that parsing overlaps the run, and hands the events over in batches
/// (at most `batchesAhead` waiting). The events and their order are the file's, whatever the
/// timing.
private final class StreamedEventSource: EventSource {
    /// Two batches ahead keep the engine fed; more only hold memory (measured with four: 4 MiB
    /// more at 10^6 events and no faster, docs/performance.md).
    private static let batchesAhead = 2
    /// Room for the events of a first chunk, about (a batch grows as it needs to, and keeps
    /// its room when it is recycled).
    private static let firstBatchCapacity = 1024
    private let channel = BatchChannel<ScenarioEvent>(capacity: batchesAhead)
    private var batch: [ScenarioEvent] = []
    private var nextInBatch = 0

    init(_ stream: StreamedJSONEvents) {
        let channel = channel
        PipelineThread.start {
            var parser = StreamedEventParser(stream)
            defer { parser.close() }
            while let events = parser.nextBatch(into: channel.emptyBatch(capacity: Self.firstBatchCapacity)) {
                guard channel.send(events) else { return }
            }
            channel.finish()
        }
    }

    deinit {
        // A run that ends early (`end_s`) stops the reader.
        channel.close()
    }

    func next() -> ScenarioEvent? {
        while nextInBatch == batch.count {
            var used: [ScenarioEvent] = []
            swap(&used, &batch)
            if used.capacity > 0 { channel.recycle(consume used) }
            guard let events = channel.receive() else { return nil }
            batch = events
            nextInBatch = 0
        }
        defer { nextInBatch += 1 }
        return batch[nextInBatch]
    }
}

/// Reads a streamed file's events a chunk at a time: a buffer of at most a few chunks.
private struct StreamedEventParser {
    /// The first chunk is small, so that the run starts as soon as a few hundred events are
    /// parsed rather than after a whole chunk of them; each next chunk doubles, up to 512 KiB
    /// (1 MiB chunks ran no faster and held more memory; 256 KiB ones were slower at 10^6
    /// events).
    private static let firstChunkSize = 32 << 10
    private static let largestChunkSize = 512 << 10
    private var chunkSize = firstChunkSize
    private let stream: StreamedJSONEvents
    private var descriptor: FileDescriptor?
    private var buffer: [UInt8] = []
    /// Where unread bytes start in `buffer`, and their line.
    private var start = 0
    private var line: Int
    private var atEndOfFile = false
    private var ended = false
    private var latestTime: _FastDecimal?
    private let apps: _AppIDTable

    init(_ stream: StreamedJSONEvents) {
        self.stream = stream
        line = stream.eventsStart.line
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
        let (progress, position, nextLine, latest) = buffer.withUnsafeBufferPointer { bytes in
            var reader = _FastEventReader(scanner: _JSONByteScanner(bytes, at: start, line: line), expectedEvents: 0)
            reader.apps = apps
            reader.addsUnknownApps = false
            reader.latestTime = latestTime
            let progress = reader.readAvailableEvents(into: &events, isComplete: atEndOfFile)
            return (progress, reader.scanner.position, reader.scanner.currentLine, reader.latestTime)
        }
        (start, line, latestTime) = (position, nextLine, latest)
        switch progress {
        case .needsMore: break
        case .endOfArray: finish()
        case .unreadable:
            events.removeAll()
            fail()
        }
    }

    /// Appends the next chunk of the file to the unread part of the buffer.
    private mutating func readChunk() {
        guard let descriptor else { return fail() }
        buffer.removeSubrange(0..<start)
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
