#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The names nearest one that matched nothing, for messages that say what was probably meant:
/// SPEC 11's unknown model (`DeviceCatalog.nearestModels`), SPEC 13's trace names that match
/// no `app_name` of the trace (`ScenarioTemplate.traceWarnings`), and a library call's unknown
/// app id, policy or sweep point (`Scenario.LookupError`, `Batch.ArgumentError`).
///
/// ```swift
/// NearestNames.nearest(to: ["Spotify"], among: ["Shazam", "Spotfy", "Spotify Music"])  // ["Spotify Music", "Spotfy"]
/// ```
///
/// Names are compared case-insensitively, as Unicode scalars. The order is deterministic: the
/// same names always give the same answer.
package enum NearestNames {
    /// Up to `limit` of `candidates`, nearest first to any of `queries` (a name may be asked
    /// for in several forms: an app id and its last part):
    ///
    /// 1. a candidate equal to a query;
    /// 2. one that holds a query or is held by it (`Spotify` and `Spotify Music`): launchers
    ///    name apps by their full names, users by a short one;
    /// 3. the others, by edit distance, leaving out those that differ in more than half of the
    ///    longer name's scalars (nothing alike);
    ///
    /// inside each rank by edit distance, then in `candidates`' order.
    ///
    /// - Complexity: O(candidates × queries × name length²)
    package static func nearest(to queries: [String], among candidates: [String], limit: Int = 3) -> [String] {
        let wanted = queries.map { Array($0.lowercased().unicodeScalars) }.filter { !$0.isEmpty }
        var ranked: [(rank: Int, distance: Int, order: Int, name: String)] = []
        for (order, candidate) in candidates.enumerated() {
            let name = Array(candidate.lowercased().unicodeScalars)
            var best: (rank: Int, distance: Int)?
            for query in wanted {
                let distance = editDistance(query, name)
                let rank = query == name ? 0 : (contains(name, query) || contains(query, name)) ? 1 : 2
                if rank == 2, distance * 2 > max(query.count, name.count) { continue }
                if best.map({ ($0.rank, $0.distance) > (rank, distance) }) ?? true { best = (rank, distance) }
            }
            if let best { ranked.append((best.rank, best.distance, order, candidate)) }
        }
        return ranked.sorted { ($0.rank, $0.distance, $0.order) < ($1.rank, $1.distance, $1.order) }.prefix(limit).map(\.name)
    }

    /// ` (did you mean 'NAME'?)` for the nearest of `candidates` to `name` (a mistyped key:
    /// bad input names what is wrong, SPEC 9, 35), empty when none is near: the hint a message puts
    /// right after the name it refuses.
    static func didYouMean(_ name: String, among candidates: [String]) -> String {
        closest(to: name, among: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// The one candidate a mistyped `name` most likely meant: one that holds it or is held by it
    /// (`aging` and `aging_s`), when `name` has three scalars or more (a letter is held by most
    /// names), else the one at the least edit distance, at most 2 or a third of `name`'s
    /// scalars (`ram_gb` and `ram_mb`); ties in `candidates`' order; nil when none is that near.
    static func closest(to name: String, among candidates: [String]) -> String? {
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
    static func didYouMean(path: String) -> String {
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

    /// Levenshtein's distance between two strings of scalars: the fewest insertions, deletions
    /// and substitutions that turn one into the other.
    ///
    /// - Complexity: O(a × b) time, O(b) memory.
    package static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    /// Whether `text` holds `part` as a run of scalars.
    private static func contains(_ text: [Unicode.Scalar], _ part: [Unicode.Scalar]) -> Bool {
        guard !part.isEmpty, part.count <= text.count else { return false }
        return (0...(text.count - part.count)).contains { start in text[start..<(start + part.count)].elementsEqual(part) }
    }
}
