import Dispatch

extension JSONFastPath {
    /// A large `events` array is read in two halves on two threads: the second half starts at
    /// the first event that begins a line after the middle of the rest of the file.
    static let parallelThreshold = 4 << 20

    /// Reads the `events` array starting at `start` (its `[`, on line `line`): the events, the
    /// app ids each part named (events give provisional app numbers per part), and where the
    /// array ends.
    static func readEventArray(
        _ bytes: UnsafeBufferPointer<UInt8>, at start: Int, line: Int
    ) -> (events: [ScenarioEvent], appIDs: [(events: Range<Int>, ids: [[UInt8]])], end: Int, endLine: Int)? {
        if bytes.count - start > parallelThreshold, let split = splitPoint(bytes, after: start + (bytes.count - start) / 2),
           let halves = readInHalves(bytes, at: start, line: line, split: split) {
            return halves
        }
        var reader = _FastEventReader(scanner: _JSONByteScanner(bytes, at: start, line: line),
                                     expectedEvents: (bytes.count - start) / 48)
        guard let events = reader.readEvents() else { return nil }
        return (events, [(0..<events.count, reader.apps.ids)], reader.scanner.position, reader.scanner.currentLine)
    }

    /// The offset of the first `{` that begins a line (after spaces) at or after `offset`.
    private static func splitPoint(_ bytes: UnsafeBufferPointer<UInt8>, after offset: Int) -> Int? {
        var position = offset
        while position < bytes.count, bytes[position] != UInt8(ascii: "\n") { position += 1 }
        position += 1
        while position < bytes.count, bytes[position] == UInt8(ascii: " ") { position += 1 }
        return position < bytes.count && bytes[position] == UInt8(ascii: "{") ? position : nil
    }

    /// Both halves, or nil when the split point turns out not to sit between two events of
    /// the array (the caller then reads it in one go).
    private static func readInHalves(
        _ bytes: UnsafeBufferPointer<UInt8>, at start: Int, line: Int, split: Int
    ) -> (events: [ScenarioEvent], appIDs: [(events: Range<Int>, ids: [[UInt8]])], end: Int, endLine: Int)? {
        let shared = _UncheckedSendableBox(bytes)
        let second = _UncheckedSendableBox<(reader: _FastEventReader, events: [ScenarioEvent]?)?>(nil)
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            var reader = _FastEventReader(scanner: _JSONByteScanner(shared.value, at: split, line: 1),
                                         expectedEvents: (shared.value.count - split) / 48)
            let events = reader.readEvents(fromMiddle: true)
            second.value = (reader, events)
        }
        var first = _FastEventReader(scanner: _JSONByteScanner(bytes, at: start, line: line),
                                    expectedEvents: (split - start) / 48)
        let firstEvents = first.readEvents(stoppingAt: split)
        group.wait()
        guard var events = firstEvents, let secondRun = second.value, let secondEvents = secondRun.events,
              case let secondReader = secondRun.reader, let lastOfFirst = first.latestTime, let firstOfSecond = secondReader.earliestTime,
              !(firstOfSecond < lastOfFirst) else { return nil }
        // The second half counted lines from 1 at the split point.
        let lineOffset = first.scanner.currentLine - 1
        let firstCount = events.count
        events.reserveCapacity(firstCount + secondEvents.count)
        for event in secondEvents {
            events.append(ScenarioEvent(atMs: event.atMs, event.action, line: event.line + lineOffset))
        }
        return (events, [(0..<firstCount, first.apps.ids), (firstCount..<events.count, secondReader.apps.ids)],
                secondReader.scanner.position, secondReader.scanner.currentLine + lineOffset)
    }
}
