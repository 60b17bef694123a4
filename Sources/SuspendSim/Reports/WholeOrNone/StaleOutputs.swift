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

/// The leftovers of a run that died without cleaning up (SIGKILL, a node lost): the hidden
/// temporary outputs `.<name>.partial-<pid>-<random>` that `AtomicOutput` builds reports in,
/// and the old folders `.<name>.old-<pid>-<random>` it moves aside while a new one goes in.
/// A run writing into the same folder removes those whose process is gone, so that a rerun
/// leaves no partial file behind.
///
/// A set's marker (`OutputSet`) left so stands for an incomplete set of top-level files: the
/// set is removed with it, and the earlier set it had moved aside put back (SPEC 35).
///
/// A partial whose process is alive is another run's work in progress (or, across hosts
/// sharing a file system, a process of the same number here): removing it could break that
/// run, so `removeStale` refuses instead, naming it. A process number that the system has
/// given since to another program (not `suspendsim`) is no run: its partials are stale.
package enum StaleOutputs {
    /// A partial that cannot be judged safe to remove.
    package struct InUse: Error, CustomStringConvertible {
        package var path: String
        package var pid: Int32
        package var description: String {
            "\(path) is being written by suspendsim (pid \(pid)) right now; wait for that run to end, or give another --out"
        }
    }

    /// How deep below `folder` partials are looked for: the batch files at the top, run
    /// folders one level down, `--details` replicate folders a level per sweep key further.
    static let depth = 8

    /// Removes the stale partials in `folder` and below; returns their paths, sorted.
    ///
    /// - Throws: `InUse` for a partial of a live `suspendsim` process other than this one;
    ///   nothing is removed then.
    package static func removeStale(in folder: String) throws(InUse) -> [String] {
        var stale: [String] = []
        var pending = [(folder, 0)]
        while let (current, level) = pending.popLast() {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: current) else { continue }
            for name in names.sorted() {
                let path = current + "/" + name
                if let pid = partialOwner(name) {
                    guard pid != getpid() else { continue }
                    if isRunningSuspendsim(pid) { throw InUse(path: path, pid: pid) }
                    stale.append(path)
                } else if !name.hasPrefix("."), level < depth, (try? ReportFileSystem.kind(of: path)) == .directory {
                    pending.append((path, level + 1))
                }
            }
        }
        // A dead command's set of top-level files that had begun to land (`OutputSet`): what
        // of it landed goes, the earlier set it kept aside is put back, then the marker; first,
        // before the leftovers, among which that earlier set's folder is listed.
        for path in stale where OutputSet.isMarker(String(path.split(separator: "/").last ?? "")) {
            OutputSet.restore(marker: path, in: ReportFileSystem.parentPath(of: path), keeping: OutputSet.keptMembers(marker: path))
        }
        for path in stale where !OutputSet.isMarker(String(path.split(separator: "/").last ?? "")) {
            // An earlier set's folder with its marker was put back above (or stays with the
            // marker when it could not be); alone, its set had been replaced whole.
            if OutputSet.isEarlierSet(String(path.split(separator: "/").last ?? "")),
               FileManager.default.fileExists(atPath: OutputSet.markerPath(earlierSet: path)) { continue }
            ReportFileSystem.removeTree(path)
        }
        return stale.sorted()
    }

    /// Removes the stale partials of the single file `target` (`-o`, `--junit`): the hidden
    /// `.<name>.partial-<pid>-<random>` beside it whose process is gone; returns their paths.
    /// Only that name is looked at, so that a file written into a large folder costs one
    /// listing of it, not a walk below it.
    package static func removeStale(of target: String) -> [String] {
        let parent = ReportFileSystem.parentPath(of: target)
        let prefix = "." + String(target.split(separator: "/").last ?? "") + ".partial-"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []
        var removed: [String] = []
        for name in names.sorted() where name.hasPrefix(prefix) {
            guard let pid = partialOwner(name), pid != getpid(), !isRunningSuspendsim(pid) else { continue }
            ReportFileSystem.removeTree(parent + "/" + name)
            removed.append(parent + "/" + name)
        }
        return removed
    }

    /// The process number in a partial's name (`.summary.csv.partial-4242-9f3a...`); nil for
    /// any other name.
    static func partialOwner(_ name: String) -> Int32? {
        guard name.hasPrefix("."),
              let range = name.range(of: ".partial-", options: .backwards) ?? name.range(of: ".old-", options: .backwards) else { return nil }
        let suffix = name[range.upperBound...].split(separator: "-")
        guard suffix.count == 2, let pid = Int32(suffix[0]), pid > 0,
              !suffix[1].isEmpty, suffix[1].allSatisfy(\.isHexDigit) else { return nil }
        return pid
    }

    /// Whether `pid` is a live `suspendsim` process. Where the program's name cannot be read
    /// (no `/proc`), any live process counts, to be safe.
    static func isRunningSuspendsim(_ pid: Int32) -> Bool {
        guard kill(pid, 0) == 0 || errno == EPERM else { return false }
        guard let name = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8) else { return true }
        return name.trimmingCharacters(in: .whitespacesAndNewlines) == "suspendsim"
    }
}
