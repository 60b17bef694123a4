/// A key that SPEC 21's grouping pools: one of `scenario`, `policy` and the sweep columns, left
/// out of KEYS, whose values differ between the runs of a group, so that each of those groups
/// mixes runs of different settings (different RAM sizes, different policies) into one mean
/// and one interval. `trace.user` is never such a key: users are samples, and pooling them is
/// what a group is for (SPEC 21, 24).
///
/// ```swift
/// GroupPooling.pooled(table, keys: ["policy"])
/// // [GroupPooling(key: "device.ram_mb", values: ["1024", "1536", "2048"], inEveryGroup: true)]
/// ```
///
/// `description` is the warning `run --by`, `report --by` and `merge --by` print on stderr:
/// the files are what KEYS asks for, so a pooled key changes neither them nor the exit status.
package struct GroupPooling: Sendable, Hashable, CustomStringConvertible {
    /// The pooled key.
    package var key: String
    /// Its values in the group that pools the most of them, in order of first appearance (empty
    /// cells, of scenarios without the column, left out).
    package var values: [String]
    /// Whether every group pools as many values.
    package var inEveryGroup: Bool

    /// `pooling 3 values of device.ram_mb into each group (1024, 1536, 2048); add it to --by to keep them apart`
    package var description: String {
        let shown = values.count <= 6 ? values : Array(values.prefix(5)) + ["..."]
        return "pooling \(inEveryGroup ? "" : "up to ")\(values.count) values of \(key) into \(inEveryGroup ? "each group" : "a group") "
            + "(\(shown.joined(separator: ", "))); add it to --by to keep them apart"
    }

    /// The keys that grouping `table`'s runs by `keys` pools, in `table`'s column order.
    ///
    /// - Complexity: O(rows × grouping keys).
    static func pooled(_ table: SummaryTable, keys: [String]) -> [GroupPooling] {
        let keyColumns = keys.compactMap(table.column)
        let candidates = table.groupingKeys.filter { !keys.contains($0) && $0 != TraceKey.user.path }
        var groups: [[String]: Int] = [:]
        var valuesByGroup: [[[String]]] = []
        for row in table.rows {
            let combination = keyColumns.map { row[$0] }
            let group = groups[combination] ?? valuesByGroup.count
            if group == valuesByGroup.count {
                groups[combination] = group
                valuesByGroup.append(Array(repeating: [], count: candidates.count))
            }
            for (index, key) in candidates.enumerated() {
                guard let column = table.column(key) else { continue }
                let value = row[column]
                if !value.isEmpty, !valuesByGroup[group][index].contains(value) { valuesByGroup[group][index].append(value) }
            }
        }
        return candidates.indices.compactMap { index in
            let counts = valuesByGroup.map { $0[index].count }
            guard let most = counts.max(), most > 1, let widest = valuesByGroup.first(where: { $0[index].count == most }) else {
                return nil
            }
            return GroupPooling(key: candidates[index], values: widest[index], inEveryGroup: counts.allSatisfy { $0 == most })
        }
    }
}
