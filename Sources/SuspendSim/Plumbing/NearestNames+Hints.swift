#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The one-name hints of an error message: the key a mistyped key most likely meant, and the
/// nearest entry of a missing file's folder (bad input names what is wrong, SPEC 9, 35). Here,
/// beside the files, because a folder's listing is I/O, which the core does not do.
extension NearestNames {
    /// ` (did you mean 'NAME'?)` for the nearest of `candidates` to `name` (a mistyped key:
    /// bad input names what is wrong, SPEC 9, 35), empty when none is near: the hint a message puts
    /// right after the name it refuses.
    package static func didYouMean(_ name: String, among candidates: [String]) -> String {
        closest(to: name, among: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// The one candidate a mistyped `name` most likely meant: one that holds it or is held by it
    /// (`aging` and `aging_s`), when `name` has three scalars or more (a letter is held by most
    /// names), else the one at the least edit distance, at most 2 or a third of `name`'s
    /// scalars (`ram_gb` and `ram_mb`); ties in `candidates`' order; nil when none is that near.
    package static func closest(to name: String, among candidates: [String]) -> String? {
        let query = Array(name.lowercased().unicodeScalars)
        guard !query.isEmpty else { return nil }
        let limit = max(2, query.count / 3)
        var best: (rank: Int, distance: Int, name: String)?
        for candidate in candidates {
            let scalars = Array(candidate.lowercased().unicodeScalars)
            guard scalars != query else { continue }
            let distance = editDistance(query, scalars)
            let held = query.count >= 3 && (contains(scalars, query) || contains(query, scalars) && scalars.count >= 3)
            guard held || distance <= limit else { continue }
            let rank = held ? 0 : 1
            if best.map({ ($0.rank, $0.distance) > (rank, distance) }) ?? true { best = (rank, distance, candidate) }
        }
        return best?.name
    }

    /// The nearest name to `path`'s last part among the entries of its folder, as
    /// ` (did you mean 'FOLDER/NAME'?)` (the folder as `path` writes it), for a path that does
    /// not exist; empty when the folder cannot be listed or holds no near name. Hidden entries
    /// are not offered.
    package static func didYouMean(path: String) -> String {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !name.isEmpty,
              let entries = try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? (slash == nil ? "." : "/") : folder)
        else { return "" }
        let visible = entries.filter { !$0.hasPrefix(".") }.sorted()
        guard let nearest = closest(to: name, among: visible) else { return "" }
        return " (did you mean '\(slash == nil ? nearest : folder + "/" + nearest)'?)"
    }
}
