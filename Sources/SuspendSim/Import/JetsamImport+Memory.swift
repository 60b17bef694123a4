extension JetsamImport {
    /// The device's memory figures at the report's instant (SPEC 12, 16).
    ///
    /// The RAM is the catalog's for the report's product, else the sum of the report's page
    /// counts (`free`, `active`, `inactive`, `speculative`, `throttled`, `wired`). Every
    /// process that is not an app is `system_mb`. Free memory is XNU's available pages
    /// (`memorystatus_available_pages`, SPEC 30): free at time 0 is (`memoryPages.free` +
    /// `memoryPages.fileBacked`) × `pageSize`, `free` alone when the report has no
    /// `fileBacked`; `reserved_mb` is what makes free at time 0 equal that. When system
    /// memory, the apps and that free memory add up to more than the RAM (the file cache is
    /// also inside processes' `rpages`), `reserved_mb` is 0 and `system_mb` is lowered by the
    /// excess (to 0 at least).
    /// `idle_free_mb` and `critical_free_mb` are the defaults for the RAM lowered to free at
    /// time 0 where above it, so that time 0 kills nothing; with `--replay-kills`, both are
    /// free at time 0, so that the replayed `system_allocate` evicts at once.
    struct Memory {
        /// The catalog's entry for the report's product, if the catalog knows it.
        var catalogEntry: DeviceCatalog.Entry?
        var ramKiB: KiB
        var freeKiB: KiB
        var systemKiB: KiB
        var reservedKiB: KiB
        var idleFreeKiB: KiB
        var criticalFreeKiB: KiB
        /// Whether system memory, the apps and free memory exceeded the RAM, so that
        /// `systemKiB` was lowered.
        var isSystemLowered = false
        /// Whether the report gives `memoryPages.fileBacked`, counted in free (SPEC 30).
        var hasFileBacked: Bool

        init(_ report: JetsamReport, apps: Classification, replayKills: Bool) {
            let pages = report.memoryPages
            let countedPages = ["free", "active", "inactive", "speculative", "throttled", "wired"].reduce(0) { $0 + (pages[$1] ?? 0) }
            catalogEntry = DeviceCatalog.shipped.entry(product: report.product)
            ramKiB = catalogEntry.map { KiB.mb(Double($0.ramMB)) } ?? report.kib(pages: countedPages)
            hasFileBacked = pages["fileBacked"] != nil
            freeKiB = report.kib(pages: (pages["free"] ?? 0) + (pages["fileBacked"] ?? 0))
            let appsKiB = apps.apps.reduce(KiB.zero) { $0 + report.kib(pages: report.processes[$1.process].residentPages) }
            systemKiB = report.kib(pages: apps.systemPages)
            reservedKiB = ramKiB - systemKiB - appsKiB - freeKiB
            if reservedKiB < .zero {
                systemKiB = max(.zero, systemKiB + reservedKiB)
                reservedKiB = .zero
                isSystemLowered = true
            }
            let defaults = Device(ramKiB: ramKiB)
            idleFreeKiB = replayKills ? freeKiB : min(defaults.idleFreeKiB, freeKiB)
            criticalFreeKiB = replayKills ? freeKiB : min(defaults.criticalFreeKiB, freeKiB)
        }
    }
}
