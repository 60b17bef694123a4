/// One termination of a batch run (an `evictions.csv` row, SPEC 14) with the victim's last
/// two state changes before it (`transitions.csv`'s `to` and `cause`): what
/// `explain DIR --app ID` reads, without `--details` (SPEC 41).
enum KillsColumn: String, CSVColumns {
    case app
    case timeS = "time_s"
    case state, reason, trigger
    case freeBeforeMB = "free_before_mb"
    case thresholdMB = "threshold_mb"
    case earlierS = "earlier_s"
    case earlierState = "earlier_state"
    case earlierCause = "earlier_cause"
    case lastS = "last_s"
    case lastState = "last_state"
    case lastCause = "last_cause"
}
