/// Sweep settings (`key=value`) as chart labels (SPEC 19: no label cut off, none running into
/// another). A long key is named by its last part when the whole does not fit:
/// `app.com.example.photoeditor.suspended_mb=60` becomes `suspended_mb=60`, the whole
/// setting going into the label's `<title>`.
enum SettingLabels {
    /// `setting` with its key cut to the part after the key's last dot: `device.ram_mb=2048`
    /// gives `ram_mb=2048`; a setting without a dot in its key is returned whole.
    static func short(_ setting: String) -> String {
        guard let parts = RunFolderName.split(setting), let dot = parts.key.lastIndex(of: ".") else { return setting }
        return RunFolderName.setting(key: String(parts.key[parts.key.index(after: dot)...]), value: parts.value)
    }

    /// `parts` joined by `separator` in at most `width` pixels at `size` px: whole when it fits,
    /// else with each setting `short`, else the first part whole (a policy, a scenario) and the
    /// rest shortened keeping its end (`TextMetrics.fit`), else all of it shortened so. `title`
    /// is the whole label when what is drawn is not.
    /// `shortParts`, when given, are the parts' shorter forms (in words: `SweepValueLabels.short`).
    static func fit(_ parts: [String], separator: String, width: Double, size: Double, bold: Bool = false, shortParts given: [String]? = nil)
        -> (text: String, title: String?) {
        let whole = parts.joined(separator: separator)
        guard TextMetrics.width(whole, size: size, bold: bold) > width else { return (whole, nil) }
        let shortParts = given ?? parts.map(short)
        let head = (shortParts.first ?? "") + separator
        let room = width - TextMetrics.width(head, size: size, bold: bold)
        let rest = shortParts.dropFirst().joined(separator: separator)
        if parts.count > 1, room >= TextMetrics.width("…" + String(rest.suffix(6)), size: size, bold: bold) {
            return (head + TextMetrics.fit(rest, width: room, size: size, bold: bold, keep: .end).text, whole)
        }
        return (TextMetrics.fit(shortParts.joined(separator: separator), width: width, size: size, bold: bold, keep: .end).text, whole)
    }
}
