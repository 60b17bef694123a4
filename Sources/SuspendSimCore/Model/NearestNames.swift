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
    package static func contains(_ text: [Unicode.Scalar], _ part: [Unicode.Scalar]) -> Bool {
        guard !part.isEmpty, part.count <= text.count else { return false }
        return (0...(text.count - part.count)).contains { start in text[start..<(start + part.count)].elementsEqual(part) }
    }
}
