@_spi(Generators) import SuspendSimCore
import Foundation

extension ScenarioDecoding {
    /// Decodes and reads the file at `path` (see `decode(bytes:path:traces:)`).
    ///
    /// With a `streamingThreshold`, a JSON file of that many bytes or more whose `events` come
    /// last has its events streamed (`StreamedJSONEvents`): only its header is read now, and
    /// its runs must be checked with `Scenario.eventStreamFailed`. A header that does not read
    /// (a mistake in it, keys after `events`, a `workload:` or a `trace:`, whose events merge
    /// with the file's) sends the file the ordinary way, which reads it whole and locates
    /// every mistake.
    ///
    /// - Throws: `ScenarioLoader.Error` with every problem found, each naming `path`; one
    ///   diagnostic for a file that is missing, a folder, or unreadable.
    /// - Complexity: O(n) in the file's size.
    static func decode(
        fileAt path: String, streamingThreshold: Int? = nil, traces: TraceIndexes? = nil
    ) throws(ScenarioLoader.Error) -> DecodedScenario {
        if let streamingThreshold, let size = fileSize(path), size >= streamingThreshold,
           let streamed = streamingEvents(ofFile: path) {
            return streamed
        }
        let bytes = try readBytes(path: path)
        let decoded = bytes.withUnsafeBytes { raw in
            Result { () throws(ScenarioLoader.Error) in
                try decode(bytes: raw.bindMemory(to: UInt8.self), path: path, traces: traces)
            }
        }
        return try decoded.get()
    }

    /// The file's header read, its events to be streamed; nil when the file is not of the
    /// shape streaming takes or its header asks for what streaming does not do.
    private static func streamingEvents(ofFile path: String) -> DecodedScenario? {
        guard let header = StreamedJSONEvents.header(ofFile: path),
              let document = try? JSONDocument.readOrCompose(header.text),
              var reading = try? ScenarioReading.read(document, path: path, settings: []),
              reading.scenario.generator == nil, reading.tracePath == nil else { return nil }
        let streamed = StreamedJSONEvents(
            path: path, eventsStart: header.eventsStart, appIDs: reading.scenario.apps.map { Array($0.id.utf8) },
            status: EventStreamStatus())
        reading.scenario.generator = streamed
        return DecodedScenario(reading: reading, document: document, textHash: BatchSeed.fnv1a(header.text),
                               events: .streamed(streamed))
    }

    /// The size of the regular file at `path`; nil for anything else.
    private static func fileSize(_ path: String) -> Int? {
        guard let status = try? FilePath(path).stat(), status.type == .regular else { return nil }
        return Int(status.size)
    }

    /// The file's bytes; a missing or unreadable file is one diagnostic.
    private static func readBytes(path: String) throws(ScenarioLoader.Error) -> Data {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw ScenarioLoader.Error(ScenarioLoader.Diagnostic(file: path, message: "no such file" + NearestNames.didYouMean(path: path), kind: .file))
        }
        guard !isFolder.boolValue else {
            throw ScenarioLoader.Error(ScenarioLoader.Diagnostic(file: path, message: "is a folder, not a scenario file", kind: .file))
        }
        // A FIFO, a device or a socket is no file to read whole: it is named for what it is
        // (reading a FIFO said "You don't have permission", even as root).
        if let type = try? FilePath(path).stat().type, type != .regular {
            let what = type == .fifo ? "a FIFO (named pipe)" : type == .socket ? "a socket" : "a device"
            throw ScenarioLoader.Error(ScenarioLoader.Diagnostic(file: path, message: "is \(what), not a scenario file: give a regular file", kind: .file))
        }
        do {
            // Mapped rather than copied where the system allows: large files are read once.
            return try Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe)
        } catch {
            throw ScenarioLoader.Error(ScenarioLoader.Diagnostic(file: path, message: "cannot read the file: \(error.localizedDescription)", kind: .file))
        }
    }
}
