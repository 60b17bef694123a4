extension Device {
    /// One kill level of a policy that kills by levels (SPEC 33): while free memory is below
    /// `freeKiB`, and no smaller level is above free, apps whose priority is at least
    /// `priority` may go. lmkd's `minfree` table (AOSP `system/memory/lmkd`, `lmkd.cpp`; the
    /// kernel lowmemorykiller's `minfree` and `adj` parameters) is such a list, one `{adj, mb}`
    /// entry a level.
    public struct KillLevel: Sendable, Hashable {
        /// The least priority (an lmkd `oom_score_adj`) that may go at this level.
        public var priority: Int
        /// The level: free memory below this sets it off.
        public var freeKiB: KiB

        public init(priority: Int, freeKiB: KiB) {
            self.priority = priority
            self.freeKiB = freeKiB
        }

        /// lmkd's levels for a 64-bit phone, whatever the RAM (SPEC 33): adj 0, 100, 200, 250,
        /// 900 and 950 at 72, 90, 108, 126, 216 and 315 MB: the kernel lowmemorykiller's
        /// `minfree` of 18432, 23040, 27648, 32256, 55296 and 80640 pages of 4 KiB that 64-bit
        /// phones above 2 GB set, and that lmkd reads as `sys.lmk.minfree_levels` under
        /// `ro.lmk.use_minfree_levels`.
        public static let lmkdDefault: [KillLevel] = [
            KillLevel(priority: 0, freeKiB: .mb(72)), KillLevel(priority: 100, freeKiB: .mb(90)),
            KillLevel(priority: 200, freeKiB: .mb(108)), KillLevel(priority: 250, freeKiB: .mb(126)),
            KillLevel(priority: 900, freeKiB: .mb(216)), KillLevel(priority: 950, freeKiB: .mb(315)),
        ]
    }
}

extension [Device.KillLevel] {
    /// The level in force at `free` (SPEC 33): the entry with the smallest level above free;
    /// nil when free is at or above every level. The list is in ascending order of level.
    public func level(atFree free: KiB) -> Device.KillLevel? {
        first { free < $0.freeKiB }
    }
}

extension Device {
    /// lmkd's settings (SPEC 33): the Android low-memory killer's kill levels.
    public struct LMKDSettings: Sendable, Hashable {
        /// The kill levels (`device.lmkd.minfree`), in ascending order of adj and of level.
        public var minfree: [Device.KillLevel] = Device.KillLevel.lmkdDefault
    }
}
