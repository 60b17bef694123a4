extension JetsamImport.Reading {
    /// The scenario's leading comment (SPEC 12): what was read (the release, the product and
    /// whether the catalog knows it, the page size, the processes, the free and file-backed
    /// pages), what was
    /// approximated (system memory, the background modes, the free thresholds), and the kills:
    /// those not replayed (with `--replay-kills`, a daemon's, a running app's or the frontmost
    /// app's, which the model has no band for) and, with `--replay-kills`, those replayed.
    /// Two lines on the compressor (SPEC 22, 37) say what the report's compressor held, that
    /// the scenario turns it off and how to turn it on.
    var leadingComment: [String] {
        let pages = report.memoryPages
        let product = report.product.isEmpty ? "(none)" : report.product
        var lines = [
            "Imported by `suspendsim import jetsam\(replayKills ? " --replay-kills" : "")` from \(JSONEscaping.commentSafe(stem)) (SPEC 12).",
            "Read: \(report.osVersion.isEmpty ? "no os_version" : JSONEscaping.commentSafe(report.osVersion)), product \(JSONEscaping.commentSafe(product))"
                + (memory.catalogEntry.map { " (catalog: \($0.model))" } ?? " (not in the catalog: ram_mb from the page counts)")
                + ", page size \(report.pageSize), \(report.processes.count) processes, free \(pages["free"] ?? 0) pages"
                + (pages["fileBacked"].map { ", fileBacked \($0) pages." } ?? ", no fileBacked pages."),
            "Apps: \(apps.apps.count) processes in the suspended, background, continuous or frontmost state, in report order (XNU's kill",
            "order), the frontmost app last; footprints are rpages x page size, active_mb max(rpages, lifetimeMax) x page size.",
            "Approximated: every other process (daemons, kernel_task, SpringBoard, backboardd, extensions) is system_mb;",
        ] + (memory.hasFileBacked
            ? ["reserved_mb makes free at time 0 equal the report's available pages (free + fileBacked, as jetsam counts",
               "them, SPEC 30); apps running in background use audio"]
            : ["reserved_mb makes free at time 0 equal the report's free pages (it gives no fileBacked, so the file cache is",
               "not counted, SPEC 30); apps running in background use audio"]) + [
            "(continuous) or location (a reason to run) in place of their real modes; idle_free_mb and critical_free_mb",
            replayKills
                ? "are set to free at time 0, and a system_allocate at 1 s takes what the replayed kills freed."
                : "are the defaults, lowered to free at time 0 where above it, so that time 0 kills nothing.",
        ]
        if memory.isSystemLowered {
            lines.append("Note: system memory, the apps and that free memory add up to more than the RAM (the file cache is also "
                + "inside processes' rpages): reserved_mb is 0 and system_mb is lowered by the excess to "
                + "\(ScenarioJSONWriter.mb(memory.systemKiB)) MB.")
        }
        lines += compressorLines + freezerLines
        let why = replayKills
            ? "a daemon, a running app or the frontmost app: the model has no band for it"
            : "run with --replay-kills to replay suspended apps' kills"
        for process in kills.others.map({ report.processes[$0] }) {
            lines.append("Killed, not replayed (\(why)): \(process.name) (\(JSONEscaping.commentSafe(process.reason ?? "")), states \(JSONEscaping.commentSafe(process.states.joined(separator: "+"))), "
                + "\(ScenarioJSONWriter.mb(report.kib(pages: process.residentPages))) MB).")
        }
        if replayKills {
            for app in kills.replayable {
                let process = report.processes[app.process]
                lines.append("Killed and replayed: \(app.id) (\(JSONEscaping.commentSafe(process.reason ?? "")), killDelta \(process.killDelta.map(String.init) ?? "none")).")
            }
        }
        return lines
    }

    /// The compressor's lines (SPEC 22): `memoryStatus.uncompressed` pages held in
    /// `compressorSize` pages, their ratio (`uncompressed` ÷ `compressorSize`, 2 decimals, half
    /// up) and both in MB; with either field absent or 0, the ratio is unknown. The scenario
    /// turns the compressor off (`compressor: { pool_mb: 0 }`, SPEC 37, though the release ships
    /// it): `rpages` are resident pages, already net of compression, and the compressor's pages
    /// are part of `reserved_mb`, so free at time 0 stays the report's.
    var compressorLines: [String] {
        let notOn = "It is off (compressor: { pool_mb: 0 }): rpages are already net of compression, and its pages are part of reserved_mb "
            + "(SPEC 22, 37); write compressor: {} to turn it on."
        guard let uncompressed = report.uncompressedPages, let stored = report.compressorPages, uncompressed > 0, stored > 0 else {
            let field = { (name: String, pages: Int64?) in "\(name) \(pages.map { "\($0) pages" } ?? "absent")" }
            return ["Compressor: ratio unknown (memoryStatus \(field("uncompressed", report.uncompressedPages)), "
                + "\(field("compressorSize", report.compressorPages))).", notOn]
        }
        return ["Compressor: \(uncompressed) pages uncompressed held in \(stored) pages: ratio \(JetsamReport.ratioText(uncompressed, stored)), "
            + "\(ScenarioJSONWriter.mb(report.kib(pages: uncompressed))) MB in \(ScenarioJSONWriter.mb(report.kib(pages: stored))) MB.", notOn]
    }
}

extension JetsamImport.Reading {
    /// The freezer's lines (SPEC 37): how many suspended apps the report shows frozen (in the
    /// freezer's band), and, for iOS 17.4 or later, that the freezer is off so that time 0 is
    /// the report's, and how to turn it on.
    var freezerLines: [String] {
        let frozen = apps.apps.filter(isFrozen).count
        var lines = ["Freezer: \(frozen) suspended app\(frozen == 1 ? "" : "s") in the freezer's band "
            + "(\(PlatformProfile(ios: report.iosVersion).jetsamBands.freezer)) written frozen: true."]
        if Self.freezesByDefault(report.iosVersion) {
            lines.append("It is off (freezer: { max_frozen: 0 }) so that the time-0 check is the report's; write freezer: {} to turn it on.")
        }
        return lines
    }
}

extension JetsamReport {
    /// `numerator ÷ denominator` (both positive) to 2 decimals, half up, in exact integers
    /// (`111200 ÷ 28754` -> `3.87`).
    static func ratioText(_ numerator: Int64, _ denominator: Int64) -> String {
        let hundredths = (numerator * 200 + denominator) / (2 * denominator)
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
