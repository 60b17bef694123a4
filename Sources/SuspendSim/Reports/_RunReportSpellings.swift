/// The bytes of every word a run's rows repeat, quoted once, up front (SPEC 8): the apps' ids,
/// the policy's name and each enum's spellings, so that a row costs no `String` work.
/// `CSVReportRecorder`'s row writers look them up by index.
struct RunReportSpellings {
    /// The apps' ids, by `AppIndex`.
    let appIDs: CSVFieldStorage
    /// The `policy` column of `evictions.csv`.
    let policyName: CSVStoredField
    /// Owns `policyName`'s bytes.
    private let policyNameStorage: CSVFieldStorage
    let states = CSVFieldTable<LifecycleState>()
    let callbackNames = CSVFieldTable<Callback>()
    let scenePhases = CSVFieldTable<Callback.ScenePhase>()
    let killReasons = CSVFieldTable<KillReason>()
    let killTriggers = CSVFieldTable<Eviction.Trigger>()
    let timerKinds = CSVFieldTable<EventLog.TimerKind>()
    let eventKinds = CSVFieldTable<ScenarioEvent.Kind>()
    let levels = CSVFieldTable<EventLog.PressureLevel>()
    let skipReasons = CSVFieldTable<EventLog.SkipReason>()
    let grantCauses = CSVFieldTable<EventLog.GrantCause>()
    let launchKinds = CSVFieldTable<LaunchKind>()
    let freezerActions = CSVFieldTable<EventLog.FreezerRecord.Action>()
    let taskKinds = CSVFieldTable<AppProfile.TaskRequest.Kind>()
    let taskOutcomes = CSVFieldTable<EventLog.TaskRecord.Outcome>()

    /// The spellings of `scenario`'s apps and of `policyName`, with every enum's.
    init(scenario: Scenario, policyName: String) {
        appIDs = CSVFieldStorage(scenario.apps.map { CSVFormatting.field($0.id) })
        policyNameStorage = CSVFieldStorage([CSVFormatting.field(policyName)])
        self.policyName = policyNameStorage[0]
    }
}
