extension AssumptionCondition {
    /// Whether this atom and `other` can never hold for one run: the test that no two rows of
    /// one key can hold at once (SPEC 36) asks it of every pair of their atoms.
    package func excludes(_ other: AssumptionCondition) -> Bool {
        switch (self, other) {
        case let (.ramAtMost(n), .ramAbove(m)), let (.ramAbove(m), .ramAtMost(n)): m >= n
        case let (.iosBelow(v), .iosAtLeast(w)), let (.iosAtLeast(w), .iosBelow(v)): w >= v
        case (.iosBelow, .profileClassic), (.profileClassic, .iosBelow),
             (.iosAtLeast, .profileClassic), (.profileClassic, .iosAtLeast): true
        case (.modelSet, .modelUnset), (.modelUnset, .modelSet): true
        case let (.policy(p), .policy(q)): p != q
        case (.workloadPlain, .workloadTypicalDay), (.workloadTypicalDay, .workloadPlain): true
        default: false
        }
    }
}

extension AssumptionRow {
    /// Whether this row and `other` can never be taken by one run: some atom of one excludes
    /// some atom of the other.
    package func excludes(_ other: AssumptionRow) -> Bool {
        applies.contains { atom in other.applies.contains { atom.excludes($0) } }
    }
}
