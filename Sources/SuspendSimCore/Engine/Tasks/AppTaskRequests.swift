/// An app's task requests as the system holds them (SPEC 28): at most one pending request
/// per kind, the task running now, and the rate limit's reference. Survives the app's death:
/// a system kill cancels no request (only a force-quit does), and the rate limit is the
/// system's.
struct AppTaskRequests {
    /// A submitted request waiting for its grant.
    struct Pending {
        /// Its `tasks.csv` row (`EventLog.TaskRecord.seq`); its due timer carries it as its epoch.
        var seq: Int
        var dueMs: Millis
        /// The work it will run once granted (`work_s`, else the app's `wake_work_s`).
        var workMs: Millis
        /// Processing only: it waits for a charger.
        var requiresPower: Bool
    }

    /// A granted task whose work is running (`BackgroundWork.bgTask`).
    struct Running {
        /// Its `tasks.csv` row; its `bg-done` or `bg-expired` timer carries it as its epoch.
        var seq: Int
        var kind: AppProfile.TaskRequest.Kind
    }

    var refresh: Pending?
    var processing: Pending?
    var running: Running?
    /// The instant of its last refresh grant, from which `refresh_interval_s` counts.
    var lastRefreshGrantMs: Millis?
    /// Grants so far (`survivors.csv` `refresh_runs`, `processing_runs`).
    var refreshRuns = 0
    var processingRuns = 0

    /// The pending request of `kind`.
    subscript(kind: AppProfile.TaskRequest.Kind) -> Pending? {
        get {
            switch kind {
            case .refresh: refresh
            case .processing: processing
            }
        }
        set {
            switch kind {
            case .refresh: refresh = newValue
            case .processing: processing = newValue
            }
        }
    }

    /// Whether the request whose due timer carries `epoch` (its row, `seq`) is still pending.
    func holds(epoch: UInt32) -> Bool {
        refresh.map { UInt32(truncatingIfNeeded: $0.seq) == epoch } ?? false
            || processing.map { UInt32(truncatingIfNeeded: $0.seq) == epoch } ?? false
    }
}
