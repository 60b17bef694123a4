extension Scenario {
    /// What a scenario's file gave, as opposed to the defaults its run took (SPEC 36: "the
    /// run took that default: the file, `--set` and the sweep did not set the key"). The
    /// reader fills it; the engine never reads it.
    package struct Given: Sendable, Hashable {
        /// Every key given but an app's, as a dotted path: `device.ram_mb`,
        /// `device.compressor.ratio`, `device.lmkd.minfree`, `workload.dwell_s`. A `--set` or
        /// sweep value is given like the file's own.
        package var keys: Set<String> = []
        /// The keys each app listed in the file gives (its own or a `--set app.<id>.KEY`), by
        /// id, as the file names them: kept apart from `keys` so that reading many apps (every
        /// user of a trace) builds and hashes no dotted path.
        package var appKeys: [String: [String]] = [:]
        /// The keys the trace's `default_app` gives (SPEC 13), nil without one: an app the
        /// trace adds (`trace.<name>`, in no `appKeys`) gives these, and takes every other
        /// app default.
        package var traceDefaultAppKeys: [String]?
        /// The keys of a `bg_tasks` entry (SPEC 28) that some app's entry left to its default:
        /// `earliest_s`, and `requires_power` on a processing entry (`work_s` copies the app's
        /// `wake_work_s`, so it is no row of its own, SPEC 36).
        package var bgTaskDefaults: Set<String> = []
        /// Whether `apps:` includes the bundled typical day (`include: typical-day`, SPEC 7):
        /// the `applies` atom `apps include typical-day`.
        package var includesTypicalDayApps = false
        /// The ids of the apps an `include:` brought and no later entry replaced (SPEC 7), so
        /// that the page can tell the engineer's own apps from the typical day's (SPEC 41).
        package var includedAppIDs: Set<String> = []
        /// Whether `workload:` is the typical day (SPEC 38): the atom `workload typical-day`.
        package var typicalDayWorkload = false

        package init() {}

        /// Whether the app `id` gives `key` (`app.<id>.<key>`).
        package func app(_ id: String, gives key: some StringProtocol) -> Bool {
            (appKeys[id] ?? traceDefaultAppKeys)?.contains { $0 == key } ?? false
        }
    }
}
