/// `suspendsim import jetsam`: a JetsamEvent report turned into a scenario (SPEC 12, 16).
///
/// The device is the report's (`model` through the catalog when its product is known, else
/// `ram_mb` from the page counts; `ios` from `os_version`), the apps are its app processes in
/// its order (the order XNU would kill them: ascending priority, oldest first), listed in
/// `initial:` with the frontmost app last, and everything else is system memory, so that free
/// memory at time 0 is the report's free pages to the KiB. With `replayKills`, the suspended
/// apps the report killed become `expect.evictions`, and one `system_allocate` at 1 s takes
/// back what their deaths freed, so that `check` says whether a policy reproduces the real
/// kill order.
///
/// The import is four steps, one job each: `Classification` sorts the processes into apps and
/// system memory, `Memory` computes the device's figures, `Kills` orders the report's kills,
/// and `Reading.document` builds the scenario document with its leading comment, which
/// `ScenarioYAMLWriter` writes.
package enum JetsamImport {
    /// Processes that are never apps, whatever their states (SPEC 12).
    static let systemProcesses: Set<String> = ["SpringBoard", "backboardd", "launchd", "kernel_task"]

    /// The scenario's text, with a leading comment saying what was read and approximated.
    package static func scenarioText(_ report: JetsamReport, file: String, replayKills: Bool) -> String {
        let apps = Classification(report)
        let reading = Reading(
            report: report, file: file, replayKills: replayKills, apps: apps,
            memory: Memory(report, apps: apps, replayKills: replayKills), kills: Kills(report, apps: apps))
        return ScenarioYAMLWriter.yaml(reading.document)
    }

    /// `scenarioText`, once the scenario reader has read it back (SPEC 35 "Imports write only
    /// what reads back"): a report whose file name makes a reserved scenario name
    /// (`x.csv.ips` -> `jetsam-x.csv`), say, is bad input at import, never a file `validate`
    /// then refuses.
    ///
    /// - Throws: `ImportError` with the reader's first message.
    package static func checkedScenarioText(_ report: JetsamReport, file: String, replayKills: Bool) throws(ImportError) -> String {
        let text = scenarioText(report, file: file, replayKills: replayKills)
        do {
            _ = try ScenarioLoader.parse(text, path: "the imported scenario")
        } catch {
            let first = error.diagnostics.first.map { "\($0.field.isEmpty ? "" : "\($0.field): ")\($0.message)" } ?? "refused"
            throw ImportError(file, "the scenario it would write does not read back: \(first)")
        }
        return text
    }

    /// One report as the import read it: what the scenario document is built from.
    struct Reading {
        var report: JetsamReport
        /// The report's path, as given.
        var file: String
        var replayKills: Bool
        var apps: Classification
        var memory: Memory
        var kills: Kills

        /// The report's file name (`ios18.5-iphone14.7.ips`).
        var stem: String { file.split(separator: "/").last.map { String($0) } ?? file }
    }
}
