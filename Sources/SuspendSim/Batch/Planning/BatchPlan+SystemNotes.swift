/// The note `run` and `check` print on stderr before their run lines (SPEC 30), once for each
/// scenario file whose system memory is the catalog's estimate.
package enum SystemMemoryNote {
    /// `note: <file>: system_mb <value> for <model> is estimated (docs/validation.md)` when
    /// `device`'s system memory is `estimated`; nil otherwise.
    package static func text(file: String, device: Device) -> String? {
        guard device.systemSource == .estimated, let model = device.model else { return nil }
        return "note: \(file): system_mb \(CSVFormatting.mbText(device.systemKiB)) for \(model) is estimated (docs/validation.md)"
    }
}

extension BatchPlan {
    /// `SystemMemoryNote`'s notes, one per scenario file, in the plan's order. The value is
    /// that of the file's first point with an estimated system memory (a sweep of `ram_mb`
    /// scales it).
    package var systemMemoryNotes: [String] {
        entries.compactMap { entry in
            entry.points.scenarios.lazy.compactMap { SystemMemoryNote.text(file: entry.path, device: $0.device) }.first
        }
    }
}
