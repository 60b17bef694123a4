/// Reading SPEC 38's typical day (`TypicalDay`): `workload: typical-day`, `workload: { include:
/// typical-day, ... }` and the `apps.typical-day` factor.
extension ScenarioReader {
    /// The `workload:` node to read: the typical day's keys in place of `typical-day`, or
    /// beside an `include: typical-day` where the mapping does not give them; any other node as
    /// it is. Nil, reported, for an `include:` other than `typical-day` and a scalar other than
    /// `typical-day` (SPEC 40).
    mutating func expandingTypicalDay(_ node: ScenarioNode) -> ScenarioNode? {
        let field = ScenarioKey.workload.rawValue
        switch node {
        case .scalar(let scalar):
            guard scalar.string == TypicalDay.name, node.isStringScalar else {
                report(node, field, "must be a mapping of workload keys or \(TypicalDay.name) (SPEC 38), got \(node.summary)")
                return nil
            }
            return typicalDayWorkload(given: [], at: scalar.position)
        case .mapping(let mapping):
            guard let include = mapping.value(forKey: TypicalDay.includeKey) else { return node }
            guard include.scalarText == TypicalDay.name, include.isStringScalar else {
                report(include, Self.path(field, TypicalDay.includeKey),
                       "a workload includes only \(TypicalDay.name), the sourced day (SPEC 38), got \(include.summary)")
                return nil
            }
            let given = mapping.pairs.filter { $0.key.scalarText != TypicalDay.includeKey }
            return typicalDayWorkload(given: given, at: include.position)
        default:
            return node
        }
    }

    /// A `workload:` mapping of `given` followed by the typical day's keys `given` does not
    /// name, those placed at `position` (where the file names the typical day); records which
    /// defaults the reading takes.
    private mutating func typicalDayWorkload(
        given: [(key: ScenarioNode, value: ScenarioNode)], at position: ScenarioNode.Position?
    ) -> ScenarioNode {
        func scalar(_ text: String) -> ScenarioNode {
            .scalar(.init(string: text, type: text.contains(".") ? .float : .int, isPlain: true, position: position))
        }
        let names = Set(given.compactMap { $0.key.scalarText })
        var pairs = given
        var taken: [String] = []
        let workloadPrefix = ScenarioKey.workload.rawValue + "."
        for key in TypicalDay.defaults.keys where !names.contains(key.name) {
            let path = workloadPrefix + key.name
            if let value = key.value {
                pairs.append((scalar(key.name), scalar(value)))
                if overrides[path] == nil { taken.append(path) }
                continue
            }
            let entries = TypicalDay.defaults.allocations
            pairs.append((scalar(key.name), .mapping(.init(pairs: entries.map { (scalar($0.name), scalar($0.value)) }, position: position))))
            taken += entries.map { path + "." + $0.name }.filter { overrides[$0] == nil }
        }
        typicalDay.workload = true
        typicalDay.workloadDefaultsTaken = taken
        return .mapping(.init(pairs: pairs, position: position))
    }

    /// `apps.typical-day`, when `--set` or the sweep gives it: a number above 0 (SPEC 38); nil
    /// when absent or wrong (reported).
    mutating func typicalDayFactor() -> DecimalQuantity? {
        typicalDay.apps = true
        guard let override = overrides[TypicalDay.factorKey] else { return nil }
        appliedOverrides.insert(TypicalDay.factorKey)
        typicalDay.factorSet = true
        given.keys.insert(TypicalDay.factorKey)
        guard let factor = number(override.node, TypicalDay.factorKey) else { return nil }
        guard !factor.isNegative, !factor.digits.isEmpty else {
            report(override.node, TypicalDay.factorKey, "must be a factor above 0, got \(override.node.summary)")
            return nil
        }
        return factor
    }

    /// `app` (an app entry the typical day brings) with the footprints it writes multiplied by
    /// `factor`, each product exact and placed at `position` (the include's), so that a product
    /// the reader refuses is reported where the file names the typical day.
    static func scaling(_ app: ScenarioNode, by factor: DecimalQuantity, at position: ScenarioNode.Position?) -> ScenarioNode {
        guard case .mapping(var mapping) = app else { return app }
        for index in mapping.pairs.indices {
            guard let name = mapping.pairs[index].key.scalarText, TypicalDay.scaledKeys.contains(name),
                  case .scalar(let scalar) = mapping.pairs[index].value, scalar.type == .int || scalar.type == .float,
                  let value = DecimalQuantity(scalar.string) else { continue }
            let product = value.multiplied(by: factor).plainText
            mapping.pairs[index].value = .scalar(.init(string: product, type: .float, isPlain: true, position: position))
        }
        return .mapping(mapping)
    }
}
