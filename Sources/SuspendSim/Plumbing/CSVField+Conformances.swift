// The enums written to CSV columns, each numbered by an exhaustive `switch` so that a new
// case breaks the build here rather than landing on a wrong row.

extension LifecycleState: CSVField {
    var csvIndex: Int {
        switch self {
        case .notRunning: 0
        case .inactive: 1
        case .active: 2
        case .background: 3
        case .suspended: 4
        }
    }
}

extension Callback: CSVField {
    var csvIndex: Int {
        switch self {
        case .willFinishLaunching: 0
        case .didFinishLaunching: 1
        case .didBecomeActive: 2
        case .willResignActive: 3
        case .didEnterBackground: 4
        case .willEnterForeground: 5
        case .willTerminate: 6
        case .didReceiveMemoryWarning: 7
        case .performFetch: 8
        case .didReceiveRemoteNotification: 9
        case .processingTaskLaunchHandler: 10
        case .expirationHandler: 11
        case .sceneWillConnect: 12
        case .sceneDidBecomeActive: 13
        case .sceneWillResignActive: 14
        case .sceneDidEnterBackground: 15
        case .sceneWillEnterForeground: 16
        case .appRefreshLaunchHandler: 17
        case .processingLaunchHandler: 18
        case .taskExpirationHandler: 19
        }
    }
}

extension Callback.ScenePhase: CSVField {
    var csvIndex: Int {
        switch self {
        case .active: 0
        case .inactive: 1
        case .background: 2
        }
    }
}

extension KillReason: CSVField {
    var csvIndex: Int {
        switch self {
        case .memoryPressure: 0
        case .perProcessLimit: 1
        case .vmPageShortage: 2
        case .watchdog: 3
        case .backgroundTaskExpired: 4
        case .wakeTimeout: 5
        case .exitsOnSuspend: 6
        case .forceQuit: 7
        case .longIdleExit: 8
        }
    }
}

extension EventLog.TimerKind: CSVField {
    var csvIndex: Int {
        switch self {
        case .handlerDone: 0
        case .taskDone: 1
        case .taskExpired: 2
        case .wakeDone: 3
        case .watchdog: 4
        case .wakeTimeout: 5
        case .agingDone: 6
        case .taskDue: 7
        case .bgDone: 8
        case .bgExpired: 9
        }
    }
}

extension ScenarioEvent.Kind: CSVField {
    var csvIndex: Int {
        switch self {
        case .open: 0
        case .home: 1
        case .lock: 2
        case .unlock: 3
        case .alert: 4
        case .alertDismiss: 5
        case .alertReply: 6
        case .call: 7
        case .callDecline: 8
        case .callAnswer: 9
        case .callEnd: 10
        case .forceQuit: 11
        case .wake: 12
        case .startMode: 13
        case .stopMode: 14
        case .allocate: 15
        case .systemAllocate: 16
        case .charge: 17
        case .lowPower: 18
        }
    }
}

extension EventLog.PressureLevel: CSVField {
    var csvIndex: Int {
        switch self {
        case .normal: 0
        case .warning: 1
        case .critical: 2
        }
    }
}

extension EventLog.SkipReason: CSVField {
    var csvIndex: Int {
        switch self {
        case .deviceLocked: 0
        case .callRinging: 1
        case .alreadyFrontmost: 2
        case .noFrontmostApp: 3
        case .alreadyLocked: 4
        case .notLocked: 5
        case .alertAlreadyShowing: 6
        case .noAlert: 7
        case .callInProgress: 8
        case .noRingingCall: 9
        case .noCallInProgress: 10
        case .notRunning: 11
        case .modeNotDeclared: 12
        case .userTerminated: 13
        case .notRunningCode: 14
        case .modeAlreadyInUse: 15
        case .modeNotInUse: 16
        case .notFrontmost: 17
        case .alreadyInForce: 18
        case .noSuchApp: 19
        }
    }
}

extension Eviction.Trigger: CSVField {
    var csvIndex: Int {
        switch self {
        case .critical: 0
        case .idle: 1
        case .reaper: 2
        case .limit: 3
        case .pageshortage: 4
        case .timer: 5
        case .user: 6
        case .minfree: 7
        }
    }
}

extension EventLog.GrantCause: CSVField {
    var csvIndex: Int {
        switch self {
        case .refresh: 0
        case .processing: 1
        }
    }
}

extension AppProfile.TaskRequest.Kind: CSVField {
    var csvIndex: Int {
        switch self {
        case .refresh: 0
        case .processing: 1
        }
    }
}

extension EventLog.TaskRecord.Outcome: CSVField {
    var csvIndex: Int {
        switch self {
        case .completed: 0
        case .expired: 1
        case .killed: 2
        case .opened: 3
        case .replaced: 4
        case .cancelled: 5
        case .running: 6
        case .pending: 7
        }
    }
}

extension EventLog.FreezerRecord.Action: CSVField {
    var csvIndex: Int {
        switch self {
        case .freeze: 0
        case .refreeze: 1
        case .thaw: 2
        case .demote: 3
        }
    }
}
