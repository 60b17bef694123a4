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
    /// - Throws: `CommandFailure.failed` when another live `suspendsim` writes there (nothing written).
    ///
    /// - Parameter reading: the members of the top-level set the command reads (`report`'s
    ///   tables): never removed by its clean-up (`OutputSet.watch(_:keeping:)`).
    static func prepare(_ folder: String, doing what: String = "Nothing was run.", reading: Set<String> = []) throws {
        if !FileManager.default.fileExists(atPath: folder) { OutputRegistry.removeOnCloseIfEmpty(folder) }
        try removeStale(in: folder, doing: what)
        OutputSet.watch(folder, keeping: reading)
    }

    /// Clears the leftovers of a dead command in `folder` (`StaleOutputs`), saying what went;
    /// a folder another live command writes is refused.
    static func removeStale(in folder: String, doing what: String) throws {
        do {
            let removed = try StaleOutputs.removeStale(in: folder)
            if !removed.isEmpty {
                printError("note: removed \(removed.count) unfinished output(s) of a command that ended without cleaning up: "
                    + removed.map(name(of:)).joined(separator: ", "))
            }
        } catch {
            printError("error: \(error.description). \(what)")
            throw CommandFailure.failed
        }
    }

    /// Runs `body`, the command's writing into `folder`, whose top-level files land as one set
    /// (SPEC 35): once it returns, the set is whole (`OutputSet.finish`); when it throws, the
    /// set that began to land is removed, but what the command reads, as an interruption
    /// removes it: a failure at any step leaves no new file beside an earlier batch's.
    static func writingSet(in folder: String, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch {
            OutputSet.abandon(folder)
            throw error
        }
        OutputSet.finish(folder)
    }

    /// Clears the stale partials of the single file `target` (a dead command's
    /// `.<name>.partial-<pid>-<random>` beside it), saying what went; and makes an
    /// interruption remove this command's own (`Interruption`).
    static func removeStale(of target: String) {
        Interruption.cleanUpOnSignals()
        let removed = StaleOutputs.removeStale(of: target)
        if !removed.isEmpty {
            printError("note: removed \(removed.count) unfinished output(s) of a command that ended without cleaning up: "
                + removed.map(name(of:)).joined(separator: ", "))
        }
    }

    /// Refuses, before anything is written, when one of `folders` (the folders the command
    /// would replace: run folders, `figures/`) stands and is not the tool's (`FolderOwnership`):
    /// the folder named, exit 73.
    static func claim(_ folders: [String], doing what: String) throws {
        do {
            try FolderOwnership.check(folders)
        } catch {
            printError("error: \(error.description). \(what)")
            throw CommandFailure.cannotCreate
        }
    }

    /// Refuses, before anything runs, a report folder that would hold one of the command's
    /// `inputs` (a scenario named as the folder of scenario files being run, with `--out .`):
    /// replacing it would remove what is being read. Exit 73, the folder and the input named.
    static func refuseOverInputs(_ targets: [String], inputs: [String], doing what: String) throws {
        let read = inputs.map(canonical)
        for target in targets {
            let folder = canonical(target)
            if let input = zip(inputs, read).first(where: { $0.1 == folder || $0.1.hasPrefix(folder + "/") })?.0 {
                printError("error: the report folder \(target) would replace \(input), which this command reads; "
                    + "rename the scenario or give another --out. \(what)")
                throw CommandFailure.cannotCreate
            }
        }
    }

    /// The last component of `path`, a leftover `StaleOutputs` names (`<folder>/<name>`).
    private static func name(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// `path` made absolute, `.`, `..` and symbolic links resolved, to compare folders.
    private static func canonical(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
}
