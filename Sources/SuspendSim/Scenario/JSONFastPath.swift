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
        var scanner = _JSONByteScanner(bytes)
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
        let known = _AppIDTable(reading.scenario.apps.map { Array($0.id.utf8) })
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
