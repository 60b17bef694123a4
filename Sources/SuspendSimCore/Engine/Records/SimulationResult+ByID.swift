extension SimulationResult {
    /// The outcome of the app with bundle id `id` (its `survivors.csv` row), or nil when the
    /// scenario has no such app.
    ///
    /// ```swift
    /// #expect(result.outcome(of: "com.example.mail")?.neverKilled == true)
    /// ```
    ///
    /// - Complexity: O(apps)
    public func outcome(of id: String) -> AppOutcome? {
        apps.first { $0.id == id }
    }
}

extension SimulationResult where Recorder == EventLog {
    /// The terminations of the app with bundle id `id`, in order (its rows of `evictions.csv`);
    /// empty when it was never terminated or the scenario has no such app.
    ///
    /// - Complexity: O(apps + terminations)
    public func evictions(of id: String) -> [Eviction] {
        guard let index = apps.firstIndex(where: { $0.id == id }) else { return [] }
        return log.evictions.filter { $0.who.app == index }
    }
}
