import Foundation

/// Makes a figure's PDF from its SVG file with `rsvg-convert` (librsvg; Debian `librsvg2-bin`,
/// which `scripts/setup.sh` installs), run as a child process (Foundation `Process`).
///
/// The same SVG gives the same PDF bytes:
/// - librsvg draws through cairo, which embeds the fonts it uses as subsets (`pdffonts`: `emb
///   yes`) and writes no modification date;
/// - cairo writes a `/CreationDate`: the child runs with `SOURCE_DATE_EPOCH=0` (Debian's cairo
///   1.16 then writes the epoch, not the clock), and the entry is then blanked, its bytes
///   replaced by as many spaces, so that the file carries no date and every offset of its
///   cross-reference table still holds.
struct PDFConverter {
    /// The converter's path.
    let executable: String

    /// The converter's name on `PATH`, and the variable that names another path for it.
    static let name = "rsvg-convert"
    static let override = "SUSPENDSIM_RSVG_CONVERT"

    /// The converter named by `SUSPENDSIM_RSVG_CONVERT`, or else found on `PATH`; nil when
    /// there is none that can be run.
    static func find(environment: [String: String] = ProcessInfo.processInfo.environment) -> PDFConverter? {
        if let path = environment[override] {
            return FileManager.default.isExecutableFile(atPath: path) ? PDFConverter(executable: path) : nil
        }
        for folder in (environment["PATH"] ?? "").split(separator: ":") {
            let path = String(folder) + "/" + name
            if FileManager.default.isExecutableFile(atPath: path) { return PDFConverter(executable: path) }
        }
        return nil
    }

    /// What to tell a user without the converter.
    static let hint = "no PDFs: \(name) (librsvg) was not found on PATH. Install it (Debian, Ubuntu: apt-get install "
        + "librsvg2-bin; macOS: brew install librsvg; or run scripts/setup.sh) and run the same report command again, "
        + "or convert one figure with: \(name) -f pdf -o FIGURE.pdf FIGURE.svg"

    /// Converts the SVG file at `svg` into the PDF `pdf` (whole or not at all).
    ///
    /// The converter writes the PDF to a pipe and this process writes the file: a command
    /// killed while the converter ran then leaves nothing on disk, because the converter,
    /// which outlives its parent, only meets a closed pipe. (When it wrote the partial file
    /// itself, it could create it after the next command had removed the dead command's
    /// temporaries, and the file stayed.)
    ///
    /// - Throws: `ReportWriter.Error` when the converter fails or the file cannot be written.
    func convert(svg: String, to pdf: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--format=pdf", svg]
        var environment = ProcessInfo.processInfo.environment
        environment["SOURCE_DATE_EPOCH"] = "0"
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        var bytes: Data
        do {
            try process.run()
            // Read to the end before waiting: a PDF larger than the pipe's buffer would
            // otherwise block the converter.
            bytes = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
        } catch {
            throw ReportWriter.Error("run \(Self.name) on", path: svg, code: ENOENT)
        }
        guard process.terminationStatus == 0, !bytes.isEmpty else {
            throw ReportWriter.Error("convert with \(Self.name) (exit status \(process.terminationStatus))", path: svg, code: EIO)
        }
        Self.blankDates(&bytes)
        let output = try AtomicOutput(target: pdf, kind: .file)
        do {
            try bytes.write(to: URL(fileURLWithPath: output.partial))
        } catch {
            output.discard()
            throw ReportWriter.Error("write", path: pdf, code: EIO)
        }
        try output.commit()
    }

    /// The Info dictionary's date entries (`/CreationDate (…)`, `/ModDate (…)`), each replaced by
    /// as many spaces: PDF whitespace, so that the dictionary still parses and no byte moves.
    static func blankDates(_ bytes: inout Data) {
        for key in ["/CreationDate", "/ModDate"] {
            let pattern = Data(key.utf8)
            var searchStart = bytes.startIndex
            while let found = bytes.range(of: pattern, in: searchStart..<bytes.endIndex) {
                // The entry runs to its string's closing parenthesis (dates hold no parenthesis).
                guard let open = bytes[found.upperBound...].prefix(8).firstIndex(of: UInt8(ascii: "(")),
                      let close = bytes[open...].firstIndex(of: UInt8(ascii: ")")) else { break }
                bytes.replaceSubrange(found.lowerBound...close, with: Data(repeating: UInt8(ascii: " "), count: close - found.lowerBound + 1))
                searchStart = close
            }
        }
    }
}
