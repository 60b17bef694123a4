@_spi(Generators) import SuspendSimCore

extension ScenarioTemplate {
    /// The note `run` prints on stderr, once per file, when the file's workload wakes apps
    /// (SPEC 13's `wakes_per_hour`): every app that declares a wake mode (`fetch`,
    /// `remote-notification`, `processing`, `newsstand-content`) is woken that many times an
    /// hour, and a wake of an app that is not running launches it into the background at its
    /// `background_mb`, which defaults to its `active_mb` (SPEC 7). Declaring `fetch` for an
    /// app's refresh task (SPEC 28) thus adds wakes too, each as costly as a launch. The note
    /// names each such app with the wakes an hour it adds and its modes, and says when its
    /// `background_mb` is its `active_mb`. Nil without a workload, wakes or such an app.
    ///
    /// The file as written: a sweep of `workload.wakes_per_hour` or of an app's keys changes the
    /// figures at its points, not the note.
    package func wakeNote() -> String? {
        guard let workload = scenario.generator as? Workload, workload.wakesPerHour > .zero else { return nil }
        let rate = Self.decimal(thousandths: workload.wakesPerHour.perThousandHours)
        let woken = scenario.apps.compactMap { app -> String? in
            let modes = app.backgroundModes.modes.filter { !$0.isContinuous }
            guard !modes.isEmpty else { return nil }
            let cost = app.backgroundKiB == app.activeKiB
                ? ", background_mb = active_mb \(Self.decimal(thousandths: (app.activeKiB.count * 1000 + 512) / 1024)) MB" : ""
            return "\(app.id) +\(rate)/h (\(modes.map(\.rawValue).joined(separator: ", "))\(cost))"
        }
        guard !woken.isEmpty else { return nil }
        return "\(path): workload.wakes_per_hour \(rate) wakes each app with a wake mode \(rate) time\(rate == "1" ? "" : "s") an hour; "
            + "a wake of an app that is not running launches it into the background at its background_mb "
            + "(docs/scenarios.md \"Apps launched into the background\"): " + woken.joined(separator: "; ")
    }

    /// `thousandths` / 1000 with up to 3 decimals and no trailing zeros (`1`, `0.5`, `1.25`).
    private static func decimal(thousandths: Int64) -> String {
        let whole = thousandths / 1000, fraction = thousandths % 1000
        guard fraction != 0 else { return String(whole) }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 3 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(whole).\(digits)"
    }
}
