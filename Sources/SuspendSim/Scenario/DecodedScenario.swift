/// A scenario text decoded by `ScenarioDecoding` and read once by the scenario reader
/// (SPEC 7): what a `ScenarioTemplate` keeps to read it again at each sweep point.
struct DecodedScenario {
    /// Where the scenario's events come from.
    enum Events: Sendable {
        /// From the document, read with the rest: a YAML text, or JSON the fast path declined.
        case inDocument
        /// Read by the JSON fast path beside the header, which the document is: every reading
        /// of the document keeps them.
        case read([ScenarioEvent])
        /// Read from the file while each run goes (a large JSON file, for `run`): every
        /// reading of the document, the header, streams them.
        case streamed(StreamedJSONEvents)
    }

    /// The document read, with the events in place.
    var reading: ScenarioReading
    /// The document the reader read: the whole text's, or a JSON file's header.
    var document: ScenarioDocument
    /// FNV-1a of the text the document was parsed from, for the batch fingerprint.
    var textHash: UInt64
    var events: Events
}
