#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// The files one command writes at the top of its `--out` folder form one set (SPEC 35, "Whole
/// or none, for every command"): `summary.csv` and the tables beside it (`BatchReportFile`),
/// `index.html` and `figures/`. Each file lands whole (`AtomicOutput`), but a set lands over
/// several renames; an interruption in between must not leave old and new files mixed.
///
/// How: a command names its folder with `watch(_:)`. Just before the first file of the set is
/// put in place, a hidden marker `.batch-files.partial-<pid>-<random>` is created beside it
/// (registered with `OutputRegistry`), with a hidden folder `.batch-files.old-<pid>-<random>`
/// (the same suffix) that the earlier set goes into: every member that stands there but those
/// the command reads (SPEC 41, "One top-level set per command": the members this command does
/// not write are another command's, and would be read as this one's, an old `whatif.csv`
/// linked by the new `index.html`). The earlier set is kept, whole, until the new one is
/// complete: `finish(_:)` removes the marker once the command's last file of the set is in
/// place, then the earlier set. While the marker stands, the new set is incomplete, and it
/// goes, the earlier one put back as it was (`restore`, SPEC 35 "whole reports or none"):
/// - when the command fails (a full disk while `index.html` lands): `abandon(_:)`;
/// - on SIGINT, SIGTERM or SIGHUP: `OutputRegistry.close()`;
/// - after SIGKILL, the marker stays; `StaleOutputs.removeStale` (which every command writing
///   that folder calls first) finds its process gone and restores with it.
///
/// For tests, `SUSPENDSIM_PAUSE_BEFORE_SET=NAME` pauses the command for up to 60 s just before
/// the set's file `NAME` (`summary.csv`, `index.html`, ...; `*`: the first one) is put in
/// place, after saying so on stderr: the instant a timed signal rarely hits. And
/// `SUSPENDSIM_FAIL_BEFORE_SET=NAME:ERRNO` (`index.html:ENOSPC`; `ENOSPC`, `EDQUOT`, `EROFS`,
/// `EACCES`, `EIO`, or a number) makes putting `NAME` in place fail as the system would with
/// that error: the writer's seam for a full disk, a quota, a read-only file system.
package enum OutputSet {
    /// The marker's name before `.partial-<pid>-<random>`.
    package static let markerName = "batch-files"

    /// The names at the top of a folder that belong to the set (SPEC 41's list): the tables,
    /// the sensitivity tables of SPEC 39 by name, the page and its figures.
    package static let names: Set<String> = Set(BatchReportFile.allCases.map(\.fileName) + sensitivityTables + [indexPage, figuresFolder])
    private static let sensitivityTables = ["sensitivity_runs.csv", "sensitivity.csv", "sensitivity_whatif.csv"]
    private static let indexPage = "index.html"
    static let figuresFolder = "figures"

    private struct State {
        /// The watched folders (as given, trailing slashes dropped), with their marker once
        /// the set began to land.
        var folders: [String: String?] = [:]
        /// The members of each watched folder's set that the command reads and never removes.
        var kept: [String: Set<String>] = [:]
        var paused = false
    }

    private static let state = Mutex(State())

    /// From now on, the files of the set in `folder` land as one set. `keeping`: the members
    /// the command reads (`report` reads `summary.csv`, ...), which no clean-up of this
    /// command's set removes, now or after a SIGKILL (the marker lists them: its owner record).
    package static func watch(_ folder: String, keeping: Set<String> = []) {
        state.withLock {
            $0.folders[trimmed(folder)] = .some(nil)
            $0.kept[trimmed(folder)] = keeping
        }
    }

    /// Called by `AtomicOutput.commit()` before `target` is put in place: when `target` is a
    /// file of a watched folder's set, makes sure that the set's marker stands (creating it,
    /// registered, the first time, and then moving the members that stand there aside, but
    /// those the command reads and a `figures/` that `target` lands in: `moveAside`), then
    /// pauses when the test hook asks for it.
    ///
    /// - Throws: `ReportWriter.Error` when the marker cannot be made (ECANCELED once closing).
    static func willPutInPlace(_ target: String) throws {
        // `--out x/` gives targets `x//summary.csv`: folders compare without trailing slashes.
        let parent = trimmed(ReportFileSystem.parentPath(of: target))
        let grandparent = trimmed(ReportFileSystem.parentPath(of: parent))
        let name = lastComponent(target)
        let folder: String
        let member: String
        if names.contains(name), isWatched(parent) {
            (folder, member) = (parent, name)
        } else if lastComponent(parent) == figuresFolder, isWatched(grandparent) {
            (folder, member) = (grandparent, figuresFolder + "/" + name)
        } else {
            return
        }
        try state.withLock { state throws in
            guard case .some(.none) = state.folders[folder] else { return }
            let suffix = ReportFileSystem.uniqueSuffix()
            let marker = folder + "/." + markerName + ".partial-" + suffix
            let kept = state.kept[folder] ?? []
            // `figures/<name>`'s folder holds the file's partial: it stays.
            let staying = kept.union(member.hasPrefix(figuresFolder + "/") ? [figuresFolder] : [])
            // Under the registry's lock: a signal's clean-up finds the earlier set all moved
            // aside or not at all.
            try OutputRegistry.register(marker, as: .set(folder: folder, keeping: kept)) {
                try makeMarker(marker, listing: kept, list: keptListPath(folder: folder, suffix: suffix))
                do {
                    try ReportFileSystem.makeFolder(earlierSetPath(marker: marker))
                    try moveAside(in: folder, keeping: staying, marker: marker)
                } catch {
                    putBack(marker: marker, in: folder)
                    throw error
                }
            }
            state.folders[folder] = .some(marker)
        }
        pauseIfAsked(before: member)
        try failIfAsked(target, member: member)
    }

    /// The errors `SUSPENDSIM_FAIL_BEFORE_SET` may name, by their C names.
    private static let simulatedErrors: [String: Int32] = ["ENOSPC": ENOSPC, "EDQUOT": EDQUOT, "EROFS": EROFS, "EACCES": EACCES, "EIO": EIO]

    /// The failure seam (see the type's comment): throws the asked error for the asked member.
    private static func failIfAsked(_ target: String, member: String) throws {
        guard let asked = getenv("SUSPENDSIM_FAIL_BEFORE_SET").map({ String(cString: $0) }),
              let colon = asked.lastIndex(of: ":"), asked[..<colon] == member else { return }
        let name = String(asked[asked.index(after: colon)...])
        guard let code = simulatedErrors[name] ?? Int32(name) else { return }
        throw ReportWriter.Error("rename into place", path: target, code: code)
    }

    /// The command wrote its last file of the set in `folder`: the set is whole, its marker
    /// goes. A folder never watched, or whose set never began, is left as it is.
    package static func finish(_ folder: String) {
        let marker = state.withLock { state -> String? in
            let marker = state.folders[trimmed(folder)] ?? nil
            state.folders[trimmed(folder)] = nil
            return marker
        }
        guard let marker else { return }
        OutputRegistry.forgetSet(marker)
    }

    /// The command failed while writing the set in `folder`: what of it had landed goes, but
    /// those the command reads, the earlier set is put back, then the marker goes (a set that
    /// never began to land is left as it is).
    package static func abandon(_ folder: String) {
        let marker = state.withLock { state -> String? in
            let marker = state.folders[trimmed(folder)] ?? nil
            state.folders[trimmed(folder)] = nil
            return marker
        }
        guard let marker else { return }
        OutputRegistry.abandonSet(marker)
    }

    /// Removes every file and folder of the set at the top of `folder` (an interrupted or dead
    /// command's set, whatever of it had landed, old or new), but those the command read
    /// (`keeping`).
    static func removeSet(in folder: String, keeping: Set<String>) {
        for name in names.sorted() where !keeping.contains(name) {
            let path = folder + "/" + name
            // A `figures/` that is not the tool's (`FolderOwnership`) is somebody's own.
            if name == figuresFolder, !FolderOwnership.isReplaceable(path) { continue }
            ReportFileSystem.removeTree(path)
        }
    }

    /// The members a dead command's marker at `path` lists as read, one name a line (none in
    /// a marker of a command that reads none, or of an older version).
    static func keptMembers(marker path: String) -> Set<String> {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return Set(text.split(separator: "\n").map(String.init))
    }

    /// Makes the marker `marker`, listing `kept`, whole or not at all: the list is written
    /// under `list`, then renamed to the marker (`rename(2)` is atomic). A marker made empty
    /// and then written would, after a SIGKILL between the two, list nothing as read, and the
    /// next command's clean-up would remove the dead command's inputs with its set.
    ///
    /// - Throws: `ReportWriter.Error`; the list is removed.
    private static func makeMarker(_ marker: String, listing kept: Set<String>, list: String) throws {
        do {
            try ReportFileSystem.makeFile(list, contents: kept.sorted().map { $0 + "\n" }.joined())
            pauseIfAskedWhileMarking()
            try ReportFileSystem.rename(list, to: marker)
        } catch {
            ReportFileSystem.removeTree(list)
            throw error
        }
    }

    /// The SIGKILL test's seam: with `SUSPENDSIM_PAUSE_BEFORE_SET=.batch-files`, the command
    /// says so on stderr and pauses for up to 60 s between writing the marker's list and
    /// making it the marker (under the registry's lock: for SIGKILL only, as a signal's
    /// clean-up would wait for the lock).
    private static func pauseIfAskedWhileMarking() {
        guard getenv("SUSPENDSIM_PAUSE_BEFORE_SET").map({ String(cString: $0) }) == "." + markerName else { return }
        let line = Array("paused before putting the set's marker in place (SUSPENDSIM_PAUSE_BEFORE_SET)\n".utf8)
        _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        for _ in 0..<600 { usleep(100_000) }
    }

    /// Where a marker's list of read members is written before it is renamed to the marker
    /// (`.batch-files-kept.partial-<pid>-<random>`): a partial like any other, which the next
    /// command removes when its process is gone (`StaleOutputs`), and never a marker.
    static func keptListPath(folder: String, suffix: String) -> String {
        folder + "/." + markerName + "-kept.partial-" + suffix
    }

    /// Whether `name` is a set's marker (`.batch-files.partial-<pid>-<random>`).
    static func isMarker(_ name: String) -> Bool {
        name.hasPrefix("." + markerName + ".partial-")
    }

    /// The test hook (see the type's comment): at most once per process.
    private static func pauseIfAsked(before member: String) {
        guard let asked = getenv("SUSPENDSIM_PAUSE_BEFORE_SET").map({ String(cString: $0) }),
              asked == "*" || asked == member else { return }
        let first = state.withLock { state -> Bool in
            defer { state.paused = true }
            return !state.paused
        }
        guard first else { return }
        let line = Array("paused before putting \(member) in place (SUSPENDSIM_PAUSE_BEFORE_SET)\n".utf8)
        _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        // A signal's clean-up runs on its own thread and exits the process meanwhile.
        for _ in 0..<600 { usleep(100_000) }
    }

    private static func isWatched(_ folder: String) -> Bool {
        state.withLock { $0.folders[folder] != nil }
    }

    private static func trimmed(_ folder: String) -> String {
        var folder = folder
        while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
        return folder
    }

    private static func lastComponent(_ path: String) -> String {
        String(path.split(separator: "/").last ?? "")
    }
}
