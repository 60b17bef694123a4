extension Scenario {
    /// The first app index the scenario names that no app has: an event's (in timeline order),
    /// then an `initial:` entry's, then `observed`'s; nil when every index names an app.
    ///
    /// `apps` stays a plain array that a test edits in place (`apps[i].suspendedKiB = ...`)
    /// or appends to; removing apps from it can leave an event naming an index past the end.
    /// A run never traps on one: `Simulation` skips such an event (`skipped.csv` reason
    /// `noSuchApp`) and places no such `initial:` entry; `checkAppIndexes()` throws instead.
    ///
    /// - Complexity: O(events + initial)
    package var firstMissingAppIndex: AppIndex? {
        let count = apps.count
        for event in events {
            if let app = event.action.app, app < 0 || app >= count { return app }
        }
        for entry in initial where entry.app < 0 || entry.app >= count { return entry.app }
        if let app = observed?.app, app < 0 || app >= count { return app }
        return nil
    }

    /// Checks that every app index the scenario names (its events, `initial:` entries and
    /// `observed`) names one of its apps, as `append(at:_:)` checked each when it was added:
    /// call it after removing apps from `apps`, before a run that would otherwise skip the
    /// events of an app no longer there.
    ///
    /// ```swift
    /// scenario.apps.removeLast()
    /// try scenario.checkAppIndexes()   // throws when an event named the removed app
    /// ```
    ///
    /// - Throws: `Scenario.LookupError` of kind `appIndex` for the first index that no app has
    ///   (an event's, in timeline order, then an `initial:` entry's, then `observed`'s).
    /// - Complexity: O(events + initial)
    public func checkAppIndexes() throws(Scenario.LookupError) {
        if let index = firstMissingAppIndex { _ = try checked(index) }
    }
}
