extension ScenarioReader {
    /// `sensitivity:` (SPEC 39, 40): `true`, `false`, a list of keys, or `{ keys, replicates }`
    /// (both optional; `replicates` a whole number from 1 to 2^31 − 1, default 100). A key that
    /// is not an assumption (`SensitivityRequest.isKey`), one listed twice, or an empty list is
    /// reported here; whether the batch uses and does not sweep a key is checked against the
    /// batch (`SensitivityPlan`). nil for `false` and for a value reported.
    mutating func readSensitivity(_ node: ScenarioNode) -> SensitivityRequest? {
        let field = ScenarioKey.sensitivity.rawValue
        let place = node.position.map { WhatIf.Place(line: $0.line, column: $0.column) }
        switch node {
        case .scalar(let scalar):
            guard case .bool(let value) = scalar.type else {
                report(node, field, "must be true, false, a list of keys or { keys, replicates }, got \(node.summary)")
                return nil
            }
            return value ? SensitivityRequest(place: place) : nil
        case .sequence:
            return sensitivityKeys(node, field).map { SensitivityRequest(keys: $0, place: place) }
        case .mapping:
            guard let fields = fields(node, field, allowed: SensitivityKey.names) else { return nil }
            var request = SensitivityRequest(place: place)
            var isValid = !fields.hadUnknownKey
            if let keysNode = fields[SensitivityKey.keys.rawValue] {
                if let keys = sensitivityKeys(keysNode, SensitivityKey.keys.path) { request.keys = keys } else { isValid = false }
            }
            if let countNode = fields[SensitivityKey.replicates.rawValue] {
                if let count = wholeCount(countNode, SensitivityKey.replicates.path) { request.replicates = count } else { isValid = false }
            }
            return isValid ? request : nil
        default:
            report(node, field, "must be true, false, a list of keys or { keys, replicates }, got \(node.summary)")
            return nil
        }
    }

    /// A list of keys, each an assumption (`SensitivityRequest.isKey`) and listed once; nil,
    /// reported at the entry, otherwise.
    private mutating func sensitivityKeys(_ node: ScenarioNode, _ field: String) -> [SensitivityRequest.Key]? {
        guard let items = list(node, field) else { return nil }
        guard !items.isEmpty else {
            report(node, field, "must list at least one key")
            return nil
        }
        var keys: [SensitivityRequest.Key] = []
        var isValid = true
        for (index, item) in items.enumerated() {
            let path = Self.path(field, index)
            guard let name = nonEmptyString(item, path) else {
                isValid = false
                continue
            }
            if keys.contains(where: { $0.name == name }) {
                report(item, path, "\(name) is listed twice")
                isValid = false
            } else if !SensitivityRequest.isKey(name) {
                report(item, path, "\(name) is not an assumption; \(SensitivityRequest.keyHint)")
                isValid = false
            }
            keys.append(SensitivityRequest.Key(name: name, place: item.position.map { WhatIf.Place(line: $0.line, column: $0.column) }))
        }
        return isValid ? keys : nil
    }

    /// A whole number from 1 to 2^31 − 1 (SPEC 35: `20.0` is not one); nil, reported, otherwise.
    private mutating func wholeCount(_ node: ScenarioNode, _ field: String) -> Int? {
        guard let value = number(node, field) else { return nil }
        guard !value.isNegative, value.isWhole, case .int? = node.scalarType,
              let count = value.scaled(byPowerOfTen: 0, limit: InputLimits.count), count >= 1 else {
            report(node, field, "must be a whole number from 1 to \(InputLimits.count), got \(node.summary)")
            return nil
        }
        return Int(count)
    }
}
