extension Scenario {
    /// What a scenario's file gave, as opposed to the defaults its run took (SPEC 36: "the
    /// run took that default: the file, `--set` and the sweep did not set the key"). The
    /// reader fills it; the engine never reads it.
    package struct Given: Sendable, Hashable {
        /// Every key given, as a dotted path: `device.ram_mb`, `device.compressor.ratio`,
        /// `device.lmkd.minfree`, `workload.dwell_s`, and an app's as `app.<id>.<key>`. A
        /// `--set` or sweep value is given like the file's own.
        package var keys: Set<String> = []
        /// Whether `apps:` includes the bundled typical day (`include: typical-day`, SPEC 7):
        /// the `applies` atom `apps include typical-day`.
        package var includesTypicalDayApps = false
        /// Whether `workload:` is the typical day (SPEC 38): the atom `workload typical-day`.
        package var typicalDayWorkload = false

        package init() {}
    }
}
