/// A fast way through large JSON scenario files (SPEC 7; docs/performance.md), taken by
/// `ScenarioDecoding` for a file it finds to be JSON.
///
/// Composing a YAML document costs about 15 µs per event, so a JSON file takes this path:
/// the document with its `events` array replaced by `[]` is parsed by `JSONDocument` (or
/// composed by Yams when it is not of the plain shape) for the ordinary scenario reader (the
/// device, the apps, everything but the timeline), and the events are read straight from the
/// bytes.
///
/// The fast reader accepts only the plain, canonical shape of an event: keys and strings
/// without escapes, numbers written `-?digits[.digits]` with at most 10 decimals, `null` for
/// events without a value. Whenever it meets anything else, including every kind of mistake,
/// it gives up, and the whole file goes through the ordinary reader, so that validation and
/// messages are the same as for YAML (the tests compare both readers on the same files).
enum JSONFastPath {
    /// What the fast path read: the header (the text with the `events` array emptied but its
    /// line breaks kept, so that every other key stays on its line), parsed once, with its
    /// text for the batch fingerprint; and the events, which name apps by provisional numbers
    /// until `numberApps(as:)` maps them to the scenario's apps. A batch reads the parsed
    /// header again for each sweep point, and keeps the events.
    struct Header {
        var document: ScenarioDocument
        var text: String
        var events: [ScenarioEvent]
        /// The app ids each part of `events` named: an event's app is its position in its
        /// part's ids.
        var appIDs: [(events: Range<Int>, ids: [[UInt8]])]

        /// Maps the events' provisional app numbers to the positions of their ids among
        /// `apps` (the header's apps, read); false when an event names an app not among them.
        /// The events are renumbered in place.
        mutating func numberApps(as apps: [AppProfile]) -> Bool {
            let known = _AppIDTable(apps.map { Array($0.id.utf8) })
            for part in appIDs {
                var indexOf: [AppIndex] = []
                for id in part.ids {
                    guard let index = known.index(of: id) else { return false }
                    indexOf.append(index)
                }
                for position in part.events {
                    events[position].action = events[position].action.renumberingApps(indexOf)
                }
            }
            return true
        }
    }

    /// The header and the events of the JSON object in `bytes`, or nil when the fast path
    /// does not apply (the caller then reads the file the ordinary way).
    ///
    /// One pass over the bytes: the events are read where they stand, naming apps by the
    /// order their ids first appear.
    ///
    /// - Complexity: O(n) in the number of bytes.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> Header? {
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
        scanner.skipWhitespace()
        guard scanner.position == bytes.count else { return nil }

        // Everything but the timeline goes through the ordinary reader.
        var header = Array(bytes[..<eventsRange.lowerBound])
        header.append(UInt8(ascii: "["))
        header += repeatElement(UInt8(ascii: "\n"), count: eventsRead.lineBreaks)
        header.append(UInt8(ascii: "]"))
        header += bytes[eventsRange.upperBound...]
        guard let headerText = String(validating: header, as: UTF8.self),
              let document = try? JSONDocument.readOrCompose(headerText) else { return nil }
        return Header(document: document, text: headerText, events: eventsRead.events, appIDs: eventsRead.appIDs)
    }
}
