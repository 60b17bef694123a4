import ArgumentParser
import Foundation
import SuspendSim

extension SuspendsimCommand {
    /// `suspendsim report DIR`: write a report folder's HTML page (SPEC 15).
    struct ReportCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "report",
            abstract: "Write DIR/index.html: a self-contained HTML page of a report folder.",
            discussion: """
                DIR is a run's report folder (with survivors.csv, memory.csv, pressure.csv, \
                evictions.csv, transitions.csv and callbacks.csv) or the --out folder of a run or \
                batch (with summary.csv). A run's page draws memory over time (footprints stacked per \
                app, free memory, the warning, idle and critical thresholds from device.csv, every \
                eviction), a state timeline and the survivors table. A batch's page draws survival \
                per app with 95 % Wilson intervals, pressure kills and the hot-launch ratio per \
                point, and links to a page for every run folder under it (written too; run with \
                --details to have them). One file, inline SVG, no script: it opens offline, and the \
                same reports give the same bytes. A folder that is not a report folder exits 2.
                """
        )

        @Argument(help: ArgumentHelp("A report folder.", valueName: "dir"))
        var folder: String

        @Option(name: .shortAndLong, help: ArgumentHelp(
            "Worker threads for a batch's run pages; the output is byte-identical for any value. (default: all cores)",
            valueName: "n"))
        var jobs: Int?

        func validate() throws {
            if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1, got \(jobs).") }
        }

        func run() throws {
            Interruption.cleanUpOnSignals()
            let pages = try HTMLPages.write(folder: folder, jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
            print(HTMLPages.line(pages))
        }
    }
}

/// Writing pages from a command (`report`, `run --html`, `check --html`), with SPEC 9's exit
/// statuses: 2 for a folder that is not a report folder or a report that cannot be read, 1
/// for a page that cannot be written.
enum HTMLPages {
    /// Writes the pages of `folder`; prints the problem and exits on failure.
    static func write(folder: String, jobs: Int) throws -> [String] {
        do {
            return try HTMLReport.write(folder: folder, jobs: jobs)
        } catch let error as HTMLReport.Error {
            printError("error: \(error)")
            throw ScenarioBatchLoader.invalidInputStatus
        } catch {
            printError("error: \(error)")
            throw ExitCode.failure
        }
    }

    /// "html: Reports/index.html" or "html: Reports/index.html and 12 run pages".
    static func line(_ pages: [String]) -> String {
        guard let first = pages.first else { return "html: no page written" }
        let runs = pages.count - 1
        return "html: \(first)" + (runs > 0 ? " and \(runs) run page\(runs == 1 ? "" : "s")" : "")
    }
}
