import Foundation

extension ScenarioReader {
    /// The path of `trace.file` (SPEC 13) `name`, written in the scenario file at `file`: the
    /// path that messages name, that the trace is read from and that a shard's inputs list.
    ///
    /// - an absolute `name` is the path as written;
    /// - else `name` goes in the scenario file's folder, trailing slashes dropped. A relative
    ///   scenario path (`~/` expanded first) is taken from the working directory, with its
    ///   `.` and `..` segments and doubled slashes resolved, and so are those of `name`
    ///   (`Scenarios/../traces/t.csv` is `<cwd>/traces/t.csv`); beside an absolute scenario
    ///   path, `name` is joined as written (`/data/s/../t.csv` stays so, as the system reads it).
    ///
    /// These are Foundation's rules for a file URL's path, and Foundation applies them: a
    /// copy of them by hand, to keep the path a `String` throughout, took some 50 lines
    /// that had to match `URL` quirk for quirk (docs/decisions.md).
    static func tracePath(_ name: String, besideFile file: String) -> String {
        if name.hasPrefix("/") { return name }
        return URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent(name).path
    }
}
