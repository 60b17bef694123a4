import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// The canonical event reader (`readCanonicalEvent`) takes the events the generators write and
/// gives up on every other spelling, and either way the events read are those of the general
/// reader: the same times, actions, lines and app ids, and the same refusals.
@Suite struct FastEventPathTests {
    /// Events in the canonical spelling: the canonical reader must take each one.
    static let canonical = [
        #"{"at": 1.5, "open": "com.a"}"#,
        #"{"at":1,"home":null}"#,
        #"{"at": 2, "allocate": {"app": "com.a", "mb": -7.25}}"#,
        #"{"at": 2.0005, "allocate": {"app": "com.b", "mb": 0.0004}}"#,
        #"{"at": 3, "system_allocate": {"mb": 200}}"#,
        #"{"at": 4, "wake": {"app": "com.b", "mode": "fetch"}}"#,
        #"{"at": 5, "start_mode": {"app": "com.b", "mode": "audio"}}"#,
        #"{"at": 5, "stop_mode": {"app": "com.b", "mode": "bluetooth-central"}}"#,
        #"{"at": 6, "charge": true}"#,
        #"{"at": 7, "low_power": false}"#,
        #"{ "at" : 8 , "force_quit" : "com.a" }"#,
        #"{"at": 0.0000000001, "lock": null}"#,
        #"{"at": 4294967296, "unlock": null}"#,
        #"{"at": 9, "open": "a-much-longer-app-identifier.of.25"}"#,
        #"{"at": 9, "open": "x"}"#,
        // Beyond 2^32: read, and refused by the caller's conversion to ms, as from the general reader.
        #"{"at": 4294967297, "home": null}"#,
    ]

    /// Events the canonical reader must leave to the general one: each edge of its shape.
    static let unusual = [
        #"{"open": "com.a", "at": 9}"#,  // keys in another order
        #"{"at": 9, "open": "com.\u0061"}"#,  // an escape in an id
        #"{"at": 9, "op\u0065n": "com.a"}"#,  // an escape in a key
        #"{"at": 1e3, "home": null}"#,  // an exponent
        #"{"at": 1E3, "home": null}"#,
        "{\"at\": 9,\n \"home\": null}",  // a line break inside
        "{\"at\": 9,\r\n \"home\": null}",
        "{\"at\":\t9, \"home\": null}",  // a tab
        #"{"at": 9, "allocate": {"app": "com.a", "mb": 1, "session": true}}"#,  // allocate's session
        #"{"at": 9, "allocate": {"mb": 1, "app": "com.a"}}"#,  // value keys in another order
        #"{"at": 9, "wake": {"mode": "fetch", "app": "com.a"}}"#,
        #"{"at": 9, "wake": {"app": "com.a", "mode": "audio"}}"#,  // a continuous mode to wake
        #"{"at": 9, "start_mode": {"app": "com.a", "mode": "fetch"}}"#,
        #"{"at": 9, "wake": {"app": "com.a", "mode": "sleep"}}"#,
        #"{"at": 9, "allocate": {"app": "com.a", "mb": -0}}"#,  // minus zero
        #"{"at": -0, "home": null}"#,
        #"{"at": -1, "home": null}"#,  // a negative time
        #"{"at": 01, "home": null}"#,  // a leading zero
        #"{"at": 123456789012, "home": null}"#,  // 12 digits
        #"{"at": 1.00000000001, "home": null}"#,  // 11 decimals
        #"{"at": 1., "home": null}"#,
        #"{"at": .5, "home": null}"#,
        #"{"at": 9, "system_allocate": {"mb": 4294967297}}"#,
        #"{"at": 9, "open": "café"}"#,  // not ASCII (among the apps or not)
        #"{"at": 9, "open": "com.a\"x"}"#,  // a quote escaped
        #"{"at": 9, "open": "com.c"}"#,  // an app the header does not name (streamed)
        #"{"at": 1, "at": 2, "home": null}"#,  // a key twice
        #"{"at": 1, "home": null, "x": 1}"#,  // a key too many
        #"{"at": 1, "home": null, "open": "com.a"}"#,
        #"{"at": 1, "jump": null}"#,  // no such event
        #"{"at": 1, "home": nul}"#,
        #"{"at": 1, "home": nullx}"#,
        #"{"at": 1, "charge": truex}"#,
        #"{"at": 1, "charge": 1}"#,
        #"{"at": 1, "open": null}"#,
        #"{"at": 1, "home": "com.a"}"#,
        #"{"at": 1, "open": "com.a""#,  // cut short
        #"{"at": 1, "open": "com.a"#,
        #"{"at": 1"#,
        #"{"at""#,
        #"{"at": 1}"#,  // no event key
        #"{"home": null}"#,
        #"{}"#,
        #"["at", 1]"#,
    ]

    /// The events of `text` (an array's inside) read one way, with the app ids met, or nil.
    private func read(_ text: String, canonical: Bool, knownApps: [String]?) -> String {
        let bytes = Array(("[" + text + "]").utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            var reader = _FastEventReader(scanner: _JSONByteScanner(buffer, line: 3), expectedEvents: 4)
            reader.takesCanonicalShape = canonical
            if let knownApps {
                reader.apps = _AppIDTable(knownApps.map { Array($0.utf8) })
                reader.addsUnknownApps = false
            }
            guard let events = reader.readEvents() else { return "nil at \(reader.scanner.position)" }
            let ids = reader.apps.ids.map { String(decoding: $0, as: UTF8.self) }
            return "\(events) \(ids) end \(reader.scanner.position) line \(reader.scanner.currentLine)"
        }
    }

    /// Whether the canonical reader takes `event` alone, and where it leaves the scanner.
    private func canonicalTakes(_ event: String) -> (taken: Bool, position: Int) {
        let bytes = Array(event.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            var reader = _FastEventReader(scanner: _JSONByteScanner(buffer), expectedEvents: 1)
            // "café" is not plain: found among the apps, it still sends the event to the general reader.
            reader.apps = _AppIDTable(["com.a", "com.b", "a-much-longer-app-identifier.of.25", "x", "café"].map { Array($0.utf8) })
            reader.addsUnknownApps = false
            let taken = reader.readCanonicalEvent() != nil
            return (taken, reader.scanner.position)
        }
    }

    @Test("The canonical reader takes the canonical events whole", arguments: canonical)
    func takesTheCanonicalShape(event: String) {
        let (taken, position) = canonicalTakes(event)
        #expect(taken)
        #expect(position == event.utf8.count)
    }

    @Test("The canonical reader gives up on every other spelling, the scanner unmoved", arguments: unusual)
    func givesUpOnTheRest(event: String) {
        let (taken, position) = canonicalTakes(event)
        #expect(!taken)
        #expect(position == 0)
    }

    @Test("Each event, alone, between others and after a line break, reads as the general reader reads it",
          arguments: canonical + unusual)
    func sameAsTheGeneralReader(event: String) {
        let known = ["com.a", "com.b", "a-much-longer-app-identifier.of.25", "x", "café"]
        let texts = [
            event,
            #"{"at": 0.5, "home": null}, "# + event + #", {"at": 4294967296, "open": "com.b"}"#,
            "\n  " + #"{"at": 0, "open": "x"},"# + "\n  " + event + ",\n  " + #"{"at": 4294967296, "open": "com.a"}"#,
        ]
        for text in texts {
            for apps in [nil, known] {
                #expect(read(text, canonical: true, knownApps: apps) == read(text, canonical: false, knownApps: apps),
                        "\(text) \(String(describing: apps))")
            }
        }
    }

    @Test("A chunk cut anywhere reads as the general reader reads it: the same events, then the same wait")
    func sameProgressAtEveryCut() {
        let text = [
            #"{"at": 1, "open": "com.a"}"#, #"{"at":1.5,"home":null}"#, #"{"at": 2, "allocate": {"app": "com.b", "mb": -7.25}}"#,
            #"{"at": 3, "wake": {"app": "com.b", "mode": "fetch"}}"#, #"{"at": 4, "charge": false}"#,
            #"{"at": 5, "open": "a-much-longer-app-identifier.of.25"}"#,
        ].joined(separator: ",\n ") + "]"
        let bytes = Array(text.utf8)
        let known = ["com.a", "com.b", "a-much-longer-app-identifier.of.25", "x"].map { Array($0.utf8) }
        for cut in 0...bytes.count {
            var outcomes: [String] = []
            for canonical in [true, false] {
                let chunk = Array(bytes[..<cut])
                outcomes.append(chunk.withUnsafeBufferPointer { buffer in
                    var reader = _FastEventReader(scanner: _JSONByteScanner(buffer), expectedEvents: 0)
                    reader.takesCanonicalShape = canonical
                    reader.apps = _AppIDTable(known)
                    reader.addsUnknownApps = false
                    var events: [ScenarioEvent] = []
                    let progress = reader.readAvailableEvents(into: &events, isComplete: cut == bytes.count)
                    return "\(progress) \(events) \(reader.scanner.position)"
                })
            }
            #expect(outcomes[0] == outcomes[1], "cut at \(cut)")
        }
    }

    @Test("Numbers read as `_JSONByteScanner.number` reads them, at every length and near the buffer's end")
    func numbersAsTheGeneralScanner() {
        var texts: [String] = []
        for whole in ["0", "00", "7", "10", "12345678", "123456789", "99999999999", "123456789012"] {
            for fraction in ["", ".", ".5", ".0000000001", ".1234567", ".12345678", ".123456789", ".00000000001"] {
                for sign in ["", "-"] {
                    for tail in ["", ",", "}", " ,", "]", "x", "e3", "\n", ".5"] {
                        texts.append(sign + whole + fraction + tail)
                    }
                }
            }
        }
        var generator = SplitMix64(seed: 0xD16)
        let alphabet = Array("0123456789.-, }e".utf8)
        for _ in 0..<20_000 {
            let length = Int(generator.next() % 14)
            texts.append(String(decoding: (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }, as: UTF8.self))
        }
        for text in texts {
            // Alone (fewer than 8 bytes left) and with room after it (a word at a time).
            for padding in ["", "                "] {
                let bytes = Array((text + padding).utf8)
                bytes.withUnsafeBufferPointer { buffer in
                    guard let base = buffer.baseAddress else { return }
                    var general = _JSONByteScanner(buffer)
                    var cursor = _CanonicalCursor(base: base, position: 0, end: buffer.count)
                    let expected = general.number()
                    let read = cursor.number()
                    #expect(read.map { [$0.isNegative ? 1 : 0, $0.whole, $0.tenBillionths] }
                        == expected.map { [$0.isNegative ? 1 : 0, $0.whole, $0.tenBillionths] }, "\(text)")
                    if expected != nil {
                        general.skipSpaces()
                        #expect(cursor.position == general.position, "\(text)")
                    }
                }
            }
        }
    }

    @Test("The key and word constants are the bytes of their text")
    func wordsAreTheirText() {
        #expect(_CanonicalCursor.word(#""at""#) == _FastEventReader.atKeyWord)
        #expect(_CanonicalCursor.word(#""app""#) == _FastEventReader.appKeyWord)
        #expect(_CanonicalCursor.word(#""mb""#) == _FastEventReader.mbKeyWord)
        #expect(_CanonicalCursor.word(#""mode""#) == _FastEventReader.modeKeyWord)
        #expect(_CanonicalCursor.word("null") == _FastEventReader.nullWord)
        #expect(_CanonicalCursor.word("true") == _FastEventReader.trueWord)
        #expect(_CanonicalCursor.word("false") == _FastEventReader.falseWord)
    }

    @Test("Generated timelines read the same both ways, lines and app ids included", arguments: 0..<4)
    func generatedTimelines(seed: UInt64) throws {
        let scenario = RandomScenario.make(apps: 12, events: 2_000, seed: seed, ramMB: 2048)
        let json = ScenarioJSONWriter.json(scenario)
        let events = try #require(json.range(of: "\"events\": [")?.upperBound)
        let end = try #require(json.lastIndex(of: "]"))
        let array = String(json[events..<end])
        let fast = read(array, canonical: true, knownApps: nil)
        #expect(fast == read(array, canonical: false, knownApps: nil))
        #expect(!fast.hasPrefix("nil"))
    }
}
