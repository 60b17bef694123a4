extension Eviction {
    /// One app's terminations counted by `trigger` (the `trigger` column of `evictions.csv`,
    /// SPEC 14, 16): a run's rows of that app with each trigger, kept whether or not the run
    /// writes `evictions.csv`, so that a batch's `survival.csv` reports kills by mechanism
    /// (SPEC 41). Stored fields, not an array or a dictionary, so that an outcome holds them
    /// without a heap allocation; the subscript's `switch` is exhaustive, so a trigger added
    /// later must be given its field.
    public struct TriggerCounts: Sendable, Hashable {
        private var critical: Int
        private var idle: Int
        private var minfree: Int
        private var reaper: Int
        private var limit: Int
        private var pageshortage: Int
        private var timer: Int
        private var user: Int

        /// Every trigger at 0. Every field is named here, so that a field added later cannot be
        /// left out of the start of a run.
        public init() {
            critical = 0
            idle = 0
            minfree = 0
            reaper = 0
            limit = 0
            pageshortage = 0
            timer = 0
            user = 0
        }

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
