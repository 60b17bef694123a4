import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fast way through large JSON scenario files (docs/performance.md).
///
/// Composing a YAML document costs about 15 µs per event, so a JSON file takes this path:
/// the document with its `events` array replaced by `[]` goes through the ordinary scenario
/// reader (the device, the apps, everything but the timeline), parsed by `JSONDocument` (or
/// composed by Yams when it is not of the plain shape), and the events are read straight from
/// the bytes.
///
/// The fast reader accepts only the plain, canonical shape of an event: keys and strings
/// without escapes, numbers written `-?digits[.digits]` with at most 10 decimals, `null` for
/// events without a value. Whenever it meets anything else, including every kind of mistake,
/// it gives up, and the whole file goes through the ordinary reader, so that validation and
/// messages are the same as for YAML (the tests compare both readers on the same files).
enum JSONFastPath {
    /// Whether `bytes` look like a JSON object (the first byte that is not white space is `{`).
    static func looksLikeJSON(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.first { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: "\t") }
            == UInt8(ascii: "{")
    }

    /// As `parse(_:path:)` on the text's UTF-8 bytes.
    static func parse(_ text: String, path: String) -> Scenario? {
        parseKeepingHeader(text, path: path)?.reading.scenario
    }

    /// As `parseKeepingHeader(_:path:)` on the text's UTF-8 bytes.
    static func parseKeepingHeader(_ text: String, path: String) -> Header? {
        var text = text
        return text.withUTF8 { looksLikeJSON($0) ? parseKeepingHeader($0, path: path) : nil }
    }

    /// What the fast path read: the header composed once (the text with the `events` array
    /// emptied but its line breaks kept, so that every other key stays on its line), the
    /// header's text for the batch fingerprint, and the header read with the events in place.
    /// A batch reads the composed header again for each sweep point, and keeps the events.
    struct Header {
        var document: ScenarioDocument
        var text: String
        var reading: ScenarioTemplate.Reading
    }

    /// The scenario in `bytes`, or nil when the fast path does not apply (the caller then
    /// reads the file the ordinary way).
    ///
    /// One pass over the bytes: the events are read where they stand, naming apps by the
    /// order their ids first appear; once the rest of the document has been read, those
    /// names are mapped to the apps' indices.
    ///
    /// - Complexity: O(n) in the number of bytes.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, path: String) -> Scenario? {
        parseKeepingHeader(bytes, path: path)?.reading.scenario
    }

    /// As `parse(_:path:)`, with the header (see `Header`).
    static func parseKeepingHeader(_ bytes: UnsafeBufferPointer<UInt8>, path: String) -> Header? {
        var scanner = JSONByteScanner(bytes)
        scanner.skipWhitespace()
        guard scanner.consume(UInt8(ascii: "{")) else { return nil }
        var eventsRange: Range<Int>?
        var eventsRead: (events: [ScenarioEvent], appIDs: [(events: Range<Int>, ids: [[UInt8]])], lineBreaks: Int)?
        repeat {
            scanner.skipWhitespace()
            guard let key = scanner.plainString(), scanner.consumeColon() else { return nil }
            scanner.skipWhitespace()
            let start = scanner.position
            if key == "events" {
                let startLine = scanner.line(at: start)
                guard eventsRange == nil, let read = readEventArray(bytes, at: start, line: startLine)
                else { return nil }
                eventsRead = (read.events, read.appIDs, read.endLine - startLine)
                scanner.move(to: read.end)
                eventsRange = start..<read.end
            } else {
                guard scanner.skipValue() else { return nil }
            }
            scanner.skipWhitespace()
        } while scanner.consume(UInt8(ascii: ","))
        guard scanner.consume(UInt8(ascii: "}")), let eventsRange, let eventsRead else { return nil }
        var events = eventsRead.events
        let parts = eventsRead.appIDs
        scanner.skipWhitespace()
        guard scanner.position == bytes.count else { return nil }

        // Everything but the timeline goes through the ordinary reader.
        var header = Array(bytes[..<eventsRange.lowerBound])
        header.append(UInt8(ascii: "["))
        header += repeatElement(UInt8(ascii: "\n"), count: eventsRead.lineBreaks)
        header.append(UInt8(ascii: "]"))
        header += bytes[eventsRange.upperBound...]
        guard let headerText = String(validating: header, as: UTF8.self),
              let document = try? JSONDocument.readOrCompose(headerText, file: path),
              var reading = try? ScenarioTemplate.read(document, path: path, settings: []) else { return nil }

        // Provisional app numbers (first appearance in each part) to the apps' indices.
        let known = AppIDTable(reading.scenario.apps.map { Array($0.id.utf8) })
        for part in parts {
            var indexOf: [AppIndex] = []
            for id in part.ids {
                guard let index = known.index(of: id) else { return nil }
                indexOf.append(index)
            }
            for position in part.events {
                events[position].action = events[position].action.renumberingApps(indexOf)
            }
        }
        reading.scenario.events = events
        return Header(document: document, text: headerText, reading: reading)
    }
}

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
        var reader = FastEventReader(scanner: JSONByteScanner(bytes, at: start, line: line),
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
        let shared = UncheckedSendableBox(bytes)
        let second = UncheckedSendableBox<(reader: FastEventReader, events: [ScenarioEvent]?)?>(nil)
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            var reader = FastEventReader(scanner: JSONByteScanner(shared.value, at: split, line: 1),
                                         expectedEvents: (shared.value.count - split) / 48)
            let events = reader.readEvents(fromMiddle: true)
            second.value = (reader, events)
        }
        var first = FastEventReader(scanner: JSONByteScanner(bytes, at: start, line: line),
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

/// A value handed to another thread whose use the code itself keeps apart (a buffer only
/// read, a result read after `DispatchGroup.wait`).
private final class UncheckedSendableBox<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}

extension ScenarioEvent.Action {
    /// The same action with its app index `i` replaced by `indices[i]`.
    func renumberingApps(_ indices: [AppIndex]) -> ScenarioEvent.Action {
        switch self {
        case .open(let app): .open(indices[app])
        case .forceQuit(let app): .forceQuit(indices[app])
        case .wake(let app, let mode): .wake(indices[app], mode)
        case .startMode(let app, let mode): .startMode(indices[app], mode)
        case .stopMode(let app, let mode): .stopMode(indices[app], mode)
        case .allocate(let app, let kib): .allocate(indices[app], kib)
        case .close(let app): .close(indices[app])
        case .home, .lock, .unlock, .alert, .alertDismiss, .alertReply, .call, .callDecline, .callAnswer, .callEnd,
             .systemAllocate:
            self
        }
    }
}

/// Reads the `events` array of the canonical JSON shape; nil at the first surprise.
struct FastEventReader: @unchecked Sendable {
    var scanner: JSONByteScanner
    /// The app ids met so far; events name apps by their position here.
    var apps = AppIDTable([])
    /// Whether an id not in `apps` is added (provisional numbering) or makes the event unreadable
    /// (the apps are known: a streamed file's header named them).
    var addsUnknownApps = true
    let expectedEvents: Int

    /// The keys as bytes, for matching without making strings.
    private let eventKeys: [(bytes: [UInt8], kind: ScenarioEvent.Kind)] = ScenarioEvent.Kind.allCases.map { (Array($0.rawValue.utf8), $0) }
    private let modes: [(bytes: [UInt8], mode: BackgroundMode)] = BackgroundMode.allCases.map { (Array($0.rawValue.utf8), $0) }
    private let atKey = Array("at".utf8)
    private let appKey = Array("app".utf8)
    private let modeKey = Array("mode".utf8)
    private let mbKey = Array("mb".utf8)

    init(scanner: JSONByteScanner, expectedEvents: Int) {
        self.scanner = scanner
        self.expectedEvents = expectedEvents
    }

    /// The time of the first and of the last event read.
    private(set) var earliestTime: FastDecimal?
    var latestTime: FastDecimal?

    /// The events of the array: from its `[` to its `]`; or, `fromMiddle`, from an event in
    /// the middle to the `]`; or, with `stoppingAt`, from the `[` to the event that starts at
    /// that offset (not included).
    mutating func readEvents(fromMiddle: Bool = false, stoppingAt split: Int? = nil) -> [ScenarioEvent]? {
        if !fromMiddle {
            guard scanner.consume(UInt8(ascii: "[")) else { return nil }
        }
        var events: [ScenarioEvent] = []
        events.reserveCapacity(min(expectedEvents, 1 << 26))
        scanner.skipWhitespace()
        if !fromMiddle, scanner.consume(UInt8(ascii: "]")) { return split == nil ? events : nil }
        while true {
            scanner.skipWhitespace()
            let line = scanner.currentLine
            guard let (time, action) = readEvent() else { return nil }
            if let latestTime, time < latestTime { return nil }
            if earliestTime == nil { earliestTime = time }
            latestTime = time
            guard let atMs = time.scaledRoundingHalfAway(by: 1000) else { return nil }
            events.append(ScenarioEvent(atMs: Millis(atMs), action, line: line))
            scanner.skipWhitespace()
            if scanner.consume(UInt8(ascii: ",")) {
                if let split {
                    scanner.skipWhitespace()
                    if scanner.position == split { return events }
                    if scanner.position > split { return nil }
                }
                continue
            }
            return split == nil && scanner.consume(UInt8(ascii: "]")) ? events : nil
        }
    }

    /// One `{ "at": T, "EVENT": VALUE }`, keys in any order.
    private mutating func readEvent() -> (FastDecimal, ScenarioEvent.Action)? {
        guard scanner.consume(UInt8(ascii: "{")) else { return nil }
        var time: FastDecimal?
        var action: ScenarioEvent.Action?
        repeat {
            scanner.skipWhitespace()
            guard let key = scanner.plainStringBytes(), scanner.consumeColon() else { return nil }
            scanner.skipSpaces()
            if key.elementsEqual(atKey) {
                guard time == nil, let value = scanner.number(), !value.isNegative else { return nil }
                time = value
            } else {
                guard action == nil, let kind = eventKeys.first(where: { key.elementsEqual($0.bytes) })?.kind,
                      let value = readAction(kind) else { return nil }
                action = value
            }
            scanner.skipWhitespace()
        } while scanner.consume(UInt8(ascii: ","))
        guard scanner.consume(UInt8(ascii: "}")), let time, let action else { return nil }
        return (time, action)
    }

    /// The value of an event of `kind` (`EventGrammar`), as its action.
    private mutating func readAction(_ kind: ScenarioEvent.Kind) -> ScenarioEvent.Action? {
        var parts = EventGrammar.Parts()
        switch EventGrammar.value(of: kind) {
        case .null:
            guard scanner.null() else { return nil }
        case .app:
            parts.app = scanner.plainStringBytes().flatMap { appIndex($0) }
        case .appAndMode(let continuous):
            guard let fields = object(wantsApp: true, wantsMode: true, wantsMB: false), let mode = fields.mode,
                  mode.isContinuous == continuous else { return nil }
            (parts.app, parts.mode) = (fields.app, mode)
        case .appAndMB:
            guard let fields = object(wantsApp: true, wantsMode: false, wantsMB: true) else { return nil }
            (parts.app, parts.kib) = (fields.app, fields.mb?.scaledRoundingHalfAway(by: 1024).map(KiB.init))
        case .mb:
            guard let fields = object(wantsApp: false, wantsMode: false, wantsMB: true) else { return nil }
            parts.kib = fields.mb?.scaledRoundingHalfAway(by: 1024).map(KiB.init)
        }
        return EventGrammar.action(kind, parts)
    }

    /// The app an id names (see `addsUnknownApps`).
    private mutating func appIndex(_ id: Slice<UnsafeBufferPointer<UInt8>>) -> AppIndex? {
        addsUnknownApps ? apps.intern(id) : apps.index(of: id)
    }

    /// What `readAvailableEvents` found.
    enum Progress {
        /// The events read; the scanner stands after the last one's `,` (more may follow).
        case needsMore
        /// The array's `]` was read; the scanner stands after it.
        case endOfArray
        /// Something the fast reader does not accept, with the whole rest of the input there.
        case unreadable
    }

    /// The longest event a chunked read waits for: input that fails with more than this left
    /// is unreadable, not cut short.
    static let longestChunkedEvent = 64 << 10

    /// Reads events from inside the array (after its `[` or a `,`) into `events` while whole
    /// ones are there: an event counts only with the `,` or `]` after it. With `isComplete`
    /// false, input that ends within `longestChunkedEvent` bytes of an event that does not read
    /// is `needsMore` (the scanner stays before that event); otherwise it is `unreadable`. For
    /// input that arrives in chunks.
    mutating func readAvailableEvents(into events: inout [ScenarioEvent], isComplete: Bool) -> Progress {
        while true {
            scanner.skipWhitespace()
            let eventStart = scanner.position
            let eventLine = scanner.currentLine
            if latestTime == nil, scanner.consume(UInt8(ascii: "]")) { return .endOfArray }
            if let (time, action) = readEvent(), !(latestTime.map { time < $0 } ?? false),
               let atMs = time.scaledRoundingHalfAway(by: 1000) {
                scanner.skipWhitespace()
                let event = ScenarioEvent(atMs: Millis(atMs), action, line: eventLine)
                if scanner.consume(UInt8(ascii: ",")) {
                    latestTime = time
                    events.append(event)
                    continue
                }
                if scanner.consume(UInt8(ascii: "]")) {
                    latestTime = time
                    events.append(event)
                    return .endOfArray
                }
            }
            if isComplete || scanner.bytes.count - eventStart > Self.longestChunkedEvent { return .unreadable }
            scanner.rewind(to: eventStart, line: eventLine)
            return .needsMore
        }
    }

    /// A flat object holding exactly the wanted keys among `app` (a known app id), `mode` (a
    /// background mode) and `mb` (a number), each once.
    private mutating func object(
        wantsApp: Bool, wantsMode: Bool, wantsMB: Bool
    ) -> (app: AppIndex?, mode: BackgroundMode?, mb: FastDecimal?)? {
        guard scanner.consume(UInt8(ascii: "{")) else { return nil }
        var app: AppIndex?
        var mode: BackgroundMode?
        var mb: FastDecimal?
        repeat {
            scanner.skipWhitespace()
            guard let key = scanner.plainStringBytes(), scanner.consumeColon() else { return nil }
            scanner.skipSpaces()
            if wantsApp, app == nil, key.elementsEqual(appKey) {
                guard let id = scanner.plainStringBytes() else { return nil }
                guard let index = appIndex(id) else { return nil }
                app = index
            } else if wantsMode, mode == nil, key.elementsEqual(modeKey) {
                guard let name = scanner.plainStringBytes(),
                      let named = modes.first(where: { name.elementsEqual($0.bytes) })?.mode else { return nil }
                mode = named
            } else if wantsMB, mb == nil, key.elementsEqual(mbKey) {
                guard let number = scanner.number() else { return nil }
                mb = number
            } else {
                return nil
            }
            scanner.skipWhitespace()
        } while scanner.consume(UInt8(ascii: ","))
        guard scanner.consume(UInt8(ascii: "}")), (app != nil) == wantsApp, (mode != nil) == wantsMode,
              (mb != nil) == wantsMB else { return nil }
        return (app, mode, mb)
    }
}

/// App ids by their UTF-8 bytes, looked up without making a `String`: FNV-1a hashes in an
/// open-addressed table, each hit confirmed byte for byte. (A `[String: AppIndex]` costs a
/// string and a SipHash per event; this lookup is most of what reading an event costs.)
struct AppIDTable {
    private(set) var ids: [[UInt8]] = []
    private var slots: [Int32]
    private var mask: Int

    init(_ appIDs: [[UInt8]]) {
        var size = 16
        while size < appIDs.count * 4 { size *= 2 }
        mask = size - 1
        slots = Array(repeating: -1, count: size)
        for id in appIDs where index(of: id) == nil { insert(id) }
    }

    /// The position of `bytes` among the ids, or nil.
    func index(of bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { index(of: $0[...]) }
    }

    /// The position of `bytes` among the ids, or nil.
    func index(of bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        let text = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes))
        var slot = Self.hash(text) & mask
        while slots[slot] >= 0 {
            let candidate = Int(slots[slot])
            let matches = ids[candidate].withUnsafeBytes { id in
                id.count == text.count && (text.isEmpty || memcmp(id.baseAddress!, text.baseAddress!, text.count) == 0)
            }
            if matches { return candidate }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// The position of `bytes`, added at the end if new.
    mutating func intern(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Int {
        if let known = index(of: bytes) { return known }
        insert(Array(bytes))
        return ids.count - 1
    }

    private mutating func insert(_ id: [UInt8]) {
        if (ids.count + 1) * 2 > slots.count {
            // Keep the table at most half full: double it and put every id back.
            slots = Array(repeating: -1, count: slots.count * 2)
            mask = slots.count - 1
            for (position, known) in ids.enumerated() { place(position, known.withUnsafeBytes { Self.hash($0) }) }
        }
        ids.append(id)
        place(ids.count - 1, id.withUnsafeBytes { Self.hash($0) })
    }

    private mutating func place(_ position: Int, _ hash: Int) {
        var slot = hash & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(position)
    }

    private static func hash(_ bytes: UnsafeRawBufferPointer) -> Int {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return Int(truncatingIfNeeded: hash ^ (hash >> 32))
    }
}

/// A number of the canonical shape `-?(0|[1-9]digits)(.digits)?`, at most 2^32 in magnitude
/// and with at most 10 decimals, held exactly: whole part and decimals times 10^10.
struct FastDecimal: Comparable {
    var isNegative: Bool
    var whole: UInt64
    var tenBillionths: UInt64

    static let limit: UInt64 = 1 << 32

    static func < (a: FastDecimal, b: FastDecimal) -> Bool {
        a.signed < b.signed
    }

    private var signed: (Int, UInt64, UInt64) {
        isNegative ? (0, ~whole, ~tenBillionths) : (1, whole, tenBillionths)
    }

    /// The value times `factor` (1000 or 1024), rounded half away from zero; nil beyond the
    /// 2^32 limit (the ordinary reader's rule).
    func scaledRoundingHalfAway(by factor: UInt64) -> Int64? {
        guard whole < Self.limit || (whole == Self.limit && tenBillionths == 0) else { return nil }
        let scaledFraction = tenBillionths * factor  // < 10^10 × 1024: no overflow
        var magnitude = whole * factor + scaledFraction / 10_000_000_000
        if scaledFraction % 10_000_000_000 >= 5_000_000_000 { magnitude += 1 }
        let value = Int64(magnitude)
        return isNegative ? -value : value
    }
}

/// A forward-only reader of JSON bytes that keeps count of lines.
struct JSONByteScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var position: Int
    /// The 1-based line of `position`.
    private(set) var currentLine: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int = 0, line: Int = 1) {
        self.bytes = bytes
        self.position = position
        self.currentLine = line
    }

    var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    /// The 1-based line of byte `offset` (counted from the start).
    func line(at offset: Int) -> Int {
        var line = 1
        for index in 0..<offset where bytes[index] == UInt8(ascii: "\n") { line += 1 }
        return line
    }

    /// Skips spaces and line ends (a CR only as part of CR LF). Tabs are not skipped: YAML
    /// treats them differently from JSON, so the fast path gives up on them.
    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: " "):
                position += 1
            case UInt8(ascii: "\n"):
                position += 1
                currentLine += 1
            case UInt8(ascii: "\r") where position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "\n"):
                position += 1
            default:
                return
            }
        }
    }

    mutating func consume(_ byte: UInt8) -> Bool {
        guard peek == byte else { return false }
        position += 1
        return true
    }

    /// Skips spaces on the current line.
    mutating func skipSpaces() {
        while peek == UInt8(ascii: " ") { position += 1 }
    }

    /// A colon after a key, on the key's line (YAML does not allow a line break there).
    mutating func consumeColon() -> Bool {
        skipSpaces()
        return consume(UInt8(ascii: ":"))
    }

    /// `null`, followed by a delimiter.
    mutating func null() -> Bool {
        guard position + 4 <= bytes.count, bytes[position] == UInt8(ascii: "n"), bytes[position + 1] == UInt8(ascii: "u"),
              bytes[position + 2] == UInt8(ascii: "l"), bytes[position + 3] == UInt8(ascii: "l") else { return false }
        position += 4
        return isAtDelimiter
    }

    private var isAtDelimiter: Bool {
        peek.map(Self.endsValue) ?? true
    }

    /// Whether `byte` ends a scalar value: a separator, a closing bracket or white space.
    static func endsValue(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: " "), UInt8(ascii: "\t"),
             UInt8(ascii: "\n"), UInt8(ascii: "\r"):
            return true
        default:
            return false
        }
    }

    /// A string of printable ASCII with no escapes; nil otherwise (YAML reads some other
    /// characters, such as U+2028, as line breaks).
    mutating func plainString() -> String? {
        plainStringBytes().map { String(decoding: $0, as: UTF8.self) }
    }

    /// The bytes of a string of printable ASCII with no escapes; nil otherwise.
    mutating func plainStringBytes() -> Slice<UnsafeBufferPointer<UInt8>>? {
        guard consume(UInt8(ascii: "\"")) else { return nil }
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let text = bytes[start..<position]
                position += 1
                return text
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x7F { return nil }
            position += 1
        }
        return nil
    }

    /// A number of the canonical shape (see `FastDecimal`); nil otherwise.
    mutating func number() -> FastDecimal? {
        let negative = consume(UInt8(ascii: "-"))
        guard let first = peek, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") else { return nil }
        var whole: UInt64 = 0
        var digits = 0
        while let byte = peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            whole = whole * 10 + UInt64(byte - UInt8(ascii: "0"))
            digits += 1
            position += 1
            if digits > 11 { return nil }
        }
        if first == UInt8(ascii: "0"), digits > 1 { return nil }
        var fraction: UInt64 = 0
        if consume(UInt8(ascii: ".")) {
            var decimals = 0
            while let byte = peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                fraction = fraction * 10 + UInt64(byte - UInt8(ascii: "0"))
                decimals += 1
                position += 1
                if decimals > 10 { return nil }
            }
            guard decimals > 0 else { return nil }
            for _ in decimals..<10 { fraction *= 10 }
        }
        guard isAtDelimiter else { return nil }
        // "-0" is not negative (the ordinary reader's rule); the canonical path skips it.
        if negative, whole == 0, fraction == 0 { return nil }
        return FastDecimal(isNegative: negative, whole: whole, tenBillionths: fraction)
    }

    /// Continues from byte `offset` (after another scanner read up to there).
    /// Goes back to `offset`, on `line` (input that arrives in chunks is read again there).
    mutating func rewind(to offset: Int, line: Int) {
        position = offset
        currentLine = line
    }

    mutating func move(to offset: Int) {
        position = offset
    }

    /// Skips one JSON value of any kind.
    mutating func skipValue() -> Bool {
        skipAnyValue()
    }

    /// Skips one JSON value of any kind (strings may hold escapes here). Arrays and objects
    /// are skipped by counting brackets outside strings, a tight loop over the bytes; whether
    /// their inside is well-formed is for whoever reads them (the YAML reader, for the header).
    private mutating func skipAnyValue() -> Bool {
        guard let byte = peek else { return false }
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var nesting = 0
            var inString = false
            while position < bytes.count {
                let next = bytes[position]
                position += 1
                if inString {
                    if next == UInt8(ascii: "\\") {
                        position += 1
                    } else if next == UInt8(ascii: "\"") {
                        inString = false
                    }
                    continue
                }
                switch next {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["): nesting += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    nesting -= 1
                    if nesting == 0 { return true }
                default: break
                }
            }
            return false
        case UInt8(ascii: "\""):
            return skipString()
        default:
            let start = position
            while let next = peek, !isDelimiterForSkipping(next) { position += 1 }
            return position > start
        }
    }

    /// Where a value being skipped ends: where a scalar ends, or where a key, a collection or
    /// a string begins.
    private func isDelimiterForSkipping(_ byte: UInt8) -> Bool {
        Self.endsValue(byte) || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[")
            || byte == UInt8(ascii: "\"")
    }

    private mutating func skipString() -> Bool {
        guard consume(UInt8(ascii: "\"")) else { return false }
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if byte == UInt8(ascii: "\\") {
                position += 1
            } else if byte == UInt8(ascii: "\"") {
                return true
            } else if byte == UInt8(ascii: "\n") {
                return false
            }
        }
        return false
    }
}
