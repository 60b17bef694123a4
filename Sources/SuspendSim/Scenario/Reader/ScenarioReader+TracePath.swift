import Foundation

extension ScenarioReader {
    /// The path of `trace.file` (SPEC 13) `name`, written in the scenario file at `file`: the
    /// path that messages name, that the trace is read from and that a shard's inputs list. A
    /// string throughout, resolved as the reader always resolved it (the path of
    /// `URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent(name)`,
    /// which `TracePathTests` keeps as the oracle):
    ///
    /// - an absolute `name` is the path as written;
    /// - else `name` goes in the scenario file's folder, trailing slashes dropped. A relative
    ///   scenario path (`~/` expanded first) is taken from the working directory, with its
    ///   `.` and `..` segments and doubled slashes resolved, and so are those of `name`
    ///   (`Scenarios/../traces/t.csv` is `<cwd>/traces/t.csv`); beside an absolute scenario
    ///   path, `name` is joined as written (`/data/s/../t.csv` stays so, as the system reads it).
    static func tracePath(_ name: String, besideFile file: String) -> String {
        if name.hasPrefix("/") { return name }
        var filePath = file
        if filePath == "~" || filePath.hasPrefix("~/") { filePath = NSHomeDirectory() + filePath.dropFirst() }
        let relative = !filePath.hasPrefix("/")
        if relative {
            filePath = "/" + removingDotSegments(FileManager.default.currentDirectoryPath + "/" + filePath)
                .split(separator: "/").joined(separator: "/")
        }
        var folder = Substring(filePath)
        while folder.hasSuffix("/") { folder = folder.dropLast() }
        folder = folder[..<(folder.lastIndex(of: "/") ?? folder.startIndex)]
        while folder.hasSuffix("/") { folder = folder.dropLast() }
        var tail = Substring(name)
        while tail.hasSuffix("/") { tail = tail.dropLast() }
        let path = String(folder) + "/" + tail
        return relative ? removingDotSegments(path) : path
    }

    /// `path` (absolute) with its `.` and `..` segments resolved, a `..` at the root staying
    /// there, and no trailing slash; empty segments (`a//b`) are kept.
    private static func removingDotSegments(_ path: String) -> String {
        var kept: [Substring] = []
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        for (offset, segment) in segments.enumerated() {
            let isLast = offset == segments.count - 1
            switch segment {
            case ".": break
            case "..": if !kept.isEmpty { kept.removeLast() }
            default:
                kept.append(segment)
                continue
            }
            // A folder named last (`a/..`, `a/.`) ends with a slash, dropped below.
            if isLast { kept.append("") }
        }
        var resolved = "/" + kept.joined(separator: "/")
        while resolved.count > 1, resolved.hasSuffix("/") { resolved.removeLast() }
        return resolved
    }
}
