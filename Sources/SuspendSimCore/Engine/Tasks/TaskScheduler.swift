/// The system's side of `BGTaskScheduler` in a run (SPEC 28): the device's conditions that
/// hold requests, every request's row, and how many wait. Its rules are
/// `Simulation+TaskRequests` and `Simulation+TaskRuns`.
struct TaskScheduler {
    /// On external power (`charging`, `charge` events).
    var charging: Bool
    /// Low Power Mode (`low_power`, `low_power` events).
    var lowPower: Bool
    /// The apps that list `bg_tasks`, in scenario order: the only ones a check looks at.
    let appsWithRequests: [AppIndex]
    /// Each app's requests, by app index; empty when no app lists `bg_tasks`, so that a run
    /// without them carries nothing per app (and `AppRuntime`, copied on hot paths, stays
    /// as small as before SPEC 28).
    var apps: [AppTaskRequests]
    /// Every request's row, in submission order (`tasks.csv`).
    var records: [EventLog.TaskRecord] = []
    /// Requests waiting for a grant: with none, a check costs nothing.
    var pendingCount = 0

    /// Whether any app lists `bg_tasks`: without, no rule of SPEC 28 has anything to do.
    var isEnabled: Bool { !apps.isEmpty }

    /// The task app `index` is running, if any.
    func running(_ index: AppIndex) -> AppTaskRequests.Running? {
        apps.isEmpty ? nil : apps[index].running
    }

    init(device: Device, apps: [AppProfile]) {
        charging = device.charging
        lowPower = device.lowPower
        appsWithRequests = apps.indices.filter { !apps[$0].bgTasks.isEmpty }
        self.apps = appsWithRequests.isEmpty ? [] : Array(repeating: AppTaskRequests(), count: apps.count)
    }
}
