/// The eight files a run streams as it goes (SPEC 8), each with its byte buffer, in
/// `RunReportFile.streamed`'s order: `CSVReportRecorder`'s files, apart from the spellings
/// and the threads that write them.
struct RunReportStreams {
    let transitions: CSVFileBuffer
    let callbacks: CSVFileBuffer
    let evictions: CSVFileBuffer
    let memory: CSVFileBuffer
    let pressure: CSVFileBuffer
    let skipped: CSVFileBuffer
    let launches: CSVFileBuffer
    let freezerActs: CSVFileBuffer

    /// Creates the files, with their header rows, in `folderPath`. The full buffers of
    /// `transitions.csv`, `callbacks.csv` and `evictions.csv` are written out by `writeBehind`
    /// when there is one (the formatting thread writes its three itself).
    ///
    /// - Throws: `ReportWriter.Error` naming the file that could not be created, after closing
    ///   those opened (the caller removes the folder).
    init(folderPath: String, flushThreshold: Int, writeBehind: CSVWriteBehindThread?) throws {
        var files: [CSVFileBuffer] = []
        do {
            for file in RunReportFile.streamed {
                let formattedHere = [.transitions, .callbacks, .evictions].contains(file)
                files.append(try CSVFileBuffer(path: folderPath + "/" + file.rawValue, header: file.header,
                                               flushThreshold: flushThreshold,
                                               writeBehind: formattedHere ? writeBehind : nil))
            }
        } catch {
            for file in files { try? file.close() }
            throw error
        }
        (transitions, callbacks, evictions, memory, pressure, skipped, launches, freezerActs) =
            (files[0], files[1], files[2], files[3], files[4], files[5], files[6], files[7])
    }

    /// Every file, in `RunReportFile.streamed`'s order.
    var all: [CSVFileBuffer] { [transitions, callbacks, evictions, memory, pressure, skipped, launches, freezerActs] }
}
