@_spi(Generators) import SuspendSimCore

/// The events of a large JSON scenario file, read from the file while a run goes, so that
/// memory stays O(apps) however long the timeline, and parsing feeds the engine as it runs.
///
/// `suspendsim run` takes this way (`ScenarioDecoding.decode(fileAt:streamingThreshold:traces:)`)
/// for a JSON file of `streamingThreshold` bytes or more whose `events` array is its last key,
/// as the generators write it: the header (everything before the array) is read as usual,
/// and the events are parsed chunk by chunk (`_StreamedEventParser`) when the engine asks for
/// them. Nothing about the events is checked before the run: the reader accepts only the
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
            var parser = _StreamedEventParser(stream)
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
