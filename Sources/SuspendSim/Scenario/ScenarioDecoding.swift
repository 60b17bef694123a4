@_spi(Generators) import SuspendSimCore

/// The one way into the scenario reader (SPEC 7): a scenario's bytes, from a file or a text,
/// decoded into one `ScenarioDocument` and read by `ScenarioReader`.
///
/// ```swift
/// let decoded = try ScenarioDecoding.decode(text: text, path: "Scenarios/x.yaml")
/// let scenario = decoded.reading.scenario
/// ```
///
/// Every input passes through `_ScenarioInput` once, which drops a byte-order mark and picks
/// the format; then one parser makes the document:
/// - JSON goes to the fast path (`JSONFastPath`): its header becomes the document, its events
///   are read straight from the bytes beside it. A large file for `run` may have its events
///   streamed instead (`decode(fileAt:streamingThreshold:traces:)`, `StreamedJSONEvents`).
/// - YAML, and JSON the fast path declines (any mistake, any spelling but the canonical
///   one), is composed by Yams (`YAMLDocument`), whose messages are the canonical ones.
///
/// Whichever parser made it, the tree is the one Yams gives for the same text (for JSON, the
/// header's, the events kept beside it), so the reader gives the same scenario and the same
/// messages, each naming the file, its line and column, and the field (SPEC 7).
enum ScenarioDecoding {
    /// Decodes and reads `bytes` as if they came from `path` (which names them in messages
    /// and in the scenario's `sourcePath`); a usage trace's rows come from `traces` when
    /// given (SPEC 21).
    ///
    /// - Throws: `ScenarioLoader.Error` with every problem found, in file order, each naming
    ///   `path`; "is not UTF-8 text" for bytes that are not.
    /// - Complexity: O(n) in the number of bytes.
    static func decode(
        bytes: UnsafeBufferPointer<UInt8>, path: String, traces: TraceIndexes? = nil
    ) throws(ScenarioLoader.Error) -> DecodedScenario {
        let input = _ScenarioInput(bytes)
        if input.format == .json, let decoded = readingFastPath(input.body, path: path, traces: traces) {
            return decoded
        }
        // The fast path already had its chance at the bytes: compose the text.
        guard let text = String(validating: input.body, as: UTF8.self) else {
            throw ScenarioLoader.Error(ScenarioLoader.Diagnostic(file: path, message: "is not UTF-8 text", kind: .file))
        }
        let document = try YAMLDocument.compose(text, file: path)
        let reading = try ScenarioReading.read(document, path: path, settings: [], traces: traces)
        return DecodedScenario(reading: reading, document: document, textHash: BatchSeed.fnv1a(text), events: .inDocument)
    }

    /// As `decode(bytes:path:traces:)` on the text's UTF-8 bytes.
    static func decode(text: String, path: String, traces: TraceIndexes? = nil) throws(ScenarioLoader.Error) -> DecodedScenario {
        var text = text
        let decoded = text.withUTF8 { bytes in
            Result { () throws(ScenarioLoader.Error) in try decode(bytes: bytes, path: path, traces: traces) }
        }
        return try decoded.get()
    }

    /// The JSON object in `bytes` read by the fast path, or nil when the fast path declines:
    /// a spelling it does not take, a header with a mistake, an event naming an unknown app.
    private static func readingFastPath(
        _ bytes: UnsafeBufferPointer<UInt8>, path: String, traces: TraceIndexes?
    ) -> DecodedScenario? {
        guard var header = JSONFastPath.read(bytes),
              var reading = try? ScenarioReading.read(header.document, path: path, settings: [], traces: traces),
              header.numberApps(as: reading.scenario.apps) else { return nil }
        reading.scenario.events = header.events
        return DecodedScenario(
            reading: reading, document: header.document, textHash: BatchSeed.fnv1a(header.text), events: .read(header.events))
    }
}
