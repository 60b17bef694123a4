import ArgumentParser
import Foundation
import SuspendSim

/// The `--out` folder of a command that writes reports (`run`, `merge`, `report`), made ready
/// before anything is written there (SPEC 35, "Whole or none, for every command").
enum OutputFolder {
    /// Clears the leftovers of a dead command in `folder` (its hidden partial outputs, and an
    /// incomplete set of top-level files with its marker), or refuses when another command is
    /// writing there; notes a folder this command makes, so that an interruption removes it when
    /// still empty; and makes the files at its top land as one set (`OutputSet`).
    ///
    /// - Throws: `ExitCode.failure` when another live `suspendsim` writes there (nothing written).
    static func prepare(_ folder: String, doing what: String = "Nothing was run.") throws {
        if !FileManager.default.fileExists(atPath: folder) { OutputRegistry.removeOnCloseIfEmpty(folder) }
        do {
            let removed = try StaleOutputs.removeStale(in: folder)
            if !removed.isEmpty {
                printError("note: removed \(removed.count) unfinished output(s) of a command that ended without cleaning up: "
                    + removed.map { URL(fileURLWithPath: $0).lastPathComponent }.joined(separator: ", "))
            }
        } catch {
            printError("error: \(error.description). \(what)")
            throw ExitCode.failure
        }
        OutputSet.watch(folder)
    }
}
