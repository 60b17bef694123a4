extension EventLog {
    /// The memory pressure level of `pressure.csv` (SPEC 5): `critical` below
    /// `critical_free_mb`, `warning` below `warning_free_mb`, else `normal`.
    public enum PressureLevel: String, Sendable, CaseIterable, Hashable {
        case normal, warning, critical

        /// The level of `freeKiB` on `device`.
        public init(freeKiB: KiB, device: Device) {
            if freeKiB < device.criticalFreeKiB {
                self = .critical
            } else if freeKiB < device.warningFreeKiB {
                self = .warning
            } else {
                self = .normal
            }
        }
    }
}
