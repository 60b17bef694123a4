import ArgumentParser
import SuspendSim

/// What `run` and `merge` say of a batch with `observed:` (SPEC 26 "A verdict", SPEC 27): the
/// verdict on stdout after the run lines, and a warning when the runs, which stand for days of
/// the field, do not last a day.
enum FieldVerdictLines {
    /// A day, the length of one day of MetricKit payloads (SPEC 27).
    static let dayMs: Int64 = 86_400_000

    /// Prints `folder`'s verdict, one line per scenario with `observed:`, each `verdict: ...`;
    /// nothing without one or for a shard's folder. A file that cannot be read is an error,
    /// as the page's would be.
    static func printVerdict(folder: String) throws {
        do {
            for line in try FieldVerdict.read(folder: folder)?.lines ?? [] { print("verdict: " + line) }
        } catch {
            printError("error: \(error)")
            throw CommandFailure.failed
        }
    }

    /// One warning per batch scenario with `observed:` whose runs do not last a day, naming the
    /// run length (the shortest and longest when they differ), from
    /// `BatchPlan.observedRunLengths`.
    static func runLengthWarnings(_ lengths: [(name: String, lengths: ClosedRange<Millis>)]) -> [String] {
        lengths.compactMap { name, range in
            guard range.lowerBound.count != dayMs || range.upperBound.count != dayMs else { return nil }
            let length = range.lowerBound == range.upperBound ? seconds(range.lowerBound)
                : "from \(seconds(range.lowerBound)) to \(seconds(range.upperBound))"
            return "\(name): its runs last \(length), not a day (86400 s): observed: holds the field's counts per day, "
                + "and observed.csv compares them with counts per run; give the scenario end_s: 86400, or a workload of that length (SPEC 27)"
        }
    }

    /// `57600 s`, or `0.5 s` below a second's whole.
    private static func seconds(_ time: Millis) -> String {
        time.count % 1000 == 0 ? "\(time.count / 1000) s" : "\(Double(time.count) / 1000) s"
    }
}
