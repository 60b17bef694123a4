/// Reads the `events` array of the canonical JSON shape; nil at the first surprise.
struct _FastEventReader: @unchecked Sendable {
    var scanner: _JSONByteScanner
    /// The app ids met so far; events name apps by their position here.
    var apps = _AppIDTable([])
    /// Whether an id not in `apps` is added (provisional numbering) or makes the event unreadable
    /// (the apps are known: a streamed file's header named them).
    var addsUnknownApps = true
    let expectedEvents: Int

    /// The keys as bytes, for matching without making strings: an event's key is found by
    /// its hash (`_AppIDTable`, positions in `ScenarioEvent.Kind.allCases`), where a search
    /// compared it with each kind's in turn.
    let eventKeys = _AppIDTable(ScenarioEvent.Kind.allCases.map { Array($0.rawValue.utf8) })
    let eventKinds = ScenarioEvent.Kind.allCases
    private let modes: [(bytes: [UInt8], mode: BackgroundMode)] = BackgroundMode.allCases.map { (Array($0.rawValue.utf8), $0) }
    /// The background modes by their bytes, for the canonical reader: positions in `modeList`.
    let modeTable = _AppIDTable(BackgroundMode.allCases.map { Array($0.rawValue.utf8) })
    let modeList = BackgroundMode.allCases
    /// Whether an event of the canonical spelling is read on its own path first
    /// (`readCanonicalEvent`); the tests turn it off to compare with the general reader.
    var takesCanonicalShape = true
    private let atKey = Array(EventGrammar.timeKey.utf8)
    private let appKey = Array(EventGrammar.ValueKey.app.rawValue.utf8)
    private let modeKey = Array(EventGrammar.ValueKey.mode.rawValue.utf8)
    private let mbKey = Array(EventGrammar.ValueKey.mb.rawValue.utf8)

    init(scanner: _JSONByteScanner, expectedEvents: Int) {
        self.scanner = scanner
        self.expectedEvents = expectedEvents
    }

    /// The time of the first and of the last event read.
    private(set) var earliestTime: _FastDecimal?
    var latestTime: _FastDecimal?
    /// Where the last event `readAvailableEvents` took starts (offset in the scanner's bytes)
    /// and its line: with the event it stops at, what the ordinary reader needs to say why.
    var lastEventStart: (offset: Int, line: Int)?

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

    /// One `{ "at": T, "EVENT": VALUE }`, keys in any order: the canonical spelling on its own
    /// path (`readCanonicalEvent`), any other the general way.
    private mutating func readEvent() -> (_FastDecimal, ScenarioEvent.Action)? {
        if takesCanonicalShape, let event = readCanonicalEvent() { return event }
        return readAnyEvent()
    }

    /// One `{ "at": T, "EVENT": VALUE }`, keys in any order, white space between them.
    private mutating func readAnyEvent() -> (_FastDecimal, ScenarioEvent.Action)? {
        guard scanner.consume(UInt8(ascii: "{")) else { return nil }
        var time: _FastDecimal?
        var action: ScenarioEvent.Action?
        repeat {
            scanner.skipWhitespace()
            guard let key = scanner.plainStringBytes(), scanner.consumeColon() else { return nil }
            scanner.skipSpaces()
            if _JSONByteScanner.bytes(key, equal: atKey) {
                guard time == nil, let value = scanner.number(), !value.isNegative else { return nil }
                time = value
            } else {
                guard action == nil, let position = eventKeys.index(of: key),
                      let value = readAction(eventKinds[position]) else { return nil }
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
        case .flag:
            parts.flag = scanner.bool()
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
        /// Something the fast reader does not accept, with the whole rest of the input there
        /// (the scanner stays before the event that did not read).
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
                    lastEventStart = (eventStart, eventLine)
                    events.append(event)
                    continue
                }
                if scanner.consume(UInt8(ascii: "]")) {
                    latestTime = time
                    lastEventStart = (eventStart, eventLine)
                    events.append(event)
                    return .endOfArray
                }
            }
            // Unreadable or not, the scanner stays before the event that did not read.
            scanner.rewind(to: eventStart, line: eventLine)
            if isComplete || scanner.bytes.count - eventStart > Self.longestChunkedEvent { return .unreadable }
            return .needsMore
        }
    }

    /// A flat object holding exactly the wanted keys among `app` (a known app id), `mode` (a
    /// background mode) and `mb` (a number), each once.
    private mutating func object(
        wantsApp: Bool, wantsMode: Bool, wantsMB: Bool
    ) -> (app: AppIndex?, mode: BackgroundMode?, mb: _FastDecimal?)? {
        guard scanner.consume(UInt8(ascii: "{")) else { return nil }
        var app: AppIndex?
        var mode: BackgroundMode?
        var mb: _FastDecimal?
        repeat {
            scanner.skipWhitespace()
            guard let key = scanner.plainStringBytes(), scanner.consumeColon() else { return nil }
            scanner.skipSpaces()
            if wantsApp, app == nil, _JSONByteScanner.bytes(key, equal: appKey) {
                guard let id = scanner.plainStringBytes() else { return nil }
                guard let index = appIndex(id) else { return nil }
                app = index
            } else if wantsMode, mode == nil, _JSONByteScanner.bytes(key, equal: modeKey) {
                guard let name = scanner.plainStringBytes(),
                      let named = modes.first(where: { _JSONByteScanner.bytes(name, equal: $0.bytes) })?.mode else { return nil }
                mode = named
            } else if wantsMB, mb == nil, _JSONByteScanner.bytes(key, equal: mbKey) {
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
