extension EventLog {
    /// One act of the freezer (`freezer.csv`, SPEC 37): a freeze, a refreeze, a thaw or a
    /// demotion, with what it wrote to flash (0 for a thaw or a demotion), the budget left and
    /// the number of frozen apps after it.
    public struct FreezerRecord: Sendable, Hashable {
        /// What the freezer did.
        public enum Action: String, Sendable, Hashable, CaseIterable {
            case freeze, refreeze, thaw, demote
        }

        public var timeMs: Millis
        public var app: AppIndex
        public var action: Action
        public var writtenKiB: KiB
        public var budgetLeftKiB: KiB
        public var frozenCount: Int
        /// For a thaw: its copy on flash read back, when the app was on flash; 0 otherwise.
        public var readKiB: KiB
        /// For a thaw by a warm launch from flash: what the launch waited for it (SPEC 37,
        /// `f ÷ thaw_mb_s`); 0 for any other act (a wake or a grant waits nothing).
        public var waitMs: Millis

        public init(
            timeMs: Millis, app: AppIndex, action: Action, writtenKiB: KiB, budgetLeftKiB: KiB, frozenCount: Int, readKiB: KiB,
            waitMs: Millis
        ) {
            self.timeMs = timeMs
            self.app = app
            self.action = action
            self.writtenKiB = writtenKiB
            self.budgetLeftKiB = budgetLeftKiB
            self.frozenCount = frozenCount
            self.readKiB = readKiB
            self.waitMs = waitMs
        }
    }
}
