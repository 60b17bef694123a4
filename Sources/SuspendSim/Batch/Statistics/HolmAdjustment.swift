/// Holm's step-down adjustment of a family of p-values (SPEC 21's `p_holm`, refined): with the
/// family's m p-values sorted ascending, p₍ⱼ₎ becomes max over i ≤ j of min(1, (m − i + 1) ×
/// p₍ᵢ₎). Rows without a p-value are left out of the family and keep none. Equal p-values get
/// equal adjusted values whatever their order, so the result does not depend on row order.
enum HolmAdjustment {
    /// `pValues` adjusted within each family: rows whose `families` entries are equal form one.
    static func adjust<Family: Hashable>(_ pValues: [Double?], families: [Family]) -> [Double?] {
        precondition(pValues.count == families.count, "One family per p-value")
        var members: [Family: [Int]] = [:]
        for (index, family) in families.enumerated() where pValues[index] != nil {
            members[family, default: []].append(index)
        }
        var adjusted = [Double?](repeating: nil, count: pValues.count)
        for rows in members.values {
            let sorted = rows.sorted { (pValues[$0]!, $0) < (pValues[$1]!, $1) }
            var running = 0.0
            for (place, index) in sorted.enumerated() {
                running = max(running, min(1, Double(sorted.count - place) * pValues[index]!))
                adjusted[index] = running
            }
        }
        return adjusted
    }
}
