extension ScenarioReader {
    /// `expect:` with SPEC 7's `evictions`, `survivors` and `by_policy` (policy name -> the
    /// same without `by_policy`), SPEC 14's `survives`, `never_killed`, `killed` and
    /// `max_pressure_kills`, SPEC 18's `observed_within_ci` and SPEC 19's `rates`. App ids must
    /// name known apps, policy names built-in policies.
    mutating func readExpectation(_ node: ScenarioNode, apps: AppList?) -> Scenario.Expectation? {
        guard let fields = fields(node, "expect", allowed: ExpectKey.names) else { return nil }
        let outcome = readOutcome(fields, apps: apps)
        let byPolicy = fields[ExpectKey.byPolicy.rawValue].map { readByPolicy($0, apps: apps) }
        guard var expectation = outcome else { return nil }
        switch byPolicy {
        case .none: break
        case .some(.none): return nil
        case .some(.some(let byPolicy)): expectation.byPolicy = byPolicy
        }
        return expectation
    }

    /// `by_policy:`: a mapping from policy names (the built-ins', the file's YAML policies')
    /// to expectations.
    private mutating func readByPolicy(_ node: ScenarioNode, apps: AppList?) -> [String: Scenario.Expectation]? {
        let path = ExpectKey.byPolicy.path
        guard let fields = fields(node, path, allowed: BuiltInPolicies.names + namedPolicies.map(\.name), noun: "policy") else { return nil }
        var byPolicy: [String: Scenario.Expectation] = [:]
        var isValid = true
        for entry in fields.entries {
            let entryPath = Self.path(path, entry.name)
            if let outcome = self.fields(entry.value, entryPath, allowed: ExpectKey.policyEntryNames)
                .flatMap({ readOutcome($0, apps: apps) })
            {
                byPolicy[entry.name] = outcome
            } else {
                isValid = false
            }
        }
        return isValid ? byPolicy : nil
    }

    /// The assertions of checked fields, with the line each was written on; each key's value
    /// goes where `ExpectKey`'s row says (`by_policy` is read by `readExpectation`).
    private mutating func readOutcome(_ fields: Fields, apps: AppList?) -> Scenario.Expectation? {
        var expectation = Scenario.Expectation()
        var isValid = true
        for entry in fields.entries {
            guard let key = ExpectKey.byName[entry.name], key != .byPolicy else { continue }
            let field = Self.path(fields.path, entry.name)
            if let line = entry.key.line { expectation.lines[entry.name] = line }
            switch key.target {
            case .apps(let keyPath):
                if let ids = appIDs(entry.value, field, apps: apps) { expectation[keyPath: keyPath] = ids } else { isValid = false }
            case .count(let keyPath):
                if let count = nonNegativeInteger(entry.value, field) { expectation[keyPath: keyPath] = count } else { isValid = false }
            case .flag(let keyPath):
                if let value = bool(entry.value, field) { expectation[keyPath: keyPath] = value } else { isValid = false }
            case .rates:
                if let rates = rateBounds(entry.value, field, apps: apps, lines: &expectation.lines) {
                    expectation.rates = rates
                } else {
                    isValid = false
                }
            case .byPolicy:
                break
            }
        }
        return isValid ? expectation : nil
    }

    /// A whole number from 0 to 2^31 − 1 (SPEC 35: a count); nil, reported, otherwise.
    private mutating func nonNegativeInteger(_ node: ScenarioNode, _ field: String) -> Int? {
        guard let value = number(node, field) else { return nil }
        // As `replicates:` reads its count.
        guard !value.isNegative, value.isWhole, let scaled = value.scaled(byPowerOfTen: 0, limit: InputLimits.count) else {
            report(node, field, "must be a whole number from 0 to \(InputLimits.count), got \(node.summary)")
            return nil
        }
        return Int(scaled)
    }

    /// A list of known app ids.
    private mutating func appIDs(_ node: ScenarioNode, _ field: String, apps: AppList?) -> [String]? {
        guard let items = list(node, field) else { return nil }
        var ids: [String] = []
        var isValid = true
        for (index, item) in items.enumerated() {
            let itemField = Self.path(field, index)
            if let id = string(item, itemField), apps != nil, appIndex(item, itemField, in: apps) != nil {
                ids.append(id)
            } else {
                isValid = false
            }
        }
        return isValid ? ids : nil
    }

    // MARK: - Rates (SPEC 19)

    /// `rates:`: per rate of `survival.csv` (`never_killed_rate`, `launched_survival_rate`,
    /// `survival_rate`), a mapping of known app ids to bounds, in file order. Each app entry's
    /// line goes into `lines` under its `RateBound.lineKey`, so that a failure names it.
    private mutating func rateBounds(
        _ node: ScenarioNode, _ field: String, apps: AppList?, lines: inout [String: Int]
    ) -> [Scenario.Expectation.RateBound]? {
        let rateNames = Scenario.Expectation.Rate.allCases.map(\.rawValue)
        guard let rates = fields(node, field, allowed: rateNames, noun: "rate") else { return nil }
        var bounds: [Scenario.Expectation.RateBound] = []
        var isValid = true
        for rateEntry in rates.entries {
            let ratePath = Self.path(field, rateEntry.name)
            guard let rate = Scenario.Expectation.Rate(rawValue: rateEntry.name),
                  let perApp = fields(rateEntry.value, ratePath, allowed: keyNames(rateEntry.value))
            else {
                isValid = false
                continue
            }
            for appEntry in perApp.entries {
                let appPath = Self.path(ratePath, appEntry.name)
                let app = appIndex(appEntry.key, appPath, in: apps)
                guard let range = rateBound(appEntry.value, appPath), app != nil else {
                    isValid = false
                    continue
                }
                let bound = Scenario.Expectation.RateBound(rate: rate, app: appEntry.name, thousandths: range)
                bounds.append(bound)
                if let line = appEntry.key.line { lines[bound.lineKey] = line }
            }
        }
        return isValid ? bounds : nil
    }

    /// The names of a mapping's string keys (none for another node), so that `fields` checks
    /// an app-keyed mapping for duplicates and the app ids are checked one by one.
    private func keyNames(_ node: ScenarioNode) -> [String] {
        guard case .mapping(let mapping) = node else { return [] }
        return mapping.keys.compactMap { key in
            guard case .scalar(let scalar) = key else { return nil }
            return text(of: scalar)
        }
    }

    /// A bound on a rate, inclusive, in thousandths: `">= 0.8"` (800...1000), `"<= 0.2"`
    /// (0...200) or `"0.4..0.6"` (400...600), spaces allowed around the operator and `..`.
    /// Each number lies within 0...1 with at most 3 decimals (rates are judged as
    /// `survival.csv` prints them); a range's low end is at most its high end. Nil, reported
    /// at the value, otherwise.
    private mutating func rateBound(_ node: ScenarioNode, _ field: String) -> ClosedRange<Int>? {
        let form = "must be a bound such as \">= 0.8\", \"<= 0.2\" or \"0.4..0.6\" (inclusive), got \(node.summary)"
        guard case .scalar(let scalar) = node, scalar.type == .string else {
            report(node, field, form)
            return nil
        }
        let text = Self.trimmed(Substring(scalar.string))
        let parts: (low: Substring?, high: Substring?)
        if text.hasPrefix(">=") {
            parts = (text.dropFirst(2), nil)
        } else if text.hasPrefix("<=") {
            parts = (nil, text.dropFirst(2))
        } else if let dots = text.firstRange(of: "..") {
            parts = (text[..<dots.lowerBound], text[dots.upperBound...])
        } else {
            report(node, field, form)
            return nil
        }
        let low = parts.low.map { Self.rateThousandths(Self.trimmed($0)) } ?? .value(0)
        let high = parts.high.map { Self.rateThousandths(Self.trimmed($0)) } ?? .value(1000)
        switch (low, high) {
        case (.value(let low), .value(let high)):
            guard low <= high else {
                report(node, field, "must have its low end at most its high end, got \(node.summary)")
                return nil
            }
            return low...high
        case (.malformed, _), (_, .malformed):
            report(node, field, form)
        case (.tooPrecise, _), (_, .tooPrecise):
            report(node, field, "must have at most 3 decimals (rates are judged as survival.csv prints them), got \(node.summary)")
        case (.outside, _), (_, .outside):
            report(node, field, "must lie within 0..1 (a rate), got \(node.summary)")
        }
        return nil
    }

    /// What one number of a rate bound reads as.
    private enum RateNumber {
        case value(Int)
        case malformed
        case tooPrecise
        case outside
    }

    /// A number of a rate bound in thousandths. It starts with a digit or `-` and ends with a
    /// digit (so that `0...1` is not read as 0 to .1).
    private static func rateThousandths(_ text: Substring) -> RateNumber {
        guard let first = text.first, first.isASCII, first.isNumber || first == "-",
              let last = text.last, last.isASCII, last.isNumber,
              let value = DecimalQuantity(String(text))
        else { return .malformed }
        guard !value.isNegative, let thousandths = value.scaled(byPowerOfTen: 3, limit: 1 << 32), thousandths <= 1000 else {
            return .outside
        }
        return value.decimalPlaces <= 3 ? .value(Int(thousandths)) : .tooPrecise
    }

    /// `text` without leading and trailing spaces.
    private static func trimmed(_ text: Substring) -> Substring {
        let start = text.firstIndex { $0 != " " } ?? text.endIndex
        let end = text.lastIndex { $0 != " " }.map { text.index(after: $0) } ?? start
        return text[start..<end]
    }
}
