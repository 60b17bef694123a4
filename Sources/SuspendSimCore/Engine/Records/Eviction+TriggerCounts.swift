extension Eviction {
    /// One app's terminations counted by `trigger` (the `trigger` column of `evictions.csv`,
    /// SPEC 14, 16): a run's rows of that app with each trigger, kept whether or not the run
    /// writes `evictions.csv`, so that a batch's `survival.csv` reports kills by mechanism
    /// (SPEC 41). Stored fields, not an array or a dictionary, so that an outcome holds them
    /// without a heap allocation; the subscript's `switch` is exhaustive, so a trigger added
    /// later must be given its field.
    public struct TriggerCounts: Sendable, Hashable {
        private var critical = 0
        private var idle = 0
        private var minfree = 0
        private var reaper = 0
        private var limit = 0
        private var pageshortage = 0
        private var timer = 0
        private var user = 0

        /// Every trigger at 0.
        public init() {}

        /// The count of `trigger`.
        public subscript(trigger: Trigger) -> Int {
            get {
                switch trigger {
                case .critical: critical
                case .idle: idle
                case .minfree: minfree
                case .reaper: reaper
                case .limit: limit
                case .pageshortage: pageshortage
                case .timer: timer
                case .user: user
                }
            }
            set {
                switch trigger {
                case .critical: critical = newValue
                case .idle: idle = newValue
                case .minfree: minfree = newValue
                case .reaper: reaper = newValue
                case .limit: limit = newValue
                case .pageshortage: pageshortage = newValue
                case .timer: timer = newValue
                case .user: user = newValue
                }
            }
        }

        /// Adds `more`'s counts, trigger by trigger.
        public static func += (total: inout TriggerCounts, more: TriggerCounts) {
            for trigger in Trigger.allCases { total[trigger] += more[trigger] }
        }
    }
}
